/*
 * The bridge from the driver to the compiler libraries: SPIR-V in, machine
 * code and launch information out. Kept in its own file because the
 * compiler's headers and the driver's share short names.
 */
#ifndef AGXV_SHADER_COMPILE_H
#define AGXV_SHADER_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include "agx_stage_info.h"
#include "agx_xfb.h"
#include "agxv_pipeline.h"

struct agxv_descriptor_set_layout;
struct agx_vbo_key;

struct agxv_spec_constant {
   uint32_t id;
   uint64_t value;
};

/* The geometry-shader path's variants (1 + the compiler's enum
 * agx_gs_variant, compiler/ir/agx_passes.h). */
enum agxv_gs_variant {
   AGXV_GS_NONE = 0,
   AGXV_GS_VS_SW,
   AGXV_GS_MAIN,
   AGXV_GS_RAST,
   AGXV_GS_XFB, /* the GS storing its emitted vertices for transform feedback */
};

struct agxv_subpass_tiles;

struct agxv_compile_request {
   const uint32_t *words;
   size_t word_count;
   const char *entry;
   const struct agxv_spec_constant *spec;
   uint32_t spec_count;
   /* Where each (set, binding) lives in descriptor memory. */
   struct agxv_descriptor_set_layout *const *set_layouts;
   uint32_t set_count;
   bool print_disasm;         /* AGX_DEBUG=shaders */
   bool no_preamble;          /* AGX_DEBUG=nopreamble */
   bool robust_buffer_access; /* the device enabled robustBufferAccess */
   /* Fragment shaders: leave the colours in registers for the output
    * epilog (agx_backend_options.fs_epilog) instead of storing them. */
   bool fs_epilog;
   /* Fragment shaders: the pipeline's pSampleMask, alpha to coverage and
    * alpha to one (agx_backend_options.coverage). */
   struct agx_coverage_options coverage;
   /* Fragment shaders: the output epilog's key, inlined when the shader
    * shades per sample (agx_backend_options.fs_epilog_key; may be NULL). */
   const struct agx_fs_epilog_key *fs_epilog_key;
   /* Fragment shaders: the cull distances the pipeline's last
    * pre-rasterisation stage writes (agx_backend_options.cull_distances). */
   unsigned cull_distances;
   /* Fragment shaders: that stage does not write ViewportIndex
    * (agx_backend_options.viewport_zero). */
   bool viewport_zero;
   /* A pipeline with a view mask: vertex shaders write the layer from the
    * view index (agx_backend_options.multiview), fragment shaders read
    * input attachments from it (agx_spirv_options.multiview). */
   bool multiview;
   /* Fragment shaders of a merged subpass: its input attachments in the
    * tilebuffer (agx_spirv_options.tile_inputs; NULL: none) */
   const struct agxv_subpass_tiles *tiles; /* agxv_graphics_state.h */
   /* VK_PIPELINE_CREATE_VIEW_INDEX_FROM_DEVICE_INDEX_BIT on the stage's
    * pipeline (part): ViewIndex reads the device index
    * (agx_spirv_options.view_index_is_device_index). */
   bool view_index_is_device_index;
   /* The geometry-shader path (agx_pass_lower_gs, compiler/ir/agx_passes.h):
    * compile this variant; gs_input_mask
    * = the slots the software vertex shader writes (GS variants). */
   enum agxv_gs_variant gs_variant;
   uint64_t gs_input_mask;
   /* the geometry shader's vertex stream that is rasterized (MAIN, RAST) */
   unsigned gs_rast_stream;
   /* AGXV_GS_VS_SW: the vertex input state for the software fetch (NULL:
    * the shader reads no attributes) */
   const struct agx_vbo_key *gs_vbo;
   /* The tessellation path (agx_pass_lower_tess): 1 + enum agx_tess_variant
    * (0: none); TCS: tess_input_mask = the software VS's slots; TES: the
    * control shader's masks, output vertices and the domain. */
   unsigned tess_variant;
   uint64_t tess_input_mask, tess_vertex_mask, tess_patch_mask;
   uint32_t tess_output_vertices, tess_domain;
};

struct agxv_compile_result {
   uint8_t *code; /* malloc'ed; free with agxv_compile_result_free */
   uint32_t size;
   uint32_t main_size; /* bytes of the main program (zero padding follows) */
   struct agxv_shader_info info;
   /* geometry-shader path: the VS_SW variant's written slots, the GS's
    * execution modes and shape */
   uint64_t gs_output_mask;
   struct agx_gs_info gs;
   /* tessellation path: the stage's execution modes (either stage); TCS:
    * the control-shader buffer's masks and output vertices */
   struct agx_tess_info tess;
   uint64_t tess_vertex_mask, tess_patch_mask;
   uint32_t tess_output_vertices;
   /* transform feedback words the stage writes (compiler/ir/agx_xfb.h) */
   struct agx_xfb_info xfb;
};

struct agxv_device;
/* Reads VkSpecializationInfo into (id, value) pairs (freed with
 * agxv_free(&device->alloc, ...)); NULL, count 0 if none. */
VkResult agxv_read_specialization(struct agxv_device *device, const VkSpecializationInfo *info,
                                  struct agxv_spec_constant **out, uint32_t *count);

/* 0, or -1 with a message in err. */
int agxv_compile_compute(const struct agxv_compile_request *req, struct agxv_compile_result *out,
                         char *err, size_t err_size);
/* A vertex or fragment shader: the code plus its stage interface (UVS
 * layout of a vertex shader; CF bindings and tilebuffer stores of a
 * fragment shader, compiled for the tilebuffer layout tib). */
struct agxv_compile_gfx_result {
   struct agxv_compile_result r;
   enum agxv_stage stage; /* AGXV_STAGE_VERTEX or AGXV_STAGE_FRAGMENT */
   struct agx_vs_info vs;
   struct agx_fs_info fs;
};
int agxv_compile_graphics(const struct agxv_compile_request *req,
                          const struct agx_tilebuffer_layout *tib,
                          struct agxv_compile_gfx_result *out, char *err, size_t err_size);
void agxv_compile_result_free(struct agxv_compile_result *r);
/* A copy of a graphics result (its own code); 0, or -1 with a message. */
int agxv_compile_result_copy(const struct agxv_compile_gfx_result *src,
                             struct agxv_compile_gfx_result *dst, char *err, size_t err_size);

#endif
