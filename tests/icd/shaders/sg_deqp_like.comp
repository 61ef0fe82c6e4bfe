#version 450
// Self-checking shaders shaped like dEQP-VK.subgroups compute cases that
// agx-vk failed (issue 16), for test_subgroup_deqp.c: each invocation
// computes the expected value from the whole data buffer itself (as dEQP
// does, with the type's own min()/== and a private array of 128 results)
// and writes 1 to result[] when every check holds. Compiled once per case
// by meson: CASE 1 clustered min with cluster sizes 1 to 128 (those above
// gl_SubgroupSize skipped at run time), 2 subgroupBroadcast to a private
// array of 128, 3 inclusive/exclusive min/max scans, 4 gl_SubgroupLtMask;
// T the element type (data[] in std430). Specialization constants 0-2 are
// the workgroup size (dEQP's local_size_{x,y,z}_id).
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#if CASE == 1
#extension GL_KHR_shader_subgroup_clustered : require
#endif

layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(set = 0, binding = 0, std430) buffer Buffer1 { uint result[]; };
layout(set = 0, binding = 1, std430) buffer Buffer2 { T data[]; };

void main() {
  uvec3 globalSize = gl_NumWorkGroups * gl_WorkGroupSize;
  uint offset = globalSize.x * ((globalSize.y * gl_GlobalInvocationID.z) + gl_GlobalInvocationID.y) +
                gl_GlobalInvocationID.x;
  uint tempRes = 1u;
  uvec4 mask = subgroupBallot(true);
  uint id = gl_SubgroupInvocationID;
#if CASE == 1
  for (uint clusterSize = 1u; clusterSize <= 128u; clusterSize *= 2u) {
    // the sizes are constants after unrolling in dEQP; here a switch keeps
    // them constant for the SPIR-V
    T op;
    if (clusterSize > gl_SubgroupSize) break;
    switch (clusterSize) {
    case 1u: op = subgroupClusteredMin(data[id], 1u); break;
    case 2u: op = subgroupClusteredMin(data[id], 2u); break;
    case 4u: op = subgroupClusteredMin(data[id], 4u); break;
    case 8u: op = subgroupClusteredMin(data[id], 8u); break;
    case 16u: op = subgroupClusteredMin(data[id], 16u); break;
    case 32u: op = subgroupClusteredMin(data[id], 32u); break;
    case 64u: op = subgroupClusteredMin(data[id], 64u); break;
    default: op = subgroupClusteredMin(data[id], 128u); break;
    }
    uint clusterOffset = id & ~(clusterSize - 1u);
    T ref = data[id]; // this lane is active: min over the cluster includes it
    for (uint index = clusterOffset; index < clusterOffset + clusterSize; index++)
      if (subgroupBallotBitExtract(mask, index))
        ref = min(ref, data[index]);
    if (ref != op) tempRes = 0u;
  }
#elif CASE == 2
  T ops[128];
  T d = data[id];
#define B4(i) ops[i] = subgroupBroadcast(d, i); ops[i + 1] = subgroupBroadcast(d, i + 1); \
  ops[i + 2] = subgroupBroadcast(d, i + 2); ops[i + 3] = subgroupBroadcast(d, i + 3);
#define B16(i) B4(i) B4(i + 4) B4(i + 8) B4(i + 12)
  B16(0) B16(16)
  // constant ids past the subgroup size are never read back (dEQP has all 128)
  B16(32) B16(48) B16(64) B16(80) B16(96) B16(112)
  for (uint k = 0u; k < gl_SubgroupSize; k++)
    if (subgroupBallotBitExtract(mask, k) && ops[k] != data[k]) tempRes = 0u;
#elif CASE == 3
  T emin = subgroupExclusiveMin(data[id]), imin = subgroupInclusiveMin(data[id]);
  T emax = subgroupExclusiveMax(data[id]), imax = subgroupInclusiveMax(data[id]);
  T rmin = T(0x7fffffffffffffffl), rmax = T(0x8000000000000000ul);
#if !SIGNED
  rmin = T(~0ul);
  rmax = T(0ul);
#endif
  for (uint k = 0u; k < id; k++)
    if (subgroupBallotBitExtract(mask, k)) {
      rmin = min(rmin, data[k]);
      rmax = max(rmax, data[k]);
    }
  if (emin != rmin || emax != rmax) tempRes = 0u;
  if (imin != min(rmin, data[id]) || imax != max(rmax, data[id])) tempRes = 0u;
#else
  const uvec4 var = gl_SubgroupLtMask;
  uint bitCount = 0u;
  for (uint i = 0u; i < gl_SubgroupSize; i++)
    if ((i < id) != subgroupBallotBitExtract(var, i)) tempRes = 0u;
  for (uint i = 0u; i < 32u; i++)
    bitCount += ((var.x >> i) & 1u) + ((var.y >> i) & 1u) + ((var.z >> i) & 1u) +
                ((var.w >> i) & 1u);
  if (subgroupBallotBitCount(var) != bitCount) tempRes = 0u;
#endif
  result[offset] = tempRes;
}
