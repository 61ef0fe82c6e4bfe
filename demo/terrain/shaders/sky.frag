#version 450
// The sky behind the terrain: the view ray from the inverse view-projection,
// horizon-to-zenith gradient, and the sun's disc and glow.
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(location = 0) in vec2 in_ndc;
layout(location = 0) out vec4 out_colour;

void
main()
{
   vec4 far = scene.inv_viewproj * vec4(in_ndc, 1.0, 1.0);
   vec3 dir = normalize(far.xyz / far.w - scene.camera.xyz);
   float up = clamp(dir.y, 0.0, 1.0);
   vec3 c = mix(scene.fog.rgb, scene.zenith.rgb, pow(up, 0.6));
   float s = max(dot(dir, scene.sun.xyz), 0.0);
   c += vec3(1.0, 0.75, 0.45) * pow(s, 8.0) * 0.35;
   c += vec3(1.0, 0.9, 0.7) * (pow(s, 600.0) * 3.0 + pow(s, 64.0) * 0.25);
   out_colour = vec4(sqrt(min(c, vec3(1.0))), 1.0);
}
