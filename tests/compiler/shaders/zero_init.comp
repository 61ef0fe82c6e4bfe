#version 450
// Workgroup variables with null initializers (shaderZeroInitializeWorkgroupMemory);
// built with -DNO_INIT as the control (no initializers). Each workgroup copies
// every shared word it can see to out[wg * 320 ...] (48 invocations, strided).
#extension GL_EXT_null_initializer : require
layout(local_size_x = 48) in;
struct S { uint a; float b[3]; };
#ifdef NO_INIT
#define INIT
#else
#define INIT = {}
#endif
shared uint words[300] INIT;
shared vec4 v INIT;
shared S st INIT;
shared float lone INIT;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } o;

void main() {
  uint l = gl_LocalInvocationIndex, base = gl_WorkGroupID.x * 320u;
  for (uint k = l; k < 300u; k += 48u)
    o.v[base + k] = words[k];
  if (l == 0u) {
    for (uint c = 0u; c < 4u; c++)
      o.v[base + 300u + c] = floatBitsToUint(v[c]);
    o.v[base + 304u] = st.a;
    for (uint c = 0u; c < 3u; c++)
      o.v[base + 305u + c] = floatBitsToUint(st.b[c]);
    o.v[base + 308u] = floatBitsToUint(lone);
  }
}
