/* Clip and cull distances on the fragment side (graphics.md §2.3; Mesa
 * src/asahi/compiler/agx_nir_lower_cull_distance.c, agx_nir_lower_uvs.c).
 * The hardware's clip-distance words are not readable by the FS and cull
 * distances are not native; the last pre-rasterisation stage also writes
 * them as varyings under internal locations (agx_uvs.h,
 * agx_pass_lower_vs_outputs):
 *  - agx_fs_input_location: the location a fragment load_input reads:
 *    user locations as they are, ClipDistance[k] / CullDistance[k] the
 *    internal AGX_UVS_LOC_CLIP / AGX_UVS_LOC_CULL + k / 4, component k % 4;
 *    a read of the coefficients (AGX_INTERP_COEFFS) of CullDistance[k] the
 *    linear AGX_UVS_LOC_CULL_PRIM word of d >= 0 ? 1 : 0; ViewportIndex
 *    the flat AGX_UVS_LOC_VIEWPORT word (agx_pass_viewport_zero when the
 *    linked stage does not write it).
 *  - agx_pass_lower_cull_fs: culls the primitive (Vulkan "Primitive
 *    Clipping": discarded when, for some cull distance, every vertex has a
 *    negative value) by killing every sample of its fragments at the start
 *    of the shader. The quantity d >= 0 ? 1 : 0 is zero at all vertices
 *    exactly when its plane equation (ldcf: A, B, C) is identically zero,
 *    so the test is A == B == C == 0 for some distance. The kill is
 *    `sample_mask culled ? 0xFF : 0, 0` and the shader counts as
 *    discarding (agx_pass_lower_discard adds the final test, early depth
 *    testing is off). Assumes: it runs before agx_pass_lower_fs_inputs and
 *    agx_pass_lower_discard; the number of distances is the linked
 *    pre-rasterisation stage's (agx_uvs_layout.cull_count). */
#include "agx_builder.h"
#include "agx_passes.h"

bool
agx_fs_input_location(const agx_instr *I, unsigned *loc, unsigned *comp)
{
   unsigned slot = I->c[0], k = I->c[1];
   if (slot < AGX_IO_VAR0 + AGX_MAX_VARYINGS) {
      *loc = slot - AGX_IO_VAR0;
      *comp = k & 3;
      return true;
   }
   if (slot == AGX_IO_VIEWPORT && k == 0) {
      *loc = AGX_UVS_LOC_VIEWPORT; /* agx_uvs.h: always flat */
      *comp = 0;
      return true;
   }
   if ((slot != AGX_IO_CLIP_DIST && slot != AGX_IO_CULL_DIST) || k >= AGX_MAX_CLIP)
      return false;
   if (I->c[2] & AGX_INTERP_COEFFS)
      *loc = AGX_UVS_LOC_CULL_PRIM;
   else
      *loc = slot == AGX_IO_CLIP_DIST ? AGX_UVS_LOC_CLIP : AGX_UVS_LOC_CULL;
   *loc += k / 4;
   *comp = k & 3;
   return true;
}

/* 1 when the coefficients of cull distance k are all zero (culled). */
static agx_instr *
culled_by(agx_builder *b, unsigned k)
{
   agx_instr *abc = agx_intrin(b, AGX_OP_LOAD_INPUT, agx_type_make(32, 3), 0, NULL, NULL, NULL,
                               AGX_IO_CULL_DIST, k, AGX_INTERP_LINEAR | AGX_INTERP_COEFFS);
   agx_instr *zero = agx_imm(b, 32, 0);
   agx_instr *c = agx_feq(b, agx_extract(b, abc, 0), zero);
   for (unsigned i = 1; i < 3; i++)
      c = agx_iand(b, c, agx_feq(b, agx_extract(b, abc, i), zero));
   return c;
}

bool
agx_pass_lower_cull_fs(agx_shader *s, unsigned count)
{
   if (s->stage != AGX_STAGE_FRAGMENT || count == 0)
      return false;
   if (count > AGX_MAX_CLIP)
      count = AGX_MAX_CLIP;
   agx_block *first = agx_list_first_block(&s->body);
   agx_instr *head = first->instrs.next == &first->instrs
                        ? NULL
                        : agx_container_of(first->instrs.next, agx_instr, link);
   agx_builder b = head ? agx_builder_before(s, head) : agx_builder_at_end(s, first);
   agx_instr *culled = culled_by(&b, 0);
   for (unsigned k = 1; k < count; k++)
      culled = agx_ior(&b, culled, culled_by(&b, k));
   agx_instr *dead = agx_bcsel(&b, culled, agx_imm(&b, 16, 0xFF), agx_imm(&b, 16, 0));
   agx_intrin(&b, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2, dead, agx_imm(&b, 16, 0), NULL, 0,
              0, 0);
   s->fs.cull_distances = (uint8_t)count;
   return true;
}
