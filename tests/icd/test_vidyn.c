/*
 * VK_EXT_vertex_input_dynamic_state: one pipeline with
 * VK_DYNAMIC_STATE_VERTEX_INPUT_EXT (no vertex input state) draws 8 points x
 * 3 instances under several vertex input states set with
 * vkCmdSetVertexInputEXT between draws: R32G32_SFLOAT from binding 0
 * (floats), R8G8B8A8_UNORM and R16G16_SINT from binding 1 (a byte pattern),
 * per vertex or per instance with divisors, different strides and offsets.
 * The vertex shader (shaders/vidyn.vert) stores the fetched values; every
 * component is compared with a CPU fetch written here (Vulkan "Vertex Input
 * Address Calculation", "Conversion to normalized fixed point", missing
 * components (0, 0, 1)). On agx-vk (not --reference) the prologs linked at
 * draw time are counted (AGX_DEBUG=shaders prints `agx: vs prolog variant`):
 * one per distinct state in the first submission, none when the same
 * states are recorded again.
 *
 * test_vidyn VIDYN_VERT [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_debug.h"
#include "agx_vk_gfx.h"

#define NV 8      /* vertices per draw */
#define NI 3      /* instances per draw */
#define SLOT 24   /* outputs per draw (NV * NI) */
#define VB 4096   /* bytes per vertex buffer */
#define OUT_N 256 /* vec4 per output array (shader) */

/* One vertex input state: binding b stride, rate (1 instance), divisor;
 * attribute offsets (loc 0 in binding 0, locs 1 and 2 in binding 1). */
struct vstate {
   uint32_t stride[2];
   bool inst[2];
   uint32_t div[2];
   uint32_t off[3];
};

static const struct vstate states[] = {
   {{12, 8}, {false, true}, {1, 2}, {4, 1, 2}},
   {{20, 4}, {false, false}, {1, 1}, {0, 3, 6}},
   {{8, 16}, {true, true}, {1, 3}, {8, 5, 12}},
};
#define NS (sizeof(states) / sizeof(states[0]))
/* draw -> state (repeats on purpose: a state seen before links nothing) */
static const unsigned draw_state[] = {0, 1, 2, 0, 2, 1};
#define ND (sizeof(draw_state) / sizeof(draw_state[0]))

static struct agx_vk_ctx c;

/* Byte j of binding 1's buffer (binding 0 holds float j/4 at word j/4). */
static uint8_t
byte_at(unsigned j)
{
   return (uint8_t)(j * 37u + 11u);
}

/* Both buffers hold byte_at(j) at byte j, then binding 0's float w at word w. */
static void
fill(struct agx_vk_vs_store *o)
{
   for (unsigned k = 0; k < 2; k++) {
      for (unsigned j = 0; j < VB; j++)
         ((uint8_t *)o->vb[k].map)[j] = byte_at(j);
      if (k == 0)
         for (unsigned w = 0; w < VB / 4; w++) {
            float f = (float)w;
            memcpy(o->vb[k].map + 4 * w, &f, 4);
         }
   }
}

static VkPipeline
pipeline(const struct agx_vk_vs_store *o)
{
   VkPipelineShaderStageCreateInfo stage = {.sType =
                                               VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                            .stage = VK_SHADER_STAGE_VERTEX_BIT,
                                            .module = o->vs,
                                            .pName = "main"};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = VK_TRUE,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .lineWidth = 1.0f};
   VkDynamicState ds = VK_DYNAMIC_STATE_VERTEX_INPUT_EXT;
   VkPipelineDynamicStateCreateInfo dyn = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                           .dynamicStateCount = 1,
                                           .pDynamicStates = &ds};
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 1,
                                      .pStages = &stage,
                                      .pInputAssemblyState = &ia,
                                      .pRasterizationState = &rs,
                                      .pDynamicState = &dyn,
                                      .layout = o->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(c.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
set_state(VkCommandBuffer cb, const struct vstate *s)
{
   PFN_vkCmdSetVertexInputEXT set =
      (PFN_vkCmdSetVertexInputEXT)vkGetDeviceProcAddr(c.dev, "vkCmdSetVertexInputEXT");
   VkVertexInputBindingDescription2EXT b[2];
   for (unsigned k = 0; k < 2; k++)
      b[k] = (VkVertexInputBindingDescription2EXT){
         .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
         .binding = k,
         .stride = s->stride[k],
         .inputRate = s->inst[k] ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX,
         .divisor = s->div[k]};
   static const VkFormat fmt[3] = {VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R8G8B8A8_UNORM,
                                   VK_FORMAT_R16G16_SINT};
   VkVertexInputAttributeDescription2EXT a[3];
   for (unsigned l = 0; l < 3; l++)
      a[l] = (VkVertexInputAttributeDescription2EXT){
         .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
         .location = l,
         .binding = l ? 1 : 0,
         .format = fmt[l],
         .offset = s->off[l]};
   set(cb, 2, b, 3, a);
}

static void
record(const struct agx_vk_vs_store *o, VkPipeline p)
{
   memset(o->out.map, 0xAB, 3 * OUT_N * 16);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {16, 16}},
                            .layerCount = 1};
   vkCmdBeginRendering(cb, &rinfo);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, o->layout, 0, 1, &o->set.set, 0,
                           NULL);
   VkBuffer bufs[2] = {o->vb[0].buf, o->vb[1].buf};
   VkDeviceSize offs[2] = {0, 0};
   vkCmdBindVertexBuffers(cb, 0, 2, bufs, offs);
   for (uint32_t d = 0; d < ND; d++) {
      set_state(cb, &states[draw_state[d]]);
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

/* --- counting the driver's linked prologs (agx-vk only) ---------------------- */

static struct agx_vk_capture capture;
/* the line the driver prints for each counted event (AGX_DEBUG=shaders) */
static const char counted_line[] = "agx: vs prolog variant";

/* The element index of a binding (Vulkan: vertex index, or instance index
 * divided by the divisor; 0 for divisor 0). */
static unsigned
element(const struct vstate *s, unsigned k, unsigned v, unsigned i)
{
   if (!s->inst[k])
      return v;
   return s->div[k] ? i / s->div[k] : 0;
}

/* Mismatches against the CPU fetch. */
static unsigned
check(const struct agx_vk_vs_store *o)
{
   const float *av = (const float *)o->out.map;
   const float *bv = av + 4 * OUT_N;
   const int32_t *nv = (const int32_t *)(bv + 4 * OUT_N);
   unsigned bad = 0;
   for (uint32_t d = 0; d < ND; d++) {
      const struct vstate *s = &states[draw_state[d]];
      for (unsigned i = 0; i < NI; i++) {
         for (unsigned v = 0; v < NV; v++) {
            unsigned slot = d * SLOT + i * NV + v;
            unsigned e0 = element(s, 0, v, i), e1 = element(s, 1, v, i);
            unsigned ba = e0 * s->stride[0] + s->off[0];
            unsigned bb = e1 * s->stride[1] + s->off[1];
            unsigned bn = e1 * s->stride[1] + s->off[2];
            float wa[4] = {(float)(ba / 4), (float)(ba / 4 + 1), 0.0f, 1.0f};
            float wb[4];
            int32_t wn[4] = {0, 0, 0, 1};
            for (unsigned k = 0; k < 4; k++)
               wb[k] = (float)byte_at(bb + k) / 255.0f;
            for (unsigned k = 0; k < 2; k++)
               wn[k] = (int16_t)(byte_at(bn + 2 * k) | byte_at(bn + 2 * k + 1) << 8);
            for (unsigned k = 0; k < 4; k++) {
               float ga = av[4 * slot + k], gb = bv[4 * slot + k];
               int32_t gn = nv[4 * slot + k];
               if (ga != wa[k] && bad++ < 10)
                  fprintf(stderr, "draw %u inst %u vertex %u a.%u: %g, want %g\n", d, i, v, k, ga,
                          wa[k]);
               if (fabsf(gb - wb[k]) > 1e-6f && bad++ < 10)
                  fprintf(stderr, "draw %u inst %u vertex %u b.%u: %g, want %g\n", d, i, v, k, gb,
                          wb[k]);
               if (gn != wn[k] && bad++ < 10)
                  fprintf(stderr, "draw %u inst %u vertex %u n.%u: %d, want %d\n", d, i, v, k, gn,
                          wn[k]);
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
      fprintf(stderr, "usage: %s VIDYN_VERT [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   _Static_assert(ND * SLOT <= OUT_N, "outputs fit the shader's arrays");
   agx_vk_debug_add("shaders");
   agx_vk_ctx_instance(&c, argc, argv);
   const char *exts[2] = {"VK_EXT_vertex_input_dynamic_state", "VK_EXT_vertex_attribute_divisor"};
   if (!agx_vk_ctx_has_extension(&c, exts[0]) || !agx_vk_ctx_has_extension(&c, exts[1])) {
      printf("VK_EXT_vertex_input_dynamic_state / vertex_attribute_divisor not offered\n");
      agx_vk_ctx_finish(&c);
      return c.reference ? 77 : 1;
   }
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT fdiv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
      .vertexAttributeInstanceRateDivisor = VK_TRUE};
   VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT fvi = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_INPUT_DYNAMIC_STATE_FEATURES_EXT,
      .pNext = &fdiv,
      .vertexInputDynamicState = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &fvi,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.vertexPipelineStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 2, exts);
   struct agx_vk_vs_store o;
   agx_vk_vs_store_create(&c, argv[1], 3 * OUT_N * 16, VB, &o);
   fill(&o);
   VkPipeline p = pipeline(&o);
   unsigned bad = 0, links[2];
   for (unsigned round = 0; round < 2; round++) {
      agx_vk_capture_begin(&capture, c.reference);
      record(&o, p);
      links[round] = agx_vk_capture_end(&capture, counted_line);
      bad += check(&o);
   }
   printf("%u draws x %u instances x %u vertices checked twice, %u mismatches; prologs linked: "
          "%u, then %u\n",
          (unsigned)ND, NI, NV, bad, links[0], links[1]);
   if (!c.reference && (links[0] != NS || links[1] != 0)) {
      fprintf(stderr, "want %u prolog links, then 0\n", (unsigned)NS);
      bad++;
   }
   vkDestroyPipeline(c.dev, p, NULL);
   agx_vk_vs_store_free(&c, &o);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
