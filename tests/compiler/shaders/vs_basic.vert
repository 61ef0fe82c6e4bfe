#version 450
// A vertex shader with the common outputs: position, point size, one smooth
// vec4, one flat int, one noperspective vec2, built-in vertex/instance ids.
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec3 in_normal;
layout(location = 0) out vec4 v_color;
layout(location = 1) flat out int v_id;
layout(location = 2) noperspective out vec2 v_uv;
layout(push_constant) uniform PC { mat4 mvp; float psize; } pc;
void main()
{
   gl_Position = pc.mvp * in_pos;
   gl_PointSize = pc.psize;
   v_color = vec4(in_normal * 0.5 + 0.5, 1.0);
   v_id = gl_VertexIndex + gl_InstanceIndex * 1000;
   v_uv = in_pos.xy;
}
