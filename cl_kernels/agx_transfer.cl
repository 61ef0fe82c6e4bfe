/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffer transfer kernels: vkCmdFillBuffer, vkCmdCopyBuffer, vkCmdUpdateBuffer.
 * Assumes: arguments as in agx_transfer.h; one workgroup is AGX_TRANSFER_GROUP_SIZE threads
 * along x and the driver launches enough of them to cover every dword.
 * Each kernel takes its argument struct by value (clang passes it ByVal; the compiler reads
 * it from the push-constant range); the host reference calls the same function once per
 * invocation.
 */
#include "agx_transfer.h"

AGX_KERNEL(AGX_TRANSFER_GROUP_SIZE, 1, 1)
void
agx_fill(struct agx_fill_args a)
{
   uint32_t i = agx_global_id_x();
   if (i < a.count)
      AGX_PTR(uint32_t, a.dst)[i] = a.value;
}

AGX_KERNEL(AGX_TRANSFER_GROUP_SIZE, 1, 1)
void
agx_copy(struct agx_copy_args a)
{
   uint32_t i = agx_global_id_x();
   if (i < a.count)
      AGX_PTR(uint32_t, a.dst)[i] = AGX_PTR(uint32_t, a.src)[i];
}

/* Byte b of the dword-addressed source. */
static uint32_t
agx_src_byte(AGX_GLOBAL const uint32_t *src, uint32_t b)
{
   return (src[b >> 2] >> ((b & 3u) * 8u)) & 0xffu;
}

/* Each invocation owns one destination dword, so the partial dwords at either end are merged
 * with the bytes already there without racing a neighbour. */
AGX_KERNEL(AGX_TRANSFER_GROUP_SIZE, 1, 1)
void
agx_copy_bytes(struct agx_copy_bytes_args a)
{
   uint32_t w = agx_global_id_x();
   AGX_GLOBAL const uint32_t *src = AGX_PTR(const uint32_t, a.src);
   AGX_GLOBAL uint32_t *dst = AGX_PTR(uint32_t, a.dst);
   if (a.size == 0u || w > (a.dst_byte + a.size - 1u) >> 2)
      return;
   uint32_t result = dst[w];
   for (uint32_t k = 0u; k < 4u; k++) {
      uint32_t b = w * 4u + k;
      if (b >= a.dst_byte && b < a.dst_byte + a.size) {
         uint32_t s = b - a.dst_byte + a.src_byte;
         result = (result & ~(0xffu << (k * 8u))) | (agx_src_byte(src, s) << (k * 8u));
      }
   }
   dst[w] = result;
}
