/* Explicit layouts through buffer references: shaders/psb_layout.comp loads
 * and stores row/column-major matrices, arrays of matrices, matrices inside
 * (arrays of) structs, single columns and components through physical
 * storage buffer pointers. The expected memory positions come from the
 * layout table in psb_layout_table.h; runs on the IR interpreter in every
 * pipeline mode. Stores must touch exactly the table's words: every
 * other word of the output blocks keeps its sentinel.
 * test_compiler_psb_layout SPV_DIR [_opt] */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "psb_layout_table.h"

static void
run(enum h_mode mode)
{
   struct harness h;
   if (!h_compile(&h, "psb_layout", mode, NULL))
      return;
   float *in[NUM_BLOCKS], *out[NUM_BLOCKS];
   struct {
      uint64_t in[NUM_BLOCKS], out[NUM_BLOCKS];
      int32_t one, two;
   } pc;
   for (unsigned b = 0; b < NUM_BLOCKS; b++) {
      in[b] = h_memory(&h, BLOCK_WORDS * 4, &pc.in[b]);
      out[b] = h_memory(&h, BLOCK_WORDS * 4, &pc.out[b]);
      for (unsigned w = 0; w < BLOCK_WORDS; w++) {
         in[b][w] = input_value(b, w);
         out[b][w] = -1.0f; /* sentinel */
      }
   }
   pc.one = 1;
   pc.two = 2;
   h_push(&h, &pc, sizeof(pc));
   float *o = h_buffer(&h, 0, 0, 0, 256 * 4);
   if (h_run(&h, 1, 1, 1)) {
      unsigned k = 0;
      for (unsigned i = 0; i < PSB_LAYOUT_NUM(loads); i++) {
         const struct mat_at *m = &loads[i];
         for (unsigned c = 0; c < m->cols; c++)
            for (unsigned r = 0; r < m->rows; r++, k++)
               h_check_f32("psb layout load", i * 100 + c * 10 + r, o[k],
                           input_value(m->blk, word_of(m, c, r)), 0);
      }
      float want[NUM_BLOCKS][BLOCK_WORDS];
      for (unsigned b = 0; b < NUM_BLOCKS; b++)
         for (unsigned w = 0; w < BLOCK_WORDS; w++)
            want[b][w] = -1.0f;
      for (unsigned i = 0; i < PSB_LAYOUT_NUM(stores); i++) {
         const struct mat_at *m = &stores[i];
         for (unsigned c = 0; c < m->cols; c++)
            for (unsigned r = 0; r < m->rows; r++)
               want[m->blk][word_of(m, c, r)] = (float)(m->base + c * 10 + r);
      }
      for (unsigned b = 0; b < NUM_BLOCKS; b++)
         for (unsigned w = 0; w < BLOCK_WORDS; w++)
            h_check_f32("psb layout store", b * 1000 + w, out[b][w], want[b][w], 0);
   }
   h_finish(&h);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SPV_DIR [_opt]\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   if (argc > 2)
      h_spv_suffix = argv[2];
   for (int mode = 0; mode < H_NUM_MODES; mode++)
      run((enum h_mode)mode);
   if (h_failures) {
      fprintf(stderr, "psb_layout%s: %u failures\n", h_spv_suffix, h_failures);
      return 1;
   }
   printf("psb_layout%s: ok\n", h_spv_suffix);
   return 0;
}
