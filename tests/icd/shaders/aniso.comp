#version 450
// textureGrad with a long footprint along x (8 texels) and a short one along y (1 texel),
// through an anisotropic sampler (maxAnisotropy 16) and an isotropic one.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 1) uniform sampler2D aniso;
layout(set = 0, binding = 2) uniform sampler2D iso;
layout(push_constant) uniform P { vec2 ddx; vec2 ddy; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   vec2 uv = (vec2(8u * (i % 8u) + 4u, 8u * (i / 8u) + 1u) + 0.5) / 64.0;
   o.v[2u * i] = textureGrad(aniso, uv, pc.ddx, pc.ddy);
   o.v[2u * i + 1u] = textureGrad(iso, uv, pc.ddx, pc.ddy);
}
