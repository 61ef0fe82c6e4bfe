#version 450
// test_sample_shading: statically uses gl_SamplePosition without loading it (an
// expression statement: the variable is only in the entry point's
// interface), which alone makes the shader run per sample (Vulkan: sample
// shading as with minSampleShading 1.0). Records the pixel of every
// invocation; writes opaque red.
layout(location = 0) out vec4 o;
layout(set = 0, binding = 1, std430) buffer Out {
   uint count;
   uint pad;
   ivec2 pixel[];
} ob;
void main()
{
   gl_SamplePosition;
   uint i = atomicAdd(ob.count, 1u);
   ob.pixel[i] = ivec2(gl_FragCoord.xy);
   o = vec4(1.0, 0.0, 0.0, 1.0);
}
