/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Argument structs of the transfer kernels (agx_transfer.cl), shared by the driver (C) and
 * the kernels (OpenCL C). A kernel takes its struct by value; the compiler places it at the
 * start of the push-constant range, so the driver passes the struct's bytes as push
 * constants. Addresses are plain 64-bit GPU virtual addresses.
 * Assumes: both sides lay the structs out identically (explicit padding, checked below).
 */
#ifndef AGX_TRANSFER_H
#define AGX_TRANSFER_H

#include "agx_cl_shim.h"

/* Threads per workgroup of every transfer kernel. */
#define AGX_TRANSFER_GROUP_SIZE 64

/* dst[i] = value for i < count (dwords). */
struct agx_fill_args {
   uint64_t dst;
   uint32_t count;
   uint32_t value;
};

/* dst[i] = src[i] for i < count (dwords; both addresses 4-byte aligned). */
struct agx_copy_args {
   uint64_t src;
   uint64_t dst;
   uint32_t count;
   uint32_t pad;
};

/* `size` bytes from src + src_byte to dst + dst_byte; src and dst are 4-byte aligned and
 * the byte offsets are < 4. One invocation per destination dword. */
struct agx_copy_bytes_args {
   uint64_t src;
   uint64_t dst;
   uint32_t src_byte;
   uint32_t dst_byte;
   uint32_t size;
   uint32_t pad;
};

AGX_STATIC_ASSERT(sizeof(struct agx_fill_args) == 16, "fill args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_copy_args) == 24, "copy args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_copy_bytes_args) == 32, "copy bytes args layout");

#endif
