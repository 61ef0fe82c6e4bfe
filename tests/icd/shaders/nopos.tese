#version 450
// test_no_position: an evaluation shader that does not write gl_Position,
// only counts its invocations (counters[2]).
layout(triangles, equal_spacing, cw) in;
layout(set = 0, binding = 0, std430) buffer Counters {
   uint counters[4];
};
void main()
{
   atomicAdd(counters[2], 1u);
}
