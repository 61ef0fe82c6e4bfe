#version 450
// Fragment shader of test_ms_clear_resolve: sample_mask_push.frag's mask ANDed with
// gl_SampleMaskIn, written in a loop over the mask words as dEQP-VK's
// pipeline_library...misc.other.unusual_multisample_state does: unoptimised SPIR-V indexes
// both built-in arrays with the loop counter (not a constant).
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
layout(push_constant) uniform Push {
   layout(offset = 16) uint mask;
} pc;
void main()
{
   for (int i = 0; i < 1; ++i)
      gl_SampleMask[i] = int(pc.mask) & gl_SampleMaskIn[i];
   o = colour;
}
