#version 450
// Fragment shader of test_frag_coord_sample: with per-sample shading
// (minSampleShading 1.0, nothing in the shader asks for it), records per
// (pixel, sample) the invocations and FragCoord. The sample is told by
// FragCoord.y's fraction (the standard 4-sample locations have y = 1/8,
// 3/8, 5/8, 7/8 for samples 0..3).
layout(location = 0) out vec4 o;
struct rec {
   uint count;
   float x, y, z;
};
layout(set = 0, binding = 0, std430) buffer Out {
   rec r[];
} ob;
void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   uint s = min(uint(fract(gl_FragCoord.y) * 4.0), 3u);
   uint i = uint(p.y * 64 + p.x) * 4u + s;
   atomicAdd(ob.r[i].count, 1u);
   ob.r[i].x = gl_FragCoord.x;
   ob.r[i].y = gl_FragCoord.y;
   ob.r[i].z = gl_FragCoord.z;
   o = vec4(1.0);
}
