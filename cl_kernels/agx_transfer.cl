/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffer transfer kernels: vkCmdFillBuffer, vkCmdCopyBuffer, vkCmdUpdateBuffer.
 * Assumes: arguments as in agx_transfer.h; one workgroup is AGX_TRANSFER_GROUP_SIZE threads
 * along x and the driver launches enough of them to cover every dword.
 * Each kernel is a body taking its argument struct (what the host reference calls once per
 * invocation) and, for the GPU, an entry point taking the struct's fields as scalars in
 * order: the compiler lays scalar kernel arguments out exactly like the struct (each at the
 * next offset aligned to its size), and clang passes struct arguments ByVal, which the
 * front end does not take.
 */
#include "agx_transfer.h"

static void
agx_fill_body(struct agx_fill_args a)
{
   uint32_t i = agx_global_id_x();
   if (i < a.count)
      AGX_PTR(uint32_t, a.dst)[i] = a.value;
}

static void
agx_copy_body(struct agx_copy_args a)
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
static void
agx_copy_bytes_body(struct agx_copy_bytes_args a)
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

#ifdef __OPENCL_C_VERSION__
AGX_KERNEL(AGX_TRANSFER_GROUP_SIZE, 1, 1)
void agx_fill(ulong dst, uint count, uint value)
{
   agx_fill_body((struct agx_fill_args){dst, count, value});
}

AGX_KERNEL(AGX_TRANSFER_GROUP_SIZE, 1, 1)
void agx_copy(ulong src, ulong dst, uint count)
{
   agx_copy_body((struct agx_copy_args){src, dst, count, 0});
}

AGX_KERNEL(AGX_TRANSFER_GROUP_SIZE, 1, 1)
void agx_copy_bytes(ulong src, ulong dst, uint src_byte, uint dst_byte, uint size)
{
   agx_copy_bytes_body((struct agx_copy_bytes_args){src, dst, src_byte, dst_byte, size, 0});
}
#endif
