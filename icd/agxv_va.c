/* First-fit VA allocation over a sorted list of holes. Allocation may need
 * one new node (a hole split in two) and reserves it before changing
 * anything, so an out-of-memory failure leaves the heap intact. */
#include "agxv_va.h"

#include "agxv_alloc.h"
#include "agxv_log.h"

struct agxv_va_hole {
   uint64_t start, end;
   struct agxv_va_hole *next;
};

static struct agxv_va_hole *
new_hole(struct agxv_va_heap *heap, uint64_t start, uint64_t end)
{
   struct agxv_va_hole *h =
      agxv_alloc(heap->alloc, sizeof(*h), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (h) {
      h->start = start;
      h->end = end;
      h->next = NULL;
   }
   return h;
}

bool
agxv_va_heap_init(struct agxv_va_heap *heap, const VkAllocationCallbacks *alloc, uint64_t start,
                  uint64_t end)
{
   heap->alloc = alloc;
   heap->start = start;
   heap->end = end;
   heap->holes = new_hole(heap, start, end);
   return heap->holes != NULL;
}

void
agxv_va_heap_finish(struct agxv_va_heap *heap)
{
   while (heap->holes) {
      struct agxv_va_hole *next = heap->holes->next;
      agxv_free(heap->alloc, heap->holes);
      heap->holes = next;
   }
}

uint64_t
agxv_va_alloc(struct agxv_va_heap *heap, uint64_t size, uint64_t align)
{
   if (size == 0 || align == 0 || (align & (align - 1)))
      return 0;
   for (struct agxv_va_hole **link = &heap->holes; *link; link = &(*link)->next) {
      struct agxv_va_hole *h = *link;
      uint64_t addr = (h->start + align - 1) & ~(align - 1);
      if (addr < h->start || addr > h->end || h->end - addr < size)
         continue;
      bool lead = addr > h->start, tail = addr + size < h->end;
      if (lead && tail) {
         struct agxv_va_hole *rest = new_hole(heap, addr + size, h->end);
         if (!rest)
            return 0;
         rest->next = h->next;
         h->next = rest;
         h->end = addr;
      } else if (lead) {
         h->end = addr;
      } else if (tail) {
         h->start = addr + size;
      } else {
         *link = h->next;
         agxv_free(heap->alloc, h);
      }
      return addr;
   }
   return 0;
}

void
agxv_va_free(struct agxv_va_heap *heap, uint64_t addr, uint64_t size)
{
   uint64_t end = addr + size;
   struct agxv_va_hole *prev = NULL, *next = heap->holes;
   while (next && next->start < addr) {
      prev = next;
      next = next->next;
   }
   bool join_prev = prev && prev->end == addr;
   bool join_next = next && next->start == end;
   if (join_prev && join_next) {
      prev->end = next->end;
      prev->next = next->next;
      agxv_free(heap->alloc, next);
   } else if (join_prev) {
      prev->end = end;
   } else if (join_next) {
      next->start = addr;
   } else {
      struct agxv_va_hole *h = new_hole(heap, addr, end);
      if (!h) {
         /* Losing a VA range is harmless; corrupting the list is not. */
         agxv_log("out of host memory freeing VA 0x%llx; range leaked", (unsigned long long)addr);
         return;
      }
      h->next = next;
      if (prev)
         prev->next = h;
      else
         heap->holes = h;
   }
}
