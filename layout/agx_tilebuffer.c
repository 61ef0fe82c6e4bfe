/* Tilebuffer layout (see agx_tilebuffer.h). Physical formats per
 * graphics.md §5.1 (Mesa layout/formats.c "renderable" column: the ISA
 * formats are single-component except srgba8 and the packed ones, so a
 * single-component physical format takes one element per logical
 * component); placement per §5.2 (Mesa agx_tilebuffer.c): descending
 * alignment (stable), spill past 64 B/sample or when a 16x16 utile would not
 * fit 32767 bytes, sample size rounded to 8 (at least 8 with MSAA), the
 * largest utile whose tile fits 32767 bytes. */
#include "agx_tilebuffer.h"

#include <string.h>

#define MAX_BYTES_PER_TILE 32767u
#define MIN_TILE_PIXELS (16u * 16u)

#define F(isa, comps, elem, type, packed, swap, name)                                         \
   {                                                                                          \
      isa, comps, (packed || isa == AGX_FMT_SRGBA8) ? elem : elem *comps, elem, type, packed, \
         swap, name                                                                           \
   }

/* elem = bytes of one element of the physical format (its alignment) */
static const struct agx_tib_format_info formats[AGX_TIB_NUM_FORMATS] = {
   [AGX_TIB_R8_UNORM] = F(AGX_FMT_U8NORM, 1, 1, 0, false, false, "r8_unorm"),
   [AGX_TIB_RG8_UNORM] = F(AGX_FMT_U8NORM, 2, 1, 0, false, false, "rg8_unorm"),
   [AGX_TIB_RGBA8_UNORM] = F(AGX_FMT_U8NORM, 4, 1, 0, false, false, "rgba8_unorm"),
   [AGX_TIB_BGRA8_UNORM] = F(AGX_FMT_U8NORM, 4, 1, 0, false, true, "bgra8_unorm"),
   [AGX_TIB_R8_SNORM] = F(AGX_FMT_S8NORM, 1, 1, 0, false, false, "r8_snorm"),
   [AGX_TIB_RG8_SNORM] = F(AGX_FMT_S8NORM, 2, 1, 0, false, false, "rg8_snorm"),
   [AGX_TIB_RGBA8_SNORM] = F(AGX_FMT_S8NORM, 4, 1, 0, false, false, "rgba8_snorm"),
   [AGX_TIB_RGBA8_SRGB] = F(AGX_FMT_SRGBA8, 4, 4, 0, false, false, "rgba8_srgb"),
   [AGX_TIB_BGRA8_SRGB] = F(AGX_FMT_SRGBA8, 4, 4, 0, false, true, "bgra8_srgb"),
   [AGX_TIB_R8_SRGB] = F(AGX_FMT_SRGBA8, 1, 4, 0, false, false, "r8_srgb"),
   [AGX_TIB_RG8_SRGB] = F(AGX_FMT_SRGBA8, 2, 4, 0, false, false, "rg8_srgb"),
   [AGX_TIB_R16_UNORM] = F(AGX_FMT_U16NORM, 1, 2, 0, false, false, "r16_unorm"),
   [AGX_TIB_RG16_UNORM] = F(AGX_FMT_U16NORM, 2, 2, 0, false, false, "rg16_unorm"),
   [AGX_TIB_RGBA16_UNORM] = F(AGX_FMT_U16NORM, 4, 2, 0, false, false, "rgba16_unorm"),
   [AGX_TIB_R16_SNORM] = F(AGX_FMT_S16NORM, 1, 2, 0, false, false, "r16_snorm"),
   [AGX_TIB_RG16_SNORM] = F(AGX_FMT_S16NORM, 2, 2, 0, false, false, "rg16_snorm"),
   [AGX_TIB_RGBA16_SNORM] = F(AGX_FMT_S16NORM, 4, 2, 0, false, false, "rgba16_snorm"),
   [AGX_TIB_R16_FLOAT] = F(AGX_FMT_F16, 1, 2, 0, false, false, "r16_float"),
   [AGX_TIB_RG16_FLOAT] = F(AGX_FMT_F16, 2, 2, 0, false, false, "rg16_float"),
   [AGX_TIB_RGBA16_FLOAT] = F(AGX_FMT_F16, 4, 2, 0, false, false, "rgba16_float"),
   [AGX_TIB_R32_FLOAT] = F(AGX_FMT_I32, 1, 4, 0, false, false, "r32_float"),
   [AGX_TIB_RG32_FLOAT] = F(AGX_FMT_I32, 2, 4, 0, false, false, "rg32_float"),
   [AGX_TIB_RGBA32_FLOAT] = F(AGX_FMT_I32, 4, 4, 0, false, false, "rgba32_float"),
   [AGX_TIB_R32_UINT] = F(AGX_FMT_I32, 1, 4, 2, false, false, "r32_uint"),
   [AGX_TIB_RG32_UINT] = F(AGX_FMT_I32, 2, 4, 2, false, false, "rg32_uint"),
   [AGX_TIB_RGBA32_UINT] = F(AGX_FMT_I32, 4, 4, 2, false, false, "rgba32_uint"),
   [AGX_TIB_R32_SINT] = F(AGX_FMT_I32, 1, 4, 1, false, false, "r32_sint"),
   [AGX_TIB_RG32_SINT] = F(AGX_FMT_I32, 2, 4, 1, false, false, "rg32_sint"),
   [AGX_TIB_RGBA32_SINT] = F(AGX_FMT_I32, 4, 4, 1, false, false, "rgba32_sint"),
   [AGX_TIB_R8_UINT] = F(AGX_FMT_I8, 1, 1, 2, false, false, "r8_uint"),
   [AGX_TIB_RG8_UINT] = F(AGX_FMT_I8, 2, 1, 2, false, false, "rg8_uint"),
   [AGX_TIB_RGBA8_UINT] = F(AGX_FMT_I8, 4, 1, 2, false, false, "rgba8_uint"),
   [AGX_TIB_R8_SINT] = F(AGX_FMT_I8, 1, 1, 1, false, false, "r8_sint"),
   [AGX_TIB_RG8_SINT] = F(AGX_FMT_I8, 2, 1, 1, false, false, "rg8_sint"),
   [AGX_TIB_RGBA8_SINT] = F(AGX_FMT_I8, 4, 1, 1, false, false, "rgba8_sint"),
   [AGX_TIB_R16_UINT] = F(AGX_FMT_I16, 1, 2, 2, false, false, "r16_uint"),
   [AGX_TIB_RG16_UINT] = F(AGX_FMT_I16, 2, 2, 2, false, false, "rg16_uint"),
   [AGX_TIB_RGBA16_UINT] = F(AGX_FMT_I16, 4, 2, 2, false, false, "rgba16_uint"),
   [AGX_TIB_R16_SINT] = F(AGX_FMT_I16, 1, 2, 1, false, false, "r16_sint"),
   [AGX_TIB_RG16_SINT] = F(AGX_FMT_I16, 2, 2, 1, false, false, "rg16_sint"),
   [AGX_TIB_RGBA16_SINT] = F(AGX_FMT_I16, 4, 2, 1, false, false, "rgba16_sint"),
   [AGX_TIB_R5G6B5_UNORM] = F(AGX_FMT_F16, 3, 2, 0, false, false, "r5g6b5_unorm"),
   [AGX_TIB_RGB5A1_UNORM] = F(AGX_FMT_F16, 4, 2, 0, false, false, "rgb5a1_unorm"),
   [AGX_TIB_RGBA4_UNORM] = F(AGX_FMT_F16, 4, 2, 0, false, false, "rgba4_unorm"),
   [AGX_TIB_RGB10A2_UNORM] = F(AGX_FMT_RGB10A2, 4, 4, 0, true, false, "rgb10a2_unorm"),
   [AGX_TIB_RGB10A2_UINT] = F(AGX_FMT_I16, 4, 2, 2, false, false, "rgb10a2_uint"),
   [AGX_TIB_RG11B10_FLOAT] = F(AGX_FMT_RG11B10F, 3, 4, 0, true, false, "rg11b10_float"),
   [AGX_TIB_RGB9E5_FLOAT] = F(AGX_FMT_RGB9E5, 3, 4, 0, true, false, "rgb9e5_float"),
};

const struct agx_tib_format_info *
agx_tib_format(enum agx_tib_format f)
{
   if ((unsigned)f == AGX_TIB_NONE || (unsigned)f >= AGX_TIB_NUM_FORMATS)
      return NULL;
   return &formats[f];
}

static unsigned
align_of(enum agx_tib_format f)
{
   const struct agx_tib_format_info *fi = agx_tib_format(f);
   return fi ? fi->align : 0;
}

bool
agx_tilebuffer_layout(struct agx_tilebuffer_layout *l, const enum agx_tib_format *fmts,
                      unsigned num_rts, unsigned nr_samples)
{
   memset(l, 0, sizeof(*l));
   if (num_rts > AGX_TIB_MAX_RTS || (nr_samples != 1 && nr_samples != 2 && nr_samples != 4))
      return false;
   for (unsigned rt = 0; rt < num_rts; rt++)
      if (fmts[rt] != AGX_TIB_NONE && !agx_tib_format(fmts[rt]))
         return false;
   l->num_rts = (uint8_t)num_rts;
   l->nr_samples = (uint8_t)nr_samples;
   unsigned order[AGX_TIB_MAX_RTS];
   for (unsigned i = 0; i < num_rts; i++)
      order[i] = i;
   /* stable insertion sort, descending alignment */
   for (unsigned i = 1; i < num_rts; i++)
      for (unsigned j = i; j > 0 && align_of(fmts[order[j - 1]]) < align_of(fmts[order[j]]); j--) {
         unsigned t = order[j];
         order[j] = order[j - 1];
         order[j - 1] = t;
      }
   unsigned off = 0;
   for (unsigned i = 0; i < num_rts; i++) {
      unsigned rt = order[i];
      l->format[rt] = (uint8_t)fmts[rt];
      const struct agx_tib_format_info *fi = agx_tib_format(fmts[rt]);
      if (!fi)
         continue;
      unsigned end = off + fi->bytes;
      bool fits = end <= AGX_TIB_MAX_SAMPLE_BYTES &&
                  ((end + 7) & ~7u) * MIN_TILE_PIXELS * nr_samples <= MAX_BYTES_PER_TILE;
      if (fits) {
         l->offset_B[rt] = (uint8_t)off;
         off = end;
      } else {
         l->spilled[rt] = true;
      }
   }
   if (nr_samples > 1 && off == 0)
      off = 1;
   l->sample_size_B = (uint8_t)((off + 7) & ~7u);
   unsigned px = (unsigned)l->sample_size_B * nr_samples;
   if (px * 32 * 32 <= MAX_BYTES_PER_TILE)
      l->tile_w = 32, l->tile_h = 32;
   else if (px * 32 * 16 <= MAX_BYTES_PER_TILE)
      l->tile_w = 32, l->tile_h = 16;
   else
      l->tile_w = 16, l->tile_h = 16;
   return true;
}
