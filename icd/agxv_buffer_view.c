/*
 * Buffer views: texel buffers as LINEAR 2D images AGX_ABI_TEXEL_WIDTH
 * (16384) texels wide, as Honeykrisp builds them (hk_buffer_view.c facts):
 * the descriptor addresses hold the view's start rounded down to 16 bytes,
 * the whole texels between that and the real start go in "Buffer offset
 * (sw)" (the shader adds them), the element count in "Buffer size (sw)"
 * (the shader bounds-checks against it). Linear strides: Texture = row
 * bytes - 16, PBE = row bytes - 4 (the encodings Mesa uses). The height
 * covers the skipped texels too: rows = ceil((skip + elements) / width),
 * which maxTexelBufferElements (2^27) keeps within the 14-bit field.
 */
#include "agxv_buffer_view.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_buffer.h"
#include "agxv_device.h"
#include "agxv_format_table.h"
#include "agxv_log.h"
#include "agxv_physical_device.h"
#include "agx_pack.h"

bool
agxv_pack_texel_buffer(VkFormat format, uint64_t va, uint64_t elements, uint32_t *desc)
{
   const struct agxv_format_info *f = agxv_format_info(format);
   if (!f || f->depth || f->block > 1) /* attachment-only and block-compressed formats */
      return false;
   uint64_t head = va & ~(uint64_t)15;
   uint32_t skip = (uint32_t)(va & 15) / f->bytes;
   uint64_t rows = (skip + elements + AGX_ABI_TEXEL_WIDTH - 1) / AGX_ABI_TEXEL_WIDTH;
   if (rows == 0)
      rows = 1;
   uint32_t row_bytes = AGX_ABI_TEXEL_WIDTH * f->bytes;

   agx_pack(desc + AGX_ABI_TEXEL_TEXTURE / 4, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = f->channels;
      cfg.type = f->type;
      cfg.swizzle_r = f->swizzle[0];
      cfg.swizzle_g = f->swizzle[1];
      cfg.swizzle_b = f->swizzle[2];
      cfg.swizzle_a = f->swizzle[3];
      cfg.width = AGX_ABI_TEXEL_WIDTH;
      cfg.height = (uint32_t)rows;
      cfg.address = head;
      cfg.srgb = f->srgb;
      cfg.srgb_2_channel = f->srgb_2_channel;
      cfg.stride = row_bytes - 16;
      cfg.buffer_size_sw = (uint32_t)elements;
      cfg.buffer_offset_sw = skip;
   }
   agx_pack(desc + AGX_ABI_TEXEL_PBE / 4, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = f->channels;
      cfg.type = f->type;
      cfg.swizzle_r = f->pbe_swizzle[0];
      cfg.swizzle_g = f->pbe_swizzle[1];
      cfg.swizzle_b = f->pbe_swizzle[2];
      cfg.swizzle_a = f->pbe_swizzle[3];
      cfg.width = AGX_ABI_TEXEL_WIDTH;
      cfg.height = (uint32_t)rows;
      cfg.buffer = head;
      cfg.srgb = f->srgb;
      cfg.stride = row_bytes - 4;
      cfg.buffer_offset_sw = skip;
   }
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateBufferView(VkDevice _device, const VkBufferViewCreateInfo *pCreateInfo,
                      const VkAllocationCallbacks *pAllocator, VkBufferView *pView)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_buffer, buffer, pCreateInfo->buffer);
   const struct agxv_format_info *f = agxv_format_info(pCreateInfo->format);
   if (!f || f->depth || f->block > 1)
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "buffer view format %d",
                        pCreateInfo->format);
   VkDeviceSize range = pCreateInfo->range;
   if (range == VK_WHOLE_SIZE)
      range = buffer->size > pCreateInfo->offset ? buffer->size - pCreateInfo->offset : 0;
   struct agxv_buffer_view *view =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator), sizeof(*view),
                         VK_OBJECT_TYPE_BUFFER_VIEW);
   if (!view)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   view->format = pCreateInfo->format;
   /* VK_WHOLE_SIZE: the whole texels that fit */
   view->elements = range / f->bytes;
   if (view->elements > device->pdev->properties.v10.limits.maxTexelBufferElements)
      view->elements =
         device->pdev->properties.v10.limits.maxTexelBufferElements; /* invalid usage */
   agxv_pack_texel_buffer(view->format, buffer->va + pCreateInfo->offset, view->elements,
                          view->desc);
   *pView = agxv_buffer_view_to_handle(view);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyBufferView(VkDevice _device, VkBufferView bufferView,
                       const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator),
                    agxv_buffer_view_from_handle(bufferView));
}
