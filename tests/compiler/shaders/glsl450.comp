#version 450
// GLSL.std.450 built-ins and matrix operations, checked against libm.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer In { vec4 v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { float v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 a = inb.v[i * 2u], b = inb.v[i * 2u + 1u];
  uint k = i * 40u;
  float x = a.x, y = a.y;           // x in [-2, 2], y in [0.1, 4]
  o.v[k + 0u] = sin(x) + cos(y) * 2.0;
  o.v[k + 1u] = tan(x * 0.5);
  o.v[k + 2u] = asin(x * 0.4) + acos(x * 0.3);
  o.v[k + 3u] = atan(x, y) + atan(x * 3.0);
  o.v[k + 4u] = sinh(x) + cosh(x) + tanh(x * 4.0);
  o.v[k + 5u] = asinh(x) + acosh(y + 1.0) + atanh(x * 0.45);
  o.v[k + 6u] = pow(y, x) + exp(x) + log(y) + exp2(x) + log2(y);
  o.v[k + 7u] = sqrt(y) + inversesqrt(y);
  o.v[k + 8u] = radians(x * 90.0) + degrees(x);
  o.v[k + 9u] = step(0.5, x) + smoothstep(-1.0, 1.0, x) * 10.0;
  o.v[k + 10u] = fma(x, y, 0.25) + mix(vec2(x), vec2(y), 0.75).x;
  o.v[k + 11u] = mod(x * 7.0, y) + sign(x) * 100.0;
  o.v[k + 12u] = length(a.xyz) + distance(a.xy, b.xy) * 10.0;
  o.v[k + 13u] = dot(a, b);
  vec3 c = cross(a.xyz, b.xyz);
  o.v[k + 14u] = c.x;
  o.v[k + 15u] = c.y;
  o.v[k + 16u] = c.z;
  vec3 n = normalize(b.xyz);
  o.v[k + 17u] = n.x + n.y * 10.0 + n.z * 100.0;
  vec3 r = reflect(a.xyz, n);
  o.v[k + 18u] = r.x + r.y + r.z;
  o.v[k + 19u] = faceforward(a.xyz, b.xyz, a.zyx).y;
  mat3 m = mat3(a.xyz, b.xyz, vec3(x, y, 1.0));
  vec3 mv = m * b.zyx;
  vec3 vm = b.zyx * m;
  mat3 mm = m * transpose(m);
  mat2 op = outerProduct(a.xy, b.zw);
  o.v[k + 20u] = mv.x; o.v[k + 21u] = mv.y; o.v[k + 22u] = mv.z;
  o.v[k + 23u] = vm.x; o.v[k + 24u] = vm.y; o.v[k + 25u] = vm.z;
  o.v[k + 26u] = mm[0][0]; o.v[k + 27u] = mm[1][2]; o.v[k + 28u] = mm[2][1];
  o.v[k + 29u] = op[0][1] + op[1][0] * 10.0;
  mat2 ms = op * 3.0;
  o.v[k + 30u] = ms[1][1];
  o.v[k + 31u] = float(findLSB(uint(i + 8u))) + float(findMSB(int(i) - 8)) * 10.0;
  ivec2 ia = ivec2(int(x * 10.0), int(y * 10.0));
  o.v[k + 32u] = float(abs(ia.x) + sign(ia.x) * 1000 + clamp(ia.y, 5, 20) * 10000);
  o.v[k + 33u] = float(max(uvec2(i, 7u), uvec2(5u, i)).x + min(ivec2(-3, int(i)), ivec2(2)).y);
  o.v[k + 34u] = roundEven(x * 3.0) + round(y * 2.0 + 0.25) * 10.0;
  o.v[k + 35u] = fract(x * 3.0) + trunc(x * 3.0) * 10.0 + ceil(y) * 100.0;
  o.v[k + 36u] = min(x, y) + max(x, y) * 10.0 + clamp(x, -0.5, 0.5) * 100.0;
  o.v[k + 37u] = abs(x) + floor(y);
  o.v[k + 38u] = float(isinf(1.0 / (x - x)) ? 1 : 0) + float(isnan(sqrt(-y)) ? 10 : 0);
  o.v[k + 39u] = intBitsToFloat(floatBitsToInt(x) ^ int(0x80000000));
}
