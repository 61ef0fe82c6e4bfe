/*
 * A bump allocator of GPU memory for data a command buffer generates while
 * recording (root uniforms, USC word lists, shadow descriptor sets). Memory
 * comes in mapped buffer objects of at least 64 KiB, owned in order; a
 * reset keeps them for the next recording (written again from the first),
 * release/trim free them. Executable uploads (USC word lists) come from
 * the USC heap. The control-stream builder (agxv_cs) keeps its chunks in
 * one of these too, adding whole BOs with agxv_upload_add_bo and writing
 * them through its own window.
 */
#ifndef AGXV_UPLOAD_H
#define AGXV_UPLOAD_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct agxv_device;
struct agxv_bo;

struct agxv_upload {
   struct agxv_device *device;
   uint32_t bo_flags;
   const char *label; /* names the BOs (debugging, traces) */
   struct agxv_bo **bos;
   uint32_t bo_count;    /* in use by this recording */
   uint32_t bo_retained; /* owned: in use, then kept from earlier recordings */
   uint32_t bo_capacity;
   uint64_t offset; /* into the last BO */
};

struct agxv_upload_ptr {
   void *cpu;
   uint64_t gpu;
};

void agxv_upload_init(struct agxv_upload *up, struct agxv_device *device, uint32_t bo_flags);
void agxv_upload_init_labelled(struct agxv_upload *up, struct agxv_device *device,
                               uint32_t bo_flags, const char *label);
/* Starts over, keeping the BOs for reuse. */
void agxv_upload_reset(struct agxv_upload *up);
/* Frees the kept BOs this recording does not use. */
void agxv_upload_trim(struct agxv_upload *up);
/* Starts over and frees every BO. */
void agxv_upload_release(struct agxv_upload *up);
void agxv_upload_finish(struct agxv_upload *up);

/* `size` bytes aligned to `align` (a power of two). */
VkResult agxv_upload_alloc(struct agxv_upload *up, uint32_t size, uint32_t align,
                           struct agxv_upload_ptr *out);

/* Appends a mapped BO of at least max(min_size, 64 KiB) bytes (a kept one
 * when large enough, its old contents left); later allocations come from it. */
VkResult agxv_upload_add_bo(struct agxv_upload *up, uint32_t min_size, struct agxv_bo **out);

static inline struct agxv_bo *
agxv_upload_last_bo(const struct agxv_upload *up)
{
   return up->bo_count ? up->bos[up->bo_count - 1] : NULL;
}

#endif
