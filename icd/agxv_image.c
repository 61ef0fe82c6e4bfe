/*
 * VkImage: creation, memory requirements, binding, subresource layouts.
 * Optimal tiling is the hardware's GPU tiled layout, linear tiling its
 * Linear layout (2D, one level, one layer, as in Honeykrisp); the layout
 * math is agx_image_layout.h, shared with the copy kernels.
 */
#include "agxv_image.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_device_memory.h"
#include "agxv_format.h"
#include "agxv_format_table.h"
#include "agxv_log.h"
#include "agxv_physical_device.h"

VkResult
agxv_image_init(struct agxv_image *image, const VkImageCreateInfo *info)
{
   const struct agxv_format_info *f = agxv_format_info(info->format);
   if (!f)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "image format %d", info->format);
   if (info->samples != VK_SAMPLE_COUNT_1_BIT)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "multisampled images");
   memset(image, 0, sizeof(*image));
   image->type = info->imageType;
   image->format = info->format;
   image->tiling = info->tiling;
   image->usage = info->usage;
   image->flags = info->flags;
   image->extent = info->extent;
   image->mip_levels = info->mipLevels;
   image->array_layers = info->arrayLayers;
   bool tiled = info->tiling != VK_IMAGE_TILING_LINEAR;
   uint32_t depth = info->imageType == VK_IMAGE_TYPE_3D ? info->extent.depth : 1;
   uint32_t height = info->imageType == VK_IMAGE_TYPE_1D ? 1 : info->extent.height;
   if (f->block > 1 && info->imageType != VK_IMAGE_TYPE_2D)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "block-compressed images are 2D only");
   if (!agx_image_layout_init_block(&image->layout, tiled, f->bytes, f->block, info->extent.width,
                                    height, depth, info->arrayLayers, info->mipLevels))
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED,
                        "image %ux%ux%u, %u layers, %u levels, %s tiling not supported",
                        info->extent.width, height, depth, info->arrayLayers, info->mipLevels,
                        tiled ? "optimal" : "linear");
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateImage(VkDevice _device, const VkImageCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkImage *pImage)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   struct agxv_image tmp;
   VkResult r = agxv_image_init(&tmp, pCreateInfo);
   if (r != VK_SUCCESS)
      return r;
   struct agxv_image *image = agxv_zalloc(agxv_choose_alloc(&device->alloc, pAllocator),
                                          sizeof(*image), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!image)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   *image = tmp;
   agxv_object_init(&image->base, device, VK_OBJECT_TYPE_IMAGE);
   *pImage = agxv_image_to_handle(image);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyImage(VkDevice _device, VkImage _image, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), agxv_image_from_handle(_image));
}

static void
image_requirements(const struct agxv_image *image, VkMemoryRequirements *req)
{
   VkDeviceSize align = image->layout.tiled ? AGXV_IMAGE_ALIGN_TILED : AGXV_IMAGE_ALIGN_LINEAR;
   req->alignment = align;
   req->size = (image->layout.size + align - 1) & ~(align - 1);
   req->memoryTypeBits = 1;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetImageMemoryRequirements(VkDevice _device, VkImage _image, VkMemoryRequirements *pReq)
{
   image_requirements(agxv_image_from_handle(_image), pReq);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetImageMemoryRequirements2(VkDevice _device, const VkImageMemoryRequirementsInfo2 *pInfo,
                                 VkMemoryRequirements2 *pReq)
{
   image_requirements(agxv_image_from_handle(pInfo->image), &pReq->memoryRequirements);
   agxv_fill_dedicated_requirements(pReq->pNext);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceImageMemoryRequirements(VkDevice _device,
                                      const VkDeviceImageMemoryRequirements *pInfo,
                                      VkMemoryRequirements2 *pReq)
{
   struct agxv_image image;
   if (agxv_image_init(&image, pInfo->pCreateInfo) != VK_SUCCESS) {
      /* invalid usage: the create info is not a supported image */
      memset(&pReq->memoryRequirements, 0, sizeof(pReq->memoryRequirements));
      return;
   }
   image_requirements(&image, &pReq->memoryRequirements);
   agxv_fill_dedicated_requirements(pReq->pNext);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetImageSparseMemoryRequirements(VkDevice _device, VkImage image, uint32_t *pCount,
                                      VkSparseImageMemoryRequirements *pReqs)
{
   *pCount = 0; /* no sparse images */
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetImageSparseMemoryRequirements2(VkDevice _device,
                                       const VkImageSparseMemoryRequirementsInfo2 *pInfo,
                                       uint32_t *pCount, VkSparseImageMemoryRequirements2 *pReqs)
{
   *pCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceImageSparseMemoryRequirements(VkDevice _device,
                                            const VkDeviceImageMemoryRequirements *pInfo,
                                            uint32_t *pCount,
                                            VkSparseImageMemoryRequirements2 *pReqs)
{
   *pCount = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_BindImageMemory2(VkDevice _device, uint32_t count, const VkBindImageMemoryInfo *pInfos)
{
   for (uint32_t i = 0; i < count; i++) {
      AGXV_FROM_HANDLE(agxv_image, image, pInfos[i].image);
      AGXV_FROM_HANDLE(agxv_device_memory, mem, pInfos[i].memory);
      image->va = mem->bo->va + pInfos[i].memoryOffset;
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_BindImageMemory(VkDevice _device, VkImage image, VkDeviceMemory memory, VkDeviceSize offset)
{
   VkBindImageMemoryInfo info = {
      .sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO,
      .image = image,
      .memory = memory,
      .memoryOffset = offset,
   };
   return agxv_BindImageMemory2(_device, 1, &info);
}

/* Linear images only (valid usage); for tiled ones the level's offset and
 * size are reported with the layer stride, row pitch 0 (not addressable
 * by rows). */
VKAPI_ATTR void VKAPI_CALL
agxv_GetImageSubresourceLayout(VkDevice _device, VkImage _image,
                               const VkImageSubresource *pSubresource, VkSubresourceLayout *pLayout)
{
   AGXV_FROM_HANDLE(agxv_image, image, _image);
   const struct agx_image_layout *l = &image->layout;
   memset(pLayout, 0, sizeof(*pLayout));
   uint32_t level = pSubresource->mipLevel;
   if (level >= l->levels)
      return;
   pLayout->offset =
      l->level_offset[level] + (VkDeviceSize)pSubresource->arrayLayer * l->layer_stride;
   pLayout->arrayPitch = l->layer_stride;
   pLayout->depthPitch = l->layer_stride;
   if (l->tiled) {
      uint64_t end = level + 1 < l->levels ? l->level_offset[level + 1] : l->layer_stride;
      pLayout->size = end - l->level_offset[level];
   } else {
      pLayout->rowPitch = l->linear_stride;
      pLayout->size = (VkDeviceSize)l->linear_stride * l->height;
   }
}
