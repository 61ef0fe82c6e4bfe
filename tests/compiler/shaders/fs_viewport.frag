#version 450
// The viewport index as a fragment input (a flat varying the last
// pre-rasterisation stage writes, agx_uvs.h AGX_UVS_LOC_VIEWPORT) next to
// a flat user input, and the layer (special register 2).
layout(location = 1) flat in int v_id;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(float(gl_ViewportIndex), float(v_id), float(gl_Layer), 1.0);
}
