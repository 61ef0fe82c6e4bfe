#version 450
// test_frag_depth: writes FragDepth (pc.left left of x = HALF, pc.right
// right of it; with -DUNCHANGED: FragCoord.z, the depth the fragment
// already has) and pc.colour, under the depth layout LAYOUT (any, less,
// greater, unchanged: the DepthReplacing and Depth* execution modes).
layout(push_constant) uniform PC {
   float z, left, right, pad;
   vec4 colour;
} pc;
layout(location = 0) out vec4 o;
#if LAYOUT == 1
layout(depth_less) out float gl_FragDepth;
#elif LAYOUT == 2
layout(depth_greater) out float gl_FragDepth;
#elif LAYOUT == 3
layout(depth_unchanged) out float gl_FragDepth;
#endif
void main()
{
#if LAYOUT == 3
   gl_FragDepth = gl_FragCoord.z;
#else
   gl_FragDepth = gl_FragCoord.x < HALF ? pc.left : pc.right;
#endif
   o = pc.colour;
}
