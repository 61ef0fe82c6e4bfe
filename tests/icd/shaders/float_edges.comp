#version 450
// atan(y, x) with |x| or |y| near the top of the float range, and ldexp with
// exponents whose power of two alone overflows or flushes (ldexp(0, 128)).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { vec4 v[]; } src;   // y, x, z, intBits(e)
layout(set = 0, binding = 1) writeonly buffer Out { vec4 r[]; } dst;

void main()
{
   vec4 v = src.v[gl_GlobalInvocationID.x];
   int e = floatBitsToInt(v.w);
   vec2 l = ldexp(vec2(v.z, -v.z), ivec2(e, -e));
   dst.r[gl_GlobalInvocationID.x] = vec4(atan(v.x, v.y), l, atan(-v.x, -v.y));
}
