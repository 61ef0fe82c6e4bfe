/*
 * A bump allocator of GPU memory for data a command buffer generates while
 * recording (root uniforms, USC word lists, shadow descriptor sets). Memory
 * comes in mapped buffer objects of at least 64 KiB, owned in order and
 * freed together on reset. Executable uploads (USC word lists) come from
 * the USC heap. The control-stream builder (agx_cs) keeps its chunks in
 * one of these too, adding whole BOs with agx_upload_add_bo and writing
 * them through its own window.
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
   const char *label; /* names the BOs (debugging, traces) */
   struct agx_bo **bos;
   uint32_t bo_count, bo_capacity;
   uint64_t offset; /* into the last BO */
};

struct agx_upload_ptr {
   void *cpu;
   uint64_t gpu;
};

void agx_upload_init(struct agx_upload *up, struct agx_device *device, uint32_t bo_flags);
void agx_upload_init_labelled(struct agx_upload *up, struct agx_device *device, uint32_t bo_flags,
                              const char *label);
void agx_upload_reset(struct agx_upload *up);
void agx_upload_finish(struct agx_upload *up);

/* `size` bytes aligned to `align` (a power of two). */
VkResult agx_upload_alloc(struct agx_upload *up, uint32_t size, uint32_t align,
                          struct agx_upload_ptr *out);

/* Appends a fresh mapped BO of max(min_size, 64 KiB) bytes; later
 * allocations come from it. */
VkResult agx_upload_add_bo(struct agx_upload *up, uint32_t min_size, struct agx_bo **out);

static inline struct agx_bo *
agx_upload_last_bo(const struct agx_upload *up)
{
   return up->bo_count ? up->bos[up->bo_count - 1] : NULL;
}

#endif
