#version 450
// robustImageAccess2: texelFetch and imageLoad at in-bounds and out-of-bounds coordinates,
// layers and levels (c = x, y, layer, level), and imageStore at out-of-bounds ones.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 1) uniform usampler2DArray utex;
layout(set = 0, binding = 2) uniform sampler2DArray ftex;
layout(set = 0, binding = 3, r32ui) uniform uimage2DArray img;
layout(set = 0, binding = 4, rgba8) uniform image2DArray fimg;
layout(set = 0, binding = 5) buffer In { uint n; ivec4 c[]; } inp;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i >= inp.n)
      return;
   ivec4 c = inp.c[i];
   o.v[4u * i] = texelFetch(utex, c.xyz, c.w);
   o.v[4u * i + 1u] = floatBitsToUint(texelFetch(ftex, c.xyz, c.w));
   o.v[4u * i + 2u] = imageLoad(img, c.xyz);
   o.v[4u * i + 3u] = floatBitsToUint(imageLoad(fimg, c.xyz));
   if (c.w < 0) { // a store target outside the image (level -1 marks them)
      imageStore(img, c.xyz, uvec4(0xdeadu));
      imageStore(fimg, c.xyz, vec4(1.0));
   }
}
