/*
 * Explicit layouts through buffer device addresses, end to end: the
 * compiler tests' shaders/psb_layout.comp (row/column-major matrices,
 * arrays of them, matrices in structs, columns and components, loaded and
 * stored through buffer references) on a device, against the layout table
 * the interpreter test uses (tests/compiler/psb_layout_table.h). With
 * --reference the same run on lavapipe checks the table itself.
 * test_psb_layout PSB_LAYOUT.spv [--validation] [--reference]
 */
#include <stdint.h>
#include <stdio.h>

#include "agx_vk_ctx.h"
#include "../compiler/psb_layout_table.h"

#define BLOCK_BYTES (BLOCK_WORDS * 4)

struct push {
   uint64_t in[NUM_BLOCKS], out[NUM_BLOCKS];
   int32_t one, two;
};

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan12Features want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .bufferDeviceAddress = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 0, NULL);
   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p,
                   &(struct agx_vk_pipeline_desc){.spv = argv[1],
                                                  .buffers = 1,
                                                  .push_size = sizeof(struct push)});

   /* One buffer with a device address: input blocks, then output blocks. */
   VkBuffer blocks;
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 2 * NUM_BLOCKS * BLOCK_BYTES,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                      VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
   VK_OK(vkCreateBuffer(c.dev, &bci, NULL, &blocks));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c.dev, blocks, &req);
   VkMemoryAllocateFlagsInfo mafi = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                     .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .pNext = &mafi,
                               .allocationSize = req.size,
                               .memoryTypeIndex =
                                  agx_vk_memory_type(&c, req.memoryTypeBits,
                                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(c.dev, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(c.dev, blocks, mem, 0));
   float *map;
   VK_OK(vkMapMemory(c.dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   VkBufferDeviceAddressInfo ai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                                   .buffer = blocks};
   uint64_t base = vkGetBufferDeviceAddress(c.dev, &ai);
   CHECK(base != 0);

   struct push push = {.one = 1, .two = 2};
   float *in[NUM_BLOCKS], *out[NUM_BLOCKS];
   for (unsigned b = 0; b < NUM_BLOCKS; b++) {
      in[b] = map + b * BLOCK_WORDS;
      out[b] = map + (NUM_BLOCKS + b) * BLOCK_WORDS;
      push.in[b] = base + b * BLOCK_BYTES;
      push.out[b] = base + (NUM_BLOCKS + b) * BLOCK_BYTES;
      for (unsigned w = 0; w < BLOCK_WORDS; w++) {
         in[b][w] = input_value(b, w);
         out[b][w] = -1.0f; /* sentinel */
      }
   }
   struct agx_vk_buffer o = agx_vk_buffer(&c, 256 * 4);
   agx_vk_pipeline_bind(&c, &p, &o.buf);
   VK_OK(agx_vk_dispatch(&c, &p, &push, 1, 1, 1));

   const float *got = o.ptr;
   unsigned k = 0, bad = 0;
   for (unsigned i = 0; i < PSB_LAYOUT_NUM(loads); i++) {
      const struct mat_at *m = &loads[i];
      for (unsigned col = 0; col < m->cols; col++)
         for (unsigned r = 0; r < m->rows; r++, k++) {
            float want = input_value(m->blk, word_of(m, col, r));
            if (got[k] != want && bad++ < 20)
               fprintf(stderr, "load %u (%u,%u): got %g, want %g\n", i, col, r, got[k], want);
         }
   }
   float expect[NUM_BLOCKS][BLOCK_WORDS];
   for (unsigned b = 0; b < NUM_BLOCKS; b++)
      for (unsigned w = 0; w < BLOCK_WORDS; w++)
         expect[b][w] = -1.0f;
   for (unsigned i = 0; i < PSB_LAYOUT_NUM(stores); i++) {
      const struct mat_at *m = &stores[i];
      for (unsigned col = 0; col < m->cols; col++)
         for (unsigned r = 0; r < m->rows; r++)
            expect[m->blk][word_of(m, col, r)] = (float)(m->base + col * 10 + r);
   }
   for (unsigned b = 0; b < NUM_BLOCKS; b++)
      for (unsigned w = 0; w < BLOCK_WORDS; w++)
         if (out[b][w] != expect[b][w] && bad++ < 20)
            fprintf(stderr, "block %u word %u: got %g, want %g\n", b, w, out[b][w], expect[b][w]);
   CHECK(bad == 0);
   printf("psb layout ok (%u loaded values, %u blocks)\n", k, NUM_BLOCKS);

   agx_vk_buffer_free(&c, &o);
   vkDestroyBuffer(c.dev, blocks, NULL);
   vkFreeMemory(c.dev, mem, NULL);
   agx_vk_pipeline_free(&c, &p);
   return agx_vk_ctx_finish(&c);
}
