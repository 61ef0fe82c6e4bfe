/*
 * The vertex stage of a pipeline whose vertex input is dynamic
 * (VK_EXT_vertex_input_dynamic_state, VK_DYNAMIC_STATE_VERTEX_INPUT_EXT):
 * the main program is kept unlinked and draws link the vertex-fetch prolog
 * of the command buffer's vertex input state in effect (vkCmdSetVertexInputEXT),
 * one linked program per prolog key (agx_vbo_key), made the first time a
 * key is drawn with and kept with the pipeline: a key seen before is never
 * linked again. Model: Honeykrisp's VS prolog keyed by the vertex input
 * state at draw time (Mesa src/asahi/vulkan/hk_cmd_draw.c, hk_shader.c).
 *
 * Assumes: strides are always read from the per-buffer uniforms (the
 * dynamic state sets them, agxv_vbo.h). Variants are only added (a list
 * published with atomics, read without the lock).
 */
#ifndef AGXV_VS_VARIANTS_H
#define AGXV_VS_VARIANTS_H

#include <stdint.h>

#include "agx_vbo_prolog.h"
#include "agxv_pipeline.h"
#include "agxv_variant_cache.h"
#include "agxv_vbo.h"

/* One linked program (prolog of key + main). */
struct agxv_vs_variant {
   struct agxv_variant_node node; /* first (agxv_variant_cache.h) */
   struct agx_vbo_key key;
   struct agxv_vbo_link link;
   struct agxv_shader shader;
   uint32_t vs_counts; /* VDM VS counts word (agxv_pack_vs_counts) */
};

struct agxv_vs_variants {
   struct agxv_variant_cache cache; /* of struct agxv_vs_variant */
   uint8_t *code;                   /* the unlinked main program */
   uint32_t size;
   uint32_t attribs_read;
   struct agxv_shader_info info;
};

/* Keeps the main vertex program (code of size bytes) for draw-time prologs. */
VkResult agxv_vs_variants_create(struct agxv_device *device, const uint8_t *code, uint32_t size,
                                 const struct agxv_shader_info *info, uint32_t attribs_read,
                                 struct agxv_vs_variants **out);

/* The program for the vertex input state vi: found, or linked, uploaded
 * and added; an error for a state that does not describe what the shader
 * reads. */
VkResult agxv_vs_variant_get(struct agxv_device *device, struct agxv_vs_variants *v,
                             const struct agxv_vi_state *vi, const struct agxv_vs_variant **out);

void agxv_vs_variants_destroy(struct agxv_device *device, struct agxv_vs_variants *v);

#endif
