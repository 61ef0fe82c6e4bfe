/*
 * Pipeline creation feedback (VkPipelineCreationFeedbackCreateInfo, core
 * 1.3): the pipeline's entry is valid and holds the time vkCreate*Pipelines
 * spent on it; per-stage entries are left without VALID (the spec allows
 * it: their other fields are then undefined), as a linked pipeline's
 * stages are not compiled one by one. Graphics pipelines
 * (agxv_feedback_write_graphics) report the pipeline cache: the pipeline
 * entry has APPLICATION_PIPELINE_CACHE_HIT when every compile it needed
 * was found in the cache, and the vertex and fragment stages' entries are
 * valid with their own hit bit and time.
 */
#ifndef AGXV_PIPELINE_FEEDBACK_H
#define AGXV_PIPELINE_FEEDBACK_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

/* A monotonic time in nanoseconds. */
uint64_t agxv_feedback_now(void);

/* Fills the feedback chained to a create info (pnext) for a pipeline whose
 * creation started at start (agxv_feedback_now). */
void agxv_feedback_write(const void *pnext, uint64_t start);

/* The same for a graphics pipeline whose cache use is cu
 * (agxv_pipeline_cache.h), stages as in its create info. */
struct agxv_cache_use;
void agxv_feedback_write_graphics(const void *pnext, const VkPipelineShaderStageCreateInfo *stages,
                                  uint32_t stage_count, uint64_t start,
                                  const struct agxv_cache_use *cu);

#endif
