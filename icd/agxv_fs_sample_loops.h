/*
 * The per-sample loops of a pipeline with dynamic rasterization samples.
 * Its fragment shader is compiled for one sample (no loop; the output
 * epilog is linked per draw for the pass's tilebuffer, agxv_fs_variants.h).
 * For each larger count of AGXV_SAMPLE_COUNTS at which the shader runs per
 * sample (per-sample inputs, or sample shading with minSampleShading x
 * samples > 1: agx_backend.c loops there, with the output epilog inlined),
 * the main program is compiled again for that count, looping over the
 * samples with the output epilog inlined, and added to the variants under
 * the key a draw of that count looks up. With the output state static
 * (only the sample count dynamic) that happens at pipeline creation, so
 * draws never compile; with dynamic output state (blend, sample mask,
 * alpha to coverage / one: the inlined epilog depends on it) the pipeline
 * keeps a copy of the stage and its set layouts, and the first draw of
 * each (count, output state) compiles its loop (agxv_fs_sample_loop_get);
 * a key seen before is never compiled again. Model: Honeykrisp links its
 * per-sample loop at draw time from the epilog key (Mesa
 * src/asahi/lib/agx_linker.c, agx_fast_link's sample shading); our loop is
 * inlined by the compiler, hence a compile per key.
 *
 * Assumes: the loop program's CF bindings equal the one-sample program's
 * (checked: the draw links the pipeline's); not in a merged subpass
 * (agxv_fs_variants_create refuses it).
 */
#ifndef AGXV_FS_SAMPLE_LOOPS_H
#define AGXV_FS_SAMPLE_LOOPS_H

#include <stdbool.h>

#include "agx_stage_info.h"
#include "agxv_graphics_state.h"
#include "agxv_pipeline.h"

struct agxv_pipeline_layout;

/* Whether the fragment shader of state s (its one-sample main program's
 * info one) runs per sample at n samples. */
bool agxv_fs_loops_at(const struct agxv_graphics_state *s, const struct agx_fs_info *one,
                      unsigned n);

/* At pipeline creation (one: the fragment stage's one-sample main
 * program's info; the variants exist): compiles and adds the loops of
 * every count that needs one, or with dynamic output state keeps what
 * draws compile them from (gfx->fs_loop_source); VK_SUCCESS when no count
 * needs one. */
VkResult agxv_fs_sample_loops(struct agxv_device *device, struct agxv_pipeline *pipeline,
                              const VkPipelineShaderStageCreateInfo *stage,
                              const struct agxv_pipeline_layout *layout,
                              const struct agx_fs_info *one);

/* At a draw of the pipeline (it has a loop source) whose pass has the
 * layout tib, whose sample count needs a loop: the loop of the state in
 * effect s, found or compiled and added. */
struct agxv_fs_variant;
VkResult agxv_fs_sample_loop_get(struct agxv_device *device, const struct agxv_pipeline *pipeline,
                                 const struct agxv_graphics_state *s,
                                 const struct agx_tilebuffer_layout *tib, bool statistics,
                                 const struct agxv_fs_variant **out);

struct agxv_fs_loop_source;
void agxv_fs_loop_source_destroy(struct agxv_device *device, struct agxv_fs_loop_source *src);

#endif
