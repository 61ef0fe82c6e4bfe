#version 450
// Reads texels of level `lod` of a block-compressed 2D array three ways: texelFetch,
// textureLod at the texel centre through a NEAREST sampler, and textureLod at the corner
// between four texels through a LINEAR sampler (both clamp to edge). sparse = 0: every
// texel; sparse = 1: one texel per block, at ((bx + by) % 4, (3 bx + by) % 4) inside it.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 1) uniform sampler2DArray tex;
layout(set = 0, binding = 2) uniform sampler2DArray ltex;
layout(push_constant) uniform P { int lod; uint sparse; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   ivec3 sz = textureSize(tex, pc.lod);
   int x, y, l;
   if (pc.sparse != 0u) {
      ivec2 nb = (sz.xy + 3) / 4;
      if (i >= uint(nb.x * nb.y * sz.z))
         return;
      int bx = int(i % uint(nb.x)), by = int((i / uint(nb.x)) % uint(nb.y));
      l = int(i / uint(nb.x * nb.y));
      x = min(bx * 4 + (bx + by) % 4, sz.x - 1);
      y = min(by * 4 + (3 * bx + by) % 4, sz.y - 1);
   } else {
      if (i >= uint(sz.x * sz.y * sz.z))
         return;
      x = int(i % uint(sz.x));
      y = int((i / uint(sz.x)) % uint(sz.y));
      l = int(i / uint(sz.x * sz.y));
   }
   vec2 s = vec2(sz.xy);
   o.v[3 * i] = texelFetch(tex, ivec3(x, y, l), pc.lod);
   o.v[3 * i + 1] = textureLod(tex, vec3((vec2(x, y) + 0.5) / s, float(l)), float(pc.lod));
   o.v[3 * i + 2] = textureLod(ltex, vec3((vec2(x, y) + 1.0) / s, float(l)), float(pc.lod));
}
