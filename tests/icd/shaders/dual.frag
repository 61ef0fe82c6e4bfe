#version 450
// Dual-source fragment shader of test_raster_features: source 0 is the
// interpolated colour, source 1 (Location 0 Index 1) a constant.
layout(location = 0) in vec4 colour;
layout(location = 0, index = 0) out vec4 src0;
layout(location = 0, index = 1) out vec4 src1;
void main()
{
   src0 = colour;
   src1 = vec4(0.5, 0.25, 0.75, 0.25);
}
