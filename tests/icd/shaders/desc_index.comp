#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Writes through one element (chosen by a push constant) of a runtime-sized
// array of storage buffers.
layout(local_size_x = 64) in;
layout(push_constant) uniform Push { uint which; } pc;
layout(set = 0, binding = 0) buffer Out { uint data[]; } outs[];
void main() {
   uint i = gl_GlobalInvocationID.x;
   outs[pc.which].data[i] = pc.which * 1000u + i;
}
