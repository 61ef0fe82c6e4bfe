#version 450
#extension GL_EXT_buffer_reference : require
// dst[i] = src[i] * 5 + 1 through buffer device addresses in push constants.
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint v[]; };
layout(push_constant) uniform Push { Words src; Words dst; uint n; } pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   if (i < pc.n)
      pc.dst.v[i] = pc.src.v[i] * 5u + 1u;
}
