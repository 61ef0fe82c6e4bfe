/* Instruction selection for the bindless texture intrinsics
 * (bindless_image_load / bindless_texture_load -> texture_load,
 * bindless_image_store / bindless_image_write -> image_write,
 * bindless_texture_sample -> texture_sample). texture_sample shares
 * texture_load's operand layout (one _texture encoding in agx_isa.py); it
 * takes the sampler as a 16-bit register holding a sampler heap index
 * (St = 1) and an fp16 LOD register (lod_min), an fp16 bias register for
 * the LOD the texture unit derives from the quad (auto_lod_bias, fragment
 * shaders), or fp32 gradients (lod_grad:
 * ddx, ddy interleaved per coordinate, Mesa's order), q3 = 12 (Mesa's
 * value), and a texel offset as a 16-bit register of 4-bit fields (Ot = 1)
 * taken from the high half of the sampler-index register; a depth compare
 * (compare = 1) takes the f32 reference in O with the offset half after it;
 * query_lod (mode 2, Mesa's nir_texop_lod) returns the LOD pair. An
 * integer texture_load LOD is a 16-bit register (lod_min, added to First
 * level by the hardware). Assumes the heap base is a 64-bit uniform below half 125
 * (the 5-bit "U" field counts 64-bit units; agx_abi.h puts the set
 * addresses at uniforms 0-15) and 2D coordinates as two 32-bit values.
 * Operand values follow Mesa's agx_pack.c:
 *  - texture_load (Mesa's image_load / txf): texture = 32-bit register
 *    holding the descriptor's byte offset (bindless, type 3) plus the heap
 *    uniform pair; sampler ss0 (the driver's txf sampler); LOD mode auto
 *    with LOD 0; mask xyzw into four 32-bit registers; no compare/offset;
 *    q3 = 12 | 1: Mesa's value, with bit 0 set as for read/write image
 *    loads (the load then sees earlier image stores of the dispatch);
 *    scoreboard slot 0, so agx_emit's "wait 0" covers it (the result is
 *    asynchronous like a device load).
 *  - image_write: four 32-bit source registers, 2D coordinates, LOD
 *    immediate 0, PBE descriptor bindless as above; u1 = 1 (bit 23) and
 *    u3 = 9 (bits 43-46), fixed bits of Mesa's image_write encoding.
 *  - texture_fence: Mesa's barrier sequences (memory_barrier a, b, c
 *    values from Mesa's ISA description). */
#include "agx_isel_priv.h"

/* The 32-bit register holding source i (copied if it is an immediate or a
 * uniform: the texture operand takes only registers). */
static struct mval
reg32(struct isel *c, const agx_instr *I, unsigned i, unsigned comp)
{
   return isel_reg(c, isel_src(c, I, i, comp));
}

/* Components of source i as one contiguous tuple of n 32-bit registers. */
static struct mval
tuple(struct isel *c, const agx_instr *I, unsigned i, unsigned n)
{
   struct mval t = isel_new(c, 2 * n);
   for (unsigned k = 0; k < n; k++)
      isel_copy(c, isel_part(t, 2 * k, 2), isel_src(c, I, i, k));
   return t;
}

static bool
set_heap(struct isel *c, struct agx_minstr *mi, unsigned opnd, const agx_instr *I)
{
   unsigned byte = I->c[0];
   if (byte % 8 || byte / 2 + 4 > 125) {
      isel_fail(c, "unsupported: texture heap base at uniform byte %u", byte);
      return false;
   }
   isel_set(c, mi, opnd, agx_isa_reg(AGX_U32, byte / 4, 2));
   if (byte / 2 + 4 > c->uniform_end)
      c->uniform_end = byte / 2 + 4;
   return true;
}

static void
image_load(struct isel *c, agx_instr *I)
{
   struct mval off = reg32(c, I, 0, 0);
   struct mval xy = tuple(c, I, 1, 2);
   struct mval d = isel_new(c, 8);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_TEXTURE_LOAD);
   isel_set(c, mi, AGX_TEXTURE_LOAD_compare, agx_isa_imm(0));
   isel_set(c, mi, AGX_TEXTURE_LOAD_mode, (struct agx_isa_value){.kind = AGX_V_EMPTY});
   isel_set(c, mi, AGX_TEXTURE_LOAD_q3, agx_isa_imm(13));
   isel_set(c, mi, AGX_TEXTURE_LOAD_slot, agx_isa_imm(0));
   isel_set(c, mi, AGX_TEXTURE_LOAD_q6, agx_isa_str("none"));
   isel_set(c, mi, AGX_TEXTURE_LOAD_mask, agx_isa_str("xyzw"));
   isel_set(c, mi, AGX_TEXTURE_LOAD_kill, agx_isa_imm(0));
   isel_def(c, mi, AGX_TEXTURE_LOAD_R, d.vreg, 0, 8, 4);
   if (!set_heap(c, mi, AGX_TEXTURE_LOAD_U, I))
      return;
   isel_use(c, &mi, AGX_TEXTURE_LOAD_T, off, false, false);
   isel_set(c, mi, AGX_TEXTURE_LOAD_S, agx_isa_reg(AGX_SS, 0, 1));
   isel_set(c, mi, AGX_TEXTURE_LOAD_n, agx_isa_str("tex_2d"));
   isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_C, xy, 2);
   isel_set(c, mi, AGX_TEXTURE_LOAD_lod, agx_isa_str("auto_lod"));
   isel_set(c, mi, AGX_TEXTURE_LOAD_D, agx_isa_imm(0));
   isel_set(c, mi, AGX_TEXTURE_LOAD_O, (struct agx_isa_value){.kind = AGX_V_EMPTY});
   for (unsigned k = 0; k < 4; k++)
      c->map[I->index][k] = isel_part(d, 2 * k, 2);
}

static void
image_store(struct isel *c, agx_instr *I)
{
   struct mval off = reg32(c, I, 0, 0);
   struct mval xy = tuple(c, I, 1, 2);
   struct mval data = tuple(c, I, 2, 4);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_IMAGE_WRITE);
   isel_use_tuple(c, mi, AGX_IMAGE_WRITE_R, data, 4);
   isel_set(c, mi, AGX_IMAGE_WRITE_n, agx_isa_str("tex_2d"));
   isel_use_tuple(c, mi, AGX_IMAGE_WRITE_C, xy, 2);
   isel_set(c, mi, AGX_IMAGE_WRITE_D, agx_isa_imm(0));
   if (!set_heap(c, mi, AGX_IMAGE_WRITE_U, I))
      return;
   isel_use(c, &mi, AGX_IMAGE_WRITE_T, off, false, false);
   isel_set(c, mi, AGX_IMAGE_WRITE_round, agx_isa_str("rte"));
   isel_set(c, mi, AGX_IMAGE_WRITE_u1, agx_isa_imm(1));
   isel_set(c, mi, AGX_IMAGE_WRITE_u2, agx_isa_imm(0));
   isel_set(c, mi, AGX_IMAGE_WRITE_u3, agx_isa_imm(9));
   isel_set(c, mi, AGX_IMAGE_WRITE_u5, agx_isa_imm(0));
}

/* Texture dimension names (genxml "Texture dimension" values) and whether
 * the dimension takes an extra word (layer, sample or cube index) whose low
 * half alone is passed: the coordinates are then 16-bit halves. */
static const char *const dim_names[9] = {
   "tex_1d", "tex_1d_array", "tex_2d",         "tex_2d_array",    "tex_2d_ms",
   "tex_3d", "tex_cube",     "tex_cube_array", "tex_2d_ms_array",
};
static const bool dim_extra[9] = {0, 1, 0, 1, 1, 0, 0, 1, 1};

/* Coordinate words of source 1 as the operand tuple; *count its registers. */
static struct mval
coords(struct isel *c, const agx_instr *I, unsigned dim, unsigned *count)
{
   unsigned n = I->src[1]->type.comps;
   struct mval t = tuple(c, I, 1, n);
   if (!dim_extra[dim]) {
      *count = n;
      return t;
   }
   *count = 2 * (n - 1) + 1;
   return isel_part(t, 0, *count);
}

static bool
check_dim(struct isel *c, unsigned dim)
{
   if (dim >= 9) {
      isel_fail(c, "internal: texture dimension %u", dim);
      return false;
   }
   return true;
}

/* The low half of a 32-bit (or the 16-bit) component as a 16-bit register. */
static struct mval
half_reg(struct isel *c, const agx_instr *I, unsigned i, unsigned comp)
{
   struct mval v = isel_reg(c, isel_src(c, I, i, comp));
   return isel_part(v, 0, 1);
}

/* Gradients: ddx, ddy of each coordinate interleaved, 32-bit registers;
 * with `min`, the fp16 minimum LOD (source 4) in the low half of one more
 * (lod_grad_min). */
static struct mval
gradients(struct isel *c, const agx_instr *I, bool min, unsigned *count)
{
   unsigned n = I->src[2]->type.comps;
   struct mval t = isel_new(c, 4 * n + (min ? 2 : 0));
   for (unsigned k = 0; k < n; k++) {
      isel_copy(c, isel_part(t, 4 * k, 2), isel_src(c, I, 2, k));
      isel_copy(c, isel_part(t, 4 * k + 2, 2), isel_src(c, I, 3, k));
   }
   if (min) {
      isel_copy(c, isel_part(t, 4 * n, 1), isel_src(c, I, 4, 0));
      isel_copy(c, isel_part(t, 4 * n + 1, 1), isel_src(c, I, 4, 0));
   }
   *count = 2 * n + (min ? 1 : 0);
   return t;
}

/* auto_lod_bias_min: the fp16 bias and minimum (source 2) as one 32-bit
 * register, bias in the low half. */
static struct mval
bias_min(struct isel *c, const agx_instr *I)
{
   struct mval t = isel_new(c, 2);
   isel_copy(c, isel_part(t, 0, 1), isel_src(c, I, 2, 0));
   isel_copy(c, isel_part(t, 1, 1), isel_src(c, I, 2, 1));
   return t;
}

/* texture_load (bindless_texture_load) and texture_sample
 * (bindless_texture_sample[_grad]). */
static void
texture_op(struct isel *c, agx_instr *I)
{
   bool sample = I->op != AGX_OP_BINDLESS_TEXTURE_LOAD;
   bool grad = I->op == AGX_OP_BINDLESS_TEXTURE_SAMPLE_GRAD;
   unsigned dim = I->c[1], count, gcount = 0;
   if (!check_dim(c, dim))
      return;
   struct mval off = reg32(c, I, 0, 0);
   struct mval xy = coords(c, I, dim, &count);
   const agx_instr *lodv = I->src[2];
   unsigned flags = sample ? I->c[2] : 0;
   bool auto_lod = !sample && lodv->op == AGX_OP_CONST && lodv->value[0] == 0;
   bool auto_bias = flags & AGX_TEX_AUTO_LOD_BIAS, compare = flags & AGX_TEX_COMPARE;
   bool texel_off = flags & AGX_TEX_OFFSET, min = flags & AGX_TEX_MIN_LOD;
   struct mval lod = {0}, smp = {0}, cmp = {0};
   if (grad)
      lod = gradients(c, I, min, &gcount);
   else if (auto_bias && min)
      lod = bias_min(c, I);
   else if (!auto_lod)
      lod = half_reg(c, I, 2, 0);
   if (sample)
      smp = isel_reg(c, isel_src(c, I, 0, 1)); /* index | texel offset << 16 */
   if (compare) {
      /* operand O: the f32 reference, then the offset half (graphics.md 8.1) */
      cmp = isel_new(c, 4);
      isel_copy(c, isel_part(cmp, 0, 2), isel_src(c, I, 0, 2));
      if (texel_off)
         isel_copy(c, isel_part(cmp, 2, 1), isel_part(smp, 1, 1));
   }
   struct mval d = isel_new(c, 8);
   enum agx_isa_op op = sample ? AGX_OP_TEXTURE_SAMPLE : AGX_OP_TEXTURE_LOAD;
   struct agx_minstr *mi = isel_emit(c, op);
   isel_set(c, mi, AGX_TEXTURE_LOAD_compare, agx_isa_imm(compare));
   if (flags & AGX_TEX_QUERY_LOD)
      isel_set(c, mi, AGX_TEXTURE_LOAD_mode, agx_isa_str("query_lod"));
   else
      isel_set(c, mi, AGX_TEXTURE_LOAD_mode, (struct agx_isa_value){.kind = AGX_V_EMPTY});
   isel_set(c, mi, AGX_TEXTURE_LOAD_q3, agx_isa_imm(sample ? 12 : I->c[2]));
   isel_set(c, mi, AGX_TEXTURE_LOAD_slot, agx_isa_imm(0));
   /* gathers (const c[3] = 1 + component): Mesa's gather_r .. gather_a */
   static const char *const gathers[5] = {"none", "gather_r", "gather_g", "gather_b", "gather_a"};
   unsigned gather = sample && I->c[3] <= 4 ? I->c[3] : 0;
   isel_set(c, mi, AGX_TEXTURE_LOAD_q6, agx_isa_str(gathers[gather]));
   isel_set(c, mi, AGX_TEXTURE_LOAD_mask, agx_isa_str("xyzw"));
   isel_set(c, mi, AGX_TEXTURE_LOAD_kill, agx_isa_imm(0));
   isel_def(c, mi, AGX_TEXTURE_LOAD_R, d.vreg, 0, 8, 4);
   if (!set_heap(c, mi, AGX_TEXTURE_LOAD_U, I))
      return;
   isel_use(c, &mi, AGX_TEXTURE_LOAD_T, off, false, false);
   if (sample)
      isel_use(c, &mi, AGX_TEXTURE_LOAD_S, isel_part(smp, 0, 1), false, false);
   else
      isel_set(c, mi, AGX_TEXTURE_LOAD_S, agx_isa_reg(AGX_SS, 0, 1));
   isel_set(c, mi, AGX_TEXTURE_LOAD_n, agx_isa_str(dim_names[dim]));
   isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_C, xy, count);
   isel_set(c, mi, AGX_TEXTURE_LOAD_lod,
            agx_isa_str(grad && min        ? "lod_grad_min"
                        : grad             ? "lod_grad"
                        : auto_lod         ? "auto_lod"
                        : auto_bias && min ? "auto_lod_bias_min"
                        : auto_bias        ? "auto_lod_bias"
                                           : "lod_min"));
   if (grad)
      isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_D, lod, gcount);
   else if (auto_bias && min)
      isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_D, lod, 1);
   else if (auto_lod)
      isel_set(c, mi, AGX_TEXTURE_LOAD_D, agx_isa_imm(0));
   else
      isel_use(c, &mi, AGX_TEXTURE_LOAD_D, lod, false, false);
   if (compare && texel_off) /* three halves: the offset flag (Ot) is set */
      isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_O, isel_part(cmp, 0, 3), 3);
   else if (compare)
      isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_O, isel_part(cmp, 0, 2), 1);
   else if (texel_off)
      isel_use(c, &mi, AGX_TEXTURE_LOAD_O, isel_part(smp, 1, 1), false, false);
   else
      isel_set(c, mi, AGX_TEXTURE_LOAD_O, (struct agx_isa_value){.kind = AGX_V_EMPTY});
   for (unsigned k = 0; k < 4; k++)
      c->map[I->index][k] = isel_part(d, 2 * k, 2);
}

static void
image_write(struct isel *c, agx_instr *I)
{
   unsigned dim = I->c[1], count;
   if (!check_dim(c, dim))
      return;
   struct mval off = reg32(c, I, 0, 0);
   struct mval xy = coords(c, I, dim, &count);
   struct mval data = tuple(c, I, 2, 4);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_IMAGE_WRITE);
   isel_use_tuple(c, mi, AGX_IMAGE_WRITE_R, data, 4);
   isel_set(c, mi, AGX_IMAGE_WRITE_n, agx_isa_str(dim_names[dim]));
   isel_use_tuple(c, mi, AGX_IMAGE_WRITE_C, xy, count);
   isel_set(c, mi, AGX_IMAGE_WRITE_D, agx_isa_imm(0));
   if (!set_heap(c, mi, AGX_IMAGE_WRITE_U, I))
      return;
   isel_use(c, &mi, AGX_IMAGE_WRITE_T, off, false, false);
   isel_set(c, mi, AGX_IMAGE_WRITE_round, agx_isa_str("rte"));
   isel_set(c, mi, AGX_IMAGE_WRITE_u1, agx_isa_imm(1));
   isel_set(c, mi, AGX_IMAGE_WRITE_u2, agx_isa_imm(0));
   isel_set(c, mi, AGX_IMAGE_WRITE_u3, agx_isa_imm(9));
   isel_set(c, mi, AGX_IMAGE_WRITE_u5, agx_isa_imm(0));
}

/* memory_barrier with Mesa's (a, b, c) values for its named barriers */
static void
barrier(struct isel *c, unsigned a, unsigned b, unsigned cc)
{
   struct agx_minstr *mi = isel_emit(c, AGX_ISAOP_MEMORY_BARRIER);
   isel_set(c, mi, 0, agx_isa_imm(a));
   isel_set(c, mi, 1, agx_isa_imm(b));
   isel_set(c, mi, 2, agx_isa_imm(cc));
}

/* Mesa's fence_pbe_to_tex (image_barrier_1-4) and fence_mem_to_tex
 * (memory_barrier, memory_barrier_2, image_barrier_1-4,
 * flush_memory_to_texture); what each barrier does is not known. */
static void
texture_fence(struct isel *c, bool memory)
{
   if (memory) {
      isel_emit(c, AGX_OP_WAIT); /* the atomics complete first */
      barrier(c, 1, 2, 9);
      barrier(c, 2, 2, 9);
   }
   barrier(c, 2, 2, 10);
   barrier(c, 3, 2, 10);
   barrier(c, 2, 1, 10);
   barrier(c, 3, 1, 10);
   if (memory)
      barrier(c, 0, 0, 4);
}

bool
isel_tex(struct isel *c, agx_instr *I)
{
   switch (I->op) {
   case AGX_OP_TEXTURE_FENCE:
      texture_fence(c, I->c[0] == 1);
      return true;
   case AGX_OP_BINDLESS_IMAGE_LOAD:
      image_load(c, I);
      return true;
   case AGX_OP_BINDLESS_IMAGE_STORE:
      image_store(c, I);
      return true;
   case AGX_OP_BINDLESS_TEXTURE_LOAD:
   case AGX_OP_BINDLESS_TEXTURE_SAMPLE:
   case AGX_OP_BINDLESS_TEXTURE_SAMPLE_GRAD:
      texture_op(c, I);
      return true;
   case AGX_OP_BINDLESS_IMAGE_WRITE:
      image_write(c, I);
      return true;
   default:
      return false;
   }
}
