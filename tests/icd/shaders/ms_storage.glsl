// Shared by the ms_storage_* shaders of test_ms_storage: the push
// constants and the values written to every sample (the test's CPU
// reference computes the same).
layout(push_constant) uniform P
{
   uint ns;   // samples of the images
   uint mode; // write pass: 0 = the values, 1 = only out-of-range stores (agx-vk)
   uint w, h; // image size
}
pc;

// R32_UINT image, layer l: 0x1000000 (l + 1) + 4 (y w + x) + s
uint want_u(uint x, uint y, uint l, uint s)
{
   return 0x1000000u * (l + 1u) + (y * pc.w + x) * 4u + s;
}

// R8G8B8A8_UNORM image: bytes ((3x) % 240, (5y) % 240, (x + y) % 240, 40),
// each plus 4 s (so the average of the samples is a whole byte)
vec4 want_f(uint x, uint y, uint s)
{
   uvec4 b = uvec4((3u * x) % 240u, (5u * y) % 240u, (x + y) % 240u, 40u) + 4u * s;
   return vec4(b) / 255.0;
}
