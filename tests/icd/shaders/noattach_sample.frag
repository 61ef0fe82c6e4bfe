#version 450
// test_noattach: counts invocations per sample (gl_SampleID asks for sample shading) in a
// pass without attachments. The buffer holds the total, then four counters per pixel of the
// 64-pixel-wide area, one per sample index.
layout(set = 0, binding = 1, std430) buffer Out {
   uint total;
   uint per[];
} ob;
void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   atomicAdd(ob.total, 1u);
   atomicAdd(ob.per[(p.y * 64 + p.x) * 4 + gl_SampleID], 1u);
}
