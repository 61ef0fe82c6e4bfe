/*
 * The tessellation path's memory contract (emulation.md §7, Honeykrisp's
 * design in Mesa src/asahi/lib/agx_nir_lower_tess.c and libagx
 * tessellator.h, written here from its description), shared by the driver
 * (icd/agxv_cmd_draw_tess.c), the compiler (agx_pass_lower_tess reads it
 * through load_geometry_params) and the setup kernels
 * (cl_kernels/agx_tess_setup.cl). Plain C, no pointers or bools.
 *
 * struct agx_tess_params starts with the geometry path's struct
 * agx_gs_params (layout/agx_gs.h), whose software vertex shader fields
 * (input_buffer = the vertex outputs, index buffer, base vertex/instance,
 * verts_per_instance, vertex_buffers) the tessellation path uses unchanged
 * for its vertex shader run as compute. Then:
 *  - tcs_buffer: the control shader's outputs, tcs_stride bytes per patch
 *    (agx_tess_tcs_stride), patch P = instance * patches_per_instance +
 *    patch (the "unrolled" patch) at tcs_buffer + P * tcs_stride:
 *      float outer[4], inner[2], pad[2]  (struct agx_tess_levels, agx_tess.h)
 *      vec4 patch_out[popcount(patch_mask)]          (ranked by slot)
 *      vec4 vtx_out[output_vertices][popcount(vertex_mask)]
 *    (Mesa's per-patch layout, emulation.md §7 step 3; masks: bit per
 *    enum agx_io_slot the control shader accesses).
 *  - patch_records: per unrolled patch, struct agx_tess_patch_record.
 *  - points: the domain points (struct agx_tess_point, 16.16 fixed point)
 *    of every patch, patch P's from points[record.first_point].
 *  - the rasterization draw's index P * AGX_TESS_PATCH_ID_STRIDE + k names
 *    the k-th domain point of patch P (Mesa's LIBAGX_TES_PATCH_ID_STRIDE).
 */
#ifndef AGX_TESS_PARAMS_H
#define AGX_TESS_PARAMS_H

#include "agx_gs.h"

#define AGX_TESS_PATCH_ID_LOG2 13u
#define AGX_TESS_PATCH_ID_STRIDE (1u << AGX_TESS_PATCH_ID_LOG2) /* > 65 * 65 points */
#define AGX_TESS_LEVELS_BYTES 32u
#define AGX_TESS_MAX_PATCH 32u

struct agx_tess_patch_record {
   uint32_t num_points;
   uint32_t num_indices;
   uint32_t first_point; /* in points[] */
   uint32_t first_index; /* in the index buffer */
};

struct agx_tess_params {
   struct agx_gs_params gs;
   uint64_t tcs_buffer;
   uint64_t patch_records;
   uint64_t points;
   uint32_t input_patch_size; /* patchControlPoints */
   uint32_t patches_per_instance;
   uint32_t patches; /* unrolled: patches_per_instance * instances */
   uint32_t pad;
};

#define AGX_TESS_PARAMS_TCS_BUFFER (AGX_GS_PARAMS_SIZE + 0u)
#define AGX_TESS_PARAMS_PATCH_RECORDS (AGX_GS_PARAMS_SIZE + 8u)
#define AGX_TESS_PARAMS_POINTS (AGX_GS_PARAMS_SIZE + 16u)
#define AGX_TESS_PARAMS_INPUT_PATCH_SIZE (AGX_GS_PARAMS_SIZE + 24u)
#define AGX_TESS_PARAMS_PATCHES_PER_INSTANCE (AGX_GS_PARAMS_SIZE + 28u)
#define AGX_TESS_PARAMS_PATCHES (AGX_GS_PARAMS_SIZE + 32u)
#define AGX_TESS_PARAMS_SIZE (AGX_GS_PARAMS_SIZE + 40u)

#ifndef __OPENCL_C_VERSION__
#include <stddef.h>
_Static_assert(offsetof(struct agx_tess_params, tcs_buffer) == AGX_TESS_PARAMS_TCS_BUFFER,
               "tess params layout");
_Static_assert(offsetof(struct agx_tess_params, patches) == AGX_TESS_PARAMS_PATCHES,
               "tess params layout");
_Static_assert(sizeof(struct agx_tess_params) == AGX_TESS_PARAMS_SIZE, "tess params size");
/* the geometry shader's transform feedback fields follow (layout/agx_gs.h) */
_Static_assert(AGX_GS_XFB_PARAMS_RECORDS == AGX_TESS_PARAMS_SIZE, "gs xfb params after tess");

/* Bytes per patch of the control shader's output buffer. */
static inline uint32_t
agx_tess_tcs_stride(uint64_t patch_mask, uint64_t vertex_mask, uint32_t output_vertices)
{
   return AGX_TESS_LEVELS_BYTES + 16u * (uint32_t)__builtin_popcountll(patch_mask) +
          16u * (uint32_t)__builtin_popcountll(vertex_mask) * output_vertices;
}
#endif

#endif
