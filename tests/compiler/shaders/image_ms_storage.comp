#version 450
// A multisampled storage image: a store, a load, an atomic at a sample,
// imageSamples and imageSize (test_image.c test_ms_storage).
layout(local_size_x = 4) in;
layout(set = 0, binding = 1, r32ui) uniform uimage2DMSArray img;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
void main()
{
   int s = int(gl_LocalInvocationID.x);
   ivec3 p = ivec3(1, 2, 0);
   imageStore(img, p, s, uvec4(7u + uint(s)));
   uint old = imageAtomicAdd(img, p, s, 1u);
   o.v[s] = imageLoad(img, p, s).x + old + uint(imageSamples(img)) + uint(imageSize(img).z);
}
