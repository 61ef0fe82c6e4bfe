/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host (CPU) runs of tests/cl/kernels/cl_pointers.cl: every invocation of `groups`
 * workgroups of CL_POINTERS_GROUP, in order, with fresh __local buffers per workgroup.
 * Assumes: buffers sized as the kernels index them (see the kernels).
 */
#ifndef CL_POINTERS_HOST_H
#define CL_POINTERS_HOST_H

#include <stdint.h>

#define CL_POINTERS_GROUP 16u

void cl_host_same_helper(uint32_t *out, const uint32_t *in, uint32_t groups);
void cl_host_select(uint32_t *out, uint32_t *buf, uint32_t mode, uint32_t groups);
void cl_host_local_args(uint32_t *out, uint32_t salt, uint32_t groups);
void cl_host_const_table(uint32_t *out, const uint32_t *in, uint32_t groups);
/* recs: N records of 8 bytes (struct cl_rec) */
void cl_host_generic_types(uint32_t *out, void *recs, uint32_t mode, uint32_t groups);

#endif
