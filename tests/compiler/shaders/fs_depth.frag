#version 450
// Depth output with a discard before it, the point coordinate and the layer.
layout(location = 0) in float v_depth;
layout(location = 0) out vec4 o_color;
void main()
{
   if (v_depth > 0.5)
      discard;
   gl_FragDepth = v_depth * 0.5;
   o_color = vec4(gl_PointCoord, float(gl_Layer), 1.0);
}
