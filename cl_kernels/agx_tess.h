/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Shared C11 / OpenCL C interface of the compute tessellator (tessellator.cl).
 *
 * Assumes: compiled either as host C11 (gcc 12 / clang-15) or as OpenCL C 2.0 by clang-15 for
 * spir64, which defines __OPENCL_C_VERSION__ (but not __OPENCL_VERSION__). Structs only use
 * 32/64-bit scalars with explicit padding so that both sides agree on every layout; the
 * static asserts at the bottom check that on both sides.
 */
#ifndef AGX_TESS_H
#define AGX_TESS_H

#ifdef __OPENCL_C_VERSION__
#ifndef AGX_CL_HAVE_STDINT /* agx_cl_shim.h (helper kernels) has them */
typedef uint uint32_t;
typedef int int32_t;
typedef ulong uint64_t;
#endif
#define AGX_GLOBAL global
#define AGX_STATIC_ASSERT(c, m) _Static_assert(c, m)
#else
#include <stdint.h>
#define AGX_GLOBAL
#define AGX_STATIC_ASSERT(c, m) _Static_assert(c, m)
#endif

/* Abstract patch domain, as in SPIR-V Triangles / Quads / Isolines. */
#define AGX_TESS_DOMAIN_TRI 0u
#define AGX_TESS_DOMAIN_QUAD 1u
#define AGX_TESS_DOMAIN_ISOLINE 2u

/* Vulkan spacing: equal (D3D11 "integer"), fractional even, fractional odd. */
#define AGX_TESS_SPACING_EQUAL 0u
#define AGX_TESS_SPACING_FRACTIONAL_EVEN 1u
#define AGX_TESS_SPACING_FRACTIONAL_ODD 2u

/* agx_tess_config.flags */
#define AGX_TESS_FLAG_CCW (1u << 0)    /* counter-clockwise triangles (default clockwise) */
#define AGX_TESS_FLAG_POINTS (1u << 1) /* point mode: one point primitive per domain point */

/* Largest level after clamping (maxTessellationGenerationLevel). */
#define AGX_TESS_MAX_LEVEL 64
/* Upper bounds per patch (quad 64 x 64): 65 * 65 points, 2 * 64 * 64 triangles. */
#define AGX_TESS_MAX_POINTS 4225u
#define AGX_TESS_MAX_INDICES 24576u
/* Domain coordinates are 16.16 unsigned fixed point (the D3D11 tessellator's format). */
#define AGX_TESS_FIXED_ONE 0x10000u
/* agx_tess_result.status */
#define AGX_TESS_OK 0u
#define AGX_TESS_NO_SPACE 1u /* heap exhausted: the patch produced nothing */
#define AGX_TESS_BAD_ARGS 2u /* unknown domain or spacing */

struct agx_tess_config {
   uint32_t domain;  /* AGX_TESS_DOMAIN_* */
   uint32_t spacing; /* AGX_TESS_SPACING_* */
   uint32_t flags;   /* AGX_TESS_FLAG_* */
   uint32_t pad;
};

/* Per-patch levels as written by the control shader. Isolines: outer[0] = line count,
 * outer[1] = segments per line. Triangles use outer[0..2] and inner[0]. */
struct agx_tess_levels {
   float outer[4];
   float inner[2];
   uint32_t pad[2];
};

/* One domain point: u, v in 16.16 fixed point (w = 1 - u - v for triangles). */
struct agx_tess_point {
   uint32_t u, v;
};

/* Bump allocator shared by all patch threads. `used` grows atomically in the CL build and may
 * pass `size` when the heap overflows; allocations beyond `size` are refused. */
struct agx_tess_heap {
   uint64_t base; /* address of the heap memory */
   uint32_t used; /* bytes handed out so far */
   uint32_t size; /* bytes available */
};

/* Per-patch output. Offsets are bytes from heap->base; indices are u32, primitives are
 * triangle lists, line lists or point lists (one index per point). */
struct agx_tess_result {
   uint32_t num_points;
   uint32_t num_indices;
   uint32_t points_offset;
   uint32_t indices_offset;
   uint32_t status; /* AGX_TESS_OK, AGX_TESS_NO_SPACE, AGX_TESS_BAD_ARGS */
   uint32_t pad[3];
};

AGX_STATIC_ASSERT(sizeof(struct agx_tess_config) == 16, "agx_tess_config layout");
AGX_STATIC_ASSERT(sizeof(struct agx_tess_levels) == 32, "agx_tess_levels layout");
AGX_STATIC_ASSERT(sizeof(struct agx_tess_point) == 8, "agx_tess_point layout");
AGX_STATIC_ASSERT(sizeof(struct agx_tess_heap) == 16, "agx_tess_heap layout");
AGX_STATIC_ASSERT(sizeof(struct agx_tess_result) == 32, "agx_tess_result layout");

/* Core entry points (defined in tessellator.cl, built for both sides). */

/* COUNT mode: number of points and indices of one patch (0, 0 when culled). Returns 0 on
 * success, AGX_TESS_BAD_ARGS for an unknown domain or spacing. */
uint32_t agx_tess_count(struct agx_tess_config cfg, struct agx_tess_levels lv, uint32_t *num_points,
                        uint32_t *num_indices);

/* WRITE mode into caller-provided memory sized by agx_tess_count. Each index is
 * index_base + (point number within the patch). */
void agx_tess_write(struct agx_tess_config cfg, struct agx_tess_levels lv,
                    AGX_GLOBAL struct agx_tess_point *points, AGX_GLOBAL uint32_t *indices,
                    uint32_t index_base);

/* Count, allocate points then indices from the heap (16-byte aligned), write, fill *res.
 * With index_stride = 0 indices are patch-local; otherwise index_base = patch * stride. */
void agx_tess_patch(struct agx_tess_config cfg, struct agx_tess_levels lv,
                    AGX_GLOBAL struct agx_tess_heap *heap, AGX_GLOBAL struct agx_tess_result *res,
                    uint32_t patch, uint32_t index_stride);

#endif
