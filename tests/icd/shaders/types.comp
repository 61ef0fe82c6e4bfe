#version 450
// 8/16/64-bit integers, 8/16-bit storage (fp16 only stored and converted:
// shaderFloat16 is not advertised) and scalar block layout in one dispatch
// (test_types.c computes every result on the CPU).
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 64) in;

// Arrays ordered by falling element size so the C structs match byte for
// byte; vec3 has a 12-byte stride only under the scalar layout.
layout(set = 0, binding = 0, scalar) readonly buffer In {
   i64vec4 q[64];
   float x[64];
   vec3 v[64];
   uint u[64];
   int16_t h[64];
   float16_t f[64];
   int8_t b[64];
} inp;

layout(set = 0, binding = 1, scalar) writeonly buffer Out {
   int64_t q_sum[64];   // 64-bit vec4 load, multiply/add
   int64_t f2i64[64];   // float -> int64
   uint64_t f2u64[64];  // float -> uint64 (of |x|)
   int64_t h2i64[64];   // int16 -> int64
   uint64_t b2u64[64];  // uint8 -> uint64
   int i8x3[64];        // int8 -> int32, * 3
   float b2f[64];       // int8 -> float
   float vsum[64];      // scalar-layout vec3
   float f16to32[64];   // f16 storage -> float
   uint bytes[64];      // uint -> u8vec4 bitcast
   uint repack[64];     // u16vec2 <-> uint bitcasts
   float16_t fma16[64]; // float -> f16 storage
   int16_t h3[64];      // 16-bit wrapping multiply
   int8_t f2i8[64];     // float -> int8
   uint8_t badd[64];    // 8-bit wrapping add
} outp;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   i64vec4 q = inp.q[i];
   outp.q_sum[i] = q.x + q.y * q.z - q.w;
   float x = inp.x[i];
   outp.f2i64[i] = int64_t(x);
   outp.f2u64[i] = uint64_t(abs(x));
   outp.h2i64[i] = int64_t(inp.h[i]);
   outp.b2u64[i] = uint64_t(uint8_t(inp.b[i]));
   outp.i8x3[i] = int(inp.b[i]) * 3;
   outp.b2f[i] = float(inp.b[i]);
   vec3 v = inp.v[i];
   outp.vsum[i] = v.x + 2.0 * v.y + 4.0 * v.z;
   outp.f16to32[i] = float(inp.f[i]) * 4.0 + 1.0;
   u8vec4 bv = unpack8(inp.u[i]);
   outp.bytes[i] = uint(bv.x) + 2u * uint(bv.y) + 4u * uint(bv.z) + 8u * uint(bv.w);
   u16vec2 hv = unpack16(inp.u[i]);
   outp.repack[i] = pack32(hv.yx + u16vec2(1, 2));
   outp.fma16[i] = float16_t(float(inp.f[i]) * 2.0 + 0.5);
   outp.h3[i] = inp.h[i] * int16_t(3);
   outp.f2i8[i] = int8_t(v.y);
   outp.badd[i] = uint8_t(inp.b[i]) + uint8_t(200);
}
