#version 450
// Single-sample values of SampleId, SamplePosition and SampleMaskIn
// (sample-rate shading: info.fs.per_sample), and a Sample-qualified input.
layout(location = 0) sample in vec4 v;
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(gl_SamplePosition, float(gl_SampleID), float(gl_SampleMaskIn[0])) + v * 0.0;
}
