#version 450
// Fragment shader of test_emrt_logic's logic-op scene: push-constant
// vec4s to locations 4 and 5 (the spilled R8G8B8A8_SNORM and
// A2B10G10R10_UNORM attachments); locations 0-3 are not written.
layout(push_constant) uniform Push {
   vec4 v[2];
} pc;
layout(location = 4) out vec4 o4;
layout(location = 5) out vec4 o5;
void main()
{
   o4 = pc.v[0];
   o5 = pc.v[1];
}
