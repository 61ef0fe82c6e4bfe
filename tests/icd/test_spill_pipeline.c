/*
 * A compute shader whose back-end code spills registers to scratch memory
 * (VkFFT's larger radix kernels are such shaders). On agx-vk the stack comes
 * from the device's scratch buffer through the helper program; the shader
 * must compile into a pipeline, run, and match the CPU, twice, and the
 * pipeline must be created without any "not implemented" message. The same
 * program on lavapipe (--reference) keeps the shader honest.
 * test_spill_pipeline SPILL.spv [--reference]
 */
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

#include "agx_test.h"

#define N 32 /* one workgroup */

static uint32_t
expected(const uint32_t *w, uint32_t g)
{
   uint32_t v[160];
   for (uint32_t i = 0; i < 160; i++)
      v[i] = w[(g + i * 7u) & 255u] * (i + 1u);
   uint32_t s = g;
   for (uint32_t i = 160; i-- > 0;)
      s = s * 31u + v[i];
   return s;
}

int
main(int argc, char **argv)
{
   setvbuf(stdout, NULL, _IOLBF, 0);
   CHECK(argc >= 2);
   bool reference = argc > 2 && strcmp(argv[2], "--reference") == 0;
   FILE *f = fopen(argv[1], "rb");
   CHECK(f != NULL);
   static uint32_t words[16384];
   size_t spv_size = fread(words, 1, sizeof(words), f);
   fclose(f);
   CHECK(spv_size > 20);

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .apiVersion = VK_API_VERSION_1_2};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app};
   VkInstance instance;
   VK_OK(vkCreateInstance(&ici, NULL, &instance));
   uint32_t n = 1;
   VkPhysicalDevice pdev;
   VkResult er = vkEnumeratePhysicalDevices(instance, &n, &pdev);
   CHECK((er == VK_SUCCESS || er == VK_INCOMPLETE) && n == 1);
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dinfo = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                               .queueCreateInfoCount = 1,
                               .pQueueCreateInfos = &qci};
   VkDevice dev;
   VK_OK(vkCreateDevice(pdev, &dinfo, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size,
                                    .pCode = words};
   VkShaderModule module;
   VK_OK(vkCreateShaderModule(dev, &smci, NULL, &module));
   VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                           VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dslci = {.sType =
                                               VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            .bindingCount = 1,
                                            .pBindings = &binding};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl));
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &dsl};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(dev, &plci, NULL, &layout));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = layout};

   /* Twice (the second reuses the scratch reserved by the first), with
    * stderr captured: nothing may be reported as not implemented. */
   VkPipeline pipelines[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkResult r[2];
   fflush(stderr);
   int saved = dup(2);
   FILE *log = tmpfile();
   CHECK(saved >= 0 && log != NULL);
   CHECK(dup2(fileno(log), 2) == 2);
   for (unsigned i = 0; i < 2; i++)
      r[i] = vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipelines[i]);
   fflush(stderr);
   CHECK(dup2(saved, 2) == 2);
   close(saved);
   static char text[4096];
   rewind(log);
   size_t len = fread(text, 1, sizeof(text) - 1, log);
   fclose(log);
   text[len] = '\0';
   fputs(text, stderr);

   VK_OK(r[0]);
   VK_OK(r[1]);
   CHECK(strstr(text, "not implemented") == NULL);
   (void)reference;
   VkPipeline pipeline = pipelines[1];
   vkDestroyPipeline(dev, pipelines[0], NULL);

   /* The device stays usable: a transfer through the same queue. */
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 512 * 4,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   VkBuffer buf;
   VK_OK(vkCreateBuffer(dev, &bci, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pdev, &mp);
   const VkMemoryPropertyFlags want =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   uint32_t type = 0;
   while (type < mp.memoryTypeCount && (!((req.memoryTypeBits >> type) & 1) ||
                                        (mp.memoryTypes[type].propertyFlags & want) != want))
      type++;
   CHECK(type < mp.memoryTypeCount);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(dev, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(dev, buf, mem, 0));
   uint32_t *map;
   VK_OK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   for (uint32_t i = 0; i < 512; i++)
      map[i] = i < 256 ? i * 2654435761u : 0;

   VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &size};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(dev, &dpci, NULL, &dpool));
   VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = dpool,
                                       .descriptorSetCount = 1,
                                       .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(dev, &dsai, &set));
   VkDescriptorBufferInfo dbi = {buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wds = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                               .dstSet = set,
                               .descriptorCount = 1,
                               .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                               .pBufferInfo = &dbi};
   vkUpdateDescriptorSets(dev, 1, &wds, 0, NULL);
   VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   VK_OK(vkCreateCommandPool(dev, &cpi, NULL, &pool));
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(dev, &cai, &cb));
   VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VK_OK(vkBeginCommandBuffer(cb, &cbbi));
   vkCmdFillBuffer(cb, buf, 256 * 4 + N * 4, 64, 0xabcdef01u);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(queue));
   for (uint32_t i = 0; i < 16; i++)
      CHECK(map[256 + N + i] == 0xabcdef01u);
   for (uint32_t g = 0; g < N; g++) {
      if (map[256 + g] != expected(map, g)) {
         fprintf(stderr, "word %u: %u, expected %u\n", g, map[256 + g], expected(map, g));
         return 1;
      }
   }
   printf("spilling shader matches the CPU\n");
   vkDestroyPipeline(dev, pipeline, NULL);

   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyDescriptorPool(dev, dpool, NULL);
   vkDestroyBuffer(dev, buf, NULL);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyPipelineLayout(dev, layout, NULL);
   vkDestroyDescriptorSetLayout(dev, dsl, NULL);
   vkDestroyShaderModule(dev, module, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   printf("ok\n");
   return 0;
}
