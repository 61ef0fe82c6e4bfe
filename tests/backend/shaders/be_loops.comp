#version 450
// Divergent control flow: nested loops with break/continue inside nested
// ifs, a loop-carried swap, early return from inside a loop.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) buffer Out { uint v[]; } outb;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = inb.v[i];
  uint a = x, b = x ^ 0x55u, s = 0u;
  for (uint k = 0u; k < 40u; k++) {
    uint t = a; a = b; b = t + k;   // swap through phis
    if ((a & 3u) == 1u) {
      if (k > (x & 15u))
        break;
      continue;
    }
    for (uint j = 0u; j < k; j++) {
      if (((j ^ a) & 7u) == 3u)
        continue;
      s += j * a;
      if (s > 100000u) {
        if ((s & 1u) == 0u)
          break;
        s -= 7u;
      }
    }
  }
  outb.v[i * 4u] = a;
  outb.v[i * 4u + 1u] = b;
  // a pure swap cycle between loop-carried values
  uint p = x, q = x + 1u;
  for (uint k = 0u; k < (x & 7u); k++) {
    uint t = p; p = q; q = t;
  }
  outb.v[i * 4u + 2u] = s + p * 3u;
  uint n = x % 50u;
  while (true) {
    if (n == 0u) {
      outb.v[i * 4u + 3u] = 12345u;
      return;
    }
    if (n % 7u == 3u)
      break;
    n--;
  }
  outb.v[i * 4u + 3u] = n;
}
