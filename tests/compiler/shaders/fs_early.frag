#version 450
// Early fragment tests forced by the shader.
layout(early_fragment_tests) in;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(1.0);
}
