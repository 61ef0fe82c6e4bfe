#version 450
// Control shader of test_tess: 4 output vertices (triangle patches repeat
// their last input vertex); levels from push constants; invocation i
// writes gl_out[i] and a per-vertex user output, and after the barrier
// invocation 0 reads the other invocations' outputs for the patch constant:
// (tag, PrimitiveId / 4, 0.5 + (x of gl_out[1] - x of gl_out[0]) / 4, 1),
// alpha the sum / 10 of a patch array each invocation wrote one element of
// (times 1.0 from a patch block, Patch decorating its members, computed
// from a 2 x 2 patch array written with two dynamic index levels).
layout(vertices = 4) out;
layout(push_constant) uniform Push {
   vec4 outer;
   vec2 inner;
   float tag;
   int mode;
} pc;
layout(location = 0) patch out vec4 pconst;
layout(location = 1) out vec4 vpos[];
layout(location = 2) patch out float pv[4];
layout(location = 6) patch out PatchBlock {
   float one;
} pb;
layout(location = 7) patch out float pm[2][2];
void main()
{
   int i = gl_InvocationID;
   int src = min(i, gl_PatchVerticesIn - 1);
   gl_out[gl_InvocationID].gl_Position = gl_in[src].gl_Position;
   vpos[gl_InvocationID] = gl_in[src].gl_Position + vec4(0.25, 0.0, 0.0, 0.0);
   pv[i] = float(i + 1);
   barrier();
   if (i == 0) {
      gl_TessLevelOuter[0] = pc.outer.x;
      gl_TessLevelOuter[1] = pc.outer.y;
      gl_TessLevelOuter[2] = pc.outer.z;
      gl_TessLevelOuter[3] = pc.outer.w;
      gl_TessLevelInner[0] = pc.inner.x;
      gl_TessLevelInner[1] = pc.inner.y;
      float dx = gl_out[1].gl_Position.x - gl_out[0].gl_Position.x;
      for (int a = 0; a < 2; a++)
         for (int k = 0; k < 2; k++)
            pm[a][k] = float(a * 2 + k + 1); /* two dynamic index levels */
      pb.one = (pm[0][0] + pm[0][1] + pm[1][0] + pm[1][1]) / 10.0;
      float sum = pv[0] + pv[1] + pv[2] + pv[3]; /* 1 + 2 + 3 + 4 */
      pconst = vec4(pc.tag, float(gl_PrimitiveID) * 0.25, 0.5 + dx * 0.25, sum / 10.0);
   }
}
