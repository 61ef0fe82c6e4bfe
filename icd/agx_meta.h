/*
 * The driver's own compute work. Helper kernels are OpenCL C (cl_kernels/), compiled to AGX
 * at build time and embedded (agx_cl_kernels.h, generated); agx_dispatch_kernel launches
 * one with its argument struct as the push constants. The indirect-dispatch fix-up is still
 * a GLSL shader compiled from embedded SPIR-V on first use (agx_meta_get).
 * Pipelines are made on first use and kept for the device's lifetime.
 */
#ifndef AGX_META_H
#define AGX_META_H

#include <stdint.h>

#include <vulkan/vulkan_core.h>

struct agx_cmd_buffer;
struct agx_device;
struct agx_pipeline;

/* Room for the generated kernel table (enum agx_cl_kernel); checked in agx_meta.c. */
#define AGX_META_MAX_CL_KERNELS 16

enum agx_meta_kernel {
   AGX_META_INDIRECT, /* set 0: groups, threads, workgroup count; push: local size */
   AGX_META_CL_FIRST, /* + enum agx_cl_kernel: precompiled helper kernels */
   AGX_META_COUNT = AGX_META_CL_FIRST + AGX_META_MAX_CL_KERNELS,
};

/* The pipeline for `kernel`, compiling or uploading it the first time. */
VkResult agx_meta_get(struct agx_device *device, enum agx_meta_kernel kernel,
                      struct agx_pipeline **out);
void agx_meta_finish(struct agx_device *device);

/* Launches precompiled helper kernel `kernel` (enum agx_cl_kernel) over `groups_x`
 * workgroups; `args` (the kernel's argument struct from its cl_kernels/ header) becomes the
 * push-constant range. Errors are recorded on the command buffer. */
void agx_dispatch_kernel(struct agx_cmd_buffer *cmd, unsigned kernel, uint32_t groups_x,
                         const void *args, uint32_t args_size);

/* Writes `dwords` copies of `value` from GPU address `va` (4-byte aligned) on the GPU. */
void agx_meta_fill(struct agx_cmd_buffer *cmd, uint64_t va, uint64_t dwords, uint32_t value);

#endif
