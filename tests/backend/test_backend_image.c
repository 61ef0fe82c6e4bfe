/* Images end to end on the GPU model (strict mode: a missing `wait` or
 * texture fence faults): GLSL shaders compiled by the front and back end,
 * run with hand-packed descriptors in the shape agx_abi.h defines (48-byte
 * image descriptors: Texture + PBE for storage images, Texture + sampler
 * heap index + LOD bias for combined image samplers and samplers), the txf
 * sampler in ss0 and a sampler heap. Expected values come from an
 * independent CPU model:
 *  - GPU-layout texel addresses computed here from ail's rules for images
 *    smaller than one 16 KiB tile (the level is next_pow2(w) x next_pow2(h)
 *    elements in square tiles of next_pow2(min(w, h)), Morton order inside:
 *    x bit i at bit 2i, y bit i at 2i + 1; levels and layers start
 *    128-byte aligned);
 *  - image atomics addressed from the PBE's software words (GPU layout) and
 *    its Stride (linear);
 *  - nearest / bilinear filtering with clamp-to-edge and repeat wraps
 *    (coordinates chosen so that the weights are exact in 8 bits).
 *   test_backend_image SPV_DIR */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_abi.h"
#include "agx_backend.h"
#include "agx_pack.h"
#include "backend_sim.h"
#include "harness.h"

static unsigned failures;

static void
check(bool ok, const char *what, unsigned i, double got, double want)
{
   if (!ok && failures++ < 40)
      fprintf(stderr, "%s [%u]: got %g, want %g\n", what, i, got, want);
}

static unsigned
next_pow2(unsigned v)
{
   unsigned p = 1;
   while (p < v)
      p <<= 1;
   return p;
}

static unsigned
morton(unsigned x, unsigned y)
{
   unsigned m = 0;
   for (unsigned b = 0; b < 8; b++)
      m |= ((x >> b) & 1) << (2 * b) | ((y >> b) & 1) << (2 * b + 1);
   return m;
}

/* Element index of (x, y) in a level of w x h smaller than one big tile. */
static unsigned
small_level_index(unsigned x, unsigned y, unsigned w, unsigned h)
{
   unsigned pw = next_pow2(w), ph = next_pow2(h);
   unsigned t = next_pow2(pw < ph ? pw : ph);
   unsigned tile = (y / t) * (pw / t) + x / t;
   return tile * t * t + morton(x % t, y % t);
}

/* Bytes of such a level, 128-byte aligned (the next level or layer). */
static unsigned
small_level_size(unsigned w, unsigned h, unsigned bpp)
{
   return (next_pow2(w) * next_pow2(h) * bpp + 127) & ~127u;
}

static void *
aligned_memory(struct harness *h, size_t size, uint64_t *va)
{
   return h_memory(h, size, va); /* harness memory is 64 KiB aligned */
}

static void
pack_texture(uint32_t *d, enum agx_texture_dimension dim, enum agx_channels ch,
             enum agx_texture_type type, unsigned w, unsigned hgt, unsigned depth, unsigned levels,
             uint64_t va)
{
   agx_pack(d, TEXTURE, cfg) {
      cfg.dimension = dim;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = ch;
      cfg.type = type;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_0;
      cfg.swizzle_b = AGX_CHANNEL_0;
      cfg.swizzle_a = AGX_CHANNEL_1;
      cfg.width = w;
      cfg.height = hgt;
      cfg.first_level = 0;
      cfg.last_level = levels - 1;
      cfg.unk_mipmapped = levels > 1;
      cfg.address = va;
      cfg.depth = depth;
   }
}

static void
pack_pbe(uint32_t *d, enum agx_texture_dimension dim, unsigned w, unsigned hgt, unsigned layers,
         uint64_t va)
{
   agx_pack(d, PBE, cfg) {
      cfg.dimension = dim;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_UINT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_R;
      cfg.swizzle_b = AGX_CHANNEL_R;
      cfg.swizzle_a = AGX_CHANNEL_R;
      cfg.width = w;
      cfg.height = hgt;
      cfg.buffer = va;
      cfg.level = 0;
      cfg.levels = 1;
      cfg.layers = layers;
   }
}

static void
pack_sampler(uint8_t *d, enum agx_filter filter, enum agx_wrap wrap)
{
   agx_pack(d, SAMPLER, cfg) {
      cfg.minimum_lod = 0.0f;
      cfg.maximum_lod = 15.0f;
      cfg.magnify = filter;
      cfg.minify = filter;
      cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
      cfg.wrap_s = wrap;
      cfg.wrap_t = wrap;
      cfg.wrap_r = wrap;
      cfg.border_colour = AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
   }
}

/* Descriptor (set 0, binding b, element e) with the harness's default offsets. */
static uint8_t *
desc(struct harness *h, unsigned b, unsigned e)
{
   return h->sets[0] + b * AGX_ABI_DEFAULT_BINDING_BYTES + e * AGX_ABI_IMAGE_DESC_SIZE;
}

static bool
run(struct harness *h, unsigned groups, uint64_t heap, unsigned nsamplers)
{
   struct agx_backend_result r;
   char err[1024];
   if (agx_backend_compile(h->s, NULL, &r, err, sizeof(err))) {
      fprintf(stderr, "back end: %s\n", err);
      return false;
   }
   /* the txf sampler of agx_abi.h (Mip filter Nearest, pixel coordinates) */
   uint8_t txf[8];
   agx_pack(txf, SAMPLER, cfg) {
      cfg.magnify = AGX_FILTER_NEAREST;
      cfg.minify = AGX_FILTER_NEAREST;
      cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
      cfg.wrap_s = AGX_WRAP_CLAMP_TO_BORDER;
      cfg.wrap_t = AGX_WRAP_CLAMP_TO_BORDER;
      cfg.wrap_r = AGX_WRAP_CLAMP_TO_BORDER;
      cfg.pixel_coordinates = true;
      cfg.border_colour = AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
   }
   struct bsim_program prog = {r.code,
                               r.size,
                               r.info.gpr_halves,
                               r.info.shared_size,
                               {r.info.local_size[0], r.info.local_size[1], r.info.local_size[2]},
                               r.preamble,
                               r.preamble_size,
                               r.info.preamble_gpr_halves};
   prog.scratch_size = r.info.scratch_size;
   prog.sampler_state0 = r.info.sampler_states ? txf : NULL;
   prog.sampler_heap = heap;
   prog.sampler_count = nsamplers;
   struct bsim_buffer bb[32];
   for (unsigned k = 0; k < h->nbufs; k++)
      bb[k] = (struct bsim_buffer){h->bufs[k].address, h->bufs[k].data, h->bufs[k].size};
   struct bsim_stats st = {0};
   uint32_t g[3] = {groups, 1, 1};
   bool ok =
      !bsim_run(&prog, h->uniforms, sizeof(h->uniforms), bb, h->nbufs, g, &st, err, sizeof(err));
   if (!ok) {
      fprintf(stderr, "GPU model: %s\n", err);
      agx_backend_disasm(r.code, r.size, stderr);
   }
   printf("%-16s %4u+%-3u instrs (main+preamble) %3u GPR halves, executed %llu SIMD-group "
          "instrs, sampler states %u\n",
          "", r.info.num_instrs, r.info.preamble_num_instrs, r.info.gpr_halves,
          (unsigned long long)st.sg_insns, r.info.sampler_states);
   agx_backend_result_free(&r);
   return ok;
}

/* --- storage images ------------------------------------------------------ */

static void
test_storage(void)
{
   struct harness h;
   if (!h_compile(&h, "be_img_storage", H_OPT, NULL)) {
      failures++;
      return;
   }
   printf("be_img_storage:\n");
   uint32_t *out = h_buffer(&h, 0, 0, 0, 64 * 9 * 4);
   const unsigned W = 8, H = 4, L = 2, bpp = 4;
   unsigned layer = small_level_size(W, H, bpp); /* 128 */
   uint64_t va[4];
   uint8_t *mem[4];
   size_t bytes = 4096; /* images + a sentinel tail that must stay untouched */
   for (unsigned k = 0; k < 4; k++) {
      mem[k] = aligned_memory(&h, bytes, &va[k]);
      memset(mem[k], 0xAB, bytes);
   }
   pack_texture((uint32_t *)desc(&h, 1, 0), AGX_TEXTURE_DIMENSION_2D, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_UINT, W, H, 1, 1, va[0]);
   pack_pbe((uint32_t *)(desc(&h, 1, 0) + AGX_ABI_IMAGE_PBE), AGX_TEXTURE_DIMENSION_2D, W, H, 1,
            va[0]);
   pack_texture((uint32_t *)desc(&h, 2, 0), AGX_TEXTURE_DIMENSION_2D_ARRAY, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_UINT, W, H, L, 1, va[1]);
   pack_pbe((uint32_t *)(desc(&h, 2, 0) + AGX_ABI_IMAGE_PBE), AGX_TEXTURE_DIMENSION_2D_ARRAY, W, H,
            L, va[1]);
   pack_texture((uint32_t *)desc(&h, 3, 0), AGX_TEXTURE_DIMENSION_3D, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_UINT, W, H, L, 1, va[2]);
   pack_pbe((uint32_t *)(desc(&h, 3, 0) + AGX_ABI_IMAGE_PBE), AGX_TEXTURE_DIMENSION_3D, W, H, L,
            va[2]);
   /* a 4x4 cube storage view: a 2D array of 6 faces (agx_abi.h) */
   pack_texture((uint32_t *)desc(&h, 4, 0), AGX_TEXTURE_DIMENSION_2D_ARRAY, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_UINT, 4, 4, 6, 1, va[3]);
   pack_pbe((uint32_t *)(desc(&h, 4, 0) + AGX_ABI_IMAGE_PBE), AGX_TEXTURE_DIMENSION_2D_ARRAY, 4, 4,
            6, va[3]);
   if (!run(&h, 1, 0, 0)) {
      failures++;
      h_finish(&h);
      return;
   }
   /* cube faces 3 and 4, x < 4: 4x4 faces 128 bytes apart */
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 4; y++)
         for (unsigned x = 0; x < 4; x++) {
            uint32_t val = 301000 + x + 8 * y + 32 * z, got;
            memcpy(&got, mem[3] + (z + 3) * 128 + small_level_index(x, y, 4, 4) * bpp, 4);
            check(got == val, "cube face texel in memory", x + 4 * y + 16 * z, got, val);
         }
   /* memory: each texel at the independently computed address */
   for (unsigned z = 0; z < L; z++)
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            uint32_t val = 1000 + x + 8 * y + 32 * z;
            unsigned off = z * layer + small_level_index(x, y, W, H) * bpp;
            uint32_t got;
            if (z == 0) {
               memcpy(&got, mem[0] + off, 4);
               check(got == val, "2D texel in memory", x + 8 * y, got, val);
            }
            memcpy(&got, mem[1] + off, 4);
            check(got == val + 100000, "2D array texel in memory", x + 8 * y + 32 * z, got,
                  val + 100000);
            memcpy(&got, mem[2] + off, 4);
            check(got == val + 200000, "3D texel in memory", x + 8 * y + 32 * z, got, val + 200000);
         }
   /* nothing else written: 2D past one level, arrays past 2 layers */
   unsigned ends[3] = {layer, 2 * layer, 2 * layer};
   for (unsigned k = 0; k < 3; k++)
      for (unsigned o = ends[k]; o < bytes; o++)
         if (mem[k][o] != 0xAB) {
            check(false, "byte past the image (out-of-range store not dropped)", o, mem[k][o],
                  0xAB);
            break;
         }
   for (unsigned i = 0; i < 64; i++) {
      unsigned x = i % 8, y = (i / 8) % 4, z = i / 32;
      uint32_t val = 1000 + x + 8 * y + 32 * z;
      const uint32_t *v = out + i * 9;
      uint32_t cw = x < 4 ? val + 300000 + (4u << 24 | 4u << 28) : 0;
      check(v[8] == cw, "imageLoad cube face + imageSize cube", i, v[8], cw);
      check(v[0] == (z == 0 ? val : 0), "imageLoad 2D", i, v[0], z == 0 ? val : 0);
      check(v[1] == val + 100000, "imageLoad 2D array", i, v[1], val + 100000);
      check(v[2] == val + 200000, "imageLoad 3D", i, v[2], val + 200000);
      check(v[3] == 0, "imageLoad 2D out of range", i, v[3], 0);
      check(v[4] == 0, "imageLoad 2D array, layer out of range", i, v[4], 0);
      check(v[5] == 0, "imageLoad 3D out of range", i, v[5], 0);
      uint32_t s0 = 8 | 4 << 8 | 8 << 16 | 4u << 24, s1 = 2 | 8 << 8 | 4 << 16 | 2u << 24;
      check(v[6] == s0, "imageSize 2D / array", i, v[6], s0);
      check(v[7] == s1, "imageSize array / 3D", i, v[7], s1);
   }
   h_finish(&h);
}

/* --- image atomics ------------------------------------------------------- */

static void
test_atomics(void)
{
   struct harness h;
   if (!h_compile(&h, "be_img_atomic", H_OPT, NULL)) {
      failures++;
      return;
   }
   printf("be_img_atomic:\n");
   uint32_t *out = h_buffer(&h, 0, 0, 0, 64 * 4 * 4);
   uint64_t va, val;
   uint8_t *arr = aligned_memory(&h, 4096, &va);
   uint8_t *lin = aligned_memory(&h, 4096, &val);
   memset(arr, 0xAB, 4096);
   memset(lin, 0xAB, 4096);
   /* GPU layout 8x4, 2 layers of 128 bytes: texel (x, y, z) = 1000 + 3 i */
   for (unsigned i = 0; i < 64; i++) {
      unsigned x = i & 7, y = (i >> 3) & 3, z = i >> 5;
      uint32_t v = 1000 + 3 * i;
      memcpy(arr + z * 128 + small_level_index(x, y, 8, 4) * 4, &v, 4);
   }
   /* linear 8x4, 64-byte rows, zero */
   for (unsigned y = 0; y < 4; y++)
      memset(lin + 64 * y, 0, 32);
   uint32_t *d = (uint32_t *)desc(&h, 1, 0);
   pack_texture(d, AGX_TEXTURE_DIMENSION_2D_ARRAY, AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, 8, 4, 2,
                1, va);
   /* the PBE with the software words for atomics (agx_abi.h): level
    * offset 0, 4x4 tiles, 128-byte layers */
   agx_pack(d + AGX_ABI_IMAGE_PBE / 4, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D_ARRAY;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_UINT;
      cfg.width = 8;
      cfg.height = 4;
      cfg.buffer = va;
      cfg.layers = 2;
      cfg.level_offset_sw = 0;
      cfg.tile_width_sw = 4;
      cfg.tile_height_sw = 4;
      cfg.layer_stride_sw = 128;
   }
   d = (uint32_t *)desc(&h, 2, 0);
   agx_pack(d, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_UINT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_0;
      cfg.swizzle_b = AGX_CHANNEL_0;
      cfg.swizzle_a = AGX_CHANNEL_1;
      cfg.width = 8;
      cfg.height = 4;
      cfg.address = val;
      cfg.stride = 64 - 16;
   }
   agx_pack(d + AGX_ABI_IMAGE_PBE / 4, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_UINT;
      cfg.width = 8;
      cfg.height = 4;
      cfg.buffer = val;
      cfg.stride = 64 - 4;
   }
   if (!run(&h, 1, 0, 0)) {
      failures++;
      h_finish(&h);
      return;
   }
   for (unsigned i = 0; i < 64; i++) {
      unsigned x = i & 7, y = (i >> 3) & 3, z = i >> 5;
      uint32_t got;
      check(out[i * 4] == 1000 + 3 * i, "imageAtomicAdd result", i, out[i * 4], 1000 + 3 * i);
      check(out[i * 4 + 2] == 0, "out-of-range atomics return 0", i, out[i * 4 + 2], 0);
      check(out[i * 4 + 3] == 1000 + 4 * i + 1, "imageAtomicCompSwap result", i, out[i * 4 + 3],
            1000 + 4 * i + 1);
      memcpy(&got, arr + z * 128 + small_level_index(x, y, 8, 4) * 4, 4);
      check(got == 77, "GPU-layout texel after the atomics", i, got, 77);
      if (i < 32) {
         memcpy(&got, lin + 64 * y + 4 * x, 4);
         check(got == i + 32, "linear texel after imageAtomicMax", i, got, i + 32);
      }
   }
   for (unsigned o = 256; o < 4096; o++)
      if (arr[o] != 0xAB) {
         check(false, "GPU-layout byte past the layers", o, arr[o], 0xAB);
         break;
      }
   for (unsigned y = 0; y < 64; y++)
      for (unsigned o = 32; o < 64; o++)
         if (lin[64 * y + o] != 0xAB || (y >= 4 && lin[64 * y + o - 32] != 0xAB)) {
            check(false, "linear byte outside the image", 64 * y + o, lin[64 * y + o], 0xAB);
            y = 64;
            break;
         }
   h_finish(&h);
}

/* --- sampled images ------------------------------------------------------- */

/* Level l of the 4x4 r32f test image, texel (x, y). */
static float
texel(unsigned l, unsigned x, unsigned y)
{
   return 100.0f * l + x + 10.0f * y;
}

static int
wrap(int i, int n, bool repeat)
{
   if (repeat)
      return ((i % n) + n) % n;
   return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/* Level l sampled at (u, v), texel offset (oi, oj) added to the integer
 * texel indices before wrapping. */
static float
sample_off(unsigned l, float u, float v, bool linear, bool repeat, int oi, int oj)
{
   int n = 4 >> l;
   float s = u * n, t = v * n;
   if (!linear)
      return texel(l, wrap((int)floorf(s) + oi, n, repeat), wrap((int)floorf(t) + oj, n, repeat));
   float a = s - 0.5f, b = t - 0.5f;
   int i0 = (int)floorf(a), j0 = (int)floorf(b);
   float fa = floorf((a - i0) * 256) / 256, fb = floorf((b - j0) * 256) / 256;
   float r = 0;
   for (int dj = 0; dj < 2; dj++)
      for (int di = 0; di < 2; di++)
         r += (di ? fa : 1 - fa) * (dj ? fb : 1 - fb) *
              texel(l, wrap(i0 + di + oi, n, repeat), wrap(j0 + dj + oj, n, repeat));
   return r;
}

static float
sample(unsigned l, float u, float v, bool linear, bool repeat)
{
   return sample_off(l, u, v, linear, repeat, 0, 0);
}

/* Vulkan's cube face selection (major axis) and a nearest 4x4 face texel of
 * the test cube (face f texel (x, y) = 1000 f + x + 10 y). */
static float
cube_nearest(float x, float y, float z)
{
   float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), sc, tc, ma;
   unsigned f;
   if (az >= ax && az >= ay) {
      f = z > 0 ? 4 : 5, sc = z > 0 ? x : -x, tc = -y, ma = az;
   } else if (ay >= ax) {
      f = y > 0 ? 2 : 3, sc = x, tc = y > 0 ? z : -z, ma = ay;
   } else {
      f = x > 0 ? 0 : 1, sc = x > 0 ? -z : z, tc = -y, ma = ax;
   }
   float u = (sc / ma + 1) / 2, v = (tc / ma + 1) / 2;
   int i = (int)floorf(u * 4), j = (int)floorf(v * 4);
   i = i < 0 ? 0 : i > 3 ? 3 : i;
   j = j < 0 ? 0 : j > 3 ? 3 : j;
   return 1000.0f * f + i + 10.0f * j;
}

static float
t1v(unsigned i)
{
   return 0.375f + i * 0.046875f;
}

static void
test_sampled(void)
{
   struct harness h;
   if (!h_compile(&h, "be_img_sampled", H_OPT, NULL)) {
      failures++;
      return;
   }
   printf("be_img_sampled:\n");
   float *out = h_buffer(&h, 0, 0, 0, 16 * 22 * 4);
   uint64_t va, vaa, heap;
   float *img = aligned_memory(&h, 4096, &va);
   float *arr = aligned_memory(&h, 4096, &vaa);
   uint8_t *samplers = aligned_memory(&h, 64, &heap);
   uint64_t vac, va1;
   float *cube = aligned_memory(&h, 4096, &vac);
   float *img1d = aligned_memory(&h, 4096, &va1);
   for (unsigned f = 0; f < 6; f++)
      for (unsigned y = 0; y < 4; y++)
         for (unsigned x = 0; x < 4; x++)
            cube[f * 32 + small_level_index(x, y, 4, 4)] = 1000.0f * f + x + 10.0f * y;
   for (unsigned x = 0; x < 4; x++)
      img1d[small_level_index(x, 0, 4, 1)] = 7.0f * x + 1;
   /* 3 levels: 4x4 at 0, 2x2 at 128, 1x1 at 256 */
   for (unsigned l = 0; l < 3; l++) {
      unsigned n = 4 >> l;
      for (unsigned y = 0; y < n; y++)
         for (unsigned x = 0; x < n; x++)
            img[(l * 128) / 4 + small_level_index(x, y, n, n)] = texel(l, x, y);
   }
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 4; y++)
         for (unsigned x = 0; x < 4; x++)
            arr[z * 32 + small_level_index(x, y, 4, 4)] = 1000.0f * z + x + 10.0f * y;
   pack_sampler(samplers + 0, AGX_FILTER_NEAREST, AGX_WRAP_CLAMP_TO_EDGE);
   pack_sampler(samplers + 8, AGX_FILTER_LINEAR, AGX_WRAP_REPEAT);
   pack_sampler(samplers + 16, AGX_FILTER_LINEAR, AGX_WRAP_CLAMP_TO_EDGE);
   const float bias1 = 1.0f;
   uint32_t idx;
   /* binding 1: combined image sampler (heap 0), binding 2: sampled image,
    * binding 3: samplers {heap 1, heap 2 with LOD bias 1}, binding 4: array */
   pack_texture((uint32_t *)desc(&h, 1, 0), AGX_TEXTURE_DIMENSION_2D, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_FLOAT, 4, 4, 1, 3, va);
   idx = 0;
   memcpy(desc(&h, 1, 0) + AGX_ABI_SAMPLER_INDEX, &idx, 4);
   pack_texture((uint32_t *)desc(&h, 2, 0), AGX_TEXTURE_DIMENSION_2D, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_FLOAT, 4, 4, 1, 3, va);
   idx = 1;
   memcpy(desc(&h, 3, 0) + AGX_ABI_SAMPLER_INDEX, &idx, 4);
   idx = 2;
   memcpy(desc(&h, 3, 1) + AGX_ABI_SAMPLER_INDEX, &idx, 4);
   memcpy(desc(&h, 3, 1) + AGX_ABI_SAMPLER_LOD_BIAS, &bias1, 4);
   pack_texture((uint32_t *)desc(&h, 4, 0), AGX_TEXTURE_DIMENSION_2D_ARRAY, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_FLOAT, 4, 4, 2, 1, vaa);
   /* binding 5: cube (Depth = 1 cube), binding 6: 1D as 2D with height 1,
    * both with heap sampler 0 (nearest, clamp to edge) */
   pack_texture((uint32_t *)desc(&h, 5, 0), AGX_TEXTURE_DIMENSION_CUBE, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_FLOAT, 4, 4, 1, 1, vac);
   pack_texture((uint32_t *)desc(&h, 6, 0), AGX_TEXTURE_DIMENSION_2D, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_FLOAT, 4, 1, 1, 1, va1);
   /* binding 7: 4x4 with 4 samples; an element is the pixel's 4 samples
    * (16 bytes), sample s at byte 4 s; sample s of (x, y) = 100 s + x + 10 y */
   uint64_t vams;
   float *ms = aligned_memory(&h, 4096, &vams);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         for (unsigned smp = 0; smp < 4; smp++)
            ms[small_level_index(x, y, 4, 4) * 4 + smp] = 100.0f * smp + x + 10.0f * y;
   agx_pack((uint32_t *)desc(&h, 7, 0), TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_FLOAT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_0;
      cfg.swizzle_b = AGX_CHANNEL_0;
      cfg.swizzle_a = AGX_CHANNEL_1;
      cfg.width = 4;
      cfg.height = 4;
      cfg.samples = AGX_SAMPLE_COUNT_4;
      cfg.address = vams;
   }
   /* binding 8: levels 1-2 of the 3-level image (First level 1), heap 0 */
   agx_pack((uint32_t *)desc(&h, 8, 0), TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_FLOAT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_0;
      cfg.swizzle_b = AGX_CHANNEL_0;
      cfg.swizzle_a = AGX_CHANNEL_1;
      cfg.width = 4;
      cfg.height = 4;
      cfg.first_level = 1;
      cfg.last_level = 2;
      cfg.unk_mipmapped = true;
      cfg.address = va;
   }
   if (!run(&h, 1, heap, 3)) {
      failures++;
      h_finish(&h);
      return;
   }
   for (unsigned i = 0; i < 16; i++) {
      const float *v = out + i * 22;
      float sv = 0.2f + 0.05f * (i & 7), m = 1.0f + i;
      const float dirs[6][3] = {{1, -sv, 0.3f},  {-1, 0.3f, -sv}, {sv, 1, -0.4f},
                                {-0.4f, -1, sv}, {0.1f, sv, 1},   {-sv, 0.45f, -1}};
      float cw = cube_nearest(dirs[i % 6][0] * m, dirs[i % 6][1] * m, dirs[i % 6][2] * m);
      check(fabsf(v[10] - cw) <= 1e-4f * (1 + cw), "textureLod cube", i, v[10], cw);
      check(v[11] == 7.0f * (i & 3) + 1, "texelFetch 1D", i, v[11], 7.0f * (i & 3) + 1);
      float u1 = -0.25f + i * 0.09375f;
      int t1 = (int)floorf(u1 * 4);
      float w1 = 7.0f * (t1 < 0 ? 0 : t1 > 3 ? 3 : t1) + 1;
      check(v[12] == w1, "textureLod 1D", i, v[12], w1);
      float g[4] = {sample(1, u1, t1v(i), true, true), sample(1, u1, t1v(i), true, false),
                    sample_off(0, u1, t1v(i), false, false, 1, -1),
                    sample_off(0, u1, t1v(i), true, true, -2, 1)};
      static const char *const gw[4] = {
         "textureGrad LOD 1 linear repeat", "textureGrad + bias 1 linear clamp",
         "textureLodOffset nearest clamp (1, -1)", "textureLodOffset linear repeat (-2, 1)"};
      float msw = 100.0f * ((i + 1) & 3) + (i & 3) + 10.0f * (i >> 2);
      check(v[17] == msw, "texelFetch multisampled", i, v[17], msw);
      check(v[18] == 0.0f, "texelFetch multisampled, sample out of range", i, v[18], 0);
      float l1 = texel(1, i & 1, (i >> 1) & 1);
      check(v[19] == l1, "texelFetch of a base-level-1 view", i, v[19], l1);
      check(v[20] == 200.0f, "textureLod 1 of a base-level-1 view (level 2)", i, v[20], 200);
      check(v[21] == 22.0f, "size and levels of a base-level-1 view", i, v[21], 22);
      for (unsigned k = 0; k < 4; k++)
         check(fabsf(v[13 + k] - g[k]) <= 1e-4f * (1 + fabsf(g[k])), gw[k], i, v[13 + k], g[k]);
      float u = -0.25f + i * 0.09375f, t = 0.375f + i * 0.046875f;
      float want[10] = {
         texel(0, i % 4, i / 4),
         texel(1, i % 2, (i / 2) % 2),
         sample(0, u, t, false, false),
         sample(0, u, t, true, true),
         sample(1, u, t, true, false),
         1000.0f + (i % 4) + 10.0f * (i / 4),
         1000.0f + sample(0, u, t, true, true),
         4 + 10 * 2 + 100 * 3 + 1000 * 2,
         i < 4 ? texel(0, i, 0) : 0.0f,
         0.0f,
      };
      static const char *const what[10] = {
         "texelFetch level 0",
         "texelFetch level 1",
         "textureLod nearest clamp",
         "textureLod linear repeat",
         "textureLod linear clamp + bias 1",
         "texelFetch array",
         "textureLod array layer 1 (linear repeat)",
         "sizes and levels",
         "texelFetch out of range",
         "texelFetch layer out of range",
      };
      for (unsigned k = 0; k < 10; k++)
         check(fabsf(v[k] - want[k]) <= 1e-4f * (1 + fabsf(want[k])), what[k], i, v[k], want[k]);
   }
   h_finish(&h);
}

/* Depth compares (be_img_shadow): Lequal passes when ref <= the nearest
 * texel of level 0 (clamp to edge), 1.0 / 0.0. */
static void
test_shadow(void)
{
   struct harness h;
   if (!h_compile(&h, "be_img_shadow", H_OPT, NULL)) {
      failures++;
      return;
   }
   printf("be_img_shadow:\n");
   float *out = h_buffer(&h, 0, 0, 0, 16 * 3 * 4);
   uint64_t va, heap;
   float *img = aligned_memory(&h, 4096, &va);
   uint8_t *samplers = aligned_memory(&h, 64, &heap);
   for (unsigned l = 0; l < 3; l++) {
      unsigned n = 4 >> l;
      for (unsigned y = 0; y < n; y++)
         for (unsigned x = 0; x < n; x++)
            img[(l * 128) / 4 + small_level_index(x, y, n, n)] = texel(l, x, y);
   }
   agx_pack(samplers, SAMPLER, cfg) {
      cfg.minimum_lod = 0.0f;
      cfg.maximum_lod = 15.0f;
      cfg.magnify = AGX_FILTER_NEAREST;
      cfg.minify = AGX_FILTER_NEAREST;
      cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
      cfg.wrap_s = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.wrap_t = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.wrap_r = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.compare_func = AGX_COMPARE_FUNC_LEQUAL;
      cfg.compare_enable = true;
      cfg.border_colour = AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
   }
   pack_texture((uint32_t *)desc(&h, 1, 0), AGX_TEXTURE_DIMENSION_2D, AGX_CHANNELS_R32,
                AGX_TEXTURE_TYPE_FLOAT, 4, 4, 1, 3, va);
   uint32_t idx = 0;
   memcpy(desc(&h, 1, 0) + AGX_ABI_SAMPLER_INDEX, &idx, 4);
   if (!run(&h, 1, heap, 1)) {
      failures++;
      h_finish(&h);
      return;
   }
   unsigned pass = 0;
   for (unsigned i = 0; i < 16; i++) {
      float u = -0.25f + i * 0.09375f, t = 0.375f + i * 0.046875f, ref = 10.0f + 2.0f * i;
      float d[2] = {sample_off(0, u, t, false, false, 0, 0),
                    sample_off(0, u, t, false, false, 1, -1)};
      float want[3] = {ref <= d[0] ? 1.0f : 0.0f, ref <= d[1] ? 1.0f : 0.0f,
                       ref <= d[0] ? 1.0f : 0.0f};
      static const char *const what[3] = {"textureLod shadow", "textureLodOffset shadow (1, -1)",
                                          "textureProjLod shadow"};
      for (unsigned k = 0; k < 3; k++) {
         check(out[3 * i + k] == want[k], what[k], i, out[3 * i + k], want[k]);
         pass += want[k] == 1.0f;
      }
   }
   /* both outcomes occur */
   check(pass > 4 && pass < 44, "shadow results mixed", 0, pass, 24);
   h_finish(&h);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SPV_DIR\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   test_storage();
   test_sampled();
   test_shadow();
   test_atomics();
   if (failures)
      fprintf(stderr, "%u failures\n", failures);
   return failures != 0;
}
