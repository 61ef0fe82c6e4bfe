#version 450
// test_noattach: counts invocations per pixel (a pass without attachments: no outputs). The
// buffer holds the total, then one counter per pixel of the 64-pixel-wide area.
layout(set = 0, binding = 1, std430) buffer Out {
   uint total;
   uint per[];
} ob;
void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   atomicAdd(ob.total, 1u);
   atomicAdd(ob.per[p.y * 64 + p.x], 1u);
}
