#version 450
// SampleMask output: odd columns keep their sample, even columns kill it.
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(0.25, 0.5, 0.75, 1.0);
   gl_SampleMask[0] = (int(gl_FragCoord.x) & 1) != 0 ? -1 : 0;
}
