#version 460
// Draw parameters: BaseVertex, BaseInstance, DrawIndex, with an early return.
layout(location = 0) flat out ivec4 v_params;
void main()
{
   gl_Position = vec4(float(gl_VertexIndex), float(gl_InstanceIndex), 0.0, 1.0);
   v_params = ivec4(gl_BaseVertex, gl_BaseInstance, gl_DrawID, 0);
   if (gl_VertexIndex > 100)
      return;
   v_params.w = 1;
}
