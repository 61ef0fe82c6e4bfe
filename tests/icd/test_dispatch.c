/*
 * vkCmdDispatch recording, checked word by word with the GenXML unpackers:
 * the CDM launch (words 0/1, global size in threads, local size), the USC
 * word list it points to (Uniform DMA of the root uniforms, Shared, Shader
 * code address, Registers, No Preshader) and the root uniforms themselves
 * (descriptor-set addresses with dynamic offsets applied, push constants),
 * and CDM barriers only where a dependency follows a launch.
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

/* CPU view of GPU address `va` inside the command buffer's upload memory. */
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

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   VkDevice dev = t.vk;
   struct agxv_device *device = t.dev;

   /* "stop" (0x0088): enough code for the launch to point at. */
   const uint8_t code[] = {0x88, 0x00};
   struct agxv_shader_info info = {.gpr_halves = 24, .local_size = {32, 2, 1}, .shared_size = 1024};
   struct agxv_pipeline *pipeline;
   CHECK(agxv_compute_pipeline_create(device, code, sizeof(code), &info, &device->alloc,
                                      &pipeline) == VK_SUCCESS);
   CHECK(pipeline->shaders[AGXV_STAGE_COMPUTE].code->flags & AGXV_BO_EXEC);

   /* One set: binding 0 a dynamic storage buffer. */
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

   VkDescriptorSetLayoutBinding binding = {.binding = 0,
                                           .descriptorCount = 1,
                                           .descriptorType =
                                              VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &binding};
   VkDescriptorSetLayout layout;
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &layout) == VK_SUCCESS);
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
                                      .pSetLayouts = &layout};
   VkDescriptorSet set;
   CHECK(agxv_AllocateDescriptorSets(dev, &sai, &set) == VK_SUCCESS);
   VkDescriptorBufferInfo bi = {buf, 256, 1024};
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
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, agxv_pipeline_to_handle(pipeline));
   uint32_t dyn = 4096;
   agxv_CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, VK_NULL_HANDLE, 2, 1, &set, 1,
                              &dyn);
   uint32_t push[2] = {0x11223344, 0x55667788};
   agxv_CmdPushConstants(cb, VK_NULL_HANDLE, VK_SHADER_STAGE_COMPUTE_BIT, 8, sizeof(push), push);
   agxv_CmdPipelineBarrier(cb, 0, 0, 0, 0, NULL, 0, NULL, 0, NULL); /* nothing to order yet */
   agxv_CmdDispatch(cb, 0, 5, 5); /* empty grid: records nothing */
   agxv_CmdDispatch(cb, 3, 4, 5);
   /* A dependency after a launch: one CDM barrier, however many barriers. */
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
   agxv_CmdPipelineBarrier2(cb, &dep);
   agxv_CmdPipelineBarrier(cb, 0, 0, 0, 0, NULL, 0, NULL, 0, NULL);
   agxv_CmdDispatch(cb, 1, 1, 1);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);

   const uint8_t *cs = (const uint8_t *)cmd->cs[AGXV_CS_CDM].chunks.bos[0]->map;
   struct AGX_CDM_LAUNCH_WORD_0 w0;
   struct AGX_CDM_LAUNCH_WORD_1 w1;
   struct AGX_CDM_GLOBAL_SIZE gs;
   struct AGX_CDM_LOCAL_SIZE ls;
   CHECK(AGX_CDM_LAUNCH_WORD_0_unpack(NULL, cs, &w0));
   CHECK(w0.mode == AGX_CDM_MODE_DIRECT && w0.uniform_register_count == 192);
   CHECK(w0.texture_state_register_count == 8 && w0.preshader_register_count == 16);
   CHECK(AGX_CDM_LAUNCH_WORD_1_unpack(NULL, cs + 4, &w1));
   CHECK(AGX_CDM_GLOBAL_SIZE_unpack(NULL, cs + 8, &gs));
   CHECK(gs.x == 96 && gs.y == 8 && gs.z == 5);
   CHECK(AGX_CDM_LOCAL_SIZE_unpack(NULL, cs + 20, &ls));
   CHECK(ls.x == 32 && ls.y == 2 && ls.z == 1);
   struct AGX_CDM_BARRIER bar;
   CHECK(AGX_CDM_BARRIER_unpack(NULL, cs + 32, &bar));
   CHECK(bar.usc_cache_inval && bar.unk_0 && bar.unk_19);
   CHECK(AGX_CDM_LAUNCH_WORD_0_unpack(NULL, cs + 36, &w0));
   CHECK(AGX_CDM_GLOBAL_SIZE_unpack(NULL, cs + 44, &gs) && gs.x == 32 && gs.y == 2);
   struct AGX_CDM_STREAM_TERMINATE term;
   CHECK(AGX_CDM_STREAM_TERMINATE_unpack(NULL, cs + 68, &term));

   /* The USC word list. */
   const uint8_t *usc = find(&cmd->usc, device->usc_base + w1.pipeline);
   CHECK(usc != NULL);
   /* four Uniform words (the root's chunks: set addresses, push constants
    * 0-63, 64-191, the rest), here of one root uploaded whole */
   struct AGX_USC_UNIFORM u[4];
   for (int i = 0; i < 4; i++)
      CHECK(AGX_USC_UNIFORM_unpack(NULL, usc + 8 * i, &u[i]));
   CHECK(u[0].start_halfs == 0 && u[0].size_halfs == 32);
   CHECK(u[1].start_halfs == 32 && u[1].size_halfs == 32 && u[1].buffer == u[0].buffer + 64);
   CHECK(u[2].start_halfs == 64 && u[2].size_halfs == 64 && u[2].buffer == u[0].buffer + 128);
   CHECK(u[3].start_halfs == 128 && u[3].size_halfs == (AGX_ABI_UNIFORM_SIZE - 256) / 2 &&
         u[3].buffer == u[0].buffer + 256);
   struct AGX_USC_SHARED shared;
   CHECK(AGX_USC_SHARED_unpack(NULL, usc + 32, &shared));
   CHECK(shared.uses_shared_memory && shared.bytes_per_threadgroup == 1024);
   struct AGX_USC_SHADER shader;
   CHECK(AGX_USC_SHADER_unpack(NULL, usc + 36, &shader));
   CHECK(shader.code == agxv_bo_usc_offset(device, pipeline->shaders[AGXV_STAGE_COMPUTE].code));
   struct AGX_USC_REGISTERS regs;
   CHECK(AGX_USC_REGISTERS_unpack(NULL, usc + 42, &regs));
   CHECK(regs.register_count == 24);
   struct AGX_USC_NO_PRESHADER none;
   CHECK(AGX_USC_NO_PRESHADER_unpack(NULL, usc + 46, &none));

   /* Root uniforms: set 2's address is a shadow copy with the dynamic
    * offset applied; push constants at 64 + offset. */
   const uint8_t *root = find(&cmd->data, u[0].buffer);
   CHECK(root != NULL);
   uint64_t set_addr[8];
   memcpy(set_addr, root, sizeof(set_addr));
   CHECK(set_addr[0] == 0 && set_addr[2] != 0);
   CHECK(set_addr[2] != agxv_descriptor_set_from_handle(set)->va);
   const uint8_t *shadow = find(&cmd->data, set_addr[2]);
   CHECK(shadow != NULL);
   uint64_t desc_addr;
   uint32_t desc_size;
   memcpy(&desc_addr, shadow, 8);
   memcpy(&desc_size, shadow + 8, 4);
   CHECK(desc_addr == buf_va + 256 + 4096 && desc_size == 1024);
   CHECK(memcmp(root + 64 + 8, push, sizeof(push)) == 0);
   /* Workgroup count and (zero) base workgroup after the push constants. */
   uint32_t counts[6];
   memcpy(counts, root + 320, sizeof(counts));
   CHECK(counts[0] == 3 && counts[1] == 4 && counts[2] == 5);
   CHECK(counts[3] == 0 && counts[4] == 0 && counts[5] == 0);

   /* It submits and completes on the simulator. */
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   CHECK(agxv_CreateFence(dev, &fci, NULL, &fence) == VK_SUCCESS);
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   CHECK(agxv_QueueSubmit(t.queue, 1, &si, fence) == VK_SUCCESS);
   CHECK(agxv_WaitForFences(dev, 1, &fence, VK_TRUE, 5000000000ull) == VK_SUCCESS);

   agxv_DestroyFence(dev, fence, NULL);
   agxv_DestroyCommandPool(dev, cpool, NULL);
   agxv_DestroyDescriptorPool(dev, pool, NULL);
   agxv_DestroyDescriptorSetLayout(dev, layout, NULL);
   agxv_DestroyBuffer(dev, buf, NULL);
   agxv_FreeMemory(dev, mem, NULL);
   agxv_pipeline_destroy(device, pipeline, &device->alloc);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
