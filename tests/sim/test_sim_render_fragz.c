/*
 * FragCoord.z and depth bias (issue 17 items 4 and 5; Vulkan "Depth Bias":
 * the bias o is added to the fragment's z before fragment shading, so the
 * shader's FragCoord.z includes it, as dEQP-VK.dynamic_state.*.rs_state.
 * nonzero_depth_bias_* check): a fragment shader evaluates a CF binding of
 * source "Fragcoord Z" at the pixel centre and stores its bits; compared
 * with a CPU reference: z of the triangle's plane at the centre plus
 * o = m x slope + r x constant (clamped), with r = 2^-16 when the render
 * command has DRM_ASAHI_RENDER_DBIAS_IS_INT and 2^(e - 23) for the largest
 * |z| = f 2^e otherwise (the simulator's documented formula, an assumption
 * for the hardware, see agx_sim_tile.c), and without bias when the draw's
 * Fragment control Depth bias enable is clear. The vertices of a polygon
 * drawn in polygon mode Point keep the polygon's bias.
 *
 * Assumes: the harness of sim_render_util.h; coefficients rounded to f32
 * and evaluated in f32 (tolerance 2e-6).
 */
#include <math.h>
#include <stdlib.h>

#include "sim_render_util.h"

#define W 64
#define H 64
#define STRIDE (W * 4)

/* cf0 = Fragcoord Z, evaluated at the pixel centre, stored as bits */
static const char *FS_Z = "iter r2, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                          "wait_pix 12, 0\n"
                          "st_tile r2, i32, 0, x, 0, 255, 0\n"
                          "stop\n";

struct bias_case {
   const char *name;
   bool enable, is_int, sloped;
   float constant, slope, clamp;
   enum agx_polygon_mode mode; /* Point: only the three vertices' pixels */
};

static unsigned
run(const struct bias_case *bc)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.flags = bc->is_int ? DRM_ASAHI_RENDER_DBIAS_IS_INT : 0;
   uint32_t fs = put_fs_text(&e, FS_Z);
   float db[3] = {bc->constant, bc->slope, bc->clamp};
   memcpy(e.data + DBIAS_OFF + 12 * 3, db, 12);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   struct AGX_CF_BINDING *b = &d.bind[d.nbind++];
   memset(b, 0, sizeof(*b));
   b->components = 1;
   b->shade_model = AGX_SHADE_MODEL_LINEAR;
   b->source = AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z;
   d.cf_count = 1;
   d.depth_bias = bc->enable, d.depth_bias_index = 3;
   d.polygon_mode = bc->mode;
   d.line_width_field = 15;
   /* z = 0.375, or 0.25 + 0.5 x_window / 64 (clip x from -1 to 3 covers
    * window x 0 to 128) */
   /* polygon mode Point: a triangle with its vertices on pixel centres
    * (3, 5), (60, 9), (7, 58) */
   float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
   const unsigned px[3] = {3, 60, 7}, py[3] = {5, 9, 58};
   if (bc->mode == AGX_POLYGON_MODE_POINT) {
      for (unsigned k = 0; k < 3; k++) {
         cx[k] = (px[k] + 0.5f) / 32.0f - 1;
         cy[k] = (py[k] + 0.5f) / 32.0f - 1;
      }
   }
   for (unsigned k = 0; k < 3; k++) {
      float z = bc->sloped ? 0.25f + 0.5f * ((cx[k] + 1) / 2) : 0.375f;
      float v[8] = {cx[k], cy[k], z, 1, 0, 0, 0, 0};
      put_vertex(&e, k, v);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0;
   double worst = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         double m = bc->sloped ? 0.5 / 64 : 0;
         double z = bc->sloped ? 0.25 + m * (x + 0.5) : 0.375;
         double zmax = bc->sloped ? 0.25 + 0.5 * 2 : 0.375; /* largest vertex |z| */
         int ex;
         frexp(zmax, &ex);
         double r = bc->is_int ? ldexp(1.0, -16) : ldexp(1.0, ex - 1 - 23);
         double o = m * bc->slope + r * bc->constant;
         if (bc->clamp > 0)
            o = fmin(o, bc->clamp);
         else if (bc->clamp < 0)
            o = fmax(o, bc->clamp);
         double want = z + (bc->enable ? o : 0);
         uint32_t bits = rt32(&e, STRIDE, 4, x, y, 0);
         if (bc->mode == AGX_POLYGON_MODE_POINT) {
            bool vertex = false;
            for (unsigned k = 0; k < 3; k++)
               vertex |= x == px[k] && y == py[k];
            if (!vertex) {
               bad += bits != 0; /* the BG's zero */
               continue;
            }
         }
         float got;
         memcpy(&got, &bits, 4);
         double err = fabs(got - want);
         worst = err > worst ? err : worst;
         if (err > 2e-6 && bad++ < 4)
            fprintf(stderr, "%s (%u,%u): FragCoord.z %.9g want %.9g\n", bc->name, x, y, got, want);
      }
   }
   printf("%s: worst error %.3g, %u mismatches\n", bc->name, worst, bad);
   env_fini(&e);
   return bad;
}

int
main(void)
{
   static const struct bias_case cases[] = {
      {"no bias", false, true, false, 16384, 0, 0},
      {"constant, integer formula (D16)", true, true, false, 16384, 0, 0},
      {"constant, clamped", true, true, false, 16384, 0, 0.125f},
      {"constant, float formula", true, false, false, 16384, 0, 0},
      {"slope and constant", true, true, true, 1024, 2, 0},
      {"negative slope, clamped", true, false, true, 0, -4, -0.01f},
      /* the vertices of a polygon drawn as points keep its bias */
      {"polygon mode Point, constant", true, true, false, 16384, 0, 0, AGX_POLYGON_MODE_POINT},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      CHECK(run(&cases[i]) == 0);
   return SIM_TEST_RESULT();
}
