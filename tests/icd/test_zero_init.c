/*
 * shaderZeroInitializeWorkgroupMemory through the loader: a shader whose
 * workgroup variables (an array longer than the workgroup, a vector, a
 * struct, a scalar) have null initializers copies every shared word it
 * sees to a buffer pre-filled with a marker; all must read zero, in every
 * workgroup. (The GPU model, like lavapipe, starts workgroups with zeroed
 * memory; tests/compiler shader_zero_init dirties shared memory first to
 * show the compiler's zero-fill itself.)
 * test_zero_init ZERO_INIT.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_test.h"

#define WGS 3
#define STRIDE 320 /* words per workgroup (zero_init.comp) */
#define USED 309

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

   VkPhysicalDeviceVulkan13Features have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &have};
   vkGetPhysicalDeviceFeatures2(pdev, &f2);
   CHECK(have.shaderZeroInitializeWorkgroupMemory == VK_TRUE);

   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkPhysicalDeviceVulkan13Features want = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                            .shaderZeroInitializeWorkgroupMemory = VK_TRUE};
   VkDeviceCreateInfo dinfo = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &want,
                               .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci};
   VkDevice dev;
   VK_OK(vkCreateDevice(pdev, &dinfo, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   VkDescriptorSetLayoutBinding b = {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dslci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            .bindingCount = 1, .pBindings = &b};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl));
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1, .pSetLayouts = &dsl};
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

   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = WGS * STRIDE * 4,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer buf;
   VK_OK(vkCreateBuffer(dev, &bci, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pdev, &mp);
   uint32_t type = 0;
   const VkMemoryPropertyFlags hc = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   while (!((req.memoryTypeBits >> type) & 1) || (mp.memoryTypes[type].propertyFlags & hc) != hc)
      type++;
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
                               .memoryTypeIndex = type};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(dev, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(dev, buf, mem, 0));
   uint32_t *out;
   VK_OK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&out));
   for (unsigned i = 0; i < WGS * STRIDE; i++)
      out[i] = 0xdeadbeefu;

   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                      .poolSizeCount = 1, .pPoolSizes = &ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(dev, &dpci, NULL, &dpool));
   VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = dpool, .descriptorSetCount = 1, .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(dev, &dsai, &set));
   VkDescriptorBufferInfo dbi = {buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 1,
                             .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &dbi};
   vkUpdateDescriptorSets(dev, 1, &w, 0, NULL);

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
   vkCmdDispatch(cb, WGS, 1, 1);
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(queue));

   for (unsigned wg = 0; wg < WGS; wg++)
      for (unsigned k = 0; k < STRIDE; k++) {
         uint32_t want = k < USED ? 0 : 0xdeadbeefu;
         if (out[wg * STRIDE + k] != want) {
            fprintf(stderr, "workgroup %u word %u = %08x, expected %08x\n", wg, k, out[wg * STRIDE + k],
                    want);
            return 1;
         }
      }
   printf("zero-initialised workgroup memory ok (%u workgroups)\n", WGS);

   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyDescriptorPool(dev, dpool, NULL);
   vkDestroyPipeline(dev, pipeline, NULL);
   vkDestroyShaderModule(dev, module, NULL);
   vkDestroyPipelineLayout(dev, layout, NULL);
   vkDestroyDescriptorSetLayout(dev, dsl, NULL);
   vkDestroyBuffer(dev, buf, NULL);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   if (messages)
      return 1;
   printf("ok\n");
   return 0;
}
