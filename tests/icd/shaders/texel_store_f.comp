#version 450
// Writes texels [0, n) of a storage texel buffer declared without a format
// (n may exceed the view: out-of-range stores), and its size (imageSize).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) writeonly uniform imageBuffer dst;
layout(set = 0, binding = 1) buffer In { uint size; uint pad[3]; vec4 v[]; } b;
layout(push_constant) uniform P { uint n; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i == 0u)
      b.size = uint(imageSize(dst));
   if (i < pc.n)
      imageStore(dst, int(i), b.v[i]);
}
