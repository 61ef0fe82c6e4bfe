/* Explicit layouts through buffer references: shaders/psb_layout.comp loads
 * and stores row/column-major matrices, arrays of matrices, matrices inside
 * (arrays of) structs, single columns and components through physical
 * storage buffer pointers. The expected memory positions come from the
 * layout table below (std140/std430 rules, checked against glslang's
 * Offset/MatrixStride/ArrayStride decorations), run on the IR interpreter in
 * every pipeline mode. Stores must touch exactly the table's words: every
 * other word of the output blocks keeps its sentinel.
 * test_compiler_psb_layout SPV_DIR [_opt] */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

enum { RM140, CM430, CM140, RM430, NUM_BLOCKS };
#define BLOCK_WORDS 64 /* 256 bytes: every block fits */

/* One matrix (or column, or component: cols/rows 1) in a block. Element
 * (c, r) lives at off + c * stride + r * 4 (column-major) or
 * off + r * stride + c * 4 (row-major). */
struct mat_at {
   unsigned blk, off, cols, rows, stride;
   bool row_major;
   unsigned base; /* stores: element (c, r) is base + 10 c + r */
};

/* Loads, in the order the shader writes them to o[]. */
static const struct mat_at loads[] = {
   { RM140, 16, 3, 4, 16, true, 0 },    /* a.m */
   { RM140, 112, 2, 2, 16, true, 0 },   /* a.arr[1] */
   { RM140, 144, 1, 1, 4, false, 0 },   /* a.s.a */
   { RM140, 160, 2, 3, 16, true, 0 },   /* a.s.m */
   { CM430, 0, 3, 3, 16, false, 0 },    /* b.m3 */
   { CM430, 80, 4, 2, 8, false, 0 },    /* b.arr[1] */
   { CM430, 176, 2, 3, 16, false, 0 },  /* b.s[1].m */
   { CM140, 0, 2, 2, 16, false, 0 },    /* c.m */
   { CM140, 80, 3, 2, 16, false, 0 },   /* c.a[1] */
   { RM430, 0, 4, 3, 16, true, 0 },     /* d.m */
   { RM430, 96, 2, 2, 8, true, 0 },     /* d.a[1][1] */
   { RM430, 8, 1, 3, 16, true, 0 },     /* d.m[2]: a row-major column */
   { RM140, 72, 1, 1, 4, false, 0 },    /* a.m[2][3] */
   { RM430, 48, 2, 2, 8, true, 0 },     /* d.a (whole array of arrays) */
   { RM430, 64, 2, 2, 8, true, 0 },
   { RM430, 80, 2, 2, 8, true, 0 },
   { RM430, 96, 2, 2, 8, true, 0 },
};

/* Stores into the output blocks. */
static const struct mat_at stores[] = {
   { RM140, 16, 3, 4, 16, true, 100 },   /* ao.m */
   { RM140, 112, 2, 2, 16, true, 200 },  /* ao.arr[1] */
   { RM140, 160, 2, 3, 16, true, 300 },  /* ao.s (struct store) .m */
   { RM140, 144, 1, 1, 4, false, 350 },  /*                     .a */
   { CM430, 0, 3, 3, 16, false, 400 },   /* bo.m3 */
   { CM430, 176, 2, 3, 16, false, 500 }, /* bo.s[1].m */
   { CM140, 80, 3, 2, 16, false, 600 },  /* co.a[1] */
   { CM140, 16, 1, 2, 16, false, 700 },  /* co.m[1]: a column */
   { RM430, 8, 1, 3, 16, true, 800 },    /* do.m[2]: a row-major column */
   { RM430, 104, 1, 1, 4, false, 900 },  /* do.a[1][1][0][1] */
   { RM430, 64, 2, 2, 8, true, 1000 },   /* do.a[0][1] */
};

#define NUM(a) (sizeof(a) / sizeof((a)[0]))

static unsigned word_of(const struct mat_at *m, unsigned c, unsigned r)
{
   unsigned byte = m->off + (m->row_major ? r * m->stride + c * 4 : c * m->stride + r * 4);
   return byte / 4;
}

static float input_value(unsigned blk, unsigned word) { return (float)(blk * 1000 + word) + 0.25f; }

static void run(enum h_mode mode)
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
      for (unsigned i = 0; i < NUM(loads); i++) {
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
      for (unsigned i = 0; i < NUM(stores); i++) {
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

int main(int argc, char **argv)
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
