#version 450
// Vertex shader of test_eds3: clip position (x, y, z; w = 1) and colour
// from vertex attributes (locations 0, 1).
layout(location = 0) in vec3 pos;
layout(location = 1) in vec4 col;
layout(location = 0) out vec4 colour;
void main()
{
   gl_Position = vec4(pos, 1.0);
   colour = col;
}
