#version 450
// Pre-tessellated terrain: one vertex per domain point the CPU's tessellator
// produced, already placed in the ground plane (x, z); the height comes from
// the height map as in terrain.tese.
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(location = 0) in vec2 in_xz;
layout(location = 0) out vec3 out_world;

void
main()
{
   vec3 p = vec3(in_xz.x, terrain_height(in_xz), in_xz.y);
   out_world = p;
   gl_Position = scene.viewproj * vec4(p, 1.0);
}
