#version 450
// test_fs_deriv: implicit-LOD sampling. The coordinates grow exponentially
// with the pixel position, so the LOD the hardware derives from each 2x2
// quad rises across the screen (levels are flat colours); bias from a push
// constant.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(push_constant) uniform Push { float bias; float scale; int shift; int comp; } pc;
layout(location = 0) out vec4 colour;

void main()
{
   // f(p) = 2^(6p/64) / (6 ln 2): f'(p) = 2^(6p/64) / 64
   vec2 uv = exp2(gl_FragCoord.xy * (6.0 / 64.0)) * (1.0 / (6.0 * 0.69314718));
   colour = texture(tex, uv, pc.bias);
}
