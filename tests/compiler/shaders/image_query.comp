#version 450
#extension GL_EXT_samplerless_texture_functions : require
// Image size / level / sample queries (software reads of the Texture
// descriptor, agx_abi.h), run on the IR interpreter by test_image.c.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Out { int v[]; } o;
layout(set = 0, binding = 1) uniform sampler2D s2;
layout(set = 0, binding = 2) uniform texture3D t3;
layout(set = 0, binding = 3, r32ui) uniform uimageCubeArray ca;
layout(set = 0, binding = 4) uniform samplerCubeArray sca;
layout(set = 0, binding = 5, r32f) uniform image1DArray i1a;
layout(set = 0, binding = 6) uniform sampler2DMS ms;

void main()
{
   ivec2 a = textureSize(s2, 0), b = textureSize(s2, 2);
   ivec3 c = textureSize(t3, 1), d = textureSize(t3, 3);
   ivec3 e = imageSize(ca), f = textureSize(sca, 0);
   ivec2 g = imageSize(i1a);
   int v[] = int[](a.x, a.y, b.x, b.y, textureQueryLevels(s2), c.x, c.y, c.z, d.x, d.y, d.z,
                   textureQueryLevels(t3), e.x, e.y, e.z, f.x, f.y, f.z, g.x, g.y,
                   textureSamples(ms), textureSize(ms).x);
   for (int k = 0; k < v.length(); k++)
      o.v[k] = v[k];
}
