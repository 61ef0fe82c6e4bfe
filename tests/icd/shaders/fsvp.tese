#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// Evaluation shader of test_fs_viewport, the last pre-rasterisation stage:
// the patch's triangle (levels 1) sent to viewport (quad + 3) % 4 (quad =
// gl_PrimitiveID / 2); colour and tag from the first control point.
layout(triangles, equal_spacing, ccw) in;
layout(location = 0) in vec4 colour_in[];
layout(location = 1) flat in uint tag_in[];
layout(location = 0) out vec4 colour;
layout(location = 1) flat out uint tag;
void main()
{
   vec3 t = gl_TessCoord;
   gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position +
                 t.z * gl_in[2].gl_Position;
   colour = colour_in[0];
   tag = tag_in[0];
   gl_ViewportIndex = (gl_PrimitiveID / 2 + 3) % 4;
}
