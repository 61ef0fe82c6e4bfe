#version 450
// Function calls: inout parameters, returns inside loops, nested calls.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer In { int v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { int v[]; } outb;

int find_first_multiple(int x, int m) {
  for (int k = 1; k < 100; k++) {
    for (int j = 0; j < 2; j++) {
      if ((x * k + j) % m == 0)
        return k * 10 + j;
    }
  }
  return -1;
}

void accumulate(inout int acc, int v) {
  if (v < 0) {
    acc -= v;
    return;
  }
  acc += v * 2;
}

int twice(int v) { int r = 0; accumulate(r, v); return r; }

void main() {
  uint i = gl_GlobalInvocationID.x;
  int x = inb.v[i];
  int acc = 5;
  accumulate(acc, x);
  accumulate(acc, -x);
  outb.v[i * 3u] = acc;
  outb.v[i * 3u + 1u] = find_first_multiple(x, 7);
  outb.v[i * 3u + 2u] = twice(twice(x));
}
