#version 450
// Preamble targets: a push-constant expression (dispatch-uniform, several
// instructions), a descriptor load per buffer, a uniform-indexed read of a
// read-only table (the shader writes only through `o`, so the table load
// is hoisted only if no global write exists: it does exist, so it stays),
// and a uniform value used inside a loop and an if.
layout(local_size_x = 32) in;
layout(push_constant) uniform PC { uint a; uint b; uint c; int d; uint n; } pc;
layout(set = 0, binding = 0) readonly buffer T { uint v[]; } t;
layout(set = 0, binding = 1) writeonly buffer O { uint v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint k = (pc.a * pc.b + (pc.c >> 3u)) ^ uint(pc.d * 5 - 7);
  uint m = (pc.a | 0x100u) * (pc.b + 3u) - (pc.c & 0xFFu);
  uint acc = t.v[i] * k + m;
  for (uint j = 0u; j < pc.n; j++)
    acc = acc * 3u + (k >> (j & 7u)) + t.v[pc.a & 15u];
  if (i < (pc.n * 7u + pc.b))
    acc ^= m + 1u;
  o.v[i] = acc;
}
