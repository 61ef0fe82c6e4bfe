#version 450
// Fragment shader of test_emrt_logic's early-tests scene, two attachments
// (location 1 spills at 4 samples). With -DEARLY: early fragment tests, a
// SampleMask output (samples 0 and 1) and red; without: green.
#ifdef EARLY
layout(early_fragment_tests) in;
#endif
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
void main()
{
#ifdef EARLY
   gl_SampleMask[0] = 0x3;
   o0 = o1 = vec4(1.0, 0.0, 0.0, 1.0);
#else
   o0 = o1 = vec4(0.0, 1.0, 0.0, 1.0);
#endif
}
