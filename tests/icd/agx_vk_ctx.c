/* Shared loader-test set-up (see agx_vk_ctx.h). */
#include "agx_vk_ctx.h"

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   struct agx_vk_ctx *c = user;
   const char *id = data->pMessageIdName ? data->pMessageIdName : "";
   const char *msg = data->pMessage ? data->pMessage : "";
   bool predates = false;
   for (const char *const *p = c->layer_predates; p && *p; p++)
      predates |= strcmp(id, *p) == 0;
   if (c->allowed_id && strcmp(id, c->allowed_id) == 0) {
      fprintf(stderr, "validation (provoked on purpose, not counted): %s\n", msg);
   } else if (predates) {
      fprintf(stderr, "validation (valid usage the layer predates, not counted): %s\n", msg);
   } else if (strstr(msg, "is not supported by this layer") ||
              strstr(msg, "unknown VkStructureType (10004700") ||
              strstr(msg, "unknown VkStructureType (10005450") ||
              strstr(msg, "unknown VkStructureType (10004160")) {
      /* An extension newer than the installed layer (1.3.239), e.g.
       * VK_KHR_load_store_op_none, or a structure of one (the
       * VK_KHR_maintenance5 / _maintenance6 sTypes 100047000x and
       * 100054500x, VK_KHR_shader_subgroup_rotate's 100041600x,
       * include/agxv_vk_newer.h): the layer cannot check it,
       * which says nothing about the driver. */
      fprintf(stderr, "validation (extension newer than the layer, not counted): %s\n", msg);
   } else if (c->lost) {
      fprintf(stderr, "validation (after device loss, not counted): %s\n", data->pMessage);
   } else {
      fprintf(stderr, "validation: %s\n", data->pMessage);
      c->messages++;
   }
   return VK_FALSE;
}

static bool unwrapped_handles; /* agx_vk_ctx_unwrapped_handles */

void
agx_vk_ctx_unwrapped_handles(void)
{
   unwrapped_handles = true;
}

void
agx_vk_ctx_allow(struct agx_vk_ctx *c, const char *message_id)
{
   c->allowed_id = message_id;
}

void
agx_vk_ctx_device_lost(struct agx_vk_ctx *c)
{
   c->lost = true;
}

void
agx_vk_ctx_instance(struct agx_vk_ctx *c, int argc, char **argv)
{
   agx_vk_ctx_instance_version(c, argc, argv, VK_API_VERSION_1_3);
}

void
agx_vk_ctx_instance_version(struct agx_vk_ctx *c, int argc, char **argv, uint32_t api_version)
{
   agx_vk_ctx_instance_exts(c, argc, argv, api_version, 0, NULL);
}

void
agx_vk_ctx_instance_exts(struct agx_vk_ctx *c, int argc, char **argv, uint32_t api_version,
                         uint32_t ext_count, const char *const *extra_exts)
{
   setvbuf(stdout, NULL, _IOLBF, 0);
   memset(c, 0, sizeof(*c));
   for (int i = 1; i < argc; i++) {
      c->validation |= strcmp(argv[i], "--validation") == 0;
      c->reference |= strcmp(argv[i], "--reference") == 0;
   }
   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = api_version};
   const char *layers[] = {"VK_LAYER_KHRONOS_validation"};
   const char *exts[16] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
   CHECK(ext_count < 16);
   uint32_t n_exts = c->validation;
   for (uint32_t i = 0; i < ext_count; i++)
      exts[n_exts++] = extra_exts[i];
   VkDebugUtilsMessengerCreateInfoEXT dci = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
      .pfnUserCallback = on_message,
      .pUserData = c,
   };
   VkValidationFeatureDisableEXT no_wrap = VK_VALIDATION_FEATURE_DISABLE_UNIQUE_HANDLES_EXT;
   VkValidationFeaturesEXT vf = {.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
                                 .disabledValidationFeatureCount = 1,
                                 .pDisabledValidationFeatures = &no_wrap};
   const void *chain = c->validation ? &dci : NULL;
   if (c->validation && unwrapped_handles) {
      vf.pNext = &dci;
      chain = &vf;
      exts[n_exts++] = VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME;
   }
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pNext = chain,
                               .pApplicationInfo = &app,
                               .enabledLayerCount = c->validation,
                               .ppEnabledLayerNames = layers,
                               .enabledExtensionCount = n_exts,
                               .ppEnabledExtensionNames = exts};
   VK_OK(vkCreateInstance(&ici, NULL, &c->instance));
   /* The chained messenger covers only instance creation and destruction. */
   if (c->validation) {
      PFN_vkCreateDebugUtilsMessengerEXT create =
         (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            c->instance, "vkCreateDebugUtilsMessengerEXT");
      CHECK(create != NULL);
      VK_OK(create(c->instance, &dci, NULL, &c->messenger));
   }
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
   agx_vk_ctx_device_features(c, pnext, NULL, ext_count, exts);
}

void
agx_vk_ctx_device_features(struct agx_vk_ctx *c, const void *pnext,
                           const VkPhysicalDeviceFeatures *features, uint32_t ext_count,
                           const char *const *exts)
{
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .pNext = pnext,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci,
                             .pEnabledFeatures = features,
                             .enabledExtensionCount = ext_count,
                             .ppEnabledExtensionNames = exts};
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
   if (c->messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy =
         (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            c->instance, "vkDestroyDebugUtilsMessengerEXT");
      CHECK(destroy != NULL);
      destroy(c->instance, c->messenger, NULL);
   }
   vkDestroyInstance(c->instance, NULL);
   if (c->messages) {
      fprintf(stderr, "%u validation messages\n", c->messages);
      return 1;
   }
   printf("ok\n");
   return 0;
}

uint32_t
agx_vk_memory_type(const struct agx_vk_ctx *c, uint32_t type_bits, VkMemoryPropertyFlags flags)
{
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(c->pdev, &mp);
   for (uint32_t i = 0; i < mp.memoryTypeCount; i++) {
      if ((type_bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & flags) == flags)
         return i;
   }
   CHECK(!"a memory type with the wanted properties");
   return UINT32_MAX;
}

struct agx_vk_buffer
agx_vk_buffer(struct agx_vk_ctx *c, VkDeviceSize size)
{
   return agx_vk_buffer_usage(
      c, size,
      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
         VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

struct agx_vk_buffer
agx_vk_buffer_usage(struct agx_vk_ctx *c, VkDeviceSize size, VkBufferUsageFlags usage)
{
   struct agx_vk_buffer b = {.size = size};
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = size,
                             .usage = usage};
   VK_OK(vkCreateBuffer(c->dev, &bci, NULL, &b.buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->dev, b.buf, &req);
   uint32_t type = agx_vk_memory_type(c, req.memoryTypeBits,
                                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type};
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
   return agx_vk_begin_flags(c, level, 0);
}

VkCommandBuffer
agx_vk_begin_flags(struct agx_vk_ctx *c, VkCommandBufferLevel level,
                   VkCommandBufferUsageFlags flags)
{
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = c->pool,
                                      .level = level,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(c->dev, &cai, &cb));
   VkCommandBufferInheritanceInfo inh = {.sType =
                                            VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO};
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = flags,
                                  .pInheritanceInfo =
                                     level == VK_COMMAND_BUFFER_LEVEL_SECONDARY ? &inh : NULL};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   return cb;
}

VkResult
agx_vk_submit_wait(struct agx_vk_ctx *c, VkCommandBuffer cb)
{
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VkResult r = vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE);
   if (r == VK_SUCCESS)
      r = vkQueueWaitIdle(c->queue);
   if (r == VK_ERROR_DEVICE_LOST)
      agx_vk_ctx_device_lost(c);
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cb);
   return r;
}

uint32_t *
agx_vk_read_spv(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      fprintf(stderr, "cannot open %s\n", path);
   CHECK(f != NULL);
   CHECK(fseek(f, 0, SEEK_END) == 0);
   long len = ftell(f);
   CHECK(len > 0 && len % 4 == 0 && fseek(f, 0, SEEK_SET) == 0);
   uint32_t *words = malloc((size_t)len);
   CHECK(words != NULL && fread(words, 1, (size_t)len, f) == (size_t)len);
   fclose(f);
   *size = (size_t)len;
   return words;
}

VkShaderModule
agx_vk_shader(struct agx_vk_ctx *c, const char *path)
{
   size_t size;
   uint32_t *words = agx_vk_read_spv(path, &size);
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = size,
                                    .pCode = words};
   VkShaderModule m;
   VK_OK(vkCreateShaderModule(c->dev, &smci, NULL, &m));
   free(words);
   return m;
}

VkPipeline
agx_vk_compute_pipeline(struct agx_vk_ctx *c, VkPipelineLayout layout, VkShaderModule module,
                        const VkSpecializationInfo *spec, VkPipelineShaderStageCreateFlags flags,
                        const void *stage_next)
{
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .pNext = stage_next,
                .flags = flags,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main",
                .pSpecializationInfo = spec},
      .layout = layout};
   VkPipeline pipeline;
   VK_OK(vkCreateComputePipelines(c->dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));
   return pipeline;
}

void
agx_vk_pipeline(struct agx_vk_ctx *c, struct agx_vk_pipeline *p,
                const struct agx_vk_pipeline_desc *desc)
{
   memset(p, 0, sizeof(*p));
   p->buffers = desc->buffers;
   p->first_binding = desc->first_binding;
   p->push_size = desc->push_size;
   if (p->buffers) {
      VkDescriptorSetLayoutBinding b[16];
      CHECK(p->buffers <= 16);
      for (uint32_t i = 0; i < p->buffers; i++)
         b[i] =
            (VkDescriptorSetLayoutBinding){p->first_binding + i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                           1, VK_SHADER_STAGE_COMPUTE_BIT, NULL};
      VkDescriptorSetLayoutCreateInfo dslci = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .bindingCount = p->buffers,
         .pBindings = b};
      VK_OK(vkCreateDescriptorSetLayout(c->dev, &dslci, NULL, &p->dsl));
      VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, p->buffers};
      VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                         .maxSets = 1,
                                         .poolSizeCount = 1,
                                         .pPoolSizes = &ps};
      VK_OK(vkCreateDescriptorPool(c->dev, &dpci, NULL, &p->dpool));
      VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                          .descriptorPool = p->dpool,
                                          .descriptorSetCount = 1,
                                          .pSetLayouts = &p->dsl};
      VK_OK(vkAllocateDescriptorSets(c->dev, &dsai, &p->set));
   }
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, p->push_size};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = p->buffers ? 1 : 0,
                                      .pSetLayouts = &p->dsl,
                                      .pushConstantRangeCount = p->push_size ? 1 : 0,
                                      .pPushConstantRanges = &range};
   VK_OK(vkCreatePipelineLayout(c->dev, &plci, NULL, &p->layout));
   if (desc->spv) {
      p->module = agx_vk_shader(c, desc->spv);
      p->pipeline = agx_vk_compute_pipeline(c, p->layout, p->module, desc->spec, 0, NULL);
   }
}

void
agx_vk_pipeline_bind(struct agx_vk_ctx *c, struct agx_vk_pipeline *p, const VkBuffer *bufs)
{
   VkDescriptorBufferInfo dbi[16];
   VkWriteDescriptorSet w[16];
   for (uint32_t i = 0; i < p->buffers; i++) {
      dbi[i] = (VkDescriptorBufferInfo){bufs[i], 0, VK_WHOLE_SIZE};
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = p->set,
                                    .dstBinding = p->first_binding + i,
                                    .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &dbi[i]};
   }
   vkUpdateDescriptorSets(c->dev, p->buffers, w, 0, NULL);
}

VkResult
agx_vk_dispatch(struct agx_vk_ctx *c, const struct agx_vk_pipeline *p, const void *push, uint32_t x,
                uint32_t y, uint32_t z)
{
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
   if (p->buffers)
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &p->set, 0,
                              NULL);
   if (push)
      vkCmdPushConstants(cb, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, p->push_size, push);
   vkCmdDispatch(cb, x, y, z);
   return agx_vk_submit_wait(c, cb);
}

void
agx_vk_pipeline_free(struct agx_vk_ctx *c, struct agx_vk_pipeline *p)
{
   vkDestroyPipeline(c->dev, p->pipeline, NULL);
   vkDestroyPipelineLayout(c->dev, p->layout, NULL);
   vkDestroyDescriptorPool(c->dev, p->dpool, NULL);
   vkDestroyDescriptorSetLayout(c->dev, p->dsl, NULL);
   vkDestroyShaderModule(c->dev, p->module, NULL);
}
