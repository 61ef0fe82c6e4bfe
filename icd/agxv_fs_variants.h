/*
 * The fragment stage of a pipeline whose output epilog depends on dynamic
 * state (VK_EXT_extended_dynamic_state3 colour blend enables, equations,
 * write masks, logic op enable, VK_EXT_extended_dynamic_state2 logic op,
 * sample mask, alpha to coverage / one): the main program is kept unlinked
 * and draws link the epilog of the command buffer's state in effect,
 * one linked program per epilog key (agx_fs_epilog_key), made the first
 * time a key is drawn with and kept with the pipeline: a key seen before is
 * never linked again. Model: Honeykrisp's hk_fast_link keyed by the epilog
 * key it builds from dynamic state in hk_flush_dynamic_state (Mesa
 * src/asahi/vulkan/hk_cmd_draw.c, hk_shader.c).
 *
 * Assumes: the main program leaves the multisample state to the epilog
 * (agx_fs_info.coverage_in_main false) when that state is dynamic, and has
 * no per-sample loop (its epilog would be inlined); with dynamic
 * rasterization samples, a main program that would need one at some
 * sample count (per-sample inputs, sample shading) or applies sample-count
 * dependent multisample state itself: pipeline creation refuses the others
 * (agxv_fs_variants_create). Variants are only added
 * (a list published with atomics, read without the lock).
 */
#ifndef AGXV_FS_VARIANTS_H
#define AGXV_FS_VARIANTS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_fs_epilog_key.h"
#include "agxv_graphics_state.h"
#include "agxv_pipeline.h"

/* The dynamic states the epilog key takes. */
#define AGXV_FS_VARIANT_DYNAMIC                                                                   \
   (AGXV_DYN_BIT(CB_BLEND_ENABLES) | AGXV_DYN_BIT(CB_BLEND_EQUATIONS) |                           \
    AGXV_DYN_BIT(CB_WRITE_MASKS) | AGXV_DYN_BIT(CB_COLOR_WRITE_ENABLES) |                         \
    AGXV_DYN_BIT(CB_LOGIC_OP_ENABLE) | AGXV_DYN_BIT(CB_LOGIC_OP) | AGXV_DYN_BIT(MS_SAMPLE_MASK) | \
    AGXV_DYN_BIT(MS_ALPHA_TO_COVERAGE_ENABLE) | AGXV_DYN_BIT(MS_ALPHA_TO_ONE_ENABLE))

/* One linked program (main + the epilog of key). */
struct agxv_fs_variant {
   struct agxv_fs_variant *next;
   struct agx_fs_epilog_key key;
   struct agxv_shader shader;
   uint32_t fs_counts;        /* PPP Fragment Shader word 0 (agxv_pack_fs_counts) */
   uint32_t fragment_control; /* PPP Fragment Control (its pass type) */
   bool kills;                /* the epilog executes sample_mask: no hardware early Z */
};

struct agxv_fs_variants {
   pthread_mutex_t lock; /* held while a variant is linked and added */
   uint8_t *code;        /* the unlinked main program (agxv_blend_link_key's input) */
   uint32_t size, main_size;
   struct agxv_shader_info info;
   struct agx_fs_info fs;
   struct agx_tilebuffer_layout tib;
   struct agxv_fs_variant *head; /* newest first (atomic) */
   uint32_t count;
};

/* Keeps the main program of a pipeline's fragment stage (code of size
 * bytes, main_size of them the main program) for draw-time epilogs; an
 * error for a main program that cannot take them (see the header). */
VkResult agxv_fs_variants_create(struct agxv_device *device, const struct agxv_graphics_state *s,
                                 const uint8_t *code, uint32_t size, uint32_t main_size,
                                 const struct agxv_shader_info *info, const struct agx_fs_info *fs,
                                 const struct agx_tilebuffer_layout *tib,
                                 struct agxv_fs_variants **out);

/* The program for the state in effect s (statistics: the epilog counts
 * fragment-shader invocations, agx_fs_epilog_key.statistics): found, or
 * linked, uploaded and added. */
VkResult agxv_fs_variant_get(struct agxv_device *device, struct agxv_fs_variants *v,
                             const struct agxv_graphics_state *s, bool statistics,
                             const struct agxv_fs_variant **out);

/* The same for the tilebuffer layout tib (the render pass's, for a
 * pipeline whose rasterization samples are dynamic: the key holds the
 * layout, so each sample count links its own variant once). */
VkResult agxv_fs_variant_get_tib(struct agxv_device *device, struct agxv_fs_variants *v,
                                 const struct agxv_graphics_state *s,
                                 const struct agx_tilebuffer_layout *tib, bool statistics,
                                 const struct agxv_fs_variant **out);

/* Adds a program linked elsewhere (code of size bytes, its pass type and
 * whether it kills samples) as the variant of key: a per-sample loop
 * compiled with its epilog inlined for one sample count of a pipeline with
 * dynamic rasterization samples (agxv_fs_sample_loops.h). */
VkResult agxv_fs_variant_add(struct agxv_device *device, struct agxv_fs_variants *v,
                             const struct agx_fs_epilog_key *key, const uint8_t *code,
                             uint32_t size, const struct agxv_shader_info *info, unsigned pass_type,
                             bool kills);

void agxv_fs_variants_destroy(struct agxv_device *device, struct agxv_fs_variants *v);

#endif
