#version 450
// dst[i] = src[i] + bias, with src in set 0 (dynamic offset) and dst in set 1.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer Src { uint src[]; };
layout(set = 1, binding = 0) readonly buffer Bias { uint bias; };
layout(set = 1, binding = 1) buffer Dst { uint dst[]; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   dst[i] = src[i] + bias;
}
