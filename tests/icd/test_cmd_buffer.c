/*
 * Command buffers through the driver's own entry points: an empty command
 * buffer submits no GPU work; a recorded CDM stream longer than one chunk is
 * linked across chunks, terminated, and submitted as one compute command
 * whose completion signals the fence (the queue timeline advances once).
 */
#include "agxv_bo.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agx_internal_test.h"
#include "agx_pack.h"
#include "agxv_queue.h"

static uint32_t
read32(struct agxv_cs *cs, uint64_t va)
{
   for (uint32_t i = 0; i < cs->chunks.bo_count; i++) {
      struct agxv_bo *bo = cs->chunks.bos[i];
      if (va >= bo->va && va < bo->va + bo->size)
         return ((uint32_t *)bo->map)[(va - bo->va) / 4];
   }
   fprintf(stderr, "address 0x%llx outside the stream\n", (unsigned long long)va);
   exit(1);
}

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   struct agxv_device *dev = t.dev;
   VkDevice vkdev = t.vk;
   VkQueue vkqueue = t.queue;

   VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   CHECK(agxv_CreateCommandPool(vkdev, &pci, NULL, &pool) == VK_SUCCESS);
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 2};
   VkCommandBuffer cbs[2];
   CHECK(agxv_AllocateCommandBuffers(vkdev, &cai, cbs) == VK_SUCCESS);
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   CHECK(agxv_CreateFence(vkdev, &fci, NULL, &fence) == VK_SUCCESS);

   /* Empty: no kernel submission, the fence still signals. */
   CHECK(agxv_BeginCommandBuffer(cbs[0], &begin) == VK_SUCCESS);
   CHECK(agxv_EndCommandBuffer(cbs[0]) == VK_SUCCESS);
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cbs[0]};
   CHECK(agxv_QueueSubmit(vkqueue, 1, &si, fence) == VK_SUCCESS);
   CHECK(agxv_WaitForFences(vkdev, 1, &fence, VK_TRUE, 5000000000ull) == VK_SUCCESS);
   CHECK(dev->queue->timeline_point == 0);

   /* 20000 barrier words (80 KB) need two 64 KiB chunks. */
   struct agxv_cmd_buffer *cmd = agxv_cmd_buffer_from_handle(cbs[1]);
   CHECK(agxv_BeginCommandBuffer(cbs[1], &begin) == VK_SUCCESS);
   for (int i = 0; i < 20000; i++) {
      uint32_t *w = agxv_cs_reserve(&cmd->cdm, AGX_CDM_BARRIER_LENGTH);
      CHECK(w != NULL);
      AGX_CDM_BARRIER_pack(w, &(struct AGX_CDM_BARRIER){.usc_cache_inval = true});
   }
   CHECK(agxv_EndCommandBuffer(cbs[1]) == VK_SUCCESS);
   CHECK(cmd->cdm.chunks.bo_count == 2);
   CHECK(cmd->cdm.first_end_va == cmd->cdm.chunks.bos[0]->va + AGXV_CS_CHUNK_SIZE);

   /* Walk the stream as the GPU would: barriers, one link, barriers, terminate. */
   uint64_t va = cmd->cdm.start_va;
   unsigned barriers = 0, links = 0;
   for (;;) {
      uint32_t w0 = read32(&cmd->cdm, va);
      uint8_t bytes[8];
      for (int b = 0; b < 4; b++)
         bytes[b] = (uint8_t)(w0 >> (8 * b));
      uint32_t w1 = (w0 >> 29) == 1 || (w0 >> 29) == 2 ? read32(&cmd->cdm, va + 4) : 0;
      for (int b = 0; b < 4; b++)
         bytes[4 + b] = (uint8_t)(w1 >> (8 * b));
      struct AGX_CDM_BARRIER bar;
      struct AGX_CDM_STREAM_LINK link;
      struct AGX_CDM_STREAM_TERMINATE term;
      if (AGX_CDM_BARRIER_unpack(NULL, bytes, &bar)) {
         CHECK(bar.usc_cache_inval);
         barriers++;
         va += AGX_CDM_BARRIER_LENGTH;
      } else if (AGX_CDM_STREAM_LINK_unpack(NULL, bytes, &link)) {
         CHECK(!link.with_return);
         links++;
         va = ((uint64_t)link.target_hi << 32) | link.target_lo;
         CHECK(va == cmd->cdm.chunks.bos[1]->va);
      } else {
         CHECK(AGX_CDM_STREAM_TERMINATE_unpack(NULL, bytes, &term));
         break;
      }
   }
   CHECK(barriers == 20000 && links == 1);

   CHECK(agxv_ResetFences(vkdev, 1, &fence) == VK_SUCCESS);
   si.pCommandBuffers = &cbs[1];
   CHECK(agxv_QueueSubmit(vkqueue, 1, &si, fence) == VK_SUCCESS);
   CHECK(agxv_WaitForFences(vkdev, 1, &fence, VK_TRUE, 5000000000ull) == VK_SUCCESS);
   CHECK(dev->queue->timeline_point == 1);

   /* Reset frees the chunks; the buffer records again from scratch. */
   CHECK(agxv_ResetCommandBuffer(cbs[1], 0) == VK_SUCCESS);
   CHECK(cmd->cdm.chunks.bo_count == 0 && cmd->state == AGXV_CMD_BUFFER_INITIAL);

   agxv_FreeCommandBuffers(vkdev, pool, 1, &cbs[0]);
   agxv_DestroyCommandPool(vkdev, pool, NULL); /* frees cbs[1] */
   agxv_DestroyFence(vkdev, fence, NULL);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
