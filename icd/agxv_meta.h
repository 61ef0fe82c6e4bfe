/*
 * The driver's own compute work: helper kernels written in OpenCL C (cl_kernels/), compiled
 * to AGX at build time and embedded (agx_cl_kernels.h, generated, enum agx_cl_kernel).
 * agxv_dispatch_kernel launches one with its argument struct (declared in the kernel's
 * cl_kernels/ header) as the push constants. Every kernel's pipeline is made when the
 * device is created (agxv_meta_init) and kept for its lifetime: recording never compiles,
 * uploads or allocates a pipeline.
 */
#ifndef AGXV_META_H
#define AGXV_META_H

#include <stdint.h>

#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;
struct agxv_device;
struct agxv_pipeline;
struct agx_precompiled_kernel;

/* Room for the generated kernel table; checked in agxv_meta.c. */
#define AGXV_META_COUNT 32

/* Uploads every helper kernel into device->meta[] (vkCreateDevice). */
VkResult agxv_meta_init(struct agxv_device *device);
void agxv_meta_finish(struct agxv_device *device);
/* Uploads a precompiled kernel (machine code, constant data, launch information) into a
 * new pipeline. */
VkResult agxv_meta_pipeline_create(struct agxv_device *device,
                                   const struct agx_precompiled_kernel *k,
                                   struct agxv_pipeline **out);

/* Launches helper kernel `kernel` over `groups_x` workgroups; `args` becomes the
 * push-constant range. Errors are recorded on the command buffer. */
void agxv_dispatch_kernel(struct agxv_cmd_buffer *cmd, unsigned kernel, uint32_t groups_x,
                          const void *args, uint32_t args_size);

/* Like agxv_dispatch_kernel for a kernel with __local arguments: local_sizes[k] bytes
 * of threadgroup memory for its k-th one (dispatch-time sizes, after the kernel's own
 * threadgroup memory; the argument struct's slot for each is filled in). */
void agxv_dispatch_kernel_local(struct agxv_cmd_buffer *cmd, unsigned kernel, uint32_t groups_x,
                                const void *args, uint32_t args_size, const uint32_t *local_sizes,
                                uint32_t local_count);

/* Writes `dwords` copies of `value` from GPU address `va` (4-byte aligned) on the GPU. */
void agxv_meta_fill(struct agxv_cmd_buffer *cmd, uint64_t va, uint64_t dwords, uint32_t value);

#endif
