#version 450
// textureGather of each component, textureGatherOffset with a constant and a dynamic offset
// (shaderImageGatherExtended), and textureGatherOffsets, on an RGBA8 2D array.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 1) uniform sampler2DArray tex;
layout(push_constant) uniform P { ivec2 off; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   // texel corners (x + 1, y + 1) of an 8x8 grid, layer i / 32
   vec3 p = vec3((vec2(i % 8u, (i / 8u) % 4u) * 2.0 + 1.0) / 16.0, float(i / 32u));
   o.v[8u * i] = textureGather(tex, p, 0);
   o.v[8u * i + 1u] = textureGather(tex, p, 1);
   o.v[8u * i + 2u] = textureGather(tex, p, 2);
   o.v[8u * i + 3u] = textureGather(tex, p, 3);
   o.v[8u * i + 4u] = textureGatherOffset(tex, p, ivec2(-2, 1), 1);
   o.v[8u * i + 5u] = textureGatherOffset(tex, p, pc.off, 0);
   o.v[8u * i + 6u] = textureGatherOffsets(tex, p, ivec2[4](ivec2(0, 0), ivec2(1, -1), ivec2(-3, 2), ivec2(7, -8)), 2);
   o.v[8u * i + 7u] = vec4(0.0);
}
