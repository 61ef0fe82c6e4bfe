/*
 * Buffer device addresses through the loader: vkGetBufferDeviceAddress and
 * a shader dereferencing the addresses it gets in push constants; then the
 * same shader given an address nothing is mapped at: on agx-vk the device
 * is lost (VK_ERROR_DEVICE_LOST) and the process carries on.
 * test_bda BDA.spv [--validation] [--reference]
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

struct ctx {
   VkDevice dev;
   VkQueue queue;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkCommandPool pool;
};

struct push {
   uint64_t src, dst;
   uint32_t n;
};

static VkResult
run(struct ctx *c, const struct push *push)
{
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = c->pool, .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(c->dev, &cai, &cb));
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipeline);
   vkCmdPushConstants(cb, c->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(*push), push);
   vkCmdDispatch(cb, (push->n + 63) / 64, 1, 1);
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VkResult r = vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE);
   if (r == VK_SUCCESS)
      r = vkQueueWaitIdle(c->queue);
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cb);
   return r;
}

int
main(int argc, char **argv)
{
   setvbuf(stdout, NULL, _IOLBF, 0);
   CHECK(argc >= 2);
   bool validation = false, reference = false;
   for (int i = 2; i < argc; i++) {
      validation |= strcmp(argv[i], "--validation") == 0;
      reference |= strcmp(argv[i], "--reference") == 0;
   }
   FILE *f = fopen(argv[1], "rb");
   CHECK(f != NULL);
   static uint32_t words[8192];
   size_t spv_size = fread(words, 1, sizeof(words), f);
   fclose(f);

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_2};
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
   CHECK(have.bufferDeviceAddress == VK_TRUE);

   struct ctx c = {0};
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkPhysicalDeviceVulkan12Features want = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                            .bufferDeviceAddress = VK_TRUE};
   VkDeviceCreateInfo dinfo = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &want,
                               .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci};
   VK_OK(vkCreateDevice(pdev, &dinfo, NULL, &c.dev));
   vkGetDeviceQueue(c.dev, 0, 0, &c.queue);

   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size, .pCode = words};
   VkShaderModule module;
   VK_OK(vkCreateShaderModule(c.dev, &smci, NULL, &module));
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(struct push)};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .pushConstantRangeCount = 1, .pPushConstantRanges = &range};
   VK_OK(vkCreatePipelineLayout(c.dev, &plci, NULL, &c.layout));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main"},
      .layout = c.layout};
   VK_OK(vkCreateComputePipelines(c.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &c.pipeline));
   VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VK_OK(vkCreateCommandPool(c.dev, &cpi, NULL, &c.pool));

   /* Two buffers in one allocation made with the device-address flag. */
   VkBuffer bufs[2];
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 4096,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                      VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
   VK_OK(vkCreateBuffer(c.dev, &bci, NULL, &bufs[0]));
   VK_OK(vkCreateBuffer(c.dev, &bci, NULL, &bufs[1]));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c.dev, bufs[0], &req);
   VkMemoryAllocateFlagsInfo mafi = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                     .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pdev, &mp);
   uint32_t type = 0;
   while (!((req.memoryTypeBits >> type) & 1) ||
          !(mp.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
      type++;
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = &mafi,
                               .allocationSize = 2 * 8192, .memoryTypeIndex = type};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(c.dev, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(c.dev, bufs[0], mem, 0));
   VK_OK(vkBindBufferMemory(c.dev, bufs[1], mem, 8192));
   uint32_t *map;
   VK_OK(vkMapMemory(c.dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   for (uint32_t i = 0; i < 1024; i++) {
      map[i] = i * 7u + 3u;
      map[2048 + i] = 0; /* new memory is not zeroed on every driver */
   }

   VkBufferDeviceAddressInfo ai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = bufs[0]};
   uint64_t src = vkGetBufferDeviceAddress(c.dev, &ai);
   ai.buffer = bufs[1];
   uint64_t dst = vkGetBufferDeviceAddress(c.dev, &ai);
   CHECK(src != 0 && dst == src + 8192);

   struct push push = {src, dst, 1000};
   VK_OK(run(&c, &push));
   for (uint32_t i = 0; i < 1024; i++)
      CHECK(map[2048 + i] == (i < 1000 ? (i * 7u + 3u) * 5u + 1u : 0u));
   printf("bda ok\n");

   if (!reference) {
      /* An address in the never-mapped low range: a GPU fault. */
      push.dst = 0x100000;
      CHECK_VK(run(&c, &push), VK_ERROR_DEVICE_LOST);
      printf("bda fault ok (device lost)\n");
   }

   vkDestroyBuffer(c.dev, bufs[0], NULL);
   vkDestroyBuffer(c.dev, bufs[1], NULL);
   vkFreeMemory(c.dev, mem, NULL);
   vkDestroyCommandPool(c.dev, c.pool, NULL);
   vkDestroyPipeline(c.dev, c.pipeline, NULL);
   vkDestroyPipelineLayout(c.dev, c.layout, NULL);
   vkDestroyShaderModule(c.dev, module, NULL);
   vkDestroyDevice(c.dev, NULL);
   vkDestroyInstance(instance, NULL);
   if (messages)
      return 1;
   printf("ok\n");
   return 0;
}
