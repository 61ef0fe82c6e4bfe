#version 450
// Descriptor indexing on buffers: a uniform-buffer array and a
// variable-count storage-buffer array, both indexed by values that differ
// between the invocations of a subgroup (nonuniformEXT).
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform U { uvec4 v[4]; } ubos[4];
layout(set = 0, binding = 1) buffer S { uint d[]; } ssbos[];

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint u = i % 4u, s = (i / 4u) % 3u;
   uint val = ubos[nonuniformEXT(u)].v[(i / 16u) % 4u].x;
   ssbos[nonuniformEXT(s)].d[i] = val + s * 1000u;
}
