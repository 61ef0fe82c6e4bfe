// Shared frame of the subgroup tests (test_subgroup.c): invocation g writes
// its subgroup id, lane and whether it took the divergent branch (lane bit
// of pc.pattern) to out[g*K .. g*K+2], then the branch's results from
// out[g*K+3] (0xdeadbeef where it did not run). The workgroup size is
// specialization constant 0.
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x_id = 0) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } o;
layout(push_constant) uniform P { uint pattern; } pc;
const uint K = 48u;
uint base;

void put(uint j, uint v) { o.v[base + 3u + j] = v; }
void results(uint x);

void main() {
  uint g = gl_GlobalInvocationID.x;
  base = g * K;
  bool act = ((pc.pattern >> (gl_SubgroupInvocationID & 31u)) & 1u) != 0u;
  o.v[base] = gl_SubgroupID;
  o.v[base + 1u] = gl_SubgroupInvocationID;
  o.v[base + 2u] = act ? 1u : 0u;
  for (uint j = 3u; j < K; j++)
    o.v[base + j] = 0xdeadbeefu;
  if (act)
    results(inb.v[g]);
}
