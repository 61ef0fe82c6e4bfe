#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// Vertex outputs through blocks, arrays, structs and matrices, clip
// distances, layer and viewport index.
layout(location = 0) in vec3 in_pos;
struct Light { vec3 dir; float power; };
layout(location = 0) out Out {
   vec2 uv[2];
   flat ivec2 tile;
   mat2 basis;
} vout;
layout(location = 6) out Light v_light;
layout(location = 8) noperspective out float v_depth;
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[3];
};
layout(push_constant) uniform PC { int layer; int viewport; } pc;
void main()
{
   gl_Position = vec4(in_pos, 1.0);
   gl_ClipDistance[0] = in_pos.x;
   gl_ClipDistance[1] = in_pos.y;
   gl_ClipDistance[2] = 1.0 - in_pos.x;
   vout.uv[0] = in_pos.xy;
   vout.uv[1] = in_pos.yx;
   vout.tile = ivec2(gl_VertexIndex, gl_InstanceIndex);
   vout.basis = mat2(1.0, 2.0, 3.0, 4.0);
   v_light.dir = normalize(in_pos);
   v_light.power = 2.0;
   v_depth = in_pos.z;
   gl_Layer = pc.layer;
   gl_ViewportIndex = pc.viewport;
}
