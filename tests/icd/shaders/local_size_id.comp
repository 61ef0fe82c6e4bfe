#version 450
// Workgroup size from a specialization constant; compiled for Vulkan 1.3
// (SPIR-V 1.6), glslang declares it with OpExecutionModeId LocalSizeId,
// which needs maintenance4.
layout(local_size_x_id = 0) in;
layout(set = 0, binding = 0) buffer Out { uint data[]; } out_buf;
void main() { out_buf.data[gl_GlobalInvocationID.x] = gl_WorkGroupSize.x * 1000u + gl_GlobalInvocationID.x; }
