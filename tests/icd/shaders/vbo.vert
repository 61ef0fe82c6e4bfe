#version 450
// Vertex shader of test_vertex_input: position and colour from vertex
// attributes (locations 0, 1); the position's z (0 for two-component
// formats) is added to the colour's blue.
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 col;
layout(location = 0) out vec4 colour;
void main()
{
   gl_Position = vec4(pos.xy, 0.0, 1.0);
   colour = col + vec4(0.0, 0.0, pos.z, 0.0);
}
