#version 450
// Fragment shader of test_ms_fetch: per-sample shading (gl_SampleID) writes a value of the
// pixel and the sample to a 4-sample R32_UINT (location 0) and R8G8B8A8_UNORM (location 1)
// attachment and depth ((y * 16 + x) * 4 + s) / 1024 (gl_FragDepth, exact in D32), so every
// sample of every pixel holds a distinct, known value.
layout(location = 0) in vec4 colour;
layout(location = 0) out uint u;
layout(location = 1) out vec4 f;
void main()
{
   uint x = uint(gl_FragCoord.x), y = uint(gl_FragCoord.y), s = uint(gl_SampleID);
   u = 0x10000u + (y * 16u + x) * 4u + s;
   gl_FragDepth = float((y * 16u + x) * 4u + s) / 1024.0;
   f = vec4(float(x * 16u + s), float(y * 32u + s * 8u), float(s * 60u), 255.0) / 255.0;
}
