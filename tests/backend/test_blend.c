/*
 * Output-epilog blending on the simulator's render path (issue 18,
 * deliverable 4): for each case a 4x4-pixel quad is drawn with a fragment
 * program = hand-assembled main part (source colour in r4-r7, dual-source
 * second colour in r8-r11) + the epilog agx_build_fs_epilog_key() builds for
 * the case's key; the background program clears the tile to a known
 * destination colour, the end-of-tile program stores it to a linear image
 * that is compared with a CPU blend model written here from the Vulkan
 * specification (blend factors, blend operations, logical operations,
 * fixed-point clamping of the inputs, not the factors: see model_blend). Covers every src x dst factor pair (colour and
 * alpha), every colour op x alpha op, out-of-range sources, the blend
 * constants (uniform bytes AGX_ABI_FS_BLEND_CONST), dual-source factors,
 * all 16 write masks, all 16 logic ops, and the pass-type helpers.
 * Tolerances: 8-bit unorm/snorm +-1 LSB, fp16 relative 1e-3, fp32 1e-5.
 * Assumes the harness of tests/sim/sim_render_util.h (one covering quad per
 * case, uniforms through a USC Uniform word).
 */
#include <math.h>
#include <time.h>

#include "sim_render_util.h"

#include "agx_abi.h"
#include "test_blend_build.h"

#define W 64
#define H 64
#define BLOCK 4
#define PER_FRAME ((W / BLOCK) * (H / BLOCK))
#define KONST_OFF 0x3C000u /* blend constants, a free area of the data BO */

struct fmt {
   enum agx_tib_format tib;
   enum agx_channels ch;
   enum agx_texture_type type;
   const char *eot; /* image_write_block format */
   unsigned bpp;
   unsigned norm; /* 1 unorm, 2 snorm, 0 float, 3 uint */
   const char *name;
};

static const struct fmt FORMATS[] = {
   {AGX_TIB_RGBA8_UNORM, AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM, "u8norm", 4, 1,
    "rgba8_unorm"},
   {AGX_TIB_RGBA8_SNORM, AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_SNORM, "s8norm", 4, 2,
    "rgba8_snorm"},
   {AGX_TIB_RGBA16_FLOAT, AGX_CHANNELS_R16G16B16A16, AGX_TEXTURE_TYPE_FLOAT, "i16", 8, 0,
    "rgba16_float"},
   {AGX_TIB_RGBA32_FLOAT, AGX_CHANNELS_R32G32B32A32, AGX_TEXTURE_TYPE_FLOAT, "i32", 16, 0,
    "rgba32_float"},
   /* integer: blending ignored, logic ops on the value (norm 3 = uint) */
   {AGX_TIB_RGBA8_UINT, AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UINT, "i8", 4, 3, "rgba8_uint"},
   /* packed: write masks by read-modify-write */
   {AGX_TIB_RGB10A2_UNORM, AGX_CHANNELS_R10G10B10A2, AGX_TEXTURE_TYPE_UNORM, "rgb10a2", 4, 1,
    "rgb10a2_unorm"},
};

static bool
is_rgb10a2(const struct fmt *f)
{
   return f->tib == AGX_TIB_RGB10A2_UNORM;
}

/* 10/10/10/2 codes of a packed word */
static unsigned
code10(const uint8_t *p, unsigned c)
{
   uint32_t w;
   memcpy(&w, p, 4);
   return c == 3 ? w >> 30 : (w >> (10 * c)) & 1023;
}

/* colours: destination (exact in f16 and close to 8-bit codes), sources */
static const double DST[4] = {0.25, 0.625, 0.875, 0.375};
/* set 2: no x.5 ties when scaled to 8 bits (logic ops convert to integers) */
static const float SRC[3][4] = {
   {0.7f, 0.3f, 0.45f, 0.8f}, {1.5f, -0.25f, 0.6f, 1.25f}, {0.8f, 0.35f, 0.12f, 0.61f}};
static const float SRC1[3][4] = {
   {0.25f, 0.9f, 0.55f, 0.6f}, {-0.5f, 2.0f, 0.1f, 0.3f}, {0.2f, 0.4f, 0.6f, 0.8f}};
/* integer sources (uint formats), same set indices */
static const uint32_t ISRC[3][4] = {
   {0xB3, 0x4C, 0x1F, 0xE0}, {0x00, 0xFF, 0x5A, 0x81}, {0x3C, 0xC3, 0x96, 0x69}};
static const float KONST[4] = {0.15f, 0.5f, 0.85f, 0.4f};

struct bcase {
   struct agx_blend_rt rt;
   unsigned set; /* source colour set */
   bool logic;
   unsigned logic_op;
};

static uint32_t
fbits32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static double
half_to_double(uint16_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   double v = e == 0 ? ldexp(m, -24) : e == 31 ? INFINITY : ldexp(1024 + m, e - 25);
   return h & 0x8000 ? -v : v;
}

/* the destination as the tile holds it (raw bytes of one pixel) and its
 * value per component */
static void
dst_bytes(const struct fmt *f, uint8_t *raw, double *val)
{
   if (is_rgb10a2(f)) {
      uint32_t w = 0;
      for (unsigned c = 0; c < 4; c++) {
         double max = c == 3 ? 3 : 1023;
         uint32_t code = (uint32_t)lrint(DST[c] * max);
         w |= code << (10 * c);
         val[c] = code / max;
      }
      memcpy(raw, &w, 4);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      if (f->norm == 1 || f->norm == 3) {
         raw[c] = (uint8_t)lrint(DST[c] * 255);
         val[c] = raw[c] / 255.0;
      } else if (f->norm == 2) {
         raw[c] = (uint8_t)(int8_t)lrint(DST[c] * 127);
         val[c] = (int8_t)raw[c] / 127.0;
      } else if (f->bpp == 8) {
         /* DST values are exact in f16: exponent/mantissa by hand */
         int e;
         double m = frexp(DST[c], &e); /* DST = m 2^e, m in [0.5, 1) */
         uint16_t h = (uint16_t)(((e - 1 + 15) << 10) | (unsigned)lrint((m * 2 - 1) * 1024));
         memcpy(raw + 2 * c, &h, 2);
         val[c] = half_to_double(h);
      } else {
         uint32_t u = fbits32((float)DST[c]);
         memcpy(raw + 4 * c, &u, 4);
         val[c] = (float)DST[c];
      }
   }
}

/* ---- CPU blend model (Vulkan specification) ------------------------------ */

static double
clampn(double v, unsigned norm)
{
   if (norm == 1)
      return fmin(fmax(v, 0.0), 1.0);
   if (norm == 2)
      return fmin(fmax(v, -1.0), 1.0);
   return v;
}

static double
model_factor(unsigned f, unsigned c, const double *s, const double *s1, const double *d,
             const double *k)
{
   switch (f) {
   case AGX_BLEND_ZERO:
      return 0;
   case AGX_BLEND_ONE:
      return 1;
   case AGX_BLEND_SRC_COLOR:
      return s[c];
   case AGX_BLEND_ONE_MINUS_SRC_COLOR:
      return 1 - s[c];
   case AGX_BLEND_DST_COLOR:
      return d[c];
   case AGX_BLEND_ONE_MINUS_DST_COLOR:
      return 1 - d[c];
   case AGX_BLEND_SRC_ALPHA:
      return s[3];
   case AGX_BLEND_ONE_MINUS_SRC_ALPHA:
      return 1 - s[3];
   case AGX_BLEND_DST_ALPHA:
      return d[3];
   case AGX_BLEND_ONE_MINUS_DST_ALPHA:
      return 1 - d[3];
   case AGX_BLEND_CONSTANT_COLOR:
      return k[c];
   case AGX_BLEND_ONE_MINUS_CONSTANT_COLOR:
      return 1 - k[c];
   case AGX_BLEND_CONSTANT_ALPHA:
      return k[3];
   case AGX_BLEND_ONE_MINUS_CONSTANT_ALPHA:
      return 1 - k[3];
   case AGX_BLEND_SRC_ALPHA_SATURATE:
      return c == 3 ? 1 : fmin(s[3], 1 - d[3]);
   case AGX_BLEND_SRC1_COLOR:
      return s1[c];
   case AGX_BLEND_ONE_MINUS_SRC1_COLOR:
      return 1 - s1[c];
   case AGX_BLEND_SRC1_ALPHA:
      return s1[3];
   case AGX_BLEND_ONE_MINUS_SRC1_ALPHA:
      return 1 - s1[3];
   }
   abort();
}

static void
model_blend(const struct bcase *bc, unsigned norm, const double *dst, double *out)
{
   double s[4], s1[4], d[4], k[4];
   for (unsigned c = 0; c < 4; c++) {
      s[c] = clampn(SRC[bc->set][c], norm);
      s1[c] = clampn(SRC1[bc->set][c], norm);
      d[c] = clampn(dst[c], norm);
      k[c] = clampn(KONST[c], norm);
   }
   for (unsigned c = 0; c < 4; c++) {
      if (!bc->rt.enable) {
         out[c] = s[c];
         continue;
      }
      bool a = c == 3;
      unsigned op = a ? bc->rt.op_alpha : bc->rt.op_rgb;
      /* factors not clamped: for snorm 1 - x reaches 2, as the CTS reference
       * rasterizer and Mesa's nir_lower_blend compute it (the inputs are
       * clamped; Vulkan's text clamps factors too); for unorm the factors of
       * clamped inputs are in [0, 1] anyway */
      double fs = model_factor(a ? bc->rt.src_alpha : bc->rt.src_rgb, c, s, s1, d, k);
      double fd = model_factor(a ? bc->rt.dst_alpha : bc->rt.dst_rgb, c, s, s1, d, k);
      double r;
      switch (op) {
      case AGX_BLEND_OP_ADD:
         r = s[c] * fs + d[c] * fd;
         break;
      case AGX_BLEND_OP_SUBTRACT:
         r = s[c] * fs - d[c] * fd;
         break;
      case AGX_BLEND_OP_REVERSE_SUBTRACT:
         r = d[c] * fd - s[c] * fs;
         break;
      case AGX_BLEND_OP_MIN:
         r = fmin(s[c], d[c]);
         break;
      default:
         r = fmax(s[c], d[c]);
         break;
      }
      out[c] = clampn(r, norm);
   }
   if (!bc->rt.enable)
      for (unsigned c = 0; c < 4; c++)
         out[c] = norm ? clampn(SRC[bc->set][c], norm) : SRC[bc->set][c];
}

static unsigned
model_logic(unsigned op, unsigned s, unsigned d)
{
   unsigned r = 0;
   switch (op) {
   case 0:
      r = 0;
      break;
   case 1:
      r = s & d;
      break;
   case 2:
      r = s & ~d;
      break;
   case 3:
      r = s;
      break;
   case 4:
      r = ~s & d;
      break;
   case 5:
      r = d;
      break;
   case 6:
      r = s ^ d;
      break;
   case 7:
      r = s | d;
      break;
   case 8:
      r = ~(s | d);
      break;
   case 9:
      r = ~(s ^ d);
      break;
   case 10:
      r = ~d;
      break;
   case 11:
      r = s | ~d;
      break;
   case 12:
      r = ~s;
      break;
   case 13:
      r = ~s | d;
      break;
   case 14:
      r = ~(s & d);
      break;
   default:
      r = ~0u;
      break;
   }
   return r & 0xFF;
}

/* ---- rendering ------------------------------------------------------------ */

/* early_z: USC Fragment Properties Early-z testing, which a shader running
 * sample_mask / zs_emit must not have (the driver's rule, agxv_cmd_draw.c) */
static uint32_t
word_list(struct env *e, uint32_t code, uint64_t uni_va, unsigned start_h, unsigned size_h,
          bool texture, bool frag, bool early_z)
{
   e->code_used = (e->code_used + 63) & ~63u;
   uint32_t start = e->code_used, off = start;
   uint32_t w[4];
   if (size_h) {
      agx_pack(w, USC_UNIFORM, cfg) {
         cfg.start_halfs = start_h;
         cfg.size_halfs = size_h;
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

static double compile_ns_total;
static unsigned compiles;

/* main part (colours in r4-r11) + the epilog of the key, as one program */
static uint32_t
put_fs(struct env *e, const struct agx_fs_epilog_key *key, unsigned set, bool integer,
       size_t *epilog_size)
{
   char src[1024];
   size_t n = 0;
   for (unsigned c = 0; c < 4; c++)
      n += (size_t)snprintf(src + n, sizeof(src) - n, "mov_imm r%u, %u, 0b0\n", 4 + c,
                            integer ? ISRC[set][c] : fbits32(SRC[set][c]));
   for (unsigned c = 0; c < 4; c++)
      n += (size_t)snprintf(src + n, sizeof(src) - n, "mov_imm r%u, %u, 0b0\n", 8 + c,
                            fbits32(SRC1[set][c]));
   uint32_t code = env_asm(e, src);
   struct blend_epilog r;
   char err[256];
   int rc = blend_build(key, &r, err, sizeof(err));
   compile_ns_total += r.ns;
   compiles++;
   if (rc) {
      fprintf(stderr, "epilog: %s\n", err);
      CHECK(0);
      return 0;
   }
   memcpy(e->code + e->code_used, r.code, r.size);
   e->code_used += (uint32_t)r.size;
   if (epilog_size)
      *epilog_size = r.size;
   free(r.code);
   return code;
}

static unsigned total_cases, total_bad;

/* Renders cases [0, n) (n <= PER_FRAME) on format f and checks them. */
static void
run_frame(const struct fmt *f, const struct bcase *cases, unsigned n)
{
   struct env e;
   env_init(&e);
   enum agx_tib_format tf = f->tib;
   struct agx_tilebuffer_layout tib;
   CHECK(agx_tilebuffer_layout(&tib, &tf, 1, 1));
   const uint32_t stride = W * f->bpp;
   struct rt_desc rt = {f->ch, f->type, W, H, stride};
   put_rt(&e, &rt);
   uint8_t raw[16];
   double dval[4];
   dst_bytes(f, raw, dval);
   char bg[512], eot[256];
   size_t k = 0;
   unsigned words = f->bpp / 4;
   for (unsigned w = 0; w < words; w++) {
      uint32_t u;
      memcpy(&u, raw + 4 * w, 4);
      k += (size_t)snprintf(bg + k, sizeof(bg) - k, "mov_imm r%u, %u, 0b0\n", 1 + w, u);
   }
   /* one 32-bit st_tile per word of the pixel (raw bytes) */
   for (unsigned w = 0; w < words; w++)
      k += (size_t)snprintf(bg + k, sizeof(bg) - k, "st_tile r%u, i32, 0, x, %u, 255, 0\n", 1 + w,
                            4 * w);
   snprintf(bg + k, sizeof(bg) - k, "stop\n");
   snprintf(eot, sizeof(eot),
            "mov_imm r2, 0, 0b0\n"
            "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, %s, 0, 0, 0\n"
            "stop\n",
            f->eot);
   struct frame fr;
   frame_init(&fr, &e, W, H, tib.sample_size_B, bg, eot);
   /* blend constants at uniform bytes AGX_ABI_FS_BLEND_CONST */
   memcpy(e.data + KONST_OFF, KONST, sizeof(KONST));
   const uint64_t kva = DATA_VA + KONST_OFF;
   for (unsigned i = 0; i < n; i++) {
      struct agx_fs_epilog_key key;
      agx_fs_epilog_key_init(&key, &tib, 1);
      key.rt[0] = cases[i].rt;
      key.logic_op_enable = cases[i].logic;
      key.logic_op = (uint8_t)cases[i].logic_op;
      uint32_t code = put_fs(&e, &key, cases[i].set, f->norm == 3, NULL);
      uint32_t fs = word_list(&e, code, kva, AGX_ABI_FS_BLEND_CONST / 2, 8, false, true, true);
      struct draw_state d;
      draw_state_default(&d, &fr, fs);
      unsigned bx = (i % (W / BLOCK)) * BLOCK, by = (i / (W / BLOCK)) * BLOCK;
      const double px[6] = {bx, bx + BLOCK, bx, bx + BLOCK, bx + BLOCK, bx};
      const double py[6] = {by, by, by + BLOCK, by, by + BLOCK, by + BLOCK};
      for (unsigned v = 0; v < 6; v++) {
         float vert[8] = {(float)((px[v] - W / 2.0) / (W / 2.0)),
                          (float)((py[v] - H / 2.0) / (H / 2.0)),
                          0,
                          1,
                          0,
                          0,
                          0,
                          0};
         put_vertex(&e, 6 * i + v, vert);
      }
      frame_draw(&fr, &d, AGX_PRIMITIVE_TRIANGLES, 6, 6 * i, false, 0, false, 0, 1);
   }
   int st = frame_submit(&fr);
   CHECK(st == 1);
   if (st != 1) {
      total_cases += n;
      total_bad += n; /* nothing rendered: every case of the frame fails */
   }
   for (unsigned i = 0; i < n && st == 1; i++) {
      const struct bcase *bc = &cases[i];
      double exp[4];
      unsigned mask = bc->rt.write_mask;
      model_blend(bc, f->norm, dval, exp);
      unsigned x = (i % (W / BLOCK)) * BLOCK + 1, y = (i / (W / BLOCK)) * BLOCK + 2;
      const uint8_t *p = e.data + RT_OFF + (size_t)y * stride + (size_t)x * f->bpp;
      bool bad = false;
      for (unsigned c = 0; c < 4; c++) {
         double got, want = exp[c], tol;
         bool keep = !(mask & (1u << c));
         if (f->norm == 3) {
            /* blending ignored on integer formats; logic op on the value */
            got = p[c];
            want = keep        ? raw[c]
                   : bc->logic ? model_logic(bc->logic_op, ISRC[bc->set][c], raw[c])
                               : ISRC[bc->set][c];
            tol = 0;
         } else if (is_rgb10a2(f)) {
            double max = c == 3 ? 3 : 1023;
            got = code10(p, c);
            want = keep ? code10(raw, c) : lrint(want * max);
            tol = 1;
         } else if (f->norm == 1) {
            unsigned want_code = keep ? raw[c] : (unsigned)lrint(want * 255);
            if (bc->logic && !keep) {
               unsigned s = (unsigned)lrint(clampn(SRC[bc->set][c], 1) * 255);
               want_code = model_logic(bc->logic_op, s, raw[c]);
            }
            got = p[c];
            want = want_code;
            tol = bc->logic ? 0 : 1;
         } else if (f->norm == 2) {
            got = (int8_t)p[c];
            want = keep ? (int8_t)raw[c] : lrint(want * 127);
            tol = 1;
         } else if (f->bpp == 8) {
            uint16_t h;
            memcpy(&h, p + 2 * c, 2);
            got = half_to_double(h);
            want = keep ? dval[c] : want;
            tol = 1e-3 * fmax(1.0, fabs(want));
         } else {
            float g;
            memcpy(&g, p + 4 * c, 4);
            got = g;
            want = keep ? dval[c] : want;
            tol = 1e-5 * fmax(1.0, fabs(want));
         }
         if (!(fabs(got - want) <= tol))
            bad = true;
      }
      total_cases++;
      if (bad) {
         total_bad++;
         if (total_bad <= 20) {
            fprintf(stderr,
                    "%s case %u: en %u src %u/%u dst %u/%u op %u/%u mask 0x%x set %u logic %u/%u:"
                    " got",
                    f->name, i, bc->rt.enable, bc->rt.src_rgb, bc->rt.src_alpha, bc->rt.dst_rgb,
                    bc->rt.dst_alpha, bc->rt.op_rgb, bc->rt.op_alpha, mask, bc->set, bc->logic,
                    bc->logic_op);
            for (unsigned c = 0; c < (f->bpp == 8 ? 8u : f->bpp); c++)
               fprintf(stderr, " %02x", p[c]);
            fprintf(stderr, " want %g %g %g %g\n", exp[0], exp[1], exp[2], exp[3]);
         }
      }
   }
   env_fini(&e);
}

static void
run_cases(const struct fmt *f, const struct bcase *cases, unsigned n)
{
   for (unsigned i = 0; i < n; i += PER_FRAME)
      run_frame(f, cases + i, n - i < PER_FRAME ? n - i : PER_FRAME);
}

static struct agx_blend_rt
blend(unsigned sc, unsigned dc, unsigned oc, unsigned sa, unsigned da, unsigned oa)
{
   struct agx_blend_rt r = {1,           (uint8_t)sc, (uint8_t)dc, (uint8_t)oc,
                            (uint8_t)sa, (uint8_t)da, (uint8_t)oa, 0xF};
   return r;
}

/* every src x dst factor pair on colour (ADD) with the transposed pair on
 * alpha (so alpha also sees every pair), both source sets; every colour op x
 * alpha op with four factor pairs */
static unsigned
factor_op_cases(struct bcase *out)
{
   unsigned n = 0;
   for (unsigned s = 0; s < AGX_BLEND_NUM_FACTORS; s++)
      for (unsigned d = 0; d < AGX_BLEND_NUM_FACTORS; d++)
         for (unsigned set = 0; set < 2; set++) {
            unsigned op = (s + d + set) % 3; /* ADD, SUBTRACT, REVERSE_SUBTRACT */
            out[n++] = (struct bcase){blend(s, d, op, d, s, (op + 1) % 3), set, false, 0};
         }
   static const unsigned pairs[4][2] = {{AGX_BLEND_SRC_ALPHA, AGX_BLEND_ONE_MINUS_SRC_ALPHA},
                                        {AGX_BLEND_CONSTANT_COLOR, AGX_BLEND_DST_COLOR},
                                        {AGX_BLEND_SRC1_COLOR, AGX_BLEND_ONE_MINUS_SRC1_ALPHA},
                                        {AGX_BLEND_SRC_ALPHA_SATURATE, AGX_BLEND_ONE}};
   for (unsigned oc = 0; oc < AGX_BLEND_NUM_OPS; oc++)
      for (unsigned oa = 0; oa < AGX_BLEND_NUM_OPS; oa++)
         for (unsigned p = 0; p < 4; p++)
            out[n++] = (struct bcase){
               blend(pairs[p][0], pairs[p][1], oc, pairs[p][1], pairs[p][0], oa), p & 1, false, 0};
   /* blending disabled (fast path), both sets */
   for (unsigned set = 0; set < 2; set++) {
      struct bcase c = {{0, 1, 0, 0, 1, 0, 0, 0xF}, set, false, 0};
      out[n++] = c;
   }
   return n;
}

/* every write mask with blending off and on */
static unsigned
mask_cases(struct bcase *out)
{
   unsigned n = 0;
   for (unsigned m = 0; m < 16; m++)
      for (unsigned en = 0; en < 2; en++) {
         struct bcase c = {blend(AGX_BLEND_SRC_ALPHA, AGX_BLEND_ONE_MINUS_SRC_ALPHA, 0,
                                 AGX_BLEND_ONE, AGX_BLEND_ONE_MINUS_SRC_ALPHA, 0),
                           0, false, 0};
         c.rt.enable = (uint8_t)en;
         c.rt.write_mask = (uint8_t)m;
         out[n++] = c;
      }
   return n;
}

static unsigned
logic_cases(struct bcase *out)
{
   unsigned n = 0;
   for (unsigned op = 0; op < 16; op++)
      for (unsigned set = 0; set < 2; set++) {
         struct bcase c = {blend(AGX_BLEND_ONE, AGX_BLEND_ONE, 0, AGX_BLEND_ONE, AGX_BLEND_ONE, 0),
                           set ? 1 : 2, true, op};
         c.rt.write_mask = op == 6 ? 0x5 : 0xF; /* XOR also masked */
         out[n++] = c;
      }
   return n;
}

/* ---- keys, sizes, pass types (no rendering) ------------------------------- */

static size_t
epilog_size(const struct agx_fs_epilog_key *key, unsigned *ld_tiles, bool *reads)
{
   struct blend_epilog r;
   char err[256];
   if (blend_build(key, &r, err, sizeof(err))) {
      fprintf(stderr, "%s\n", err);
      CHECK(0);
      return 0;
   }
   *reads = r.reads_tib;
   *ld_tiles = r.ld_tiles;
   free(r.code);
   return r.size;
}

static void
test_keys(void)
{
   enum agx_tib_format fmts[2] = {AGX_TIB_RGBA8_UNORM, AGX_TIB_RGB10A2_UNORM};
   struct agx_tilebuffer_layout tib;
   CHECK(agx_tilebuffer_layout(&tib, fmts, 2, 1));
   struct agx_fs_epilog_key key;
   unsigned ld;
   bool reads;
   agx_fs_epilog_key_init(&key, &tib, 3);
   size_t plain = epilog_size(&key, &ld, &reads);
   CHECK(ld == 0 && !reads && !agx_fs_epilog_reads_tib(&key));
   struct agx_fs_info main_fs;
   memset(&main_fs, 0, sizeof(main_fs));
   CHECK_EQ(agx_fs_pass_type(&main_fs, &key), 0); /* opaque */
   main_fs.uses_discard = true;
   CHECK_EQ(agx_fs_pass_type(&main_fs, &key), 2); /* punch-through */
   main_fs.uses_discard = false;
   /* alpha blending on RT0: one ld_tile, translucent */
   key.rt[0] = blend(AGX_BLEND_SRC_ALPHA, AGX_BLEND_ONE_MINUS_SRC_ALPHA, 0, AGX_BLEND_ONE,
                     AGX_BLEND_ONE_MINUS_SRC_ALPHA, 0);
   size_t alpha = epilog_size(&key, &ld, &reads);
   CHECK(ld == 1 && reads && agx_fs_epilog_reads_tib(&key));
   CHECK_EQ(agx_fs_pass_type(&main_fs, &key), 1);
   main_fs.writes_depth = true;
   CHECK_EQ(agx_fs_pass_type(&main_fs, &key), 3);
   /* enabled ONE/ZERO/ADD reads nothing */
   key.rt[0] = blend(AGX_BLEND_ONE, AGX_BLEND_ZERO, 0, AGX_BLEND_ONE, AGX_BLEND_ZERO, 0);
   epilog_size(&key, &ld, &reads);
   CHECK(ld == 0 && !reads);
   /* a partial mask on the packed RT1: read-modify-write */
   agx_fs_epilog_key_init(&key, &tib, 3);
   key.rt[1].write_mask = 0x7;
   size_t rmw = epilog_size(&key, &ld, &reads);
   CHECK(ld == 1 && reads && agx_fs_epilog_reads_tib(&key));
   /* a partial mask on RGBA8: masked store, no load, still translucent */
   agx_fs_epilog_key_init(&key, &tib, 3);
   key.rt[0].write_mask = 0x5;
   epilog_size(&key, &ld, &reads);
   CHECK(ld == 0 && agx_fs_epilog_reads_tib(&key));
   /* a bound RT the shader does not write: translucent */
   agx_fs_epilog_key_init(&key, &tib, 1);
   CHECK(agx_fs_epilog_reads_tib(&key));
   /* every factor and op on both RTs, logic op */
   agx_fs_epilog_key_init(&key, &tib, 3);
   key.rt[0] = blend(AGX_BLEND_SRC_ALPHA_SATURATE, AGX_BLEND_ONE_MINUS_CONSTANT_COLOR, 1,
                     AGX_BLEND_DST_ALPHA, AGX_BLEND_ONE_MINUS_SRC_ALPHA, 4);
   key.rt[1] = key.rt[0];
   size_t both = epilog_size(&key, &ld, &reads);
   agx_fs_epilog_key_init(&key, &tib, 3);
   key.logic_op_enable = 1;
   key.logic_op = AGX_LOGIC_XOR;
   size_t logic = epilog_size(&key, &ld, &reads);
   /* deterministic: equal keys give equal bytes */
   struct blend_epilog r1, r2;
   char err[256];
   CHECK(!blend_build(&key, &r1, err, sizeof(err)));
   CHECK(!blend_build(&key, &r2, err, sizeof(err)));
   CHECK(r1.size == r2.size && !memcmp(r1.code, r2.code, r1.size));
   free(r1.code);
   free(r2.code);
   /* bad keys: clear errors */
   key.logic_op = 16;
   CHECK(blend_build(&key, &r1, err, sizeof(err)) == -1 && strstr(err, "logic op"));
   agx_fs_epilog_key_init(&key, &tib, 3);
   key.rt[0] = blend(19, 0, 0, 1, 0, 0);
   CHECK(blend_build(&key, &r1, err, sizeof(err)) == -1 && strstr(err, "blend"));
   key.rt[0] = blend(1, 0, 5, 1, 0, 0);
   CHECK(blend_build(&key, &r1, err, sizeof(err)) == -1);
   key.rt[0] = blend(1, 0, 0, 1, 0, 0);
   key.rt[1] = blend(AGX_BLEND_SRC1_COLOR, 0, 0, 1, 0, 0);
   CHECK(blend_build(&key, &r1, err, sizeof(err)) == -1 && strstr(err, "RT0"));
   printf("epilog bytes (rgba8 + rgb10a2): plain %zu, alpha blend RT0 %zu, RMW mask RT1 %zu, "
          "blend both %zu, logic xor %zu\n",
          plain, alpha, rmw, both, logic);
}

/* ---- sample built-ins and SampleMask output (compiled shaders) ---------- */

/* fs_sample: (SamplePosition, SampleId, SampleMaskIn) = (0.5, 0.5, 0, 1)
 * everywhere; fs_samplemask: (0.25, 0.5, 0.75, 1) on odd columns, the
 * background colour on even ones (their only sample killed). RGBA8. */
static void
test_sample_shaders(const char *dir)
{
   static const char *const names[2] = {"fs_sample", "fs_samplemask"};
   const struct fmt *f = &FORMATS[0];
   for (unsigned which = 0; which < 2; which++) {
      char path[600], err[512];
      snprintf(path, sizeof(path), "%s/%s.spv", dir, names[which]);
      struct blend_fs fs;
      if (blend_compile_fs(path, &fs, err, sizeof(err))) {
         fprintf(stderr, "%s: %s\n", names[which], err);
         CHECK(0);
         continue;
      }
      CHECK(fs.colour_written == 1);
      CHECK(which ? fs.writes_sample_mask && fs.uses_discard : fs.per_sample);
      struct env e;
      env_init(&e);
      enum agx_tib_format tf = f->tib;
      struct agx_tilebuffer_layout tib;
      CHECK(agx_tilebuffer_layout(&tib, &tf, 1, 1));
      const uint32_t stride = W * f->bpp;
      struct rt_desc rt = {f->ch, f->type, W, H, stride};
      put_rt(&e, &rt);
      uint8_t raw[16];
      double dval[4];
      dst_bytes(f, raw, dval);
      char bg[256];
      uint32_t u;
      memcpy(&u, raw, 4);
      snprintf(bg, sizeof(bg), "mov_imm r1, %u, 0b0\nst_tile r1, i32, 0, x, 0, 255, 0\nstop\n", u);
      struct frame fr;
      frame_init(&fr, &e, W, H, tib.sample_size_B, bg,
                 "mov_imm r2, 0, 0b0\n"
                 "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, u8norm, 0, 0, 0\n"
                 "stop\n");
      /* main + epilog */
      e.code_used = (e.code_used + 63) & ~63u;
      uint32_t code = e.code_used;
      memcpy(e.code + e.code_used, fs.code, fs.size);
      e.code_used += (uint32_t)fs.size;
      struct agx_fs_epilog_key key;
      agx_fs_epilog_key_init(&key, &tib, fs.colour_written);
      struct blend_epilog ep;
      CHECK(!blend_build(&key, &ep, err, sizeof(err)));
      memcpy(e.code + e.code_used, ep.code, ep.size);
      e.code_used += (uint32_t)ep.size;
      free(ep.code);
      free(fs.code);
      uint32_t wl =
         word_list(&e, code, 0, 0, 0, false, true, !fs.uses_discard && !fs.writes_sample_mask);
      struct draw_state d;
      draw_state_default(&d, &fr, wl);
      if (fs.num_cf_bindings) {
         /* W (slot 0) and location 0 = UVS words 4-7 (slots 1-4) */
         CHECK(fs.num_cf_bindings == 2);
         d.bind[0] = (struct AGX_CF_BINDING){.components = 1,
                                             .shade_model = AGX_SHADE_MODEL_LINEAR,
                                             .source = AGX_COEFFICIENT_SOURCE_VARYING,
                                             .base_slot = 0,
                                             .base_coefficient_register = 0};
         d.bind[1] = (struct AGX_CF_BINDING){.components = 4,
                                             .shade_model = AGX_SHADE_MODEL_PERSPECTIVE,
                                             .source = AGX_COEFFICIENT_SOURCE_VARYING,
                                             .base_slot = 1,
                                             .base_coefficient_register = 1};
         d.nbind = 2;
         d.slots32 = 5;
         d.cf_count = 5;
      }
      const float v[3][8] = {{-1, -1, 0, 1}, {3, -1, 0, 1}, {-1, 3, 0, 1}};
      for (unsigned i = 0; i < 3; i++)
         put_vertex(&e, i, v[i]);
      frame_draw(&fr, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      int st = frame_submit(&fr);
      CHECK(st == 1);
      unsigned bad = 0;
      static const uint8_t sample_vals[4] = {128, 128, 0, 255}, mask_vals[4] = {64, 128, 191, 255};
      for (unsigned y = 0; y < H && st == 1; y++)
         for (unsigned x = 0; x < W; x++)
            for (unsigned c = 0; c < 4; c++) {
               unsigned got = e.data[RT_OFF + (size_t)y * stride + 4 * x + c];
               unsigned want = which ? (x & 1 ? mask_vals[c] : raw[c]) : sample_vals[c];
               bad += got + 1 < want || got > want + 1;
            }
      printf("%s: %u wrong components\n", names[which], bad);
      CHECK(st == 1 && bad == 0);
      env_fini(&e);
   }
}

int
main(int argc, char **argv)
{
   test_keys();
   if (argc > 1)
      test_sample_shaders(argv[1]);
   else
      CHECK(0); /* the directory of the compiled test shaders */
   static struct bcase cases[1024];
   for (unsigned i = 0; i < sizeof(FORMATS) / sizeof(FORMATS[0]); i++) {
      unsigned n = 0;
      if (FORMATS[i].norm == 3) {
         /* a sample of blend states (ignored), masks, logic ops */
         unsigned all = factor_op_cases(cases);
         for (unsigned k = 0; k < all; k += 37)
            cases[n++] = cases[k];
         n += mask_cases(cases + n);
         n += logic_cases(cases + n);
         unsigned before = total_bad;
         run_cases(&FORMATS[i], cases, n);
         printf("%s: %u cases, %u wrong\n", FORMATS[i].name, n, total_bad - before);
         continue;
      }
      n = factor_op_cases(cases);
      if (is_rgb10a2(&FORMATS[i]))
         n += mask_cases(cases + n);
      if (FORMATS[i].tib == AGX_TIB_RGBA8_UNORM) {
         n += mask_cases(cases + n);
         n += logic_cases(cases + n);
      }
      unsigned before = total_bad;
      run_cases(&FORMATS[i], cases, n);
      printf("%s: %u cases, %u wrong\n", FORMATS[i].name, n, total_bad - before);
   }
   CHECK_EQ(total_bad, 0);
   printf("blend: %u cases rendered, %u epilogs built, %.1f us per epilog\n", total_cases, compiles,
          compile_ns_total / 1e3 / (compiles ? compiles : 1));
   return sim_test_failures ? 1 : 0;
}
