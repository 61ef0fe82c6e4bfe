/*
 * A bump allocator of GPU memory for data a command buffer generates while
 * recording (root uniforms, USC word lists, shadow descriptor sets). Memory
 * comes in 64 KiB buffer objects, freed together on reset. Executable
 * uploads (USC word lists) come from the USC heap.
 */
#ifndef AGX_UPLOAD_H
#define AGX_UPLOAD_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct agx_device;
struct agx_bo;

struct agx_upload {
   struct agx_device *device;
   uint32_t bo_flags;
   struct agx_bo **bos;
   uint32_t bo_count, bo_capacity;
   uint64_t offset; /* into the last BO */
};

struct agx_upload_ptr {
   void *cpu;
   uint64_t gpu;
};

void agx_upload_init(struct agx_upload *up, struct agx_device *device, uint32_t bo_flags);
void agx_upload_reset(struct agx_upload *up);
void agx_upload_finish(struct agx_upload *up);

/* `size` bytes aligned to `align` (a power of two). */
VkResult agx_upload_alloc(struct agx_upload *up, uint32_t size, uint32_t align,
                          struct agx_upload_ptr *out);

#endif
