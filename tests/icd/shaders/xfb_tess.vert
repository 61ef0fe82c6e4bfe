#version 450
// test_xfb: tessellation capture; each patch's one control point carries
// its vertex index in x.
void main()
{
   gl_Position = vec4(float(gl_VertexIndex), 0.0, 0.0, 1.0);
}
