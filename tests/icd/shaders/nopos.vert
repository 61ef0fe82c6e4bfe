#version 450
// test_no_position: a vertex shader that does not write gl_Position, only
// counts its invocations (counters[0]).
layout(set = 0, binding = 0, std430) buffer Counters {
   uint counters[4];
};
void main()
{
   atomicAdd(counters[0], 1u);
}
