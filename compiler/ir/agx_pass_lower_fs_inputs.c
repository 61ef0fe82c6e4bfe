/* Fragment shader inputs -> coefficient registers (graphics.md §4.1, Mesa
 * agx_nir_lower_interpolation.c / agx_compile.c). Assigns cf registers as
 * Mesa does: W first when any input is perspective or FragCoord.w is read,
 * then Z when FragCoord.z is read, then one binding per input location
 * (user ones, then the internal clip/cull ones: agx_fs_input_location)
 * (components x..highest read), in location order; fills s->fs.cf (the CF
 * binding table the driver writes, base slots at link time) and
 * s->fs.num_cf_regs. Then:
 *   load_input smooth   -> interp_cf (iterproj with the W register)
 *   load_input linear   -> interp_cf (iter)
 *   load_input coeffs   -> load_cf vec3 (ldcf: A, B, C; agx_pass_lower_cull_fs)
 *   load_input flat     -> load_cf (ldcf, coefficient C)
 *   load_frag_coord_zw  -> iter of the Z and W registers (W holds 1/w); at
 *                          the sample (sample iterator) when flagged
 *                          AGX_INTERP_SAMPLE by agx_pass_sample_shading_inputs
 *   load_frag_coord_xy  -> pixel coordinates (SR 80/81) + load_sample_pos
 *   load_point_coord    -> iter of a Point coord binding (after the inputs)
 *   load_primitive_id   -> ldcf of a flat PrimitiveId binding (last; the
 *                          linker picks the geometry shader's word or the
 *                          hardware's Primitive ID, agx_uvs.h)
 *   load_front_facing   -> !backfacing (SR 62)
 *   load_helper_invocation -> !is_active_thread (SR 63) || no live sample
 *                             (SR 60 & load_active_samples == 0: demoted)
 * Centroid inputs use the centroid iterator; Sample ones the sample
 * iterator at load_sample_id (agx_pass_lower_sample_shading lowers it);
 *   load_input_at_sample -> iter sample mode at index & (samples - 1)
 *                           (SR 14 = log2 samples; Mesa forces index 0
 *                           without MSAA, agx_nir_lower_sample_intrinsics.c)
 *   load_input_at_offset -> software (graphics.md §4.1): ldcf A, B, C,
 *                           A x + B y + C at x = (px mod 32) + 0.5 + dx,
 *                           divided by W's value there when perspective */
#include "agx_builder.h"
#include "agx_passes.h"

struct fs_state {
   agx_shader *s;
   uint8_t cf_of_loc[AGX_UVS_MAX_LOCATIONS];
   unsigned w_cf, z_cf, pc_cf, pid_cf;
};

static agx_instr *
load_sr(agx_builder *b, unsigned sr)
{
   return agx_intrin(b, AGX_OP_LOAD_SR, agx_type_make(32, 1), 0, NULL, NULL, NULL, sr, 0, 0);
}

static agx_instr *
iter(agx_builder *b, unsigned cf, unsigned mode, unsigned persp_cf)
{
   return agx_intrin(b, AGX_OP_INTERP_CF, agx_type_make(32, 1), 0, NULL, NULL, NULL, cf, mode,
                     persp_cf);
}

static agx_instr *
iter_sample(agx_builder *b, unsigned cf, agx_instr *index, unsigned persp_cf)
{
   return agx_intrin(b, AGX_OP_INTERP_CF_SAMPLE, agx_type_make(32, 1), 1, agx_u2u(b, 16, index),
                     NULL, NULL, cf, persp_cf, 0);
}

/* the value of cf register `cf` at the pixel centre + offset (32x2) */
static agx_instr *
eval_at_offset(agx_builder *b, unsigned cf, agx_instr *off)
{
   agx_instr *abc =
      agx_intrin(b, AGX_OP_LOAD_CF_ABC, agx_type_make(32, 3), 0, NULL, NULL, NULL, cf, 0, 0);
   agx_instr *half = agx_imm(b, 32, 0x3f000000), *mask = agx_imm(b, 32, 31);
   agx_instr *x = agx_fadd(b, agx_fadd(b, agx_u2f(b, 32, agx_iand(b, load_sr(b, 80), mask)), half),
                           agx_extract(b, off, 0));
   agx_instr *y = agx_fadd(b, agx_fadd(b, agx_u2f(b, 32, agx_iand(b, load_sr(b, 81), mask)), half),
                           agx_extract(b, off, 1));
   return agx_ffma(b, agx_extract(b, abc, 0), x,
                   agx_ffma(b, agx_extract(b, abc, 1), y, agx_extract(b, abc, 2)));
}

static agx_instr *
lower_input(agx_builder *b, struct fs_state *st, agx_instr *I)
{
   unsigned loc, comp, interp = I->c[2];
   if (!agx_fs_input_location(I, &loc, &comp))
      return agx_undef(b, I->type);
   unsigned cf = st->cf_of_loc[loc] + comp;
   if (interp & AGX_INTERP_COEFFS)
      return agx_intrin(b, AGX_OP_LOAD_CF, agx_type_make(32, 3), 0, NULL, NULL, NULL, cf, 0, 0);
   unsigned mode = (interp & AGX_INTERP_CENTROID) ? 2 : 0;
   unsigned kind = st->s->fs.input_interp[loc];
   unsigned persp = kind == AGX_INTERP_LINEAR ? 0 : st->w_cf + 1;
   if (kind == AGX_INTERP_FLAT)
      return agx_intrin(b, AGX_OP_LOAD_CF, agx_type_make(32, 1), 0, NULL, NULL, NULL, cf, 0, 0);
   if (I->op == AGX_OP_LOAD_INPUT_AT_SAMPLE) {
      agx_instr *n = agx_ishl(b, agx_imm(b, 32, 1), load_sr(b, 14));
      agx_instr *k = agx_iand(b, I->src[0], agx_isub(b, n, agx_imm(b, 32, 1)));
      return iter_sample(b, cf, k, persp);
   }
   if (I->op == AGX_OP_LOAD_INPUT_AT_OFFSET) {
      agx_instr *v = eval_at_offset(b, cf, I->src[0]);
      return persp ? agx_fdiv(b, v, eval_at_offset(b, st->w_cf, I->src[0])) : v;
   }
   if (interp & AGX_INTERP_SAMPLE)
      return iter_sample(
         b, cf,
         agx_intrin(b, AGX_OP_LOAD_SAMPLE_ID, agx_type_make(32, 1), 0, NULL, NULL, NULL, 0, 0, 0),
         persp);
   return iter(b, cf, mode, persp);
}

static bool
is_input_load(const agx_instr *I)
{
   return I->op == AGX_OP_LOAD_INPUT || I->op == AGX_OP_LOAD_INPUT_AT_SAMPLE ||
          I->op == AGX_OP_LOAD_INPUT_AT_OFFSET;
}

static agx_instr *
lower(agx_builder *b, agx_instr *I, void *data)
{
   struct fs_state *st = data;
   switch (I->op) {
   case AGX_OP_LOAD_INPUT:
   case AGX_OP_LOAD_INPUT_AT_SAMPLE:
   case AGX_OP_LOAD_INPUT_AT_OFFSET:
      return lower_input(b, st, I);
   case AGX_OP_LOAD_FRAG_COORD_ZW: {
      /* per-sample shading: at the invocation's sample (the sample
       * iterator, as Sample-qualified inputs), else at the pixel centre */
      if (I->c[2] & AGX_INTERP_SAMPLE) {
         agx_instr *id = agx_intrin(b, AGX_OP_LOAD_SAMPLE_ID, agx_type_make(32, 1), 0, NULL, NULL,
                                    NULL, 0, 0, 0);
         agx_instr *v[2] = {st->s->fs.reads_frag_coord_z ? iter_sample(b, st->z_cf, id, 0)
                                                         : agx_imm(b, 32, 0),
                            iter_sample(b, st->w_cf, id, 0)};
         return agx_vec(b, 2, v);
      }
      agx_instr *v[2] = {st->s->fs.reads_frag_coord_z ? iter(b, st->z_cf, 0, 0) : agx_imm(b, 32, 0),
                         iter(b, st->w_cf, 0, 0)};
      return agx_vec(b, 2, v);
   }
   case AGX_OP_LOAD_POINT_COORD: {
      agx_instr *v[2] = {iter(b, st->pc_cf, 0, 0), iter(b, st->pc_cf + 1, 0, 0)};
      return agx_vec(b, 2, v);
   }
   case AGX_OP_LOAD_FRAG_COORD_XY: {
      /* + the sample position (0.5, 0.5 without a per-sample loop; Vulkan:
       * with sample shading FragCoord is at the invocation's sample) */
      agx_instr *pos =
         agx_intrin(b, AGX_OP_LOAD_SAMPLE_POS, agx_type_make(32, 2), 0, NULL, NULL, NULL, 0, 0, 0);
      agx_instr *v[2] = {agx_fadd(b, agx_u2f(b, 32, load_sr(b, 80)), agx_extract(b, pos, 0)),
                         agx_fadd(b, agx_u2f(b, 32, load_sr(b, 81)), agx_extract(b, pos, 1))};
      return agx_vec(b, 2, v);
   }
   case AGX_OP_LOAD_PRIMITIVE_ID:
      return agx_intrin(b, AGX_OP_LOAD_CF, agx_type_make(32, 1), 0, NULL, NULL, NULL, st->pid_cf, 0,
                        0);
   case AGX_OP_LOAD_FRONT_FACING:
      return agx_ieq(b, load_sr(b, 62), agx_imm(b, 32, 0));
   case AGX_OP_LOAD_HELPER_INVOCATION: {
      /* a quad helper (SR 63 = 0), or no live sample left among those
       * shaded (demoted: SR 60 coverage read where it stands; Mesa
       * agx_nir_lower_sample_intrinsics.c for per-sample loops) */
      agx_instr *cov = agx_intrin(b, AGX_OP_LOAD_SR_VOLATILE, agx_type_make(32, 1), 0, NULL, NULL,
                                  NULL, 60, 0, 0);
      agx_instr *act = agx_intrin(b, AGX_OP_LOAD_ACTIVE_SAMPLES, agx_type_make(16, 1), 0, NULL,
                                  NULL, NULL, 0, 0, 0);
      agx_instr *dead = agx_ieq(b, agx_iand(b, cov, agx_u2u(b, 32, act)), agx_imm(b, 32, 0));
      return agx_ior(b, agx_ieq(b, load_sr(b, 63), agx_imm(b, 32, 0)), dead);
   }
   default:
      return NULL;
   }
}

static struct agx_cf_binding *
add_binding(agx_shader *s, unsigned *next, unsigned count)
{
   struct agx_cf_binding *b = &s->fs.cf[s->fs.num_cf_bindings++];
   b->cf_base = (uint8_t)*next;
   b->count = (uint8_t)count;
   b->location = AGX_UVS_NONE;
   b->source = AGX_CF_SOURCE_VARYING;
   b->interp = AGX_INTERP_LINEAR;
   *next += count;
   return b;
}

bool
agx_pass_lower_fs_inputs(agx_shader *s)
{
   struct fs_state st = {.s = s};
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   bool any_persp = false, reads_zw = false, any = false, reads_pc = false, reads_pid = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      unsigned loc, comp;
      if (is_input_load(I) && agx_fs_input_location(I, &loc, &comp)) {
         if (!s->fs.input_comps[loc])
            s->fs.input_interp[loc] = (uint8_t)(I->c[2] & AGX_INTERP_MASK);
         s->fs.input_comps[loc] |= (uint8_t)(1u << comp);
         any_persp |= s->fs.input_interp[loc] == AGX_INTERP_SMOOTH;
         any = true;
      } else if (I->op == AGX_OP_LOAD_FRAG_COORD_ZW) {
         reads_zw = any = true;
      } else if (I->op == AGX_OP_LOAD_POINT_COORD) {
         reads_pc = any = true;
      } else if (I->op == AGX_OP_LOAD_PRIMITIVE_ID) {
         reads_pid = any = true;
      } else if (I->op == AGX_OP_LOAD_FRONT_FACING) {
         s->fs.reads_front_facing = any = true;
      } else if (I->op == AGX_OP_LOAD_HELPER_INVOCATION || I->op == AGX_OP_LOAD_FRAG_COORD_XY) {
         s->fs.reads_helper |= I->op == AGX_OP_LOAD_HELPER_INVOCATION;
         any = true;
      }
   }
   s->fs.num_cf_bindings = 0;
   unsigned next = 0;
   if (any_persp || reads_zw) {
      struct agx_cf_binding *w = add_binding(s, &next, 1);
      w->is_w = true;
      st.w_cf = w->cf_base;
      s->fs.reads_w = true;
   }
   if (reads_zw) {
      /* FragCoord.z: Mesa reads it whenever FragCoord is (the driver sets
       * Output Select "Frag coord Z") */
      struct agx_cf_binding *z = add_binding(s, &next, 1);
      z->source = AGX_CF_SOURCE_FRAGCOORD_Z;
      st.z_cf = z->cf_base;
      s->fs.reads_frag_coord_z = true;
   }
   for (unsigned loc = 0; loc < AGX_UVS_MAX_LOCATIONS; loc++) {
      uint8_t m = s->fs.input_comps[loc];
      if (!m)
         continue;
      unsigned count = m & 8 ? 4 : m & 4 ? 3 : m & 2 ? 2 : 1;
      struct agx_cf_binding *b = add_binding(s, &next, count);
      b->location = (uint8_t)loc;
      b->comp = 0;
      b->interp = s->fs.input_interp[loc];
      st.cf_of_loc[loc] = b->cf_base;
   }
   if (reads_pc) {
      /* the rasteriser's point coordinate (CF source Point coord, 2 slots
       * from base slot 0; linear) */
      struct agx_cf_binding *pc = add_binding(s, &next, 2);
      pc->source = AGX_CF_SOURCE_POINT_COORD;
      st.pc_cf = pc->cf_base;
      s->fs.reads_point_coord = true;
   }
   if (reads_pid) {
      struct agx_cf_binding *pid = add_binding(s, &next, 1);
      pid->location = AGX_UVS_PRIMITIVE_ID;
      pid->source = AGX_CF_SOURCE_PRIMITIVE_ID;
      pid->interp = AGX_INTERP_FLAT;
      st.pid_cf = pid->cf_base;
      s->fs.reads_primitive_id = true;
   }
   s->fs.num_cf_regs = next;
   for (unsigned loc = 0; loc < AGX_UVS_MAX_LOCATIONS; loc++)
      if (!s->fs.input_comps[loc])
         s->fs.input_interp[loc] = 0xFF; /* not read (agx_backend_options.fs_interp) */
   if (!any)
      return false;
   return agx_lower_each(s, lower, &st);
}
