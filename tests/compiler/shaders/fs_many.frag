#version 450
// Every input location (32 vec4s) plus FragCoord and the point coordinate:
// the largest CF binding table (W, Z, point coord, 32 locations).
layout(location = 0) in vec4 v[32];
layout(location = 0) out vec4 o_color;
void main()
{
   vec4 sum = gl_FragCoord + vec4(gl_PointCoord, 0.0, 0.0);
   for (int i = 0; i < 32; i++)
      sum += v[i];
   o_color = sum;
}
