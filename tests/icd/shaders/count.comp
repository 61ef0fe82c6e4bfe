#version 450
// Counts its invocations with an atomic (for indirect dispatch sizes).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Counter { uint count; };
void main() { atomicAdd(count, 1u); }
