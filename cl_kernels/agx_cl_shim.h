/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * What a helper kernel source needs to build both as OpenCL C (spir64, for the GPU) and as
 * plain C11 (host reference runs): fixed-size integer names, the `global` qualifier, the
 * kernel qualifier, a pointer-from-address cast and the global invocation index.
 * Assumes: clang-15 defines __OPENCL_C_VERSION__ for OpenCL C (not __OPENCL_VERSION__); the
 * host runs one invocation at a time and sets agx_host_global_id before each.
 */
#ifndef AGX_CL_SHIM_H
#define AGX_CL_SHIM_H

#ifdef __OPENCL_C_VERSION__
/* The same names genxml's agx_pack_helpers.h would define; it is told they exist. */
typedef uchar uint8_t;
typedef ushort uint16_t;
typedef uint uint32_t;
typedef int int32_t;
typedef ulong uint64_t;
typedef long int64_t;
typedef ulong uintptr_t;
#define AGX_CL_HAVE_STDINT
#define AGX_GLOBAL global
#define AGX_KERNEL(x, y, z) kernel __attribute__((reqd_work_group_size(x, y, z)))
#define agx_global_id_x() ((uint32_t)get_global_id(0))
#else
#include <stdint.h>
#define AGX_GLOBAL
#define AGX_KERNEL(x, y, z) static
/* Set by the host runner before calling a kernel function for one invocation. */
extern uint32_t agx_host_global_id;
#define agx_global_id_x() (agx_host_global_id)
#endif

/* A 64-bit address in an argument struct as a pointer (GPU virtual or host). */
#define AGX_PTR(type, addr) ((AGX_GLOBAL type *)(uintptr_t)(addr))

#define AGX_STATIC_ASSERT(c, m) _Static_assert(c, m)

#endif
