/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * A helper kernel compiled to AGX machine code at build time (by agx-precomp, see
 * compiler/agxc/agx_precomp.c) and embedded in the driver, with what a launch needs.
 * Assumes: the kernel reads its arguments from the push-constant range of the ABI's root
 * uniforms (compiler/ir/agx_abi.h) and uses no descriptor sets.
 */
#ifndef AGX_PRECOMPILED_H
#define AGX_PRECOMPILED_H

#include <stdint.h>

struct agx_precompiled_kernel {
   const char *name;    /* the OpenCL kernel's name */
   const uint8_t *code; /* machine code, ends with stop */
   uint32_t code_size;
   uint32_t gpr_halves;    /* 16-bit registers used */
   uint32_t local_size[3]; /* reqd_work_group_size */
   uint32_t shared_size;   /* bytes of threadgroup (local) memory */
   uint32_t scratch_size;  /* bytes of stack per thread */
   uint32_t args_size;     /* bytes of kernel arguments read */
   /* Read-only constant data (program-scope __constant arrays), stored in `code` at
    * const_data_offset; the driver passes its GPU address in the root uniforms
    * (AGX_ABI_CONST_DATA). Size 0: none. */
   uint32_t const_data_offset, const_data_size;
   /* __local arguments: byte offsets of their 64-bit slots in the argument struct,
    * where the dispatch writes each one's threadgroup-memory offset (sizes are given
    * at dispatch, agx_dispatch_kernel_local). */
   uint32_t num_local_args;
   uint32_t local_arg_offsets[8];
};

#endif
