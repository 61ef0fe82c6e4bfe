/* Subgroup operations on extended types (8/16/64-bit integers, 16-bit
 * floats, 16-bit vectors; shaderSubgroupExtendedTypes), through the front
 * end's subgroup lowering: shaders/subgroup_ext.comp against a CPU model of
 * 32-lane subgroups, uniform and divergent, on the IR interpreter in every
 * pipeline mode and on the GPU model through the back end.
 * test_compiler_subgroup_ext SPV_DIR */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../backend/backend_sim.h"
#include "agx_backend.h"
#include "harness.h"

#define N 128 /* two workgroups of 64 */
#define R 40

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

struct lanes {
   bool act[32];
   uint32_t x[32];
};

static uint64_t
wide(uint32_t x)
{
   return (uint64_t)x << 32 | (uint32_t)(x * 2654435761u);
}

static float
half_val(uint32_t x)
{
   return (float)((int)(x % 33u) - 16) * 0.5f;
}

static uint32_t
s16(int v)
{
   return (uint32_t)(int32_t)(int16_t)v;
}

/* Expected word j of lane l; false where undefined (inactive source). */
static bool
model(const struct lanes *s, unsigned l, unsigned j, uint32_t *out)
{
   unsigned first = 0;
   while (!s->act[first])
      first++;
   const uint32_t *x = s->x;
   int src = -1;
   switch (j) {
   case 6:
      src = (int)(l ^ 1);
      break;
   case 14:
      src = (int)(l ^ 1);
      break;
   case 24:
   case 25:
      src = (int)(l ^ 2);
      break;
   case 35:
      src = (int)(l ^ 3);
      break;
   default:
      break;
   }
   if (src >= 0 && !s->act[src])
      return false;
   /* accumulate over the lanes the result covers */
   uint32_t u8sum = 0, u8incl = 0, u8exmax = 0, u8min = 0xff, u8xor = 0, u8cl = 0;
   int s16sum = 0, s16incl_min = 32767, s16max = -32768, s16exsum = 0, s16mul = 1, s16cl = -32768;
   uint64_t wsum = 0, wincl = 0, wmin = UINT64_MAX, wcl = 0, wexmax = 0;
   float hsum = 0, hincl = 0, hmin = INFINITY, hexmax = -INFINITY;
   bool eq37 = true;
   int vincl_x = 0, vincl_y = 0;
   for (unsigned k = 0; k < 32; k++) {
      if (!s->act[k])
         continue;
      uint32_t a = x[k] & 0xff;
      int sv = (int16_t)(x[k] >> 8);
      uint64_t w = wide(x[k]);
      float h = half_val(x[k]);
      u8sum += a;
      u8min = a < u8min ? a : u8min;
      u8xor ^= a;
      s16sum += sv;
      s16max = sv > s16max ? sv : s16max;
      s16mul = (int16_t)(s16mul * sv);
      wsum += w;
      wmin = w < wmin ? w : wmin;
      hsum += h;
      hmin = h < hmin ? h : hmin;
      eq37 &= (w >> 60) == (wide(x[first]) >> 60);
      if (k <= l) {
         u8incl += a;
         s16incl_min = sv < s16incl_min ? sv : s16incl_min;
         wincl += w;
         hincl += h;
         vincl_x += sv;
         vincl_y += (int16_t)x[k];
      }
      if (k < l) {
         u8exmax = a > u8exmax ? a : u8exmax;
         s16exsum += sv;
         wexmax = w > wexmax ? w : wexmax;
         hexmax = h > hexmax ? h : hexmax;
      }
      if (k / 4 == l / 4)
         u8cl += a;
      if (k / 8 == l / 8)
         s16cl = sv > s16cl ? sv : s16cl;
      if (k / 2 == l / 2)
         wcl |= w;
   }
   uint64_t w64 = 0;
   switch (j) {
   case 0:
      *out = u8sum & 0xff;
      return true;
   case 1:
      *out = u8incl & 0xff;
      return true;
   case 2:
      *out = u8exmax;
      return true;
   case 3:
      *out = u8min;
      return true;
   case 4:
      *out = u8xor;
      return true;
   case 5:
      *out = x[first] & 0xff;
      return true;
   case 6:
      *out = x[src] & 0xff;
      return true;
   case 7:
      *out = u8cl & 0xff;
      return true;
   case 8:
      *out = s16(s16sum);
      return true;
   case 9:
      *out = s16(s16incl_min);
      return true;
   case 10:
      *out = s16(s16max);
      return true;
   case 11:
      *out = s16(s16exsum);
      return true;
   case 12:
      *out = s16(s16mul);
      return true;
   case 13:
      *out = s16((int16_t)(x[first] >> 8));
      return true;
   case 14:
      *out = s16((int16_t)(x[src] >> 8));
      return true;
   case 15:
      *out = s16(s16cl);
      return true;
   case 16:
   case 17:
      w64 = wsum;
      break;
   case 18:
   case 19:
      w64 = wincl;
      break;
   case 20:
   case 21:
      w64 = wmin;
      break;
   case 22:
   case 23:
      w64 = wide(x[first]);
      break;
   case 24:
   case 25:
      w64 = wide(x[src]);
      break;
   case 26:
   case 27:
      w64 = wcl;
      break;
   case 28:
   case 29:
      w64 = wexmax;
      break;
   case 30:
      *out = fbits(hsum);
      return true;
   case 31:
      *out = fbits(hincl);
      return true;
   case 32:
      *out = fbits(hmin);
      return true;
   case 33:
      *out = fbits(hexmax);
      return true;
   case 34:
      *out = fbits(half_val(x[first]));
      return true;
   case 35:
      *out = fbits(half_val(x[src]));
      return true;
   case 36:
      *out = 1;
      return true;
   case 37:
      *out = eq37;
      return true;
   case 38:
      *out = s16(vincl_x);
      return true;
   default:
      *out = s16(vincl_y);
      return true;
   }
   *out = j % 2 ? (uint32_t)(w64 >> 32) : (uint32_t)w64;
   return true;
}

static unsigned
check(const char *what, uint32_t pattern, const uint32_t *in, const uint32_t *out)
{
   unsigned bad = 0, checked = 0;
   for (unsigned g = 0; g < N; g++) {
      struct lanes s;
      unsigned sg = g / 32;
      for (unsigned k = 0; k < 32; k++) {
         s.act[k] = (pattern >> k) & 1;
         s.x[k] = in[sg * 32 + k];
      }
      unsigned l = g % 32;
      for (unsigned j = 0; j < R; j++) {
         uint32_t want, got = out[g * R + j];
         if (!s.act[l])
            want = 0xdeadbeefu;
         else if (!model(&s, l, j, &want))
            continue;
         checked++;
         if (got != want && bad++ < 5)
            fprintf(stderr, "%s pattern %08x: invocation %u word %u = %08x, expected %08x\n", what,
                    pattern, g, j, got, want);
      }
   }
   if (!checked)
      bad++;
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      return 2;
   h_spv_dir = argv[1];
   static const uint32_t patterns[] = {0xffffffffu, 0x5a5a0ff1u, 0x12345679u, 0xfffffff7u};
   unsigned fails = 0, gpu_runs = 0;
   for (unsigned p = 0; p < sizeof(patterns) / sizeof(patterns[0]); p++) {
      for (int mode = 0; mode < H_NUM_MODES; mode++) {
         struct harness h;
         if (!h_compile(&h, "subgroup_ext", (enum h_mode)mode, NULL))
            return 1;
         uint32_t *in = h_buffer(&h, 0, 0, 0, N * 4), *out = h_buffer(&h, 0, 1, 0, N * R * 4);
         uint64_t seed = 99 + p;
         for (unsigned i = 0; i < N; i++)
            in[i] = h_rand(&seed);
         h_push(&h, &patterns[p], 4);
         if (!h_run(&h, N / 64, 1, 1)) {
            fprintf(stderr, "interpreter (%s): %s\n", h_mode_names[mode], h.err);
            return 1;
         }
         fails += check(h_mode_names[mode], patterns[p], in, out);
         if (mode == H_OPT) {
            /* the same IR through the back end on the GPU model */
            memset(out, 0, N * R * 4);
            struct agx_backend_result r;
            char err[512];
            if (agx_backend_compile(h.s, NULL, &r, err, sizeof(err))) {
               fprintf(stderr, "back end: %s\n", err);
               return 1;
            }
            struct bsim_program prog = {
               r.code,
               r.size,
               r.info.gpr_halves,
               r.info.shared_size,
               {r.info.local_size[0], r.info.local_size[1], r.info.local_size[2]},
               r.preamble,
               r.preamble_size,
               r.info.preamble_gpr_halves};
            struct bsim_buffer bb[32];
            for (unsigned k = 0; k < h.nbufs; k++)
               bb[k] = (struct bsim_buffer){h.bufs[k].address, h.bufs[k].data, h.bufs[k].size};
            uint32_t groups[3] = {N / 64, 1, 1};
            struct bsim_stats st = {0};
            if (bsim_run(&prog, h.uniforms, sizeof(h.uniforms), bb, h.nbufs, groups, &st, err,
                         sizeof(err))) {
               fprintf(stderr, "GPU model: %s\n", err);
               return 1;
            }
            fails += check("gpu", patterns[p], in, out);
            gpu_runs++;
            if (p == 0)
               printf("back end: %zu bytes of code, %llu SIMD-group instructions\n", r.size,
                      (unsigned long long)st.sg_insns);
            agx_backend_result_free(&r);
         }
         h_finish(&h);
      }
   }
   if (fails) {
      fprintf(stderr, "subgroup_ext: %u failing checks\n", fails);
      return 1;
   }
   printf("subgroup_ext: ok (%u patterns x %d modes + %u GPU runs)\n",
          (unsigned)(sizeof(patterns) / sizeof(patterns[0])), H_NUM_MODES, gpu_runs);
   return 0;
}
