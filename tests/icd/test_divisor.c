/*
 * VK_KHR_vertex_attribute_divisor with supportsNonZeroFirstInstance, and
 * bindings without memory behind them: instanced point draws (3 vertices x
 * 7 instances, rasterizer discard) whose vertex shader
 * (shaders/divisor.vert) stores every fetched attribute, compared value by
 * value with a CPU fetch written here from Vulkan's "Vertex Input Address
 * Calculation": a per-instance element is firstInstance for divisor 0 and
 * firstInstance + (InstanceIndex - firstInstance) / divisor otherwise.
 * Four per-instance bindings with divisors 0, 1, 2 and 3 (R32G32_UINT:
 * missing components (0, 1)), one per-vertex binding (R32G32B32A32_UINT),
 * a VK_NULL_HANDLE binding (nullDescriptor: zeros, missing components
 * filled) and a binding whose buffer holds one element (robustBufferAccess2:
 * later vertices read zeros; the buffer itself is that small because
 * lavapipe 22.3 bounds vertex reads by the buffer, not the bound size). Each pipeline draws with firstInstance 0 and
 * 3, through vkCmdDraw, vkCmdDrawIndexed, vkCmdDrawIndirect and
 * vkCmdDrawIndexedIndirect (drawIndirectFirstInstance: the record's
 * firstInstance feeds the fetch); pipelines: divisors from the pipeline's
 * VkPipelineVertexInputDivisorStateCreateInfoKHR, and the same state from
 * vkCmdSetVertexInputEXT (VK_EXT_vertex_input_dynamic_state) when offered.
 *
 * Assumes: agx-vk offers the KHR extension with supportsNonZeroFirstInstance
 * (required unless --reference), nullDescriptor and robustBufferAccess2;
 * under the 1.3.239 validation layer, which predates the KHR extension, and
 * on drivers without it, the EXT extension is enabled instead (the same
 * structures and values; it has no firstInstance restriction).
 *
 * test_divisor DIVISOR_VERT [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"
#include "agxv_vk_newer.h"

#define NV 3      /* vertices per draw */
#define NI 7      /* instances per draw */
#define NLOC 8    /* attributes (shader locations) */
#define NBIND 7   /* vertex bindings */
#define ELEMS 16  /* elements per vertex buffer */
#define KINDS 4   /* draw, indexed, indirect, indexed indirect */
#define NFIRST 2  /* firstInstance values */
#define MODES 2   /* static divisors, vkCmdSetVertexInputEXT */
#define NULL_B 5  /* the VK_NULL_HANDLE binding */
#define SHORT_B 6 /* the binding whose buffer holds one element */
#define DRAWS (KINDS * NFIRST)
#define SLOTS (MODES * DRAWS)
#define OUT_VEC (SLOTS * NI * NV * NLOC)

static const uint32_t divisors[4] = {0, 1, 2, 3}; /* bindings 0-3 */
static const uint32_t firsts[NFIRST] = {0, 3};
static const char *const kind_names[KINDS] = {"draw", "indexed", "indirect", "indexed indirect"};

static struct agx_vk_ctx c;
static bool khr; /* VK_KHR_vertex_attribute_divisor enabled (else the EXT one) */

/* Word k of element e of binding b's buffer: identifies both. */
static uint32_t
value(uint32_t b, uint32_t e, uint32_t k)
{
   return 0x10000u * (b + 1) + 16u * e + k;
}

/* --- the state both pipelines describe -------------------------------------- */

static void
describe(VkVertexInputBindingDescription *bind, VkVertexInputAttributeDescription *attr)
{
   for (uint32_t b = 0; b < NBIND; b++) {
      bool inst = b < 4;
      bind[b] = (VkVertexInputBindingDescription){
         b, inst ? 8 : 16, inst ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX};
   }
   for (uint32_t l = 0; l < NLOC; l++) {
      uint32_t b = l < 5 ? l : l < 7 ? NULL_B : SHORT_B;
      VkFormat f = (l < 4 || l == 5) ? VK_FORMAT_R32G32_UINT : VK_FORMAT_R32G32B32A32_UINT;
      attr[l] = (VkVertexInputAttributeDescription){l, b, f, 0};
   }
}

static VkPipeline
pipeline(VkPipelineLayout layout, VkShaderModule vs, bool dynamic_vi)
{
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, VK_NULL_HANDLE, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&g, 16, 16);
   g.ia.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
   g.rs.rasterizerDiscardEnable = VK_TRUE;
   VkVertexInputBindingDescription bind[NBIND];
   VkVertexInputAttributeDescription attr[NLOC];
   describe(bind, attr);
   VkVertexInputBindingDivisorDescriptionKHR div[4];
   for (uint32_t b = 0; b < 4; b++)
      div[b] = (VkVertexInputBindingDivisorDescriptionKHR){b, divisors[b]};
   VkPipelineVertexInputDivisorStateCreateInfoKHR divinfo = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_KHR,
      .vertexBindingDivisorCount = 4,
      .pVertexBindingDivisors = div};
   if (dynamic_vi) {
      g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_VERTEX_INPUT_EXT;
   } else {
      g.vi.pNext = &divinfo;
      g.vi.vertexBindingDescriptionCount = NBIND;
      g.vi.pVertexBindingDescriptions = bind;
      g.vi.vertexAttributeDescriptionCount = NLOC;
      g.vi.pVertexAttributeDescriptions = attr;
   }
   return agx_vk_gfx_create(&c, &g);
}

/* The same state through vkCmdSetVertexInputEXT. */
static void
set_vertex_input(VkCommandBuffer cb)
{
   PFN_vkCmdSetVertexInputEXT set =
      (PFN_vkCmdSetVertexInputEXT)vkGetDeviceProcAddr(c.dev, "vkCmdSetVertexInputEXT");
   VkVertexInputBindingDescription bind[NBIND];
   VkVertexInputAttributeDescription attr[NLOC];
   describe(bind, attr);
   VkVertexInputBindingDescription2EXT b2[NBIND];
   VkVertexInputAttributeDescription2EXT a2[NLOC];
   for (uint32_t b = 0; b < NBIND; b++)
      b2[b] = (VkVertexInputBindingDescription2EXT){
         .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
         .binding = b,
         .stride = bind[b].stride,
         .inputRate = bind[b].inputRate,
         .divisor = b < 4 ? divisors[b] : 1};
   for (uint32_t l = 0; l < NLOC; l++)
      a2[l] = (VkVertexInputAttributeDescription2EXT){
         .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
         .location = l,
         .binding = attr[l].binding,
         .format = attr[l].format,
         .offset = 0};
   set(cb, NBIND, b2, NLOC, a2);
}

/* --- recording ------------------------------------------------------------- */

struct objects {
   VkShaderModule vs;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   VkPipeline pipe[MODES];
   struct agx_vk_buffer vb[NBIND], index, indirect, out;
};

static void
fill_buffers(struct objects *o)
{
   for (uint32_t b = 0; b < NBIND; b++) {
      if (b == NULL_B)
         continue;
      uint32_t words = b < 4 ? 2 : 4, elems = b == SHORT_B ? 1 : ELEMS;
      o->vb[b] = agx_vk_buffer_usage(&c, elems * 4 * words, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
      uint32_t *w = o->vb[b].ptr;
      for (uint32_t e = 0; e < elems; e++)
         for (uint32_t k = 0; k < words; k++)
            w[e * words + k] = value(b, e, k);
   }
   o->index = agx_vk_buffer_usage(&c, 4 * NV, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   for (uint32_t v = 0; v < NV; v++)
      ((uint32_t *)o->index.ptr)[v] = v;
   /* per firstInstance f: a VkDrawIndirectCommand at 32 f, a
    * VkDrawIndexedIndirectCommand at 64 + 32 f */
   o->indirect = agx_vk_buffer_usage(&c, 128, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   for (uint32_t f = 0; f < NFIRST; f++) {
      VkDrawIndirectCommand d = {NV, NI, 0, firsts[f]};
      VkDrawIndexedIndirectCommand x = {NV, NI, 0, 0, firsts[f]};
      memcpy(o->indirect.map + 32 * f, &d, sizeof(d));
      memcpy(o->indirect.map + 64 + 32 * f, &x, sizeof(x));
   }
   o->out = agx_vk_buffer(&c, OUT_VEC * 16);
   memset(o->out.map, 0xAB, OUT_VEC * 16);
}

static void
record_draw(VkCommandBuffer cb, const struct objects *o, uint32_t mode, uint32_t d)
{
   uint32_t kind = d % KINDS, f = d / KINDS, first = firsts[f];
   uint32_t push[4] = {mode * DRAWS + d, first, NI, NV};
   vkCmdPushConstants(cb, o->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(push), push);
   switch (kind) {
   case 0:
      vkCmdDraw(cb, NV, NI, 0, first);
      break;
   case 1:
      vkCmdDrawIndexed(cb, NV, NI, 0, 0, first);
      break;
   case 2:
      vkCmdDrawIndirect(cb, o->indirect.buf, 32 * f, 1, sizeof(VkDrawIndirectCommand));
      break;
   default:
      vkCmdDrawIndexedIndirect(cb, o->indirect.buf, 64 + 32 * f, 1,
                               sizeof(VkDrawIndexedIndirectCommand));
      break;
   }
}

static void
record(const struct objects *o, uint32_t modes)
{
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = 16, .height = 16});
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, o->layout, 0, 1, &o->set.set, 0,
                           NULL);
   for (uint32_t m = 0; m < modes; m++) {
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, o->pipe[m]);
      if (m == 1)
         set_vertex_input(cb);
      VkBuffer bufs[NBIND];
      VkDeviceSize offs[NBIND] = {0}, sizes[NBIND];
      for (uint32_t b = 0; b < NBIND; b++) {
         bufs[b] = b == NULL_B ? VK_NULL_HANDLE : o->vb[b].buf;
         sizes[b] = b == NULL_B ? 0 : o->vb[b].size;
      }
      vkCmdBindVertexBuffers2(cb, 0, NBIND, bufs, offs, sizes, NULL);
      vkCmdBindIndexBuffer(cb, o->index.buf, 0, VK_INDEX_TYPE_UINT32);
      for (uint32_t d = 0; d < DRAWS; d++)
         record_draw(cb, o, m, d);
   }
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb,
                         (struct agx_vk_access){VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                                                VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT},
                         AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(&c, cb));
}

/* --- the CPU fetch ----------------------------------------------------------- */

/* The expected value of location l for instance i (counted from
 * firstInstance) and vertex v. */
static void
expect(uint32_t l, uint32_t first, uint32_t i, uint32_t v, uint32_t want[4])
{
   const uint32_t fill2[4] = {0, 0, 0, 1}, zero[4] = {0, 0, 0, 0};
   if (l == 5) { /* null binding, two components */
      memcpy(want, fill2, sizeof(fill2));
      return;
   }
   if (l == 6 || (l == 7 && v > 0)) { /* null, or past the range: zeros */
      memcpy(want, zero, sizeof(zero));
      return;
   }
   uint32_t b = l < 5 ? l : SHORT_B, e;
   if (l < 4) {
      uint32_t instance_index = first + i; /* InstanceIndex */
      e = divisors[b] ? first + (instance_index - first) / divisors[b] : first;
   } else {
      e = v; /* vertexIndex: firstVertex / vertexOffset 0, indices 0..NV-1 */
   }
   for (uint32_t k = 0; k < 4; k++)
      want[k] = l < 4 && k >= 2 ? fill2[k] : value(b, e, k);
}

static unsigned
check(const struct objects *o, uint32_t modes)
{
   const uint32_t *got = o->out.ptr;
   unsigned bad = 0;
   for (uint32_t m = 0; m < modes; m++) {
      unsigned bad_mode = 0;
      for (uint32_t d = 0; d < DRAWS; d++) {
         uint32_t first = firsts[d / KINDS], slot = m * DRAWS + d;
         for (uint32_t i = 0; i < NI; i++)
            for (uint32_t v = 0; v < NV; v++)
               for (uint32_t l = 0; l < NLOC; l++) {
                  uint32_t want[4];
                  expect(l, first, i, v, want);
                  const uint32_t *g = got + 4 * (NLOC * ((slot * NI + i) * NV + v) + l);
                  if (!memcmp(g, want, sizeof(want)))
                     continue;
                  if (bad_mode++ < 8)
                     printf("  %s, %s, firstInstance %u, instance %u vertex %u location %u: "
                            "%#x %#x %#x %#x, want %#x %#x %#x %#x\n",
                            m ? "vkCmdSetVertexInputEXT" : "pipeline divisors",
                            kind_names[d % KINDS], first, i, v, l, g[0], g[1], g[2], g[3], want[0],
                            want[1], want[2], want[3]);
               }
      }
      printf("%s %s: %u of %u attributes differ\n", bad_mode ? "FAIL" : "ok",
             m ? "divisors from vkCmdSetVertexInputEXT" : "divisors from the pipeline", bad_mode,
             DRAWS * NI * NV * NLOC);
      bad += bad_mode;
   }
   return bad;
}

/* --- device ----------------------------------------------------------------- */

/* Creates the device; returns how many modes run (0: cannot run). */
static uint32_t
make_device(void)
{
   khr =
      agx_vk_ctx_has_extension(&c, VK_KHR_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME) && !c.validation;
   if (!c.reference && !c.validation && !khr) {
      printf("FAIL VK_KHR_vertex_attribute_divisor not offered\n");
      return 0;
   }
   if (!khr && !agx_vk_ctx_has_extension(&c, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME)) {
      printf("no vertex attribute divisor extension offered\n");
      return 0;
   }
   bool vidyn = agx_vk_ctx_has_extension(&c, VK_EXT_VERTEX_INPUT_DYNAMIC_STATE_EXTENSION_NAME);
   VkPhysicalDeviceVertexAttributeDivisorPropertiesKHR dp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_KHR};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = khr ? &dp : NULL};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   if (khr && (!dp.supportsNonZeroFirstInstance || dp.maxVertexAttribDivisor < 3)) {
      printf("%s supportsNonZeroFirstInstance %u, maxVertexAttribDivisor %u\n",
             c.reference ? "skipped:" : "FAIL", dp.supportsNonZeroFirstInstance,
             dp.maxVertexAttribDivisor);
      return 0;
   }
   VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT fvi = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_INPUT_DYNAMIC_STATE_FEATURES_EXT};
   VkPhysicalDeviceRobustness2FeaturesEXT frb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .pNext = vidyn ? &fvi : NULL};
   VkPhysicalDeviceVertexAttributeDivisorFeaturesKHR fdiv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_KHR,
      .pNext = &frb};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &fdiv};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!fdiv.vertexAttributeInstanceRateDivisor || !fdiv.vertexAttributeInstanceRateZeroDivisor ||
       !frb.nullDescriptor || !frb.robustBufferAccess2 || !f2.features.drawIndirectFirstInstance ||
       !f2.features.vertexPipelineStoresAndAtomics || !f2.features.robustBufferAccess) {
      printf("%s a feature is missing (divisors %u/%u, nullDescriptor %u, "
             "robustBufferAccess2 %u, drawIndirectFirstInstance %u)\n",
             c.reference ? "skipped:" : "FAIL", fdiv.vertexAttributeInstanceRateDivisor,
             fdiv.vertexAttributeInstanceRateZeroDivisor, frb.nullDescriptor,
             frb.robustBufferAccess2, f2.features.drawIndirectFirstInstance);
      return 0;
   }
   vidyn = vidyn && fvi.vertexInputDynamicState;
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &fdiv,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   fdiv = (VkPhysicalDeviceVertexAttributeDivisorFeaturesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_KHR,
      .pNext = &frb,
      .vertexAttributeInstanceRateDivisor = VK_TRUE,
      .vertexAttributeInstanceRateZeroDivisor = VK_TRUE};
   frb = (VkPhysicalDeviceRobustness2FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .pNext = vidyn ? &fvi : NULL,
      .robustBufferAccess2 = VK_TRUE,
      .nullDescriptor = VK_TRUE};
   fvi.vertexInputDynamicState = VK_TRUE;
   fvi.pNext = NULL;
   VkPhysicalDeviceFeatures feat = {.robustBufferAccess = VK_TRUE,
                                    .drawIndirectFirstInstance = VK_TRUE,
                                    .vertexPipelineStoresAndAtomics = VK_TRUE};
   const char *exts[3] = {khr ? VK_KHR_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME
                              : VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME,
                          VK_EXT_ROBUSTNESS_2_EXTENSION_NAME,
                          VK_EXT_VERTEX_INPUT_DYNAMIC_STATE_EXTENSION_NAME};
   agx_vk_ctx_device_features(&c, &f13, &feat, vidyn ? 3 : 2, exts);
   printf("%s, %s\n", khr ? "VK_KHR_vertex_attribute_divisor" : "VK_EXT_vertex_attribute_divisor",
          vidyn ? "with vkCmdSetVertexInputEXT" : "no VK_EXT_vertex_input_dynamic_state");
   return vidyn ? 2 : 1;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s DIVISOR_VERT [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   _Static_assert(NV <= ELEMS && 3 + (NI - 1) <= ELEMS - 1, "elements fit the buffers");
   agx_vk_ctx_instance(&c, argc, argv);
   uint32_t modes = make_device();
   if (!modes) {
      agx_vk_ctx_finish(&c);
      return c.reference ? 77 : 1;
   }
   struct objects o;
   memset(&o, 0, sizeof(o));
   o.vs = agx_vk_shader(&c, argv[1]);
   agx_vk_set_create(
      &c, 1,
      &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      &o.set);
   o.layout = agx_vk_pipeline_layout(&c, 1, &o.set.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   fill_buffers(&o);
   agx_vk_set_buffer(&c, &o.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, o.out.buf);
   for (uint32_t m = 0; m < modes; m++)
      o.pipe[m] = pipeline(o.layout, o.vs, m == 1);
   record(&o, modes);
   unsigned bad = check(&o, modes);

   for (uint32_t m = 0; m < modes; m++)
      vkDestroyPipeline(c.dev, o.pipe[m], NULL);
   for (uint32_t b = 0; b < NBIND; b++)
      if (b != NULL_B)
         agx_vk_buffer_free(&c, &o.vb[b]);
   agx_vk_buffer_free(&c, &o.index);
   agx_vk_buffer_free(&c, &o.indirect);
   agx_vk_buffer_free(&c, &o.out);
   agx_vk_set_free(&c, &o.set);
   vkDestroyPipelineLayout(c.dev, o.layout, NULL);
   vkDestroyShaderModule(c.dev, o.vs, NULL);
   int ret = agx_vk_ctx_finish(&c);
   printf("%u failures\n", bad);
   return bad || ret ? 1 : 0;
}
