#version 450
// Fragment shader of test_logic_op's normalised scene: one push-constant
// vec4 per attachment (locations 0-3: an snorm and three packed unorm
// formats).
layout(push_constant) uniform Push {
   vec4 v[4];
} pc;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
layout(location = 2) out vec4 o2;
layout(location = 3) out vec4 o3;
void main()
{
   o0 = pc.v[0];
   o1 = pc.v[1];
   o2 = pc.v[2];
   o3 = pc.v[3];
}
