/*
 * CF source "Primitive ID" (issue 17 item 5; Mesa binds it when the
 * fragment shader reads PrimitiveID and no earlier stage writes one,
 * setting Cull 2 Needs Primitive ID): the fragment shader loads the flat
 * coefficient (ldcf) and stores its C word; each pixel must hold the index
 * of the primitive covering it within its draw (Vulkan "Primitive ID":
 * counted from 0 per draw instance), for a triangle list and a triangle
 * strip (where the strip's consecutive triangles have consecutive IDs).
 * Reference: triangles placed on pixel-aligned rectangles whose inner
 * pixels are unambiguous (pixels within a pixel of an edge are skipped).
 *
 * Assumes: the harness of sim_render_util.h; the ID is the raw integer
 * word in C (an assumption, agx_sim_raster.c).
 */
#include <stdlib.h>

#include "sim_render_util.h"

#define W 64
#define H 64
#define STRIDE (W * 4)

static const char *BG_ONES = "mov_imm r1, 4294967295, 0b0\n"
                             "st_tile r1, i32, 0, x, 0, 255, 0\n"
                             "stop\n";
static const char *FS_ID = "TODO.ldcf r8_r9_r10, cf0\n"
                           "wait_pix 12, 0\n"
                           "st_tile r10, i32, 0, x, 0, 255, 0\n"
                           "stop\n";

static void
at(struct env *e, unsigned i, double x, double y)
{
   float v[8] = {clip_of(x, W), clip_of(y, H), 0.5f, 1, 0, 0, 0, 0};
   put_vertex(e, i, v);
}

int
main(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, BG_ONES, SIM_EOT_IMAGE);
   uint32_t fs = put_fs_text(&e, FS_ID);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   struct AGX_CF_BINDING *b = &d.bind[d.nbind++];
   memset(b, 0, sizeof(*b));
   b->components = 1;
   b->shade_model = AGX_SHADE_MODEL_FLAT_VERTEX_0;
   b->source = AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID;
   d.cf_count = 1;
   /* list: three triangles, the lower-left halves of the 16x16 squares at
    * x = 0, 20, 40 in rows 0-15 */
   for (unsigned t = 0; t < 3; t++) {
      double x0 = 20.0 * t;
      at(&e, 3 * t, x0, 0);
      at(&e, 3 * t + 1, x0, 16);
      at(&e, 3 * t + 2, x0 + 16, 16);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 9, 0, false, 0, false, 0, 1);
   /* strip in rows 32-47: vertices along two rows, 5 triangles over
    * x = 0..48 (triangle i spans x = 8 i .. 8 i + 16) */
   for (unsigned k = 0; k < 7; k++)
      at(&e, 9 + k, 8.0 * k, k % 2 ? 48 : 32);
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLE_STRIP, 7, 9, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);

   unsigned bad = 0, checked = 0;
   /* list: the pixel (x0 + 2, 12) is well inside triangle t */
   for (unsigned t = 0; t < 3; t++) {
      uint32_t got = rt32(&e, STRIDE, 4, 20 * t + 2, 12, 0);
      checked++;
      if (got != t && bad++ < 6)
         fprintf(stderr, "list triangle %u: PrimitiveID %u\n", t, got);
   }
   /* strip: at row 40 (the middle), triangle i covers x in (8 i + 4, 8 i
    * + 12) around its centre 8 i + 8; check the centre pixel */
   for (unsigned i = 0; i < 5; i++) {
      uint32_t got = rt32(&e, STRIDE, 4, 8 * i + 8, 40, 0);
      checked++;
      if (got != i && bad++ < 6)
         fprintf(stderr, "strip triangle %u: PrimitiveID %u\n", i, got);
   }
   /* background untouched */
   checked++;
   bad += rt32(&e, STRIDE, 4, 60, 60, 0) != 0xFFFFFFFFu;
   printf("primitive ID: %u pixels checked, %u wrong\n", checked, bad);
   CHECK(bad == 0);
   env_fini(&e);
   return SIM_TEST_RESULT();
}
