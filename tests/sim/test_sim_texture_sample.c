/*
 * texture_sample: Nearest and Linear filtering of a 4 x 4 R32 Float image
 * whose texel (i, j) holds i + 10 j, under every wrap mode, normalized and
 * pixel coordinates, 8-bit subtexel weights, explicit LOD with the three
 * mip filters on a GPU-tiled mip chain (levels written with image_write),
 * implicit LOD refused on a mipmapped view, 16-bit results and integer
 * formats (always nearest), 3D trilinear filtering, depth compare (nearest
 * and percentage-closer linear), gathers, cube maps (cube gradients refused).
 * Expected values are worked out in comments.
 */
#include "sim_texture_util.h"

static void
heap_sampler(unsigned idx, enum agx_filter filter, enum agx_wrap wrap, bool pixel,
             enum agx_border_colour border, enum agx_mip_filter mip)
{
   uint32_t w[2];
   agx_pack(w, SAMPLER, cfg) {
      cfg.magnify = filter;
      cfg.minify = filter;
      cfg.mip_filter = mip;
      cfg.wrap_s = wrap;
      cfg.wrap_t = wrap;
      cfg.wrap_r = wrap;
      cfg.pixel_coordinates = pixel;
      cfg.border_colour = border;
      cfg.minimum_lod = 0;
      cfg.maximum_lod = 15;
   }
   memcpy(dptr(HEAP_OFF + 8 * idx), w, 8);
}

static void
fill_grid(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_FLOAT,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4,
                          .height = 4,
                          .address = IMG_VA,
                          .stride = 16,
                          .custom_swizzle = true,
                          .swz = {AGX_CHANNEL_R, AGX_CHANNEL_0, AGX_CHANNEL_0, AGX_CHANNEL_1}};
   put_texture(0, &p);
   for (unsigned j = 0; j < 4; j++)
      for (unsigned i = 0; i < 4; i++) {
         float v = (float)(i + 10 * j);
         memcpy(dptr(IMG_OFF + 16 * j + 4 * i), &v, 4);
      }
}

struct scase {
   enum agx_filter filter;
   enum agx_wrap wrap;
   bool pixel;
   enum agx_border_colour border;
   float s, t;
   float want;
};

static void
test_filters_and_wraps(void)
{
   const struct scase c[] = {
      /* u = 1.5, v = 2.5: exactly texel (1, 2) */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, 1.5f / 4, 2.5f / 4, 21},
      /* u = 1.75: 0.75 * 21 + 0.25 * 22 */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, 1.75f / 4, 2.5f / 4, 21.25f},
      /* fraction 1/1024 is below the 8-bit weight step: quantised to 0 */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, (1.5f + 1.0f / 1024) / 4, 2.5f / 4, 21},
      /* fraction 3/256 + 1/1024 -> 3/256: 21 + 3/256 */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, (1.5f + 3.0f / 256 + 1.0f / 1024) / 4,
       2.5f / 4, 21 + 3.0f / 256},
      /* clamp to edge at s = 0: texels -1 and 0 both clamp to 0 -> val(0, 2) */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, 0, 2.5f / 4, 20},
      /* repeat: u = -0.4 -> -1 -> 3 */
      {AGX_FILTER_NEAREST, AGX_WRAP_REPEAT, false, 0, -0.1f, 0.1f, 3},
      /* repeat linear across the edge: u = 4 -> texels 3 and 4 -> 0: 0.5*3 + 0.5*0 */
      {AGX_FILTER_LINEAR, AGX_WRAP_REPEAT, false, 0, 1.0f, 0.5f / 4, 1.5f},
      /* mirrored repeat: i = -1 -> 0, 4 -> 3, 5 -> 2 */
      {AGX_FILTER_NEAREST, AGX_WRAP_MIRRORED_REPEAT, false, 0, -0.4f / 4, 0.1f, 0},
      {AGX_FILTER_NEAREST, AGX_WRAP_MIRRORED_REPEAT, false, 0, 4.5f / 4, 0.1f, 3},
      {AGX_FILTER_NEAREST, AGX_WRAP_MIRRORED_REPEAT, false, 0, 5.5f / 4, 0.1f, 2},
      /* clamp to border, white border, u = 0.25: 0.25 * 1 + 0.75 * val(0, 1) */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_BORDER, false, AGX_BORDER_COLOUR_OPAQUE_WHITE,
       0.25f / 4, 1.5f / 4, 7.75f},
      /* nearest outside: the border itself */
      {AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_BORDER, false, AGX_BORDER_COLOUR_OPAQUE_WHITE, 1.1f,
       0.5f, 1},
      /* mirrored clamp to edge: i = -2 -> 1, -6 -> 5 -> 3 */
      {AGX_FILTER_NEAREST, AGX_WRAP_MIRRORED_CLAMP_TO_EDGE, false, 0, -1.5f / 4, 0.1f, 1},
      {AGX_FILTER_NEAREST, AGX_WRAP_MIRRORED_CLAMP_TO_EDGE, false, 0, -6.0f / 4, 0.1f, 3},
      /* pixel coordinates: (2.7, 3.2) -> texel (2, 3) */
      {AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, true, 0, 2.7f, 3.2f, 32},
      /* clamp (GL): u = -1 -> 0 -> half border (black) and half val(0, 2) */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_GL, false, AGX_BORDER_COLOUR_TRANSPARENT_BLACK, -0.25f,
       2.5f / 4, 10},
   };
   char src[2048];
   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, false, "xyzw", false, true);
   fill_grid();
   unsigned n = sizeof(c) / sizeof(c[0]);
   for (unsigned i = 0; i < n; i++) {
      heap_sampler(0, c[i].filter, c[i].wrap, c[i].pixel, c[i].border, AGX_MIP_FILTER_NONE);
      set_coords(0, fbits(c[i].s), fbits(c[i].t), 0, 0);
      CHECK_EQ(run_prog(src, 1, NULL, false), 1);
      if (res(0, 0) != fbits(c[i].want))
         fprintf(stderr, "sample case %u: got %g want %g\n", i, (double)*(float *)dptr(RES_OFF),
                 (double)c[i].want);
      CHECK_EQ(res(0, 0), fbits(c[i].want));
      /* swizzle R001: constant components after filtering */
      CHECK_EQ(res(0, 1), 0);
      CHECK_EQ(res(0, 3), fbits(1.0f));
   }
}

/* GPU-tiled 4 x 4 R32 Float with levels 4x4, 2x2, 1x1: texel value
 * 100 * level + i + 10 j, written by image_write with a LOD register. */
static void
test_mipmaps(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_FLOAT,
                          .layout = AGX_LAYOUT_GPU,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4,
                          .height = 4,
                          .address = IMG_VA,
                          .mipmapped = true,
                          .last_level = 2};
   put_texture(0, &p);
   put_pbe(1, &p, 0, 3);
   char wsrc[2048], src[2048], auto_src[2048];
   write_prog(wsrc, sizeof(wsrc), "tex_2d", 1, true, false, false, true);
   unsigned t = 0;
   for (unsigned l = 0; l < 3; l++)
      for (unsigned j = 0; j < (4u >> l); j++)
         for (unsigned i = 0; i < (4u >> l); i++, t++) {
            uint32_t s[4] = {fbits((float)(100 * l + i + 10 * j)), 0, 0, 0};
            set_src(t, s);
            set_coords(t, i, j, 0, l);
         }
   CHECK_EQ(run_prog(wsrc, t, NULL, false), 1);
   /* level 2 (1x1) is at byte 256 (levels at 0, 128, 256: 128-byte aligned) */
   float v;
   memcpy(&v, dptr(IMG_OFF + 256), 4);
   CHECK_EQ(fbits(v), fbits(200.0f));

   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, false, "x", true, true);
   struct {
      enum agx_mip_filter mip;
      uint16_t lod; /* f16 */
      float want;
   } c[] = {
      {AGX_MIP_FILTER_NEAREST, 0x3c00, 111}, /* lod 1 -> level 1, texel (1,1) */
      {AGX_MIP_FILTER_NEAREST, 0x3d9a, 111}, /* lod 1.4 -> level 1 */
      {AGX_MIP_FILTER_NEAREST, 0x3e66, 200}, /* lod 1.6 -> level 2 */
      {AGX_MIP_FILTER_NEAREST, 0x4800, 200}, /* lod 8 -> clamped to level 2 */
      {AGX_MIP_FILTER_LINEAR, 0x3800, 72},   /* lod .5: (33 + 111) / 2 */
      {AGX_MIP_FILTER_NONE, 0x4000, 33},     /* no mips: level 0 */
      {AGX_MIP_FILTER_LINEAR, 0xbc00, 33},   /* lod -1: magnify, level 0 */
   };
   for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
      heap_sampler(0, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, false, 0, c[i].mip);
      set_coords(0, fbits(0.75f), fbits(0.75f), 0, c[i].lod);
      CHECK_EQ(run_prog(src, 1, NULL, false), 1);
      CHECK_EQ(res(0, 0), fbits(c[i].want));
   }
   /* explicit gradients: ddx = (g, 0), ddy = (0, g / 2) in r20..r23 (from
    * the source slot); level-0 size 4: rho = 4 g */
   struct {
      float g;
      float want;
   } gc[] = {
      {0.5f, 111}, /* rho 2: lod 1 -> level 1 */
      {0.25f, 33}, /* rho 1: lod 0 -> magnify, level 0 */
      {1.0f, 200}, /* rho 4: lod 2 -> level 2 */
      {0.0f, 33},  /* rho 0: -inf, clamped to 0 */
   };
   char gsrc[2048];
   snprintf(
      gsrc, sizeof(gsrc),
      "get_sr r2, sr80\n"
      "imadd r8, r2, 4, 0\n"
      "device_load 0, i32, xyzw, r12_r13_r14_r15, u6_u7, r8, unsigned\n"
      "device_load 0, i32, xyzw, r20_r21_r22_r23, u0_u1, r8, unsigned\n"
      "mov_imm r10, 0, 0b0\n"
      "mov_imm r11l, 0\n"
      "wait 0\n"
      "texture_sample 0, 0b1100, 0b1, none, x, 0b00, r4, u2_u3, r10, r11l, tex_2d, r12_r13, lod_grad, r20_r21_r22_r23\n"
      "wait 1\n"
      "device_store 0, i32, x, r4, u4_u5, r8, unsigned, 0\n"
      "stop\n");
   heap_sampler(0, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, false, 0, AGX_MIP_FILTER_NEAREST);
   for (unsigned i = 0; i < sizeof(gc) / sizeof(gc[0]); i++) {
      uint32_t g[4] = {fbits(gc[i].g), 0, 0, fbits(gc[i].g / 2)};
      set_src(0, g);
      set_coords(0, fbits(0.75f), fbits(0.75f), 0, 0);
      CHECK_EQ(run_prog(gsrc, 1, NULL, false), 1);
      CHECK_EQ(res(0, 0), fbits(gc[i].want));
   }

   /* implicit LOD on a mipmapped view: derivatives are not modelled */
   read_prog(auto_src, sizeof(auto_src), "texture_sample", "tex_2d", 0, true, -1, false, "x", false,
             true);
   CHECK_EQ(run_prog(auto_src, 1, NULL, true), -EIO);
   char msg[512];
   agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   CHECK(strstr(msg, "implicit LOD") != NULL);
}

/* 16-bit results from an R8 Unorm image, and Uint images sampled nearest. */
static void
test_results_and_integers(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R8,
                          .type = AGX_TEXTURE_TYPE_UNORM,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4,
                          .height = 1,
                          .address = IMG_VA,
                          .stride = 16};
   put_texture(0, &p);
   const uint8_t texels[4] = {0, 255, 51, 0};
   memcpy(dptr(IMG_OFF), texels, 4);
   heap_sampler(0, AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, AGX_MIP_FILTER_NONE);
   char src[2048];
   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, true, "xw", false, true);
   /* u = 1.0: halfway between texels 0 and 1 -> 0.5 -> f16 0x3800; alpha 1 */
   set_coords(0, fbits(0.25f), fbits(0.5f), 0, 0);
   CHECK_EQ(run_prog(src, 1, NULL, false), 1);
   CHECK_EQ(res16(0, 0), 0x3800);
   CHECK_EQ(res16(0, 1), 0x3c00);
   /* u = 2.5: texel 2 = 51/255 = 0.2 -> f16 0x3266 */
   set_coords(0, fbits(2.5f / 4), fbits(0.5f), 0, 0);
   CHECK_EQ(run_prog(src, 1, NULL, false), 1);
   CHECK_EQ(res16(0, 0), 0x3266);

   p.type = AGX_TEXTURE_TYPE_UINT;
   put_texture(0, &p);
   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, false, "x", false, true);
   set_coords(0, fbits(1.75f / 4), fbits(0.5f), 0, 0); /* nearest: texel 1 */
   CHECK_EQ(run_prog(src, 1, NULL, false), 1);
   CHECK_EQ(res(0, 0), 255);
}

/* texture_sample with coordinates in r12..r15 (coordinate slot), the
 * compare reference in r16 (word 0 of the source slot), heap sampler 0;
 * r4..r7 (zeroed first) stored as 32-bit results. `cmp` is the compare
 * field, `gather` the q6 text, `tail` = dimension, coordinates, LOD[, O]. */
static int
run_sample(bool cmp, const char *gather, const char *mask, const char *dst, const char *tail,
           unsigned threads)
{
   char src[2048];
   snprintf(src, sizeof(src),
            "get_sr r2, sr80\n"
            "imadd r8, r2, 4, 0\n"
            "device_load 0, i32, xyzw, r12_r13_r14_r15, u6_u7, r8, unsigned\n"
            "device_load 0, i32, x, r16, u0_u1, r8, unsigned\n"
            "mov_imm r10, 0, 0b0\n"
            "mov_imm r11l, 0\n"
            "mov_imm r4, 0, 0b0\n"
            "mov_imm r5, 0, 0b0\n"
            "mov_imm r6, 0, 0b0\n"
            "mov_imm r7, 0, 0b0\n"
            "wait 0\n"
            "texture_sample %d, 0b1100, 0b1, %s, %s, 0b00, %s, u2_u3, r10, r11l, %s\n"
            "wait 1\n"
            "device_store 0, i32, xyzw, r4_r5_r6_r7, u4_u5, r8, unsigned, 0\n"
            "stop\n",
            cmp, gather, mask, dst, tail);
   return run_prog(src, threads, NULL, false);
}

static void
sampler_compare(enum agx_filter filter, enum agx_compare_func func)
{
   uint32_t w[2];
   agx_pack(w, SAMPLER, cfg) {
      cfg.magnify = filter;
      cfg.minify = filter;
      cfg.wrap_s = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.wrap_t = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.compare_enable = true;
      cfg.compare_func = func;
      cfg.maximum_lod = 15;
   }
   memcpy(dptr(HEAP_OFF), w, 8);
}

/* 3D: a 2 x 2 x 2 R32 Float GPU-tiled image, texel x + 2y + 4z; slices
 * 128 bytes apart (16-byte level, 128-aligned), 2 x 2 Morton tiles. */
static void
test_3d(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_FLOAT,
                          .layout = AGX_LAYOUT_GPU,
                          .dim = AGX_TEXTURE_DIMENSION_3D,
                          .width = 2,
                          .height = 2,
                          .depth = 2,
                          .address = IMG_VA};
   put_texture(0, &p);
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++) {
            float v = (float)(x + 2 * y + 4 * z);
            unsigned m = (x & 1) | (y & 1) << 1;
            memcpy(dptr(IMG_OFF + z * 128 + m * 4), &v, 4);
         }
   heap_sampler(0, AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, AGX_MIP_FILTER_NONE);
   set_coords(0, fbits(0.5f), fbits(0.5f), fbits(0.5f), 0);    /* mean of 0..7 */
   set_coords(1, fbits(0.25f), fbits(0.25f), fbits(0.75f), 0); /* (0, 0, 1) */
   set_coords(2, fbits(0.5f), fbits(0.25f), fbits(0.25f), 0);  /* (0|1, 0, 0) */
   set_coords(3, fbits(0.75f), fbits(0.75f), fbits(2.0f), 0);  /* w = 4: z edge */
   CHECK_EQ(run_sample(false, "none", "x", "r4", "tex_3d, r12_r13_r14, auto_lod, 0", 4), 1);
   CHECK_EQ(res(0, 0), fbits(3.5f));
   CHECK_EQ(res(1, 0), fbits(4.0f));
   CHECK_EQ(res(2, 0), fbits(0.5f));
   CHECK_EQ(res(3, 0), fbits(7.0f));
}

/* Depth compare: R32 Float "depths" 0.1 0.2 0.3 0.4 in a row; ref <= D
 * (Lequal). Linear filtering averages the 0/1 results. Unorm references are
 * clamped to [0, 1]. */
static void
test_compare(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_FLOAT,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4,
                          .height = 1,
                          .address = IMG_VA,
                          .stride = 16,
                          .custom_swizzle = true,
                          .swz = {AGX_CHANNEL_R, AGX_CHANNEL_0, AGX_CHANNEL_0, AGX_CHANNEL_1}};
   put_texture(0, &p);
   const float depth[4] = {0.1f, 0.2f, 0.3f, 0.4f};
   memcpy(dptr(IMG_OFF), depth, 16);
   const char *tail = "tex_2d, r12_r13, auto_lod, 0, r16";
   struct {
      enum agx_filter f;
      enum agx_compare_func func;
      float s, ref, want;
   } c[] = {
      {AGX_FILTER_NEAREST, AGX_COMPARE_FUNC_LEQUAL, 2.5f / 4, 0.25f, 1},
      {AGX_FILTER_NEAREST, AGX_COMPARE_FUNC_LEQUAL, 2.5f / 4, 0.35f, 0},
      {AGX_FILTER_NEAREST, AGX_COMPARE_FUNC_GREATER, 2.5f / 4, 0.35f, 1},
      {AGX_FILTER_NEAREST, AGX_COMPARE_FUNC_NEVER, 2.5f / 4, 0.35f, 0},
      /* u = 2: texels 1 (0.2: fails) and 2 (0.3: passes) */
      {AGX_FILTER_LINEAR, AGX_COMPARE_FUNC_LEQUAL, 0.5f, 0.25f, 0.5f},
      /* u = 1.25: 0.25 * texel 0 (0.1 fails) + 0.75 * texel 1 (0.2 passes) */
      {AGX_FILTER_LINEAR, AGX_COMPARE_FUNC_LEQUAL, 1.25f / 4, 0.15f, 0.75f},
   };
   for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
      sampler_compare(c[i].f, c[i].func);
      uint32_t src[4] = {fbits(c[i].ref), 0, 0, 0};
      set_src(0, src);
      set_coords(0, fbits(c[i].s), fbits(0.5f), 0, 0);
      CHECK_EQ(run_sample(true, "none", "xyzw", "r4_r5_r6_r7", tail, 1), 1);
      CHECK_EQ(res(0, 0), fbits(c[i].want));
      CHECK_EQ(res(0, 1), 0);
      CHECK_EQ(res(0, 3), fbits(1.0f));
   }
   /* Unorm R16 depth 1.0: ref 1.5 clamps to 1 and passes Lequal */
   p.channels = AGX_CHANNELS_R16;
   p.type = AGX_TEXTURE_TYPE_UNORM;
   put_texture(0, &p);
   const uint16_t one[4] = {0xffff, 0xffff, 0xffff, 0xffff};
   memcpy(dptr(IMG_OFF), one, 8);
   sampler_compare(AGX_FILTER_NEAREST, AGX_COMPARE_FUNC_LEQUAL);
   uint32_t src[4] = {fbits(1.5f), 0, 0, 0};
   set_src(0, src);
   CHECK_EQ(run_sample(true, "none", "x", "r4", tail, 1), 1);
   CHECK_EQ(res(0, 0), fbits(1.0f));
   /* a compare instruction with a non-compare sampler faults */
   heap_sampler(0, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, false, 0, AGX_MIP_FILTER_NONE);
   char msg[512];
   char prog[2048];
   snprintf(prog, sizeof(prog),
            "mov_imm r12, 0, 0b0\nmov_imm r13, 0, 0b0\nmov_imm r16, 0, 0b0\n"
            "mov_imm r10, 0, 0b0\nmov_imm r11l, 0\n"
            "texture_sample 1, 0b1100, 0b1, none, x, 0b00, r4, u2_u3, r10, r11l, %s\n"
            "wait 1\nstop\n",
            tail);
   CHECK_EQ(run_prog(prog, 1, NULL, true), -EIO);
   agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   CHECK(strstr(msg, "Compare enable") != NULL);
}

/* Texel offsets on the 4 x 4 grid: texel (1, 1) + (2, -1) = (3, 0) */
static void
test_sample_offsets(void)
{
   fill_grid();
   heap_sampler(0, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, false, 0, AGX_MIP_FILTER_NONE);
   uint32_t off[4] = {0xF2, 0, 0, 0};
   set_src(0, off);
   set_coords(0, fbits(1.5f / 4), fbits(1.5f / 4), 0, 0);
   CHECK_EQ(run_sample(false, "none", "x", "r4", "tex_2d, r12_r13, auto_lod, 0, r16l", 1), 1);
   CHECK_EQ(res(0, 0), fbits(3.0f));
}

/* Gathers over the 4 x 4 grid (value i + 10 j in R, swizzle R001 so G
 * gathers zeros): footprint at u = 2, v = 2 is texels 1-2 x 1-2, returned
 * (i0, j1), (i1, j1), (i1, j0), (i0, j0) = 21, 22, 12, 11. */
static void
test_gather(void)
{
   fill_grid();
   heap_sampler(0, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, false, 0, AGX_MIP_FILTER_NONE);
   set_coords(0, fbits(0.5f), fbits(0.5f), 0, 0);
   set_coords(1, fbits(0.0f), fbits(0.0f), 0, 0); /* clamp to edge: all texel 0 */
   const char *tail = "tex_2d, r12_r13, auto_lod, 0";
   CHECK_EQ(run_sample(false, "gather_r", "xyzw", "r4_r5_r6_r7", tail, 2), 1);
   const float want[4] = {21, 22, 12, 11};
   for (unsigned k = 0; k < 4; k++) {
      CHECK_EQ(res(0, k), fbits(want[k]));
      CHECK_EQ(res(1, k), fbits(0.0f));
   }
   CHECK_EQ(run_sample(false, "gather_a", "xyzw", "r4_r5_r6_r7", tail, 1), 1);
   for (unsigned k = 0; k < 4; k++)
      CHECK_EQ(res(0, k), fbits(1.0f));
   /* gather with compare: depths in R, ref 15 <= D passes for 21, 22 */
   sampler_compare(AGX_FILTER_NEAREST, AGX_COMPARE_FUNC_LEQUAL);
   uint32_t src[4] = {fbits(15.0f), 0, 0, 0};
   set_src(0, src);
   CHECK_EQ(
      run_sample(true, "gather_r", "xyzw", "r4_r5_r6_r7", "tex_2d, r12_r13, auto_lod, 0, r16", 1),
      1);
   const float pass[4] = {1, 1, 0, 0};
   for (unsigned k = 0; k < 4; k++)
      CHECK_EQ(res(0, k), fbits(pass[k]));
}

/* Cube maps: 2 x 2 R32 Float faces, GPU-tiled, 2 cubes = 12 layers 128
 * bytes apart; texel (i, j) of layer L holds 10 L + i + 2 j. Faces by the
 * major axis (Vulkan table), then a 2D sample of the face. */
static void
test_cube(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_FLOAT,
                          .layout = AGX_LAYOUT_GPU,
                          .dim = AGX_TEXTURE_DIMENSION_CUBE_ARRAY,
                          .width = 2,
                          .height = 2,
                          .depth = 2,
                          .address = IMG_VA};
   put_texture(0, &p);
   for (unsigned L = 0; L < 12; L++)
      for (unsigned j = 0; j < 2; j++)
         for (unsigned i = 0; i < 2; i++) {
            float v = (float)(10 * L + i + 2 * j);
            memcpy(dptr(IMG_OFF + L * 128 + ((i & 1) | (j & 1) << 1) * 4), &v, 4);
         }
   heap_sampler(0, AGX_FILTER_NEAREST, AGX_WRAP_REPEAT, false, 0, AGX_MIP_FILTER_NONE);
   struct {
      float x, y, z;
      uint32_t cube;
      float want;
   } c[] = {
      /* +x: s = (0.6 + 1) / 2, t = (0.2 + 1) / 2 -> texel (1, 0) */
      {1.0f, 0.2f, -0.6f, 0, 1},
      /* -y (face 3): s = (-0.25 + 1) / 2, t = (-0.15 + 1) / 2 -> (0, 0) */
      {-0.5f, -2.0f, 0.3f, 0, 30},
      /* -z (face 5) -> (0, 0) */
      {0.1f, 0.2f, -3.0f, 0, 50},
      /* +y (face 2): s = 0.95, t = 0.6 -> (1, 1) */
      {0.9f, 1.0f, 0.2f, 0, 23},
      /* cube 1, +x: layer 6 */
      {1.0f, 0.2f, -0.6f, 1, 61},
      /* a cube index past the end is clamped to the last cube */
      {1.0f, 0.2f, -0.6f, 7, 61},
   };
   const char *tail = "tex_cube_array, r12l_r12h_r13l_r13h_r14l_r14h_r15l, auto_lod, 0";
   for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
      set_coords(0, fbits(c[i].x), fbits(c[i].y), fbits(c[i].z), c[i].cube);
      CHECK_EQ(run_sample(false, "none", "x", "r4", tail, 1), 1);
      CHECK_EQ(res(0, 0), fbits(c[i].want));
   }
   /* linear at the centre of face 4 (+z): the mean of its texels */
   heap_sampler(0, AGX_FILTER_LINEAR, AGX_WRAP_REPEAT, false, 0, AGX_MIP_FILTER_NONE);
   set_coords(0, fbits(0.0f), fbits(0.0f), fbits(1.0f), 0);
   CHECK_EQ(run_sample(false, "none", "x", "r4", tail, 1), 1);
   CHECK_EQ(res(0, 0), fbits(41.5f));
   /* linear across a face edge, seamless: +x at s = 0.005, t = 0.5; the
    * footprint's column -1 is past +x's left edge (z = +1), so those
    * texels come from +z (face 4): the direction of texel (-1, j) of +x,
    * (1, -tc, 1.5), lands in +z's column 1, rows 0 and 1 (41, 43); column
    * 0 of +x holds 0 and 2. Weights: x frac 0.51 quantised to 130/256,
    * y frac 1/2: (1 - 130/256) x 42 + 130/256 x 1 = 21.1796875. */
   set_coords(0, fbits(1.0f), fbits(0.0f), fbits(0.99f), 0);
   CHECK_EQ(run_sample(false, "none", "x", "r4", tail, 1), 1);
   CHECK_EQ(res(0, 0), fbits(21.1796875f));
   /* with Seamful cube maps the footprint is clamped to the face: column 0
    * of face 0 at t = 0.5 -> (0 + 2) / 2 */
   uint32_t w[2];
   memcpy(w, dptr(HEAP_OFF), 8);
   w[1] |= 1u << (57 - 32);
   memcpy(dptr(HEAP_OFF), w, 8);
   CHECK_EQ(run_sample(false, "none", "x", "r4", tail, 1), 1);
   CHECK_EQ(res(0, 0), fbits(1.0f));
   /* explicit gradients with a cube dimension: not modelled (how the texture unit takes
    * them is not public; Mesa lowers cube txd to an explicit LOD, lower_txd_cube_map, and so
    * does agx-vk's compiler): the instruction does not decode, the dispatch fails */
   char src[1024];
   snprintf(src, sizeof(src),
            "mov_imm r10, 0, 0b0\n"
            "mov_imm r11l, 0\n"
            "texture_sample 0, 0b1100, 0b1, none, x, 0b00, r4, u2_u3, r10, r11l, tex_cube, "
            "r12_r13_r14, lod_grad, r20_r21_r22_r23_r24_r25\n"
            "wait 1\n"
            "stop\n");
   CHECK(run_prog(src, 1, NULL, true) < 0);
   char msg[512];
   agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   CHECK(strstr(msg, "illegal") != NULL && strstr(msg, "lod_grad") != NULL);
}

int
main(void)
{
   env_init(&E);
   E.sampler_heap = DATA_VA + HEAP_OFF;
   E.sampler_count = 1;
   test_filters_and_wraps();
   test_mipmaps();
   test_results_and_integers();
   test_3d();
   test_compare();
   test_gather();
   test_sample_offsets();
   test_cube();
   env_fini(&E);
   return SIM_TEST_RESULT();
}
