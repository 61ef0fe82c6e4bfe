/*
 * The per-sample loops of a pipeline with dynamic rasterization samples.
 * Its fragment shader is compiled for one sample (no loop; the output
 * epilog is linked per draw for the pass's tilebuffer, agxv_fs_variants.h).
 * For each larger count of AGXV_SAMPLE_COUNTS at which the shader runs per
 * sample (per-sample inputs, or sample shading with minSampleShading x
 * samples > 1: agx_backend.c loops there, with the output epilog inlined),
 * the main program is compiled again for that count at pipeline creation
 * and added to the variants under the key a draw of that count looks up,
 * so draws never compile. Model: Honeykrisp links its per-sample loop at
 * draw time from the epilog key (Mesa src/asahi/lib/agx_linker.c,
 * agx_fast_link's sample shading); our loop is inlined by the compiler,
 * hence the compile per count here.
 *
 * Assumes: no other output state of the pipeline is dynamic (the inlined
 * epilog is the static one; agxv_fs_variants_create refuses the others),
 * and the loop program's CF bindings equal the one-sample program's
 * (checked: the draw links the pipeline's).
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

/* Compiles and adds the loops of the pipeline's fragment stage (one: its
 * one-sample main program's info; the variants exist) for every count
 * that needs one; VK_SUCCESS when none does. */
VkResult agxv_fs_sample_loops(struct agxv_device *device, struct agxv_pipeline *pipeline,
                              const VkPipelineShaderStageCreateInfo *stage,
                              const struct agxv_pipeline_layout *layout,
                              const struct agx_fs_info *one);

#endif
