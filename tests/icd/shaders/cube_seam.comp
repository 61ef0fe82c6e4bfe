#version 450
// test_cube_seam: a cube map sampled with linear filtering in directions
// given by the test (one invocation per direction).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Dirs { vec4 d[]; } dirs;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 2) uniform samplerCube tex;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   o.v[i] = textureLod(tex, dirs.d[i].xyz, 0.0);
}
