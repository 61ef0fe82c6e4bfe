/* Background and end-of-tile programs (see agx_tile_programs.h): IR built
 * with the builder, then compiled by the back end like any shader (no
 * preamble). */
#include <stdio.h>
#include <string.h>

#include "agx_builder.h"
#include "agx_tile_programs.h"

static agx_shader *
new_program(agx_builder *b, enum agx_stage stage)
{
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   *b = agx_builder_at_end(s, blk);
   s->stage = stage;
   s->io_lowered = true;
   return s;
}

static int
finish(agx_shader *s, struct agx_backend_result *out, char *err, size_t errsize)
{
   struct agx_backend_options o = {.no_preamble = true};
   int rc = agx_backend_compile(s, &o, out, err, errsize);
   agx_shader_destroy(s);
   return rc;
}

static bool
register16(const struct agx_tib_format_info *fi)
{
   return fi->isa_format == AGX_FMT_F16 || fi->isa_format == AGX_FMT_I8 ||
          fi->isa_format == AGX_FMT_I16;
}

/* Spilled render targets (eMRT) live in memory during the pass: the BG
 * program neither clears nor loads them and the EOT program does not store
 * them (Mesa agx_bg_eot.c / hk_build_bg_eot skip them; the driver clears
 * them in memory before the pass). */
static bool
spilled(const struct agx_tilebuffer_layout *tib, unsigned rt)
{
   return tib->spilled[rt];
}

/* The layer being processed (special register 2, graphics.md §4.2; the
 * BG and EOT programs of a layered pass run once per layer). */
static agx_instr *
layer_id(agx_builder *b)
{
   return agx_intrin(b, AGX_OP_LOAD_SR, agx_type_make(32, 1), 0, NULL, NULL, NULL, 2, 0, 0);
}

/* Integer pixel coordinates (special registers 80, 81), with the layer of
 * layered passes: (x, y, layer) of the 2D-array view (Mesa agx_bg_eot.c). */
static agx_instr *
pixel_coords(agx_builder *b, bool layered)
{
   agx_instr *c[3];
   for (unsigned k = 0; k < 2; k++)
      c[k] = agx_intrin(b, AGX_OP_LOAD_SR, agx_type_make(32, 1), 0, NULL, NULL, NULL, 80 + k, 0, 0);
   if (layered)
      c[2] = layer_id(b);
   return agx_vec(b, layered ? 3 : 2, c);
}

/* The texel of RT rt's attachment at coords (texture state 2 rt), in
 * st_tile's register form for its format. */
static agx_instr *
load_texel(agx_builder *b, const struct agx_tib_format_info *fi, agx_instr *coords, unsigned rt,
           bool ms)
{
   agx_instr *texel = agx_intrin(b, AGX_OP_TILE_TEXTURE_LOAD, agx_type_make(32, 4), 1, coords, NULL,
                                 NULL, 2 * rt, ms, 0);
   unsigned n = fi->comps;
   agx_instr *c[4];
   for (unsigned k = 0; k < n; k++) {
      c[k] = agx_extract(b, texel, k);
      if (fi->isa_format == AGX_FMT_F16)
         c[k] = agx_f2f(b, 16, c[k]);
      else if (register16(fi))
         c[k] = agx_u2u(b, 16, c[k]);
   }
   return n == 1 ? c[0] : agx_vec(b, n, c);
}

int
agx_build_bg_program(const struct agx_tilebuffer_layout *tib, const uint8_t *op,
                     struct agx_backend_result *out, char *err, size_t errsize)
{
   return agx_build_bg_program_layered(tib, op, false, out, err, errsize);
}

int
agx_build_bg_program_layered(const struct agx_tilebuffer_layout *tib, const uint8_t *op,
                             bool layered, struct agx_backend_result *out, char *err,
                             size_t errsize)
{
   memset(out, 0, sizeof(*out));
   agx_builder b;
   agx_shader *s = new_program(&b, AGX_STAGE_FRAGMENT);
   agx_instr *xy = NULL;
   for (unsigned rt = 0; rt < tib->num_rts; rt++) {
      const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)tib->format[rt]);
      if (!fi || op[rt] == AGX_BG_NONE || spilled(tib, rt))
         continue;
      unsigned n = fi->comps;
      agx_instr *value;
      if (op[rt] == AGX_BG_CLEAR) {
         agx_type t = agx_type_make(register16(fi) ? 16 : 32, n);
         value = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, t, 1, agx_imm(&b, 32, 0), NULL, NULL,
                            8 + 16 * rt, 0, 0);
      } else if (op[rt] == AGX_BG_LOAD) {
         if (!xy)
            xy = pixel_coords(&b, layered);
         if (tib->nr_samples > 1) {
            /* every sample its own texel fetch and st_tile of that sample
             * alone (Mesa agx_bg_eot.c runs the load per sample); layered:
             * x, y, sample, layer of the 2D MS array view */
            for (unsigned smp = 0; smp < tib->nr_samples; smp++) {
               agx_instr *c[4] = {agx_extract(&b, xy, 0), agx_extract(&b, xy, 1),
                                  agx_imm(&b, 32, smp), layered ? agx_extract(&b, xy, 2) : NULL};
               agx_instr *v = load_texel(&b, fi, agx_vec(&b, layered ? 4 : 3, c), rt, true);
               agx_intrin(&b, AGX_OP_STORE_TILE, agx_type_make(0, 0), 2, v,
                          agx_imm(&b, 16, 1u << smp), NULL, fi->isa_format, (1u << n) - 1,
                          tib->offset_B[rt]);
            }
            continue;
         }
         value = load_texel(&b, fi, xy, rt, false);
      } else {
         snprintf(err, errsize, "bad background operation %u for render target %u", op[rt], rt);
         agx_shader_destroy(s);
         return -1;
      }
      agx_intrin(&b, AGX_OP_STORE_TILE, agx_type_make(0, 0), 2, value, agx_imm(&b, 16, 0xFF), NULL,
                 fi->isa_format, (1u << n) - 1, tib->offset_B[rt]);
   }
   return finish(s, out, err, errsize);
}

int
agx_build_eot_program(const struct agx_tilebuffer_layout *tib, unsigned store_mask,
                      struct agx_backend_result *out, char *err, size_t errsize)
{
   return agx_build_eot_program_layered(tib, store_mask, false, out, err, errsize);
}

int
agx_build_eot_program_layered(const struct agx_tilebuffer_layout *tib, unsigned store_mask,
                              bool layered, struct agx_backend_result *out, char *err,
                              size_t errsize)
{
   memset(out, 0, sizeof(*out));
   agx_builder b;
   agx_shader *s = new_program(&b, AGX_STAGE_COMPUTE);
   agx_instr *layer = layered ? layer_id(&b) : agx_imm(&b, 32, 0);
   for (unsigned rt = 0; rt < tib->num_rts; rt++) {
      const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)tib->format[rt]);
      if (!fi || !(store_mask & (1u << rt)) || spilled(tib, rt))
         continue;
      agx_intrin(&b, AGX_OP_TILE_BLOCK_STORE, agx_type_make(0, 0), 1, layer, NULL, NULL, rt,
                 tib->offset_B[rt],
                 fi->isa_format | (unsigned)tib->nr_samples << 8 | (unsigned)layered << 12);
   }
   return finish(s, out, err, errsize);
}
