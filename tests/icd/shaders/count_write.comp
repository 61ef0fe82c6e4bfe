#version 450
// test_draw_count: writes a draw count into a buffer (word `index` = `value`),
// so the count of an indirect-count draw comes from a previous dispatch.
layout(local_size_x = 1) in;
layout(push_constant) uniform P { uint value; uint index; } p;
layout(set = 0, binding = 0) buffer B { uint data[]; } b;
void main() { b.data[p.index] = p.value; }
