/* Fragment colour outputs -> tilebuffer stores, for one tilebuffer layout
 * (a per-key variant of the fragment shader: the formats and offsets of the
 * render targets are compiled in; graphics.md §4.3, §5; Mesa
 * agx_nir_lower_tilebuffer.c). Assumes the front end's form: one
 * store_output per written word at the end of the shader. For each render
 * target the layout places in the tilebuffer: its components (missing ones
 * 0; the tile holds logical R, G, B, A: a BGRA memory order is the PBE /
 * texture descriptors' swizzle [assumption, not verified]), converted to
 * the register form
 * st_tile takes for the physical format (f16: 16-bit floats; i8/i16: the
 * low 16 bits, after clamping to the format's range as Mesa does; others:
 * 32-bit values, the hardware converts), then `wait_pix 0xC` once and
 * st_tile (all samples, component mask = the format's components, byte
 * offset of the RT). Spilled render targets are stored to memory
 * (agx_emrt.c). Outputs to unused render targets are dropped, as are
 * FragDepth and SampleMask for now (recorded in s->fs). Without a layout
 * (tib NULL) colour outputs are only recorded. Records colour_written,
 * colour_comps and the layout in s->fs. */
#include <string.h>

#include "agx_builder.h"
#include "agx_passes.h"

static agx_instr *
clamp_int(agx_builder *b, agx_instr *v, enum agx_tib_format f, const struct agx_tib_format_info *fi,
          unsigned comp)
{
   unsigned bits = fi->isa_format == AGX_FMT_I8 ? 8 : 16;
   if (f == AGX_TIB_RGB10A2_UINT)
      bits = comp == 3 ? 2 : 10; /* stored as i16 (graphics.md §5.1) */
   if (fi->base_type == 1) {
      int64_t lo = -(INT64_C(1) << (bits - 1)), hi = (INT64_C(1) << (bits - 1)) - 1;
      return agx_imin(b, agx_imax(b, v, agx_imm(b, 32, (uint64_t)lo)),
                      agx_imm(b, 32, (uint64_t)hi));
   }
   return agx_umin(b, v, agx_imm(b, 32, (UINT64_C(1) << bits) - 1));
}

void
agx_tib_emit_store(agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt,
                   agx_instr *const *words, unsigned wmask, bool *waited)
{
   agx_tib_emit_store_samples(b, tib, rt, words, wmask, 0xFF, waited);
}

void
agx_tib_emit_store_samples(agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt,
                           agx_instr *const *words, unsigned wmask, unsigned samples, bool *waited)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)tib->format[rt]);
   if (!fi)
      return;
   if (tib->spilled[rt]) {
      /* in memory (eMRT): every component; partial masks are the caller's
       * read-modify-write (graphics.md §4.5) */
      agx_emrt_emit_store(b, tib, rt, words, samples, false);
      return;
   }
   unsigned full = (1u << fi->comps) - 1;
   wmask = fi->packed ? full : wmask & full; /* packed: no component masks (§4.3) */
   if (!wmask)
      return;
   agx_instr *c[4];
   for (unsigned k = 0; k < 4; k++)
      c[k] = words[k] ? words[k] : agx_imm(b, 32, 0);
   unsigned n = 0;
   agx_instr *v[4];
   for (unsigned k = 0; k < fi->comps; k++) {
      if (!(wmask & (1u << k)))
         continue;
      agx_instr **o = &v[n++];
      if (fi->isa_format == AGX_FMT_F16)
         *o = agx_f2f(b, 16, c[k]);
      else if (fi->isa_format == AGX_FMT_I8 || fi->isa_format == AGX_FMT_I16)
         *o = agx_u2u(b, 16, clamp_int(b, c[k], (enum agx_tib_format)tib->format[rt], fi, k));
      else
         *o = c[k];
   }
   agx_instr *value = n == 1 ? v[0] : agx_vec(b, n, v);
   if (!*waited) {
      agx_intrin(b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0xC, 0, 0);
      *waited = true;
   }
   agx_intrin(b, AGX_OP_STORE_TILE, agx_type_make(0, 0), 2, value, agx_imm(b, 16, samples), NULL,
              fi->isa_format, wmask, tib->offset_B[rt]);
}

bool
agx_pass_lower_tilebuffer(agx_shader *s, const struct agx_tilebuffer_layout *tib)
{
   agx_instr *words[AGX_MAX_RTS][4];
   memset(words, 0, sizeof(words));
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   agx_instr *anchor = NULL;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_STORE_OUTPUT)
         continue;
      unsigned slot = I->c[0], comp = I->c[1] & 3;
      if (slot < AGX_MAX_RTS) {
         words[slot][comp] = I->src[0];
         s->fs.colour_written |= (uint8_t)(1u << slot);
         s->fs.colour_comps[slot] |= (uint8_t)(1u << comp);
      } else if (slot == AGX_IO_FRAG_DEPTH) {
         s->fs.writes_depth = true;
      } else if (slot == AGX_IO_SAMPLE_MASK) {
         s->fs.writes_sample_mask = true;
      }
      anchor = I;
   }
   if (tib)
      s->fs.tib = *tib;
   if (anchor && tib) {
      agx_builder b = agx_builder_before(s, anchor);
      bool waited = false;
      for (unsigned rt = 0; rt < AGX_MAX_RTS && rt < tib->num_rts; rt++)
         if (s->fs.colour_written & (1u << rt))
            agx_tib_emit_store(&b, tib, rt, words[rt], 0xF, &waited);
   }
   for (unsigned i = 0; i < n; i++)
      if (all[i]->op == AGX_OP_STORE_OUTPUT)
         agx_instr_remove(all[i]);
   return anchor != NULL;
}

static agx_instr *
fconst(agx_builder *b, float f)
{
   union {
      float f;
      uint32_t u;
   } v = {.f = f};
   return agx_imm(b, 32, v.u);
}

/* Tilebuffer formats stored as f16 per component that are logically
 * unorm (graphics.md §5.1: 565, 5551, 4444): clamped on load (Mesa
 * agx_nir_lower_tilebuffer.c load_tilebuffer, nir_fsat_to_format). */
static bool
f16_stored_unorm(enum agx_tib_format f)
{
   return f == AGX_TIB_R5G6B5_UNORM || f == AGX_TIB_RGB5A1_UNORM || f == AGX_TIB_RGBA4_UNORM;
}

agx_instr *
agx_tib_emit_load(agx_builder *b, enum agx_tib_format f, unsigned offset_B, agx_instr *samples,
                  bool explicit_sample)
{
   const struct agx_tib_format_info *fi = agx_tib_format(f);
   if (!fi)
      return NULL;
   unsigned n = fi->comps, fmt = fi->isa_format;
   /* f16 is loaded as i16 and widened in the ALU (Mesa never does an f16
    * ld_tile, graphics.md §4.3) */
   if (fmt == AGX_FMT_F16)
      fmt = AGX_FMT_I16;
   agx_intrin(b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0x8, 0, 0);
   agx_instr *v = agx_intrin(b, AGX_OP_LOAD_TILE, agx_type_make(32, n), 1, samples, NULL, NULL, fmt,
                             (1u << n) - 1, offset_B);
   v->c[3] = explicit_sample;
   /* integer formats of 8 or 16 bits come back zero-extended (the
    * simulator's model of ld_tile; Mesa sign-extends sint formats after the
    * load, nir_sign_extend_if_sint) */
   unsigned sbits = fi->base_type == 1 && fmt == AGX_FMT_I8    ? 8
                    : fi->base_type == 1 && fmt == AGX_FMT_I16 ? 16
                                                               : 0;
   agx_instr *c[4];
   for (unsigned k = 0; k < 4; k++) {
      if (k >= n) {
         /* missing components read (0, 0, 0, 1) as a texel fetch does */
         c[k] = fi->base_type ? agx_imm(b, 32, k == 3) : fconst(b, k == 3 ? 1.0f : 0.0f);
         continue;
      }
      agx_instr *x = n == 1 ? v : agx_extract(b, v, k);
      if (fi->isa_format == AGX_FMT_F16) {
         x = agx_f2f(b, 32, agx_u2u(b, 16, x));
         if (f16_stored_unorm(f))
            x = agx_fmin(b, agx_fmax(b, x, fconst(b, 0.0f)), fconst(b, 1.0f));
      } else if (sbits) {
         agx_instr *sh = agx_imm(b, 32, 32 - sbits);
         x = agx_ishr(b, agx_ishl(b, x, sh), sh);
      }
      c[k] = x;
   }
   return agx_vec(b, 4, c);
}
