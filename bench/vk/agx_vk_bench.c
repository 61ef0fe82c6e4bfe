/*
 * vkoverhead-style driver overhead benchmark, through the loader, for
 * whatever driver VK_ICD_FILENAMES selects (run it on agx-vk and lavapipe
 * and compare):
 *   - recording vkCmdDispatch alone, and with a descriptor-set bind and a
 *     push-constant update before each dispatch (ns per call);
 *   - vkQueueSubmit of an empty batch and of one small command buffer
 *     (us per submit, including the wait);
 *   - end-to-end throughput of small dispatches (dispatches per second).
 * agx-vk-bench SHADER.spv
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vulkan/vulkan.h>

#define OK(x)                                        \
   do {                                              \
      VkResult r_ = (x);                             \
      if (r_ != VK_SUCCESS) {                        \
         fprintf(stderr, "%s failed: %d\n", #x, r_); \
         exit(1);                                    \
      }                                              \
   } while (0)

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: agx-vk-bench SHADER.spv\n");
      return 2;
   }
   FILE *f = fopen(argv[1], "rb");
   if (!f) {
      perror(argv[1]);
      return 2;
   }
   static uint32_t words[16384];
   size_t spv_size = fread(words, 1, sizeof(words), f);
   fclose(f);

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .apiVersion = VK_API_VERSION_1_2};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app};
   VkInstance instance;
   OK(vkCreateInstance(&ici, NULL, &instance));
   uint32_t n = 1;
   VkPhysicalDevice pdev;
   VkResult er = vkEnumeratePhysicalDevices(instance, &n, &pdev);
   if ((er != VK_SUCCESS && er != VK_INCOMPLETE) || n == 0) {
      fprintf(stderr, "no Vulkan device\n");
      return 1;
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(pdev, &props);
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci};
   VkDevice dev;
   OK(vkCreateDevice(pdev, &dci, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   /* The fill shader (one storage buffer, 64 threads per group). */
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size,
                                    .pCode = words};
   VkShaderModule module;
   OK(vkCreateShaderModule(dev, &smci, NULL, &module));
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VkDescriptorSetLayout sl;
   OK(vkCreateDescriptorSetLayout(dev, &lci, NULL, &sl));
   VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 16};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &pcr};
   VkPipelineLayout pl;
   OK(vkCreatePipelineLayout(dev, &plci, NULL, &pl));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = pl};
   VkPipeline pipe;
   OK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));

   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 65536,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer buf;
   OK(vkCreateBuffer(dev, &bci, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = (uint32_t)__builtin_ctz(req.memoryTypeBits)};
   VkDeviceMemory mem;
   OK(vkAllocateMemory(dev, &mai, NULL, &mem));
   OK(vkBindBufferMemory(dev, buf, mem, 0));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &ps};
   VkDescriptorPool dp;
   OK(vkCreateDescriptorPool(dev, &dpci, NULL, &dp));
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dp,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &sl};
   VkDescriptorSet set;
   OK(vkAllocateDescriptorSets(dev, &sai, &set));
   VkDescriptorBufferInfo dbi = {buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &dbi};
   vkUpdateDescriptorSets(dev, 1, &w, 0, NULL);

   VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                  .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT};
   VkCommandPool pool;
   OK(vkCreateCommandPool(dev, &cpi, NULL, &pool));
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   OK(vkAllocateCommandBuffers(dev, &cai, &cb));
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   OK(vkCreateFence(dev, &fci, NULL, &fence));

   printf("device: %s\n", props.deviceName);
   const int N = 20000;
   for (int variant = 0; variant < 2; variant++) {
      OK(vkResetCommandBuffer(cb, 0));
      OK(vkBeginCommandBuffer(cb, &begin));
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
      uint32_t push[4] = {0};
      double t0 = now();
      for (int i = 0; i < N; i++) {
         if (variant) {
            push[0] = i;
            vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
            vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 16, push);
         }
         vkCmdDispatch(cb, 1, 1, 1);
      }
      double t1 = now();
      OK(vkEndCommandBuffer(cb));
      printf("record vkCmdDispatch%s: %.0f ns/call\n",
             variant ? " + bind set + push constants" : "", (t1 - t0) / N * 1e9);
      if (variant == 0) {
         /* All of them, executed: end-to-end dispatch throughput. */
         VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                            .commandBufferCount = 1,
                            .pCommandBuffers = &cb};
         double s0 = now();
         OK(vkQueueSubmit(queue, 1, &si, fence));
         OK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
         double s1 = now();
         OK(vkResetFences(dev, 1, &fence));
         printf("execute %d dispatches of 64 threads: %.0f dispatches/s\n", N, N / (s1 - s0));
      }
   }

   /* Submission cost: empty batches and one tiny command buffer. */
   const int S = 2000;
   double t0 = now();
   VkSubmitInfo empty = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
   for (int i = 0; i < S; i++)
      OK(vkQueueSubmit(queue, 1, &empty, VK_NULL_HANDLE));
   OK(vkQueueWaitIdle(queue));
   double t1 = now();
   printf("vkQueueSubmit (one empty batch, then wait idle): %.1f us/submit\n", (t1 - t0) / S * 1e6);
   OK(vkResetCommandBuffer(cb, 0));
   OK(vkBeginCommandBuffer(cb, &begin));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   t0 = now();
   for (int i = 0; i < S / 4; i++) {
      OK(vkQueueSubmit(queue, 1, &si, fence));
      OK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
      OK(vkResetFences(dev, 1, &fence));
   }
   t1 = now();
   printf("vkQueueSubmit + wait (one dispatch): %.1f us/round trip\n", (t1 - t0) / (S / 4) * 1e6);

   vkDestroyFence(dev, fence, NULL);
   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyDescriptorPool(dev, dp, NULL);
   vkDestroyBuffer(dev, buf, NULL);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyPipeline(dev, pipe, NULL);
   vkDestroyPipelineLayout(dev, pl, NULL);
   vkDestroyDescriptorSetLayout(dev, sl, NULL);
   vkDestroyShaderModule(dev, module, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   return 0;
}
