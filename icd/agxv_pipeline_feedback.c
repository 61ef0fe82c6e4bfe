/* Pipeline creation feedback: see agxv_pipeline_feedback.h. */
#include "agxv_pipeline_feedback.h"

#include <time.h>

#include "agxv_object.h"
#include "agxv_pipeline_cache.h"

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

void
agxv_feedback_write_graphics(const void *pnext, const VkPipelineShaderStageCreateInfo *stages,
                             uint32_t stage_count, uint64_t start, const struct agxv_cache_use *cu)
{
   const VkPipelineCreationFeedbackCreateInfo *fb =
      agxv_find_struct(pnext, VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
   agxv_feedback_write(pnext, start);
   if (!fb)
      return;
   /* every compile served by the cache (and at least one looked up) */
   if (fb->pPipelineCreationFeedback && cu->cache && cu->hits && !cu->misses && !cu->uncached)
      fb->pPipelineCreationFeedback->flags |=
         VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
   /* the entries follow pStages (the spec: "in the same order");
    * stages this creation compiled or looked up are valid */
   for (uint32_t i = 0; fb->pPipelineStageCreationFeedbacks && stages &&
                        i < fb->pipelineStageCreationFeedbackCount && i < stage_count;
        i++) {
      VkShaderStageFlagBits st = stages[i].stage;
      unsigned bit = (unsigned)__builtin_ctz((unsigned)st);
      if (!((cu->hit_stages | cu->miss_stages) & st) || bit >= 5)
         continue;
      VkPipelineCreationFeedback *f = &fb->pPipelineStageCreationFeedbacks[i];
      f->flags = VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT;
      if ((cu->hit_stages & st) && !(cu->miss_stages & st))
         f->flags |= VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
      f->duration = cu->stage_ns[bit] ? cu->stage_ns[bit] : 1;
   }
}
