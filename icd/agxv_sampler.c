/*
 * Samplers: VkSamplerCreateInfo -> genxml "Sampler" (8 bytes), as
 * Honeykrisp's hk_sampler.c maps it (facts: wrap, filter, compare and
 * border encodings; anisotropy as a power of two; unnormalized
 * coordinates = "Pixel coordinates"; seamless cube maps). The LOD bias has
 * no Sampler field: descriptors carry it for the shader (agx_abi.h).
 * Samplers live in a device-wide heap of AGXV_SAMPLER_HEAP_COUNT entries,
 * created with the first sampler; a slot is taken per VkSampler and freed
 * with it. Assumes the heap BO stays mapped and that commands using a
 * sampler are submitted only while it exists (valid usage).
 *
 * Custom border colours (VK_EXT_custom_border_color) are emulated as
 * Honeykrisp does (hk_sampler.c, hk_descriptor_set.h): the hardware's own
 * custom border ("Border colour" Custom with a Border record after the
 * Sampler) exists only for samplers loaded into sampler state registers in
 * extended mode (Mesa agx_helpers.h "8/16 extended", decode.c stride
 * Sampler + Border), not for the bindless heap of 8-byte entries shaders
 * index here (Mesa's gallium driver clears the Custom bit in its
 * bindless-safe copy), and its Border is packed per texture format (Mesa
 * agx_border.c: "no customBorderColorWithoutFormat"). So such a sampler
 * takes two heap slots, one with an opaque-white border and a twin with a
 * transparent-black one, and its descriptor carries the colour; shaders
 * sample twice and blend (agx_pass_lower_image.c).
 */
#include "agxv_sampler.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agx_pack.h"

static enum agx_wrap
wrap(VkSamplerAddressMode m)
{
   switch (m) {
   case VK_SAMPLER_ADDRESS_MODE_REPEAT:
      return AGX_WRAP_REPEAT;
   case VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT:
      return AGX_WRAP_MIRRORED_REPEAT;
   case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER:
      return AGX_WRAP_CLAMP_TO_BORDER;
   case VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE:
      return AGX_WRAP_MIRRORED_CLAMP_TO_EDGE;
   default:
      return AGX_WRAP_CLAMP_TO_EDGE;
   }
}

static enum agx_compare_func
compare(VkCompareOp op)
{
   switch (op) {
   case VK_COMPARE_OP_NEVER:
      return AGX_COMPARE_FUNC_NEVER;
   case VK_COMPARE_OP_LESS:
      return AGX_COMPARE_FUNC_LESS;
   case VK_COMPARE_OP_EQUAL:
      return AGX_COMPARE_FUNC_EQUAL;
   case VK_COMPARE_OP_LESS_OR_EQUAL:
      return AGX_COMPARE_FUNC_LEQUAL;
   case VK_COMPARE_OP_GREATER:
      return AGX_COMPARE_FUNC_GREATER;
   case VK_COMPARE_OP_NOT_EQUAL:
      return AGX_COMPARE_FUNC_NOT_EQUAL;
   case VK_COMPARE_OP_GREATER_OR_EQUAL:
      return AGX_COMPARE_FUNC_GEQUAL;
   default:
      return AGX_COMPARE_FUNC_ALWAYS;
   }
}

bool
agxv_sampler_custom_border(const VkSamplerCreateInfo *info)
{
   bool custom = info->borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT ||
                 info->borderColor == VK_BORDER_COLOR_INT_CUSTOM_EXT;
   return custom && (info->addressModeU == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                     info->addressModeV == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                     info->addressModeW == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
}

bool
agxv_pack_sampler(const VkSamplerCreateInfo *info, int custom, uint32_t hw[2])
{
   enum agx_border_colour border;
   switch (info->borderColor) {
   case VK_BORDER_COLOR_FLOAT_CUSTOM_EXT:
   case VK_BORDER_COLOR_INT_CUSTOM_EXT:
      border = (enum agx_border_colour)custom;
      break;
   case VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK:
   case VK_BORDER_COLOR_INT_TRANSPARENT_BLACK:
      border = AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
      break;
   case VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK:
   case VK_BORDER_COLOR_INT_OPAQUE_BLACK:
      border = AGX_BORDER_COLOUR_OPAQUE_BLACK;
      break;
   case VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE:
   case VK_BORDER_COLOR_INT_OPAQUE_WHITE:
      border = AGX_BORDER_COLOUR_OPAQUE_WHITE;
      break;
   default:
      agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "sampler border colour %d", info->borderColor);
      return false;
   }
   if (agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO) ||
       agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO)) {
      const VkSamplerReductionModeCreateInfo *red =
         (const VkSamplerReductionModeCreateInfo *)agxv_find_struct(
            info->pNext, VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO);
      if (!red || red->reductionMode != VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE) {
         agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "sampler reduction / YCbCr conversion");
         return false;
      }
   }
   unsigned aniso = 1;
   if (info->anisotropyEnable) {
      while (aniso < info->maxAnisotropy && aniso < 16)
         aniso <<= 1;
   }
   agx_pack(hw, SAMPLER, cfg) {
      cfg.minimum_lod = info->minLod;
      cfg.maximum_lod = info->maxLod;
      cfg.maximum_anisotropy = aniso;
      cfg.magnify = info->magFilter == VK_FILTER_LINEAR ? AGX_FILTER_LINEAR : AGX_FILTER_NEAREST;
      cfg.minify = info->minFilter == VK_FILTER_LINEAR ? AGX_FILTER_LINEAR : AGX_FILTER_NEAREST;
      cfg.mip_filter = info->mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR ? AGX_MIP_FILTER_LINEAR
                                                                         : AGX_MIP_FILTER_NEAREST;
      cfg.wrap_s = wrap(info->addressModeU);
      cfg.wrap_t = wrap(info->addressModeV);
      cfg.wrap_r = wrap(info->addressModeW);
      cfg.pixel_coordinates = info->unnormalizedCoordinates;
      cfg.compare_func = compare(info->compareOp);
      cfg.compare_enable = info->compareEnable;
      cfg.border_colour = border;
      /* VK_EXT_non_seamless_cube_map: each face filtered on its own
       * (the Sampler's "Seamful cube maps", genxml agx_sampler.xml) */
      cfg.seamful_cube_maps = info->flags & VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT;
   }
   return true;
}

void
agxv_device_sampler_heap(struct agxv_device *device, uint64_t *va, uint32_t *count)
{
   struct agxv_bo *heap = __atomic_load_n(&device->sampler_heap, __ATOMIC_ACQUIRE);
   *va = heap ? heap->va : 0;
   *count = heap ? AGXV_SAMPLER_HEAP_COUNT : 0;
}

/* Takes a heap slot and writes the Sampler into it. */
static VkResult
heap_alloc(struct agxv_device *device, const uint32_t hw[2], uint32_t *index)
{
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&device->meta_mutex);
   if (!device->sampler_heap) {
      struct agxv_bo *bo = NULL;
      void *map;
      result = agxv_bo_create(device, AGXV_SAMPLER_HEAP_COUNT * AGX_SAMPLER_LENGTH,
                              AGXV_BO_READONLY, "sampler heap", &bo);
      if (result == VK_SUCCESS)
         result = agxv_bo_map(device, bo, &map);
      if (result == VK_SUCCESS) {
         memset(map, 0, AGXV_SAMPLER_HEAP_COUNT * AGX_SAMPLER_LENGTH);
         __atomic_store_n(&device->sampler_heap, bo, __ATOMIC_RELEASE);
      } else if (bo) {
         agxv_bo_destroy(device, bo);
      }
   }
   if (result == VK_SUCCESS) {
      result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
      for (uint32_t w = 0; w < AGXV_SAMPLER_HEAP_COUNT / 32; w++) {
         if (device->sampler_used[w] == 0xFFFFFFFFu)
            continue;
         uint32_t bit = (uint32_t)__builtin_ctz(~device->sampler_used[w]);
         device->sampler_used[w] |= 1u << bit;
         *index = w * 32 + bit;
         memcpy((uint8_t *)device->sampler_heap->map + *index * AGX_SAMPLER_LENGTH, hw,
                AGX_SAMPLER_LENGTH);
         result = VK_SUCCESS;
         break;
      }
   }
   pthread_mutex_unlock(&device->meta_mutex);
   return result;
}

/* Frees a heap slot. */
static void
heap_free(struct agxv_device *device, uint32_t index)
{
   pthread_mutex_lock(&device->meta_mutex);
   device->sampler_used[index / 32] &= ~(1u << (index % 32));
   pthread_mutex_unlock(&device->meta_mutex);
}

struct agxv_sampler_desc
agxv_sampler_descriptor(const struct agxv_sampler *sampler)
{
   if (!sampler)
      return (struct agxv_sampler_desc){0};
   return sampler->desc;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateSampler(VkDevice _device, const VkSamplerCreateInfo *pCreateInfo,
                   const VkAllocationCallbacks *pAllocator, VkSampler *pSampler)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkSamplerCustomBorderColorCreateInfoEXT *cb =
      (const VkSamplerCustomBorderColorCreateInfoEXT *)agxv_find_struct(
         pCreateInfo->pNext, VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT);
   bool custom = agxv_sampler_custom_border(pCreateInfo);
   if (custom && !cb) {
      agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                 "custom border colour without VkSamplerCustomBorderColorCreateInfoEXT");
      return VK_ERROR_FEATURE_NOT_PRESENT;
   }
   uint32_t hw[2], twin_hw[2];
   if (!agxv_pack_sampler(pCreateInfo, AGX_BORDER_COLOUR_OPAQUE_WHITE, hw) ||
       !agxv_pack_sampler(pCreateInfo, AGX_BORDER_COLOUR_TRANSPARENT_BLACK, twin_hw))
      return VK_ERROR_FEATURE_NOT_PRESENT;
   struct agxv_sampler *sampler =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator), sizeof(*sampler),
                         VK_OBJECT_TYPE_SAMPLER);
   if (!sampler)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult r = heap_alloc(device, hw, &sampler->index);
   uint32_t twin = 0;
   if (r == VK_SUCCESS && custom) {
      r = heap_alloc(device, twin_hw, &twin);
      if (r != VK_SUCCESS)
         heap_free(device, sampler->index);
   }
   if (r != VK_SUCCESS) {
      agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), sampler);
      return r;
   }
   sampler->twin = custom ? twin + 1 : 0;
   sampler->desc.index = sampler->index | sampler->twin << 16;
   sampler->desc.lod_bias = pCreateInfo->mipLodBias;
   /* The colour as given: float words for FLOAT_CUSTOM, integers for
    * INT_CUSTOM; the shader reads them as its result type, whatever the
    * format (customBorderColorWithoutFormat). */
   if (custom)
      memcpy(sampler->desc.border, cb->customBorderColor.uint32, 16);
   memcpy(sampler->hw, hw, sizeof(hw));
   *pSampler = agxv_sampler_to_handle(sampler);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroySampler(VkDevice _device, VkSampler _sampler, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_sampler, sampler, _sampler);
   if (!sampler)
      return;
   heap_free(device, sampler->index);
   if (sampler->twin)
      heap_free(device, sampler->twin - 1);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), sampler);
}
