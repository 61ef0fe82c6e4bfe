#version 450
// Storage images (r32ui, GPU layout): every invocation stores its texel of a
// 2D (z == 0 only), a 2D array and a 3D image, reads it back, tries
// out-of-range loads (must give 0) and stores (must be dropped), and
// queries the sizes; a cube storage image (faces 0 and 1) is a 2D array of
// faces. Checked by test_backend_image against memory.
layout(local_size_x = 8, local_size_y = 4, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
layout(set = 0, binding = 1, r32ui) uniform uimage2D img2d;
layout(set = 0, binding = 2, r32ui) uniform uimage2DArray imgarr;
layout(set = 0, binding = 3, r32ui) uniform uimage3D img3d;
layout(set = 0, binding = 4, r32ui) uniform uimageCube imgcube;

void main()
{
   ivec3 p = ivec3(gl_LocalInvocationID);
   uint i = gl_LocalInvocationIndex;
   uint val = 1000u + uint(p.x + 8 * p.y + 32 * p.z);
   if (p.z == 0)
      imageStore(img2d, p.xy, uvec4(val));
   imageStore(imgarr, p, uvec4(val + 100000u));
   imageStore(img3d, p, uvec4(val + 200000u));
   if (p.x < 4)
      imageStore(imgcube, ivec3(p.x, p.y, p.z + 3), uvec4(val + 300000u));
   imageStore(img2d, p.xy + ivec2(8, 0), uvec4(7u));
   imageStore(img2d, ivec2(p.x, -1 - p.y), uvec4(7u));
   imageStore(imgarr, ivec3(p.xy, p.z + 2), uvec4(7u));
   imageStore(imgarr, ivec3(p.xy, -1), uvec4(7u));
   imageStore(img3d, ivec3(p.xy, p.z + 2), uvec4(7u));
   o.v[i * 9 + 0] = p.z == 0 ? imageLoad(img2d, p.xy).x : 0u;
   o.v[i * 9 + 1] = imageLoad(imgarr, p).x;
   o.v[i * 9 + 2] = imageLoad(img3d, p).x;
   o.v[i * 9 + 3] = imageLoad(img2d, p.xy + ivec2(8, 0)).x + imageLoad(img2d, ivec2(-1, p.y)).x;
   o.v[i * 9 + 4] = imageLoad(imgarr, ivec3(p.xy, p.z + 2)).x + imageLoad(imgarr, ivec3(p.xy, -1)).x;
   o.v[i * 9 + 5] = imageLoad(img3d, ivec3(p.xy, 2 + p.z)).x;
   ivec2 s2 = imageSize(img2d);
   ivec3 sa = imageSize(imgarr);
   ivec3 s3 = imageSize(img3d);
   o.v[i * 9 + 6] = uint(s2.x | s2.y << 8 | sa.x << 16 | sa.y << 24);
   ivec2 sc = imageSize(imgcube);
   o.v[i * 9 + 7] = uint(sa.z | s3.x << 8 | s3.y << 16 | s3.z << 24);
   if (p.x < 4)
      o.v[i * 9 + 8] = imageLoad(imgcube, ivec3(p.x, p.y, p.z + 3)).x + uint(sc.x << 24 | sc.y << 28);
}
