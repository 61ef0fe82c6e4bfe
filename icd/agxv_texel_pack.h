/* Encoding one texel of a table format from a VkClearColorValue (agxv_texel_pack.c). */
#ifndef AGXV_TEXEL_PACK_H
#define AGXV_TEXEL_PACK_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

/* The texel's bytes (little endian, format->bytes of them) in out[4]; false
 * for formats outside the table. */
bool agxv_pack_clear_texel(VkFormat format, const VkClearColorValue *value, uint32_t out[4]);

/* The widths of the memory channels of genxml Channels value `channels` (least significant
 * first) in bits[]; returns how many there are, 0 for the packed float and block formats. */
unsigned agxv_channel_bits(unsigned channels, unsigned bits[4]);

#endif
