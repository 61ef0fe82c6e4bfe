#version 450
// test_eds3_raster: runs per sample (reads SampleId): red = (32 + 64 SampleId) / 255
// (the resolve of 4 covered samples averages it to 128), the rest the input colour.
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = vec4((32.0 + 64.0 * float(gl_SampleID)) / 255.0, colour.yzw);
}
