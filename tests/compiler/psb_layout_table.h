/* The layouts of shaders/psb_layout.comp's buffer-reference blocks (std140 /
 * std430 rules, checked against glslang's Offset / MatrixStride /
 * ArrayStride decorations): which words the shader's loads read, in the
 * order it writes them to o[], and which words its stores write. Shared by
 * the interpreter test (tests/compiler) and the loader test (tests/icd). */
#pragma once
#include <stdbool.h>

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
   {RM140, 16, 3, 4, 16, true, 0},   /* a.m */
   {RM140, 112, 2, 2, 16, true, 0},  /* a.arr[1] */
   {RM140, 144, 1, 1, 4, false, 0},  /* a.s.a */
   {RM140, 160, 2, 3, 16, true, 0},  /* a.s.m */
   {CM430, 0, 3, 3, 16, false, 0},   /* b.m3 */
   {CM430, 80, 4, 2, 8, false, 0},   /* b.arr[1] */
   {CM430, 176, 2, 3, 16, false, 0}, /* b.s[1].m */
   {CM140, 0, 2, 2, 16, false, 0},   /* c.m */
   {CM140, 80, 3, 2, 16, false, 0},  /* c.a[1] */
   {RM430, 0, 4, 3, 16, true, 0},    /* d.m */
   {RM430, 96, 2, 2, 8, true, 0},    /* d.a[1][1] */
   {RM430, 8, 1, 3, 16, true, 0},    /* d.m[2]: a row-major column */
   {RM140, 72, 1, 1, 4, false, 0},   /* a.m[2][3] */
   {RM430, 48, 2, 2, 8, true, 0},    /* d.a (whole array of arrays) */
   {RM430, 64, 2, 2, 8, true, 0},    {RM430, 80, 2, 2, 8, true, 0}, {RM430, 96, 2, 2, 8, true, 0},
};

/* Stores into the output blocks. */
static const struct mat_at stores[] = {
   {RM140, 16, 3, 4, 16, true, 100},   /* ao.m */
   {RM140, 112, 2, 2, 16, true, 200},  /* ao.arr[1] */
   {RM140, 160, 2, 3, 16, true, 300},  /* ao.s (struct store) .m */
   {RM140, 144, 1, 1, 4, false, 350},  /*                     .a */
   {CM430, 0, 3, 3, 16, false, 400},   /* bo.m3 */
   {CM430, 176, 2, 3, 16, false, 500}, /* bo.s[1].m */
   {CM140, 80, 3, 2, 16, false, 600},  /* co.a[1] */
   {CM140, 16, 1, 2, 16, false, 700},  /* co.m[1]: a column */
   {RM430, 8, 1, 3, 16, true, 800},    /* do.m[2]: a row-major column */
   {RM430, 104, 1, 1, 4, false, 900},  /* do.a[1][1][0][1] */
   {RM430, 64, 2, 2, 8, true, 1000},   /* do.a[0][1] */
};

#define PSB_LAYOUT_NUM(a) (sizeof(a) / sizeof((a)[0]))

static inline unsigned
word_of(const struct mat_at *m, unsigned c, unsigned r)
{
   unsigned byte = m->off + (m->row_major ? r * m->stride + c * 4 : c * m->stride + r * 4);
   return byte / 4;
}

static inline float
input_value(unsigned blk, unsigned word)
{
   return (float)(blk * 1000 + word) + 0.25f;
}
