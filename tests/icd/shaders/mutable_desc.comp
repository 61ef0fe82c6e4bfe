#version 450
// VK_EXT_mutable_descriptor_type: one mutable array (set 0, binding 1) seen as storage buffers,
// sampled images, storage images, uniform texel buffers, uniform buffers and storage texel
// buffers (element e holds kind e % 6), indexed non-uniformly; set 1 holds one typed descriptor
// of each kind, copied there from the mutable array. Loads, buffer, image and texel atomics.
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 1) buffer Buf { uint x[16]; } bufs[];
layout(set = 0, binding = 1) uniform utexture2D texs[];
layout(set = 0, binding = 1, r32ui) uniform uimage2D imgs[];
layout(set = 0, binding = 1) uniform utextureBuffer tbs[];
layout(set = 0, binding = 1) uniform Ubo { uvec4 v[4]; } ubos[];
layout(set = 0, binding = 1, r32ui) uniform uimageBuffer stbs[];
layout(set = 1, binding = 0) buffer TBuf { uint x[16]; } tbuf;
layout(set = 1, binding = 1) uniform utexture2D ttex;
layout(set = 1, binding = 2, r32ui) uniform uimage2D timg;
layout(set = 1, binding = 3) uniform utextureBuffer ttb;
layout(set = 1, binding = 4) uniform TUbo { uvec4 v[4]; } tubo;
layout(set = 1, binding = 5, r32ui) uniform uimageBuffer tstb;

ivec2 tex_coord(uint j) { return ivec2(j % 8u, (j / 8u) % 8u); }
ivec2 img_coord(uint j) { return ivec2(j % 8u, (j / 8u) % 7u); } // row 7 holds the counter

uint heap(uint e, uint j)
{
   switch (e % 6u) {
   case 0u:
      atomicAdd(bufs[nonuniformEXT(e)].x[15], 1u);
      return bufs[nonuniformEXT(e)].x[j % 15u];
   case 1u:
      return texelFetch(texs[nonuniformEXT(e)], tex_coord(j), 0).x;
   case 2u:
      imageAtomicAdd(imgs[nonuniformEXT(e)], ivec2(7, 7), 1u);
      return imageLoad(imgs[nonuniformEXT(e)], img_coord(j)).x;
   case 3u:
      return texelFetch(tbs[nonuniformEXT(e)], int(j % 16u)).x;
   case 4u:
      return ubos[nonuniformEXT(e)].v[j % 4u].x;
   default:
      imageAtomicAdd(stbs[nonuniformEXT(e)], 15, 1u);
      return imageLoad(stbs[nonuniformEXT(e)], int(j % 15u)).x;
   }
}

uint typed(uint k, uint j)
{
   switch (k) {
   case 0u:
      return tbuf.x[j % 15u];
   case 1u:
      return texelFetch(ttex, tex_coord(j), 0).x;
   case 2u:
      return imageLoad(timg, img_coord(j)).x;
   case 3u:
      return texelFetch(ttb, int(j % 16u)).x;
   case 4u:
      return tubo.v[j % 4u].x;
   default:
      return imageLoad(tstb, int(j % 15u)).x;
   }
}

void main()
{
   uint i = gl_GlobalInvocationID.x; // 0 .. 127
   uint e = (i * 7u) % 30u;
   o.v[i] = uvec4(heap(e, i), typed(i % 6u, i), e, 0u);
}
