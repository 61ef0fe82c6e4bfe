/*
 * Command buffers through the driver's own entry points: an empty command
 * buffer submits no GPU work; a recorded CDM stream longer than one chunk is
 * linked across chunks, terminated, and submitted as one compute command
 * whose completion signals the fence (the queue timeline advances once).
 * Streams by type: compute, render, compute words become three streams in
 * that order, each one UAPI command of its type (a render stream gives a
 * DRM_ASAHI_CMD_RENDER with its vdm_ctrl_stream_base) waiting for all before
 * it, which the simulator receives in that order (its command log); two
 * render passes in a row are two render commands.
 * The helper kernels' pipelines exist once the device does: recording
 * transfers makes no pipeline (no new shader-code BO) and they run.
 */
#include <string.h>

#include "agx_cl_kernels.h"
#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agx_internal_test.h"
#include "agx_pack.h"
#include "agxv_queue.h"
#include "agx_sim_exec.h"

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

/* Live BOs holding shader code (pipelines). */
static unsigned
count_code_bos(struct agxv_device *dev)
{
   unsigned n = 0;
   pthread_mutex_lock(&dev->va_mutex);
   for (struct agxv_bo *bo = dev->bos; bo; bo = bo->next)
      n += strcmp(bo->label, "shader code") == 0;
   pthread_mutex_unlock(&dev->va_mutex);
   return n;
}

/* Fill, update and copy: helper kernels, none compiled or uploaded while recording. */
static void
test_meta_at_create(struct agx_test_device *t, VkCommandBuffer cb, VkFence fence)
{
   for (unsigned k = 0; k < AGX_CL_KERNEL_COUNT; k++)
      CHECK(t->dev->meta[k] != NULL);
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_SRC_BIT};
   VkBuffer buf;
   CHECK(agxv_CreateBuffer(t->vk, &bci, NULL, &buf) == VK_SUCCESS);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = 4096};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(t->vk, &mai, NULL, &mem) == VK_SUCCESS);
   CHECK(agxv_BindBufferMemory(t->vk, buf, mem, 0) == VK_SUCCESS);
   uint32_t *map;
   CHECK(agxv_MapMemory(t->vk, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map) == VK_SUCCESS);

   unsigned code_bos = count_code_bos(t->dev);
   struct agxv_pipeline *meta[AGX_CL_KERNEL_COUNT];
   memcpy(meta, t->dev->meta, sizeof(meta));
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_CmdFillBuffer(cb, buf, 0, 1024, 0xabcd1234u);
   const uint32_t words[2] = {7, 9};
   agxv_CmdUpdateBuffer(cb, buf, 1024, sizeof(words), words);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   agxv_CmdPipelineBarrier2(cb, &dep);
   VkBufferCopy region = {.srcOffset = 1020, .dstOffset = 2048, .size = 12};
   agxv_CmdCopyBuffer(cb, buf, buf, 1, &region);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);
   CHECK(count_code_bos(t->dev) == code_bos);
   CHECK(memcmp(meta, t->dev->meta, sizeof(meta)) == 0);

   CHECK(agxv_ResetFences(t->vk, 1, &fence) == VK_SUCCESS);
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   CHECK(agxv_QueueSubmit(t->queue, 1, &si, fence) == VK_SUCCESS);
   CHECK(agxv_WaitForFences(t->vk, 1, &fence, VK_TRUE, 5000000000ull) == VK_SUCCESS);
   CHECK(map[0] == 0xabcd1234u && map[255] == 0xabcd1234u && map[256] == 7 && map[257] == 9);
   CHECK(map[512] == 0xabcd1234u && map[513] == 7 && map[514] == 9);
   agxv_DestroyBuffer(t->vk, buf, NULL);
   agxv_FreeMemory(t->vk, mem, NULL);
}

static void
push_cdm_barrier(struct agxv_cmd_buffer *cmd)
{
   void *w = agxv_cs_reserve(agxv_cmd_cs(cmd, AGXV_CS_CDM), AGX_CDM_BARRIER_LENGTH);
   CHECK(w != NULL);
   agxv_push(w, CDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
}

/* Compute, render, compute: three streams, three commands in order. */
static void
test_streams(struct agx_test_device *t, VkCommandBuffer cb, VkFence fence)
{
   struct agxv_cmd_buffer *cmd = agxv_cmd_buffer_from_handle(cb);
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   push_cdm_barrier(cmd);
   /* A render stream holding only its terminate; the framebuffer fields the
    * kernel checks (render.rs) are what the graphics work will fill. */
   const struct agxv_render_info info = {.cmd = {
                                            .width_px = 64,
                                            .height_px = 32,
                                            .layers = 1,
                                            .samples = 1,
                                            .utile_width_px = 32,
                                            .utile_height_px = 32,
                                         }};
   agxv_cmd_begin_render(cmd, &info);
   CHECK(cmd->stream_open && cmd->open.type == AGXV_CS_VDM && cmd->stream_count == 1);
   push_cdm_barrier(cmd);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);
   CHECK(cmd->stream_count == 3);
   const enum agxv_cs_type types[3] = {AGXV_CS_CDM, AGXV_CS_VDM, AGXV_CS_CDM};
   for (int i = 0; i < 3; i++)
      CHECK(cmd->streams[i].type == types[i]);
   /* The render stream starts in the VDM builder with VDM Stream Terminate. */
   struct agxv_cs *vdm = &cmd->cs[AGXV_CS_VDM];
   CHECK(vdm->chunks.bo_count == 1 && cmd->streams[1].start_va == vdm->chunks.bos[0]->va);
   struct AGX_VDM_STREAM_TERMINATE term;
   CHECK(AGX_VDM_STREAM_TERMINATE_unpack(NULL, vdm->chunks.bos[0]->map, &term));
   /* The second compute stream continues the CDM builder after the first's terminate. */
   CHECK(cmd->streams[2].start_va ==
         cmd->streams[0].start_va + AGX_CDM_BARRIER_LENGTH + AGX_CDM_STREAM_TERMINATE_LENGTH);

   /* The UAPI commands: types, stream addresses and barriers (each waits for all before it). */
   uint8_t buf[3 * AGXV_SUBMIT_CMD_MAX];
   struct agxv_submit_state st = {0};
   uint32_t off[4] = {0};
   for (int i = 0; i < 3; i++)
      off[i + 1] = off[i] + agxv_queue_encode_stream(&st, &cmd->streams[i], buf + off[i]);
   CHECK(st.n_render == 1 && st.n_compute == 2);
   struct drm_asahi_cmd_header h[3];
   for (int i = 0; i < 3; i++)
      memcpy(&h[i], buf + off[i], sizeof(h[i]));
   CHECK(h[0].cmd_type == DRM_ASAHI_CMD_COMPUTE && h[0].vdm_barrier == DRM_ASAHI_BARRIER_NONE &&
         h[0].cdm_barrier == 0);
   CHECK(h[1].cmd_type == DRM_ASAHI_CMD_RENDER && h[1].vdm_barrier == 0 && h[1].cdm_barrier == 1);
   CHECK(h[1].size == sizeof(struct drm_asahi_cmd_render));
   CHECK(h[2].cmd_type == DRM_ASAHI_CMD_COMPUTE && h[2].vdm_barrier == 1 && h[2].cdm_barrier == 1);
   struct drm_asahi_cmd_render r;
   memcpy(&r, buf + off[1] + sizeof(h[1]), sizeof(r));
   CHECK(r.vdm_ctrl_stream_base == cmd->streams[1].start_va);
   CHECK(r.width_px == 64 && r.height_px == 32 && r.layers == 1 && r.utile_width_px == 32);
   struct drm_asahi_cmd_compute c;
   memcpy(&c, buf + off[2] + sizeof(h[2]), sizeof(c));
   CHECK(c.cdm_ctrl_stream_base == cmd->streams[2].start_va);

   /* Not submitted: the simulator executes render commands, and a render
    * command needs background and end-of-tile programs, which this bare
    * stream does not have (the rendering tests submit complete passes). */
   (void)fence;

   /* Two render passes in a row are two render commands, each with its framebuffer. */
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_cmd_begin_render(cmd, &info);
   struct agxv_render_info wide = info;
   wide.cmd.width_px = 128;
   agxv_cmd_begin_render(cmd, &wide);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);
   CHECK(cmd->stream_count == 2 && cmd->streams[0].type == AGXV_CS_VDM &&
         cmd->streams[1].type == AGXV_CS_VDM);
   CHECK(cmd->streams[0].render.cmd.width_px == 64 && cmd->streams[1].render.cmd.width_px == 128);
   CHECK(cmd->streams[1].start_va == cmd->streams[0].start_va + AGX_VDM_STREAM_TERMINATE_LENGTH);
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
      void *w = agxv_cs_reserve(agxv_cmd_cs(cmd, AGXV_CS_CDM), AGX_CDM_BARRIER_LENGTH);
      CHECK(w != NULL);
      agxv_push(w, CDM_BARRIER, cfg) {
         cfg.usc_cache_inval = true;
      }
   }
   CHECK(agxv_EndCommandBuffer(cbs[1]) == VK_SUCCESS);
   struct agxv_cs *cdm = &cmd->cs[AGXV_CS_CDM];
   CHECK(cdm->chunks.bo_count == 2 && agxv_cs_empty(&cmd->cs[AGXV_CS_VDM]));
   CHECK(cmd->stream_count == 1 && cmd->streams[0].type == AGXV_CS_CDM);
   CHECK(cmd->streams[0].start_va == cdm->chunks.bos[0]->va);
   CHECK(cmd->streams[0].end_va == cdm->chunks.bos[0]->va + AGXV_CS_CHUNK_SIZE);

   /* Walk the stream as the GPU would: barriers, one link, barriers, terminate. */
   uint64_t va = cmd->streams[0].start_va;
   unsigned barriers = 0, links = 0;
   for (;;) {
      uint32_t w0 = read32(cdm, va);
      uint8_t bytes[8];
      for (int b = 0; b < 4; b++)
         bytes[b] = (uint8_t)(w0 >> (8 * b));
      uint32_t w1 = (w0 >> 29) == 1 || (w0 >> 29) == 2 ? read32(cdm, va + 4) : 0;
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
         CHECK(va == cdm->chunks.bos[1]->va);
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
   CHECK(cdm->chunks.bo_count == 0 && cmd->stream_count == 0 &&
         cmd->state == AGXV_CMD_BUFFER_INITIAL);

   test_streams(&t, cbs[1], fence);
   test_meta_at_create(&t, cbs[1], fence);

   agxv_FreeCommandBuffers(vkdev, pool, 1, &cbs[0]);
   agxv_DestroyCommandPool(vkdev, pool, NULL); /* frees cbs[1] */
   agxv_DestroyFence(vkdev, fence, NULL);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
