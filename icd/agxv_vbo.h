/*
 * Vertex buffers: the vertex-fetch prolog (compiler agx_vbo_prolog.h) keyed
 * by a pipeline's vertex input state, cached on the device (a key seen
 * before is never rebuilt), and linked in front of the main vertex shader:
 * the prolog ends without stop, so the linked code is the prolog followed
 * directly by the main program (Mesa agx_fast_link), with the main
 * shader's preamble and constant data moved behind it, 256-byte aligned.
 *
 * Per-buffer uniforms (written at draw time, agxv_cmd_draw.c): binding b at
 * byte uniform_base + 16 b holds the 64-bit address (binding offset
 * applied) and at +8 the uint32 clamp floor((size - offset - elsize) /
 * stride) (graphics.md 2.2; Mesa agx_nir_lower_vbo.c); no element in
 * range: address 0 and clamp 0 with the prolog reading (0, 0, 0, 1) past it;
 * at +12 the binding's stride, which the prolog reads when the pipeline's
 * strides are dynamic (VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE: the
 * bound stride, vkCmdBindVertexBuffers2, also gives the clamp).
 *
 * Dynamic vertex input (VK_EXT_vertex_input_dynamic_state): draws link the
 * prolog of the state in effect (agxv_vs_variants.h), strides dynamic.
 */
#ifndef AGXV_VBO_H
#define AGXV_VBO_H

#include "agxv_pipeline.h"

struct agxv_graphics_state;

/* What a draw needs to write the per-buffer uniforms. */
struct agxv_vbo_link {
   uint32_t uniform_base;    /* bytes (multiple of 8) */
   uint32_t buffers;         /* bit per binding the prolog reads */
   uint16_t elsize[16];      /* per binding: bytes an element must hold (max offset + size) */
   uint32_t stride[16];      /* per binding (0 where dynamic) */
   uint32_t dynamic_strides; /* bit per binding whose stride is the bound one */
};

/* The prolog's format of a VkFormat (0 = AGX_VBO_NONE: not a vertex format). */
unsigned agxv_vbo_format(VkFormat format);

struct agx_vbo_key;
/* The vertex-fetch key of every attribute the state describes, for the
 * software fetch of a vertex shader run as compute (agx_vbo_lower_sw;
 * geometry shaders, agxv_graphics_pipeline_gs.c); link: the buffers read. */
VkResult agxv_vbo_sw_key(const struct agxv_graphics_state *s, struct agx_vbo_key *key,
                         struct agxv_vbo_link *link);

/* Links the prolog for the state's attributes in front of the main vertex
 * shader code (code/size/info as agxv_compile_graphics made them):
 * *linked is malloc'ed, *linked_info the combined info. */
VkResult agxv_vbo_link_vs(struct agxv_device *device, const struct agxv_graphics_state *s,
                          uint32_t attribs_read, const uint8_t *code, uint32_t size,
                          const struct agxv_shader_info *info, uint8_t **linked,
                          uint32_t *linked_size, struct agxv_shader_info *linked_info,
                          struct agxv_vbo_link *link);

struct agxv_vi_state;
/* The first byte of the per-buffer uniforms behind a main shader's. */
uint32_t agxv_vbo_uniform_base(const struct agxv_shader_info *info);

/* The prolog key of the attributes attribs_read of a vertex input state
 * (strides read from the uniforms where dynamic_stride); link: the
 * buffers read (cleared first). */
VkResult agxv_vbo_make_key(const struct agxv_vi_state *vi, bool dynamic_stride,
                           uint32_t attribs_read, uint32_t uniform_base, struct agx_vbo_key *key,
                           struct agxv_vbo_link *link);

/* Links the (cached) prolog of key in front of a main vertex shader, as
 * agxv_vbo_link_vs. */
VkResult agxv_vbo_link_key(struct agxv_device *device, const struct agx_vbo_key *key,
                           const struct agxv_vbo_link *link, const uint8_t *code, uint32_t size,
                           const struct agxv_shader_info *info, uint8_t **linked,
                           uint32_t *linked_size, struct agxv_shader_info *linked_info);

/* Frees the device's prolog cache. */
void agxv_vbo_cache_finish(struct agxv_device *device);

#endif
