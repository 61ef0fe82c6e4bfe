#version 450
// VK_EXT_custom_border_color: 4x4 images sampled on an 8x8 grid of texel centres from -2 to 5
// (CLAMP_TO_BORDER: the outer ring and beyond are border), and between texels for linear
// filtering and gathers. Results per invocation: 6 vec4 slots (test_border_color.c).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { vec4 f[]; } o;
layout(set = 0, binding = 0) buffer OutI { ivec4 i[]; } oi;
layout(set = 0, binding = 0) buffer OutU { uvec4 u[]; } ou;
layout(set = 0, binding = 1) uniform sampler2D rgba8;     // nearest, float colour, with format
layout(set = 0, binding = 2) uniform texture2D bgra8;     // separate image ...
layout(set = 0, binding = 3) uniform sampler formatless;  // ... and sampler, no format
layout(set = 0, binding = 4) uniform isampler2D rgba32i;  // nearest, integer colour
layout(set = 0, binding = 5) uniform usampler2D rgba8ui;  // nearest, integer colour, no format
layout(set = 0, binding = 6) uniform sampler2D linear8;   // linear, float colour
void main()
{
   uint i = gl_GlobalInvocationID.x;
   vec2 xy = vec2(float(i % 8u) - 2.0, float(i / 8u) - 2.0);
   vec2 centre = (xy + 0.5) / 4.0, corner = (xy + 1.0) / 4.0;
   o.f[6u * i] = textureLod(rgba8, centre, 0.0);
   o.f[6u * i + 1u] = textureLod(sampler2D(bgra8, formatless), centre, 0.0);
   oi.i[6u * i + 2u] = textureLod(rgba32i, centre, 0.0);
   ou.u[6u * i + 3u] = textureLod(rgba8ui, centre, 0.0);
   o.f[6u * i + 4u] = textureLod(linear8, corner, 0.0);
   o.f[6u * i + 5u] = textureGather(linear8, corner, 1);
}
