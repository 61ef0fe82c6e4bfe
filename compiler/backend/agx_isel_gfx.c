/* Instruction selection of graphics-stage operations: st_var/st_var_final/
 * no_var (vertex outputs), iter/iterproj/ldcf (fragment inputs), get_sr,
 * wait_pix, st_tile and sample_mask, and the registers preloaded at entry.
 * Encodings as Mesa's agx_pack.c sets the bits not named by applegpu:
 * st_var's bit 31 (u) is set, iter's kill/forward bits are clear, st_tile
 * uses all samples (immediate 0xFF) and implicit coordinates. */
#include "agx_isel_priv.h"
#include "agx_tilebuffer.h"

static struct agx_isa_value
empty(void)
{
   struct agx_isa_value v = {.kind = AGX_V_EMPTY};
   return v;
}

void
isel_preload_setup(struct isel *c)
{
   if (!agx_stage_is_compute(c->s->stage) && !c->s->epilog) {
      /* graphics stages start with undefined registers: the execution-mask
       * counter r0l must be 0 before any control flow (graphics.md §4.2) */
      struct agx_minstr *mi = isel_emit(c, AGX_OP_MOV_IMM16);
      isel_set(c, mi, 0, agx_isa_reg(AGX_R16, 0, 1));
      isel_set(c, mi, 1, agx_isa_imm(0));
   }
   agx_instr **all;
   unsigned n = agx_collect_instrs(c->s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_LOAD_PRELOADED && I->op != AGX_OP_STORE_PRELOADED)
         continue;
      unsigned reg = I->c[0];
      if (reg < 2 || reg >= 128) {
         isel_fail(c, "unsupported: preloaded register r%u", reg);
         return;
      }
      if (c->preload[reg].kind != MV_REG) {
         struct mval v = isel_new(c, 2);
         c->m->vflags[v.vreg] |= AGX_MIR_V_FIXED;
         c->m->phys[v.vreg] = 2 * reg;
         struct agx_minstr *mi = agx_mir_push(c->m, AGX_M_PRELOAD);
         struct agx_mslot *sl = &mi->slot[mi->nslots++];
         sl->opnd = 0;
         sl->def = true;
         sl->vreg = v.vreg;
         sl->off = 0;
         sl->halves = 2;
         sl->v = agx_isa_reg(AGX_R32, 0, 1);
         c->preload[reg] = v;
      }
      if (I->op == AGX_OP_LOAD_PRELOADED)
         c->map[I->index][0] = c->preload[reg];
   }
}

void
isel_preload_finish(struct isel *c)
{
   if (!c->s->prolog)
      return;
   /* a prolog hands its fixed registers to the next program: keep them live
    * (and untouched by temporaries) to the end */
   struct agx_minstr *mi = NULL;
   for (unsigned reg = 0; reg < 128; reg++) {
      if (c->preload[reg].kind != MV_REG)
         continue;
      if (!mi || mi->nslots == AGX_MIR_MAX_SLOTS)
         mi = agx_mir_push(c->m, AGX_M_PRELOAD);
      struct agx_mslot *sl = &mi->slot[mi->nslots++];
      sl->opnd = 0;
      sl->def = false;
      sl->vreg = c->preload[reg].vreg;
      sl->off = 0;
      sl->halves = 2;
      sl->v = agx_isa_reg(AGX_R32, 0, 1);
   }
}

static void
store_uvs(struct isel *c, agx_instr *I)
{
   if (I->src[0]->type.bits != 32 || I->src[0]->type.comps != 1 || I->c[0] > 255) {
      isel_fail(c, "unsupported: st_var of a %u-bit value to word %u", I->src[0]->type.bits,
                I->c[0]);
      return;
   }
   struct mval v = isel_reg(c, isel_src(c, I, 0, 0));
   bool last = I->c[1] != 0;
   struct agx_minstr *mi = isel_emit(c, last ? AGX_OP_ST_VAR_FINAL : AGX_OP_ST_VAR);
   isel_set(c, mi, AGX_ST_VAR_u, agx_isa_imm(1));
   isel_use(c, &mi, AGX_ST_VAR_r, v, false, false);
   isel_set(c, mi, AGX_ST_VAR_I, agx_isa_imm(I->c[0]));
}

/* iter (persp_cf 0) or iterproj of one component */
static void
interp(struct isel *c, agx_instr *I)
{
   bool proj = I->c[2] != 0;
   struct mval d = isel_dst(c, I, 0);
   struct agx_minstr *mi = isel_emit(c, proj ? AGX_OP_ITERPROJ : AGX_OP_ITER);
   isel_def(c, mi, AGX_ITER_D, d.vreg, d.off, 2, 1);
   isel_set(c, mi, AGX_ITER_I, agx_isa_reg(AGX_CF, I->c[0], 1));
   unsigned base = proj ? AGX_ITERPROJ_S - AGX_ITER_S : 0;
   if (proj)
      isel_set(c, mi, AGX_ITERPROJ_J, agx_isa_reg(AGX_CF, I->c[2] - 1, 1));
   isel_set(c, mi, AGX_ITER_interpolation + base,
            agx_isa_str(I->c[1] == 2 ? "centroid" : "center"));
   isel_set(c, mi, AGX_ITER_S + base, empty());
}

static void
load_cf(struct isel *c, agx_instr *I)
{
   /* ldcf writes A, B, C of the component: the value is C (a vec3 result:
    * all three, agx_pass_lower_cull_fs) */
   struct mval t = isel_new(c, 6);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_TODO_LDCF);
   isel_def(c, mi, AGX_TODO_LDCF_D, t.vreg, 0, 6, 3);
   isel_set(c, mi, AGX_TODO_LDCF_I, agx_isa_reg(AGX_CF, I->c[0], 1));
   if (I->type.comps == 3) {
      for (unsigned k = 0; k < 3; k++)
         c->map[I->index][k] = isel_part(t, 2 * k, 2);
   } else {
      c->map[I->index][0] = isel_part(t, 4, 2);
   }
}

/* ldcf keeping A, B, C (interpolateAtOffset) */
static void
load_cf_abc(struct isel *c, agx_instr *I)
{
   struct mval t = isel_new(c, 6);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_TODO_LDCF);
   isel_def(c, mi, AGX_TODO_LDCF_D, t.vreg, 0, 6, 3);
   isel_set(c, mi, AGX_TODO_LDCF_I, agx_isa_reg(AGX_CF, I->c[0], 1));
   for (unsigned k = 0; k < 3; k++)
      c->map[I->index][k] = isel_part(t, 2 * k, 2);
}

/* iter / iterproj at the sample whose index is the 16-bit source */
static void
interp_sample(struct isel *c, agx_instr *I)
{
   bool proj = I->c[1] != 0;
   struct mval d = isel_dst(c, I, 0);
   struct agx_minstr *mi = isel_emit(c, proj ? AGX_OP_ITERPROJ : AGX_OP_ITER);
   isel_def(c, mi, AGX_ITER_D, d.vreg, d.off, 2, 1);
   isel_set(c, mi, AGX_ITER_I, agx_isa_reg(AGX_CF, I->c[0], 1));
   unsigned base = proj ? AGX_ITERPROJ_S - AGX_ITER_S : 0;
   if (proj)
      isel_set(c, mi, AGX_ITERPROJ_J, agx_isa_reg(AGX_CF, I->c[1] - 1, 1));
   isel_set(c, mi, AGX_ITER_interpolation + base, agx_isa_str("sample"));
   struct mval k = isel_src(c, I, 0, 0);
   if (k.kind == MV_IMM && k.imm < 256)
      isel_set(c, mi, AGX_ITER_S + base, agx_isa_imm((int64_t)k.imm));
   else
      isel_use(c, &mi, AGX_ITER_S + base, k, false, false);
}

/* write-mask operand names (agx_isa.py WRITE_MASK) */
static const char *
mask_name(unsigned m)
{
   static const char *const names[16] = {"",  "x",  "y",  "xy",  "z",  "xz",  "yz",  "xyz",
                                         "w", "xw", "yw", "xyw", "zw", "xzw", "yzw", "xyzw"};
   return names[m & 15];
}

/* A sample-mask operand (st_tile / ld_tile / zs_emit S): an immediate
 * when the source is a constant below 256, else its register (the ISA's
 * register-or-immediate sample_mask operand, agx_isa.py). */
static void
set_samples(struct isel *c, struct agx_minstr **mi, unsigned op, agx_instr *I, unsigned src)
{
   struct mval v = isel_src(c, I, src, 0);
   if (v.kind == MV_IMM && v.imm < 256)
      isel_set(c, *mi, op, agx_isa_imm((int64_t)v.imm));
   else
      isel_use(c, mi, op, v, false, false);
}

static void
store_tile(struct isel *c, agx_instr *I)
{
   const agx_type t = I->src[0]->type;
   unsigned n = t.comps;
   /* registers hold the enabled components consecutively (masked st_tile:
    * colour write masks, graphics.md §4.5) */
   if ((t.bits != 32 && t.bits != 16) || I->c[1] > 15 ||
       (unsigned)__builtin_popcount(I->c[1]) != n || I->c[2] > 511) {
      isel_fail(c, "unsupported: st_tile of %ux%u-bit (mask 0x%x, offset %u)", n, t.bits, I->c[1],
                I->c[2]);
      return;
   }
   static const char *const fmt[16] = {"i8",       "i16",     "i32",     "f16", "u8norm", "s8norm",
                                       "u16norm",  "s16norm", "rgb10a2", NULL,  "srgba8", NULL,
                                       "rg11b10f", "rgb9e5",  NULL,      NULL};
   const char *f = I->c[0] < 16 ? fmt[I->c[0]] : NULL;
   if (!f) {
      isel_fail(c, "unsupported tilebuffer format %u", I->c[0]);
      return;
   }
   struct mval v = isel_gather(c, I, 0);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_TODO_LD_ST_TILE);
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_load, agx_isa_imm(0));
   isel_use_tuple(c, mi, AGX_TODO_LD_ST_TILE_R, v, n);
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_F, agx_isa_str(f));
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_u0, agx_isa_imm(0));
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_mask, agx_isa_str(mask_name(I->c[1])));
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_O, agx_isa_imm(I->c[2]));
   set_samples(c, &mi, AGX_TODO_LD_ST_TILE_S, I, 1);
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_C, agx_isa_imm(0));
}

/* ld_tile of the components in c[1] into 32-bit registers (Mesa's
 * agx_ld_tile: sample mask 0xFF, which the hardware reads as the first
 * covered sample for single-sample epilogs [assumption]). */
static void
load_tile(struct isel *c, agx_instr *I)
{
   static const char *const fmt[16] = {"i8",       "i16",     "i32",     "f16", "u8norm", "s8norm",
                                       "u16norm",  "s16norm", "rgb10a2", NULL,  "srgba8", NULL,
                                       "rg11b10f", "rgb9e5",  NULL,      NULL};
   unsigned n = (unsigned)__builtin_popcount(I->c[1] & 15);
   const char *f = I->c[0] < 16 ? fmt[I->c[0]] : NULL;
   if (!f || !n || I->c[1] > 15 || I->c[2] > 511 || I->type.bits != 32 || I->type.comps != n) {
      isel_fail(c, "unsupported: ld_tile format %u mask 0x%x offset %u", I->c[0], I->c[1], I->c[2]);
      return;
   }
   struct mval d = isel_new(c, 2 * n);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_TODO_LD_ST_TILE);
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_load, agx_isa_imm(1));
   isel_def(c, mi, AGX_TODO_LD_ST_TILE_R, d.vreg, 0, 2 * n, n);
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_F, agx_isa_str(f));
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_u0, agx_isa_imm(0));
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_mask, agx_isa_str(mask_name(I->c[1])));
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_O, agx_isa_imm(I->c[2]));
   set_samples(c, &mi, AGX_TODO_LD_ST_TILE_S, I, 0);
   isel_set(c, mi, AGX_TODO_LD_ST_TILE_C, agx_isa_imm(0));
   for (unsigned k = 0; k < n; k++)
      c->map[I->index][k] = isel_part(d, 2 * k, 2);
}

static void
sample_mask(struct isel *c, agx_instr *I)
{
   struct agx_minstr *mi = isel_emit(c, AGX_OP_SAMPLE_MASK);
   /* isel_use copies a uniform or immediate into a register before mi (an isel_reg here
    * would emit the copy after mi, which would then read the register unset) */
   for (unsigned k = 0; k < 2; k++)
      set_samples(c, &mi, k ? AGX_SAMPLE_MASK_M : AGX_SAMPLE_MASK_S, I, k);
}

static void
tile_texture_load(struct isel *c, agx_instr *I)
{
   unsigned ncoord = I->src[0]->type.comps; /* 3: x, y, layer of a 2D array */
   bool ms = I->c[1]; /* 3: x, y, sample of a 2D MS texture; 4: x, y, sample, layer of a
                         2D MS array */
   if (ms && ncoord != 3 && ncoord != 4) {
      isel_fail(c, "internal: a multisampled tile load without a sample index");
      return;
   }
   struct mval xy;
   unsigned halves;
   if (ms && ncoord == 4) {
      /* x, y as 32-bit words, then the extra word: sample in its low half, layer in its high
       * half (Mesa agx_nir_lower_texture.c packs 2D MS array indices so; the simulator's
       * agx_sim_tex_coords reads them so) */
      xy = isel_new(c, 6);
      isel_copy(c, isel_part(xy, 0, 2), isel_src(c, I, 0, 0));
      isel_copy(c, isel_part(xy, 2, 2), isel_src(c, I, 0, 1));
      isel_copy(c, isel_part(xy, 4, 1), isel_part(isel_reg(c, isel_src(c, I, 0, 2)), 0, 1));
      isel_copy(c, isel_part(xy, 5, 1), isel_part(isel_reg(c, isel_src(c, I, 0, 3)), 0, 1));
      halves = 6;
   } else {
      xy = isel_gather(c, I, 0);
      /* arrays: x, y as 32-bit words and the layer's low half (5 halves, agx_isel_tex.c
       * coords); 2D MS: the sample index's low half likewise */
      halves = ncoord == 3 ? 5 : 4;
   }
   struct mval d = isel_new(c, 8);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_TEXTURE_LOAD);
   isel_set(c, mi, AGX_TEXTURE_LOAD_compare, agx_isa_imm(0));
   isel_set(c, mi, AGX_TEXTURE_LOAD_mode, empty());
   /* coherent (spilled render targets): bit 0 as Mesa sets it for images
    * written during the dispatch, so earlier fragments' stores are seen */
   isel_set(c, mi, AGX_TEXTURE_LOAD_q3, agx_isa_imm(I->c[2] ? 13 : 12));
   isel_set(c, mi, AGX_TEXTURE_LOAD_slot, agx_isa_imm(0));
   isel_set(c, mi, AGX_TEXTURE_LOAD_q6, agx_isa_str("none"));
   isel_set(c, mi, AGX_TEXTURE_LOAD_mask, agx_isa_str("xyzw"));
   isel_set(c, mi, AGX_TEXTURE_LOAD_kill, agx_isa_imm(0));
   isel_def(c, mi, AGX_TEXTURE_LOAD_R, d.vreg, 0, 8, 4);
   isel_set(c, mi, AGX_TEXTURE_LOAD_U, (struct agx_isa_value){.kind = AGX_V_NONE});
   isel_set(c, mi, AGX_TEXTURE_LOAD_T, agx_isa_reg(AGX_TS, I->c[0], 1));
   isel_set(c, mi, AGX_TEXTURE_LOAD_S, agx_isa_reg(AGX_SS, 0, 1));
   isel_set(c, mi, AGX_TEXTURE_LOAD_n,
            agx_isa_str(ms && ncoord == 4 ? "tex_2d_ms_array"
                        : ms              ? "tex_2d_ms"
                        : ncoord == 3     ? "tex_2d_array"
                                          : "tex_2d"));
   if (halves == 4)
      isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_C, xy, 2);
   else
      isel_use_tuple(c, mi, AGX_TEXTURE_LOAD_C, isel_part(xy, 0, halves), halves);
   isel_set(c, mi, AGX_TEXTURE_LOAD_lod, agx_isa_str("auto_lod"));
   isel_set(c, mi, AGX_TEXTURE_LOAD_D, agx_isa_imm(0));
   isel_set(c, mi, AGX_TEXTURE_LOAD_O, empty());
   for (unsigned k = 0; k < 4; k++)
      c->map[I->index][k] = isel_part(d, 2 * k, 2);
   /* asynchronous like device loads: agx_emit waits before the first use */
}

static void
tile_block_store(struct isel *c, agx_instr *I)
{
   static const char *const fmt[16] = {"i8",       "i16",     "i32",     "f16", "u8norm", "s8norm",
                                       "u16norm",  "s16norm", "rgb10a2", NULL,  "srgba8", NULL,
                                       "rg11b10f", "rgb9e5",  NULL,      NULL};
   unsigned format = I->c[2] & 0xF, samples = (I->c[2] >> 8) & 0xF;
   bool layered = I->c[2] & (1u << 12);
   /* f16 render targets are copied as i16 bits (graphics.md §5.4) */
   const char *f = fmt[format == AGX_FMT_F16 ? AGX_FMT_I16 : format];
   if (!f) {
      isel_fail(c, "unsupported tilebuffer format %u", format);
      return;
   }
   bool ms_array = layered && samples > 1;
   struct mval off = isel_new(c, 2);
   isel_copy(c, off, (struct mval){.kind = MV_IMM, .halves = 2, .imm = I->c[1]});
   /* implicit coordinates: the operand is not read (Mesa passes the layer) */
   bool wide = samples > 1 || layered; /* the 5 (2D MS arrays: 6) x 16-bit (Cs = 0) operand */
   struct mval coords = isel_new(c, wide ? 6 : 4);
   for (unsigned h = 0; h < (wide ? 6u : 4u); h += 2)
      isel_copy(c, isel_part(coords, h, 2), (struct mval){.kind = MV_IMM, .halves = 2, .imm = 0});
   /* layered: the layer in the first half (Mesa agx_emit_block_image_store
    * collects (layer, undef) for 2D arrays); 2D MS arrays: in the second half,
    * the first word being sample | layer << 16 as for texture loads (the
    * simulator's x_image_write_block reads it so) */
   if (layered)
      isel_copy(c, isel_part(coords, ms_array ? 1 : 0, 1), isel_part(isel_src(c, I, 0, 0), 0, 1));
   struct agx_minstr *mi = isel_emit(c, AGX_OP_IMAGE_WRITE_BLOCK);
   isel_use_tuple(c, mi, AGX_IMAGE_WRITE_BLOCK_R, isel_part(off, 0, 1), 1);
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_n,
            agx_isa_str(ms_array      ? "tex_2d_ms_array"
                        : samples > 1 ? "tex_2d_ms"
                        : layered     ? "tex_2d_array"
                                      : "tex_2d"));
   /* the operand's shape follows the dimension: 2 x 32-bit for 2D, 5 x
    * 16-bit for multisampled 2D and 2D arrays (Mesa's Cs = 0 form), 6 for
    * multisampled 2D arrays */
   if (wide)
      isel_use_tuple(c, mi, AGX_IMAGE_WRITE_BLOCK_C, isel_part(coords, 0, ms_array ? 6 : 5),
                     ms_array ? 6 : 5);
   else
      isel_use_tuple(c, mi, AGX_IMAGE_WRITE_BLOCK_C, coords, 2);
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_D, agx_isa_imm(0));
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_T, agx_isa_reg(AGX_TS, I->c[0], 1));
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_round, agx_isa_str("rte"));
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_F, agx_isa_str(f));
   /* fixed values of Mesa's block_image_store encoding (agx_pack.c) */
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_q0, agx_isa_imm(0));
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_q1, agx_isa_imm(9));
   isel_set(c, mi, AGX_IMAGE_WRITE_BLOCK_q2, agx_isa_imm(1));
}

/* image_write through the PBE in texture state register ts (spilled render
 * targets, agx_emrt.c): coordinates x, y (2D, two 32-bit words) or x, y,
 * layer (2D array: the words and the layer's low half, 5 halves, as
 * agx_isel_tex.c passes array coordinates); four 32-bit data registers;
 * the fixed bits of Mesa's image_write encoding (agx_isel_tex.c). */
static void
tile_image_write(struct isel *c, agx_instr *I)
{
   unsigned ncoord = I->src[0]->type.comps;
   struct mval xy = isel_gather(c, I, 0);
   struct mval data = isel_new(c, 8);
   for (unsigned k = 0; k < 4; k++)
      isel_copy(c, isel_part(data, 2 * k, 2), isel_src(c, I, 1, k));
   struct agx_minstr *mi = isel_emit(c, AGX_OP_IMAGE_WRITE);
   isel_use_tuple(c, mi, AGX_IMAGE_WRITE_R, data, 4);
   isel_set(c, mi, AGX_IMAGE_WRITE_n, agx_isa_str(ncoord == 3 ? "tex_2d_array" : "tex_2d"));
   if (ncoord == 3)
      isel_use_tuple(c, mi, AGX_IMAGE_WRITE_C, isel_part(xy, 0, 5), 5);
   else
      isel_use_tuple(c, mi, AGX_IMAGE_WRITE_C, xy, 2);
   isel_set(c, mi, AGX_IMAGE_WRITE_D, agx_isa_imm(0));
   isel_set(c, mi, AGX_IMAGE_WRITE_U, (struct agx_isa_value){.kind = AGX_V_NONE});
   isel_set(c, mi, AGX_IMAGE_WRITE_T, agx_isa_reg(AGX_TS, I->c[0], 1));
   isel_set(c, mi, AGX_IMAGE_WRITE_round, agx_isa_str("rte"));
   isel_set(c, mi, AGX_IMAGE_WRITE_u1, agx_isa_imm(1));
   isel_set(c, mi, AGX_IMAGE_WRITE_u2, agx_isa_imm(0));
   isel_set(c, mi, AGX_IMAGE_WRITE_u3, agx_isa_imm(9));
   isel_set(c, mi, AGX_IMAGE_WRITE_u5, agx_isa_imm(0));
}

bool
isel_gfx(struct isel *c, agx_instr *I)
{
   switch (I->op) {
   case AGX_OP_LOAD_PRELOADED:
      return true; /* mapped by isel_preload_setup */
   case AGX_OP_STORE_PRELOADED:
      if (I->src[0]->type.bits != 32 || I->src[0]->type.comps != 1) {
         isel_fail(c, "unsupported: store_preloaded of a %u-bit value", I->src[0]->type.bits);
         return true;
      }
      {
         /* storing a preloaded register's own value back is no instruction
       * (prologs do it to keep r5/r6 for the main shader) */
         struct mval src = isel_src(c, I, 0, 0);
         struct mval dst = c->preload[I->c[0]];
         if (!(src.kind == MV_REG && dst.kind == MV_REG && src.vreg == dst.vreg))
            isel_copy(c, dst, src);
         return true;
      }
   case AGX_OP_STORE_UVS:
      store_uvs(c, I);
      return true;
   case AGX_OP_UVS_NONE: {
      struct agx_minstr *mi = isel_emit(c, AGX_OP_NO_VAR);
      isel_set(c, mi, AGX_NO_VAR_u, agx_isa_imm(1));
      isel_set(c, mi, AGX_NO_VAR_r, agx_isa_reg(AGX_R32, 0, 1));
      isel_set(c, mi, AGX_NO_VAR_I, agx_isa_imm(0));
      return true;
   }
   case AGX_OP_INTERP_CF:
      interp(c, I);
      return true;
   case AGX_OP_LOAD_CF:
      load_cf(c, I);
      return true;
   case AGX_OP_LOAD_CF_ABC:
      load_cf_abc(c, I);
      return true;
   case AGX_OP_INTERP_CF_SAMPLE:
      interp_sample(c, I);
      return true;
   case AGX_OP_LOAD_SR:
   case AGX_OP_LOAD_SR_VOLATILE: {
      struct mval d = isel_dst(c, I, 0);
      struct agx_minstr *mi = isel_emit(c, AGX_OP_GET_SR);
      isel_def(c, mi, 0, d.vreg, d.off, d.halves, 1);
      isel_set(c, mi, 1, agx_isa_reg(AGX_SR, I->c[0], 1));
      return true;
   }
   case AGX_OP_TILE_WAIT: {
      struct agx_minstr *mi = isel_emit(c, AGX_OP_WAIT_PIX);
      isel_set(c, mi, AGX_WAIT_PIX_i, agx_isa_imm(I->c[0]));
      isel_set(c, mi, AGX_WAIT_PIX_j, agx_isa_imm(0));
      return true;
   }
   case AGX_OP_STORE_TILE:
      store_tile(c, I);
      return true;
   case AGX_OP_LOAD_TILE:
      load_tile(c, I);
      return true;
   case AGX_OP_DISCARD_SAMPLES:
      sample_mask(c, I);
      return true;
   case AGX_OP_DEPTH_EMIT: {
      struct mval z = isel_reg(c, isel_src(c, I, 0, 0));
      struct agx_minstr *mi = isel_emit(c, AGX_OP_ZS_EMIT);
      set_samples(c, &mi, AGX_ZS_EMIT_S, I, 1);
      /* two 16-bit registers: depth only (zs = 1, Mesa's encoding) */
      isel_use_tuple(c, mi, AGX_ZS_EMIT_T, z, 2);
      isel_set(c, mi, AGX_ZS_EMIT_u0, agx_isa_imm(0));
      return true;
   }
   case AGX_OP_TILE_TEXTURE_LOAD:
      tile_texture_load(c, I);
      return true;
   case AGX_OP_TILE_BLOCK_STORE:
      tile_block_store(c, I);
      return true;
   case AGX_OP_TILE_IMAGE_WRITE:
      tile_image_write(c, I);
      return true;
   default:
      return false;
   }
}
