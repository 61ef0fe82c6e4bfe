#version 450
// Fragment shader of test_front_facing: 1 for front-facing fragments, 2 for
// back-facing ones.
layout(location = 0) out uint o;
void main()
{
   o = gl_FrontFacing ? 1u : 2u;
}
