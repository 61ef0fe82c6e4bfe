/*
 * Dynamic vertex binding strides (Vulkan 1.3
 * VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE, strides given by
 * vkCmdBindVertexBuffers2): one command buffer draws 8 points x 3 instances
 * several times with rasterizer discard; the vertex shader
 * (shaders/dstride.vert) stores a per-vertex attribute (binding 0, offset 4)
 * and a per-instance one (binding 1, offset 8) at the draw's slot. The draws
 * bind different strides (0 included) to one pipeline whose own strides
 * (64) must be ignored, change only the strides between two draws, bind a
 * range just large enough for the last vertex at the bound stride (the
 * robustness clamp must come from that stride), switch to a static-stride
 * pipeline and back. Every component is compared with a CPU fetch written
 * here (Vulkan "Vertex Input Address Calculation": offset + index * stride
 * + attribute offset).
 *
 * test_dyn_stride DSTRIDE_VERT [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define NV 8      /* vertices per draw */
#define NI 3      /* instances per draw */
#define SLOT 24   /* outputs per draw (NV * NI) */
#define VB 4096   /* bytes per vertex buffer */
#define OUT_N 256 /* vec4 per output array (shader) */
#define A_OFF 4   /* attribute offsets */
#define B_OFF 8

struct draw {
   bool dynamic;       /* the dynamic-stride pipeline (else the static one) */
   uint32_t s0, s1;    /* strides of bindings 0 and 1 */
   VkDeviceSize off0;  /* binding 0 offset */
   VkDeviceSize size0; /* binding 0 range (0: whole) */
};

/* Static pipeline strides (its description). */
#define STATIC_S0 28
#define STATIC_S1 36

static const struct draw draws[] = {
   /* element 7 ends at byte 7 * 20 + 4 + 16 = 160: a clamp from the
    * pipeline's stride 64 would cut vertices 3-7 */
   {true, 20, 24, 0, 7 * 20 + A_OFF + 16},
   {true, 32, 48, 0, 0},
   {true, 24, 28, 0, 0}, /* only the strides change */
   {true, 0, 0, 0, 0},
   {false, STATIC_S0, STATIC_S1, 0, 0},
   {true, 40, 24, 16, 0},
};
#define ND (sizeof(draws) / sizeof(draws[0]))

static struct agx_vk_ctx c;

/* Word w of vertex buffer k (exact in a float). */
static float
word(unsigned k, unsigned w)
{
   return (float)(1000 * k + w);
}

/* Vertex buffer k holds word(k, w) at word w. */
static void
fill(struct agx_vk_vs_store *o)
{
   for (unsigned k = 0; k < 2; k++)
      for (unsigned w = 0; w < VB / 4; w++) {
         float f = word(k, w);
         memcpy(o->vb[k].map + 4 * w, &f, 4);
      }
}

/* dynamic: strides from vkCmdBindVertexBuffers2 (the description says 64). */
static VkPipeline
pipeline(const struct agx_vk_vs_store *o, bool dynamic)
{
   VkPipelineShaderStageCreateInfo stage = {.sType =
                                               VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                            .stage = VK_SHADER_STAGE_VERTEX_BIT,
                                            .module = o->vs,
                                            .pName = "main"};
   VkVertexInputBindingDescription bind[2] = {
      {0, dynamic ? 64 : STATIC_S0, VK_VERTEX_INPUT_RATE_VERTEX},
      {1, dynamic ? 64 : STATIC_S1, VK_VERTEX_INPUT_RATE_INSTANCE}};
   VkVertexInputAttributeDescription attr[2] = {{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, A_OFF},
                                                {1, 1, VK_FORMAT_R32G32B32A32_SFLOAT, B_OFF}};
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 2,
      .pVertexBindingDescriptions = bind,
      .vertexAttributeDescriptionCount = 2,
      .pVertexAttributeDescriptions = attr};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = VK_TRUE,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .lineWidth = 1.0f};
   VkDynamicState ds = VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE;
   VkPipelineDynamicStateCreateInfo dyn = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                           .dynamicStateCount = 1,
                                           .pDynamicStates = &ds};
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 1,
                                      .pStages = &stage,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pRasterizationState = &rs,
                                      .pDynamicState = dynamic ? &dyn : NULL,
                                      .layout = o->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(c.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
record(const struct agx_vk_vs_store *o, VkPipeline dyn, VkPipeline stat)
{
   memset(o->out.map, 0xAB, 2 * OUT_N * 16);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {16, 16}},
                            .layerCount = 1};
   vkCmdBeginRendering(cb, &rinfo);
   VkPipeline bound = VK_NULL_HANDLE;
   for (uint32_t d = 0; d < ND; d++) {
      const struct draw *dr = &draws[d];
      VkPipeline p = dr->dynamic ? dyn : stat;
      if (p != bound) {
         vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
         vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, o->layout, 0, 1, &o->set.set,
                                 0, NULL);
         bound = p;
      }
      VkBuffer bufs[2] = {o->vb[0].buf, o->vb[1].buf};
      VkDeviceSize offs[2] = {dr->off0, 0};
      /* explicit sizes (the installed validation layer refuses VK_WHOLE_SIZE here) */
      VkDeviceSize sizes[2] = {dr->size0 ? dr->size0 : VB - dr->off0, VB};
      VkDeviceSize strides[2] = {dr->s0, dr->s1};
      if (dr->dynamic)
         vkCmdBindVertexBuffers2(cb, 0, 2, bufs, offs, sizes, strides);
      else
         vkCmdBindVertexBuffers(cb, 0, 2, bufs, offs);
      vkCmdPushConstants(cb, o->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 4, &d);
      vkCmdDraw(cb, NV, NI, 0, 0);
   }
   vkCmdEndRendering(cb);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                          .srcAccessMask = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di);
   VK_OK(agx_vk_submit_wait(&c, cb));
}

/* Mismatches against the CPU fetch. */
static unsigned
check(const struct agx_vk_vs_store *o)
{
   const float *av = (const float *)o->out.map;
   const float *bv = av + 4 * OUT_N;
   unsigned bad = 0;
   for (uint32_t d = 0; d < ND; d++) {
      const struct draw *dr = &draws[d];
      for (unsigned i = 0; i < NI; i++) {
         for (unsigned v = 0; v < NV; v++) {
            unsigned slot = d * SLOT + i * NV + v;
            unsigned wa = (unsigned)(dr->off0 + v * dr->s0 + A_OFF) / 4;
            unsigned wb = (i * dr->s1 + B_OFF) / 4;
            for (unsigned k = 0; k < 4; k++) {
               float ga = av[4 * slot + k], gb = bv[4 * slot + k];
               if (ga != word(0, wa + k) && bad++ < 10)
                  fprintf(stderr, "draw %u inst %u vertex %u a.%u: %g, want %g\n", d, i, v, k, ga,
                          word(0, wa + k));
               if (gb != word(1, wb + k) && bad++ < 10)
                  fprintf(stderr, "draw %u inst %u vertex %u b.%u: %g, want %g\n", d, i, v, k, gb,
                          word(1, wb + k));
            }
         }
      }
   }
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s DSTRIDE_VERT [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   _Static_assert(ND * SLOT <= OUT_N, "outputs fit the shader's arrays");
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.vertexPipelineStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 0, NULL);
   struct agx_vk_vs_store o;
   agx_vk_vs_store_create(&c, argv[1], 2 * OUT_N * 16, VB, &o);
   fill(&o);
   VkPipeline dyn = pipeline(&o, true), stat = pipeline(&o, false);
   record(&o, dyn, stat);
   unsigned bad = check(&o);
   printf("%u draws x %u instances x %u vertices checked, %u mismatches\n", (unsigned)ND, NI, NV,
          bad);
   vkDestroyPipeline(c.dev, dyn, NULL);
   vkDestroyPipeline(c.dev, stat, NULL);
   agx_vk_vs_store_free(&c, &o);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
