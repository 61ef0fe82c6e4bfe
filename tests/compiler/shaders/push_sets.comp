#version 450
// Push constants, two descriptor sets, a descriptor array, runtime array lengths.
layout(local_size_x = 16) in;
layout(push_constant) uniform PC { uint count; int bias; float fscale; uint which; } pc;
layout(set = 0, binding = 0) readonly buffer A { int v[]; } a;
layout(set = 1, binding = 2) readonly buffer B { int v[]; } bufs[2];
layout(set = 1, binding = 0) writeonly buffer O { float v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= pc.count)
    return;
  int x = a.v[i] + bufs[pc.which].v[i] * 2 + bufs[1u - pc.which].v[i];
  o.v[i] = float(x + pc.bias) * pc.fscale;
  if (i == 0u)
    o.v[47] = float(a.v.length() + bufs[1].v.length() * 1000);
}
