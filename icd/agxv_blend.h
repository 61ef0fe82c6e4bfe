/*
 * Blending, colour write masks and the fragment output epilog: the main
 * fragment shader is compiled once with the epilog path
 * (agxv_compile_request.fs_epilog: colours left in r(4 (i + 1))), and the
 * epilog built from the pipeline's static colour blend state
 * (compiler/backend/agx_fs_epilog.h) is linked right after its code at
 * pipeline creation. The blend constants are read by the epilog from the
 * fragment uniforms at AGX_ABI_FS_BLEND_CONST (agx_abi.h), which draws fill
 * from the command buffer's state (static or vkCmdSetBlendConstants).
 *
 * Model: Mesa src/asahi/vulkan (hk_shader.c links main + epilog; Mesa
 * agx_linker.c for the pass type).
 *
 * Dynamic blend enables, equations, write masks, logic op and the
 * multisample state of the epilog key (VK_EXT_extended_dynamic_state3):
 * draws link the epilog of the state in effect (agxv_fs_variants.h).
 */
#ifndef AGXV_BLEND_H
#define AGXV_BLEND_H

#include "agx_stage_info.h"
#include "agx_tilebuffer.h"
#include "agxv_graphics_state.h"
#include "agxv_pipeline.h"

/* The epilog key of the state's blend state with no colour written yet
 * (the compiler fills it in when it inlines the epilog into a per-sample
 * loop, agx_backend_options.fs_epilog_key); an error for state the
 * epilog does not support. */
struct agx_fs_epilog_key;
VkResult agxv_blend_key(const struct agxv_graphics_state *s,
                        const struct agx_tilebuffer_layout *tib, struct agx_fs_epilog_key *key);

/* The epilog key of a state (the pipeline's, or a command buffer's state
 * in effect for a pipeline with dynamic blend state, agxv_fs_variants.h)
 * and the main shader fs; an error for state the epilog does not support. */
VkResult agxv_blend_make_key(const struct agxv_graphics_state *s,
                             const struct agx_tilebuffer_layout *tib, const struct agx_fs_info *fs,
                             struct agx_fs_epilog_key *key);

/* The state the epilog key takes that is dynamic in s (blend enables,
 * equations, write masks, colour write enables, logic op, sample mask,
 * alpha to coverage / one) set to its defaults (blending and logic op
 * off, all written, all samples): what the pipeline's own linked program
 * is made of; draws pick the epilog of the state in effect
 * (agxv_fs_variants.h). */
void agxv_blend_reset_dynamic(struct agxv_graphics_state *s);

/* Links the epilog of key after the main program (as agxv_blend_link_fs). */
VkResult agxv_blend_link_key(const struct agx_fs_epilog_key *key, const struct agx_fs_info *fs,
                             const uint8_t *code, uint32_t size, uint32_t main_size,
                             const struct agxv_shader_info *info, uint8_t **linked,
                             uint32_t *linked_size, struct agxv_shader_info *linked_info,
                             unsigned *pass_type);

/* Links the epilog of the state's blend key right after the main fragment
 * program (its first main_size bytes of code): [main][epilog][pad]
 * [preamble, constant data], the tail keeping its AGXV_CODE_ALIGN
 * alignment. linked (malloc'ed) and
 * linked_info describe the result; pass_type is Fragment control's pass
 * type (agx_fs_pass_type). A shader with a per-sample loop
 * (fs->sample_loop) already has its epilog: linked is a copy of it. */
VkResult agxv_blend_link_fs(const struct agxv_graphics_state *s,
                            const struct agx_tilebuffer_layout *tib, const struct agx_fs_info *fs,
                            const uint8_t *code, uint32_t size, uint32_t main_size,
                            const struct agxv_shader_info *info, uint8_t **linked,
                            uint32_t *linked_size, struct agxv_shader_info *linked_info,
                            unsigned *pass_type);

/* The same with the epilog counting fragment-shader invocations
 * (agx_fs_epilog_key.statistics, agxv_query_stats.c). */
VkResult agxv_blend_link_fs_stats(const struct agxv_graphics_state *s,
                                  const struct agx_tilebuffer_layout *tib,
                                  const struct agx_fs_info *fs, const uint8_t *code, uint32_t size,
                                  uint32_t main_size, const struct agxv_shader_info *info,
                                  uint8_t **linked, uint32_t *linked_size,
                                  struct agxv_shader_info *linked_info, unsigned *pass_type);

/* Does the output epilog of the state kill samples (the multisample state
 * the main shader fs left to it, agx_fs_epilog_kills)? Its draws then run
 * without hardware early Z. */
bool agxv_blend_epilog_kills(const struct agxv_graphics_state *s, const struct agx_fs_info *fs);

#endif
