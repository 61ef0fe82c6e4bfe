/*
 * Helpers for the texture-unit tests: descriptor packing with the GenXML
 * packers, and the two generic programs (image_write of per-thread values
 * at per-thread coordinates, texture_load of per-thread coordinates into a
 * result array).
 *
 * Assumes the DATA BO layout below; every thread t reads its sources and
 * coordinates from 16-byte slots t and writes 16-byte result slot t.
 * Uniforms: u0_u1 = sources, u2_u3 = descriptor area (bindless base),
 * u4_u5 = results, u6_u7 = coordinates (x, y, layer/z, lod).
 */
#ifndef SIM_TEXTURE_UTIL_H
#define SIM_TEXTURE_UTIL_H

#include <math.h>

#include "sim_exec_util.h"

#define SRC_OFF 0x00000u /* 8192 threads x 16 bytes each area */
#define RES_OFF 0x20000u
#define COORD_OFF 0x40000u
#define DESC_OFF 0x60000u /* 64-byte descriptor slots */
#define HEAP_OFF 0x68000u /* sampler heap, 8-byte entries */
#define IMG_OFF 0x80000u  /* images */
#define IMG_VA (DATA_VA + IMG_OFF)

static struct env E;

static inline void *
dptr(uint32_t off)
{
   return E.data + off;
}

static inline void
set_coords(unsigned t, uint32_t x, uint32_t y, uint32_t z, uint32_t lod)
{
   uint32_t v[4] = {x, y, z, lod};
   memcpy(dptr(COORD_OFF + 16 * t), v, 16);
}

static inline void
set_src(unsigned t, const uint32_t v[4])
{
   memcpy(dptr(SRC_OFF + 16 * t), v, 16);
}

static inline uint32_t
res(unsigned t, unsigned c)
{
   uint32_t v;
   memcpy(&v, dptr(RES_OFF + 16 * t + 4 * c), 4);
   return v;
}

/* 16-bit results: 8-byte slots */
static inline uint16_t
res16(unsigned t, unsigned c)
{
   uint16_t v;
   memcpy(&v, dptr(RES_OFF + 8 * t + 2 * c), 2);
   return v;
}

/* Linear texel-buffer style Texture (2D, width w) in descriptor slot `slot`. */
struct tex_params {
   enum agx_channels channels;
   enum agx_texture_type type;
   enum agx_layout layout;
   enum agx_texture_dimension dim;
   uint32_t width, height, depth;
   uint64_t address;
   uint32_t stride; /* linear bytes per row */
   bool srgb, srgb2;
   bool mipmapped;
   unsigned first_level, last_level;
   bool page_aligned;
   uint32_t layer_stride_linear; /* linear arrays: bytes (0 = not extended) */
   enum agx_channel swz[4];
   bool custom_swizzle;
};

static inline void
put_texture(unsigned slot, const struct tex_params *p)
{
   uint32_t w[6];
   agx_pack(w, TEXTURE, cfg) {
      cfg.dimension = p->dim;
      cfg.layout = p->layout;
      cfg.channels = p->channels;
      cfg.type = p->type;
      cfg.swizzle_r = p->custom_swizzle ? p->swz[0] : AGX_CHANNEL_R;
      cfg.swizzle_g = p->custom_swizzle ? p->swz[1] : AGX_CHANNEL_G;
      cfg.swizzle_b = p->custom_swizzle ? p->swz[2] : AGX_CHANNEL_B;
      cfg.swizzle_a = p->custom_swizzle ? p->swz[3] : AGX_CHANNEL_A;
      cfg.width = p->width;
      cfg.height = p->height;
      cfg.first_level = p->first_level;
      cfg.last_level = p->last_level;
      cfg.address = p->address;
      cfg.unk_mipmapped = p->mipmapped;
      cfg.srgb = p->srgb;
      cfg.srgb_2_channel = p->srgb2;
      cfg.page_aligned_layers = p->page_aligned;
      if (p->layout == AGX_LAYOUT_LINEAR) {
         cfg.stride = p->stride - 16;
         if (p->layer_stride_linear) {
            cfg.extended = true;
            cfg.depth_linear = p->depth;
            cfg.layer_stride_linear = p->layer_stride_linear - 0x80;
         }
      } else {
         cfg.depth = p->depth ? p->depth : 1;
      }
   }
   memcpy(dptr(DESC_OFF + 64 * slot), w, 24);
}

/* PBE with the same parameters; swizzle_m = source component of channel m. */
static inline void
put_pbe(unsigned slot, const struct tex_params *p, unsigned level, unsigned levels)
{
   uint32_t w[6];
   agx_pack(w, PBE, cfg) {
      cfg.dimension = p->dim;
      cfg.layout = p->layout;
      cfg.channels = p->channels;
      cfg.type = p->type;
      cfg.swizzle_r = p->custom_swizzle ? p->swz[0] : AGX_CHANNEL_R;
      cfg.swizzle_g = p->custom_swizzle ? p->swz[1] : AGX_CHANNEL_G;
      cfg.swizzle_b = p->custom_swizzle ? p->swz[2] : AGX_CHANNEL_B;
      cfg.swizzle_a = p->custom_swizzle ? p->swz[3] : AGX_CHANNEL_A;
      cfg.width = p->width;
      cfg.height = p->height;
      cfg.buffer = p->address;
      cfg.srgb = p->srgb;
      cfg.page_aligned_layers = p->page_aligned;
      if (p->layout == AGX_LAYOUT_LINEAR) {
         cfg.stride = p->stride - 4;
         if (p->layer_stride_linear) {
            cfg.extended = true;
            cfg.depth_linear = p->depth;
            cfg.layer_stride_linear = p->layer_stride_linear - 0x80;
         }
      } else {
         cfg.level = level;
         cfg.levels = levels;
         cfg.unk_mipmapped = levels > 1; /* as hk_image_view.c */
         cfg.layers = p->depth ? p->depth : 1;
      }
   }
   memcpy(dptr(DESC_OFF + 64 * slot), w, 24);
}

static inline void
pack_sampler(void *dst, enum agx_border_colour border, enum agx_filter filter, enum agx_wrap wrap,
             bool pixel)
{
   uint32_t w[2];
   agx_pack(w, SAMPLER, cfg) {
      cfg.border_colour = border;
      cfg.magnify = filter;
      cfg.minify = filter;
      cfg.wrap_s = wrap;
      cfg.wrap_t = wrap;
      cfg.wrap_r = wrap;
      cfg.pixel_coordinates = pixel;
      cfg.mip_filter = AGX_MIP_FILTER_NEAREST; /* as Mesa's txf sampler */
   }
   memcpy(dst, w, 8);
}

static inline void
set_heap_sampler(unsigned i, enum agx_border_colour border)
{
   pack_sampler(dptr(HEAP_OFF + 8 * i), border, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_BORDER,
                false);
}

/* Run `src` on `threads` threads (one threadgroup of up to 32 per group)
 * with the standard uniforms and optional state words; returns the fence
 * status and prints the GPU error on failure unless quiet. */
static inline int
run_prog(const char *src, unsigned threads, const struct pipe_desc *extra, bool quiet)
{
   uint64_t u[8] = {DATA_VA + SRC_OFF, DATA_VA + DESC_OFF, DATA_VA + RES_OFF, DATA_VA + COORD_OFF};
   struct pipe_desc p = {0};
   if (extra)
      p = *extra;
   p.code = env_asm(&E, src);
   p.regs = 256;
   p.nuni = 1;
   p.uni[0].start = 0;
   p.uni[0].size = 16;
   p.uni[0].va = env_upload(&E, u, 32);
   uint32_t pipe = env_pipeline(&E, &p);
   struct cdm s = cdm_begin(&E);
   uint32_t g[3] = {threads, 1, 1}, l[3] = {threads < 32 ? threads : 32, 1, 1};
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_DIRECT, g, 0, l);
   cdm_barrier(&s, false);
   cdm_terminate(&s);
   int st = env_run(&E, s.start);
   if (st != 1 && !quiet) {
      char msg[512];
      agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
      fprintf(stderr, "dispatch failed: %d (%s)\n", st, msg);
   }
   return st;
}

/* Texture operand text: bindless descriptor slot, or a state register. */
static inline void
tex_operand(char *buf, size_t n, int slot_or_ts, bool bindless)
{
   if (bindless)
      snprintf(buf, n, "u2_u3, r10");
   else
      snprintf(buf, n, "None, ts%d", slot_or_ts);
}

/* Coordinate operand text for a dimension name, coordinates from r12. */
static inline const char *
coord_text(const char *dim, bool c16)
{
   if (!strcmp(dim, "tex_1d"))
      return c16 ? "r12l" : "r12";
   if (!strcmp(dim, "tex_2d"))
      return c16 ? "r12l_r12h" : "r12_r13";
   if (!strcmp(dim, "tex_3d"))
      return "r12_r13_r14";
   if (!strcmp(dim, "tex_1d_array"))
      return "r12l_r12h_r13l";
   return "r12l_r12h_r13l_r13h_r14l"; /* tex_2d_array, tex_2d_ms(_array) */
}

/*
 * image_write program: sources from slot t (32-bit, or the low 4 halves
 * when r16), coordinates x, y, layer from coordinate slot t; the PBE is
 * bindless at descriptor slot `slot` (or ts `slot` when !bindless), LOD
 * from the coordinate slot's 4th word (low half) when lod_reg.
 */
static inline void
write_prog(char *buf, size_t n, const char *dim, int slot, bool bindless, bool r16, bool rtz,
           bool lod_reg)
{
   char tex[32];
   tex_operand(tex, sizeof(tex), slot, bindless);
   const char *coords = coord_text(dim, false);
   /* 2D array coordinates need the layer in r14l: move it down */
   snprintf(buf, n,
            "get_sr r2, sr80\n"
            "imadd r8, r2, 4, 0\n"
            "%s"
            "device_load 0, i32, xyzw, r12_r13_r14_r15, u6_u7, r8, unsigned\n"
            "mov_imm r10, %d, 0b0\n"
            "wait 0\n"
            "image_write %s, %s, %s, %s, %s, %s, 0, 0, 0, 0\n"
            "stop\n",
            r16 ? "device_load 0, i32, xy, r4_r5, u0_u1, r8, unsigned\n"
                : "device_load 0, i32, xyzw, r4_r5_r6_r7, u0_u1, r8, unsigned\n",
            slot * 64, r16 ? "r4l_r4h_r5l_r5h" : "r4_r5_r6_r7", coords, lod_reg ? "r15l" : "0", tex,
            dim, rtz ? "rtz" : "rte");
}

/*
 * texture_load / texture_sample (`op`) program: coordinates from slot t
 * (x, y, layer/z as 32-bit words: integers for texture_load, f32 bits for
 * texture_sample), LOD from its 4th word (low half) when lod_reg, sampler
 * = ssN (samp >= 0) or heap index in the 16-bit register r11l (value
 * -samp - 1); results (mask) to result slot t as 32-bit (16-byte slots) or
 * 16-bit values (8-byte slots).
 */
static inline void
read_prog(char *buf, size_t n, const char *op, const char *dim, int slot, bool bindless, int samp,
          bool r16, const char *mask, bool lod_reg, bool wait)
{
   char tex[32], sampler[16], heap[64] = "";
   tex_operand(tex, sizeof(tex), slot, bindless);
   if (samp >= 0) {
      snprintf(sampler, sizeof(sampler), "ss%d", samp);
   } else {
      snprintf(sampler, sizeof(sampler), "r11l");
      snprintf(heap, sizeof(heap), "mov_imm r11l, %d\n", -samp - 1);
   }
   unsigned cnt = (unsigned)strlen(mask);
   static const char *const d32[] = {"", "r4", "r4_r5", "r4_r5_r6", "r4_r5_r6_r7"};
   static const char *const d16[] = {"", "r4l", "r4l_r4h", "r4l_r4h_r5l", "r4l_r4h_r5l_r5h"};
   snprintf(buf, n,
            "get_sr r2, sr80\n"
            "imadd r8, r2, 4, 0\n"
            "device_load 0, i32, xyzw, r12_r13_r14_r15, u6_u7, r8, unsigned\n"
            "mov_imm r10, %d, 0b0\n"
            "%s"
            "wait 0\n"
            "%s 0, 0b1100, 0b1, none, %s, 0b00, %s, %s, %s, %s, %s, %s\n"
            "%s"
            "device_store 0, %s, %s, %s, u4_u5, r8, unsigned, 0\n"
            "stop\n",
            slot * 64, heap, op, mask, r16 ? d16[cnt] : d32[cnt], tex, sampler, dim,
            coord_text(dim, false), lod_reg ? "lod_min, r15l" : "auto_lod, 0",
            wait ? "wait 1\n" : "", r16 ? "i16" : "i32",
            cnt == 4   ? "xyzw"
            : cnt == 3 ? "xyz"
            : cnt == 2 ? "xy"
                       : "x",
            r16 ? d16[cnt] : d32[cnt]);
}

static inline void
load_prog(char *buf, size_t n, const char *dim, int slot, bool bindless, int samp, bool r16,
          const char *mask, bool lod_reg, bool wait)
{
   read_prog(buf, n, "texture_load", dim, slot, bindless, samp, r16, mask, lod_reg, wait);
}

static inline uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

#endif
