#version 450
// Fragment shader of test_logic_op: push-constant sources for a unorm
// (location 0), a uint (location 1) and a float (location 2) attachment.
layout(push_constant) uniform Push {
   vec4 unorm;
   uvec4 u;
   vec4 f;
} pc;
layout(location = 0) out vec4 o0;
layout(location = 1) out uint o1;
layout(location = 2) out vec4 o2;
void main()
{
   o0 = pc.unorm;
   o1 = pc.u.x;
   o2 = pc.f;
}
