#version 450
// test_xfb_streams: rasterized points are white.
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(1.0);
}
