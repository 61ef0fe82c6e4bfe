/*
 * The Vulkan memory model through the loader (vulkanMemoryModel and
 * vulkanMemoryModelDeviceScope): shaders/memory_model.comp declares
 * OpMemoryModel Vulkan and uses coherent (NonPrivatePointer,
 * MakePointerAvailable/Visible) buffer accesses, workgroup- and
 * device-scope control barriers with MakeAvailable/MakeVisible semantics,
 * a device-scope atomic counter shared by every workgroup, and a
 * queue-family-scope release store / device-scope acquire load. Checks
 * every value. (The GPU model is coherent: memory accesses complete before
 * the waits the compiler puts ahead of barriers, so visibility needs no
 * cache maintenance there; Mesa's AGX driver exposes the same two features
 * on single-die G13/G14.)
 * test_memory_model MEMORY_MODEL.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_test.h"

#define WGS 4
#define N (WGS * 64)

static unsigned messages;

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   fprintf(stderr, "validation: %s\n", data->pMessage);
   messages++;
   return VK_FALSE;
}

int
main(int argc, char **argv)
{
   setvbuf(stdout, NULL, _IOLBF, 0);
   CHECK(argc >= 2);
   bool validation = false;
   for (int i = 2; i < argc; i++)
      validation |= strcmp(argv[i], "--validation") == 0;
   FILE *f = fopen(argv[1], "rb");
   CHECK(f != NULL);
   static uint32_t words[16384];
   size_t spv_size = fread(words, 1, sizeof(words), f);
   fclose(f);

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3};
   const char *layers[] = {"VK_LAYER_KHRONOS_validation"};
   const char *exts[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
   VkDebugUtilsMessengerCreateInfoEXT dci = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
      .pfnUserCallback = on_message};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pNext = validation ? &dci : NULL,
                               .pApplicationInfo = &app, .enabledLayerCount = validation,
                               .ppEnabledLayerNames = layers, .enabledExtensionCount = validation,
                               .ppEnabledExtensionNames = exts};
   VkInstance instance;
   VK_OK(vkCreateInstance(&ici, NULL, &instance));
   uint32_t n = 1;
   VkPhysicalDevice pdev;
   VkResult er = vkEnumeratePhysicalDevices(instance, &n, &pdev);
   CHECK((er == VK_SUCCESS || er == VK_INCOMPLETE) && n == 1);

   VkPhysicalDeviceVulkan12Features have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &have};
   vkGetPhysicalDeviceFeatures2(pdev, &f2);
   CHECK(have.vulkanMemoryModel == VK_TRUE && have.vulkanMemoryModelDeviceScope == VK_TRUE);

   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkPhysicalDeviceVulkan12Features want = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                            .vulkanMemoryModel = VK_TRUE,
                                            .vulkanMemoryModelDeviceScope = VK_TRUE};
   VkDeviceCreateInfo dinfo = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &want,
                               .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci};
   VkDevice dev;
   VK_OK(vkCreateDevice(pdev, &dinfo, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   VkDescriptorSetLayoutBinding b[3];
   for (unsigned i = 0; i < 3; i++)
      b[i] = (VkDescriptorSetLayoutBinding){i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
                                            NULL};
   VkDescriptorSetLayoutCreateInfo dslci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            .bindingCount = 3, .pBindings = b};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl));
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1, .pSetLayouts = &dsl,
                                      .pushConstantRangeCount = 1, .pPushConstantRanges = &range};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(dev, &plci, NULL, &layout));
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size, .pCode = words};
   VkShaderModule module;
   VK_OK(vkCreateShaderModule(dev, &smci, NULL, &module));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main"},
      .layout = layout};
   VkPipeline pipeline;
   VK_OK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));

   /* data (2N words), out (4N words), counter: one allocation */
   const VkDeviceSize offs[3] = {0, 16384, 32768}, sizes[3] = {2 * N * 4, 4 * N * 4, 4};
   VkBuffer bufs[3];
   for (unsigned i = 0; i < 3; i++) {
      VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = sizes[i],
                                .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
      VK_OK(vkCreateBuffer(dev, &bci, NULL, &bufs[i]));
   }
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, bufs[1], &req);
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pdev, &mp);
   uint32_t type = 0;
   const VkMemoryPropertyFlags hc = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   while (!((req.memoryTypeBits >> type) & 1) || (mp.memoryTypes[type].propertyFlags & hc) != hc)
      type++;
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = 49152,
                               .memoryTypeIndex = type};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(dev, &mai, NULL, &mem));
   for (unsigned i = 0; i < 3; i++)
      VK_OK(vkBindBufferMemory(dev, bufs[i], mem, offs[i]));
   uint8_t *map;
   VK_OK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   uint32_t *data = (uint32_t *)map, *out = (uint32_t *)(map + offs[1]), *count = (uint32_t *)(map + offs[2]);
   memset(data, 0, 2 * N * 4);
   memset(out, 0xcd, 4 * N * 4);
   *count = 0;

   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                      .poolSizeCount = 1, .pPoolSizes = &ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(dev, &dpci, NULL, &dpool));
   VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = dpool, .descriptorSetCount = 1, .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(dev, &dsai, &set));
   VkDescriptorBufferInfo dbi[3];
   VkWriteDescriptorSet w[3];
   for (unsigned i = 0; i < 3; i++) {
      dbi[i] = (VkDescriptorBufferInfo){bufs[i], 0, VK_WHOLE_SIZE};
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
                                    .dstBinding = i, .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &dbi[i]};
   }
   vkUpdateDescriptorSets(dev, 3, w, 0, NULL);

   VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   VK_OK(vkCreateCommandPool(dev, &cpi, NULL, &pool));
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool, .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(dev, &cai, &cb));
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   const uint32_t total = N;
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &total);
   vkCmdDispatch(cb, WGS, 1, 1);
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(queue));

   static bool seen[N];
   for (uint32_t g = 0; g < N; g++) {
      uint32_t wg = g / 64, l = g % 64;
      uint32_t want[4] = {(wg * 64 + (l ^ 33)) * 7 + 1, (wg * 64 + 63 - l) * 3 + 2, 0, g ^ 0x5a5au};
      const uint32_t *o = out + 4 * g;
      for (unsigned k = 0; k < 4; k++) {
         if (k == 2)
            continue;
         if (o[k] != want[k]) {
            fprintf(stderr, "invocation %u result %u = %08x, expected %08x\n", g, k, o[k], want[k]);
            return 1;
         }
      }
      CHECK(o[2] < N && !seen[o[2]]); /* the counter values are a permutation */
      seen[o[2]] = true;
      CHECK(data[N + g] == (g ^ 0x5a5au));
   }
   CHECK(*count == N);
   printf("memory model ok (%u invocations)\n", N);

   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyDescriptorPool(dev, dpool, NULL);
   vkDestroyPipeline(dev, pipeline, NULL);
   vkDestroyShaderModule(dev, module, NULL);
   vkDestroyPipelineLayout(dev, layout, NULL);
   vkDestroyDescriptorSetLayout(dev, dsl, NULL);
   for (unsigned i = 0; i < 3; i++)
      vkDestroyBuffer(dev, bufs[i], NULL);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   if (messages)
      return 1;
   printf("ok\n");
   return 0;
}
