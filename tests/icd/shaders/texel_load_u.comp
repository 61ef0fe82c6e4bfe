#version 450
// Reads texels [0, n) of a uniform texel buffer (n may exceed the view:
// out-of-range fetches) and its size (textureSize).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform usamplerBuffer src;
layout(set = 0, binding = 1) writeonly buffer Out { uint size; uint pad[3]; uvec4 v[]; } o;
layout(push_constant) uniform P { uint n; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i == 0u)
      o.size = uint(textureSize(src));
   if (i < pc.n)
      o.v[i] = texelFetch(src, int(i));
}
