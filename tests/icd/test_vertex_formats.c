/*
 * Vertex formats value by value (the vertex-fetch prolog's conversions):
 * for each USCALED / SSCALED 8- and 16-bit format, the A2B10G10R10 scaled
 * and SNORM formats (location 0, a float vec4) and A2B10G10R10_SINT_PACK32
 * (location 1, an ivec4; R8G8B8A8_SINT on a reference without it), 32 points are drawn with rasterizer discard and the
 * vertex shader (shaders/vfmt.vert) stores the attributes it received;
 * every component is compared with a CPU conversion table written here
 * (Vulkan "Fixed-Point Data Conversions" and "Numeric Format": scaled
 * formats are the integer as a float; packed fields from bit 0, signed ones
 * two's complement; missing components 0, 0, 0 and 1.0 / 1). Element bytes
 * are hashed, the first vertices hold the extremes (0, all ones, the most
 * negative and positive values). Also checks the VERTEX_BUFFER feature of
 * each format (agx-vk must offer it; the reference skips formats it lacks).
 * Every format is drawn twice: with attribute offsets 0 and 8, and with
 * offsets 3 and 11 and a binding offset of 1 (Vulkan asks only the whole
 * attribute address to be a multiple of the component size, so an odd
 * attribute offset is valid there; the vertex-fetch prolog reads such an
 * attribute byte by byte).
 *
 * test_vertex_formats VFMT_VERT [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define NV 32     /* vertices per draw */
#define STRIDE 12 /* bytes 0-7: location 0, bytes 8-11: location 1 */
#define BASE 4    /* the first element's byte in the vertex buffer */

enum num { UINT, SINT, UNORM, SNORM, USCALED, SSCALED };

struct vfmt {
   VkFormat vk;
   const char *name;
   unsigned comps, bits; /* bits per component; 0: packed 10:10:10:2 */
   enum num num;
};

static const struct vfmt formats[] = {
#define F(vk, n, b, num)             \
   {                                 \
      VK_FORMAT_##vk, #vk, n, b, num \
   }
   F(R8_USCALED, 1, 8, USCALED),
   F(R8G8_USCALED, 2, 8, USCALED),
   F(R8G8B8A8_USCALED, 4, 8, USCALED),
   F(A8B8G8R8_USCALED_PACK32, 4, 8, USCALED),
   F(R8_SSCALED, 1, 8, SSCALED),
   F(R8G8_SSCALED, 2, 8, SSCALED),
   F(R8G8B8A8_SSCALED, 4, 8, SSCALED),
   F(A8B8G8R8_SSCALED_PACK32, 4, 8, SSCALED),
   F(R16_USCALED, 1, 16, USCALED),
   F(R16G16_USCALED, 2, 16, USCALED),
   F(R16G16B16A16_USCALED, 4, 16, USCALED),
   F(R16_SSCALED, 1, 16, SSCALED),
   F(R16G16_SSCALED, 2, 16, SSCALED),
   F(R16G16B16A16_SSCALED, 4, 16, SSCALED),
   F(A2B10G10R10_USCALED_PACK32, 4, 0, USCALED),
   F(A2B10G10R10_SSCALED_PACK32, 4, 0, SSCALED),
   F(A2B10G10R10_SNORM_PACK32, 4, 0, SNORM),
#undef F
};
/* location 1; the reference without that vertex format uses R8G8B8A8_SINT */
static struct vfmt sint_packed = {VK_FORMAT_A2B10G10R10_SINT_PACK32, "A2B10G10R10_SINT_PACK32", 4,
                                  0, SINT};

static struct agx_vk_ctx c;

/* Component k (bits wide, starting at bit `lo` of the little-endian bytes)
 * as an integer, sign-extended when the format is signed. */
static int64_t
field(const uint8_t *p, unsigned lo, unsigned bits, bool sign)
{
   uint64_t v = 0; /* only the bytes the field spans: the last element ends the buffer */
   for (unsigned i = 0; i < (lo + bits + 7) / 8; i++)
      v |= (uint64_t)p[i] << (8 * i);
   uint64_t x = (v >> lo) & ((1ull << bits) - 1);
   if (sign && (x >> (bits - 1)))
      return (int64_t)x - (int64_t)(1ull << bits);
   return (int64_t)x;
}

/* The value Vulkan gives component k of an element of format f. */
static double
expect(const struct vfmt *f, const uint8_t *p, unsigned k)
{
   bool sign = f->num == SINT || f->num == SNORM || f->num == SSCALED;
   if (k >= f->comps)
      return k == 3 ? 1.0 : 0.0;
   unsigned bits = f->bits ? f->bits : k == 3 ? 2 : 10;
   unsigned lo = f->bits ? k * f->bits : 10 * k;
   int64_t x = field(p, lo, bits, sign);
   switch (f->num) {
   case UNORM:
      return (double)x / (double)((1ull << bits) - 1);
   case SNORM: {
      double v = (double)x / (double)((1ull << (bits - 1)) - 1);
      return v < -1.0 ? -1.0 : v;
   }
   default:
      return (double)x;
   }
}

/* The element bytes of vertex v: extremes first, then hashed bytes. */
static void
element(unsigned v, uint8_t *e)
{
   static const uint8_t ext[4][STRIDE] = {
      {0},
      {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
      /* 8-bit: 0x80 (most negative); 16-bit 0x8000; packed: R -512, G 0, B -512... */
      {0x80, 0x80, 0x80, 0x80, 0x00, 0x80, 0x00, 0x80, 0x00, 0x02, 0x00, 0x80},
      /* 8-bit: 0x7F; 16-bit 0x7F7F / 0x7FFF; packed: R 511, G 511, B 511, A 1 */
      {0x7F, 0x7F, 0x7F, 0x7F, 0xFF, 0x7F, 0xFF, 0x7F, 0xFF, 0xFD, 0xF7, 0x5F},
   };
   if (v < 4) {
      memcpy(e, ext[v], STRIDE);
      return;
   }
   for (unsigned i = 0; i < STRIDE; i++)
      e[i] = (uint8_t)agx_vk_hash(v * 131u + i * 7u + 1u);
}

static bool
vertex_buffer_feature(VkFormat f)
{
   VkFormatProperties p;
   vkGetPhysicalDeviceFormatProperties(c.pdev, f, &p);
   return (p.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) != 0;
}

struct objects {
   VkShaderModule vs;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct agx_vk_buffer vb, out;
};

static void
setup(struct objects *o, const char *vs_path)
{
   size_t size;
   uint32_t *words = agx_vk_read_spv(vs_path, &size);
   VkShaderModuleCreateInfo mci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                   .codeSize = size,
                                   .pCode = words};
   VK_OK(vkCreateShaderModule(c.dev, &mci, NULL, &o->vs));
   free(words);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c.dev, &dci, NULL, &o->dsl));
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &o->dsl};
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &o->layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VK_OK(vkCreateDescriptorPool(c.dev, &pci, NULL, &o->pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = o->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &o->dsl};
   VK_OK(vkAllocateDescriptorSets(c.dev, &ai, &o->set));
   o->out = agx_vk_buffer(&c, NV * 32);
   o->vb = agx_vk_buffer_usage(&c, BASE + NV * STRIDE, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   memset(o->vb.map, 0x5A, BASE);
   for (unsigned v = 0; v < NV; v++)
      element(v, o->vb.map + BASE + v * STRIDE);
   VkDescriptorBufferInfo bi = {o->out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = o->set,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c.dev, 1, &w, 0, NULL);
}

/* Attribute offsets shift and 8 + shift: the binding offset is BASE - shift. */
static VkPipeline
pipeline(const struct objects *o, VkFormat f0, unsigned shift)
{
   VkPipelineShaderStageCreateInfo stage = {.sType =
                                               VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                            .stage = VK_SHADER_STAGE_VERTEX_BIT,
                                            .module = o->vs,
                                            .pName = "main"};
   VkVertexInputBindingDescription bind = {0, STRIDE, VK_VERTEX_INPUT_RATE_VERTEX};
   VkVertexInputAttributeDescription attr[2] = {{0, 0, f0, shift},
                                                {1, 0, sint_packed.vk, 8 + shift}};
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1,
      .pVertexBindingDescriptions = &bind,
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
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 1,
                                      .pStages = &stage,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pRasterizationState = &rs,
                                      .layout = o->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(c.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
draw(const struct objects *o, VkPipeline p, unsigned shift)
{
   memset(o->out.map, 0xAB, NV * 32);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {16, 16}},
                            .layerCount = 1};
   vkCmdBeginRendering(cb, &rinfo);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, o->layout, 0, 1, &o->set, 0, NULL);
   VkDeviceSize off = BASE - shift;
   vkCmdBindVertexBuffers(cb, 0, 1, &o->vb.buf, &off);
   vkCmdDraw(cb, NV, 1, 0, 0);
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

/* Mismatches of the float attribute (format f) and the integer one. */
static unsigned
check(const struct objects *o, const struct vfmt *f)
{
   const float *fv = (const float *)o->out.map;
   const int32_t *iv = (const int32_t *)(o->out.map + NV * 16);
   unsigned bad = 0;
   for (unsigned v = 0; v < NV; v++) {
      const uint8_t *e = o->vb.map + BASE + v * STRIDE;
      for (unsigned k = 0; k < 4; k++) {
         double want = expect(f, e, k);
         /* normalised: within 1e-6 relative (the prolog multiplies by the
          * reciprocal); integers and scaled values are exact */
         double tol = f->num == SNORM || f->num == UNORM ? 1e-6 * fabs(want) + 1e-7 : 0.0;
         if (fabs(fv[4 * v + k] - want) > tol && bad++ < 8)
            fprintf(stderr, "%s vertex %u comp %u: %.9g, want %.9g\n", f->name, v, k, fv[4 * v + k],
                    want);
         int32_t iwant = (int32_t)expect(&sint_packed, e + 8, k);
         if (iv[4 * v + k] != iwant && bad++ < 8)
            fprintf(stderr, "%s (with %s) vertex %u comp %u: %d, want %d\n", sint_packed.name,
                    f->name, v, k, iv[4 * v + k], iwant);
      }
   }
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s VFMT_VERT [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.vertexPipelineStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 0, NULL);
   struct objects o;
   setup(&o, argv[1]);
   if (!vertex_buffer_feature(sint_packed.vk)) {
      CHECK(c.reference);
      sint_packed = (struct vfmt){VK_FORMAT_R8G8B8A8_SINT, "R8G8B8A8_SINT", 4, 8, SINT};
   }
   unsigned bad = 0, tested = 0;
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      const struct vfmt *f = &formats[i];
      if (!vertex_buffer_feature(f->vk)) {
         if (!c.reference) {
            fprintf(stderr, "%s: no VERTEX_BUFFER feature\n", f->name);
            bad++;
         }
         continue;
      }
      for (unsigned shift = 0; shift < 4; shift += 3) {
         VkPipeline p = pipeline(&o, f->vk, shift);
         draw(&o, p, shift);
         unsigned b = check(&o, f);
         if (b)
            fprintf(stderr, "%s (attribute offset %u): %u mismatches\n", f->name, shift, b);
         bad += b;
         vkDestroyPipeline(c.dev, p, NULL);
      }
      tested++;
   }
   printf("%u formats tested, %u mismatches\n", tested, bad);
   agx_vk_buffer_free(&c, &o.vb);
   agx_vk_buffer_free(&c, &o.out);
   vkDestroyDescriptorPool(c.dev, o.pool, NULL);
   vkDestroyPipelineLayout(c.dev, o.layout, NULL);
   vkDestroyDescriptorSetLayout(c.dev, o.dsl, NULL);
   vkDestroyShaderModule(c.dev, o.vs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
