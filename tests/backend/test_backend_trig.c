/* sin/cos precision on the GPU model: be_trig.comp runs over inputs
 * spread across [-100 pi, 100 pi] (and a dense pass over [-pi, pi]); the
 * results are compared with the C library in double precision. Vulkan
 * requires an absolute error of at most 2^-11 on [-pi, pi] for sin/cos
 * (f32 and f16); the test asserts that and also bounds the error over the
 * wide range (1e-4 for f32), printing the measured maxima.
 *   test_backend_trig SPV_DIR */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_backend.h"
#include "backend_sim.h"
#include "harness.h"

#define THREADS 4096

static float
half_round(float x)
{
   /* f32 -> f16 -> f32, round to nearest even (normal range is enough) */
   if (x == 0.0f || fabsf(x) < 6.2e-5f)
      return x;
   int e;
   frexpf(x, &e);
   float q = ldexpf(1.0f, e - 11);
   return nearbyintf(x / q) * q;
}

static int
run(double lo, double hi, double *err, unsigned *fails)
{
   struct harness h;
   if (!h_compile(&h, "be_trig", H_OPT, NULL))
      return -1;
   float *in = h_buffer(&h, 0, 0, 0, THREADS * 4);
   float *out = h_buffer(&h, 0, 1, 0, THREADS * 5 * 4);
   for (unsigned i = 0; i < THREADS; i++)
      in[i] = (float)(lo + (hi - lo) * i / (THREADS - 1));
   struct agx_backend_result r;
   char msg[512];
   if (agx_backend_compile(h.s, NULL, &r, msg, sizeof(msg))) {
      fprintf(stderr, "back end: %s\n", msg);
      h_finish(&h);
      return -1;
   }
   struct bsim_program prog = {
      r.code,     r.size,     r.info.gpr_halves, r.info.shared_size,
      {64, 1, 1}, r.preamble, r.preamble_size,   r.info.preamble_gpr_halves};
   prog.scratch_size = r.info.scratch_size;
   struct bsim_buffer bb[32];
   for (unsigned k = 0; k < h.nbufs; k++)
      bb[k] = (struct bsim_buffer){h.bufs[k].address, h.bufs[k].data, h.bufs[k].size};
   uint32_t groups[3] = {THREADS / 64, 1, 1};
   int rc =
      bsim_run(&prog, h.uniforms, sizeof(h.uniforms), bb, h.nbufs, groups, NULL, msg, sizeof(msg));
   agx_backend_result_free(&r);
   if (rc) {
      fprintf(stderr, "GPU model: %s\n", msg);
      h_finish(&h);
      return -1;
   }
   for (unsigned i = 0; i < THREADS; i++) {
      double x = in[i], xh = half_round(in[i]);
      double want[5] = {sin(x), cos(x), tan(x), sin(xh), cos(xh)};
      for (unsigned k = 0; k < 5; k++) {
         double e = fabs(out[i * 5 + k] - want[k]);
         if (k == 2) /* tan: relative to its size (sin * rcp(cos)) */
            e /= fmax(1.0, fabs(want[k]));
         if (!(e <= err[k])) {
            if (isnan(e) && (*fails)++ < 5)
               fprintf(stderr, "x = %.9g: result %u is NaN\n", x, k);
            err[k] = isnan(e) ? INFINITY : e;
         }
      }
   }
   h_finish(&h);
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SPV_DIR\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   unsigned fails = 0;
   double near[5] = {0}, wide[5] = {0};
   if (run(-M_PI, M_PI, near, &fails) || run(-100 * M_PI, 100 * M_PI, wide, &fails))
      return 1;
   static const char *const names[5] = {"sin f32", "cos f32", "tan f32 (rel)", "sin f16",
                                        "cos f16"};
   for (unsigned k = 0; k < 5; k++)
      printf("%-14s max abs error %.3g on [-pi, pi], %.3g on [-100pi, 100pi]\n", names[k], near[k],
             wide[k]);
   /* Vulkan: 2^-11 absolute on [-pi, pi]; f16 results add half an f16 ulp */
   double limit = ldexp(1.0, -11);
   for (unsigned k = 0; k < 5; k++) {
      if (k != 2 && near[k] > limit) {
         fprintf(stderr, "%s: error %.3g above 2^-11 on [-pi, pi]\n", names[k], near[k]);
         fails++;
      }
   }
   if (wide[0] > 1e-4 || wide[1] > 1e-4 || near[2] > 1e-3) {
      fprintf(stderr, "f32 errors too large over the wide range or tan\n");
      fails++;
   }
   printf("%s\n", fails ? "FAIL" : "ok");
   return fails ? 1 : 0;
}
