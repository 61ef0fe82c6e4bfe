#version 450
// tests/compiler test_gs: clip distances before a geometry shader: six
// words, the last two in the second input record of the clip slot.
out float gl_ClipDistance[6];
void main()
{
   gl_Position = vec4(float(gl_VertexIndex), 0.0, 0.0, 1.0);
   for (int k = 0; k < 6; k++)
      gl_ClipDistance[k] = float(gl_VertexIndex * 10 + k);
}
