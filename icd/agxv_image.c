/*
 * VkImage: creation, memory requirements, binding, subresource layouts.
 * Optimal tiling is the hardware's GPU tiled layout, linear tiling its
 * Linear layout (2D, one level, one layer, as in Honeykrisp); the layout
 * math is agx_image_layout.h, shared with the copy kernels. Depth/stencil
 * images (optimal tiling only, 1D/2D) keep depth and stencil in separate planes laid out like R16/R32/R8
 * images of the same size, with page-aligned layers for arrays.
 * Multisampled images (2 or 4 samples: 2D, optimal tiling, one level) are
 * laid out as ail does (graphics.md §7.1): an element holds every sample of
 * a texel, sample s at byte s x texel bytes, tiles chosen for that element
 * size; compression is off, so there is no metadata.
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

bool
agxv_zs_format_planes(VkFormat format, unsigned *depth_bytes, unsigned *stencil_bytes)
{
   /* Honeykrisp's depth/stencil formats (graphics.md §7.4): Z16 unorm, Z32
    * float, S8 as its own plane (no D24). */
   switch (format) {
   case VK_FORMAT_D16_UNORM:
      *depth_bytes = 2, *stencil_bytes = 0;
      return true;
   case VK_FORMAT_D32_SFLOAT:
      *depth_bytes = 4, *stencil_bytes = 0;
      return true;
   case VK_FORMAT_S8_UINT:
      *depth_bytes = 0, *stencil_bytes = 1;
      return true;
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
      *depth_bytes = 4, *stencil_bytes = 1;
      return true;
   default:
      return false;
   }
}

VkFormat
agxv_zs_plane_format(VkFormat format, VkImageAspectFlagBits aspect)
{
   unsigned depth_bytes, stencil_bytes;
   if (!agxv_zs_format_planes(format, &depth_bytes, &stencil_bytes))
      return aspect == VK_IMAGE_ASPECT_COLOR_BIT ? format : VK_FORMAT_UNDEFINED;
   if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT && depth_bytes)
      return depth_bytes == 2 ? VK_FORMAT_R16_UNORM : VK_FORMAT_R32_SFLOAT;
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT && stencil_bytes)
      return VK_FORMAT_R8_UINT;
   return VK_FORMAT_UNDEFINED;
}

/* One depth or stencil plane: GPU tiled; arrays get page-aligned layers, as
 * ail lays out renderable Z/S arrays (graphics.md §7.1: the ZLS takes the
 * layer stride in pages, hk_CmdBeginRendering asserts "Page aligned Z
 * layers"). */
static bool
zs_plane_layout(struct agx_image_layout *l, unsigned bytes, const VkImageCreateInfo *info,
                uint32_t height)
{
   if (!agx_image_layout_init(l, true, bytes * info->samples, info->extent.width, height, 1,
                              info->arrayLayers, info->mipLevels))
      return false;
   if (l->layers > 1) {
      l->layer_stride = agx_image_align(l->layer_stride, AGX_IMAGE_PAGE);
      l->size = l->layer_stride * l->layers;
   }
   return true;
}

static VkResult
zs_image_init(struct agxv_image *image, const VkImageCreateInfo *info, unsigned depth_bytes,
              unsigned stencil_bytes)
{
   uint32_t height = info->imageType == VK_IMAGE_TYPE_1D ? 1 : info->extent.height;
   if (info->tiling == VK_IMAGE_TILING_LINEAR || info->imageType == VK_IMAGE_TYPE_3D)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED,
                        "depth/stencil images are 1D/2D with optimal tiling");
   bool ok =
      zs_plane_layout(&image->layout, depth_bytes ? depth_bytes : stencil_bytes, info, height);
   if (ok && depth_bytes && stencil_bytes) {
      image->separate_stencil = true;
      image->stencil_offset = agx_image_align(image->layout.size, AGX_IMAGE_PAGE);
      ok = zs_plane_layout(&image->stencil_layout, stencil_bytes, info, height);
   }
   if (!ok)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED,
                        "depth/stencil image %ux%u, %u layers, %u levels not supported",
                        info->extent.width, height, info->arrayLayers, info->mipLevels);
   return VK_SUCCESS;
}

VkResult
agxv_image_init(struct agxv_image *image, const VkImageCreateInfo *info)
{
   unsigned depth_bytes, stencil_bytes;
   bool zs = agxv_zs_format_planes(info->format, &depth_bytes, &stencil_bytes);
   const struct agxv_format_info *f = agxv_format_info(info->format);
   if (!f && !zs)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "image format %d", info->format);
   if (info->samples != VK_SAMPLE_COUNT_1_BIT &&
       (!(info->samples & AGXV_SAMPLE_COUNTS) || info->imageType != VK_IMAGE_TYPE_2D ||
        info->tiling != VK_IMAGE_TILING_OPTIMAL || info->mipLevels != 1 || (f && f->block > 1)))
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED,
                        "%u-sample image: multisampled images are 2D, optimal, one level, "
                        "2 or 4 samples",
                        (unsigned)info->samples);
   memset(image, 0, sizeof(*image));
   image->type = info->imageType;
   image->format = info->format;
   image->tiling = info->tiling;
   image->usage = info->usage;
   image->flags = info->flags;
   image->extent = info->extent;
   image->mip_levels = info->mipLevels;
   image->array_layers = info->arrayLayers;
   image->samples = info->samples;
   if (zs)
      return zs_image_init(image, info, depth_bytes, stencil_bytes);
   bool tiled = info->tiling != VK_IMAGE_TILING_LINEAR;
   uint32_t depth = info->imageType == VK_IMAGE_TYPE_3D ? info->extent.depth : 1;
   uint32_t height = info->imageType == VK_IMAGE_TYPE_1D ? 1 : info->extent.height;
   if (f->block > 1 && info->imageType != VK_IMAGE_TYPE_2D)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "block-compressed images are 2D only");
   if (!agx_image_layout_init_blocks(&image->layout, tiled, f->bytes * info->samples, f->block,
                                     f->block_h, info->extent.width, height, depth,
                                     info->arrayLayers, info->mipLevels))
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED,
                        "image %ux%ux%u, %u layers, %u levels, %s tiling, format %d, %u samples "
                        "not supported",
                        info->extent.width, height, depth, info->arrayLayers, info->mipLevels,
                        tiled ? "optimal" : "linear", (int)info->format, (unsigned)info->samples);
   return VK_SUCCESS;
}

const struct agx_image_layout *
agxv_image_plane(const struct agxv_image *image, VkImageAspectFlagBits aspect, uint64_t *offset)
{
   unsigned depth_bytes = 0, stencil_bytes = 0;
   bool zs = agxv_zs_format_planes(image->format, &depth_bytes, &stencil_bytes);
   *offset = 0;
   switch (aspect) {
   case VK_IMAGE_ASPECT_COLOR_BIT:
      return zs ? NULL : &image->layout;
   case VK_IMAGE_ASPECT_DEPTH_BIT:
      return depth_bytes ? &image->layout : NULL;
   case VK_IMAGE_ASPECT_STENCIL_BIT:
      if (!stencil_bytes)
         return NULL;
      if (!image->separate_stencil)
         return &image->layout;
      *offset = image->stencil_offset;
      return &image->stencil_layout;
   default:
      return NULL;
   }
}

uint64_t
agxv_image_size(const struct agxv_image *image)
{
   return image->separate_stencil ? image->stencil_offset + image->stencil_layout.size
                                  : image->layout.size;
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
   req->size = (agxv_image_size(image) + align - 1) & ~(align - 1);
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
      agxv_bind_memory_status(pInfos[i].pNext, VK_SUCCESS);
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
static void
subresource_layout(const struct agxv_image *image, const VkImageSubresource *pSubresource,
                   VkSubresourceLayout *pLayout)
{
   uint64_t plane_offset;
   const struct agx_image_layout *l =
      agxv_image_plane(image, (VkImageAspectFlagBits)pSubresource->aspectMask, &plane_offset);
   memset(pLayout, 0, sizeof(*pLayout));
   uint32_t level = pSubresource->mipLevel;
   if (!l || level >= l->levels)
      return;
   pLayout->offset = plane_offset + l->level_offset[level] +
                     (VkDeviceSize)pSubresource->arrayLayer * l->layer_stride;
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

VKAPI_ATTR void VKAPI_CALL
agxv_GetImageSubresourceLayout(VkDevice _device, VkImage _image,
                               const VkImageSubresource *pSubresource, VkSubresourceLayout *pLayout)
{
   subresource_layout(agxv_image_from_handle(_image), pSubresource, pLayout);
}

/* VK_KHR_maintenance5: the same layout through extensible structures
 * (nothing this device supports chains into them). */
VKAPI_ATTR void VKAPI_CALL
agxv_GetImageSubresourceLayout2KHR(VkDevice _device, VkImage _image,
                                   const VkImageSubresource2KHR *pSubresource,
                                   VkSubresourceLayout2KHR *pLayout)
{
   subresource_layout(agxv_image_from_handle(_image), &pSubresource->imageSubresource,
                      &pLayout->subresourceLayout);
}

/* VK_KHR_maintenance5: the layout an image created from pCreateInfo would
 * have (its layout depends on nothing but the create info). */
VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceImageSubresourceLayoutKHR(VkDevice _device,
                                        const VkDeviceImageSubresourceInfoKHR *pInfo,
                                        VkSubresourceLayout2KHR *pLayout)
{
   struct agxv_image image;
   if (agxv_image_init(&image, pInfo->pCreateInfo) != VK_SUCCESS) {
      /* invalid usage: the create info is not a supported image */
      memset(&pLayout->subresourceLayout, 0, sizeof(pLayout->subresourceLayout));
      return;
   }
   subresource_layout(&image, &pInfo->pSubresource->imageSubresource, &pLayout->subresourceLayout);
}
