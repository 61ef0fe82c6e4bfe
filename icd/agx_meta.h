/*
 * The driver's own compute pipelines (transfer commands), compiled from
 * embedded SPIR-V by the driver's compiler on first use and kept for the
 * device's lifetime.
 */
#ifndef AGX_META_H
#define AGX_META_H

#include <vulkan/vulkan_core.h>

struct agx_device;
struct agx_pipeline;

enum agx_meta_kernel {
   AGX_META_FILL,         /* set 0: dst;      push: count, value */
   AGX_META_COPY,         /* set 0: src, dst; push: src_byte, dst_byte, size */
   AGX_META_COPY_ALIGNED, /* set 0: src, dst; push: count (dwords) */
   AGX_META_INDIRECT,     /* set 0: groups, threads, workgroup count; push: local size */
   AGX_META_COUNT,
};

#define AGX_META_GROUP_SIZE 64u

/* The pipeline for `kernel`, compiling it the first time. */
VkResult agx_meta_get(struct agx_device *device, enum agx_meta_kernel kernel,
                      struct agx_pipeline **out);
void agx_meta_finish(struct agx_device *device);

#endif
