#version 450
// Fragment shader of test_early_sample_mask: early fragment tests and a
// SampleMask output (samples 0 and 1), red.
layout(early_fragment_tests) in;
layout(location = 0) out vec4 o;
void main()
{
   gl_SampleMask[0] = 0x3;
   o = vec4(1.0, 0.0, 0.0, 1.0);
}
