#version 450
// Evaluation shader of test_tess, built once per domain / spacing / mode
// (glslang -DMODES=..., -DTRI for triangles): the position interpolated
// from the control shader's per-vertex output (barycentric for triangles,
// bilinear v0 v1 / v3 v2 for quads and isolines), the colour by push
// constant mode: 0 TessCoord, 1 the patch constant, 2 (1/255, 0, 0, 0)
// for counting with additive blending. -DPSIZE (point mode): gl_PointSize 1.
layout(MODES) in;
layout(push_constant) uniform Push {
   vec4 outer;
   vec2 inner;
   float tag;
   int mode;
} pc;
layout(location = 0) patch in vec4 pconst;
layout(location = 1) in vec4 vpos[];
layout(location = 6) patch in PatchBlock {
   float one;
} pb;
layout(location = 11) patch in mat2 pmat[2];
layout(location = 0) out vec4 colour;
void main()
{
   vec3 t = gl_TessCoord;
#ifdef TRI
   vec4 p = t.x * vpos[0] + t.y * vpos[1] + t.z * vpos[2];
#else
   vec4 p = mix(mix(vpos[0], vpos[1], t.x), mix(vpos[3], vpos[2], t.x), t.y);
#endif
   gl_Position = vec4(p.x - 0.25, p.y, 0.5, 1.0);
#ifdef PSIZE
   gl_PointSize = 1.0;
#endif
   if (pc.mode == 0)
      colour = vec4(t, 1.0);
   else if (pc.mode == 1)
      colour = vec4(pconst.rgb, pconst.a * pb.one * pmat[pc.mode - 1][0][0]); /* pmat[0]: 1 */
   else
      colour = vec4(1.0 / 255.0, 0.0, 0.0, 0.0);
}
