#version 450
// Geometry shader of test_divisor: passes each point through (no PointSize:
// shaderTessellationAndGeometryPointSize stays off), so the
// vertex shader (shaders/divisor.vert, its stores) runs on the driver's
// geometry-shader path.
layout(points) in;
layout(points, max_vertices = 1) out;
void main()
{
   gl_Position = gl_in[0].gl_Position;
   EmitVertex();
}
