/*
 * The geometry-shader path's memory contract (emulation.md §3, §4: Mesa's
 * Honeykrisp design, src/asahi/lib/agx_nir_lower_gs.c and libagx
 * geometry.h), shared by the driver (which fills the parameters of each
 * draw), the compiler (agx_pass_lower_gs reads them through
 * load_geometry_params) and tests. Plain C, no pointers or bools.
 *
 * struct agx_gs_params is this project's subset of Mesa's
 * agx_geometry_params, with Mesa's field names where one exists (a
 * driver-internal structure, no hardware layout). Fields used:
 *  - input_buffer: the vertex shader's outputs, written by its software
 *    variant: vertex `linear` = instance * verts_per_instance + vertex,
 *    written slot s (enum agx_io_slot; ranked among the slots the VS
 *    writes, agx_gs_slot_rank) at input_buffer + 16 (linear * slot_count +
 *    rank(s)) + 4 comp (emulation.md §3: one vec4 per written varying).
 *  - output_index_buffer: the main GS kernel's 32-bit index buffer
 *    (DYNAMIC_INDEXED shape): input primitive p of instance i owns
 *    max_indices entries from (i * input_primitives + p) * max_indices; a
 *    strip is written as b, b+1, ..., then 0xFFFFFFFF (restart); the
 *    primitive's remaining entries are restarts too (the kernel writes
 *    them all: no fill needed, GPU-sized buffers work alike).
 *    Vertex ids: ((i << primitives_log2) | p) << vertex_id_log2 | k for
 *    the k-th vertex emitted by the primitive (all invocations counted).
 *  - input_topology: the draw's VkPrimitiveTopology value (the GS input
 *    vertex of a primitive is derived from it, AGX_GS_TOPOLOGY_*).
 *  - base_vertex / base_instance: Vulkan's firstVertex (vertexOffset) and
 *    firstInstance; index_buffer (0: non-indexed draw) with index_size
 *    bytes per index, already offset to firstIndex.
 *  - vertex_buffers: the software vertex fetch's table (agx_vbo_lower_sw):
 *    per binding b, at + 16 b, the buffer's address and the largest element
 *    index in range (the vertex-fetch prolog's uniform layout).
 */
#ifndef AGX_GS_H
#define AGX_GS_H

/* also OpenCL C (cl_kernels/agx_gs_setup.cl, after agx_cl_shim.h's types) */
#ifndef __OPENCL_C_VERSION__
#include <stdint.h>
#endif

/* VkPrimitiveTopology values (vulkan_core.h), as input_topology holds them. */
#define AGX_GS_TOPOLOGY_POINT_LIST 0u
#define AGX_GS_TOPOLOGY_LINE_LIST 1u
#define AGX_GS_TOPOLOGY_LINE_STRIP 2u
#define AGX_GS_TOPOLOGY_TRIANGLE_LIST 3u
#define AGX_GS_TOPOLOGY_TRIANGLE_STRIP 4u
#define AGX_GS_TOPOLOGY_TRIANGLE_FAN 5u
#define AGX_GS_TOPOLOGY_LINE_LIST_ADJ 6u
#define AGX_GS_TOPOLOGY_LINE_STRIP_ADJ 7u
#define AGX_GS_TOPOLOGY_TRIANGLE_LIST_ADJ 8u
#define AGX_GS_TOPOLOGY_TRIANGLE_STRIP_ADJ 9u

/* Input-record bits (of the mask of written slots, enum agx_io_slot below
 * them) for clip/cull distance words 4-7: a record holds 4 words. */
#define AGX_GS_CLIP_HI 60u
#define AGX_GS_CULL_HI 61u

struct agx_gs_params {
   uint64_t output_index_buffer;
   uint64_t input_buffer;
   uint64_t index_buffer; /* 0: non-indexed draw */
   uint32_t index_size;   /* 1, 2 or 4 */
   uint32_t input_primitives;
   uint32_t primitives_log2;
   uint32_t verts_per_instance;
   uint32_t input_topology;
   uint32_t vertex_stride; /* first vertex of primitive p: p * vertex_stride (lists, strips) */
   uint32_t base_vertex;
   uint32_t base_instance;
   uint64_t vertex_buffers; /* the software VS's vertex buffers: 16 B per binding */
};

#define AGX_GS_PARAMS_OUTPUT_INDEX_BUFFER 0u
#define AGX_GS_PARAMS_INPUT_BUFFER 8u
#define AGX_GS_PARAMS_INDEX_BUFFER 16u
#define AGX_GS_PARAMS_INDEX_SIZE 24u
#define AGX_GS_PARAMS_INPUT_PRIMITIVES 28u
#define AGX_GS_PARAMS_PRIMITIVES_LOG2 32u
#define AGX_GS_PARAMS_VERTS_PER_INSTANCE 36u
#define AGX_GS_PARAMS_INPUT_TOPOLOGY 40u
#define AGX_GS_PARAMS_VERTEX_STRIDE 44u
#define AGX_GS_PARAMS_BASE_VERTEX 48u
#define AGX_GS_PARAMS_BASE_INSTANCE 52u
#define AGX_GS_PARAMS_VERTEX_BUFFERS 56u
#define AGX_GS_PARAMS_SIZE 64u
/* Transform feedback of GS outputs (compiler/ir/agx_pass_lower_xfb.c):
 * after the parameters and the tessellation fields of struct
 * agx_tess_params (layout/agx_tess_params.h: after tessellation the
 * geometry shader's parameters are a struct agx_tess_params; checked
 * there), the GS vertex records and per-primitive vertex counts of the
 * draw (written by the driver for direct draws, by agx_gs_setup_indirect
 * for GPU-sized ones); AGX_GS_PARAMS_ALLOC bytes are allocated. */
#define AGX_GS_XFB_PARAMS_RECORDS (AGX_GS_PARAMS_SIZE + 40u)
#define AGX_GS_XFB_PARAMS_COUNTS (AGX_GS_PARAMS_SIZE + 48u)
#define AGX_GS_PARAMS_ALLOC (AGX_GS_PARAMS_SIZE + 56u)

#ifndef __OPENCL_C_VERSION__
/* Rank of slot among the written slots `mask` (bit per enum agx_io_slot). */
static inline uint32_t
agx_gs_slot_rank(uint64_t mask, unsigned slot)
{
   return (uint32_t)__builtin_popcountll(mask & ((1ull << slot) - 1));
}
#endif

#endif
