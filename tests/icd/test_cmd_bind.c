/*
 * Binding state per bind point (icd/agxv_cmd_bind.c): descriptor sets,
 * dynamic offsets, push constants, push descriptors and pipelines bound at
 * the graphics bind point do not touch the compute bind point's state and
 * the other way round; push constants reach the bind points their stage
 * flags name; a dispatch recorded after graphics binds reads the compute
 * state (its root uniforms). Dispatches with unchanged compute state use
 * the same root uniforms and USC word list; a compute push or a new grid
 * makes new ones (uploading only the root chunks that changed),
 * graphics-only changes do not. Checked through the driver's own entry points.
 */
#include <string.h>

#include "agx_abi.h"
#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agxv_cmd_buffer.h"
#include "agxv_descriptor_set.h"
#include "agx_internal_test.h"
#include "agx_pack.h"
#include "agxv_pipeline.h"

/* CPU view of GPU address `va` inside upload memory. */
static const uint8_t *
find(struct agxv_upload *up, uint64_t va)
{
   for (uint32_t i = 0; i < up->bo_count; i++) {
      struct agxv_bo *bo = up->bos[i];
      if (va >= bo->va && va < bo->va + bo->size)
         return (const uint8_t *)bo->map + (va - bo->va);
   }
   return NULL;
}

/* The buffer address in the first descriptor of the set at `va`. */
static uint64_t
first_descriptor(struct agxv_cmd_buffer *cmd, uint64_t va)
{
   const uint8_t *d = find(&cmd->data, va);
   CHECK(d != NULL);
   uint64_t addr;
   memcpy(&addr, d, 8);
   return addr;
}

/* The root uniforms of the n-th launch of the CDM stream (direct launches
 * of 32 bytes each on the simulated G13), gathered from the buffers of its
 * four Uniform words (chunks at root bytes 0, 64, 128, 256: unchanged
 * chunks are the earlier launch's), its USC word list offset and the
 * chunks' addresses. */
static const uint8_t *
launch_root(struct agxv_cmd_buffer *cmd, int n, uint32_t *usc_offset, uint64_t chunks[4])
{
   static const uint32_t start[5] = {0, 64, 128, 256, AGX_ABI_UNIFORM_SIZE};
   static uint8_t roots[8][AGX_ABI_UNIFORM_SIZE];
   CHECK(n < 8);
   const uint8_t *words = (const uint8_t *)cmd->cs[AGXV_CS_CDM].chunks.bos[0]->map + 32 * n;
   struct AGX_CDM_LAUNCH_WORD_0 w0;
   struct AGX_CDM_LAUNCH_WORD_1 w1;
   CHECK(AGX_CDM_LAUNCH_WORD_0_unpack(NULL, words, &w0) && w0.mode == AGX_CDM_MODE_DIRECT);
   CHECK(AGX_CDM_LAUNCH_WORD_1_unpack(NULL, words + 4, &w1));
   *usc_offset = w1.pipeline;
   const uint8_t *usc = find(&cmd->usc, cmd->device->usc_base + w1.pipeline);
   CHECK(usc != NULL);
   for (unsigned i = 0; i < 4; i++) {
      struct AGX_USC_UNIFORM u;
      CHECK(AGX_USC_UNIFORM_unpack(NULL, usc + 8 * i, &u));
      CHECK(u.start_halfs == start[i] / 2 && u.size_halfs == (start[i + 1] - start[i]) / 2);
      const uint8_t *chunk = find(&cmd->data, u.buffer);
      CHECK(chunk != NULL);
      memcpy(roots[n] + start[i], chunk, 2 * u.size_halfs);
      chunks[i] = u.buffer;
   }
   return roots[n];
}

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   VkDevice dev = t.vk;
   struct agxv_device *device = t.dev;

   const uint8_t code[] = {0x88, 0x00}; /* "stop" */
   struct agxv_shader_info info = {.gpr_halves = 8, .local_size = {32, 1, 1}};
   struct agxv_pipeline *pipeline;
   CHECK(agxv_compute_pipeline_create(device, code, sizeof(code), &info, &device->alloc,
                                      &pipeline) == VK_SUCCESS);
   VkPipeline vkpipe = agxv_pipeline_to_handle(pipeline);

   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 65536,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer buf;
   CHECK(agxv_CreateBuffer(dev, &bci, NULL, &buf) == VK_SUCCESS);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = 65536};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(dev, &mai, NULL, &mem) == VK_SUCCESS);
   CHECK(agxv_BindBufferMemory(dev, buf, mem, 0) == VK_SUCCESS);
   uint64_t buf_va = agxv_buffer_from_handle(buf)->va;

   /* Set 0: one dynamic storage buffer; set 1: a push descriptor set. */
   VkDescriptorSetLayoutBinding dyn_binding = {.binding = 0,
                                               .descriptorCount = 1,
                                               .descriptorType =
                                                  VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
                                               .stageFlags = VK_SHADER_STAGE_ALL};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &dyn_binding};
   VkDescriptorSetLayout set_layouts[2];
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &set_layouts[0]) == VK_SUCCESS);
   VkDescriptorSetLayoutBinding push_binding = {.binding = 0,
                                                .descriptorCount = 1,
                                                .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                                .stageFlags = VK_SHADER_STAGE_ALL};
   lci.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
   lci.pBindings = &push_binding;
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &set_layouts[1]) == VK_SUCCESS);
   VkPushConstantRange range = {VK_SHADER_STAGE_ALL, 0, 16};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 2,
                                      .pSetLayouts = set_layouts,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &range};
   VkPipelineLayout playout;
   CHECK(agxv_CreatePipelineLayout(dev, &plci, NULL, &playout) == VK_SUCCESS);

   VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &size};
   VkDescriptorPool pool;
   CHECK(agxv_CreateDescriptorPool(dev, &pci, NULL, &pool) == VK_SUCCESS);
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = pool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &set_layouts[0]};
   VkDescriptorSet set;
   CHECK(agxv_AllocateDescriptorSets(dev, &sai, &set) == VK_SUCCESS);
   VkDescriptorBufferInfo bi = {buf, 0, 1024};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
                             .pBufferInfo = &bi};
   agxv_UpdateDescriptorSets(dev, 1, &w, 0, NULL);

   VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool cpool;
   CHECK(agxv_CreateCommandPool(dev, &cpci, NULL, &cpool) == VK_SUCCESS);
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = cpool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   CHECK(agxv_AllocateCommandBuffers(dev, &cai, &cb) == VK_SUCCESS);
   struct agxv_cmd_buffer *cmd = agxv_cmd_buffer_from_handle(cb);
   const struct agxv_bind_state *cs = &cmd->bind[AGXV_BIND_POINT_COMPUTE];
   const struct agxv_bind_state *gfx = &cmd->bind[AGXV_BIND_POINT_GRAPHICS];
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);

   /* Pipelines: each bind point keeps its own. */
   agxv_CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, vkpipe);
   CHECK(gfx->pipeline == pipeline && cs->pipeline == NULL);
   agxv_CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, vkpipe);
   CHECK(cs->pipeline == pipeline);

   /* Descriptor sets and dynamic offsets. */
   uint32_t off_cs = 256, off_gfx = 512;
   agxv_CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, playout, 0, 1, &set, 1, &off_cs);
   uint64_t cs_set0 = cs->desc.set_addr[0];
   CHECK(cs_set0 != 0 && gfx->desc.set_addr[0] == 0);
   agxv_CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, playout, 0, 1, &set, 1,
                              &off_gfx);
   CHECK(cs->desc.set_addr[0] == cs_set0 && gfx->desc.set_addr[0] != 0);
   CHECK(cs->desc.dynamic_offsets[0] == 256 && gfx->desc.dynamic_offsets[0] == 512);
   CHECK(first_descriptor(cmd, cs->desc.set_addr[0]) == buf_va + 256);
   CHECK(first_descriptor(cmd, gfx->desc.set_addr[0]) == buf_va + 512);

   /* Push constants by stage flags. */
   const uint32_t p_cs[2] = {1, 2}, p_gfx[2] = {3, 4}, p_all[2] = {5, 6};
   agxv_CmdPushConstants(cb, playout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, p_cs);
   agxv_CmdPushConstants(cb, playout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                         8, p_gfx);
   agxv_CmdPushConstants(cb, playout, VK_SHADER_STAGE_ALL, 8, 8, p_all);
   CHECK(memcmp(cs->desc.push, p_cs, 8) == 0 && memcmp(gfx->desc.push, p_gfx, 8) == 0);
   CHECK(memcmp(cs->desc.push + 8, p_all, 8) == 0 && memcmp(gfx->desc.push + 8, p_all, 8) == 0);

   /* Push descriptors at the graphics bind point only. */
   VkDescriptorBufferInfo pbi = {buf, 4096, 64};
   VkWriteDescriptorSet pw = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &pbi};
   agxv_CmdPushDescriptorSetKHR(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, playout, 1, 1, &pw);
   CHECK(cs->desc.set_addr[1] == 0 && gfx->desc.set_addr[1] != 0);
   CHECK(first_descriptor(cmd, gfx->desc.set_addr[1]) == buf_va + 4096);
   pbi.offset = 8192;
   agxv_CmdPushDescriptorSetKHR(cb, VK_PIPELINE_BIND_POINT_COMPUTE, playout, 1, 1, &pw);
   CHECK(first_descriptor(cmd, cs->desc.set_addr[1]) == buf_va + 8192);
   CHECK(first_descriptor(cmd, gfx->desc.set_addr[1]) == buf_va + 4096);

   /* Graphics binds after the compute ones; the dispatch reads the compute state. */
   agxv_CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, playout, 0, 1, &set, 1,
                              &off_gfx);
   agxv_CmdPushConstants(cb, playout, VK_SHADER_STAGE_VERTEX_BIT, 0, 8, p_gfx);
   agxv_CmdDispatch(cb, 1, 1, 1);
   /* Launches 1-4: the same state again (the uploads are used again), new
    * compute push constants, a new grid, then graphics-only changes. */
   agxv_CmdDispatch(cb, 1, 1, 1);
   const uint32_t p_new[2] = {0x77, 0x88};
   agxv_CmdPushConstants(cb, playout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, p_new);
   agxv_CmdDispatch(cb, 1, 1, 1);
   agxv_CmdDispatch(cb, 2, 1, 1);
   agxv_CmdPushConstants(cb, playout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, 8, p_gfx);
   agxv_CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, vkpipe);
   agxv_CmdDispatch(cb, 2, 1, 1);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);

   const uint8_t *roots[5];
   uint32_t usc_at[5];
   uint64_t chunks[5][4];
   for (int i = 0; i < 5; i++) {
      roots[i] = launch_root(cmd, i, &usc_at[i], chunks[i]);
      CHECK(roots[i] != NULL);
   }
   /* the first root is uploaded whole; later ones only in their changed
    * chunks (push constants 0-7 live in chunk 1, the grid in chunk 3) */
   CHECK(chunks[0][1] == chunks[0][0] + 64 && chunks[0][3] == chunks[0][0] + 256);
   CHECK(chunks[2][0] == chunks[1][0] && chunks[2][1] != chunks[1][1] &&
         chunks[2][2] == chunks[1][2] && chunks[2][3] == chunks[1][3]);
   CHECK(chunks[3][0] == chunks[2][0] && chunks[3][1] == chunks[2][1] &&
         chunks[3][2] == chunks[2][2] && chunks[3][3] != chunks[2][3]);
   uint64_t root_sets[2];
   memcpy(root_sets, roots[0] + AGX_ABI_SET_ADDR_BASE, sizeof(root_sets));
   CHECK(root_sets[0] == cs_set0 && root_sets[1] == cs->desc.set_addr[1]);
   CHECK(memcmp(roots[0] + AGX_ABI_PUSH_BASE, p_cs, 8) == 0);
   CHECK(memcmp(roots[0] + AGX_ABI_PUSH_BASE + 8, p_all, 8) == 0);
   CHECK(usc_at[1] == usc_at[0]);
   CHECK(usc_at[2] != usc_at[1] && memcmp(roots[2] + AGX_ABI_PUSH_BASE, p_new, 8) == 0);
   CHECK(memcmp(roots[2] + AGX_ABI_PUSH_BASE + 8, p_all, 8) == 0);
   uint32_t count;
   memcpy(&count, roots[2] + AGX_ABI_NUM_WORKGROUPS, 4);
   CHECK(count == 1);
   CHECK(usc_at[3] != usc_at[2]);
   memcpy(&count, roots[3] + AGX_ABI_NUM_WORKGROUPS, 4);
   CHECK(count == 2 && memcmp(roots[3] + AGX_ABI_PUSH_BASE, p_new, 8) == 0);
   CHECK(usc_at[4] == usc_at[3]);

   agxv_DestroyCommandPool(dev, cpool, NULL);
   agxv_DestroyDescriptorPool(dev, pool, NULL);
   agxv_DestroyPipelineLayout(dev, playout, NULL);
   agxv_DestroyDescriptorSetLayout(dev, set_layouts[0], NULL);
   agxv_DestroyDescriptorSetLayout(dev, set_layouts[1], NULL);
   agxv_DestroyBuffer(dev, buf, NULL);
   agxv_FreeMemory(dev, mem, NULL);
   agxv_pipeline_destroy(device, pipeline, &device->alloc);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
