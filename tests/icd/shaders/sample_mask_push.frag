#version 450
// Fragment shader of test_ms_clear_resolve: the interpolated colour, written only to the
// samples of a mask from a push constant (a uniform, not a constant: the compiler copies it
// into a register for sample_mask).
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
layout(push_constant) uniform Push {
   layout(offset = 16) uint mask;
} pc;
void main()
{
   gl_SampleMask[0] = int(pc.mask);
   o = colour;
}
