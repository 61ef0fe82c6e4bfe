#version 450
// v[i] = fibonacci(v[i]) for the first COUNT words; compiled to SPIR-V 1.4,
// which a Vulkan 1.1 application may only hand over with VK_KHR_spirv_1_4.
layout(local_size_x = 32) in;
layout(constant_id = 0) const uint COUNT = 32u;
layout(std430, binding = 0) buffer Data { uint v[]; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   if (i >= COUNT)
      return;
   uint a = 0u, b = 1u;
   for (uint k = 0u; k < v[i]; k++) {
      uint t = a + b;
      a = b;
      b = t;
   }
   v[i] = a;
}
