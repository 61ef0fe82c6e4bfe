/*
 * robustBufferAccess through the loader (shaders/robust.comp): storage and
 * uniform descriptors bound to small ranges inside larger buffers whose
 * other bytes hold canaries, accessed past their ends and below their
 * starts by loads, stores, atomics and a vec4 store straddling the end.
 * agx-vk: out-of-range loads and atomics return 0 and out-of-range stores
 * and atomics change nothing. Vulkan also allows reads of in-range values
 * and writes inside the bound range, which the --reference (lavapipe) run
 * accepts; memory outside every bound range must be untouched on both.
 * With --robustness2 the device enables VK_EXT_robustness2's
 * robustBufferAccess2 and nullDescriptor instead (out-of-range loads must
 * then be zero everywhere) and binding 5 is a null descriptor.
 * test_robust SHADER.spv [--robustness2] [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define N 128
#define BIG_WORDS 2048
#define DATA_WORD 64  /* binding 0: 32 words */
#define ATOM_WORD 256 /* binding 2: 16 words */
#define VEC_WORD 512  /* binding 4: 14 words (3 vec4 + 8 bytes) */

static unsigned failures;

static void
fail(const char *what, unsigned i, uint32_t got, uint32_t want)
{
   if (failures++ < 30)
      fprintf(stderr, "%s[%u]: got 0x%08x, expected 0x%08x\n", what, i, got, want);
}

static uint32_t
canary(unsigned w)
{
   return 0xC0000000u | w;
}
static uint32_t
ubo_canary(unsigned w)
{
   return 0xA0000000u | w;
}

/* An out-of-range read on the reference: 0 or a value from the bound range */
static bool
allowed_oob_read(uint32_t v, uint32_t prefix)
{
   return v == 0 || (v & 0xF0000000u) == prefix || (v & 0xFFFF0000u) == 0xdead0000u;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   bool r2 = false;
   for (int a = 2; a < argc; a++)
      r2 |= !strcmp(argv[a], "--robustness2");
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceRobustness2FeaturesEXT have2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &have2};
   vkGetPhysicalDeviceFeatures2(c.pdev, &have);
   CHECK(have.features.robustBufferAccess);
   if (r2) {
      CHECK(agx_vk_ctx_has_extension(&c, "VK_EXT_robustness2"));
      CHECK(have2.robustBufferAccess2 && have2.nullDescriptor);
      VkPhysicalDeviceRobustness2PropertiesEXT p2 = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                           .pNext = &p2};
      vkGetPhysicalDeviceProperties2(c.pdev, &props);
      CHECK(p2.robustStorageBufferAccessSizeAlignment == 1 ||
            p2.robustStorageBufferAccessSizeAlignment == 4);
      CHECK(p2.robustUniformBufferAccessSizeAlignment >= 1 &&
            p2.robustUniformBufferAccessSizeAlignment <= 256);
      VkPhysicalDeviceRobustness2FeaturesEXT want2 = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
         .robustBufferAccess2 = VK_TRUE,
         .nullDescriptor = VK_TRUE};
      const char *ext = "VK_EXT_robustness2";
      agx_vk_ctx_device(&c, &want2, 1, &ext);
   } else {
      VkPhysicalDeviceFeatures want = {.robustBufferAccess = VK_TRUE};
      agx_vk_ctx_device_features(&c, NULL, &want, 0, NULL);
   }

   struct agx_vk_buffer big = agx_vk_buffer(&c, BIG_WORDS * 4), ubo = agx_vk_buffer(&c, 256),
                        out = agx_vk_buffer(&c, N * 16), nul = agx_vk_buffer(&c, N * 4);
   uint32_t *bw = big.ptr, *uw = ubo.ptr;
   for (unsigned w = 0; w < BIG_WORDS; w++)
      bw[w] = canary(w);
   for (unsigned w = 0; w < 64; w++)
      uw[w] = ubo_canary(w);

   static const VkDescriptorType types[6] = {
      VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
      VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
   VkDescriptorSetLayoutBinding lb[6];
   for (uint32_t b = 0; b < 6; b++)
      lb[b] = (VkDescriptorSetLayoutBinding){b, types[b], 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayout dsl;
   VK_OK(
      vkCreateDescriptorSetLayout(c.dev,
                                  &(VkDescriptorSetLayoutCreateInfo){
                                     .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                     .bindingCount = 6,
                                     .pBindings = lb},
                                  NULL, &dsl));
   VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 5},
                                 {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1}};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(
      c.dev,
      &(VkDescriptorPoolCreateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                    .maxSets = 1,
                                    .poolSizeCount = 2,
                                    .pPoolSizes = ps},
      NULL, &pool));
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(
      c.dev,
      &(VkDescriptorSetAllocateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl},
      &set));
   VkDescriptorBufferInfo bi[6] = {
      {big.buf, DATA_WORD * 4, 32 * 4}, {ubo.buf, 0, 64},
      {big.buf, ATOM_WORD * 4, 16 * 4}, {out.buf, 0, VK_WHOLE_SIZE},
      {big.buf, VEC_WORD * 4, 56},      {r2 ? VK_NULL_HANDLE : nul.buf, 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet wr[6];
   for (uint32_t b = 0; b < 6; b++)
      wr[b] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                     .dstSet = set,
                                     .dstBinding = b,
                                     .descriptorCount = 1,
                                     .descriptorType = types[b],
                                     .pBufferInfo = &bi[b]};
   vkUpdateDescriptorSets(c.dev, 6, wr, 0, NULL);
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(
      c.dev,
      &(VkPipelineLayoutCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                    .setLayoutCount = 1,
                                    .pSetLayouts = &dsl},
      NULL, &layout));
   VkShaderModule module = agx_vk_shader(&c, argv[1]);
   VkPipeline pipe = agx_vk_compute_pipeline(&c, layout, module, NULL, 0, NULL);

   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, N / 64, 1, 1);
   VK_OK(agx_vk_submit_wait(&c, cb));

   const uint32_t *r = out.ptr;
   bool strict = !c.reference || r2; /* robustBufferAccess2: zero, nothing written */
   for (unsigned i = 0; i < N; i++) {
      const uint32_t *o = &r[4 * i];
      if (i < 32) {
         if (o[0] != canary(DATA_WORD + i))
            fail("in-range load", i, o[0], canary(DATA_WORD + i));
      } else if (strict ? o[0] != 0 : !allowed_oob_read(o[0], 0xC0000000u)) {
         fail("load past the end", i, o[0], 0);
      }
      unsigned u = i % 8;
      if (u < 4) {
         if (o[1] != ubo_canary(u * 4 + 1))
            fail("in-range ubo load", i, o[1], ubo_canary(u * 4 + 1));
      } else if (strict ? o[1] != 0 : !allowed_oob_read(o[1], 0xA0000000u)) {
         fail("ubo load past the end", i, o[1], 0);
      }
      unsigned k = i % 24;
      if (k < 16) {
         if (o[2] < canary(ATOM_WORD + k) || o[2] > canary(ATOM_WORD + k) + 6)
            fail("in-range atomic", i, o[2], canary(ATOM_WORD + k));
      } else if (strict && o[2] != 0) {
         fail("atomic past the end", i, o[2], 0);
      }
      if (strict ? o[3] != 0 : !allowed_oob_read(o[3], 0xC0000000u))
         fail("load below the start", i, o[3], 0);
   }
   for (unsigned w = 0; w < BIG_WORDS; w++) {
      bool data = w >= DATA_WORD && w < DATA_WORD + 32;
      bool atom = w >= ATOM_WORD && w < ATOM_WORD + 16;
      bool vec = w >= VEC_WORD && w < VEC_WORD + 14;
      if (atom) {
         unsigned k = w - ATOM_WORD, count = k < 8 ? 6 : 5; /* i % 24 == k for i < 128 */
         if (bw[w] != canary(w) + count && (strict || bw[w] < canary(w) + count))
            fail("atomic result", w, bw[w], canary(w) + count);
      } else if (vec && w < VEC_WORD + 12) {
         float f;
         memcpy(&f, &bw[w], 4);
         if (f != (float)((w - VEC_WORD) / 4) + 0.5f)
            fail("in-range vec4 store", w, bw[w], 0);
      } else if (((strict && !(vec && c.reference)) || (!data && !vec)) && bw[w] != canary(w)) {
         /* (lavapipe writes the in-range half of the straddling vec4) */
         fail("memory outside the bound ranges", w, bw[w], canary(w));
      }
   }
   for (unsigned w = 0; w < 64; w++)
      if (uw[w] != ubo_canary(w))
         fail("uniform buffer", w, uw[w], ubo_canary(w));
   const uint32_t *nw = nul.ptr;
   for (unsigned w = 0; w < N; w++)
      if (nw[w] != (r2 ? 0 : 7)) /* with a null descriptor the stores go nowhere */
         fail("binding 5", w, nw[w], r2 ? 0 : 7);
   printf("robust buffer access: %u invocations, %u checks failed\n", N, failures);

   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyShaderModule(c.dev, module, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyDescriptorPool(c.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(c.dev, dsl, NULL);
   agx_vk_buffer_free(&c, &big);
   agx_vk_buffer_free(&c, &ubo);
   agx_vk_buffer_free(&c, &out);
   agx_vk_buffer_free(&c, &nul);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
