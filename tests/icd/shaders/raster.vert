#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// Vertex shader of test_raster_features: vertex i reads its clip position,
// colour and extras (clip distances 0 and 1, viewport index) from a storage
// buffer of three vec4 per vertex.
layout(set = 0, binding = 0, std430) readonly buffer Vertices {
   vec4 v[];
} vb;
layout(location = 0) out vec4 colour;
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
};
void main()
{
   gl_Position = vb.v[3 * gl_VertexIndex];
   colour = vb.v[3 * gl_VertexIndex + 1];
   vec4 e = vb.v[3 * gl_VertexIndex + 2];
   gl_ClipDistance[0] = e.x;
   gl_ClipDistance[1] = e.y;
   gl_ViewportIndex = int(e.z);
}
