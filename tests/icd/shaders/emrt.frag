#version 450
// Fragment shader of test_emrt: eight colour outputs, each a distinct
// function of the vertex colour: rgb x (i + 1) + i / 8, alpha the colour's.
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
layout(location = 2) out vec4 o2;
layout(location = 3) out vec4 o3;
layout(location = 4) out vec4 o4;
layout(location = 5) out vec4 o5;
layout(location = 6) out vec4 o6;
layout(location = 7) out vec4 o7;
vec4 f(float i)
{
   return vec4(colour.rgb * (i + 1.0) + vec3(i * 0.125), colour.a);
}
void main()
{
   o0 = f(0.0);
   o1 = f(1.0);
   o2 = f(2.0);
   o3 = f(3.0);
   o4 = f(4.0);
   o5 = f(5.0);
   o6 = f(6.0);
   o7 = f(7.0);
}
