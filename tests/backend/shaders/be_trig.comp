#version 450
// sin/cos (and tan through them) for the back end's range-reduced
// polynomial; 16-bit variants are computed in f32 and rounded.
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { float v[]; } ina;
layout(set = 0, binding = 1) writeonly buffer O { float v[]; } outf;

void main() {
  uint i = gl_GlobalInvocationID.x;
  float x = ina.v[i];
  outf.v[i * 5u + 0u] = sin(x);
  outf.v[i * 5u + 1u] = cos(x);
  outf.v[i * 5u + 2u] = tan(x);
  outf.v[i * 5u + 3u] = float(sin(float16_t(x)));
  outf.v[i * 5u + 4u] = float(cos(float16_t(x)));
}
