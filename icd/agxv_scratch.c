/* Scratch buffer and helper program upload; see agxv_scratch.h. */
#include "agxv_scratch.h"

#include <string.h>

#include "agxv_bo.h"
#include "agxv_cs.h"
#include "agxv_device.h"
#include "agx_helper_layout.h"
#include "agx_helper_program.h"
#include "agxv_log.h"
#include "agx_pack.h"

/* USC word list right after the code, 64-byte aligned (Launch Word 1 and
 * helper.binary drop the low 6 bits). */
#define HELPER_LIST_OFFSET ((sizeof(agx_helper_program) + 63) & ~(size_t)63)

void
agxv_scratch_init(struct agxv_scratch *scratch)
{
   memset(scratch, 0, sizeof(*scratch));
   pthread_mutex_init(&scratch->mutex, NULL);
}

void
agxv_scratch_finish(struct agxv_device *device)
{
   struct agxv_scratch *s = &device->scratch;
   for (unsigned i = 0; i < s->old_count; i++)
      agxv_bo_destroy(device, s->old[i]);
   if (s->buf)
      agxv_bo_destroy(device, s->buf);
   if (s->helper)
      agxv_bo_destroy(device, s->helper);
   pthread_mutex_destroy(&s->mutex);
}

unsigned
agxv_scratch_spill_size(uint32_t stack_bytes)
{
   return agx_helper_spill_size(stack_bytes);
}

/* The helper's code and USC words (Shared "none", Shader, Registers, No
 * Preshader), in the USC heap. */
static VkResult
upload_helper(struct agxv_device *device, struct agxv_scratch *s)
{
   struct agxv_bo *bo;
   VkResult result = agxv_bo_create(device, HELPER_LIST_OFFSET + 64,
                                    AGXV_BO_EXEC | AGXV_BO_READONLY, "scratch helper program", &bo);
   void *map = NULL;
   if (result == VK_SUCCESS)
      result = agxv_bo_map(device, bo, &map);
   if (result != VK_SUCCESS) {
      if (result != VK_ERROR_OUT_OF_HOST_MEMORY && result != VK_ERROR_OUT_OF_DEVICE_MEMORY)
         result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
      return result;
   }
   memcpy(map, agx_helper_program, sizeof(agx_helper_program));
   uint32_t code = agxv_bo_usc_offset(device, bo);
   uint8_t *p = (uint8_t *)map + HELPER_LIST_OFFSET;
   agxv_push(p, USC_SHARED, cfg) {
      cfg.uses_shared_memory = false;
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
      cfg.sample_count = 1;
      cfg.bytes_per_threadgroup = 65536;
   }
   agxv_push(p, USC_SHADER, cfg) {
      cfg.code = code;
   }
   agxv_push(p, USC_REGISTERS, cfg) {
      cfg.register_count = 64; /* agx_helper.s uses r0..r19 */
   }
   agxv_push(p, USC_NO_PRESHADER, cfg)
      ;
   s->helper = bo;
   /* Mesa sets bit 0 of the binary word; its meaning is not public. */
   s->helper_binary = (uint32_t)(code + HELPER_LIST_OFFSET) | 1u;
   return VK_SUCCESS;
}

/* Which core_index values exist (see agxv_scratch.h); returns their count. */
static unsigned
present_cores(const struct drm_asahi_params_global *p, uint8_t present[AGX_HELPER_MAX_CORES])
{
   memset(present, 0, AGX_HELPER_MAX_CORES);
   unsigned per = 1;
   while (per < p->num_cores_per_cluster)
      per <<= 1;
   unsigned n = 0;
   for (unsigned c = 0; c < p->num_clusters_total && c < DRM_ASAHI_MAX_CLUSTERS; c++) {
      for (unsigned k = 0; k < p->num_cores_per_cluster && k < 64; k++) {
         unsigned id = c * per + k;
         if (id < AGX_HELPER_MAX_CORES && (p->core_masks[c] >> k) & 1) {
            present[id] = 1;
            n++;
         }
      }
   }
   return n;
}

VkResult
agxv_scratch_reserve(struct agxv_device *device, uint32_t stack_bytes)
{
   if (stack_bytes > AGX_HELPER_MAX_STACK_BYTES)
      return agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                        "shader needs %u bytes of stack per thread, at most %u are mappable",
                        stack_bytes, AGX_HELPER_MAX_STACK_BYTES);
   struct agxv_scratch *s = &device->scratch;
   pthread_mutex_lock(&s->mutex);
   VkResult result = VK_SUCCESS;
   if (!s->helper)
      result = upload_helper(device, s);
   if (result == VK_SUCCESS && stack_bytes > s->stack_bytes) {
      uint8_t present[AGX_HELPER_MAX_CORES];
      unsigned cores = present_cores(&device->kmd->params, present);
      struct agx_helper_buffer layout =
         agx_helper_buffer_layout(cores, AGXV_SCRATCH_SUBGROUPS, stack_bytes);
      struct agxv_bo *bo = NULL;
      void *map = NULL;
      if (!cores)
         result = agxv_error(VK_ERROR_INITIALIZATION_FAILED, "the kernel reports no GPU cores");
      else if (s->old_count == AGXV_SCRATCH_MAX_OLD)
         result = agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "scratch buffer regrown too often");
      /* Blocks are aligned to their size, as Mesa allocates them (the
       * block words' low bits hold the size mask): pad and align inside. */
      uint64_t bb = agx_helper_block_bytes(layout.blocks.log4);
      if (result == VK_SUCCESS)
         result = agxv_bo_create(device, layout.size + bb, 0, "scratch", &bo);
      if (result == VK_SUCCESS) {
         result = agxv_bo_map(device, bo, &map);
         if (result != VK_SUCCESS) {
            agxv_bo_destroy(device, bo);
            bo = NULL;
         }
      }
      if (result == VK_SUCCESS) {
         uint64_t va = (bo->va + bb - 1) / bb * bb;
         agx_helper_buffer_fill(&layout, (uint8_t *)map + (va - bo->va), va, present);
         if (s->buf)
            s->old[s->old_count++] = s->buf;
         s->buf = bo;
         s->data_va = va;
         /* what the chosen blocks actually hold */
         s->stack_bytes =
            layout.blocks.count * 4u * (AGX_HELPER_UNIT_DWORDS << (2 * layout.blocks.log4));
         if (agxv_debug(AGXV_DEBUG_ALLOC))
            agxv_log("scratch: %u bytes per thread, %u cores x %u slots x %u blocks of "
                     "%llu bytes at 0x%llx",
                     s->stack_bytes, cores, AGXV_SCRATCH_SUBGROUPS, layout.blocks.count,
                     (unsigned long long)agx_helper_block_bytes(layout.blocks.log4),
                     (unsigned long long)va);
      }
   }
   pthread_mutex_unlock(&s->mutex);
   return result;
}

struct drm_asahi_helper_program
agxv_scratch_helper(struct agxv_device *device)
{
   struct agxv_scratch *s = &device->scratch;
   struct drm_asahi_helper_program h = {0};
   pthread_mutex_lock(&s->mutex);
   if (s->buf) {
      h.binary = s->helper_binary;
      h.data = s->data_va;
   }
   pthread_mutex_unlock(&s->mutex);
   return h;
}
