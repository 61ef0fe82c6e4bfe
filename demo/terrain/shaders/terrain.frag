#version 450
// Terrain shading: albedo from the colour map, the surface normal from the
// normal map (finer than the geometry), a sun with soft wrap lighting, sky
// ambient, and distance fog toward the horizon colour (brighter toward the sun).
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(set = 0, binding = 2) uniform sampler2D colour_map;
layout(set = 0, binding = 3) uniform sampler2D normal_map;

layout(location = 0) in vec3 in_world;
layout(location = 0) out vec4 out_colour;

vec3
fog_colour(vec3 dir)
{
   float s = max(dot(dir, scene.sun.xyz), 0.0);
   return scene.fog.rgb + vec3(1.0, 0.75, 0.45) * pow(s, 8.0) * 0.35;
}

void
main()
{
   vec2 uv = in_world.xz / scene.terrain.x;
   vec3 albedo = texture(colour_map, uv).rgb;
   albedo *= albedo; // stored with gamma 2: back to linear
   vec3 n = normalize(texture(normal_map, uv).xyz * 2.0 - 1.0);
   float ndl = dot(n, scene.sun.xyz);
   float direct = clamp(ndl * 0.85 + 0.15, 0.0, 1.0);
   vec3 sky = scene.zenith.rgb * (0.35 + 0.25 * n.y);
   vec3 lit = albedo * (direct * scene.sun.w * vec3(1.0, 0.92, 0.8) + sky);

   vec3 to_eye = scene.camera.xyz - in_world;
   float dist = length(to_eye);
   float f = 1.0 - exp(-dist * scene.fog.a);
   vec3 c = mix(lit, fog_colour(-to_eye / dist), f);
   out_colour = vec4(sqrt(c), 1.0); // gamma 2 for the UNORM target
}
