/* Explicit gradients on cube maps (OpImageSample*ExplicitLod with Grad on
 * Dim Cube: GLSL textureGrad on samplerCube[Array][Shadow]) turned into
 * the explicit LOD the gradients select, computed in the shader.
 *
 * Assumes: the texture unit's gradient mode (lod_grad) is not used with
 * cube dimensions. Honeykrisp/asahi never feed it cube gradients: Mesa's
 * agx_preprocess_nir sets nir_lower_tex_options.lower_txd_cube_map (a
 * comment there notes that passing them as Metal does "doesn't work"), so
 * the behaviour of the hardware for them is not public; the simulator
 * refuses the combination at decode (sim/usc/agx_sim_texture_sample.c).
 *
 * The math (Vulkan "Cube Map Face Selection and Transformations" and
 * "Scale Factor Operation"): the face is that of the major axis ma (z wins
 * ties, then y, as the texture unit and the simulator select faces); the
 * face coordinates are s = (sc / |ma| + 1) / 2, t = (tc / |ma| + 1) / 2 with
 * (sc, tc) the other two components up to sign. Their derivatives by the
 * quotient rule, signs dropped (only magnitudes matter):
 *   d(sc / ma) = (dsc - sc * dma / ma) / ma,
 * so for both screen directions the texel-space derivative is
 * (L / 2) * d(sc / ma) (L = the width of the view's first level) and the
 * LOD is log2 of the larger length: 0.5 * log2((L / 2)^2 * max(|dx|^2,
 * |dy|^2)). The sampler's LOD bias and clamps then apply as for any
 * explicit LOD (agx_pass_lower_image.c). Anisotropic filtering is lost,
 * as with Mesa's lowering (an explicit LOD has no footprint). */
#include "agx_spirv_private.h"

/* a, b or c by the major axis: z when zmaj, else y when ymaj, else x. */
static agx_instr *
pick(agx_builder *b, agx_instr *zmaj, agx_instr *ymaj, agx_instr *z, agx_instr *y, agx_instr *x)
{
   return agx_bcsel(b, zmaj, z, agx_bcsel(b, ymaj, y, x));
}

/* |d(face coordinates)|^2 of one screen direction: (s, t) = q.xy / q.z
 * differentiated along dq, times 1 / q.z (rcp). */
static agx_instr *
face_deriv_sq(agx_builder *b, agx_instr *const q[3], agx_instr *const dq[3], agx_instr *rcp)
{
   agx_instr *k = agx_fmul(b, dq[2], rcp), *sum = NULL;
   for (unsigned i = 0; i < 2; i++) {
      agx_instr *d = agx_fmul(b, agx_fsub(b, dq[i], agx_fmul(b, q[i], k)), rcp);
      sum = sum ? agx_ffma(b, d, d, sum) : agx_fmul(b, d, d);
   }
   return sum;
}

agx_instr *
vtn_cube_grad_lod(struct vtn_ctx *c, agx_instr *const dir[3], agx_instr *ddx, agx_instr *ddy,
                  agx_instr *width)
{
   agx_builder *b = &c->b;
   agx_instr *a[3], *g[2][3];
   for (unsigned i = 0; i < 3; i++) {
      a[i] = agx_fabs(b, dir[i]);
      g[0][i] = agx_extract(b, ddx, i);
      g[1][i] = agx_extract(b, ddy, i);
   }
   agx_instr *zmaj = agx_fge(b, a[2], agx_fmax(b, a[0], a[1]));
   agx_instr *ymaj = agx_fge(b, a[1], a[0]);
   /* (sc, tc, ma) up to sign: z major (x, y, z), y major (x, z, y), x major (z, y, x) */
   static const unsigned order[3][3] = {{0, 1, 2}, {0, 2, 1}, {2, 1, 0}};
   agx_instr *q[3], *dq[2][3];
   for (unsigned i = 0; i < 3; i++) {
      q[i] = pick(b, zmaj, ymaj, dir[order[0][i]], dir[order[1][i]], dir[order[2][i]]);
      for (unsigned k = 0; k < 2; k++)
         dq[k][i] = pick(b, zmaj, ymaj, g[k][order[0][i]], g[k][order[1][i]], g[k][order[2][i]]);
   }
   agx_instr *rcp = agx_frcp(b, q[2]);
   agx_instr *m = agx_fmax(b, face_deriv_sq(b, q, dq[0], rcp), face_deriv_sq(b, q, dq[1], rcp));
   agx_instr *half_l = agx_fmul(b, agx_u2f(b, 32, width), agx_imm(b, 32, 0x3F000000)); /* 0.5 */
   agx_instr *scaled = agx_fmul(b, m, agx_fmul(b, half_l, half_l));
   return agx_fmul(b, agx_flog2(b, scaled), agx_imm(b, 32, 0x3F000000));
}
