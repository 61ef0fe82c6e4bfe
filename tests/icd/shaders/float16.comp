#version 450
// fp16 arithmetic with shaderFloat16 (and the signed zero of products in
// both widths): products of zeros, frexp (denormals too), tanh, a 2x2
// matrix inverse and determinant (a singular one gives signed infinities),
// a function returning a struct of fp16 values, and ldexp down to
// denormals and zero.
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer In { f16vec4 v[]; } src;  // a, b, c, d
layout(set = 0, binding = 1) writeonly buffer Out {
   f16vec4 h[];      // 4 per invocation: see main()
} dst;
layout(set = 0, binding = 2) writeonly buffer Out32 { vec4 f[]; } dst32;
layout(set = 0, binding = 3) writeonly buffer OutExp { ivec4 e[]; } dstexp;

struct Halves { float16_t lo, hi; f16vec2 both; };

Halves split(float16_t x, float16_t y)
{
   Halves r;
   r.lo = min(x, y);
   r.hi = max(x, y);
   r.both = f16vec2(x + y, x - y);
   return r;
}

void main()
{
   uint i = gl_GlobalInvocationID.x;
   f16vec4 v = src.v[i];
   int ea, eb;
   float16_t ma = frexp(v.x, ea), mb = frexp(v.y, eb);
   f16mat2 m = f16mat2(v.x, v.y, v.z, v.w);
   f16mat2 inv = inverse(m);
   Halves s = split(v.z, v.w);
   dst.h[4 * i + 0] = f16vec4(v.x * v.y, v.z * v.w, ma, mb);
   dst.h[4 * i + 1] = f16vec4(tanh(v.x), tanh(v.z), determinant(m), s.lo);
   dst.h[4 * i + 2] = f16vec4(inv[0], inv[1]);
   dst.h[4 * i + 3] = f16vec4(s.hi, s.both, ldexp(v.x, i < 8u ? -38 - int(i) : int(i % 61u) - 40));
   vec4 f = vec4(v);
   dst32.f[i] = vec4(f.x * f.y, f.z * f.w, -f.x * f.y, f.x / f.y);
   dstexp.e[i] = ivec4(ea, eb, 0, 0);
}
