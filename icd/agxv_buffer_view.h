/* VkBufferView: a texel buffer descriptor, packed once at creation in the
 * layout agx_abi.h gives texel buffers (Texture at +0, PBE at +24). */
#ifndef AGXV_BUFFER_VIEW_H
#define AGXV_BUFFER_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "agx_abi.h"
#include "agxv_object.h"

struct agxv_buffer_view {
   struct agxv_object base;
   VkFormat format;
   uint64_t elements;
   uint32_t desc[AGX_ABI_TEXEL_DESC_SIZE / 4]; /* copied into descriptor sets */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_buffer_view, VkBufferView, VK_OBJECT_TYPE_BUFFER_VIEW)

/* Packs the descriptor of `elements` texels of format starting at GPU
 * address va (any texel-aligned address) into desc (48 bytes). Returns
 * false if the format has no buffer support. Shared with tests. */
bool agxv_pack_texel_buffer(VkFormat format, uint64_t va, uint64_t elements, uint32_t *desc);

#endif
