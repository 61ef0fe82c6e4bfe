/*
 * texture_sample: Nearest and Linear filtering of a 4 x 4 R32 Float image
 * whose texel (i, j) holds i + 10 j, under every wrap mode, normalized and
 * pixel coordinates, 8-bit subtexel weights, explicit LOD with the three
 * mip filters on a GPU-tiled mip chain (levels written with image_write),
 * implicit LOD refused on a mipmapped view, 16-bit results and integer
 * formats (always nearest). Expected values are worked out in comments.
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
   struct tex_params p = {.channels = AGX_CHANNELS_R32, .type = AGX_TEXTURE_TYPE_FLOAT,
                          .layout = AGX_LAYOUT_LINEAR, .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4, .height = 4, .address = IMG_VA, .stride = 16,
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
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0, (1.5f + 1.0f / 1024) / 4,
       2.5f / 4, 21},
      /* fraction 3/256 + 1/1024 -> 3/256: 21 + 3/256 */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0,
       (1.5f + 3.0f / 256 + 1.0f / 1024) / 4, 2.5f / 4, 21 + 3.0f / 256},
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
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_BORDER, false,
       AGX_BORDER_COLOUR_OPAQUE_WHITE, 0.25f / 4, 1.5f / 4, 7.75f},
      /* nearest outside: the border itself */
      {AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_BORDER, false,
       AGX_BORDER_COLOUR_OPAQUE_WHITE, 1.1f, 0.5f, 1},
      /* mirrored clamp to edge: i = -2 -> 1, -6 -> 5 -> 3 */
      {AGX_FILTER_NEAREST, AGX_WRAP_MIRRORED_CLAMP_TO_EDGE, false, 0, -1.5f / 4, 0.1f, 1},
      {AGX_FILTER_NEAREST, AGX_WRAP_MIRRORED_CLAMP_TO_EDGE, false, 0, -6.0f / 4, 0.1f, 3},
      /* pixel coordinates: (2.7, 3.2) -> texel (2, 3) */
      {AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, true, 0, 2.7f, 3.2f, 32},
      /* clamp (GL): u = -1 -> 0 -> half border (black) and half val(0, 2) */
      {AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_GL, false, AGX_BORDER_COLOUR_TRANSPARENT_BLACK,
       -0.25f, 2.5f / 4, 10},
   };
   char src[2048];
   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, false, "xyzw",
             false, true);
   fill_grid();
   unsigned n = sizeof(c) / sizeof(c[0]);
   for (unsigned i = 0; i < n; i++) {
      heap_sampler(0, c[i].filter, c[i].wrap, c[i].pixel, c[i].border,
                   AGX_MIP_FILTER_NONE);
      set_coords(0, fbits(c[i].s), fbits(c[i].t), 0, 0);
      CHECK_EQ(run_prog(src, 1, NULL, false), 1);
      if (res(0, 0) != fbits(c[i].want))
         fprintf(stderr, "sample case %u: got %g want %g\n", i,
                 (double)*(float *)dptr(RES_OFF), (double)c[i].want);
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
   struct tex_params p = {.channels = AGX_CHANNELS_R32, .type = AGX_TEXTURE_TYPE_FLOAT,
                          .layout = AGX_LAYOUT_GPU, .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4, .height = 4, .address = IMG_VA,
                          .mipmapped = true, .last_level = 2};
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

   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, false, "x",
             true, true);
   struct {
      enum agx_mip_filter mip;
      uint16_t lod; /* f16 */
      float want;
   } c[] = {
      {AGX_MIP_FILTER_NEAREST, 0x3c00, 111},  /* lod 1 -> level 1, texel (1,1) */
      {AGX_MIP_FILTER_NEAREST, 0x3d9a, 111},  /* lod 1.4 -> level 1 */
      {AGX_MIP_FILTER_NEAREST, 0x3e66, 200},  /* lod 1.6 -> level 2 */
      {AGX_MIP_FILTER_NEAREST, 0x4800, 200},  /* lod 8 -> clamped to level 2 */
      {AGX_MIP_FILTER_LINEAR, 0x3800, 72},    /* lod .5: (33 + 111) / 2 */
      {AGX_MIP_FILTER_NONE, 0x4000, 33},      /* no mips: level 0 */
      {AGX_MIP_FILTER_LINEAR, 0xbc00, 33},    /* lod -1: magnify, level 0 */
   };
   for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
      heap_sampler(0, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE, false, 0, c[i].mip);
      set_coords(0, fbits(0.75f), fbits(0.75f), 0, c[i].lod);
      CHECK_EQ(run_prog(src, 1, NULL, false), 1);
      CHECK_EQ(res(0, 0), fbits(c[i].want));
   }
   /* implicit LOD on a mipmapped view: derivatives are not modelled */
   read_prog(auto_src, sizeof(auto_src), "texture_sample", "tex_2d", 0, true, -1,
             false, "x", false, true);
   CHECK_EQ(run_prog(auto_src, 1, NULL, true), -EIO);
   char msg[512];
   agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   CHECK(strstr(msg, "implicit LOD") != NULL);
}

/* 16-bit results from an R8 Unorm image, and Uint images sampled nearest. */
static void
test_results_and_integers(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R8, .type = AGX_TEXTURE_TYPE_UNORM,
                          .layout = AGX_LAYOUT_LINEAR, .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4, .height = 1, .address = IMG_VA, .stride = 16};
   put_texture(0, &p);
   const uint8_t texels[4] = {0, 255, 51, 0};
   memcpy(dptr(IMG_OFF), texels, 4);
   heap_sampler(0, AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE, false, 0,
                AGX_MIP_FILTER_NONE);
   char src[2048];
   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, true, "xw",
             false, true);
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
   read_prog(src, sizeof(src), "texture_sample", "tex_2d", 0, true, -1, false, "x",
             false, true);
   set_coords(0, fbits(1.75f / 4), fbits(0.5f), 0, 0); /* nearest: texel 1 */
   CHECK_EQ(run_prog(src, 1, NULL, false), 1);
   CHECK_EQ(res(0, 0), 255);
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
   env_fini(&E);
   return SIM_TEST_RESULT();
}
