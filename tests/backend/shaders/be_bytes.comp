#version 450
// 8-bit memory: i8 loads and stores, zero/sign extension to 16/32 bits,
// 8-bit add/xor/mul wrapping, truncation on store; 16-bit shifts.
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { uint8_t b[]; } ina;
layout(set = 0, binding = 1) readonly buffer S { int8_t b[]; } ins;
layout(set = 0, binding = 2) writeonly buffer O { uint v[]; } o;
layout(set = 0, binding = 3) writeonly buffer P { uint8_t b[]; } ob;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint8_t x = ina.b[i * 3u], y = ina.b[i * 3u + 1u];
  int8_t s = ins.b[i];
  o.v[i * 4u + 0u] = uint(x) + uint(y) * 1000u;
  o.v[i * 4u + 1u] = uint(int(s) + 1000);
  uint8_t w = x * y + uint8_t(7);   // wraps at 8 bits
  o.v[i * 4u + 2u] = uint(w) | (uint(uint16_t(x ^ y)) << 16);
  int16_t m = int16_t(s) * int16_t(3) + int16_t(x);
  uint16_t sh = uint16_t(y) & uint16_t(15);   // 16-bit shifts by per-lane counts
  o.v[i * 4u + 3u] = (uint(uint16_t(m >> sh)) | (uint(uint16_t(x) << sh) << 16)) ^
                     (uint(uint16_t(m) >> sh) * 7u);
  ob.b[i * 2u] = w;
  ob.b[i * 2u + 1u] = uint8_t(i * 37u + 200u);   // truncation of a 32-bit value
}
