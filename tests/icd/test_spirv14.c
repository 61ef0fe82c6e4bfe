/*
 * A Vulkan 1.1 application handing over SPIR-V 1.4 (as Slang-built shaders
 * are): it enables VK_KHR_spirv_1_4 and its dependency
 * VK_KHR_shader_float_controls by name, which a 1.3 driver must still list
 * (both are core since 1.2), then runs a SPIR-V 1.4 shader with a
 * specialization constant and checks the words against the CPU.
 * test_spirv14 FIB14.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_test.h"

static unsigned messages;

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   fprintf(stderr, "validation: %s\n", data->pMessage);
   messages++;
   return VK_FALSE;
}

static bool
has_extension(VkPhysicalDevice pdev, const char *name)
{
   VkExtensionProperties props[256];
   uint32_t n = 256;
   VkResult r = vkEnumerateDeviceExtensionProperties(pdev, NULL, &n, props);
   CHECK(r == VK_SUCCESS || r == VK_INCOMPLETE);
   for (uint32_t i = 0; i < n; i++)
      if (strcmp(props[i].extensionName, name) == 0)
         return true;
   return false;
}

static uint32_t
fib(uint32_t n)
{
   uint32_t a = 0, b = 1;
   for (uint32_t k = 0; k < n; k++) {
      uint32_t t = a + b;
      a = b;
      b = t;
   }
   return a;
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
   static uint32_t words[8192];
   size_t spv_size = fread(words, 1, sizeof(words), f);
   fclose(f);
   CHECK(spv_size > 20 && words[1] == 0x00010400); /* the build made SPIR-V 1.4 */

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_1};
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

   const char *dev_exts[] = {VK_KHR_SPIRV_1_4_EXTENSION_NAME, VK_KHR_SHADER_FLOAT_CONTROLS_EXTENSION_NAME};
   for (unsigned i = 0; i < 2; i++) {
      if (!has_extension(pdev, dev_exts[i])) {
         fprintf(stderr, "%s is not listed\n", dev_exts[i]);
         return 1;
      }
   }
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dinfo = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
                               .pQueueCreateInfos = &qci, .enabledExtensionCount = 2,
                               .ppEnabledExtensionNames = dev_exts};
   VkDevice dev;
   VK_OK(vkCreateDevice(pdev, &dinfo, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size, .pCode = words};
   VkShaderModule module;
   VK_OK(vkCreateShaderModule(dev, &smci, NULL, &module));
   VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
                                           NULL};
   VkDescriptorSetLayoutCreateInfo dslci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            .bindingCount = 1, .pBindings = &binding};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl));
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1, .pSetLayouts = &dsl};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(dev, &plci, NULL, &layout));
   const uint32_t count = 40; /* the specialization constant: words past it stay */
   VkSpecializationMapEntry entry = {0, 0, sizeof(count)};
   VkSpecializationInfo spec = {1, &entry, sizeof(count), &count};
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main",
                .pSpecializationInfo = &spec},
      .layout = layout};
   VkPipeline pipeline;
   VK_OK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));

   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 64 * 4,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer buf;
   VK_OK(vkCreateBuffer(dev, &bci, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pdev, &mp);
   const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   uint32_t type = 0;
   while (type < mp.memoryTypeCount &&
          (!((req.memoryTypeBits >> type) & 1) || (mp.memoryTypes[type].propertyFlags & want) != want))
      type++;
   CHECK(type < mp.memoryTypeCount);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
                               .memoryTypeIndex = type};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(dev, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(dev, buf, mem, 0));
   uint32_t *map;
   VK_OK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   for (uint32_t i = 0; i < 64; i++)
      map[i] = i;

   VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                      .poolSizeCount = 1, .pPoolSizes = &size};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(dev, &dpci, NULL, &dpool));
   VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = dpool, .descriptorSetCount = 1, .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(dev, &dsai, &set));
   VkDescriptorBufferInfo dbi = {buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wds = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
                               .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                               .pBufferInfo = &dbi};
   vkUpdateDescriptorSets(dev, 1, &wds, 0, NULL);

   VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   VK_OK(vkCreateCommandPool(dev, &cpi, NULL, &pool));
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool, .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(dev, &cai, &cb));
   VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VK_OK(vkBeginCommandBuffer(cb, &cbbi));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 2, 1, 1);
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(queue));
   for (uint32_t i = 0; i < 64; i++) {
      uint32_t expect = i < count ? fib(i) : i;
      if (map[i] != expect) {
         fprintf(stderr, "word %u: %u, expected %u\n", i, map[i], expect);
         return 1;
      }
   }
   printf("spirv 1.4 fibonacci ok (fib(39) = %u)\n", map[39]);

   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyDescriptorPool(dev, dpool, NULL);
   vkDestroyBuffer(dev, buf, NULL);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyPipeline(dev, pipeline, NULL);
   vkDestroyPipelineLayout(dev, layout, NULL);
   vkDestroyDescriptorSetLayout(dev, dsl, NULL);
   vkDestroyShaderModule(dev, module, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   if (messages)
      return 1;
   printf("ok\n");
   return 0;
}
