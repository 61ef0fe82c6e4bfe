/* VkSampler: a hardware Sampler in the device's sampler heap; descriptors
 * hold its heap index and the LOD bias (compiler/ir/agx_abi.h). */
#ifndef AGXV_SAMPLER_H
#define AGXV_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "agxv_object.h"

/* Entries of the heap: maxSamplerAllocationCount (4000) fits. */
#define AGXV_SAMPLER_HEAP_COUNT 4096u

struct agxv_sampler {
   struct agxv_object base;
   uint32_t index; /* heap slot */
   float lod_bias;
   uint32_t hw[2]; /* the packed Sampler, also in the heap */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_sampler, VkSampler, VK_OBJECT_TYPE_SAMPLER)

/* Packs the hardware Sampler for a create info; false (with a logged
 * reason) for what the hardware Sampler cannot express here (custom
 * border colours, reductions other than weighted average, YCbCr). */
bool agxv_pack_sampler(const VkSamplerCreateInfo *info, uint32_t hw[2]);

#endif
