/*
 * Texture unit, access paths: texel-buffer indexing over many threads,
 * out-of-bounds reads (border colours) and writes (dropped), state-register
 * and register-indexed textures, samplers from state registers and from the
 * sampler heap (and an index past sampler_count), the scoreboard (a missing
 * `wait` is reported), linear 2D arrays, and GPU-tiled images whose texel
 * addresses, level offsets and layer strides are checked against offsets
 * computed here independently of the simulator.
 */
#include "sim_texture_util.h"

static void
use_heap(void)
{
   set_heap_sampler(0, AGX_BORDER_COLOUR_TRANSPARENT_BLACK);
   set_heap_sampler(1, AGX_BORDER_COLOUR_OPAQUE_BLACK);
   set_heap_sampler(2, AGX_BORDER_COLOUR_OPAQUE_WHITE);
   pack_sampler(dptr(HEAP_OFF + 8 * 3), AGX_BORDER_COLOUR_OPAQUE_WHITE, AGX_FILTER_NEAREST,
                AGX_WRAP_CLAMP_TO_EDGE, false);
   pack_sampler(dptr(HEAP_OFF + 8 * 4), AGX_BORDER_COLOUR_OPAQUE_WHITE, AGX_FILTER_NEAREST,
                AGX_WRAP_REPEAT, false);
   E.sampler_heap = DATA_VA + HEAP_OFF;
   E.sampler_count = 5;
}

static struct tex_params
buffer_params(enum agx_channels ch, enum agx_texture_type type, unsigned bytes, uint32_t elements)
{
   struct tex_params p = {.channels = ch,
                          .type = type,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 16384,
                          .height = (elements + 16383) / 16384,
                          .address = IMG_VA,
                          .stride = 16384 * bytes};
   return p;
}

/* 40000 R32 Uint texels written and read back by 160 threads at
 * (i % 16384, i / 16384) for i = t * 250 + 7. */
static void
test_texel_buffer_indexing(void)
{
   char wsrc[2048], lsrc[2048];
   write_prog(wsrc, sizeof(wsrc), "tex_2d", 1, true, false, false, false);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -1, false, "x", false, true);
   struct tex_params p = buffer_params(AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, 4, 40000);
   put_texture(0, &p);
   put_pbe(1, &p, 0, 1);
   memset(dptr(IMG_OFF), 0, 40000 * 4);
   for (unsigned t = 0; t < 160; t++) {
      uint32_t i = t * 250 + 7;
      uint32_t s[4] = {0xC0DE0000u + t, 0, 0, 0};
      set_src(t, s);
      set_coords(t, i % 16384, i / 16384, 0, 0);
   }
   CHECK_EQ(run_prog(wsrc, 160, NULL, false), 1);
   for (unsigned t = 0; t < 160; t++) {
      uint32_t v;
      memcpy(&v, dptr(IMG_OFF + 4 * (t * 250 + 7)), 4);
      CHECK_EQ(v, 0xC0DE0000u + t);
   }
   CHECK_EQ(run_prog(lsrc, 160, NULL, false), 1);
   for (unsigned t = 0; t < 160; t++)
      CHECK_EQ(res(t, 0), 0xC0DE0000u + t);
}

/* Integer coordinates go through the sampler's wrap modes: clamp to edge
 * and repeat instead of the border. */
static void
test_load_wrap_modes(void)
{
   char lsrc[2048];
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 8,
                          .height = 2,
                          .address = IMG_VA,
                          .stride = 32};
   put_texture(0, &p);
   for (uint32_t i = 0; i < 16; i++)
      memcpy(dptr(IMG_OFF + 4 * i), &i, 4);
   set_coords(0, 9, 0, 0, 0);          /* edge: 7;  repeat: 1 */
   set_coords(1, 0xFFFFFFFE, 1, 0, 0); /* edge: 8;  repeat: 14 */
   set_coords(2, 3, 5, 0, 0);          /* edge: 11; repeat: 11 */
   const uint32_t edge[3] = {7, 8, 11}, rep[3] = {1, 14, 11};
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -4, false, "x", false, true);
   CHECK_EQ(run_prog(lsrc, 3, NULL, false), 1);
   for (unsigned t = 0; t < 3; t++)
      CHECK_EQ(res(t, 0), edge[t]);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -5, false, "x", false, true);
   CHECK_EQ(run_prog(lsrc, 3, NULL, false), 1);
   for (unsigned t = 0; t < 3; t++)
      CHECK_EQ(res(t, 0), rep[t]);
}

/* Texel offsets: 4-bit two's-complement nibbles (x bits 0-3, y 4-7) in a
 * half register added to the integer coordinates before the bounds check. */
static void
test_load_offsets(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 8,
                          .height = 2,
                          .address = IMG_VA,
                          .stride = 32};
   put_texture(0, &p);
   for (uint32_t i = 0; i < 16; i++)
      memcpy(dptr(IMG_OFF + 4 * i), &i, 4);
   const char *src =
      "get_sr r2, sr80\n"
      "imadd r8, r2, 4, 0\n"
      "device_load 0, i32, xyzw, r12_r13_r14_r15, u6_u7, r8, unsigned\n"
      "device_load 0, i32, x, r16, u0_u1, r8, unsigned\n"
      "mov_imm r10, 0, 0b0\n"
      "mov_imm r11l, 0\n"
      "wait 0\n"
      "texture_load 0, 0b1100, 0b1, none, x, 0b00, r4, u2_u3, r10, r11l, tex_2d, r12_r13, auto_lod, 0, r16l\n"
      "wait 1\n"
      "device_store 0, i32, x, r4, u4_u5, r8, unsigned, 0\n"
      "stop\n";
   uint32_t o0[4] = {0x1E, 0, 0, 0}; /* x - 2, y + 1 */
   uint32_t o1[4] = {0x01, 0, 0, 0}; /* x + 1: past the edge -> border */
   uint32_t o2[4] = {0xF8, 0, 0, 0}; /* x - 8, y - 1 */
   set_src(0, o0);
   set_src(1, o1);
   set_src(2, o2);
   set_coords(0, 3, 0, 0, 0);
   set_coords(1, 7, 1, 0, 0);
   set_coords(2, 9, 1, 0, 0);
   CHECK_EQ(run_prog(src, 3, NULL, false), 1);
   CHECK_EQ(res(0, 0), 9);
   CHECK_EQ(res(1, 0), 0);
   CHECK_EQ(res(2, 0), 1);
}

/* Out-of-bounds reads return the sampler's border colour; writes are
 * dropped. */
static void
test_out_of_bounds(void)
{
   char lsrc[2048], wsrc[2048];
   struct tex_params p = buffer_params(AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM, 4, 100);
   put_texture(0, &p);
   put_pbe(1, &p, 0, 1);
   memset(dptr(IMG_OFF), 0x7f, 16384 * 4 + 64);
   /* x = 0xFFF0 (Mesa's robustness value), x = -1, y = 1 (height 1) */
   set_coords(0, 0xFFF0, 0, 0, 0);
   set_coords(1, 0xFFFFFFFF, 0, 0, 0);
   set_coords(2, 5, 1, 0, 0);
   set_coords(3, 5, 0, 0, 0); /* in bounds */
   const float want[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
   for (int b = 0; b < 3; b++) {
      load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -b - 1, false, "xyzw", false, true);
      CHECK_EQ(run_prog(lsrc, 4, NULL, false), 1);
      for (unsigned t = 0; t < 3; t++)
         for (unsigned c = 0; c < 4; c++)
            CHECK_EQ(res(t, c), fbits(want[b][c]));
      CHECK_EQ(res(3, 0), fbits((float)(0x7f / 255.0)));
   }
   /* integer formats: integer 0 / 1 */
   p = buffer_params(AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, 4, 100);
   put_texture(0, &p);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -3, false, "xyzw", false, true);
   CHECK_EQ(run_prog(lsrc, 1, NULL, false), 1);
   for (unsigned c = 0; c < 4; c++)
      CHECK_EQ(res(0, c), 1);

   /* writes: nothing changes anywhere */
   p = buffer_params(AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UINT, 4, 100);
   put_pbe(1, &p, 0, 1);
   write_prog(wsrc, sizeof(wsrc), "tex_2d", 1, true, false, false, false);
   for (unsigned t = 0; t < 3; t++) {
      uint32_t s[4] = {1, 2, 3, 4};
      set_src(t, s);
   }
   uint8_t before[16384 * 4 + 64];
   memcpy(before, dptr(IMG_OFF), sizeof(before));
   CHECK_EQ(run_prog(wsrc, 3, NULL, false), 1);
   CHECK(!memcmp(before, dptr(IMG_OFF), sizeof(before)));
}

/* Textures and samplers from state registers (USC Texture / Sampler
 * words), the register-indexed texture form, and 16-bit results. */
static void
test_state_registers(void)
{
   char lsrc[2048], src[2048];
   struct tex_params p = buffer_params(AGX_CHANNELS_R16, AGX_TEXTURE_TYPE_UINT, 2, 100);
   put_texture(0, &p); /* -> ts3 */
   p.type = AGX_TEXTURE_TYPE_SINT;
   put_texture(1, &p); /* -> ts4 */
   uint8_t samplers[2][16] = {{0}};
   pack_sampler(samplers[0], AGX_BORDER_COLOUR_OPAQUE_WHITE, AGX_FILTER_NEAREST,
                AGX_WRAP_CLAMP_TO_BORDER, false);
   pack_sampler(samplers[1], AGX_BORDER_COLOUR_OPAQUE_BLACK, AGX_FILTER_NEAREST,
                AGX_WRAP_CLAMP_TO_BORDER, false);
   uint64_t samp_va = env_upload(&E, samplers, sizeof(samplers));
   /* texture words are read in 24-byte entries: gather the two slots */
   uint8_t texs[48];
   memcpy(texs, dptr(DESC_OFF), 24);
   memcpy(texs + 24, dptr(DESC_OFF + 64), 24);
   uint64_t tex_va = env_upload(&E, texs, sizeof(texs));
   struct pipe_desc extra = {0};
   extra.tex.start = 3, extra.tex.count = 2, extra.tex.va = tex_va;
   extra.samp.start = 2, extra.samp.count = 2, extra.samp.va = samp_va;

   const uint16_t texel[2] = {0xFFFE, 7};
   memcpy(dptr(IMG_OFF), texel, 4);
   set_coords(0, 0, 0, 0, 0);
   set_coords(1, 1, 0, 0, 0);
   set_coords(2, 0xFFF0, 0, 0, 0);
   /* ts3 (Uint), sampler ss2 (white): 16-bit results */
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 3, false, 2, true, "xyzw", false, true);
   CHECK_EQ(run_prog(lsrc, 3, &extra, false), 1);
   CHECK_EQ(res16(0, 0), 0xFFFE);
   CHECK_EQ(res16(0, 3), 1);
   CHECK_EQ(res16(1, 0), 7);
   CHECK_EQ(res16(2, 0), 1);
   CHECK_EQ(res16(2, 3), 1);
   /* ts4 (Sint), sampler ss3 (opaque black), 32-bit results */
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 4, false, 3, false, "xyzw", false, true);
   CHECK_EQ(run_prog(lsrc, 3, &extra, false), 1);
   CHECK_EQ(res(0, 0), (uint32_t)-2);
   CHECK_EQ(res(2, 0), 0);
   CHECK_EQ(res(2, 3), 1);
   /* register-indexed: r20l = 4 names ts4 */
   snprintf(
      src, sizeof(src),
      "get_sr r2, sr80\n"
      "imadd r8, r2, 4, 0\n"
      "device_load 0, i32, xyzw, r12_r13_r14_r15, u6_u7, r8, unsigned\n"
      "mov_imm r20l, 4\n"
      "wait 0\n"
      "texture_load 0, 0b1100, 0b0, none, x, 0b00, r4, None, r20l, ss2, tex_2d, r12_r13, auto_lod, 0\n"
      "wait 0\n"
      "device_store 0, i32, x, r4, u4_u5, r8, unsigned, 0\n"
      "stop\n");
   CHECK_EQ(run_prog(src, 1, &extra, false), 1);
   CHECK_EQ(res(0, 0), (uint32_t)-2);

   /* a PBE in texture state register ts5 (USC Texture word) */
   p = buffer_params(AGX_CHANNELS_R16, AGX_TEXTURE_TYPE_UINT, 2, 100);
   put_pbe(2, &p, 0, 1);
   uint64_t pbe_va = env_upload(&E, dptr(DESC_OFF + 128), 24);
   struct pipe_desc extra2 = {0};
   extra2.tex.start = 5, extra2.tex.count = 1, extra2.tex.va = pbe_va;
   char wsrc[2048];
   write_prog(wsrc, sizeof(wsrc), "tex_2d", 5, false, false, false, false);
   uint32_t s0[4] = {0xBEEF, 0, 0, 0};
   set_src(0, s0);
   set_coords(0, 9, 0, 0, 0);
   CHECK_EQ(run_prog(wsrc, 1, &extra2, false), 1);
   uint16_t got;
   memcpy(&got, dptr(IMG_OFF + 18), 2);
   CHECK_EQ(got, 0xBEEF);
}

/* Sampler heap: the index selects the entry; an index past sampler_count
 * faults. */
static void
test_sampler_heap(void)
{
   char lsrc[2048], msg[512];
   struct tex_params p = buffer_params(AGX_CHANNELS_R8, AGX_TEXTURE_TYPE_UNORM, 1, 10);
   put_texture(0, &p);
   set_coords(0, 0xFFF0, 0, 0, 0);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -3, false, "xyzw", false, true);
   CHECK_EQ(run_prog(lsrc, 1, NULL, false), 1);
   CHECK_EQ(res(0, 0), fbits(1.0f));
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -6, false, "xyzw", false, true);
   CHECK_EQ(run_prog(lsrc, 1, NULL, true), -EIO);
   agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   CHECK(strstr(msg, "sampler_count") != NULL);
}

/* Reading a texture result before `wait` is caught (strict mode). */
static void
test_missing_wait(void)
{
   char lsrc[2048], msg[512];
   struct tex_params p = buffer_params(AGX_CHANNELS_R8, AGX_TEXTURE_TYPE_UNORM, 1, 10);
   put_texture(0, &p);
   set_coords(0, 0, 0, 0, 0);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -1, false, "x", false, false);
   CHECK_EQ(run_prog(lsrc, 1, NULL, true), -EIO);
   agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   CHECK(strstr(msg, "before `wait`") != NULL);
   /* waiting on the wrong group does not help */
   char *w = strstr(lsrc, "wait 1\n");
   CHECK(w == NULL);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -1, false, "x", false, true);
   w = strstr(lsrc, "wait 1\n");
   CHECK(w != NULL);
   if (w)
      w[5] = '0';
   CHECK_EQ(run_prog(lsrc, 1, NULL, true), -EIO);
}

/* image_write then a texture read of the same texel in one SIMD-group:
 * reported without an image barrier (texture caches are not coherent with
 * the PBE), fine after Mesa's fence_pbe_to_tex barriers or as an image load
 * (q3 bit 0). */
static void
test_texture_coherence(void)
{
   struct tex_params p = buffer_params(AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, 4, 64);
   put_texture(0, &p);
   put_pbe(1, &p, 0, 1);
   char src[2048], msg[512];
   const char *fence = "memory_barrier 2, 2, 10\nmemory_barrier 3, 2, 10\n"
                       "memory_barrier 2, 1, 10\nmemory_barrier 3, 1, 10\n";
   const char *variants[3] = {"", fence, ""};
   for (unsigned v = 0; v < 3; v++) {
      snprintf(
         src, sizeof(src),
         "get_sr r12, sr80\n"
         "mov_imm r13, 0, 0b0\n"
         "iadd r4, r12, 200\n"
         "mov_imm r10, 64, 0b0\n"
         "image_write r4_r5_r6_r7, r12_r13, 0, u2_u3, r10, tex_2d, rte, 0, 0, 0, 0\n"
         "%s"
         "mov_imm r10, 0, 0b0\n"
         "mov_imm r11l, 0\n"
         "texture_load 0, %s, 0b0, none, x, 0b00, r5, u2_u3, r10, r11l, tex_2d, r12_r13, auto_lod, 0\n"
         "wait 0\n"
         "imadd r8, r12, 4, 0\n"
         "device_store 0, i32, x, r5, u4_u5, r8, unsigned, 0\n"
         "stop\n",
         variants[v], v == 2 ? "0b1101" : "0b1100");
      memset(dptr(IMG_OFF), 0, 256);
      int st = run_prog(src, 8, NULL, v == 0);
      if (v == 0) {
         CHECK_EQ(st, -EIO);
         agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
         CHECK(strstr(msg, "not coherent") != NULL);
      } else {
         CHECK_EQ(st, 1);
         for (unsigned t = 0; t < 8; t++)
            CHECK_EQ(res(t, 0), 200 + t);
      }
   }
}

/* 16-bit coordinates (Cs): integer halves for image_write/texture_load,
 * f16 for texture_sample; thread t uses x = t + 1, y = 1. */
static void
test_coords16(void)
{
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 8,
                          .height = 2,
                          .address = IMG_VA,
                          .stride = 32};
   put_texture(0, &p);
   put_pbe(1, &p, 0, 1);
   memset(dptr(IMG_OFF), 0, 64);
   const char *src =
      "get_sr r2, sr80\n"
      "iadd r12l, r2l, 1\n"
      "mov_imm r12h, 1\n"
      "iadd r4, r2, 40\n"
      "mov_imm r10, 64, 0b0\n"
      "image_write r4_r5_r6_r7, r12l_r12h, 0, u2_u3, r10, tex_2d, rte, 0, 0, 0, 0\n"
      "mov_imm r10, 0, 0b0\n"
      "mov_imm r11l, 0\n"
      "memory_barrier 2, 2, 10\n"
      "texture_load 0, 0b1100, 0b0, none, x, 0b00, r5, u2_u3, r10, r11l, tex_2d, r12l_r12h, auto_lod, 0\n"
      /* f16 (x + 0.5) / 8, (1 + 0.5) / 2 for texture_sample, pixel centre */
      "convert u16_to_f, r14l, r12l, rte\n"
      "fadd16 r14l, r14l, 0.5\n"
      "fmul16 r14l, r14l, 0.125\n"
      "mov_imm r14h, 0x3a00\n"
      "texture_sample 0, 0b1100, 0b1, none, x, 0b00, r6, u2_u3, r10, r11l, tex_2d, r14l_r14h, auto_lod, 0\n"
      "wait 0\n"
      "wait 1\n"
      "imadd r8, r2, 4, 0\n"
      "device_store 0, i32, xy, r5_r6, u4_u5, r8, unsigned, 0\n"
      "stop\n";
   CHECK_EQ(run_prog(src, 4, NULL, false), 1);
   for (unsigned t = 0; t < 4; t++) {
      uint32_t v;
      memcpy(&v, dptr(IMG_OFF + 32 + 4 * (t + 1)), 4);
      CHECK_EQ(v, 40 + t);
      CHECK_EQ(res(t, 0), 40 + t);
      CHECK_EQ(res(t, 1), 40 + t);
   }
}

/* Linear 2D array through the Extended words. */
static void
test_linear_array(void)
{
   char wsrc[2048], lsrc[2048];
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D_ARRAY,
                          .width = 10,
                          .height = 3,
                          .depth = 4,
                          .address = IMG_VA,
                          .stride = 64,
                          .layer_stride_linear = 256};
   put_texture(0, &p);
   put_pbe(1, &p, 0, 1);
   write_prog(wsrc, sizeof(wsrc), "tex_2d_array", 1, true, false, false, false);
   load_prog(lsrc, sizeof(lsrc), "tex_2d_array", 0, true, -1, false, "x", false, true);
   memset(dptr(IMG_OFF), 0, 4096);
   set_coords(0, 9, 2, 3, 0);
   set_coords(1, 1, 1, 4, 0); /* layer past the end: write dropped */
   uint32_t s0[4] = {0x1234, 0, 0, 0}, s1[4] = {0x5678, 0, 0, 0};
   set_src(0, s0);
   set_src(1, s1);
   CHECK_EQ(run_prog(wsrc, 2, NULL, false), 1);
   uint32_t v;
   memcpy(&v, dptr(IMG_OFF + 3 * 256 + 2 * 64 + 9 * 4), 4);
   CHECK_EQ(v, 0x1234);
   for (unsigned i = 0; i < 1024; i++) {
      memcpy(&v, dptr(IMG_OFF + 4 * i), 4);
      if (i != (3 * 256 + 2 * 64 + 9 * 4) / 4)
         CHECK_EQ(v, 0);
   }
   /* reads: the layer is clamped (not the border) */
   CHECK_EQ(run_prog(lsrc, 2, NULL, false), 1);
   CHECK_EQ(res(0, 0), 0x1234);
}

/* ---- GPU tiling, computed independently -------------------------------- */

static uint32_t
morton(uint32_t x, uint32_t y)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 8; i++)
      r |= ((x >> i) & 1) << (2 * i) | ((y >> i) & 1) << (2 * i + 1);
   return r;
}

/* Byte offset inside a level with tile tw x th and level width lw. */
static uint64_t
tiled_offset(uint32_t x, uint32_t y, uint32_t tw, uint32_t th, uint32_t lw, unsigned bpp)
{
   uint32_t per_row = (lw + tw - 1) / tw;
   return ((uint64_t)((y / th) * per_row + x / tw) * tw * th + morton(x % tw, y % th)) * bpp;
}

/* RGBA8 Uint 100 x 70, one level (tiles 64 x 64): every texel written
 * with its coordinates lands at the Morton/tile offset, and reads back. */
static void
test_gpu_tiled_2d(void)
{
   char wsrc[2048], lsrc[2048];
   struct tex_params p = {.channels = AGX_CHANNELS_R8G8B8A8,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_GPU,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 100,
                          .height = 70,
                          .address = IMG_VA};
   put_texture(0, &p);
   put_pbe(1, &p, 0, 1);
   write_prog(wsrc, sizeof(wsrc), "tex_2d", 1, true, false, false, false);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -1, false, "xyzw", false, true);
   memset(dptr(IMG_OFF), 0, 4 * 16384);
   unsigned n = 100 * 70;
   for (unsigned t = 0; t < n; t++) {
      uint32_t x = t % 100, y = t / 100;
      uint32_t s[4] = {x, y, 0xA5, t & 0xff};
      set_src(t, s);
      set_coords(t, x, y, 0, 0);
   }
   CHECK_EQ(run_prog(wsrc, n, NULL, false), 1);
   unsigned bad = 0;
   for (unsigned t = 0; t < n; t++) {
      uint32_t x = t % 100, y = t / 100;
      const uint8_t *m = dptr(IMG_OFF + (uint32_t)tiled_offset(x, y, 64, 64, 100, 4));
      if (m[0] != x || m[1] != y || m[2] != 0xA5 || m[3] != (t & 0xff))
         bad++;
   }
   CHECK_EQ(bad, 0);
   /* spot checks by hand: (1, 2) -> morton 0b1001 = 9 -> byte 36; (64, 0)
    * -> second tile -> byte 16384; (3, 65) -> tile 2, morton(3, 1) = 7 */
   CHECK_EQ(*(uint8_t *)dptr(IMG_OFF + 36), 1);
   CHECK_EQ(*(uint8_t *)dptr(IMG_OFF + 16384), 64);
   CHECK_EQ(*(uint8_t *)dptr(IMG_OFF + 2 * 16384 + 7 * 4 + 1), 65);
   CHECK_EQ(run_prog(lsrc, n, NULL, false), 1);
   bad = 0;
   for (unsigned t = 0; t < n; t++)
      if (res(t, 0) != t % 100 || res(t, 1) != t / 100 || res(t, 2) != 0xA5)
         bad++;
   CHECK_EQ(bad, 0);
}

/* Mip levels: R8 256 x 256 full chain (levels 0-1 in 128 x 128 tiles, then
 * the power-of-two tail) and R8 300 x 200 (tail from level 1); level
 * offsets per ail: 256^2: 0, 65536, 81920, 86016; 300 x 200: 0, 98304,
 * 131072, 139264. */
static void
test_gpu_tiled_mips(void)
{
   char wsrc[2048], lsrc[2048];
   write_prog(wsrc, sizeof(wsrc), "tex_2d", 1, true, false, false, false);
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -1, false, "x", true, true);
   struct {
      uint32_t w, h;
      unsigned level;
      uint32_t x, y;
      uint64_t offset; /* expected byte offset */
   } c[] = {
      {256, 256, 1, 70, 3, 65536 + morton(70, 3)},
      {256, 256, 2, 1, 2, 81920 + 9},
      {256, 256, 3, 3, 1, 86016 + 7},
      /* level 1: 150 x 100, tile 128 (next_pow2(100)), 2 tiles per row */
      {300, 200, 1, 130, 5, 98304 + 16384 + 38},
      /* level 2: 75 x 50, tile 64 */
      {300, 200, 2, 70, 40, 131072 + tiled_offset(70, 40, 64, 64, 75, 1)},
      {300, 200, 3, 36, 24, 139264 + tiled_offset(36, 24, 32, 32, 37, 1)},
   };
   for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
      struct tex_params p = {.channels = AGX_CHANNELS_R8,
                             .type = AGX_TEXTURE_TYPE_UINT,
                             .layout = AGX_LAYOUT_GPU,
                             .dim = AGX_TEXTURE_DIMENSION_2D,
                             .width = c[i].w,
                             .height = c[i].h,
                             .address = IMG_VA,
                             .mipmapped = true,
                             .last_level = 8};
      put_texture(0, &p);
      put_pbe(1, &p, c[i].level, 9);
      memset(dptr(IMG_OFF), 0, 200000);
      uint32_t s[4] = {0x40 + i, 0, 0, 0};
      set_src(0, s);
      set_coords(0, c[i].x, c[i].y, 0, 0);
      CHECK_EQ(run_prog(wsrc, 1, NULL, false), 1);
      CHECK_EQ(*(uint8_t *)dptr(IMG_OFF + (uint32_t)c[i].offset), 0x40 + i);
      /* exactly one byte changed */
      unsigned changed = 0;
      for (unsigned b = 0; b < 200000; b++)
         changed += *(uint8_t *)dptr(IMG_OFF + b) != 0;
      CHECK_EQ(changed, 1);
      /* texture_load with an explicit LOD reads it back */
      set_coords(0, c[i].x, c[i].y, 0, c[i].level);
      CHECK_EQ(run_prog(lsrc, 1, NULL, false), 1);
      CHECK_EQ(res(0, 0), 0x40 + i);
   }
   /* a sampler with Mip filter None ignores the LOD: level 0 texel (36, 24)
    * of the last image */
   pack_sampler(dptr(HEAP_OFF + 8 * 5), AGX_BORDER_COLOUR_OPAQUE_WHITE, AGX_FILTER_NEAREST,
                AGX_WRAP_CLAMP_TO_BORDER, false);
   uint32_t w0[2];
   memcpy(w0, dptr(HEAP_OFF + 8 * 5), 8);
   struct AGX_SAMPLER sv;
   AGX_SAMPLER_unpack(NULL, (const uint8_t *)w0, &sv);
   sv.mip_filter = AGX_MIP_FILTER_NONE;
   AGX_SAMPLER_pack(w0, &sv);
   memcpy(dptr(HEAP_OFF + 8 * 5), w0, 8);
   E.sampler_count = 6;
   *(uint8_t *)dptr(IMG_OFF + (uint32_t)tiled_offset(36, 24, 128, 128, 300, 1)) = 0x99;
   load_prog(lsrc, sizeof(lsrc), "tex_2d", 0, true, -6, false, "x", true, true);
   CHECK_EQ(run_prog(lsrc, 1, NULL, false), 1);
   CHECK_EQ(res(0, 0), 0x99);
   E.sampler_count = 5;
}

/* Layer strides: 20 x 20 R8 array, one level: 1024 bytes per layer
 * (32 x 32 power-of-two level), 16 KiB with Page-aligned layers. 3D
 * images address slice z as layer z. */
static void
test_gpu_tiled_layers(void)
{
   char wsrc[2048], lsrc[2048];
   for (unsigned pa = 0; pa < 2; pa++) {
      struct tex_params p = {.channels = AGX_CHANNELS_R8,
                             .type = AGX_TEXTURE_TYPE_UINT,
                             .layout = AGX_LAYOUT_GPU,
                             .dim = AGX_TEXTURE_DIMENSION_2D_ARRAY,
                             .width = 20,
                             .height = 20,
                             .depth = 3,
                             .address = IMG_VA,
                             .page_aligned = pa};
      put_texture(0, &p);
      put_pbe(1, &p, 0, 1);
      write_prog(wsrc, sizeof(wsrc), "tex_2d_array", 1, true, false, false, false);
      load_prog(lsrc, sizeof(lsrc), "tex_2d_array", 0, true, -1, false, "x", false, true);
      memset(dptr(IMG_OFF), 0, 65536);
      uint32_t s[4] = {0x77, 0, 0, 0};
      set_src(0, s);
      set_coords(0, 3, 17, 2, 0);
      CHECK_EQ(run_prog(wsrc, 1, NULL, false), 1);
      uint32_t stride = pa ? 16384 : 1024;
      CHECK_EQ(*(uint8_t *)dptr(IMG_OFF + 2 * stride + 519), 0x77);
      CHECK_EQ(run_prog(lsrc, 1, NULL, false), 1);
      CHECK_EQ(res(0, 0), 0x77);
   }
   /* 3D 16 x 16 x 4 R32: slice stride = 16 x 16 x 4 bytes (tile 16) */
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_GPU,
                          .dim = AGX_TEXTURE_DIMENSION_3D,
                          .width = 16,
                          .height = 16,
                          .depth = 4,
                          .address = IMG_VA};
   put_texture(0, &p);
   put_pbe(1, &p, 0, 1);
   write_prog(wsrc, sizeof(wsrc), "tex_3d", 1, true, false, false, false);
   load_prog(lsrc, sizeof(lsrc), "tex_3d", 0, true, -1, false, "x", false, true);
   memset(dptr(IMG_OFF), 0, 65536);
   uint32_t s[4] = {0xBEEF, 0, 0, 0};
   set_src(0, s);
   set_coords(0, 5, 6, 3, 0);
   CHECK_EQ(run_prog(wsrc, 1, NULL, false), 1);
   uint32_t v;
   memcpy(&v, dptr(IMG_OFF + 3 * 1024 + morton(5, 6) * 4), 4);
   CHECK_EQ(v, 0xBEEF);
   CHECK_EQ(run_prog(lsrc, 1, NULL, false), 1);
   CHECK_EQ(res(0, 0), 0xBEEF);
   set_coords(0, 5, 6, 4, 0); /* z out of bounds: border */
   CHECK_EQ(run_prog(lsrc, 1, NULL, false), 1);
   CHECK_EQ(res(0, 0), 0);
}

/* Multisampled textures: samples of a pixel contiguous in its element
 * (8 x 8 R32 with 4 samples: 16-byte elements, an 8 x 8 Morton tile;
 * 8 x 8 R8 array with 2 samples: 2-byte elements, 128-byte layers). */
static void
test_multisampled_loads(void)
{
   char src[2048];
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_GPU,
                          .dim = AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED,
                          .width = 8,
                          .height = 8,
                          .address = IMG_VA};
   put_texture(0, &p);
   /* Samples field: 1 = 4 samples */
   uint32_t *d = dptr(DESC_OFF);
   d[2] |= 1;
   for (uint32_t y = 0; y < 8; y++)
      for (uint32_t x = 0; x < 8; x++)
         for (uint32_t smp = 0; smp < 4; smp++) {
            uint32_t v = x | y << 8 | smp << 16;
            memcpy(dptr(IMG_OFF + morton(x, y) * 16 + smp * 4), &v, 4);
         }
   read_prog(src, sizeof(src), "texture_load", "tex_2d_ms", 0, true, -1, false, "x", false, true);
   set_coords(0, 3, 5, 2, 0);
   set_coords(1, 7, 0, 3, 0);
   set_coords(2, 7, 0, 4, 0); /* sample 4 of 4: border */
   CHECK_EQ(run_prog(src, 3, NULL, false), 1);
   CHECK_EQ(res(0, 0), 3 | 5 << 8 | 2 << 16);
   CHECK_EQ(res(1, 0), 7 | 0 << 8 | 3 << 16);
   CHECK_EQ(res(2, 0), 0);

   p.channels = AGX_CHANNELS_R8;
   p.dim = AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED;
   p.depth = 2;
   put_texture(0, &p); /* Samples 0 = 2 */
   for (uint32_t l = 0; l < 2; l++)
      for (uint32_t y = 0; y < 8; y++)
         for (uint32_t x = 0; x < 8; x++)
            for (uint32_t smp = 0; smp < 2; smp++)
               *(uint8_t *)dptr(IMG_OFF + l * 128 + morton(x, y) * 2 + smp) =
                  (uint8_t)(l << 7 | smp << 6 | y << 3 | x);
   read_prog(src, sizeof(src), "texture_load", "tex_2d_ms_array", 0, true, -1, false, "x", false,
             true);
   set_coords(0, 6, 1, 1 | 1 << 16, 0);
   set_coords(1, 2, 7, 0 | 0 << 16, 0);
   CHECK_EQ(run_prog(src, 2, NULL, false), 1);
   CHECK_EQ(res(0, 0), 1 << 7 | 1 << 6 | 1 << 3 | 6);
   CHECK_EQ(res(1, 0), 7 << 3 | 2);
}

int
main(void)
{
   env_init(&E);
   use_heap();
   test_texel_buffer_indexing();
   test_load_wrap_modes();
   test_load_offsets();
   test_out_of_bounds();
   test_state_registers();
   test_sampler_heap();
   test_missing_wait();
   test_linear_array();
   test_texture_coherence();
   test_coords16();
   test_gpu_tiled_2d();
   test_gpu_tiled_mips();
   test_gpu_tiled_layers();
   test_multisampled_loads();
   env_fini(&E);
   return SIM_TEST_RESULT();
}
