/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host build of cl_pointers.cl (the same source as the GPU kernels, as C11 through
 * cl_test_shim.h): the CPU reference of test_cl_pointers.c.
 * Assumes: cl_test_shim.h's host side; __local buffers are registered per workgroup so
 * to_local / to_global can classify pointers.
 */
#include "cl_pointers_host.h"

#include <string.h>

struct cl_host_ids cl_host;

#include "cl_pointers.cl"

_Static_assert(CL_GROUP == CL_POINTERS_GROUP, "workgroup size");

/* Runs `body` for every invocation, __local buffers a (na words) and b (nb words) fresh
 * (filled with garbage) for each workgroup. */
#define FOR_EACH_INVOCATION(groups, na, nb, body)         \
   do {                                                   \
      static uint32_t la[4 * CL_GROUP], lb[4 * CL_GROUP]; \
      for (uint32_t grp = 0; grp < (groups); grp++) {     \
         memset(la, 0xa5, sizeof(la));                    \
         memset(lb, 0x5a, sizeof(lb));                    \
         cl_host.local_lo[0] = la;                        \
         cl_host.local_hi[0] = la + (na);                 \
         cl_host.local_lo[1] = lb;                        \
         cl_host.local_hi[1] = lb + (nb);                 \
         cl_host.num_local = 2;                           \
         for (uint32_t lid = 0; lid < CL_GROUP; lid++) {  \
            cl_host.global_id = grp * CL_GROUP + lid;     \
            cl_host.local_id = lid;                       \
            body;                                         \
         }                                                \
      }                                                   \
   } while (0)

void
cl_host_same_helper(uint32_t *out, const uint32_t *in, uint32_t groups)
{
   FOR_EACH_INVOCATION(groups, 2 * CL_GROUP, 0, cl_same_helper(out, in, la));
}

void
cl_host_select(uint32_t *out, uint32_t *buf, uint32_t mode, uint32_t groups)
{
   FOR_EACH_INVOCATION(groups, CL_GROUP, 0, cl_select(out, buf, la, mode));
}

void
cl_host_local_args(uint32_t *out, uint32_t salt, uint32_t groups)
{
   FOR_EACH_INVOCATION(groups, 4 * CL_GROUP, 2 * CL_GROUP, cl_local_args(out, la, lb, salt));
}

void
cl_host_const_table(uint32_t *out, const uint32_t *in, uint32_t groups)
{
   FOR_EACH_INVOCATION(groups, 0, 0, cl_const_table(out, in));
}

void
cl_host_generic_types(uint32_t *out, void *recs, uint32_t mode, uint32_t groups)
{
   _Static_assert(sizeof(struct cl_rec) == 8, "record layout");
   FOR_EACH_INVOCATION(groups, 2 * CL_GROUP, 0,
                       cl_generic_types(out, recs, (struct cl_rec *)(void *)la, mode));
}
