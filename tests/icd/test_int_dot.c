/*
 * shaderIntegerDotProduct through the loader: shaders/dot.spvasm runs the
 * six dot-product instructions on packed 4x8-bit operands and on 32-bit
 * vectors (with and without saturating accumulation) and every result is
 * compared with a 64-bit CPU computation; the operands include the extreme
 * bytes and accumulators next to the saturation limits. Also checks the
 * "accelerated" properties, which agx-vk reports as all false (no
 * dot-product instruction is used).
 * test_int_dot DOT.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_test.h"

#define N 256 /* invocations */
#define R 12  /* results per invocation */

static unsigned messages;

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   fprintf(stderr, "validation: %s\n", data->pMessage);
   messages++;
   return VK_FALSE;
}

static int64_t byte(uint32_t v, unsigned k, bool sign)
{
   uint8_t x = (uint8_t)(v >> (8 * k));
   return sign ? (int64_t)(int8_t)x : (int64_t)x;
}

static int64_t packed(uint32_t a, uint32_t b, bool sa, bool sb)
{
   int64_t s = 0;
   for (unsigned k = 0; k < 4; k++)
      s += byte(a, k, sa) * byte(b, k, sb);
   return s;
}

static uint32_t sat(int64_t dot, uint32_t acc, bool sign)
{
   if (sign) {
      int64_t s = (int64_t)(int32_t)(uint32_t)dot + (int32_t)acc; /* dot taken as a 32-bit value */
      return (uint32_t)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
   }
   uint64_t s = (uint64_t)(uint32_t)dot + acc;
   return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

/* Low 32 bits of a dot product of 32-bit components (wrapping). */
static uint32_t dot32(const uint32_t *x, const uint32_t *y, unsigned n)
{
   uint32_t s = 0;
   for (unsigned k = 0; k < n; k++)
      s += x[k] * y[k];
   return s;
}

static void expect(uint32_t a, uint32_t b, uint32_t acc, uint32_t out[R])
{
   uint32_t va[3] = {a, b, acc}, vb[3] = {b, acc, a}, ua[2] = {a, b}, ub[2] = {acc, a};
   out[0] = (uint32_t)packed(a, b, true, true);
   out[1] = (uint32_t)packed(a, b, false, false);
   out[2] = (uint32_t)packed(a, b, true, false);
   out[3] = sat(packed(a, b, true, true), acc, true);
   out[4] = sat(packed(a, b, false, false), acc, false);
   out[5] = sat(packed(a, b, true, false), acc, true);
   out[6] = dot32(va, vb, 3);
   out[7] = sat(dot32(ua, ub, 2), acc, false);
   out[8] = dot32(va, vb, 3); /* signed x unsigned: the same low bits */
   out[9] = sat(dot32(va, vb, 3), acc, true);
   out[10] = dot32(ua, ub, 2);
   out[11] = sat(dot32(va, vb, 3), acc, true);
}

static uint32_t hash(uint32_t v)
{
   v ^= v >> 16;
   v *= 0x7feb352du;
   v ^= v >> 15;
   v *= 0x846ca68bu;
   v ^= v >> 16;
   return v;
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
   CHECK(have.shaderIntegerDotProduct == VK_TRUE);
   VkPhysicalDeviceShaderIntegerDotProductProperties dp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &dp};
   vkGetPhysicalDeviceProperties2(pdev, &p2);
   if (strstr(p2.properties.deviceName, "Apple")) {
      /* Every member after sType/pNext is a VkBool32 "accelerated" flag. */
      const VkBool32 *flag = &dp.integerDotProduct8BitUnsignedAccelerated;
      unsigned count = (unsigned)((sizeof(dp) - offsetof(VkPhysicalDeviceShaderIntegerDotProductProperties,
                                                          integerDotProduct8BitUnsignedAccelerated)) /
                                  sizeof(VkBool32));
      CHECK(count == 30);
      for (unsigned k = 0; k < count; k++)
         CHECK(flag[k] == VK_FALSE);
   }

   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkPhysicalDeviceVulkan13Features want = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                            .shaderIntegerDotProduct = VK_TRUE};
   VkDeviceCreateInfo dinfo = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &want,
                               .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci};
   VkDevice dev;
   VK_OK(vkCreateDevice(pdev, &dinfo, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   VkDescriptorSetLayoutBinding b[2] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayoutCreateInfo dslci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            .bindingCount = 2, .pBindings = b};
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

   VkBuffer bufs[2];
   VkDeviceSize sizes[2] = {N * 3 * 4, N * R * 4};
   for (unsigned i = 0; i < 2; i++) {
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
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = 65536,
                               .memoryTypeIndex = type};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(dev, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(dev, bufs[0], mem, 0));
   VK_OK(vkBindBufferMemory(dev, bufs[1], mem, 16384));
   uint8_t *map;
   VK_OK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   uint32_t *in = (uint32_t *)map, *out = (uint32_t *)(map + 16384);
   static const uint32_t edge[] = {0x7f7f7f7fu, 0x80808080u, 0xffffffffu, 0x01020304u, 0, 0x807f01ffu};
   static const uint32_t accs[] = {0x7fffffffu, 0x80000000u, 0xffffffffu, 0, 0x7ffffff0u, 0xfffffff0u,
                                   0x80000010u, 0xffff0000u};
   for (uint32_t i = 0; i < N; i++) {
      if (i < 6 * 6 * 8) {
         in[3 * i] = edge[i % 6];
         in[3 * i + 1] = edge[(i / 6) % 6];
         in[3 * i + 2] = accs[(i / 36) % 8];
      }
      if (i >= 6 * 6 * 8 || i % 7 == 6) {
         in[3 * i] = hash(i * 3);
         in[3 * i + 1] = hash(i * 3 + 1);
         in[3 * i + 2] = i & 1 ? hash(i * 3 + 2) : accs[i % 8] ^ (i & 0xff);
      }
   }
   memset(out, 0xcd, N * R * 4);

   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                      .poolSizeCount = 1, .pPoolSizes = &ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(dev, &dpci, NULL, &dpool));
   VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = dpool, .descriptorSetCount = 1, .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(dev, &dsai, &set));
   VkDescriptorBufferInfo dbi[2] = {{bufs[0], 0, VK_WHOLE_SIZE}, {bufs[1], 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet w[2];
   for (unsigned i = 0; i < 2; i++)
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
                                    .dstBinding = i, .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &dbi[i]};
   vkUpdateDescriptorSets(dev, 2, w, 0, NULL);

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
   vkCmdDispatch(cb, N / 64, 1, 1);
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(queue));

   unsigned saturated = 0;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t want[R];
      expect(in[3 * i], in[3 * i + 1], in[3 * i + 2], want);
      for (unsigned k = 0; k < R; k++) {
         if (out[i * R + k] != want[k]) {
            fprintf(stderr, "invocation %u (a %08x b %08x acc %08x) result %u = %08x, expected %08x\n", i,
                    in[3 * i], in[3 * i + 1], in[3 * i + 2], k, out[i * R + k], want[k]);
            return 1;
         }
         saturated += (k == 3 || k == 4 || k == 5 || k == 7 || k == 9 || k == 11) &&
                      (want[k] == 0x7fffffffu || want[k] == 0x80000000u || want[k] == 0xffffffffu);
      }
   }
   printf("integer dot products ok (%u results, %u saturated)\n", N * R, saturated);
   CHECK(saturated >= 20);

   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyDescriptorPool(dev, dpool, NULL);
   vkDestroyPipeline(dev, pipeline, NULL);
   vkDestroyShaderModule(dev, module, NULL);
   vkDestroyPipelineLayout(dev, layout, NULL);
   vkDestroyDescriptorSetLayout(dev, dsl, NULL);
   vkDestroyBuffer(dev, bufs[0], NULL);
   vkDestroyBuffer(dev, bufs[1], NULL);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   if (messages)
      return 1;
   printf("ok\n");
   return 0;
}
