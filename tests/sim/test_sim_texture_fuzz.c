/*
 * Texture unit robustness: random Texture / PBE / sampler descriptors (with
 * the address pointing into the image area most of the time) and random
 * coordinates through texture_load, texture_sample and image_write. Every
 * dispatch must either succeed or end in a reported GPU fault (-EIO), and
 * the simulator must keep working afterwards. A fixed seed keeps it
 * reproducible.
 */
#include "sim_texture_util.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t
rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static const enum agx_channels CHANNELS[] = {
   AGX_CHANNELS_R8,           AGX_CHANNELS_R16,         AGX_CHANNELS_R8G8,
   AGX_CHANNELS_R5G6B5,       AGX_CHANNELS_R4G4B4A4,    AGX_CHANNELS_A1R5G5B5,
   AGX_CHANNELS_R5G5B5A1,     AGX_CHANNELS_R32,         AGX_CHANNELS_R16G16,
   AGX_CHANNELS_R11G11B10,    AGX_CHANNELS_R10G10B10A2, AGX_CHANNELS_R9G9B9E5,
   AGX_CHANNELS_R8G8B8A8,     AGX_CHANNELS_R32G32,      AGX_CHANNELS_R16G16B16A16,
   AGX_CHANNELS_R32G32B32A32, AGX_CHANNELS_BC1};

/* Plausible descriptors from random field values (3 in 4), else raw
 * random bytes. */
static void
random_descriptor(unsigned slot, bool pbe)
{
   uint32_t w[6];
   for (unsigned i = 0; i < 6; i++)
      w[i] = rnd();
   if (rnd() % 4) {
      struct tex_params p = {.channels = CHANNELS[rnd() % (sizeof(CHANNELS) / sizeof(CHANNELS[0]))],
                             .type = (enum agx_texture_type)(rnd() % 6),
                             .layout = (rnd() & 1) ? AGX_LAYOUT_GPU : AGX_LAYOUT_LINEAR,
                             .dim = (enum agx_texture_dimension)(rnd() % 9),
                             .width = 1 + rnd() % 70,
                             .height = 1 + rnd() % 70,
                             .depth = 1 + rnd() % 4,
                             .address = IMG_VA + 16 * (rnd() % 64),
                             .stride = 16 * (1 + rnd() % 80),
                             .srgb = rnd() & 1,
                             .srgb2 = rnd() & 1,
                             .mipmapped = rnd() & 1,
                             .page_aligned = rnd() & 1,
                             .layer_stride_linear = (rnd() & 1) ? 128 * (1 + rnd() % 64) : 0,
                             .custom_swizzle = true,
                             .swz = {(enum agx_channel)(rnd() % 6), (enum agx_channel)(rnd() % 6),
                                     (enum agx_channel)(rnd() % 6), (enum agx_channel)(rnd() % 6)}};
      if (p.mipmapped)
         p.last_level = rnd() % 8;
      if (pbe) {
         for (unsigned c = 0; c < 4; c++)
            p.swz[c] = (enum agx_channel)(rnd() % 4);
         put_pbe(slot, &p, rnd() % 3, 1 + rnd() % 8);
      } else {
         put_texture(slot, &p);
      }
      return;
   }
   memcpy(dptr(DESC_OFF + 64 * slot), w, 24);
}

static void
dptr_sampler_border(unsigned i, unsigned border)
{
   uint32_t s[2];
   memcpy(s, dptr(HEAP_OFF + 8 * i), 8);
   s[1] = (s[1] & ~(3u << 23)) | border << 23; /* Border colour, bits 55-56 */
   memcpy(dptr(HEAP_OFF + 8 * i), s, 8);
}

int
main(void)
{
   env_init(&E);
   E.sampler_heap = DATA_VA + HEAP_OFF;
   E.sampler_count = 4;
   char load[2048], sample[2048], write[2048];
   read_prog(load, sizeof(load), "texture_load", "tex_2d_array", 0, true, -1, false, "xyzw", true,
             true);
   read_prog(sample, sizeof(sample), "texture_sample", "tex_2d", 0, true, -2, false, "xyzw", true,
             true);
   write_prog(write, sizeof(write), "tex_2d_array", 1, true, false, false, true);
   /* gather with compare, and 3D with gradients (sources as gradients) */
   const char *extra_src =
      "get_sr r2, sr80\n"
      "imadd r8, r2, 4, 0\n"
      "device_load 0, i32, xyzw, r12_r13_r14_r15, u6_u7, r8, unsigned\n"
      "device_load 0, i32, xyzw, r20_r21_r22_r23, u0_u1, r8, unsigned\n"
      "mov_imm r24, 0, 0b0\n"
      "mov_imm r25, 0, 0b0\n"
      "mov_imm r10, 0, 0b0\n"
      "mov_imm r11l, 1\n"
      "wait 0\n"
      "texture_sample 1, 0b1100, 0b1, gather_g, xyzw, 0b00, r4_r5_r6_r7, u2_u3, r10, r11l, tex_2d, r12_r13, auto_lod, 0, r20\n"
      "texture_sample 0, 0b1100, 0b0, none, xyzw, 0b00, r16_r17_r18_r19, u2_u3, r10, r11l, tex_3d, r12_r13_r14, lod_grad, r20_r21_r22_r23_r24_r25\n"
      "wait 0\n"
      "wait 1\n"
      "stop\n";
   unsigned ok = 0, faults = 0;
   for (unsigned iter = 0; iter < 300; iter++) {
      random_descriptor(0, false);
      random_descriptor(1, true);
      for (unsigned i = 0; i < 4; i++) {
         uint32_t s[2] = {rnd(), rnd()};
         memcpy(dptr(HEAP_OFF + 8 * i), s, 8);
         if (rnd() % 4) /* mostly a known border colour */
            dptr_sampler_border(i, rnd() % 3);
      }
      for (unsigned t = 0; t < 4; t++) {
         uint32_t src[4] = {rnd(), rnd(), rnd(), rnd()};
         set_src(t, src);
         set_coords(t, rnd() % 64, rnd() % 64, rnd() % 8, rnd() % 4);
      }
      const char *prog = iter % 4 == 0   ? load
                         : iter % 4 == 1 ? sample
                         : iter % 4 == 2 ? write
                                         : extra_src;
      int st = run_prog(prog, 4, NULL, true);
      CHECK(st == 1 || st == -EIO);
      ok += st == 1;
      faults += st == -EIO;
   }
   /* both outcomes happen, and a valid program still runs afterwards */
   CHECK(ok > 0);
   CHECK(faults > 0);
   struct tex_params p = {.channels = AGX_CHANNELS_R32,
                          .type = AGX_TEXTURE_TYPE_UINT,
                          .layout = AGX_LAYOUT_LINEAR,
                          .dim = AGX_TEXTURE_DIMENSION_2D,
                          .width = 4,
                          .height = 1,
                          .address = IMG_VA,
                          .stride = 16};
   put_texture(0, &p);
   set_heap_sampler(0, AGX_BORDER_COLOUR_TRANSPARENT_BLACK);
   uint32_t v = 1234;
   memcpy(dptr(IMG_OFF + 8), &v, 4);
   set_coords(0, 2, 0, 0, 0);
   CHECK_EQ(run_prog(load, 1, NULL, false), 1);
   CHECK_EQ(res(0, 0), 1234);
   printf("random descriptors: %u ran, %u faulted\n", ok, faults);
   env_fini(&E);
   return SIM_TEST_RESULT();
}
