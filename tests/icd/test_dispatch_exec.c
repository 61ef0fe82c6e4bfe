/*
 * The whole compute path executing on the simulated GPU, with hand-written
 * machine code (assembled by agx-asm at build time) standing in for the
 * compiler: descriptors, push constants, root uniforms, USC words, CDM
 * launch, kernel submit, fence. Then a shader that faults: the fence wait
 * reports VK_ERROR_DEVICE_LOST and the process carries on.
 * argv[1]: store_tid.bin, argv[2]: store_fault.bin.
 */
#include <string.h>

#include "agx_internal_test.h"
#include "agxv_pipeline.h"

static uint32_t code_size;
static uint8_t code[4096];

static void
read_code(const char *path)
{
   FILE *f = fopen(path, "rb");
   CHECK(f != NULL);
   code_size = (uint32_t)fread(code, 1, sizeof(code), f);
   fclose(f);
   CHECK(code_size > 0);
}

static VkResult
run(struct agx_test_device *t, struct agxv_pipeline *pipeline, VkDescriptorSet set, uint32_t push,
    uint32_t groups)
{
   VkDevice dev = t->vk;
   VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   CHECK(agxv_CreateCommandPool(dev, &cpci, NULL, &pool) == VK_SUCCESS);
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   CHECK(agxv_AllocateCommandBuffers(dev, &cai, &cb) == VK_SUCCESS);
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, agxv_pipeline_to_handle(pipeline));
   agxv_CmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, VK_NULL_HANDLE, 0, 1, &set, 0,
                              NULL);
   agxv_CmdPushConstants(cb, VK_NULL_HANDLE, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &push);
   agxv_CmdDispatch(cb, groups, 1, 1);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);

   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   CHECK(agxv_CreateFence(dev, &fci, NULL, &fence) == VK_SUCCESS);
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VkResult result = agxv_QueueSubmit(t->queue, 1, &si, fence);
   if (result == VK_SUCCESS)
      result = agxv_WaitForFences(dev, 1, &fence, VK_TRUE, 10000000000ull);
   agxv_DestroyFence(dev, fence, NULL);
   agxv_DestroyCommandPool(dev, pool, NULL);
   return result;
}

int
main(int argc, char **argv)
{
   CHECK(argc == 3);
   struct agx_test_device t = agx_test_device_create();
   VkDevice dev = t.vk;

   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer buf;
   CHECK(agxv_CreateBuffer(dev, &bci, NULL, &buf) == VK_SUCCESS);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = 4096};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(dev, &mai, NULL, &mem) == VK_SUCCESS);
   CHECK(agxv_BindBufferMemory(dev, buf, mem, 0) == VK_SUCCESS);
   uint32_t *out;
   CHECK(agxv_MapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&out) == VK_SUCCESS);
   memset(out, 0xee, 4096);

   VkDescriptorSetLayoutBinding binding = {.binding = 0,
                                           .descriptorCount = 1,
                                           .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &binding};
   VkDescriptorSetLayout layout;
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &layout) == VK_SUCCESS);
   VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &size};
   VkDescriptorPool dpool;
   CHECK(agxv_CreateDescriptorPool(dev, &pci, NULL, &dpool) == VK_SUCCESS);
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dpool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &layout};
   VkDescriptorSet set;
   CHECK(agxv_AllocateDescriptorSets(dev, &sai, &set) == VK_SUCCESS);
   VkDescriptorBufferInfo bi = {buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &bi};
   agxv_UpdateDescriptorSets(dev, 1, &w, 0, NULL);

   /* r0..r5 are used: 12 halves. 64 threads per group, 4 groups. */
   read_code(argv[1]);
   struct agxv_shader_info info = {.gpr_halves = 12, .local_size = {64, 1, 1}};
   struct agxv_pipeline *pipeline;
   CHECK(agxv_compute_pipeline_create(t.dev, code, code_size, &info, &t.dev->alloc, &pipeline) ==
         VK_SUCCESS);
   CHECK(run(&t, pipeline, set, 7, 4) == VK_SUCCESS);
   for (uint32_t i = 0; i < 256; i++) {
      if (out[i] != i * 3 + 7) {
         fprintf(stderr, "out[%u] = 0x%x, expected %u\n", i, out[i], i * 3 + 7);
         return 1;
      }
   }
   CHECK(out[256] == 0xeeeeeeee); /* nothing beyond the grid */

   /* The faulting shader loses the device, but nothing else. */
   read_code(argv[2]);
   struct agxv_pipeline *faulty;
   info.gpr_halves = 8;
   CHECK(agxv_compute_pipeline_create(t.dev, code, code_size, &info, &t.dev->alloc, &faulty) ==
         VK_SUCCESS);
   CHECK(run(&t, faulty, set, 0, 1) == VK_ERROR_DEVICE_LOST);
   CHECK(run(&t, pipeline, set, 0, 1) == VK_ERROR_DEVICE_LOST); /* stays lost */
   CHECK(agxv_DeviceWaitIdle(dev) == VK_ERROR_DEVICE_LOST);

   agxv_pipeline_destroy(t.dev, faulty, &t.dev->alloc);
   agxv_pipeline_destroy(t.dev, pipeline, &t.dev->alloc);
   agxv_DestroyDescriptorPool(dev, dpool, NULL);
   agxv_DestroyDescriptorSetLayout(dev, layout, NULL);
   agxv_DestroyBuffer(dev, buf, NULL);
   agxv_FreeMemory(dev, mem, NULL);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
