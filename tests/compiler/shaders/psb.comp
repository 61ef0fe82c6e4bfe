#version 450
// Physical storage buffer pointers (buffer_reference) read from push constants.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 8) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { uint value; Node next; };
layout(buffer_reference, std430) buffer Floats { float v[]; };
layout(push_constant) uniform PC { Node head; Floats data; uint64_t raw; } pc;

void main() {
  uint i = gl_GlobalInvocationID.x;
  Node n = pc.head;
  uint sum = 0u;
  for (uint k = 0u; k < i; k++)
    n = n.next;
  sum = n.value;
  pc.data.v[i] = float(sum) + float(pc.raw & 0xffff) ;
  Floats f2 = Floats(uint64_t(pc.data) + 4ul * 8ul);
  f2.v[i] = float(i);
}
