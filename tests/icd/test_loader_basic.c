/*
 * Instance, physical device, device, memory, fences and semaphores through
 * the system Vulkan loader (VK_ICD_FILENAMES points at the build manifest).
 * With --validation the Khronos validation layer is enabled and any
 * warning or error it reports fails the test. argv[1] is a compute shader
 * (SPIR-V) for the shader-module checks.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "agx_test.h"

static unsigned validation_messages;

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   if (data->pMessage && strstr(data->pMessage, "is not supported by this layer")) {
      /* an extension newer than the installed layer (as in agx_vk_ctx.c) */
      fprintf(stderr, "validation (extension newer than the layer, not counted): %s\n",
              data->pMessage);
      return VK_FALSE;
   }
   fprintf(stderr, "validation: %s\n", data->pMessage);
   validation_messages++;
   return VK_FALSE;
}

struct ctx {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice device;
   VkQueue queue;
};

static void
check_properties(VkPhysicalDevice pdev)
{
   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES,
      .pNext = &p11};
   VkPhysicalDeviceDriverProperties drv = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES,
                                           .pNext = &p12};
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
      .pNext = &drv};
   VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &sg};
   vkGetPhysicalDeviceProperties2(pdev, &props);

   const VkPhysicalDeviceProperties *p = &props.properties;
   printf("device: %s, api %u.%u.%u, driver %s / %s\n", p->deviceName,
          VK_API_VERSION_MAJOR(p->apiVersion), VK_API_VERSION_MINOR(p->apiVersion),
          VK_API_VERSION_PATCH(p->apiVersion), p12.driverName, p12.driverInfo);
   CHECK(strstr(p->deviceName, "Apple M1 (G13G") != NULL);
   CHECK(p->vendorID == 0x106b);
   CHECK(p->deviceID == 0x8103);
   CHECK(p->deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU);
   CHECK(VK_API_VERSION_MAJOR(p->apiVersion) == 1 && VK_API_VERSION_MINOR(p->apiVersion) == 3);
   CHECK(p->limits.maxPushConstantsSize >= 256);
   CHECK(p->limits.maxComputeWorkGroupInvocations >= 128);
   CHECK(strcmp(p12.driverName, "agx-vk") == 0);
   CHECK(strcmp(drv.driverName, "agx-vk") == 0);
   CHECK(p12.conformanceVersion.major == 0);
   CHECK(p11.subgroupSize == 32 && sg.subgroupSize == 32);
   CHECK(sg.supportedOperations == p11.subgroupSupportedOperations);
   CHECK(p12.maxTimelineSemaphoreValueDifference >= (1ull << 31) - 1);
   /* The kernel reports firmware timestamps in nanoseconds (1 GHz). */
   CHECK(p->limits.timestampPeriod == 1.0f);

   VkPhysicalDeviceTimelineSemaphoreFeatures tl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &tl};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &f13};
   memset(&f13.robustImageAccess, 0xff,
          sizeof(f13) - offsetof(VkPhysicalDeviceVulkan13Features, robustImageAccess));
   VkPhysicalDeviceFeatures2 feats = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                      .pNext = &f12};
   vkGetPhysicalDeviceFeatures2(pdev, &feats);
   CHECK(f12.timelineSemaphore == VK_TRUE && tl.timelineSemaphore == VK_TRUE);
   /* Implemented features read true, unimplemented ones false (and the
    * garbage was overwritten either way). */
   CHECK(f13.synchronization2 == VK_TRUE && f13.dynamicRendering == VK_TRUE &&
         f13.textureCompressionASTC_HDR == VK_FALSE);
   CHECK(f13.pNext == &tl);

   VkPhysicalDeviceMemoryProperties mem;
   vkGetPhysicalDeviceMemoryProperties(pdev, &mem);
   CHECK(mem.memoryTypeCount == 1 && mem.memoryHeapCount == 1);
   VkMemoryPropertyFlags want =
      VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
   CHECK(mem.memoryTypes[0].propertyFlags == want);
   CHECK(mem.memoryHeaps[0].size >= (256ull << 20));

   uint32_t n = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &n, NULL);
   CHECK(n == 1);
   VkQueueFamilyProperties qf;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &n, &qf);
   CHECK(qf.queueFlags & VK_QUEUE_COMPUTE_BIT);
   CHECK(qf.queueCount == 1);
}

static void
check_memory(struct ctx *c, bool validation)
{
   VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = 100000,
      .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
   };
   VkBuffer buf;
   VK_OK(vkCreateBuffer(c->device, &bci, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->device, buf, &req);
   CHECK(req.size >= 100000 && req.memoryTypeBits == 1 && req.alignment >= 16);

   VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = 0,
   };
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(c->device, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(c->device, buf, mem, 0));

   uint32_t *p;
   VK_OK(vkMapMemory(c->device, mem, 0, VK_WHOLE_SIZE, 0, (void **)&p));
   for (uint32_t i = 0; i < 25000; i++)
      p[i] = i * 2654435761u;
   VkMappedMemoryRange range = {.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
                                .memory = mem,
                                .size = VK_WHOLE_SIZE};
   VK_OK(vkFlushMappedMemoryRanges(c->device, 1, &range));
   vkUnmapMemory(c->device, mem);

   uint32_t *q;
   VK_OK(vkMapMemory(c->device, mem, 4096, VK_WHOLE_SIZE, 0, (void **)&q));
   range.offset = 4096;
   VK_OK(vkInvalidateMappedMemoryRanges(c->device, 1, &range));
   for (uint32_t i = 1024; i < 25000; i++)
      CHECK(q[i - 1024] == i * 2654435761u);
   vkUnmapMemory(c->device, mem);

   /* A second allocation must not overlap the first in the GPU VA. */
   VkDeviceMemory mem2;
   VK_OK(vkAllocateMemory(c->device, &mai, NULL, &mem2));
   vkFreeMemory(c->device, mem2, NULL);

   /* Absurd sizes fail cleanly (invalid usage, so not under validation). */
   if (!validation) {
      mai.allocationSize = 1ull << 50;
      CHECK_VK(vkAllocateMemory(c->device, &mai, NULL, &mem2), VK_ERROR_OUT_OF_DEVICE_MEMORY);
   }

   vkDestroyBuffer(c->device, buf, NULL);
   vkFreeMemory(c->device, mem, NULL);
}

static VkSemaphore
make_semaphore(VkDevice dev, bool timeline, uint64_t initial)
{
   VkSemaphoreTypeCreateInfo type = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .semaphoreType = timeline ? VK_SEMAPHORE_TYPE_TIMELINE : VK_SEMAPHORE_TYPE_BINARY,
      .initialValue = initial,
   };
   VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &type};
   VkSemaphore s;
   VK_OK(vkCreateSemaphore(dev, &sci, NULL, &s));
   return s;
}

struct signal_later {
   VkDevice device;
   VkSemaphore sem;
   uint64_t value;
};

static void *
signal_thread(void *data)
{
   struct signal_later *s = data;
   usleep(20000);
   VkSemaphoreSignalInfo si = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
                               .semaphore = s->sem,
                               .value = s->value};
   VK_OK(vkSignalSemaphore(s->device, &si));
   return NULL;
}

static void
check_sync(struct ctx *c)
{
   VkDevice dev = c->device;

   /* Fences: created signalled, reset, signalled by an empty submit. */
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                            .flags = VK_FENCE_CREATE_SIGNALED_BIT};
   VkFence fence;
   VK_OK(vkCreateFence(dev, &fci, NULL, &fence));
   VK_OK(vkGetFenceStatus(dev, fence));
   VK_OK(vkResetFences(dev, 1, &fence));
   CHECK_VK(vkGetFenceStatus(dev, fence), VK_NOT_READY);
   CHECK_VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, 1000000), VK_TIMEOUT);
   VK_OK(vkQueueSubmit(c->queue, 0, NULL, fence));
   VK_OK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
   VK_OK(vkGetFenceStatus(dev, fence));

   /* Timeline semaphores: initial value, host signal, host wait, timeout. */
   VkSemaphore tl = make_semaphore(dev, true, 5);
   uint64_t v = 0;
   VK_OK(vkGetSemaphoreCounterValue(dev, tl, &v));
   CHECK(v == 5);
   VkSemaphoreSignalInfo si = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
                               .semaphore = tl,
                               .value = 7};
   VK_OK(vkSignalSemaphore(dev, &si));
   VK_OK(vkGetSemaphoreCounterValue(dev, tl, &v));
   CHECK(v == 7);
   uint64_t wait_value = 7;
   VkSemaphoreWaitInfo wi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                             .semaphoreCount = 1,
                             .pSemaphores = &tl,
                             .pValues = &wait_value};
   VK_OK(vkWaitSemaphores(dev, &wi, 0));
   wait_value = 8;
   CHECK_VK(vkWaitSemaphores(dev, &wi, 1000000), VK_TIMEOUT);

   /* Wait-before-signal: the batch waits for 10 on `tl`, signals 20 on
    * `tl2` and the fence; the host signals 10 later from another thread. */
   VkSemaphore tl2 = make_semaphore(dev, true, 0);
   VK_OK(vkResetFences(dev, 1, &fence));
   uint64_t wv = 10, sv = 20;
   VkTimelineSemaphoreSubmitInfo tsi = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = 1,
      .pWaitSemaphoreValues = &wv,
      .signalSemaphoreValueCount = 1,
      .pSignalSemaphoreValues = &sv,
   };
   VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
   VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .pNext = &tsi,
      .waitSemaphoreCount = 1,
      .pWaitSemaphores = &tl,
      .pWaitDstStageMask = &stage,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &tl2,
   };
   VK_OK(vkQueueSubmit(c->queue, 1, &submit, fence));
   usleep(5000);
   CHECK_VK(vkGetFenceStatus(dev, fence), VK_NOT_READY);
   VK_OK(vkGetSemaphoreCounterValue(dev, tl2, &v));
   CHECK(v == 0);

   pthread_t thread;
   struct signal_later later = {dev, tl, 10};
   CHECK(pthread_create(&thread, NULL, signal_thread, &later) == 0);
   wait_value = 20;
   VkSemaphoreWaitInfo wi2 = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                              .semaphoreCount = 1,
                              .pSemaphores = &tl2,
                              .pValues = &wait_value};
   VK_OK(vkWaitSemaphores(dev, &wi2, 5000000000ull));
   pthread_join(thread, NULL);
   VK_OK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
   VK_OK(vkGetSemaphoreCounterValue(dev, tl2, &v));
   CHECK(v == 20);

   /* Binary semaphore chain: signal in one submit, wait in the next
    * (vkQueueSubmit2 is covered by test_features). */
   VkSemaphore bin = make_semaphore(dev, false, 0);
   VK_OK(vkResetFences(dev, 1, &fence));
   VkSubmitInfo s1 = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .signalSemaphoreCount = 1,
                      .pSignalSemaphores = &bin};
   VkSubmitInfo s2 = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .waitSemaphoreCount = 1,
                      .pWaitSemaphores = &bin,
                      .pWaitDstStageMask = &stage};
   VK_OK(vkQueueSubmit(c->queue, 1, &s1, VK_NULL_HANDLE));
   VK_OK(vkQueueSubmit(c->queue, 1, &s2, fence));
   VK_OK(vkWaitForFences(dev, 1, &fence, VK_TRUE, 5000000000ull));

   /* Many batches in one call, then idle. */
   VkSubmitInfo many[12];
   for (int i = 0; i < 12; i++)
      many[i] = (VkSubmitInfo){.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
   VK_OK(vkQueueSubmit(c->queue, 12, many, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(c->queue));
   VK_OK(vkDeviceWaitIdle(dev));

   vkDestroySemaphore(dev, bin, NULL);
   vkDestroySemaphore(dev, tl2, NULL);
   vkDestroySemaphore(dev, tl, NULL);
   vkDestroyFence(dev, fence, NULL);
}

static void
check_cmd_buffers(struct ctx *c)
{
   VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                  .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT};
   VkCommandPool pool;
   VK_OK(vkCreateCommandPool(c->device, &pci, NULL, &pool));
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 3};
   VkCommandBuffer cbs[3];
   VK_OK(vkAllocateCommandBuffers(c->device, &cai, cbs));
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                     .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
   for (int i = 0; i < 3; i++) {
      VK_OK(vkBeginCommandBuffer(cbs[i], &begin));
      VK_OK(vkEndCommandBuffer(cbs[i]));
   }
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VK_OK(vkCreateFence(c->device, &fci, NULL, &fence));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 3,
                      .pCommandBuffers = cbs};
   VK_OK(vkQueueSubmit(c->queue, 1, &si, fence));
   VK_OK(vkWaitForFences(c->device, 1, &fence, VK_TRUE, 5000000000ull));
   VK_OK(vkResetCommandBuffer(cbs[0], 0));
   vkFreeCommandBuffers(c->device, pool, 1, &cbs[0]);
   VK_OK(vkResetCommandPool(c->device, pool, 0));
   vkDestroyFence(c->device, fence, NULL);
   vkDestroyCommandPool(c->device, pool, NULL);
}

static void
check_shader_module(struct ctx *c, bool validation, const char *spv_path)
{
   FILE *f = fopen(spv_path, "rb");
   CHECK(f != NULL);
   static uint32_t words[4096];
   size_t size = fread(words, 1, sizeof(words), f);
   fclose(f);
   CHECK(size > 20 && size % 4 == 0);
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = size,
                                    .pCode = words};
   VkShaderModule module;
   VK_OK(vkCreateShaderModule(c->device, &smci, NULL, &module));
   vkDestroyShaderModule(c->device, module, NULL);
   if (!validation) {
      const uint32_t junk[] = {0xdeadbeef, 1, 2, 3, 4, 5};
      smci.pCode = junk;
      smci.codeSize = sizeof(junk);
      CHECK(vkCreateShaderModule(c->device, &smci, NULL, &module) != VK_SUCCESS);
   }
}

int
main(int argc, char **argv)
{
   /* argv: SHADER.spv [--validation] */
   CHECK(argc >= 2);
   const char *spv_path = argv[1];
   bool validation = argc > 2 && strcmp(argv[2], "--validation") == 0;
   struct ctx c = {0};

   uint32_t version = 0;
   VK_OK(vkEnumerateInstanceVersion(&version));
   CHECK(version >= VK_API_VERSION_1_3);

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .pApplicationName = "agx-test",
                            .apiVersion = VK_API_VERSION_1_3};
   const char *layers[] = {"VK_LAYER_KHRONOS_validation"};
   /* VK_KHR_surface: VK_KHR_swapchain, enabled below with every device
    * extension, requires it. */
   const char *exts[] = {VK_KHR_SURFACE_EXTENSION_NAME, VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
   VkDebugUtilsMessengerCreateInfoEXT dci = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
      .pfnUserCallback = on_message,
   };
   VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = validation ? &dci : NULL,
      .pApplicationInfo = &app,
      .enabledLayerCount = validation ? 1 : 0,
      .ppEnabledLayerNames = layers,
      .enabledExtensionCount = validation ? 2 : 1,
      .ppEnabledExtensionNames = exts,
   };
   VK_OK(vkCreateInstance(&ici, NULL, &c.instance));
   VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
   PFN_vkCreateDebugUtilsMessengerEXT create_messenger = NULL;
   PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger = NULL;
   if (validation) {
      create_messenger = (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
         c.instance, "vkCreateDebugUtilsMessengerEXT");
      destroy_messenger = (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
         c.instance, "vkDestroyDebugUtilsMessengerEXT");
      CHECK(create_messenger && destroy_messenger);
      VK_OK(create_messenger(c.instance, &dci, NULL, &messenger));
   }

   uint32_t count = 0;
   VK_OK(vkEnumeratePhysicalDevices(c.instance, &count, NULL));
   CHECK(count == 1);
   VK_OK(vkEnumeratePhysicalDevices(c.instance, &count, &c.pdev));
   check_properties(c.pdev);

   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueFamilyIndex = 0,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .timelineSemaphore = VK_TRUE};
   VkDeviceCreateInfo dinfo = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                               .pNext = &f12,
                               .queueCreateInfoCount = 1,
                               .pQueueCreateInfos = &qci};
   VK_OK(vkCreateDevice(c.pdev, &dinfo, NULL, &c.device));
   vkGetDeviceQueue(c.device, 0, 0, &c.queue);
   CHECK(c.queue != VK_NULL_HANDLE);

   check_memory(&c, validation);
   check_sync(&c);
   check_cmd_buffers(&c);
   check_shader_module(&c, validation, spv_path);

   vkDestroyDevice(c.device, NULL);

   /* Asking for an unsupported feature is refused. */
   if (!validation) {
      VkPhysicalDeviceFeatures want = {.sparseBinding = VK_TRUE};
      VkDeviceCreateInfo bad = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                .queueCreateInfoCount = 1,
                                .pQueueCreateInfos = &qci,
                                .pEnabledFeatures = &want};
      VkDevice d;
      CHECK_VK(vkCreateDevice(c.pdev, &bad, NULL, &d), VK_ERROR_FEATURE_NOT_PRESENT);
      const char *ext = "VK_KHR_ray_query";
      VkDeviceCreateInfo bad2 = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                 .queueCreateInfoCount = 1,
                                 .pQueueCreateInfos = &qci,
                                 .enabledExtensionCount = 1,
                                 .ppEnabledExtensionNames = &ext};
      CHECK_VK(vkCreateDevice(c.pdev, &bad2, NULL, &d), VK_ERROR_EXTENSION_NOT_PRESENT);
   }

   /* Every listed device extension can be enabled, all at once, and the
    * core-promoted ones the CTS enables by name are among them. */
   {
      uint32_t n = 0;
      CHECK_VK(vkEnumerateDeviceExtensionProperties(c.pdev, NULL, &n, NULL), VK_SUCCESS);
      VkExtensionProperties props[128];
      const char *names[128];
      if (n > 128) {
         fprintf(stderr, "too many device extensions (%u)\n", n);
         return 1;
      }
      CHECK_VK(vkEnumerateDeviceExtensionProperties(c.pdev, NULL, &n, props), VK_SUCCESS);
      bool private_data = false, sync2 = false;
      for (uint32_t i = 0; i < n; i++) {
         names[i] = props[i].extensionName;
         private_data |= strcmp(names[i], "VK_EXT_private_data") == 0;
         sync2 |= strcmp(names[i], "VK_KHR_synchronization2") == 0;
      }
      if (!private_data || !sync2) {
         fprintf(stderr, "VK_EXT_private_data / VK_KHR_synchronization2 not listed\n");
         return 1;
      }
      VkDeviceCreateInfo all = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                .queueCreateInfoCount = 1,
                                .pQueueCreateInfos = &qci,
                                .enabledExtensionCount = n,
                                .ppEnabledExtensionNames = names};
      VkDevice d;
      CHECK_VK(vkCreateDevice(c.pdev, &all, NULL, &d), VK_SUCCESS);
      vkDestroyDevice(d, NULL);
   }

   if (messenger)
      destroy_messenger(c.instance, messenger, NULL);
   vkDestroyInstance(c.instance, NULL);

   if (validation_messages) {
      fprintf(stderr, "%u validation messages\n", validation_messages);
      return 1;
   }
   printf("ok\n");
   return 0;
}
