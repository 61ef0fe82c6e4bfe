/* Shared loader-test set-up (see agx_vk_ctx.h). */
#include "agx_vk_ctx.h"

static unsigned messages;

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   fprintf(stderr, "validation: %s\n", data->pMessage);
   messages++;
   return VK_FALSE;
}

void
agx_vk_ctx_instance(struct agx_vk_ctx *c, int argc, char **argv)
{
   setvbuf(stdout, NULL, _IOLBF, 0);
   memset(c, 0, sizeof(*c));
   for (int i = 1; i < argc; i++) {
      c->validation |= strcmp(argv[i], "--validation") == 0;
      c->reference |= strcmp(argv[i], "--reference") == 0;
   }
   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .apiVersion = VK_API_VERSION_1_3};
   const char *layers[] = {"VK_LAYER_KHRONOS_validation"};
   const char *exts[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
   VkDebugUtilsMessengerCreateInfoEXT dci = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
      .pfnUserCallback = on_message,
   };
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pNext = c->validation ? &dci : NULL, .pApplicationInfo = &app,
                               .enabledLayerCount = c->validation, .ppEnabledLayerNames = layers,
                               .enabledExtensionCount = c->validation,
                               .ppEnabledExtensionNames = exts};
   VK_OK(vkCreateInstance(&ici, NULL, &c->instance));
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(c->instance, &n, &c->pdev);
   CHECK((r == VK_SUCCESS || r == VK_INCOMPLETE) && n == 1);
}

bool
agx_vk_ctx_has_extension(const struct agx_vk_ctx *c, const char *name)
{
   static VkExtensionProperties props[512];
   uint32_t n = 512;
   VK_OK(vkEnumerateDeviceExtensionProperties(c->pdev, NULL, &n, props));
   for (uint32_t i = 0; i < n; i++) {
      if (strcmp(props[i].extensionName, name) == 0)
         return true;
   }
   return false;
}

void
agx_vk_ctx_device(struct agx_vk_ctx *c, const void *pnext, uint32_t ext_count,
                  const char *const *exts)
{
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1, .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = pnext,
                             .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
                             .enabledExtensionCount = ext_count, .ppEnabledExtensionNames = exts};
   VK_OK(vkCreateDevice(c->pdev, &dci, NULL, &c->dev));
   vkGetDeviceQueue(c->dev, 0, 0, &c->queue);
   VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VK_OK(vkCreateCommandPool(c->dev, &cpci, NULL, &c->pool));
}

int
agx_vk_ctx_finish(struct agx_vk_ctx *c)
{
   vkDestroyCommandPool(c->dev, c->pool, NULL);
   vkDestroyDevice(c->dev, NULL);
   vkDestroyInstance(c->instance, NULL);
   if (messages) {
      fprintf(stderr, "%u validation messages\n", messages);
      return 1;
   }
   printf("ok\n");
   return 0;
}

struct agx_vk_buffer
agx_vk_buffer(struct agx_vk_ctx *c, VkDeviceSize size)
{
   struct agx_vk_buffer b = {.size = size};
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                      VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   VK_OK(vkCreateBuffer(c->dev, &bci, NULL, &b.buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->dev, b.buf, &req);
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(c->pdev, &mp);
   const VkMemoryPropertyFlags want =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   uint32_t type = UINT32_MAX;
   for (uint32_t i = 0; i < mp.memoryTypeCount && type == UINT32_MAX; i++) {
      if ((req.memoryTypeBits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
         type = i;
   }
   CHECK(type != UINT32_MAX);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size, .memoryTypeIndex = type};
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, &b.mem));
   VK_OK(vkBindBufferMemory(c->dev, b.buf, b.mem, 0));
   VK_OK(vkMapMemory(c->dev, b.mem, 0, VK_WHOLE_SIZE, 0, (void **)&b.map));
   memset(b.map, 0, size);
   return b;
}

void
agx_vk_buffer_free(struct agx_vk_ctx *c, struct agx_vk_buffer *b)
{
   vkDestroyBuffer(c->dev, b->buf, NULL);
   vkFreeMemory(c->dev, b->mem, NULL);
}

VkCommandBuffer
agx_vk_begin(struct agx_vk_ctx *c, VkCommandBufferLevel level)
{
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = c->pool, .level = level,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(c->dev, &cai, &cb));
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO};
   VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .pInheritanceInfo = level == VK_COMMAND_BUFFER_LEVEL_SECONDARY ? &inh : NULL};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   return cb;
}

VkResult
agx_vk_submit_wait(struct agx_vk_ctx *c, VkCommandBuffer cb)
{
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VkResult r = vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE);
   if (r == VK_SUCCESS)
      r = vkQueueWaitIdle(c->queue);
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cb);
   return r;
}

VkShaderModule
agx_vk_shader(struct agx_vk_ctx *c, const char *path)
{
   FILE *f = fopen(path, "rb");
   CHECK(f != NULL);
   static uint32_t words[65536];
   size_t size = fread(words, 1, sizeof(words), f);
   CHECK(fgetc(f) == EOF); /* never a truncated module */
   fclose(f);
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = size, .pCode = words};
   VkShaderModule m;
   VK_OK(vkCreateShaderModule(c->dev, &smci, NULL, &m));
   return m;
}
