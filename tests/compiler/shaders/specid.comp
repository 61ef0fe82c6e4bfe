#version 450
// Specialisation constants: workgroup size through local_size_x_id (emitted
// as OpExecutionModeId LocalSizeId for Vulkan 1.3) and a constant multiplier.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint MUL = 3u;
layout(constant_id = 2) const bool NEGATE = false;
layout(set = 0, binding = 0) writeonly buffer Out { int v[]; } o;
const uint SIZE = MUL * 2u + 1u;
void main() {
  uint i = gl_GlobalInvocationID.x;
  int r = int(i * MUL + SIZE) + int(gl_WorkGroupSize.x) * 1000;
  o.v[i] = NEGATE ? -r : r;
}
