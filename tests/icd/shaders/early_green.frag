#version 450
// Fragment shader of test_early_sample_mask's second draw: green.
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(0.0, 1.0, 0.0, 1.0);
}
