#version 450
// robustBufferAccess: descriptors bound to small ranges inside larger
// buffers, indexed past their ends (and below their starts).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint v[]; } data;    // 32 uints
layout(set = 0, binding = 1) uniform U { uvec4 u[4]; } ubo;     // 64 bytes
layout(set = 0, binding = 2) buffer Atom { uint v[]; } atom;    // 16 uints
layout(set = 0, binding = 3) writeonly buffer Out { uvec4 r[]; } outp;
layout(set = 0, binding = 4) buffer Vec { vec4 v[]; } vec;      // 3 vec4 + 8 bytes
layout(set = 0, binding = 5) buffer Nul { uint v[]; } nul;      // null with robustness2

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uvec4 r;
   r.x = data.v[i];                       // OOB for i >= 32
   r.y = ubo.u[i % 8u].y;                 // OOB for i % 8 >= 4
   r.z = atomicAdd(atom.v[i % 24u], 1u);  // OOB for i % 24 >= 16
   r.w = data.v[i - 200u] + nul.v[i];     // below the start: OOB; + 0
   nul.v[i] = 7u;
   outp.r[i] = r;
   data.v[i + 40u] = 0xdead0000u + i;     // always OOB
   if (i < 4u)
      vec.v[i] = vec4(float(i) + 0.5);    // v[3] straddles the end: OOB as a whole
}
