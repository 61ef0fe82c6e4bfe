/*
 * Pipeline creation feedback (VkPipelineCreationFeedbackCreateInfo, core
 * 1.3): the pipeline's entry is valid and holds the time vkCreate*Pipelines
 * spent on it; per-stage entries are left without VALID (the spec allows
 * it: their other fields are then undefined), as a linked pipeline's
 * stages are not compiled one by one. No pipeline cache is consulted for
 * graphics pipelines, so no cache-hit bit is ever set.
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

#endif
