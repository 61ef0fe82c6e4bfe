#version 450
// Nested loops, break/continue, early return, divergent branches, do-while.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) buffer Out { uint v[]; } outb;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = inb.v[i];
  if (x == 0u) {
    outb.v[i * 4u] = 0xdeadu;
    return;
  }
  // Collatz steps, capped.
  uint n = x, steps = 0u;
  while (n != 1u) {
    if (steps >= 200u)
      break;
    if ((n & 1u) == 0u) {
      n /= 2u;
      continue;
    }
    n = 3u * n + 1u;
    steps++;
  }
  outb.v[i * 4u] = steps;
  // Nested loops with continue and break of the inner loop.
  uint s = 0u;
  for (uint a = 0u; a < (x % 7u) + 1u; a++) {
    for (uint b = 0u; b < 10u; b++) {
      if (b == a + 2u)
        break;
      if (((a + b) & 1u) == 1u)
        continue;
      s += a * 10u + b;
    }
    if (s > 1000u)
      break;
  }
  outb.v[i * 4u + 1u] = s;
  // do-while with a divergent condition
  uint k = 0u, acc = x;
  do {
    acc = acc * 1103515245u + 12345u;
    k++;
  } while ((acc >> 28) != (x & 15u) && k < 50u);
  outb.v[i * 4u + 2u] = k;
  // if/else chain
  uint r;
  if (x < 100u)
    r = x * 2u;
  else if (x < 1000u)
    r = x + 7u;
  else
    r = x ^ 0xffu;
  outb.v[i * 4u + 3u] = r;
}
