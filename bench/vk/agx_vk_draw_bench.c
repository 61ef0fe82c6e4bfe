/*
 * Draw-recording overhead benchmark (issue 19 item 6), through the loader,
 * for whatever driver VK_ICD_FILENAMES selects (meson runs it on agx-vk and
 * on lavapipe in one `meson test --benchmark`). Inside one dynamic-rendering
 * pass on a 64x64 R8G8B8A8_UNORM attachment it times, in ns per draw:
 *   - vkCmdDraw with no state change between draws;
 *   - vkCmdDraw after a descriptor-set bind, a vertex-buffer bind and a
 *     push-constant update (the per-draw state a renderer changes most);
 *   - vkCmdDraw after a pipeline switch (two pipelines alternating that
 *     differ in their cull mode);
 *   - vkCmdDraw after a material switch: two pipelines alternating that
 *     differ in their fragment shader (FRAG2.spv), each with its own
 *     descriptor set (a renderer drawing objects of two materials);
 *   - vkCmdDraw after binding one of two descriptor sets in turn (per-object
 *     sets; the set-bind row above binds the same set every time);
 *   - vkCmdDraw after vkCmdSetColorBlendEnableEXT turning blending on and off
 *     in turn (VK_EXT_extended_dynamic_state3; the row is skipped on a driver
 *     without extendedDynamicState3ColorBlendEnable).
 * Then it submits the last command buffer once so every recorded draw is
 * also known to execute (skipped with --record-only, for profiling the
 * recording alone). Each row is the fastest of several recordings.
 * Assumes the driver supports dynamic rendering and colour attachments of
 * R8G8B8A8_UNORM (agx-vk's first rendering tests).
 * agx-vk-draw-bench VERT.spv FRAG.spv FRAG2.spv [--record-only] [--row N]
 *   --row N: only row N (0..5), for profiling one path.
 */
#include <stdbool.h>
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

static VkShaderModule
load_module(VkDevice dev, const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      perror(path);
      exit(2);
   }
   static uint32_t words[16384];
   size_t size = fread(words, 1, sizeof(words), f);
   fclose(f);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = words};
   VkShaderModule m;
   OK(vkCreateShaderModule(dev, &ci, NULL, &m));
   return m;
}

static uint32_t
memory_type(VkPhysicalDevice pdev, uint32_t bits, VkMemoryPropertyFlags want)
{
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pdev, &mp);
   for (uint32_t i = 0; i < mp.memoryTypeCount; i++) {
      if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
         return i;
   }
   fprintf(stderr, "no memory type\n");
   exit(1);
}

/* A graphics pipeline drawing triangles into R8G8B8A8_UNORM; cull_mode
 * differs between the two the pipeline-switch row alternates. */
static VkPipeline
make_pipeline(VkDevice dev, VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs,
              VkCullModeFlags cull_mode, bool dyn_blend)
{
   /* the blend-enable row: additive blending, its enable dynamic */
   const VkDynamicState dyn_states[1] = {VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT};
   VkPipelineDynamicStateCreateInfo dyn = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                           .dynamicStateCount = 1,
                                           .pDynamicStates = dyn_states};
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = fs,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport vp = {0, 0, 64, 64, 0, 1};
   VkRect2D sc = {{0, 0}, {64, 64}};
   VkPipelineViewportStateCreateInfo vps = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &vp,
      .scissorCount = 1,
      .pScissors = &sc};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = cull_mode,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xf};
   if (dyn_blend) {
      att.srcColorBlendFactor = att.dstColorBlendFactor = VK_BLEND_FACTOR_ONE;
      att.srcAlphaBlendFactor = att.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
   }
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vps,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pColorBlendState = &cb,
                                      .pDynamicState = dyn_blend ? &dyn : NULL,
                                      .layout = layout};
   VkPipeline p;
   OK(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

/* Submits the recorded command buffer once and reports the draw rate. */
static void
execute(VkDevice dev, VkQueue queue, VkCommandBuffer cb, int n)
{
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   OK(vkCreateFence(dev, &fci, NULL, &fence));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   double s0 = now();
   OK(vkQueueSubmit(queue, 1, &si, fence));
   OK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX));
   double s1 = now();
   printf("execute %d draws of one small triangle: %.0f draws/s\n", n, n / (s1 - s0));

   vkDestroyFence(dev, fence, NULL);
}

int
main(int argc, char **argv)
{
   int record_only = 0, only_row = -1;
   for (int a = 4; a < argc; a++) {
      if (!strcmp(argv[a], "--record-only"))
         record_only = 1;
      else if (!strcmp(argv[a], "--row") && a + 1 < argc && argv[a + 1][0] >= '0' &&
               argv[a + 1][0] <= '5' && !argv[a + 1][1])
         only_row = argv[++a][0] - '0';
      else
         argc = 0;
   }
   if (argc < 4) {
      fprintf(stderr,
              "usage: agx-vk-draw-bench VERT.spv FRAG.spv FRAG2.spv [--record-only] [--row N]\n");
      return 2;
   }
   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .apiVersion = VK_API_VERSION_1_3};
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
   /* VK_EXT_extended_dynamic_state3's blend enable, for the last row */
   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &eds3};
   uint32_t next = 0;
   vkEnumerateDeviceExtensionProperties(pdev, NULL, &next, NULL);
   VkExtensionProperties *exts = calloc(next ? next : 1, sizeof(*exts));
   vkEnumerateDeviceExtensionProperties(pdev, NULL, &next, exts);
   bool has_eds3 = false;
   for (uint32_t i = 0; i < next; i++)
      has_eds3 |= !strcmp(exts[i].extensionName, VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME);
   free(exts);
   if (has_eds3)
      vkGetPhysicalDeviceFeatures2(pdev, &f2);
   has_eds3 = has_eds3 && eds3.extendedDynamicState3ColorBlendEnable;
   eds3 = (VkPhysicalDeviceExtendedDynamicState3FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
      .extendedDynamicState3ColorBlendEnable = VK_TRUE};
   VkPhysicalDeviceDynamicRenderingFeatures dr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
      .pNext = has_eds3 ? &eds3 : NULL,
      .dynamicRendering = VK_TRUE};
   const char *eds3_name = VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME;
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .pNext = &dr,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci,
                             .enabledExtensionCount = has_eds3 ? 1 : 0,
                             .ppEnabledExtensionNames = &eds3_name};
   VkDevice dev;
   OK(vkCreateDevice(pdev, &dci, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   /* The vertex shader reads (position, colour) pairs from a storage buffer
    * and adds a push-constant offset per instance (tests/icd/shaders/draw.vert). */
   VkShaderModule vs = load_module(dev, argv[1]);
   VkShaderModule fs = load_module(dev, argv[2]);
   VkShaderModule fs2 = load_module(dev, argv[3]);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VkDescriptorSetLayout sl;
   OK(vkCreateDescriptorSetLayout(dev, &lci, NULL, &sl));
   VkPushConstantRange pcr = {VK_SHADER_STAGE_VERTEX_BIT, 0, 16};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &pcr};
   VkPipelineLayout pl;
   OK(vkCreatePipelineLayout(dev, &plci, NULL, &pl));
   VkPipeline pipes[2] = {make_pipeline(dev, pl, vs, fs, VK_CULL_MODE_NONE, false),
                          make_pipeline(dev, pl, vs, fs, VK_CULL_MODE_BACK_BIT, false)};
   VkPipeline material = make_pipeline(dev, pl, vs, fs2, VK_CULL_MODE_NONE, false);
   VkPipeline dyn_blend =
      has_eds3 ? make_pipeline(dev, pl, vs, fs, VK_CULL_MODE_NONE, true) : VK_NULL_HANDLE;
   PFN_vkCmdSetColorBlendEnableEXT set_blend_enable =
      has_eds3
         ? (PFN_vkCmdSetColorBlendEnableEXT)vkGetDeviceProcAddr(dev, "vkCmdSetColorBlendEnableEXT")
         : NULL;

   /* One small triangle: (clip position, colour) per vertex. */
   const float verts[24] = {-0.5f, -0.5f, 0, 1, 1, 0,    0, 1, 0.5f, -0.5f, 0, 1,
                            0,     1,     0, 1, 0, 0.5f, 0, 1, 0,    0,     1, 1};
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                      VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   VkBuffer buf;
   OK(vkCreateBuffer(dev, &bci, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex =
         memory_type(pdev, req.memoryTypeBits,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
   VkDeviceMemory mem;
   OK(vkAllocateMemory(dev, &mai, NULL, &mem));
   OK(vkBindBufferMemory(dev, buf, mem, 0));
   void *map;
   OK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, &map));
   memcpy(map, verts, sizeof(verts));
   memcpy((char *)map + 256, verts, sizeof(verts));
   vkUnmapMemory(dev, mem);

   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = 2,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &ps};
   VkDescriptorPool dp;
   OK(vkCreateDescriptorPool(dev, &dpci, NULL, &dp));
   const VkDescriptorSetLayout sls[2] = {sl, sl};
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dp,
                                      .descriptorSetCount = 2,
                                      .pSetLayouts = sls};
   /* Two sets on the same vertices (the second from a 256-byte offset
    * holding a copy, so both draw the same triangle). */
   VkDescriptorSet sets[2];
   OK(vkAllocateDescriptorSets(dev, &sai, sets));
   VkDescriptorSet set = sets[0];
   VkDescriptorBufferInfo dbi[2] = {{buf, 0, 256}, {buf, 256, 256}};
   VkWriteDescriptorSet w[2];
   for (int i = 0; i < 2; i++)
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = sets[i],
                                    .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &dbi[i]};
   vkUpdateDescriptorSets(dev, 2, w, 0, NULL);

   /* The colour attachment. */
   VkImageCreateInfo imci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                             .imageType = VK_IMAGE_TYPE_2D,
                             .format = VK_FORMAT_R8G8B8A8_UNORM,
                             .extent = {64, 64, 1},
                             .mipLevels = 1,
                             .arrayLayers = 1,
                             .samples = VK_SAMPLE_COUNT_1_BIT,
                             .tiling = VK_IMAGE_TILING_OPTIMAL,
                             .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT};
   VkImage image;
   OK(vkCreateImage(dev, &imci, NULL, &image));
   vkGetImageMemoryRequirements(dev, image, &req);
   VkMemoryAllocateInfo imai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = req.size,
                                .memoryTypeIndex = memory_type(pdev, req.memoryTypeBits, 0)};
   VkDeviceMemory imem;
   OK(vkAllocateMemory(dev, &imai, NULL, &imem));
   OK(vkBindImageMemory(dev, image, imem, 0));
   VkImageViewCreateInfo ivci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                 .image = image,
                                 .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                 .format = VK_FORMAT_R8G8B8A8_UNORM,
                                 .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkImageView view;
   OK(vkCreateImageView(dev, &ivci, NULL, &view));

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
   VkRenderingAttachmentInfo color = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                      .imageView = view,
                                      .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                      .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {64, 64}},
                            .layerCount = 1,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &color};

   printf("device: %s\n", props.deviceName);
   static const char *const names[6] = {
      "record vkCmdDraw, no state change",
      "record vkCmdDraw + bind set + bind vertex buffer + push constants",
      "record vkCmdDraw + pipeline switch",
      "record vkCmdDraw + material switch (pipeline of another FS + its set)",
      "record vkCmdDraw + bind one of two sets",
      "record vkCmdDraw + vkCmdSetColorBlendEnableEXT (on / off in turn)",
   };
   /* Each row records REPS times and reports the fastest (the machine is
    * shared; the minimum is the least disturbed run). */
   const int N = 20000, REPS = record_only ? 20 : 5;
   for (int variant = 0; variant < 6; variant++) {
      if (only_row >= 0 && variant != only_row)
         continue;
      if (variant == 5 && !set_blend_enable) {
         printf("%s: not supported\n", names[variant]);
         continue;
      }
      double best = 1e30;
      for (int rep = 0; rep < REPS; rep++) {
         OK(vkResetCommandBuffer(cb, 0));
         OK(vkBeginCommandBuffer(cb, &begin));
         vkCmdBeginRendering(cb, &rinfo);
         vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS,
                           variant == 5 ? dyn_blend : pipes[0]);
         vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pl, 0, 1, &set, 0, NULL);
         float push[4] = {0};
         vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
         double t0 = now();
         for (int i = 0; i < N; i++) {
            if (variant == 1) {
               push[0] = (float)(i & 7) * 0.01f;
               VkDeviceSize vb_offset = (VkDeviceSize)(i & 3) * 16;
               vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pl, 0, 1, &set, 0,
                                       NULL);
               vkCmdBindVertexBuffers(cb, 0, 1, &buf, &vb_offset);
               vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
            } else if (variant == 2) {
               vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i & 1]);
            } else if (variant == 3) {
               vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, i & 1 ? material : pipes[0]);
               vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pl, 0, 1, &sets[i & 1],
                                       0, NULL);
            } else if (variant == 4) {
               vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pl, 0, 1, &sets[i & 1],
                                       0, NULL);
            } else if (variant == 5) {
               VkBool32 enable = i & 1;
               set_blend_enable(cb, 0, 1, &enable);
            }
            vkCmdDraw(cb, 3, 1, 0, 0);
         }
         double t1 = now();
         vkCmdEndRendering(cb);
         OK(vkEndCommandBuffer(cb));
         if (t1 - t0 < best)
            best = t1 - t0;
      }
      printf("%s: %.0f ns/call\n", names[variant], best / N * 1e9);
   }
   /* The last recording (set switches, or the one row) executes. */
   if (!record_only)
      execute(dev, queue, cb, N);
   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyImageView(dev, view, NULL);
   vkDestroyImage(dev, image, NULL);
   vkFreeMemory(dev, imem, NULL);
   vkDestroyDescriptorPool(dev, dp, NULL);
   vkDestroyBuffer(dev, buf, NULL);
   vkFreeMemory(dev, mem, NULL);
   for (int i = 0; i < 2; i++)
      vkDestroyPipeline(dev, pipes[i], NULL);
   vkDestroyPipeline(dev, material, NULL);
   if (dyn_blend)
      vkDestroyPipeline(dev, dyn_blend, NULL);
   vkDestroyPipelineLayout(dev, pl, NULL);
   vkDestroyDescriptorSetLayout(dev, sl, NULL);
   vkDestroyShaderModule(dev, vs, NULL);
   vkDestroyShaderModule(dev, fs, NULL);
   vkDestroyShaderModule(dev, fs2, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   return 0;
}
