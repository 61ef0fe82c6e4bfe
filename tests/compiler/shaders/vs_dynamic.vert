#version 450
// Dynamically indexed outputs: clip distances in a loop, a varying array.
layout(location = 0) in vec4 in_pos;
layout(location = 0) out vec2 v_uv[3];
layout(push_constant) uniform PC { int n; } pc;
out float gl_ClipDistance[4];
void main()
{
   gl_Position = in_pos;
   for (int i = 0; i < pc.n; i++)
      gl_ClipDistance[i] = dot(in_pos, vec4(float(i)));
   for (int i = 0; i < 3; i++)
      v_uv[i] = vec2(0.0);
   v_uv[pc.n & 1] = in_pos.xy;
}
