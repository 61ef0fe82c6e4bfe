/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * What tests/cl's OpenCL C test kernels need to build both as OpenCL C 2.0 (spir64, for the
 * GPU) and as plain C11 (the host reference run of the same source): address-space
 * qualifiers, work-item ids, to_global/to_local, get_fence and a generic atomic add.
 * Assumes: the host runs the invocations of one workgroup one after another (the kernels
 * use no barriers) and registers the workgroup's __local argument buffers first, so
 * to_local/to_global can tell local from global pointers (private pointers are never
 * passed to them).
 */
#ifndef CL_TEST_SHIM_H
#define CL_TEST_SHIM_H

#ifdef __OPENCL_C_VERSION__
#define TEST_KERNEL(x) kernel __attribute__((reqd_work_group_size(x, 1, 1)))
/* a __local variable declared in a kernel (static threadgroup memory) */
#define LOCAL_ARRAY(type, name, n) local type name[n]
#define GENERIC_ATOMIC_ADD(p, v) atomic_fetch_add((volatile atomic_uint *)(p), (v))
#else
#include <stddef.h>
#include <stdint.h>
typedef uint32_t uint;
typedef uint16_t ushort;
typedef uint8_t uchar;
#define global
#define local
#define constant const
#define TEST_KERNEL(x) static
#define LOCAL_ARRAY(type, name, n) static type name[n]
struct cl_host_ids {
   uint global_id, local_id;
   /* the current workgroup's __local argument buffers */
   const void *local_lo[4], *local_hi[4];
   unsigned num_local;
};
extern struct cl_host_ids cl_host;
#define get_global_id(d) ((size_t)cl_host.global_id)
#define get_local_id(d) ((size_t)cl_host.local_id)
static inline int
cl_host_is_local(const void *p)
{
   for (unsigned k = 0; k < cl_host.num_local; k++)
      if ((const char *)p >= (const char *)cl_host.local_lo[k] &&
          (const char *)p < (const char *)cl_host.local_hi[k])
         return 1;
   return 0;
}
#define to_local(p) (cl_host_is_local(p) ? (p) : NULL)
#define to_global(p) (cl_host_is_local(p) ? NULL : (p))
#define CLK_LOCAL_MEM_FENCE 1u
#define CLK_GLOBAL_MEM_FENCE 2u
#define get_fence(p) (cl_host_is_local(p) ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE)
static inline uint
cl_host_atomic_add(uint *p, uint v)
{
   uint old = *p;
   *p = old + v;
   return old;
}
#define GENERIC_ATOMIC_ADD(p, v) cl_host_atomic_add((p), (v))
#endif

#endif
