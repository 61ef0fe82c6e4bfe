#version 450
// Places a generated domain point of a terrain patch: bilinear across the
// corners in the ground plane, height from the height map (as terrain.vert).
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec2 in_xz[];
layout(location = 0) out vec3 out_world;

void
main()
{
   vec2 u = gl_TessCoord.xy;
   vec2 xz = mix(mix(in_xz[0], in_xz[1], u.x), mix(in_xz[3], in_xz[2], u.x), u.y);
   vec3 p = vec3(xz.x, terrain_height(xz), xz.y);
   out_world = p;
   gl_Position = scene.viewproj * vec4(p, 1.0);
}
