// Shared by every terrain shader: the scene uniforms and the height field.
// Assumes: the height map is an R32_SFLOAT image of res x res samples spread
// evenly over [0, size] x [0, size] (sample i at i * size / (res - 1)), read
// with texelFetch and filtered bilinearly here, so every driver computes the
// same heights (linear filtering of R32_SFLOAT is optional in Vulkan).

layout(set = 0, binding = 0, std140) uniform Scene {
   mat4 viewproj;
   mat4 inv_viewproj;
   vec4 camera;  // xyz eye position, w = level scale (levels = w * patch / distance)
   vec4 sun;     // xyz unit vector towards the sun, w = sun intensity
   vec4 terrain; // x = size in world units, y = height-map samples per side, z = patch size
   vec4 fog;     // rgb = fog/horizon colour, a = density per world unit
   vec4 zenith;  // rgb = sky colour overhead
} scene;

layout(set = 0, binding = 1) uniform sampler2D height_map;

float
terrain_height(vec2 xz)
{
   float res = scene.terrain.y;
   vec2 t = clamp(xz / scene.terrain.x, 0.0, 1.0) * (res - 1.0);
   ivec2 i = clamp(ivec2(floor(t)), ivec2(0), ivec2(int(res) - 2));
   vec2 f = t - vec2(i);
   float h00 = texelFetch(height_map, i, 0).r;
   float h10 = texelFetch(height_map, i + ivec2(1, 0), 0).r;
   float h01 = texelFetch(height_map, i + ivec2(0, 1), 0).r;
   float h11 = texelFetch(height_map, i + ivec2(1, 1), 0).r;
   return mix(mix(h00, h10, f.x), mix(h01, h11, f.x), f.y);
}
