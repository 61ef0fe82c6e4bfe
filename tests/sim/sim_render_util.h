/*
 * Harness for render-command tests: builds a VDM stream, PPP state, CF
 * bindings, USC word lists for vertex / fragment / background / end-of-tile
 * programs and a linear render target described by a PBE, and submits a
 * drm_asahi_cmd_render through the full UAPI path (sim_exec_util.h).
 *
 * Assumes: programs are assembled text (agx-asm syntax); the render target
 * is a linear image at RT_VA with `stride` bytes per row; vertex data lives
 * in the data BO at VB_VA as 8 floats per vertex (clip x, y, z, w and four
 * attributes), which the standard vertex shader (VS_SRC) loads with r5 =
 * vertex index and writes to UVS words 0-7. Encodings follow genxml and
 * shared/reference/graphics.md section 11 (how a draw is encoded). Also the
 * pieces the render tests share: the usual tile programs (SIM_BG_ZERO,
 * SIM_EOT_IMAGE, SIM_FS_ONE, SIM_FS_COUNT...), R32 targets (linear, and
 * 4-sample GPU-tiled), put_fs_text, clip_of, and ref_line, a CPU line reference
 * written from the Vulkan specification (independent of the simulator).
 */
#ifndef SIM_RENDER_UTIL_H
#define SIM_RENDER_UTIL_H

#include <math.h>
#include <stdlib.h>

#include "sim_exec_util.h"

#define VB_OFF 0x10000u
#define VB_VA (DATA_VA + VB_OFF)
#define IB_OFF 0x30000u
#define IB_VA (DATA_VA + IB_OFF)
#define PBE_OFF 0x38000u
#define SCISSOR_OFF 0x39000u
#define OQ_OFF 0x3A000u
#define DBIAS_OFF 0x3B000u
#define PPP_OFF 0x40000u /* PPP blocks (64 KiB) */
#define RT_OFF 0x100000u
#define RT_VA (DATA_VA + RT_OFF)

/* Vertex shader: u0_u1 = vertex buffer; 8 words per vertex -> UVS 0-7. */
#define VS_SRC                                                        \
   "imadd r3, r5, 8, 0\n"                                             \
   "device_load 0, i32, xyzw, r8_r9_r10_r11, u0_u1, r3, unsigned\n"   \
   "iadd r4, r3, 4\n"                                                 \
   "device_load 0, i32, xyzw, r12_r13_r14_r15, u0_u1, r4, unsigned\n" \
   "wait 0\n"                                                         \
   "st_var 0, r8, 0\n"                                                \
   "st_var 0, r9, 1\n"                                                \
   "st_var 0, r10, 2\n"                                               \
   "st_var 0, r11, 3\n"                                               \
   "st_var 0, r12, 4\n"                                               \
   "st_var 0, r13, 5\n"                                               \
   "st_var 0, r14, 6\n"                                               \
   "st_var_final 0, r15, 7\n"                                         \
   "stop\n"

/* The usual tile programs (agx-asm text), shared by the render tests:
 * SIM_BG_ZERO clears 32-bit tile word 0 to 0, SIM_BG_ZERO4 words 0-3;
 * SIM_EOT_IMAGE stores the tile to the render target in texture slot 0
 * (image_write_block of the whole tile: R32 and RGBA32 targets alike);
 * SIM_FS_ONE stores 1 into word 0 of every covered sample, SIM_FS_COUNT adds
 * 1 to it (a coverage count). */
#define SIM_BG_ZERO                     \
   "mov_imm r1, 0, 0b0\n"               \
   "st_tile r1, i32, 0, x, 0, 255, 0\n" \
   "stop\n"
#define SIM_BG_ZERO4                                \
   "mov_imm r1, 0, 0b0\n"                           \
   "mov_imm r2, 0, 0b0\n"                           \
   "mov_imm r3, 0, 0b0\n"                           \
   "mov_imm r4, 0, 0b0\n"                           \
   "st_tile r1_r2_r3_r4, i32, 0, xyzw, 0, 255, 0\n" \
   "stop\n"
#define SIM_EOT_IMAGE                                                  \
   "mov_imm r2, 0, 0b0\n"                                              \
   "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, i32, 0, 0, 0\n" \
   "stop\n"
#define SIM_FS_ONE                      \
   "mov_imm r1, 1, 0b0\n"               \
   "wait_pix 12, 0\n"                   \
   "st_tile r1, i32, 0, x, 0, 255, 0\n" \
   "stop\n"
#define SIM_FS_COUNT                    \
   "wait_pix 12, 0\n"                   \
   "ld_tile r1, i32, 0, x, 0, 255, 0\n" \
   "iadd r1, r1, 1\n"                   \
   "st_tile r1, i32, 0, x, 0, 255, 0\n" \
   "stop\n"

struct rt_desc {
   enum agx_channels channels;
   enum agx_texture_type type;
   uint32_t width, height, stride;
};

struct frame {
   struct env *e;
   uint32_t width, height;
   unsigned utile_w, utile_h, sample_size, samples;
   uint32_t bg, eot;                 /* USC word-list offsets */
   uint32_t partial_bg, partial_eot; /* 0 = the same as bg / eot */
   uint32_t flags;
   uint64_t zls_ctrl;
   uint32_t bgobjdepth, bgobjvals;
   uint64_t msctl;        /* ppp_multisamplectl (0 = 0x88, one centred sample) */
   uint32_t zls_w, zls_h; /* isp_zls_pixels (0 = none) */
   uint64_t depth_base;   /* depth.base (0 = DATA_VA + 0x200000) */
   struct drm_asahi_timestamps ts_vtx, ts_frag; /* timestamp object handles and offsets */
   unsigned layers;                             /* 0 = 1 */
   uint32_t vs;                                 /* vertex shader word list */
   /* VDM stream under construction */
   struct cdm s;
   uint32_t ppp_used; /* bytes of PPP blocks at PPP_OFF */
   uint64_t indirect; /* non-zero: the next draws read this indirect record */
};

static inline uint32_t
put_word_list(struct env *e, uint32_t code, unsigned uniforms, uint64_t uni_va, bool texture,
              bool frag, bool early_z)
{
   e->code_used = (e->code_used + 63) & ~63u;
   uint32_t start = e->code_used, off = start;
   uint32_t w[4];
   if (uniforms) {
      agx_pack(w, USC_UNIFORM, cfg) {
         cfg.start_halfs = 0;
         cfg.size_halfs = uniforms;
         cfg.buffer = uni_va;
      }
      env_put(e, &off, w, 8);
   }
   if (texture) {
      agx_pack(w, USC_TEXTURE, cfg) {
         cfg.start = 0;
         cfg.count = 1;
         cfg.buffer = DATA_VA + PBE_OFF;
      }
      env_put(e, &off, w, 8);
   }
   agx_pack(w, USC_SHADER, cfg) {
      cfg.code = code;
   }
   env_put(e, &off, w, 6);
   agx_pack(w, USC_REGISTERS, cfg) {
      cfg.register_count = 256;
   }
   env_put(e, &off, w, 4);
   if (frag) {
      agx_pack(w, USC_FRAGMENT_PROPERTIES, cfg) {
         cfg.early_z_testing = early_z;
         cfg.unk_4 = 2;
      }
      env_put(e, &off, w, 4);
   }
   agx_pack(w, USC_NO_PRESHADER, cfg)
      ;
   env_put(e, &off, w, 2);
   e->code_used = off;
   return start;
}

/* PBE for a linear 2D render target at RT_VA in texture slot 0 of every
 * EOT program (USC Texture word loading DATA_VA + PBE_OFF). */
static inline void
put_rt(struct env *e, const struct rt_desc *rt)
{
   uint32_t w[6];
   agx_pack(w, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = rt->channels;
      cfg.type = rt->type;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = rt->width;
      cfg.height = rt->height;
      cfg.buffer = RT_VA;
      cfg.stride = rt->stride - 4;
   }
   memcpy(e->data + PBE_OFF, w, 24);
}

/* The usual target: a linear R32 uint w x h render target (stride 4 w). */
static inline void
put_rt_r32(struct env *e, uint32_t w, uint32_t h)
{
   struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, w, h, w * 4};
   put_rt(e, &rt);
}

/* Morton (Z-order) index of (x, y) inside a tile: x bits even, y bits odd. */
static inline uint32_t
morton(uint32_t x, uint32_t y)
{
   uint32_t m = 0;
   for (unsigned b = 0; b < 16; b++)
      m |= ((x >> b) & 1u) << (2 * b) | ((y >> b) & 1u) << (2 * b + 1);
   return m;
}

/* A 4-sample R32 uint w x h render target, GPU-tiled (16-byte elements:
 * 32x32 tiles in rows, Morton order inside, samples contiguous; ail's
 * layout), filled with 0xAA. */
static inline void
put_rt_ms4_r32(struct env *e, uint32_t w, uint32_t h)
{
   uint32_t pbe[6];
   agx_pack(pbe, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_UINT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = w;
      cfg.height = h;
      cfg.samples = AGX_SAMPLE_COUNT_4;
      cfg.buffer = RT_VA;
      cfg.levels = 1;
      cfg.layers = 1;
   }
   memcpy(e->data + PBE_OFF, pbe, 24);
   memset(e->data + RT_OFF, 0xAA, (size_t)w * h * 16);
}

/* Sample s of pixel (x, y) of put_rt_ms4_r32's target of width w. */
static inline uint32_t
ms4_r32_sample(struct env *e, uint32_t w, uint32_t x, uint32_t y, unsigned s)
{
   uint32_t tile = (y / 32) * ((w + 31) / 32) + x / 32;
   size_t off = ((size_t)tile * 1024 + morton(x % 32, y % 32)) * 16 + 4 * s;
   uint32_t v;
   memcpy(&v, e->data + RT_OFF + off, 4);
   return v;
}

static inline void
frame_init(struct frame *f, struct env *e, uint32_t width, uint32_t height, unsigned sample_size,
           const char *bg_src, const char *eot_src)
{
   memset(f, 0, sizeof(*f));
   f->e = e;
   f->width = width, f->height = height;
   f->utile_w = f->utile_h = 32;
   f->sample_size = sample_size;
   f->samples = 1;
   f->bg = put_word_list(e, env_asm(e, bg_src), 0, 0, false, true, false);
   f->eot = put_word_list(e, env_asm(e, eot_src), 0, 0, true, false, false);
   uint32_t u[2] = {(uint32_t)VB_VA, (uint32_t)(VB_VA >> 32)};
   uint64_t uva = env_upload(e, u, 8);
   f->vs = put_word_list(e, env_asm(e, VS_SRC), 4, uva, false, false, false);
   f->s = cdm_begin(e);
   uint32_t w[1];
   agx_pack(w, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   cdm_put(&f->s, w, 4);
}

/* Fragment state of a draw. */
struct draw_state {
   uint32_t fs;    /* FS word list */
   unsigned nbind; /* CF bindings */
   struct AGX_CF_BINDING bind[8];
   unsigned cf_count, slots32;
   enum agx_zs_func depth_func; /* front and back */
   bool depth_write_disable;
   bool cull_back, cull_front, ccw;
   bool tag_write_disable;
   bool frag_coord_z;
   bool layer_output; /* Output Select Render target: layer in UVS word 4 + varyings - 1 */
   bool point_size;   /* Output Select Point size: size in UVS word 4 + varyings - 1 */
   bool clip0;        /* Output Select clip plane 0: distance in UVS word 4 + varyings - 1 */
   bool depth_bias;
   unsigned depth_bias_index;
   unsigned line_width_field;          /* Fragment face Line width (4:4 fixed - 1) */
   bool primitive_msaa;                /* Cull Primitive MSAA (Bresenham lines) */
   bool depth_clamp;                   /* Cull Depth clamp instead of Depth clip */
   enum agx_polygon_mode polygon_mode; /* Fragment face Polygon mode (front and back) */
   bool scissor;
   unsigned scissor_index;
   enum agx_visibility_mode visibility;
   unsigned oq_index;
   unsigned varyings; /* UVS words after the position (smooth count) */
   /* stencil (front and back alike) */
   bool stencil;
   uint8_t stencil_ref, read_mask, write_mask;
   enum agx_zs_func stencil_compare;
   enum agx_stencil_op sfail, zfail, zpass;
   float vp[6]; /* translate/scale x, y, z; 0 = whole framebuffer */
};

static inline void
draw_state_default(struct draw_state *d, const struct frame *f, uint32_t fs)
{
   memset(d, 0, sizeof(*d));
   d->fs = fs;
   d->depth_func = AGX_ZS_FUNC_ALWAYS;
   d->depth_write_disable = true;
   d->ccw = true;
   d->varyings = 4;
   d->vp[0] = f->width / 2.0f, d->vp[1] = f->width / 2.0f;
   d->vp[2] = f->height / 2.0f, d->vp[3] = f->height / 2.0f;
   d->vp[4] = 0.0f, d->vp[5] = 1.0f;
}

/* PPP update with every word the model needs; VDM State; Index List. */
static inline void
frame_draw(struct frame *f, const struct draw_state *d, enum agx_primitive prim, uint32_t count,
           uint32_t start, bool indexed, unsigned index_size_log2, bool restart,
           uint32_t restart_index, uint32_t instances)
{
   struct env *e = f->e;
   /* CF bindings: header + bindings */
   uint32_t cfb[16];
   agx_pack(&cfb[0], CF_BINDING_HEADER, cfg) {
      cfg.number_of_32_bit_slots = d->slots32;
      cfg.number_of_coefficient_registers = d->cf_count;
   }
   for (unsigned i = 0; i < d->nbind; i++) {
      agx_pack(&cfb[1 + i], CF_BINDING, cfg) {
         cfg.components = d->bind[i].components;
         cfg.shade_model = d->bind[i].shade_model;
         cfg.source = d->bind[i].source;
         cfg.base_slot = d->bind[i].base_slot;
         cfg.base_coefficient_register = d->bind[i].base_coefficient_register;
      }
   }
   /* CF bindings live in the USC heap: a 32-bit offset from usc_exec_base */
   e->code_used = (e->code_used + 63) & ~63u;
   uint32_t cf_off = e->code_used;
   env_put(e, &e->code_used, cfb, 4 * (1 + d->nbind));

   uint32_t ppp[64];
   unsigned n = 1;
   agx_pack(&ppp[0], PPP_HEADER, cfg) {
      cfg.fragment_control = true;
      cfg.fragment_front_face = true;
      cfg.fragment_front_stencil = true;
      cfg.fragment_back_face = true;
      cfg.fragment_back_stencil = true;
      cfg.depth_bias_scissor = true;
      cfg.viewport = true;
      cfg.viewport_count = 1;
      cfg.output_select = true;
      cfg.varying_counts_32 = true;
      cfg.cull = true;
      cfg.fragment_shader = true;
      cfg.occlusion_query = true;
      cfg.output_size = true;
   }
   agx_pack(&ppp[n++], FRAGMENT_CONTROL, cfg) {
      cfg.visibility_mode = d->visibility;
      cfg.scissor_enable = d->scissor;
      cfg.stencil_test_enable = d->stencil;
      cfg.depth_bias_enable = d->depth_bias;
      cfg.tag_write_disable = d->tag_write_disable;
      cfg.pass_type = AGX_PASS_TYPE_OPAQUE;
   }
   for (unsigned face = 0; face < 2; face++) {
      agx_pack(&ppp[n++], FRAGMENT_FACE, cfg) {
         cfg.stencil_reference = d->stencil_ref;
         cfg.line_width = d->line_width_field;
         cfg.polygon_mode = d->polygon_mode;
         cfg.depth_function = d->depth_func;
         cfg.disable_depth_write = d->depth_write_disable;
      }
      agx_pack(&ppp[n++], FRAGMENT_STENCIL, cfg) {
         cfg.write_mask = d->write_mask;
         cfg.read_mask = d->read_mask;
         cfg.depth_pass = d->zpass;
         cfg.depth_fail = d->zfail;
         cfg.stencil_fail = d->sfail;
         cfg.compare = d->stencil_compare;
      }
   }
   agx_pack(&ppp[n++], DEPTH_BIAS_SCISSOR, cfg) {
      cfg.scissor = d->scissor_index;
      cfg.depth_bias = d->depth_bias_index;
   }
   agx_pack(&ppp[n++], VIEWPORT_CONTROL, cfg)
      ;
   agx_pack(&ppp[n], VIEWPORT, cfg) {
      cfg.translate_x = d->vp[0], cfg.scale_x = d->vp[1];
      cfg.translate_y = d->vp[2], cfg.scale_y = d->vp[3];
      cfg.translate_z = d->vp[4], cfg.scale_z = d->vp[5];
   }
   n += 6;
   agx_pack(&ppp[n++], OUTPUT_SELECT, cfg) {
      cfg.varyings = true;
      cfg.frag_coord_z = d->frag_coord_z;
      cfg.render_target = d->layer_output;
      cfg.point_size = d->point_size;
      cfg.clip_distance_plane_0 = d->clip0;
   }
   agx_pack(&ppp[n++], VARYING_COUNTS, cfg) {
      cfg.smooth = d->layer_output || d->point_size || d->clip0 ? d->varyings - 1 : d->varyings;
   }
   agx_pack(&ppp[n++], CULL, cfg) {
      cfg.cull_back = d->cull_back;
      cfg.cull_front = d->cull_front;
      cfg.front_face_ccw = d->ccw;
      cfg.depth_clip = !d->depth_clamp;
      cfg.depth_clamp = d->depth_clamp;
      cfg.primitive_msaa = d->primitive_msaa;
      cfg.flat_shading_vertex = AGX_PPP_VERTEX_0;
   }
   agx_pack(&ppp[n++], FRAGMENT_SHADER_WORD_0, cfg) {
      cfg.uniform_register_count = 0;
      cfg.cf_binding_count = d->nbind;
   }
   agx_pack(&ppp[n++], FRAGMENT_SHADER_WORD_1, cfg) {
      cfg.pipeline = d->fs;
   }
   agx_pack(&ppp[n++], FRAGMENT_SHADER_WORD_2, cfg) {
      cfg.cf_bindings = cf_off;
   }
   agx_pack(&ppp[n++], FRAGMENT_SHADER_WORD_3, cfg)
      ;
   agx_pack(&ppp[n++], FRAGMENT_OCCLUSION_QUERY, cfg) {
      cfg.index = d->oq_index;
   }
   agx_pack(&ppp[n++], OUTPUT_SIZE, cfg) {
      cfg.count = 4 + d->varyings;
   }
   f->ppp_used = (f->ppp_used + 63) & ~63u;
   uint64_t ppp_va = DATA_VA + PPP_OFF + f->ppp_used;
   memcpy(e->data + PPP_OFF + f->ppp_used, ppp, 4 * n);
   f->ppp_used += 4 * n;

   uint32_t w[8];
   agx_pack(w, PPP_STATE, cfg) {
      cfg.pointer_hi = (uint32_t)(ppp_va >> 32);
      cfg.pointer_lo = (uint32_t)ppp_va;
      cfg.size_words = n;
   }
   cdm_put(&f->s, w, 8);

   unsigned k = 1;
   agx_pack(&w[0], VDM_STATE, cfg) {
      cfg.restart_index_present = true;
      cfg.vertex_shader_word_0_present = true;
      cfg.vertex_shader_word_1_present = true;
      cfg.vertex_outputs_present = true;
      cfg.vertex_unknown_present = true;
   }
   agx_pack(&w[k++], VDM_STATE_RESTART_INDEX, cfg) {
      cfg.value = restart_index;
   }
   agx_pack(&w[k++], VDM_STATE_VERTEX_SHADER_WORD_0, cfg) {
      cfg.uniform_register_count = 4;
   }
   agx_pack(&w[k++], VDM_STATE_VERTEX_SHADER_WORD_1, cfg) {
      cfg.pipeline = f->vs;
   }
   agx_pack(&w[k++], VDM_STATE_VERTEX_OUTPUTS, cfg) {
      cfg.output_count_1 = 4 + d->varyings;
      cfg.output_count_2 = 4 + d->varyings;
   }
   agx_pack(&w[k++], VDM_STATE_VERTEX_UNKNOWN, cfg) {
      cfg.flat_shading_control = AGX_VDM_VERTEX_0;
   }
   if (k % 2)
      w[k++] = 0; /* pad to 8 bytes */
   cdm_put(&f->s, w, 4 * k);

   k = 1;
   agx_pack(&w[0], INDEX_LIST, cfg) {
      cfg.index_buffer_hi = (uint32_t)(IB_VA >> 32);
      cfg.primitive = prim;
      cfg.restart_enable = restart;
      cfg.index_size = index_size_log2;
      cfg.index_buffer_present = indexed;
      cfg.index_count_present = !f->indirect;
      cfg.instance_count_present = !f->indirect;
      cfg.start_present = !f->indirect;
      cfg.indirect_buffer_present = f->indirect != 0;
      cfg.index_buffer_size_present = indexed;
   }
   if (indexed)
      w[k++] = (uint32_t)IB_VA;
   if (f->indirect) {
      agx_pack(&w[k], INDEX_LIST_INDIRECT_BUFFER, cfg) {
         cfg.address_hi = (uint32_t)(f->indirect >> 32);
         cfg.address_lo = (uint32_t)f->indirect;
      }
      k += 2;
   } else {
      w[k++] = count;
      w[k++] = instances;
      w[k++] = start;
   }
   if (indexed)
      w[k++] = (count << index_size_log2) >> 2;
   cdm_put(&f->s, w, 4 * k);
}

/* End the stream, submit the render command, wait; returns the fence
 * status (1 = ok). */
static inline int
frame_submit(struct frame *f)
{
   struct env *e = f->e;
   uint32_t w[8] = {0};
   agx_pack(w, VDM_STREAM_TERMINATE, cfg)
      ;
   cdm_put(&f->s, w, 32);
   struct {
      struct drm_asahi_cmd_header hdr;
      struct drm_asahi_cmd_render r;
   } c;
   memset(&c, 0, sizeof(c));
   c.hdr.cmd_type = DRM_ASAHI_CMD_RENDER;
   c.hdr.size = sizeof(c.r);
   c.hdr.vdm_barrier = DRM_ASAHI_BARRIER_NONE;
   c.hdr.cdm_barrier = DRM_ASAHI_BARRIER_NONE;
   c.r.flags = f->flags;
   c.r.vdm_ctrl_stream_base = f->s.start;
   c.r.width_px = (uint16_t)f->width;
   c.r.height_px = (uint16_t)f->height;
   c.r.layers = (uint16_t)(f->layers ? f->layers : 1);
   c.r.utile_width_px = (uint8_t)f->utile_w;
   c.r.utile_height_px = (uint8_t)f->utile_h;
   c.r.samples = (uint8_t)f->samples;
   c.r.sample_size_B = (uint8_t)f->sample_size;
   c.r.ppp_multisamplectl = f->msctl ? f->msctl : 0x88;
   c.r.ppp_ctrl = 0x202;
   c.r.zls_ctrl = f->zls_ctrl;
   c.r.isp_bgobjdepth = f->bgobjdepth;
   c.r.isp_bgobjvals = f->bgobjvals;
   if (f->zls_w) {
      agx_pack(&c.r.isp_zls_pixels, CR_ISP_ZLS_PIXELS, cfg) {
         cfg.x = f->zls_w;
         cfg.y = f->zls_h;
      }
      c.r.depth.base =
         f->depth_base ? f->depth_base : DATA_VA + 0x200000u; /* ZBUF_OFF of test_sim_render.c */
      c.r.depth.stride = 1; /* ((pages - 1) << 14) | 1: one page */
      c.r.stencil.base = DATA_VA + 0x204000u;
      c.r.stencil.stride = 1;
   }
   c.r.ts_vtx = f->ts_vtx;
   c.r.ts_frag = f->ts_frag;
   c.r.isp_scissor_base = DATA_VA + SCISSOR_OFF;
   c.r.isp_oclqry_base = DATA_VA + OQ_OFF;
   c.r.isp_dbias_base = DATA_VA + DBIAS_OFF;
   c.r.bg.usc = f->bg + 4; /* word-list offset | 4 (Mesa) */
   c.r.eot.usc = f->eot + 4;
   c.r.partial_bg = c.r.bg;
   c.r.partial_eot = c.r.eot;
   if (f->partial_bg)
      c.r.partial_bg.usc = f->partial_bg + 4;
   if (f->partial_eot)
      c.r.partial_eot.usc = f->partial_eot + 4;
   uint32_t so = sim_syncobj_create(e->sim, 0);
   struct drm_asahi_sync sync = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = so};
   int ret = sim_submit(e->sim, e->queue, &c, sizeof(c), &sync, 0, 1);
   if (ret)
      return ret;
   ret = sim_wait(e->sim, so, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, sim_now_plus_ms(60000));
   if (ret)
      return ret;
   int status = 0;
   ret = agx_sim_syncobj_fence_status(e->sim, so, 0, &status);
   return ret ? ret : status;
}

static inline void
put_vertex(struct env *e, unsigned i, const float v[8])
{
   memcpy(e->data + VB_OFF + 32 * i, v, 32);
}

/* A fragment shader's word list from agx-asm text (no uniforms, no
 * texture, early Z). */
static inline uint32_t
put_fs_text(struct env *e, const char *src)
{
   return put_word_list(e, env_asm(e, src), 0, 0, false, true, true);
}

/* Window position (pixels) -> clip x or y for the default viewport of a
 * framebuffer `size` pixels wide or high. */
static inline float
clip_of(double win, double size)
{
   return (float)((win - size / 2) / (size / 2));
}

/* CPU reference of a line between pixel centres with an odd major length
 * (no ties): adds 1 to count[y * w + x] for the pixels along the major axis
 * from the start (inclusive) to the end (exclusive), in the row/column the
 * segment crosses at that column/row centre (Vulkan's diamond-exit rule
 * reduces to this; Bresenham's algorithm gives the same pixels). */
static inline void
ref_line(uint32_t *count, uint32_t w, int x0, int y0, int x1, int y1)
{
   int dx = x1 - x0, dy = y1 - y0;
   bool xmajor = abs(dx) >= abs(dy);
   int n = xmajor ? abs(dx) : abs(dy);
   for (int k = 0; k < n; k++) {
      int x, y;
      if (xmajor) {
         x = x0 + (dx > 0 ? k : -k);
         y = (int)floor(y0 + 0.5 + (double)dy * k / abs(dx));
      } else {
         y = y0 + (dy > 0 ? k : -k);
         x = (int)floor(x0 + 0.5 + (double)dx * k / abs(dy));
      }
      count[y * (int)w + x]++;
   }
}

/* 32-bit word c of pixel (x, y) of a render target with bpp bytes/pixel */
static inline uint32_t
rt32(struct env *e, uint32_t stride, unsigned bpp, uint32_t x, uint32_t y, unsigned c)
{
   uint32_t v;
   memcpy(&v, e->data + RT_OFF + (size_t)y * stride + (size_t)bpp * x + 4 * c, 4);
   return v;
}

#endif
