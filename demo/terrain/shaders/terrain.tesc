#version 450
// Distance-based levels for one quad patch of the terrain. Corners come in the
// order (x0,z0) (x1,z0) (x1,z1) (x0,z1), so u runs along x and v along z.
// Each outer level depends on its edge alone (its midpoint's distance to the
// eye in the ground plane), so neighbouring patches agree and no cracks open;
// the inner levels are the larger of the two opposite edges. terrain_scene.c
// (terrain_edge_level) computes the same formula on the CPU.
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(vertices = 4) out;
layout(location = 0) in vec2 in_xz[];
layout(location = 0) out vec2 out_xz[];

float
edge_level(vec2 a, vec2 b)
{
   vec2 m = (a + b) * 0.5;
   float d = max(distance(m, scene.camera.xz), 0.5);
   return clamp(scene.camera.w * scene.terrain.z / d, 1.0, 64.0);
}

void
main()
{
   out_xz[gl_InvocationID] = in_xz[gl_InvocationID];
   if (gl_InvocationID == 0) {
      // Vulkan quad domain: outer 0 is u = 0, 1 is v = 0, 2 is u = 1, 3 is v = 1
      float e0 = edge_level(in_xz[0], in_xz[3]);
      float e1 = edge_level(in_xz[0], in_xz[1]);
      float e2 = edge_level(in_xz[1], in_xz[2]);
      float e3 = edge_level(in_xz[3], in_xz[2]);
      gl_TessLevelOuter[0] = e0;
      gl_TessLevelOuter[1] = e1;
      gl_TessLevelOuter[2] = e2;
      gl_TessLevelOuter[3] = e3;
      gl_TessLevelInner[0] = max(e1, e3);
      gl_TessLevelInner[1] = max(e0, e2);
   }
}
