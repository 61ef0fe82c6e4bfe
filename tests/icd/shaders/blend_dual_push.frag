#version 450
// Dual-source fragment shader of test_blend_snorm: both sources from push
// constants (location 0 index 0 and index 1).
layout(push_constant) uniform Push {
   vec4 s0;
   vec4 s1;
} pc;
layout(location = 0, index = 0) out vec4 src0;
layout(location = 0, index = 1) out vec4 src1;
void main()
{
   src0 = pc.s0;
   src1 = pc.s1;
}
