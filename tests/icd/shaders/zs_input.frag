#version 450
// Fragment shader of test_zs_input: reads the previous subpass's depth
// through a depth-only input attachment and writes it less pc.depth as the
// fragment depth (dEQP's renderpass subpass_dependencies.late_fragment_tests
// shader with a push-constant step).
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput prev;
layout(push_constant) uniform Push {
   vec4 rect;
   vec4 colour;
   float depth;
} pc;
void main()
{
   gl_FragDepth = subpassLoad(prev).x - pc.depth;
}
