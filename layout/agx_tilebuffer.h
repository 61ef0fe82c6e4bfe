/* Tilebuffer layout: where each colour attachment lives in a pixel's sample
 * of the tilebuffer, in which physical (ISA) format, and the resulting
 * sample size and utile (graphics.md §5.1, §5.2; Mesa
 * src/asahi/lib/agx_tilebuffer.c/.h, layout/formats.c). Shared by the
 * compiler (st_tile/ld_tile format and byte offset, BG/EOT programs) and the
 * driver (USC Shared word, render command tile fields).
 * The layout is driver-defined: hardware sees only offsets and sizes. */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#define AGX_TIB_MAX_RTS 8
#define AGX_TIB_MAX_SAMPLE_BYTES 64 /* per sample before RTs spill (eMRT) */

/* Logical colour formats the tilebuffer knows (a driver maps VkFormat to
 * these; AGX_TIB_NONE = attachment unused). */
enum agx_tib_format {
   AGX_TIB_NONE = 0,
   AGX_TIB_R8_UNORM,
   AGX_TIB_RG8_UNORM,
   AGX_TIB_RGBA8_UNORM,
   AGX_TIB_BGRA8_UNORM,
   AGX_TIB_R8_SNORM,
   AGX_TIB_RG8_SNORM,
   AGX_TIB_RGBA8_SNORM,
   AGX_TIB_RGBA8_SRGB,
   AGX_TIB_BGRA8_SRGB,
   AGX_TIB_R8_SRGB,
   AGX_TIB_RG8_SRGB,
   AGX_TIB_R16_UNORM,
   AGX_TIB_RG16_UNORM,
   AGX_TIB_RGBA16_UNORM,
   AGX_TIB_R16_SNORM,
   AGX_TIB_RG16_SNORM,
   AGX_TIB_RGBA16_SNORM,
   AGX_TIB_R16_FLOAT,
   AGX_TIB_RG16_FLOAT,
   AGX_TIB_RGBA16_FLOAT,
   AGX_TIB_R32_FLOAT,
   AGX_TIB_RG32_FLOAT,
   AGX_TIB_RGBA32_FLOAT,
   AGX_TIB_R32_UINT,
   AGX_TIB_RG32_UINT,
   AGX_TIB_RGBA32_UINT,
   AGX_TIB_R32_SINT,
   AGX_TIB_RG32_SINT,
   AGX_TIB_RGBA32_SINT,
   AGX_TIB_R8_UINT,
   AGX_TIB_RG8_UINT,
   AGX_TIB_RGBA8_UINT,
   AGX_TIB_R8_SINT,
   AGX_TIB_RG8_SINT,
   AGX_TIB_RGBA8_SINT,
   AGX_TIB_R16_UINT,
   AGX_TIB_RG16_UINT,
   AGX_TIB_RGBA16_UINT,
   AGX_TIB_R16_SINT,
   AGX_TIB_RG16_SINT,
   AGX_TIB_RGBA16_SINT,
   AGX_TIB_R5G6B5_UNORM,
   AGX_TIB_RGB5A1_UNORM,
   AGX_TIB_RGBA4_UNORM,
   AGX_TIB_RGB10A2_UNORM,
   AGX_TIB_RGB10A2_UINT,
   AGX_TIB_RG11B10_FLOAT,
   AGX_TIB_RGB9E5_FLOAT,
   AGX_TIB_NUM_FORMATS
};

/* ISA memory formats (isa.md §5; compiler/isa/agx_isa.py MEMORY_FORMATS). */
enum agx_isa_mem_format {
   AGX_FMT_I8 = 0,
   AGX_FMT_I16 = 1,
   AGX_FMT_I32 = 2,
   AGX_FMT_F16 = 3,
   AGX_FMT_U8NORM = 4,
   AGX_FMT_S8NORM = 5,
   AGX_FMT_U16NORM = 6,
   AGX_FMT_S16NORM = 7,
   AGX_FMT_RGB10A2 = 8,
   AGX_FMT_SRGBA8 = 10,
   AGX_FMT_RG11B10F = 12,
   AGX_FMT_RGB9E5 = 13,
};

struct agx_tib_format_info {
   uint8_t isa_format; /* enum agx_isa_mem_format of st_tile/ld_tile */
   uint8_t comps;      /* logical components */
   uint8_t bytes;      /* bytes per sample in the tilebuffer */
   uint8_t align;      /* natural alignment of the physical format */
   uint8_t base_type;  /* 0 float/normalised, 1 signed int, 2 unsigned int */
   bool packed;        /* rgb10a2/rg11b10f/rgb9e5: no component masks */
   bool swap_rb;       /* BGRA order: the shader swaps R and B */
   const char *name;
};

/* NULL for AGX_TIB_NONE or an unknown value. */
const struct agx_tib_format_info *agx_tib_format(enum agx_tib_format f);

struct agx_tilebuffer_layout {
   uint8_t num_rts;
   uint8_t format[AGX_TIB_MAX_RTS];   /* enum agx_tib_format */
   uint8_t offset_B[AGX_TIB_MAX_RTS]; /* byte offset of each RT in a sample */
   bool spilled[AGX_TIB_MAX_RTS];     /* does not fit: rendered to memory (eMRT) */
   uint8_t nr_samples;                /* 1, 2 or 4 */
   uint8_t sample_size_B;             /* bytes per sample, multiple of 8 */
   uint8_t tile_w, tile_h;            /* utile: 32x32, 32x16 or 16x16 */
};

/* Lays out num_rts attachments (AGX_TIB_NONE entries take no space) for
 * nr_samples samples. Returns false for an invalid format or sample count. */
bool agx_tilebuffer_layout(struct agx_tilebuffer_layout *l, const enum agx_tib_format *formats,
                           unsigned num_rts, unsigned nr_samples);

/* USC Shared "Bytes per threadgroup" of the layout: sample size x samples x
 * utile pixels. */
static inline unsigned
agx_tilebuffer_bytes_per_tile(const struct agx_tilebuffer_layout *l)
{
   return (unsigned)l->sample_size_B * l->nr_samples * l->tile_w * l->tile_h;
}
