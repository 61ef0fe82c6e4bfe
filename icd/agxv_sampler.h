/* VkSampler: a hardware Sampler in the device's sampler heap; descriptors
 * hold its heap index, the LOD bias and, for custom border colours, the
 * colour and a second heap index (compiler/ir/agx_abi.h). */
#ifndef AGXV_SAMPLER_H
#define AGXV_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "agxv_object.h"

/* Entries of the heap: maxSamplerAllocationCount (4000) samplers, each
 * with a custom border colour taking two entries (AGXV_MAX_CUSTOM_BORDER),
 * fit. The hardware heap index is a 16-bit register and the render
 * command's sampler_count a u16 (asahi_drm.h), so 8192 is within reach. */
#define AGXV_SAMPLER_HEAP_COUNT 8192u
/* maxCustomBorderColorSamplers: every sampler may have one */
#define AGXV_MAX_CUSTOM_BORDER 4000u

/* The sampler half of an image-like descriptor, bytes 24-47 (agx_abi.h):
 * what a sampler or combined image sampler descriptor holds beside the
 * Texture, and what the layout keeps for an immutable sampler. */
struct agxv_sampler_desc {
   uint32_t index;     /* heap slot | (transparent-black twin's slot + 1) << 16 */
   float lod_bias;     /* VkSamplerCreateInfo::mipLodBias */
   uint32_t border[4]; /* custom border colour, raw VkClearColorValue words */
};
_Static_assert(sizeof(struct agxv_sampler_desc) == 24, "descriptor bytes 24-47");

struct agxv_sampler {
   struct agxv_object base;
   uint32_t index; /* heap slot */
   uint32_t twin;  /* heap slot + 1 of the transparent-black twin; 0 = none */
   struct agxv_sampler_desc desc;
   uint32_t hw[2]; /* the packed Sampler, also in the heap */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_sampler, VkSampler, VK_OBJECT_TYPE_SAMPLER)

/* Packs the hardware Sampler for a create info with `border` in place of a
 * custom border colour; false (with a logged reason) for what the hardware
 * Sampler cannot express here (reductions other than weighted average,
 * YCbCr). */
bool agxv_pack_sampler(const VkSamplerCreateInfo *info, int border, uint32_t hw[2]);

/* Whether a create info asks for a custom border colour that sampling can
 * reach (an address mode clamps to the border). */
bool agxv_sampler_custom_border(const VkSamplerCreateInfo *info);

/* The descriptor half for a sampler (zeros for VK_NULL_HANDLE). */
struct agxv_sampler_desc agxv_sampler_descriptor(const struct agxv_sampler *sampler);

#endif
