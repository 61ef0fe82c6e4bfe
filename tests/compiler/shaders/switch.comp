#version 450
// switch: fallthrough, default in the middle, break, continue of an enclosing
// loop from inside a case, return from inside a case in a called function.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer In { int v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { int v[]; } outb;

int classify(int x) {
  switch (x & 7) {
  case 0:
    return 100;
  case 1:
  case 2:
    x += 10;
  case 3:
    x *= 2;
    break;
  default:
    x = -x;
    break;
  case 6:
    return 600 + x;
  }
  return x;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  int x = inb.v[i];
  int acc = 0;
  for (int k = 0; k < 8; k++) {
    switch ((x + k) % 4) {
    case 0:
      continue;
    case 1:
      acc += k;
      if (acc > 20)
        break;
      acc += 1;
    case 2:
      acc += 100;
      break;
    default:
      acc -= 1;
    }
    acc *= 2;
  }
  outb.v[i * 2u] = acc;
  outb.v[i * 2u + 1u] = classify(x);
}
