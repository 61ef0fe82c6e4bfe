/* Pipeline creation feedback: see agxv_pipeline_feedback.h. */
#include "agxv_pipeline_feedback.h"

#include <time.h>

#include "agxv_object.h"

uint64_t
agxv_feedback_now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void
agxv_feedback_write(const void *pnext, uint64_t start)
{
   const VkPipelineCreationFeedbackCreateInfo *fb =
      agxv_find_struct(pnext, VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
   if (!fb)
      return;
   uint64_t now = agxv_feedback_now();
   if (fb->pPipelineCreationFeedback) {
      fb->pPipelineCreationFeedback->flags = VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT;
      fb->pPipelineCreationFeedback->duration = now > start ? now - start : 1;
   }
   for (uint32_t i = 0;
        fb->pPipelineStageCreationFeedbacks && i < fb->pipelineStageCreationFeedbackCount; i++)
      fb->pPipelineStageCreationFeedbacks[i] = (VkPipelineCreationFeedback){0};
}
