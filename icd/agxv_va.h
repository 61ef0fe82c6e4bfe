/*
 * GPU virtual-address allocator: a sorted free list over one range, in
 * units of the 16 KiB GPU page. Not thread-safe; the device locks it.
 */
#ifndef AGXV_VA_H
#define AGXV_VA_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct agxv_va_hole;

struct agxv_va_heap {
   const VkAllocationCallbacks *alloc;
   uint64_t start, end;
   struct agxv_va_hole *holes; /* sorted, non-adjacent free ranges */
};

bool agxv_va_heap_init(struct agxv_va_heap *heap, const VkAllocationCallbacks *alloc,
                       uint64_t start, uint64_t end);
void agxv_va_heap_finish(struct agxv_va_heap *heap);

/* 0 on failure (no space or no host memory); size and align are page multiples. */
uint64_t agxv_va_alloc(struct agxv_va_heap *heap, uint64_t size, uint64_t align);
void agxv_va_free(struct agxv_va_heap *heap, uint64_t addr, uint64_t size);

#endif
