/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Golden-data test: tessellate a sweep of patches on lavapipe (whose tessellator follows the
 * D3D11 reference), capture every emitted vertex's gl_TessCoord with transform feedback, and
 * compare each patch with the host build of cl_kernels/tessellator.cl:
 *  - the set of domain points: exact at 6 decimals for equal spacing, within 2^-16 for the
 *    fractional spacings (exact float equality is counted and reported too);
 *  - the primitive count;
 *  - the winding of triangles (clockwise pipelines on both sides);
 *  - for triangles, w: lavapipe's gl_TessCoord.z equals 1.0f - u - v computed in float.
 * Assumes: run through `meson test` with VK_ICD_FILENAMES pointing at lavapipe and argv[1] the
 * directory holding the SPIR-V compiled from tess.vert/.tesc/.tese at build time. Exits 77
 * (skip) when no Vulkan device with tessellation and transform feedback exists.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vulkan/vulkan.h>

#include "agx_tess_host.h"

#define CHECK_VK(expr)                                                                  \
   do {                                                                                 \
      VkResult r_ = (expr);                                                             \
      if (r_ != VK_SUCCESS) {                                                           \
         fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #expr, (int)r_); \
         exit(1);                                                                       \
      }                                                                                 \
   } while (0)

static const char *const domain_names[] = {"tri", "quad", "isoline"};
static const char *const spacing_names[] = {"equal", "fractional_even", "fractional_odd"};

struct gpu {
   VkInstance instance;
   VkPhysicalDevice phys;
   VkDevice dev;
   VkQueue queue;
   uint32_t queue_family;
   VkPhysicalDeviceMemoryProperties mem;
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb;
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb;
   PFN_vkCmdEndTransformFeedbackEXT end_xfb;
   PFN_vkCmdBeginQueryIndexedEXT begin_query;
   PFN_vkCmdEndQueryIndexedEXT end_query;
};

struct buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   void *map;
   VkDeviceSize size;
};

/* ---- Vulkan setup ----------------------------------------------------------------------- */

static bool
gpu_init(struct gpu *g)
{
   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .pApplicationName = "agx-tess-golden",
                            .apiVersion = VK_API_VERSION_1_3};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app};
   if (vkCreateInstance(&ici, NULL, &g->instance) != VK_SUCCESS)
      return false;
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(g->instance, &n, &g->phys);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0)
      return false;

   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
   VkPhysicalDeviceVulkan13Features v13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &xfb};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &v13};
   vkGetPhysicalDeviceFeatures2(g->phys, &f2);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(g->phys, &props);
   if (!f2.features.tessellationShader || !xfb.transformFeedback || !v13.dynamicRendering ||
       props.apiVersion < VK_API_VERSION_1_3) {
      fprintf(stderr, "device %s lacks tessellation / transform feedback / dynamic rendering\n",
              props.deviceName);
      return false;
   }
   printf("device: %s\n", props.deviceName);

   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(g->phys, &nq, NULL);
   VkQueueFamilyProperties qf[16];
   nq = nq > 16 ? 16 : nq;
   vkGetPhysicalDeviceQueueFamilyProperties(g->phys, &nq, qf);
   g->queue_family = UINT32_MAX;
   for (uint32_t i = 0; i < nq; ++i)
      if ((qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) && g->queue_family == UINT32_MAX)
         g->queue_family = i;
   if (g->queue_family == UINT32_MAX)
      return false;

   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueFamilyIndex = g->queue_family,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb_on = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE};
   VkPhysicalDeviceVulkan13Features v13_on = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .pNext = &xfb_on,
      .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures2 f2_on = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                      .pNext = &v13_on,
                                      .features = {.tessellationShader = VK_TRUE}};
   const char *ext = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .pNext = &f2_on,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci,
                             .enabledExtensionCount = 1,
                             .ppEnabledExtensionNames = &ext};
   if (vkCreateDevice(g->phys, &dci, NULL, &g->dev) != VK_SUCCESS)
      return false;
   vkGetDeviceQueue(g->dev, g->queue_family, 0, &g->queue);
   vkGetPhysicalDeviceMemoryProperties(g->phys, &g->mem);
   g->bind_xfb = (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(
      g->dev, "vkCmdBindTransformFeedbackBuffersEXT");
   g->begin_xfb = (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(
      g->dev, "vkCmdBeginTransformFeedbackEXT");
   g->end_xfb =
      (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(g->dev, "vkCmdEndTransformFeedbackEXT");
   g->begin_query =
      (PFN_vkCmdBeginQueryIndexedEXT)vkGetDeviceProcAddr(g->dev, "vkCmdBeginQueryIndexedEXT");
   g->end_query =
      (PFN_vkCmdEndQueryIndexedEXT)vkGetDeviceProcAddr(g->dev, "vkCmdEndQueryIndexedEXT");
   return g->bind_xfb && g->begin_xfb && g->end_xfb && g->begin_query && g->end_query;
}

static struct buffer
buffer_create(struct gpu *g, VkDeviceSize size, VkBufferUsageFlags usage)
{
   struct buffer b = {.size = size};
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = size,
                             .usage = usage};
   CHECK_VK(vkCreateBuffer(g->dev, &bci, NULL, &b.buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(g->dev, b.buf, &req);
   uint32_t type = UINT32_MAX;
   VkMemoryPropertyFlags want =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   for (uint32_t i = 0; i < g->mem.memoryTypeCount; ++i)
      if ((req.memoryTypeBits & (1u << i)) &&
          (g->mem.memoryTypes[i].propertyFlags & want) == want) {
         type = i;
         break;
      }
   if (type == UINT32_MAX) {
      fprintf(stderr, "no host-visible coherent memory\n");
      exit(1);
   }
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type};
   CHECK_VK(vkAllocateMemory(g->dev, &mai, NULL, &b.mem));
   CHECK_VK(vkBindBufferMemory(g->dev, b.buf, b.mem, 0));
   CHECK_VK(vkMapMemory(g->dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.map));
   return b;
}

static void
buffer_destroy(struct gpu *g, struct buffer *b)
{
   vkUnmapMemory(g->dev, b->mem);
   vkDestroyBuffer(g->dev, b->buf, NULL);
   vkFreeMemory(g->dev, b->mem, NULL);
}

static VkShaderModule
load_shader(struct gpu *g, const char *dir, const char *name)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "cannot open %s\n", path);
      exit(1);
   }
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *code = malloc((size_t)size);
   if (!code || fread(code, 1, (size_t)size, f) != (size_t)size) {
      fprintf(stderr, "cannot read %s\n", path);
      exit(1);
   }
   fclose(f);
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = (size_t)size,
                                    .pCode = code};
   VkShaderModule m;
   CHECK_VK(vkCreateShaderModule(g->dev, &smci, NULL, &m));
   free(code);
   return m;
}

/* ---- the sweep -------------------------------------------------------------------------- */

static uint32_t rng_state = 0x2545f491u;

static uint32_t
rng(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 17;
   rng_state ^= rng_state << 5;
   return rng_state;
}

/* A level in [0.6, 66): whole, half, eighth or arbitrary fractions. */
static float
random_level(void)
{
   float whole = (float)(rng() % 66);
   switch (rng() % 4) {
   case 0:
      return whole < 1 ? 1 : whole;
   case 1:
      return whole + 0.5f;
   case 2:
      return whole + (float)(rng() % 8) / 8.0f + 0.125f;
   default:
      return whole + (float)(rng() % 1000000) / 1000000.0f + 0.6f;
   }
}

static uint32_t
make_sweep(struct agx_tess_levels *out, uint32_t max)
{
   static const float extra[] = {1.0f + 1.0f / 65536.0f,
                                 1.1f,
                                 1.5f,
                                 1.9f,
                                 2.25f,
                                 2.5f,
                                 2.999f,
                                 3.3f,
                                 3.5f,
                                 4.75f,
                                 5.5f,
                                 7.2f,
                                 8.5f,
                                 12.1f,
                                 16.5f,
                                 24.9f,
                                 31.5f,
                                 32.5f,
                                 40.01f,
                                 47.5f,
                                 55.3f,
                                 62.5f,
                                 63.2f,
                                 63.5f,
                                 63.99f,
                                 100.0f,
                                 0.25f,
                                 2.0001f,
                                 3.9999f,
                                 51.001f,
                                 50.999f,
                                 1.0f + 1.0f / 131072.0f};
   uint32_t n = 0;
   /* every level in 1/8 steps up to 64: all integers and the fractional rounding in between */
   for (int k = 1; k <= 64 * 8 && n < max; ++k, ++n) {
      float l = (float)k / 8.0f;
      out[n] = (struct agx_tess_levels){{l, l, l, l}, {l, l}, {0, 0}};
   }
   for (size_t i = 0; i < sizeof(extra) / sizeof(extra[0]) && n < max; ++i, ++n) {
      float l = extra[i];
      out[n] = (struct agx_tess_levels){{l, l, l, l}, {l, l}, {0, 0}};
   }
   /* small and one-sided cases: inner one next to subdivided edges and the reverse */
   static const struct agx_tess_levels fixed[] = {
      {{1, 1, 1, 1}, {2, 2}, {0, 0}},    {{2, 1, 1, 1}, {1, 1}, {0, 0}},
      {{1, 3, 1, 1}, {1, 5}, {0, 0}},    {{4, 4, 4, 4}, {1, 1}, {0, 0}},
      {{1, 1, 1, 1}, {3, 1}, {0, 0}},    {{1, 1, 1, 1}, {1, 4}, {0, 0}},
      {{7, 2, 9, 3}, {5, 8}, {0, 0}},    {{2.5f, 1, 1, 1}, {1, 1}, {0, 0}},
      {{1, 1, 1, 1}, {1.2f, 1}, {0, 0}}, {{64, 1, 64, 1}, {64, 1}, {0, 0}},
      {{1, 64, 1, 64}, {2, 63}, {0, 0}}, {{3, 3, 3, 3}, {NAN, 2}, {0, 0}},
      {{0, 3, 3, 3}, {3, 3}, {0, 0}},    {{3, -1, 3, 3}, {3, 3}, {0, 0}},
      {{3, 3, NAN, 3}, {3, 3}, {0, 0}},  {{3, 3, 3, 0.001f}, {3, 3}, {0, 0}},
      {{5, 5, 5, 5}, {-2, 0}, {0, 0}},   {{1000, 1, 1, 1}, {1000, 3}, {0, 0}},
   };
   for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]) && n < max; ++i, ++n)
      out[n] = fixed[i];
   while (n < max) {
      struct agx_tess_levels l = {{0}};
      for (int i = 0; i < 4; ++i)
         l.outer[i] = random_level();
      for (int i = 0; i < 2; ++i)
         l.inner[i] = random_level();
      out[n++] = l;
   }
   return n;
}

/* ---- comparison ------------------------------------------------------------------------- */

struct pt {
   float u, v, w;
};

static int
pt_cmp(const void *a, const void *b)
{
   const struct pt *p = a, *q = b;
   if (p->u != q->u)
      return p->u < q->u ? -1 : 1;
   if (p->v != q->v)
      return p->v < q->v ? -1 : 1;
   return 0;
}

static uint32_t
sort_unique(struct pt *p, uint32_t n)
{
   qsort(p, n, sizeof(*p), pt_cmp);
   uint32_t m = 0;
   for (uint32_t i = 0; i < n; ++i)
      if (m == 0 || pt_cmp(&p[m - 1], &p[i]) != 0)
         p[m++] = p[i];
   return m;
}

/* Every point of a has a point of b within tol in u and v. Both sorted by u. */
static bool
covered(const struct pt *a, uint32_t na, const struct pt *b, uint32_t nb, float tol)
{
   uint32_t lo = 0;
   for (uint32_t i = 0; i < na; ++i) {
      while (lo < nb && b[lo].u < a[i].u - tol)
         ++lo;
      bool found = false;
      for (uint32_t j = lo; j < nb && b[j].u <= a[i].u + tol && !found; ++j)
         found = fabsf(b[j].v - a[i].v) <= tol;
      if (!found)
         return false;
   }
   return true;
}

static bool
same_at_6_decimals(const struct pt *a, const struct pt *b, uint32_t n)
{
   for (uint32_t i = 0; i < n; ++i) {
      char x[64], y[64];
      snprintf(x, sizeof(x), "%.6f %.6f", a[i].u, a[i].v);
      snprintf(y, sizeof(y), "%.6f %.6f", b[i].u, b[i].v);
      if (strcmp(x, y) != 0)
         return false;
   }
   return true;
}

static double
signed_area(struct pt a, struct pt b, struct pt c)
{
   return 0.5 * ((double)(b.u - a.u) * (c.v - a.v) - (double)(b.v - a.v) * (c.u - a.u));
}

struct stats {
   uint32_t patches, culled, points_exact, points_ok, prims_ok, winding_ok, w_ok;
   uint64_t verts;
};

static bool verbose;

static void
report_mismatch(uint32_t domain, uint32_t spacing, bool pm, const struct agx_tess_levels *l,
                const char *what)
{
   static int shown;
   if (shown++ > 20 && !verbose)
      return;
   fprintf(stderr, "MISMATCH %s %s%s outer %g,%g,%g,%g inner %g,%g: %s\n", domain_names[domain],
           spacing_names[spacing], pm ? " points" : "", l->outer[0], l->outer[1], l->outer[2],
           l->outer[3], l->inner[0], l->inner[1], what);
}

/* ---- one configuration ------------------------------------------------------------------ */

static void
run_config(struct gpu *g, const char *dir, VkShaderModule vs, VkShaderModule tcs, uint32_t domain,
           uint32_t spacing, bool pm, const struct agx_tess_levels *levels, uint32_t n,
           struct stats *st)
{
   char name[128];
   snprintf(name, sizeof(name), "tess_%s_%s%s.tese.spv", domain_names[domain],
            spacing_names[spacing], pm ? "_points" : "");
   VkShaderModule tes = load_shader(g, dir, name);
   uint32_t verts_per_prim = pm ? 1 : domain == AGX_TESS_DOMAIN_ISOLINE ? 2 : 3;
   struct agx_tess_config cfg = {domain, spacing, pm ? AGX_TESS_FLAG_POINTS : 0, 0};

   /* size the capture from our own counts, with room to spare; overflow is detected below */
   uint64_t expect_verts = 0;
   for (uint32_t i = 0; i < n; ++i) {
      uint32_t np, ni;
      agx_tess_count(cfg, levels[i], &np, &ni);
      expect_verts += ni;
   }
   VkDeviceSize cap_size = (expect_verts + expect_verts / 4 + 4096) * 16;

   struct buffer lv = buffer_create(g, sizeof(*levels) * n, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
   memcpy(lv.map, levels, sizeof(*levels) * n);
   struct buffer cap =
      buffer_create(g, cap_size, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT);

   VkDescriptorSetLayoutBinding binding = {.binding = 0,
                                           .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                           .descriptorCount = 1,
                                           .stageFlags = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT};
   VkDescriptorSetLayoutCreateInfo dslci = {.sType =
                                               VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            .bindingCount = 1,
                                            .pBindings = &binding};
   VkDescriptorSetLayout dsl;
   CHECK_VK(vkCreateDescriptorSetLayout(g->dev, &dslci, NULL, &dsl));
   VkPushConstantRange pcr = {
      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT | VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, 0, 4};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &dsl,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &pcr};
   VkPipelineLayout layout;
   CHECK_VK(vkCreatePipelineLayout(g->dev, &plci, NULL, &layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &ps};
   VkDescriptorPool pool;
   CHECK_VK(vkCreateDescriptorPool(g->dev, &dpci, NULL, &pool));
   VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = pool,
                                       .descriptorSetCount = 1,
                                       .pSetLayouts = &dsl};
   VkDescriptorSet set;
   CHECK_VK(vkAllocateDescriptorSets(g->dev, &dsai, &set));
   VkDescriptorBufferInfo dbi = {lv.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wds = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                               .dstSet = set,
                               .descriptorCount = 1,
                               .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                               .pBufferInfo = &dbi};
   vkUpdateDescriptorSets(g->dev, 1, &wds, 0, NULL);

   VkPipelineShaderStageCreateInfo stages[3] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
       .module = tcs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
       .module = tes,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST};
   VkPipelineTessellationStateCreateInfo ts = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .patchControlPoints = 1};
   VkViewport vp = {0, 0, 1, 1, 0, 1};
   VkRect2D sc = {{0, 0}, {1, 1}};
   VkPipelineViewportStateCreateInfo vps = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &vp,
      .scissorCount = 1,
      .pScissors = &sc};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = VK_TRUE,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineRenderingCreateInfo prci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
   VkGraphicsPipelineCreateInfo gpci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                        .pNext = &prci,
                                        .stageCount = 3,
                                        .pStages = stages,
                                        .pVertexInputState = &vi,
                                        .pInputAssemblyState = &ia,
                                        .pTessellationState = &ts,
                                        .pViewportState = &vps,
                                        .pRasterizationState = &rs,
                                        .pMultisampleState = &ms,
                                        .layout = layout};
   VkPipeline pipe;
   CHECK_VK(vkCreateGraphicsPipelines(g->dev, VK_NULL_HANDLE, 1, &gpci, NULL, &pipe));

   VkQueryPoolCreateInfo qpci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                 .queryType = VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
                                 .queryCount = 1};
   VkQueryPool qp;
   CHECK_VK(vkCreateQueryPool(g->dev, &qpci, NULL, &qp));

   VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                   .queueFamilyIndex = g->queue_family};
   VkCommandPool cpool;
   CHECK_VK(vkCreateCommandPool(g->dev, &cpci, NULL, &cpool));
   VkCommandBufferAllocateInfo cbai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                       .commandPool = cpool,
                                       .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                       .commandBufferCount = 1};
   VkCommandBuffer cb;
   CHECK_VK(vkAllocateCommandBuffers(g->dev, &cbai, &cb));
   VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK_VK(vkBeginCommandBuffer(cb, &cbbi));
   vkCmdResetQueryPool(cb, qp, 0, 1);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {1, 1}},
                         .layerCount = 1};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
   VkDeviceSize zero = 0;
   g->bind_xfb(cb, 0, 1, &cap.buf, &zero, &cap.size);
   g->begin_query(cb, qp, 0, 0, 0);
   g->begin_xfb(cb, 0, 0, NULL, NULL);
   /* one draw per patch (see tess.tesc) */
   for (uint32_t p = 0; p < n; ++p) {
      vkCmdPushConstants(cb, layout, pcr.stageFlags, 0, 4, &p);
      vkCmdDraw(cb, 1, 1, 0, 0);
   }
   g->end_xfb(cb, 0, 0, NULL, NULL);
   g->end_query(cb, qp, 0, 0);
   vkCmdEndRendering(cb);
   CHECK_VK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   CHECK_VK(vkQueueSubmit(g->queue, 1, &si, VK_NULL_HANDLE));
   CHECK_VK(vkQueueWaitIdle(g->queue));
   uint64_t q[2] = {0, 0}; /* primitives written, primitives needed */
   CHECK_VK(vkGetQueryPoolResults(g->dev, qp, 0, 1, sizeof(q), q, sizeof(q),
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   if (q[0] != q[1]) {
      fprintf(stderr, "capture overflow in %s: %llu of %llu primitives\n", name,
              (unsigned long long)q[0], (unsigned long long)q[1]);
      exit(1);
   }

   /* group the captured vertices by patch (stable: a primitive's vertices stay together) */
   const float *raw = cap.map;
   uint64_t nverts = q[0] * verts_per_prim;
   uint32_t *first = calloc(n + 1, sizeof(uint32_t));
   float *c = malloc(sizeof(float) * 4 * (nverts + 1));
   for (uint64_t i = 0; i < nverts; ++i) {
      uint32_t patch = (uint32_t)raw[4 * i + 3];
      if (patch >= n || (uint32_t)raw[4 * (i - i % verts_per_prim) + 3] != patch) {
         fprintf(stderr, "bad patch number in %s at vertex %llu: %g (%g %g %g), prev %g\n", name,
                 (unsigned long long)i, raw[4 * i + 3], raw[4 * i], raw[4 * i + 1], raw[4 * i + 2],
                 i ? raw[4 * i - 1] : -1.0f);
         exit(1);
      }
      first[patch + 1]++;
   }
   for (uint32_t p = 0; p < n; ++p)
      first[p + 1] += first[p];
   uint32_t *fill = calloc(n, sizeof(uint32_t));
   for (uint64_t i = 0; i < nverts; ++i) {
      uint32_t patch = (uint32_t)raw[4 * i + 3];
      memcpy(&c[4 * (first[patch] + fill[patch]++)], &raw[4 * i], 16);
   }
   free(fill);
   st->verts += nverts;

   for (uint32_t p = 0; p < n; ++p) {
      uint32_t lv_verts = first[p + 1] - first[p];
      struct agx_tess_point *mp;
      uint32_t *mi, np, ni;
      if (!agx_tess_host_patch(cfg, levels[p], &mp, &np, &mi, &ni)) {
         fprintf(stderr, "host tessellation failed\n");
         exit(1);
      }
      st->patches++;
      st->culled += np == 0;
      bool prims_ok = ni / verts_per_prim == lv_verts / verts_per_prim;
      st->prims_ok += prims_ok;
      if (!prims_ok) {
         char msg[96];
         snprintf(msg, sizeof(msg), "primitives %u vs lavapipe %u", ni / verts_per_prim,
                  lv_verts / verts_per_prim);
         report_mismatch(domain, spacing, pm, &levels[p], msg);
      }

      struct pt *a = malloc(sizeof(*a) * (np + 1)), *b = malloc(sizeof(*b) * (lv_verts + 1));
      for (uint32_t i = 0; i < np; ++i) {
         a[i].u = agx_tess_fixed_to_float(mp[i].u);
         a[i].v = agx_tess_fixed_to_float(mp[i].v);
         a[i].w = domain == AGX_TESS_DOMAIN_TRI ? 1.0f - a[i].u - a[i].v : 0.0f;
      }
      for (uint32_t i = 0; i < lv_verts; ++i) {
         const float *x = &c[4 * (first[p] + i)];
         b[i] = (struct pt){x[0], x[1], x[2]};
      }

      /* winding: compare the total signed area sign of our triangles and lavapipe's */
      bool winding_ok = true;
      if (!pm && domain != AGX_TESS_DOMAIN_ISOLINE) {
         double ours = 0, theirs = 0;
         for (uint32_t t = 0; t + 2 < ni; t += 3)
            ours += signed_area(a[mi[t]], a[mi[t + 1]], a[mi[t + 2]]);
         for (uint32_t t = 0; t + 2 < lv_verts; t += 3)
            theirs += signed_area(b[t], b[t + 1], b[t + 2]);
         winding_ok = (ours > 0) == (theirs > 0) && fabs(ours - theirs) < 1e-4;
         if (!winding_ok)
            report_mismatch(domain, spacing, pm, &levels[p], "winding / area");
      }
      st->winding_ok += winding_ok;

      uint32_t na = sort_unique(a, np), nb = sort_unique(b, lv_verts);
      bool exact = na == nb;
      for (uint32_t i = 0; exact && i < na; ++i)
         exact = a[i].u == b[i].u && a[i].v == b[i].v;
      bool ok;
      if (spacing == AGX_TESS_SPACING_EQUAL)
         ok = na == nb && same_at_6_decimals(a, b, na);
      else
         ok = covered(a, na, b, nb, 1.0f / 65536.0f) && covered(b, nb, a, na, 1.0f / 65536.0f);
      st->points_exact += exact;
      st->points_ok += ok;
      if (!ok) {
         char msg[96];
         snprintf(msg, sizeof(msg), "point sets differ (%u distinct vs lavapipe %u)", na, nb);
         report_mismatch(domain, spacing, pm, &levels[p], msg);
      }
      /* w: lavapipe's gl_TessCoord.z is exactly 1.0f - u - v in float arithmetic */
      bool w_ok = true;
      if (domain == AGX_TESS_DOMAIN_TRI && exact)
         for (uint32_t i = 0; i < na; ++i)
            w_ok &= a[i].w == b[i].w;
      st->w_ok += w_ok;
      free(a);
      free(b);
      free(mp);
      free(mi);
   }
   free(first);
   free(c);

   vkDestroyCommandPool(g->dev, cpool, NULL);
   vkDestroyQueryPool(g->dev, qp, NULL);
   vkDestroyPipeline(g->dev, pipe, NULL);
   vkDestroyDescriptorPool(g->dev, pool, NULL);
   vkDestroyPipelineLayout(g->dev, layout, NULL);
   vkDestroyDescriptorSetLayout(g->dev, dsl, NULL);
   vkDestroyShaderModule(g->dev, tes, NULL);
   buffer_destroy(g, &lv);
   buffer_destroy(g, &cap);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SHADER_DIR [random_patches] [-v]\n", argv[0]);
      return 2;
   }
   uint32_t random_patches = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 0) : 120;
   verbose = argc > 3 && strcmp(argv[3], "-v") == 0;
   struct gpu g;
   if (!gpu_init(&g)) {
      fprintf(stderr, "no suitable Vulkan device: skipping\n");
      return 77;
   }
   VkShaderModule vs = load_shader(&g, argv[1], "tess.vert.spv");
   VkShaderModule tcs = load_shader(&g, argv[1], "tess.tesc.spv");

   uint32_t max = 64 * 8 + 32 + 18 + random_patches;
   struct agx_tess_levels *levels = calloc(max, sizeof(*levels));
   uint32_t n = make_sweep(levels, max);
   bool all_ok = true;
   clock_t t0 = clock();
   printf("%-8s %-16s %-6s %7s %6s %12s %10s %9s %8s %6s %9s\n", "domain", "spacing", "mode",
          "patches", "culled", "points_exact", "points_ok", "prims_ok", "winding", "w_ok", "verts");
   for (uint32_t d = 0; d < 3; ++d) {
      for (uint32_t s = 0; s < 3; ++s) {
         for (int pm = 0; pm < 2; ++pm) {
            struct stats st = {0};
            run_config(&g, argv[1], vs, tcs, d, s, pm, levels, n, &st);
            bool ok = st.points_ok == st.patches && st.prims_ok == st.patches &&
                      st.winding_ok == st.patches && st.w_ok == st.patches;
            all_ok &= ok;
            printf("%-8s %-16s %-6s %7u %6u %12u %10u %9u %8u %6u %9llu%s\n", domain_names[d],
                   spacing_names[s], pm ? "points" : "prims", st.patches, st.culled,
                   st.points_exact, st.points_ok, st.prims_ok, st.winding_ok, st.w_ok,
                   (unsigned long long)st.verts, ok ? "" : "  FAIL");
         }
      }
   }
   printf("lavapipe comparison took %.1f s of CPU\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
   free(levels);
   vkDestroyShaderModule(g.dev, vs, NULL);
   vkDestroyShaderModule(g.dev, tcs, NULL);
   vkDestroyDevice(g.dev, NULL);
   vkDestroyInstance(g.instance, NULL);
   printf("%s\n", all_ok ? "PASS" : "FAIL");
   return all_ok ? 0 : 1;
}
