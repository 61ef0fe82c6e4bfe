#version 450
// Vertex shader of test_draw: vertex i reads its clip position and colour
// from a storage buffer (pos, colour interleaved); instance k moves by
// k x offset (push constant).
layout(set = 0, binding = 0, std430) readonly buffer Vertices {
   vec4 v[];
} vb;
layout(push_constant) uniform Push {
   vec4 offset;
} pc;
layout(location = 0) out vec4 colour;
void main()
{
   vec4 p = vb.v[2 * gl_VertexIndex];
   p.xy += pc.offset.xy * float(gl_InstanceIndex) * p.w;
   gl_Position = p;
   colour = vb.v[2 * gl_VertexIndex + 1];
}
