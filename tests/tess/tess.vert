#version 450
// Golden-data capture: patches carry no vertex data; one vertex per patch.
void main()
{
   gl_Position = vec4(0.0);
}
