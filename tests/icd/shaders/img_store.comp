#version 450
// imageStore of known values into level `level` (the view's) of a 2D array
// image: r32ui texel (x, y, layer) = x * 1000 + y + layer * 100000.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 1, r32ui) uniform writeonly uimage2DArray img;
layout(set = 0, binding = 4, rgba8) uniform writeonly image2D img8;
layout(push_constant) uniform P { uint layers; } pc;
void main()
{
   ivec2 p = ivec2(gl_GlobalInvocationID.xy);
   ivec2 sz = imageSize(img).xy;
   if (p.x >= sz.x || p.y >= sz.y)
      return;
   for (uint l = 0u; l < pc.layers; l++)
      imageStore(img, ivec3(p, l), uvec4(uint(p.x) * 1000u + uint(p.y) + l * 100000u));
   if (all(lessThan(p, imageSize(img8))))
      imageStore(img8, p, vec4(float(p.x) / 255.0, float(p.y) / 255.0, 1.0, 0.0));
}
