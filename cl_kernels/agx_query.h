/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the query-result copy kernel (agx_query.cl, vkCmdCopyQueryPoolResults),
 * shared by the driver and the kernel.
 * The pool layout is the caller's (no documented hardware layout applies, it is plain memory):
 * one u32 availability word per query (non-zero: available) every `availability_stride`
 * bytes, and `values_per_query` consecutive u64 results per query every `results_stride`
 * bytes. The driver's pools (icd/agxv_query_pool.c) interleave both in 16-byte records.
 * Flags have the values of VkQueryResultFlagBits (checked by the tests).
 */
#ifndef AGX_QUERY_H
#define AGX_QUERY_H

#include "agx_cl_shim.h"

#define AGX_QUERY_RESULT_64_BIT 0x1u
#define AGX_QUERY_RESULT_WAIT 0x2u
#define AGX_QUERY_RESULT_WITH_AVAILABILITY 0x4u
#define AGX_QUERY_RESULT_PARTIAL 0x8u

#define AGX_QUERY_GROUP_SIZE 32

struct agx_copy_query_args {
   uint64_t availability; /* query q's u32 at availability + q * availability_stride */
   uint64_t results;      /* query q's u64s at results + q * results_stride */
   uint64_t dst;          /* 4-byte aligned, 8 with AGX_QUERY_RESULT_64_BIT */
   uint64_t dst_stride;
   uint32_t first_query;
   uint32_t query_count;
   uint32_t values_per_query;
   uint32_t flags;
   uint32_t availability_stride; /* bytes, a multiple of 4 */
   uint32_t results_stride;      /* bytes, a multiple of 8 */
};

AGX_STATIC_ASSERT(sizeof(struct agx_copy_query_args) == 56, "query args layout");

#endif
