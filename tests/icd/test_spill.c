/*
 * A compute shader with more live values than registers, through the
 * loader: on agx-vk the back end spills to the stack, the pipeline gets
 * stack memory from the device's scratch buffer and the helper program
 * (icd/agxv_scratch.c), and the results must match a CPU reference. The
 * same program on lavapipe (--reference) checks the test itself.
 *
 * test_spill SPILL.spv [--validation] [--reference]
 *   SPILL.spv: tests/backend/shaders/be_spill.comp (200 live values).
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define N_IN 512u
#define GROUPS 8u
#define THREADS (GROUPS * 64u)

/* be_spill.comp on the CPU for invocation g. */
static void
reference(const uint32_t *a, uint32_t g, uint32_t out[2])
{
   uint32_t v[200];
   for (uint32_t i = 0; i < 200; i++)
      v[i] = a[(g * 3u + i) & 511u] + i;
   uint32_t s = g;
   for (uint32_t i = 0; i < 200; i++)
      s = (s ^ v[i]) * 3u + (s >> 7u);
   uint32_t t = 1u;
   if (g & 1u) {
      for (int i = 199; i >= 100; i--)
         t = t * 5u + (v[i] ^ s);
   } else {
      for (int i = 99; i >= 10; i--)
         t = t * 5u + (v[i] ^ s);
   }
   for (uint32_t k = 0; k < (g & 3u); k++)
      for (int i = 9; i >= 0; i--)
         t = t * 5u + (v[i] ^ s);
   out[0] = s;
   out[1] = t;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: test_spill SPILL.spv [--validation] [--reference]\n");
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc - 1, argv + 1);
   agx_vk_ctx_device(&c, NULL, 0, NULL);

   VkDescriptorSetLayoutBinding b[2] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayoutCreateInfo dlci = {.sType =
                                              VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                           .bindingCount = 2,
                                           .pBindings = b};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(c.dev, &dlci, NULL, &dsl));
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &dsl};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(c.dev, &plci, NULL, &layout));
   VkShaderModule module = agx_vk_shader(&c, argv[1]);
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = layout};
   VkPipeline pipeline;
   VK_OK(vkCreateComputePipelines(c.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));

   struct agx_vk_buffer in = agx_vk_buffer(&c, N_IN * 4), out = agx_vk_buffer(&c, THREADS * 8);
   uint32_t *a = (uint32_t *)in.map, *o = (uint32_t *)out.map;
   for (uint32_t i = 0; i < N_IN; i++)
      a[i] = i * 2654435761u ^ (i >> 3);
   memset(o, 0, THREADS * 8);

   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(c.dev, &dpci, NULL, &dpool));
   VkDescriptorSetAllocateInfo dsai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                       .descriptorPool = dpool,
                                       .descriptorSetCount = 1,
                                       .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c.dev, &dsai, &set));
   VkDescriptorBufferInfo bi[2] = {{in.buf, 0, VK_WHOLE_SIZE}, {out.buf, 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 2,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = bi};
   vkUpdateDescriptorSets(c.dev, 1, &w, 0, NULL);

   /* Twice: the second run reuses the stacks the first one gave back. */
   for (unsigned run = 0; run < 2; run++) {
      memset(o, 0, THREADS * 8);
      VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
      vkCmdDispatch(cb, GROUPS, 1, 1);
      VK_OK(agx_vk_submit_wait(&c, cb));
      unsigned bad = 0;
      for (uint32_t g = 0; g < THREADS; g++) {
         uint32_t want[2];
         reference(a, g, want);
         if (o[2 * g] != want[0] || o[2 * g + 1] != want[1]) {
            if (bad++ < 4)
               fprintf(stderr, "invocation %u: got %08x %08x, want %08x %08x\n", g, o[2 * g],
                       o[2 * g + 1], want[0], want[1]);
         }
      }
      CHECK(bad == 0);
   }
   printf("spill: %u invocations match the CPU reference\n", THREADS);

   vkDestroyDescriptorPool(c.dev, dpool, NULL);
   agx_vk_buffer_free(&c, &in);
   agx_vk_buffer_free(&c, &out);
   vkDestroyPipeline(c.dev, pipeline, NULL);
   vkDestroyShaderModule(c.dev, module, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(c.dev, dsl, NULL);
   return agx_vk_ctx_finish(&c);
}
