/* Encoding one texel of a table format from a VkClearColorValue (agx_texel_pack.c). */
#ifndef AGX_TEXEL_PACK_H
#define AGX_TEXEL_PACK_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

/* The texel's bytes (little endian, format->bytes of them) in out[4]; false
 * for formats whose encoding is not implemented (B10G11R11, E5B9G9R9). */
bool agx_pack_clear_texel(VkFormat format, const VkClearColorValue *value, uint32_t out[4]);

#endif
