/*
 * Vulkan compute through the loader, checked against CPU references:
 * fill, saxpy with push constants, a shared-memory reduction with barriers,
 * an atomic histogram, two descriptor sets with a dynamic offset, two
 * submissions ordered by a timeline semaphore, timestamp queries, push
 * descriptors, pipeline caches, inline uniform blocks,
 * descriptor indexing basics, and a shader that never ends
 * (the device is lost by the watchdog, the process carries on).
 *
 * test_compute DIR [--validation] [--reference]
 *   DIR holds the .spv files; --validation enables the Khronos layer and
 *   fails on any message; --reference marks a run on another driver
 *   (lavapipe), which skips the watchdog case.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "agx_vk_ctx.h"

static const char *spv_dir;
static struct agx_vk_ctx C;
static VkDescriptorPool dpool; /* every test's sets (freeable) */

static struct agx_vk_buffer
make_buffer(VkDeviceSize size)
{
   return agx_vk_buffer_usage(
      &C, size,
      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
         VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
}

static void
free_buffer(struct agx_vk_buffer *b)
{
   agx_vk_buffer_free(&C, b);
}

/* The module of DIR/NAME.spv. */
static VkShaderModule
load_module(const char *name)
{
   char path[512];
   snprintf(path, sizeof(path), "%s/%s.spv", spv_dir, name);
   return agx_vk_shader(&C, path);
}

struct program {
   VkDescriptorSetLayout sets[2];
   uint32_t set_count;
   VkPipelineLayout layout;
   VkPipeline pipeline;
};

/* bindings[s] = number of storage buffers in set s; dynamic marks set 0
 * binding 0 as a dynamic storage buffer. */
static VkPipelineCreateFlags program_flags; /* for the next make_program */
static VkPipelineCache program_cache;       /* likewise */

static struct program
make_program(const char *name, uint32_t set_count, const uint32_t *bindings, bool dynamic,
             uint32_t push_size)
{
   struct program p = {.set_count = set_count};
   VkShaderModule module = load_module(name);

   for (uint32_t s = 0; s < set_count; s++) {
      VkDescriptorSetLayoutBinding b[4];
      for (uint32_t i = 0; i < bindings[s]; i++)
         b[i] = (VkDescriptorSetLayoutBinding){.binding = i,
                                               .descriptorCount = 1,
                                               .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
                                               .descriptorType =
                                                  dynamic && s == 0 && i == 0
                                                     ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
                                                     : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
      VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                                VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                             .bindingCount = bindings[s],
                                             .pBindings = b};
      VK_OK(vkCreateDescriptorSetLayout(C.dev, &lci, NULL, &p.sets[s]));
   }
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = set_count,
                                      .pSetLayouts = p.sets,
                                      .pushConstantRangeCount = push_size ? 1 : 0,
                                      .pPushConstantRanges = &range};
   VK_OK(vkCreatePipelineLayout(C.dev, &plci, NULL, &p.layout));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .flags = program_flags,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = p.layout,
   };
   VK_OK(vkCreateComputePipelines(C.dev, program_cache, 1, &cpci, NULL, &p.pipeline));
   vkDestroyShaderModule(C.dev, module, NULL);
   return p;
}

static void
free_program(struct program *p)
{
   vkDestroyPipeline(C.dev, p->pipeline, NULL);
   vkDestroyPipelineLayout(C.dev, p->layout, NULL);
   for (uint32_t s = 0; s < p->set_count; s++)
      vkDestroyDescriptorSetLayout(C.dev, p->sets[s], NULL);
}

static VkDescriptorSet
make_set(const struct program *p, uint32_t s, const struct agx_vk_buffer *const *bufs, uint32_t n,
         bool dynamic)
{
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dpool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &p->sets[s]};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &sai, &set));
   for (uint32_t i = 0; i < n; i++) {
      VkDescriptorBufferInfo bi = {bufs[i]->buf, 0, VK_WHOLE_SIZE};
      if (dynamic && i == 0)
         bi.range = 1024;
      VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                .dstSet = set,
                                .dstBinding = i,
                                .descriptorCount = 1,
                                .pBufferInfo = &bi,
                                .descriptorType = dynamic && i == 0
                                                     ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
                                                     : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
      vkUpdateDescriptorSets(C.dev, 1, &w, 0, NULL);
   }
   return set;
}

static VkCommandBuffer
begin(void)
{
   return agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
}

static void
record(VkCommandBuffer cb, const struct program *p, const VkDescriptorSet *sets, uint32_t dyn_count,
       const uint32_t *dyn, const void *push, uint32_t push_size, uint32_t groups)
{
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, p->set_count, sets,
                           dyn_count, dyn);
   if (push_size)
      vkCmdPushConstants(cb, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
   vkCmdDispatch(cb, groups, 1, 1);
}

static VkResult
submit_wait(VkCommandBuffer cb)
{
   VK_OK(vkEndCommandBuffer(cb));
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VK_OK(vkCreateFence(C.dev, &fci, NULL, &fence));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VkResult r = vkQueueSubmit(C.queue, 1, &si, fence);
   if (r == VK_SUCCESS)
      r = vkWaitForFences(C.dev, 1, &fence, VK_TRUE, 60ull * 1000000000ull);
   if (r == VK_ERROR_DEVICE_LOST)
      agx_vk_ctx_device_lost(&C);
   vkDestroyFence(C.dev, fence, NULL);
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   return r;
}

/* Submits an already-ended command buffer again and waits. */
static VkResult
submit_wait_reusable(VkCommandBuffer cb)
{
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VkResult r = vkQueueSubmit(C.queue, 1, &si, VK_NULL_HANDLE);
   return r == VK_SUCCESS ? vkQueueWaitIdle(C.queue) : r;
}

static uint32_t
rng(void)
{
   static uint32_t s = 12345;
   s = s * 1664525u + 1013904223u;
   return s >> 8;
}

static void
test_fill(void)
{
   uint32_t n1[] = {1};
   struct program p = make_program("fill", 1, n1, false, 0);
   struct agx_vk_buffer out = make_buffer(4 * 1024);
   const struct agx_vk_buffer *b[] = {&out};
   VkDescriptorSet set = make_set(&p, 0, b, 1, false);
   VkCommandBuffer cb = begin();
   record(cb, &p, &set, 0, NULL, NULL, 0, 16);
   VK_OK(submit_wait(cb));
   const uint32_t *o = out.ptr;
   for (uint32_t i = 0; i < 1024; i++)
      CHECK(o[i] == i * 3u + 1u);
   free_buffer(&out);
   free_program(&p);
   printf("fill ok\n");
}

static void
test_saxpy(void)
{
   const uint32_t n = 1000;
   uint32_t n2[] = {2};
   struct program p = make_program("saxpy", 1, n2, false, 8);
   struct agx_vk_buffer x = make_buffer(4 * 1024), y = make_buffer(4 * 1024);
   float *xv = x.ptr, *yv = y.ptr, ref[1024];
   for (uint32_t i = 0; i < 1024; i++) {
      xv[i] = (float)(rng() % 1000) / 7.0f;
      yv[i] = (float)(rng() % 1000) / 3.0f;
      ref[i] = i < n ? 2.5f * xv[i] + yv[i] : yv[i];
   }
   const struct agx_vk_buffer *b[] = {&x, &y};
   VkDescriptorSet set = make_set(&p, 0, b, 2, false);
   struct {
      float a;
      uint32_t n;
   } push = {2.5f, n};
   VkCommandBuffer cb = begin();
   record(cb, &p, &set, 0, NULL, &push, sizeof(push), 16);
   VK_OK(submit_wait(cb));
   for (uint32_t i = 0; i < 1024; i++) {
      if (fabsf(yv[i] - ref[i]) > 1e-3f * fabsf(ref[i]) + 1e-6f) {
         fprintf(stderr, "saxpy: y[%u] = %f, expected %f\n", i, yv[i], ref[i]);
         exit(1);
      }
   }
   free_buffer(&x);
   free_buffer(&y);
   free_program(&p);
   printf("saxpy ok\n");
}

static void
test_reduce(void)
{
   uint32_t n2[] = {2};
   struct program p = make_program("reduce", 1, n2, false, 0);
   struct agx_vk_buffer in = make_buffer(4 * 128 * 8), out = make_buffer(4 * 8);
   uint32_t *v = in.ptr, ref[8] = {0};
   for (uint32_t i = 0; i < 128 * 8; i++) {
      v[i] = rng() % 100000;
      ref[i / 128] += v[i];
   }
   const struct agx_vk_buffer *b[] = {&in, &out};
   VkDescriptorSet set = make_set(&p, 0, b, 2, false);
   VkCommandBuffer cb = begin();
   record(cb, &p, &set, 0, NULL, NULL, 0, 8);
   VK_OK(submit_wait(cb));
   for (int g = 0; g < 8; g++)
      CHECK(((uint32_t *)out.ptr)[g] == ref[g]);
   free_buffer(&in);
   free_buffer(&out);
   free_program(&p);
   printf("reduce ok\n");
}

static void
test_histogram(void)
{
   uint32_t n2[] = {2};
   struct program p = make_program("histogram", 1, n2, false, 0);
   struct agx_vk_buffer in = make_buffer(4 * 4096), bins = make_buffer(4 * 16);
   uint32_t *v = in.ptr, ref[16] = {0};
   for (uint32_t i = 0; i < 4096; i++) {
      v[i] = rng();
      ref[v[i] & 15]++;
   }
   const struct agx_vk_buffer *b[] = {&in, &bins};
   VkDescriptorSet set = make_set(&p, 0, b, 2, false);
   VkCommandBuffer cb = begin();
   record(cb, &p, &set, 0, NULL, NULL, 0, 64);
   VK_OK(submit_wait(cb));
   for (int i = 0; i < 16; i++)
      CHECK(((uint32_t *)bins.ptr)[i] == ref[i]);
   free_buffer(&in);
   free_buffer(&bins);
   free_program(&p);
   printf("histogram ok\n");
}

static void
test_two_sets(void)
{
   uint32_t bindings[] = {1, 2};
   struct program p = make_program("two_sets", 2, bindings, true, 0);
   struct agx_vk_buffer src = make_buffer(8192), bias = make_buffer(64), dst = make_buffer(4 * 64);
   uint32_t *s = src.ptr;
   for (uint32_t i = 0; i < 2048; i++)
      s[i] = i * 7u;
   *(uint32_t *)bias.ptr = 1000;
   const struct agx_vk_buffer *b0[] = {&src};
   const struct agx_vk_buffer *b1[] = {&bias, &dst};
   VkDescriptorSet sets[2] = {make_set(&p, 0, b0, 1, true), make_set(&p, 1, b1, 2, false)};
   uint32_t dyn = 4096; /* element 1024 */
   VkCommandBuffer cb = begin();
   record(cb, &p, sets, 1, &dyn, NULL, 0, 2);
   VK_OK(submit_wait(cb));
   for (uint32_t i = 0; i < 64; i++)
      CHECK(((uint32_t *)dst.ptr)[i] == (1024 + i) * 7u + 1000u);
   free_buffer(&src);
   free_buffer(&bias);
   free_buffer(&dst);
   free_program(&p);
   printf("two_sets ok\n");
}

/* Submission 1 doubles the data twice (a barrier orders its dispatches)
 * and signals a timeline value; submission 2 waits for it and overwrites
 * the data with fill's pattern, so only the right order gives that pattern. */
static void
test_timeline_order(void)
{
   uint32_t n1[] = {1};
   struct program p = make_program("double", 1, n1, false, 0);
   struct program fill = make_program("fill", 1, n1, false, 0);
   struct agx_vk_buffer data = make_buffer(4 * 256);
   uint32_t *d = data.ptr;
   for (uint32_t i = 0; i < 256; i++)
      d[i] = i + 1;
   const struct agx_vk_buffer *b[] = {&data};
   VkDescriptorSet set = make_set(&p, 0, b, 1, false);
   VkDescriptorSet fill_set = make_set(&fill, 0, b, 1, false);

   VkSemaphoreTypeCreateInfo type = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                     .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE};
   VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &type};
   VkSemaphore tl;
   VK_OK(vkCreateSemaphore(C.dev, &sci, NULL, &tl));

   VkCommandBuffer cb1 = begin(), cb2 = begin();
   record(cb1, &p, &set, 0, NULL, NULL, 0, 4);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT};
   vkCmdPipelineBarrier(cb1, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   record(cb1, &p, &set, 0, NULL, NULL, 0, 4);
   record(cb2, &fill, &fill_set, 0, NULL, NULL, 0, 4);
   VK_OK(vkEndCommandBuffer(cb1));
   VK_OK(vkEndCommandBuffer(cb2));

   uint64_t one = 1;
   VkTimelineSemaphoreSubmitInfo s1 = {.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
                                       .signalSemaphoreValueCount = 1,
                                       .pSignalSemaphoreValues = &one};
   VkTimelineSemaphoreSubmitInfo s2 = {.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
                                       .waitSemaphoreValueCount = 1,
                                       .pWaitSemaphoreValues = &one};
   VkPipelineStageFlags stage = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
   VkSubmitInfo si[2] = {
      {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
       .pNext = &s1,
       .commandBufferCount = 1,
       .pCommandBuffers = &cb1,
       .signalSemaphoreCount = 1,
       .pSignalSemaphores = &tl},
      {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
       .pNext = &s2,
       .commandBufferCount = 1,
       .pCommandBuffers = &cb2,
       .waitSemaphoreCount = 1,
       .pWaitSemaphores = &tl,
       .pWaitDstStageMask = &stage},
   };
   VK_OK(vkQueueSubmit(C.queue, 1, &si[0], VK_NULL_HANDLE));
   VK_OK(vkQueueSubmit(C.queue, 1, &si[1], VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(C.queue));
   for (uint32_t i = 0; i < 256; i++)
      CHECK(d[i] == i * 3u + 1u);

   /* And the barrier inside one command buffer: double twice = x4. */
   for (uint32_t i = 0; i < 256; i++)
      d[i] = i + 1;
   VK_OK(submit_wait_reusable(cb1));
   for (uint32_t i = 0; i < 256; i++)
      CHECK(d[i] == (i + 1) * 4u);
   VkCommandBuffer cbs[2] = {cb1, cb2};
   vkFreeCommandBuffers(C.dev, C.pool, 2, cbs);
   vkDestroySemaphore(C.dev, tl, NULL);
   free_buffer(&data);
   free_program(&p);
   free_program(&fill);
   printf("timeline_order ok\n");
}

/* A chain of fills, copies (any alignment, overlapping neither) and updates
 * with barriers between them, replayed on a CPU model. */
static void
test_transfer(void)
{
   enum { SIZE = 4096 };
   struct agx_vk_buffer a = make_buffer(SIZE), b = make_buffer(SIZE);
   static uint8_t model_a[SIZE], model_b[SIZE];
   for (int i = 0; i < SIZE; i++)
      model_a[i] = ((uint8_t *)a.ptr)[i] = (uint8_t)rng();
   memset(b.ptr, 0, SIZE);
   memset(model_b, 0, SIZE);

   VkCommandBuffer cb = begin();
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask =
                            VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
   for (int step = 0; step < 40; step++) {
      int kind = step % 4;
      if (kind == 0) { /* fill b: dword aligned */
         uint32_t off = (rng() % (SIZE / 4)) * 4, size = (rng() % ((SIZE - off) / 4 + 1)) * 4;
         uint32_t value = rng() * 2654435761u;
         if (size == 0)
            size = 4, off = SIZE - 4;
         vkCmdFillBuffer(cb, b.buf, off, size, value);
         for (uint32_t i = 0; i < size; i += 4)
            memcpy(model_b + off + i, &value, 4);
      } else if (kind == 1 || kind == 2) { /* copy a -> b at any bytes */
         uint32_t src = rng() % SIZE, dst = rng() % SIZE;
         uint32_t max = SIZE - (src > dst ? src : dst);
         uint32_t size = 1 + rng() % max;
         if (kind == 2) /* an aligned copy too */
            src &= ~3u, dst &= ~3u, size = (size + 3) & ~3u,
                                    size = size > SIZE - (src > dst ? src : dst) ? 4 : size;
         VkBufferCopy region = {src, dst, size};
         vkCmdCopyBuffer(cb, a.buf, b.buf, 1, &region);
         memcpy(model_b + dst, model_a + src, size);
      } else { /* update a */
         uint32_t words[16];
         uint32_t off = (rng() % (SIZE / 4 - 16)) * 4;
         for (int i = 0; i < 16; i++)
            words[i] = rng();
         vkCmdUpdateBuffer(cb, a.buf, off, sizeof(words), words);
         memcpy(model_a + off, words, sizeof(words));
      }
      vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                           &mb, 0, NULL, 0, NULL);
   }
   /* VK_WHOLE_SIZE fill of a's tail. */
   vkCmdFillBuffer(cb, a.buf, SIZE - 64, VK_WHOLE_SIZE, 0x01020304u);
   for (int i = SIZE - 64; i < SIZE; i += 4)
      memcpy(model_a + i, &(uint32_t){0x01020304u}, 4);
   VK_OK(submit_wait(cb));
   for (int i = 0; i < SIZE; i++) {
      if (((uint8_t *)a.ptr)[i] != model_a[i] || ((uint8_t *)b.ptr)[i] != model_b[i]) {
         fprintf(stderr, "transfer: byte %d: a %02x (want %02x), b %02x (want %02x)\n", i,
                 ((uint8_t *)a.ptr)[i], model_a[i], ((uint8_t *)b.ptr)[i], model_b[i]);
         exit(1);
      }
   }
   free_buffer(&a);
   free_buffer(&b);
   printf("transfer ok\n");
}

/* fill.comp writes 1, 4, 7, ... ; its first three words then size an
 * indirect dispatch of count.comp: 1 x 4 x 7 groups of 64 invocations. */
static void
test_indirect(void)
{
   uint32_t n1[] = {1};
   struct program fill = make_program("fill", 1, n1, false, 0);
   struct program count = make_program("count", 1, n1, false, 0);
   struct agx_vk_buffer args = make_buffer(4 * 64), counter = make_buffer(16);
   const struct agx_vk_buffer *ba[] = {&args}, *bc[] = {&counter};
   VkDescriptorSet fill_set = make_set(&fill, 0, ba, 1, false);
   VkDescriptorSet count_set = make_set(&count, 0, bc, 1, false);
   VkCommandBuffer cb = begin();
   record(cb, &fill, &fill_set, 0, NULL, NULL, 0, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_INDIRECT_COMMAND_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, count.pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, count.layout, 0, 1, &count_set, 0,
                           NULL);
   vkCmdDispatchIndirect(cb, args.buf, 0);
   VK_OK(submit_wait(cb));
   CHECK(*(uint32_t *)counter.ptr == 1u * 4u * 7u * 64u);
   free_buffer(&args);
   free_buffer(&counter);
   free_program(&fill);
   free_program(&count);
   printf("indirect ok\n");
}

/* A secondary command buffer doubling the data, executed twice. */
static void
test_secondary(void)
{
   uint32_t n1[] = {1};
   struct program p = make_program("double", 1, n1, false, 0);
   struct agx_vk_buffer data = make_buffer(4 * 128);
   uint32_t *d = data.ptr;
   for (uint32_t i = 0; i < 128; i++)
      d[i] = i + 5;
   const struct agx_vk_buffer *b[] = {&data};
   VkDescriptorSet set = make_set(&p, 0, b, 1, false);

   /* Recorded twice into one primary: that needs simultaneous use. */
   VkCommandBuffer sec = agx_vk_begin_flags(&C, VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                            VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
   record(sec, &p, &set, 0, NULL, NULL, 0, 2);
   VK_OK(vkEndCommandBuffer(sec));

   VkCommandBuffer cb = begin();
   vkCmdExecuteCommands(cb, 1, &sec);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   vkCmdExecuteCommands(cb, 1, &sec);
   VK_OK(submit_wait(cb));
   for (uint32_t i = 0; i < 128; i++)
      CHECK(d[i] == (i + 5) * 4u);
   vkFreeCommandBuffers(C.dev, C.pool, 1, &sec);
   free_buffer(&data);
   free_program(&p);
   printf("secondary ok\n");
}

/* Host and device event operations; a wait orders a copy after a dispatch. */
static void
test_events(void)
{
   VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent ev;
   VK_OK(vkCreateEvent(C.dev, &eci, NULL, &ev));
   CHECK_VK(vkGetEventStatus(C.dev, ev), VK_EVENT_RESET);
   VK_OK(vkSetEvent(C.dev, ev));
   CHECK_VK(vkGetEventStatus(C.dev, ev), VK_EVENT_SET);
   VK_OK(vkResetEvent(C.dev, ev));
   CHECK_VK(vkGetEventStatus(C.dev, ev), VK_EVENT_RESET);

   uint32_t n1[] = {1};
   struct program fill = make_program("fill", 1, n1, false, 0);
   struct agx_vk_buffer a = make_buffer(4 * 64), b = make_buffer(4 * 64);
   const struct agx_vk_buffer *ba[] = {&a};
   VkDescriptorSet set = make_set(&fill, 0, ba, 1, false);
   VkCommandBuffer cb = begin();
   record(cb, &fill, &set, 0, NULL, NULL, 0, 1);
   vkCmdSetEvent(cb, ev, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
   vkCmdWaitEvents(cb, 1, &ev, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                   1, &mb, 0, NULL, 0, NULL);
   VkBufferCopy region = {0, 0, 4 * 64};
   vkCmdCopyBuffer(cb, a.buf, b.buf, 1, &region);
   VK_OK(submit_wait(cb));
   CHECK_VK(vkGetEventStatus(C.dev, ev), VK_EVENT_SET);
   for (uint32_t i = 0; i < 64; i++)
      CHECK(((uint32_t *)b.ptr)[i] == i * 3u + 1u);

   cb = begin();
   vkCmdResetEvent(cb, ev, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   VK_OK(submit_wait(cb));
   CHECK_VK(vkGetEventStatus(C.dev, ev), VK_EVENT_RESET);
   vkDestroyEvent(C.dev, ev, NULL);
   free_buffer(&a);
   free_buffer(&b);
   free_program(&fill);
   printf("events ok\n");
}

/* gl_NumWorkGroups and gl_WorkGroupID with vkCmdDispatchBase and
 * vkCmdDispatchIndirect. */
static void
test_groups(void)
{
   uint32_t n1[] = {1};
   program_flags = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT;
   struct program p = make_program("groups", 1, n1, false, 0);
   program_flags = 0;
   struct agx_vk_buffer out = make_buffer(4 * 64), args = make_buffer(16);
   const struct agx_vk_buffer *b[] = {&out};
   VkDescriptorSet set = make_set(&p, 0, b, 1, false);
   uint32_t *v = out.ptr;

   VkCommandBuffer cb = begin();
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &set, 0, NULL);
   vkCmdDispatchBase(cb, 2, 0, 0, 3, 1, 1);
   VK_OK(submit_wait(cb));
   for (uint32_t g = 2; g < 5; g++) {
      CHECK(v[g] == 3u * 1000u + 100u + g);
      CHECK(v[32 + g] == g * 32u + 1u);
   }
   CHECK(v[0] == 0 && v[1] == 0 && v[5] == 0);

   memset(v, 0, 4 * 64);
   uint32_t *a = args.ptr;
   a[0] = 4, a[1] = 2, a[2] = 1;
   cb = begin();
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &set, 0, NULL);
   vkCmdDispatchIndirect(cb, args.buf, 0);
   VK_OK(submit_wait(cb));
   for (uint32_t g = 0; g < 4; g++)
      CHECK(v[g] == 4u * 1000u + 2u * 100u + g);
   free_buffer(&out);
   free_buffer(&args);
   free_program(&p);
   printf("groups ok\n");
}

static uint64_t
host_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A 32-bit query result for v: wrapped, or saturated if v does not fit. */
static bool
fits32(uint32_t r, uint64_t v)
{
   return r == (uint32_t)v || (v > UINT32_MAX && r == UINT32_MAX);
}

/* Timestamp queries around two dispatches: host results in every flag
 * combination, vkCmdCopyQueryPoolResults (64- and 32-bit, with
 * availability; PARTIAL is not allowed with timestamps), host and
 * command-buffer resets. On agx the values are the
 * simulator's clock (CLOCK_MONOTONIC, like its GET_TIME), so they must lie
 * between host readings taken before the submit and after it completes. */
static void
test_timestamps(bool reference)
{
   VkQueueFamilyProperties qf;
   uint32_t nqf = 1;
   vkGetPhysicalDeviceQueueFamilyProperties(C.pdev, &nqf, &qf);
   CHECK(qf.timestampValidBits == 64);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(C.pdev, &props);
   CHECK(props.limits.timestampPeriod > 0.0f && props.limits.timestampComputeAndGraphics);

   uint32_t n1[] = {1};
   struct program p = make_program("fill", 1, n1, false, 0);
   struct agx_vk_buffer out = make_buffer(4 * 1024), res = make_buffer(256);
   const struct agx_vk_buffer *b[] = {&out};
   VkDescriptorSet set = make_set(&p, 0, b, 1, false);
   VkQueryPoolCreateInfo qpci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                 .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                 .queryCount = 4};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(C.dev, &qpci, NULL, &qp));
   vkResetQueryPool(C.dev, qp, 0, 4);

   /* Nothing written yet. */
   uint64_t r64[8];
   memset(r64, 0xaa, sizeof(r64));
   CHECK_VK(vkGetQueryPoolResults(C.dev, qp, 0, 2, sizeof(r64), r64, 16,
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
            VK_NOT_READY);
   CHECK(r64[0] == 0xaaaaaaaaaaaaaaaaull && r64[1] == 0 && r64[3] == 0);

   VkCommandBuffer cb = begin();
   vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, qp, 0);
   record(cb, &p, &set, 0, NULL, NULL, 0, 16);
   vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, qp, 1);
   record(cb, &p, &set, 0, NULL, NULL, 0, 16);
   vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 2);
   vkCmdCopyQueryPoolResults(cb, qp, 0, 3, res.buf, 0, 16,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
                                VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkCmdCopyQueryPoolResults(cb, qp, 3, 1, res.buf, 64, 16,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkCmdCopyQueryPoolResults(cb, qp, 0, 3, res.buf, 128, 8,
                             VK_QUERY_RESULT_WAIT_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   uint64_t before = host_ns();
   VK_OK(submit_wait(cb));
   uint64_t after = host_ns();
   for (uint32_t i = 0; i < 1024; i++)
      CHECK(((const uint32_t *)out.ptr)[i] == i * 3u + 1u);

   /* 64-bit values with availability: 3 written, the 4th still reset. */
   CHECK_VK(vkGetQueryPoolResults(C.dev, qp, 0, 4, sizeof(r64), r64, 16,
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
            VK_NOT_READY);
   CHECK(r64[1] == 1 && r64[3] == 1 && r64[5] == 1 && r64[7] == 0);
   uint64_t t0 = r64[0], t1 = r64[2], t2 = r64[4];
   printf("timestamps: %llu ns, %llu ns between writes\n", (unsigned long long)(t1 - t0),
          (unsigned long long)(t2 - t1));
   CHECK(t0 <= t1 && t1 <= t2);
   if (!reference)
      CHECK(before <= t0 && t2 <= after && t0 < t1 && t1 < t2);
   /* WAIT on the written ones; 32-bit wraps or saturates (both allowed). */
   uint64_t w[3];
   VK_OK(vkGetQueryPoolResults(C.dev, qp, 0, 3, sizeof(w), w, 8,
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   CHECK(w[0] == t0 && w[1] == t1 && w[2] == t2);
   uint32_t r32[6];
   VK_OK(vkGetQueryPoolResults(C.dev, qp, 0, 3, sizeof(r32), r32, 8,
                               VK_QUERY_RESULT_WITH_AVAILABILITY_BIT));
   CHECK(fits32(r32[0], t0) && r32[1] == 1 && fits32(r32[2], t1) && r32[5] == 1);

   /* The GPU copies agree with the host's results. */
   const uint64_t *c64 = res.ptr;
   CHECK(c64[0] == t0 && c64[1] == 1 && c64[2] == t1 && c64[3] == 1 && c64[4] == t2 &&
         c64[5] == 1 && c64[9] == 0);
   const uint32_t *c32 = (const uint32_t *)((const uint8_t *)res.ptr + 128);
   CHECK(fits32(c32[0], t0) && c32[1] == 1 && fits32(c32[2], t1) && c32[3] == 1 &&
         fits32(c32[4], t2) && c32[5] == 1);

   /* A command-buffer reset makes the others unavailable again; a timestamp
    * that is the last command still becomes available. */
   cb = begin();
   vkCmdResetQueryPool(cb, qp, 0, 4);
   vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 1);
   VK_OK(submit_wait(cb));
   CHECK_VK(vkGetQueryPoolResults(C.dev, qp, 0, 4, sizeof(r64), r64, 16,
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
            VK_NOT_READY);
   CHECK(r64[1] == 0 && r64[3] == 1 && r64[5] == 0 && r64[7] == 0 && r64[2] > t2);

   /* More timestamps than one kernel submission carries (the command
    * buffer becomes 101 hardware commands), with a dispatch in between. */
   VkQueryPool many;
   qpci.queryCount = 100;
   VK_OK(vkCreateQueryPool(C.dev, &qpci, NULL, &many));
   vkResetQueryPool(C.dev, many, 0, 100);
   cb = begin();
   for (uint32_t q = 0; q < 100; q++) {
      vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, many, q);
      if (q == 50)
         record(cb, &p, &set, 0, NULL, NULL, 0, 16);
   }
   VK_OK(submit_wait(cb));
   static uint64_t ts[100];
   VK_OK(vkGetQueryPoolResults(C.dev, many, 0, 100, sizeof(ts), ts, 8,
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   for (uint32_t q = 1; q < 100; q++)
      CHECK(ts[q - 1] <= ts[q]);
   CHECK(ts[0] > t2);
   vkDestroyQueryPool(C.dev, many, NULL);

   vkDestroyQueryPool(C.dev, qp, NULL);
   free_buffer(&out);
   free_buffer(&res);
   free_program(&p);
   printf("timestamps ok\n");
}

static bool push_descriptors; /* VK_KHR_push_descriptor enabled on the device */

/* VK_KHR_push_descriptor: saxpy with both buffers pushed, then only y
 * pushed again (x must be kept), then y pushed through a template; each
 * dispatch must see the descriptors current when it was recorded. */
static void
test_push_descriptors(void)
{
   VkPhysicalDevicePushDescriptorPropertiesKHR pdp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR};
   VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &pdp};
   vkGetPhysicalDeviceProperties2(C.pdev, &props);
   CHECK(pdp.maxPushDescriptors >= 32);
   PFN_vkCmdPushDescriptorSetKHR push =
      (PFN_vkCmdPushDescriptorSetKHR)vkGetDeviceProcAddr(C.dev, "vkCmdPushDescriptorSetKHR");
   PFN_vkCmdPushDescriptorSetWithTemplateKHR push_template =
      (PFN_vkCmdPushDescriptorSetWithTemplateKHR)vkGetDeviceProcAddr(
         C.dev, "vkCmdPushDescriptorSetWithTemplateKHR");
   CHECK(push && push_template);

   VkShaderModule module = load_module("saxpy");
   VkDescriptorSetLayoutBinding b[2];
   for (uint32_t i = 0; i < 2; i++)
      b[i] = (VkDescriptorSetLayoutBinding){.binding = i,
                                            .descriptorCount = 1,
                                            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
   VkDescriptorSetLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
      .bindingCount = 2,
      .pBindings = b};
   VkDescriptorSetLayout sl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &lci, NULL, &sl));
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 8};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &range};
   VkPipelineLayout pl;
   VK_OK(vkCreatePipelineLayout(C.dev, &plci, NULL, &pl));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = pl,
   };
   VkPipeline pipe;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));
   vkDestroyShaderModule(C.dev, module, NULL);
   VkDescriptorUpdateTemplateEntry entry = {.dstBinding = 1,
                                            .descriptorCount = 1,
                                            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                            .offset = 0,
                                            .stride = sizeof(VkDescriptorBufferInfo)};
   VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &entry,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_COMPUTE,
      .pipelineLayout = pl,
      .set = 0};
   VkDescriptorUpdateTemplate tmpl;
   VK_OK(vkCreateDescriptorUpdateTemplate(C.dev, &tci, NULL, &tmpl));

   const uint32_t n = 100;
   struct agx_vk_buffer x = make_buffer(4 * 128), y[3];
   float *xv = x.ptr;
   for (uint32_t i = 0; i < n; i++)
      xv[i] = (float)i;
   for (uint32_t k = 0; k < 3; k++) {
      y[k] = make_buffer(4 * 128);
      for (uint32_t i = 0; i < n; i++)
         ((float *)y[k].ptr)[i] = (float)(k * 1000 + i);
   }
   VkDescriptorBufferInfo bi[2] = {{x.buf, 0, VK_WHOLE_SIZE}, {y[0].buf, 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet w[2];
   for (uint32_t i = 0; i < 2; i++)
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstBinding = i,
                                    .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &bi[i]};
   VkCommandBuffer cb = begin();
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   struct {
      float a;
      uint32_t n;
   } pc = {2.0f, n};
   push(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 2, w);
   vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, &pc);
   vkCmdDispatch(cb, 2, 1, 1);
   VkDescriptorBufferInfo y1 = {y[1].buf, 0, VK_WHOLE_SIZE};
   w[1].pBufferInfo = &y1;
   push(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &w[1]);
   pc.a = 3.0f;
   vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, &pc);
   vkCmdDispatch(cb, 2, 1, 1);
   VkDescriptorBufferInfo y2 = {y[2].buf, 0, VK_WHOLE_SIZE};
   push_template(cb, tmpl, pl, 0, &y2);
   pc.a = 4.0f;
   vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, &pc);
   vkCmdDispatch(cb, 2, 1, 1);
   VK_OK(submit_wait(cb));
   for (uint32_t k = 0; k < 3; k++) {
      const float *yv = y[k].ptr;
      for (uint32_t i = 0; i < n; i++)
         CHECK(yv[i] == (float)(k + 2) * (float)i + (float)(k * 1000 + i));
      CHECK(yv[n] == 0.0f);
      free_buffer(&y[k]);
   }
   free_buffer(&x);
   vkDestroyDescriptorUpdateTemplate(C.dev, tmpl, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   printf("push descriptors ok\n");
}

/* Runs the fill program built with program_cache and checks its output. */
static void
run_fill_with_cache(VkPipelineCache cache)
{
   uint32_t n1[] = {1};
   program_cache = cache;
   struct program p = make_program("fill", 1, n1, false, 0);
   program_cache = VK_NULL_HANDLE;
   struct agx_vk_buffer out = make_buffer(4 * 256);
   const struct agx_vk_buffer *b[] = {&out};
   VkDescriptorSet set = make_set(&p, 0, b, 1, false);
   VkCommandBuffer cb = begin();
   record(cb, &p, &set, 0, NULL, NULL, 0, 4);
   VK_OK(submit_wait(cb));
   for (uint32_t i = 0; i < 256; i++)
      CHECK(((const uint32_t *)out.ptr)[i] == i * 3u + 1u);
   VK_OK(vkFreeDescriptorSets(C.dev, dpool, 1, &set));
   free_buffer(&out);
   free_program(&p);
}

static VkPipelineCache
cache_from(const void *data, size_t size)
{
   VkPipelineCacheCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                   .initialDataSize = size,
                                   .pInitialData = data};
   VkPipelineCache c;
   VK_OK(vkCreatePipelineCache(C.dev, &ci, NULL, &c));
   return c;
}

/* Pipeline caches: a pipeline from a cache made of another cache's data
 * (and from corrupted data, and a merged cache) runs correctly. The
 * internal test pipeline_cache checks that no compilation happens. */
static void
test_pipeline_cache(void)
{
   VkPipelineCache first = cache_from(NULL, 0);
   run_fill_with_cache(first);
   size_t size = 0;
   VK_OK(vkGetPipelineCacheData(C.dev, first, &size, NULL));
   CHECK(size >= 32);
   uint8_t *data = malloc(size);
   VK_OK(vkGetPipelineCacheData(C.dev, first, &size, data));
   uint32_t header[4];
   memcpy(header, data, sizeof(header));
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(C.pdev, &props);
   CHECK(header[0] == 32 && header[1] == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
         header[2] == props.vendorID && header[3] == props.deviceID &&
         memcmp(data + 16, props.pipelineCacheUUID, VK_UUID_SIZE) == 0);

   VkPipelineCache second = cache_from(data, size);
   run_fill_with_cache(second);
   for (size_t at = 16; at < size; at += size / 5 + 1) {
      data[at] ^= 0x24;
      VkPipelineCache bad = cache_from(data, size);
      run_fill_with_cache(bad);
      vkDestroyPipelineCache(C.dev, bad, NULL);
      data[at] ^= 0x24;
   }
   VkPipelineCache truncated = cache_from(data, size - 3);
   run_fill_with_cache(truncated);
   VK_OK(vkMergePipelineCaches(C.dev, truncated, 1, &second));
   run_fill_with_cache(truncated);
   vkDestroyPipelineCache(C.dev, truncated, NULL);
   vkDestroyPipelineCache(C.dev, second, NULL);
   vkDestroyPipelineCache(C.dev, first, NULL);
   free(data);
   printf("pipeline cache ok (%zu bytes of data)\n", size);
}

static bool inline_blocks; /* inlineUniformBlock enabled on the device */

/* Inline uniform blocks: binding 1 (8 bytes) written in two pieces at byte
 * offsets, binding 2 (16 bytes) through a template, then copied into a
 * second set with vkUpdateDescriptorSets copies. */
static void
test_inline_uniform_blocks(void)
{
   VkShaderModule module = load_module("inline_ubo");
   VkDescriptorSetLayoutBinding b[3] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 8, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 16, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
   };
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = b};
   VkDescriptorSetLayout sl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &lci, NULL, &sl));
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl};
   VkPipelineLayout pl;
   VK_OK(vkCreatePipelineLayout(C.dev, &plci, NULL, &pl));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = pl,
   };
   VkPipeline pipe;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));
   vkDestroyShaderModule(C.dev, module, NULL);

   VkDescriptorPoolInlineUniformBlockCreateInfo ipi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO,
      .maxInlineUniformBlockBindings = 4};
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2},
                                   {VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 48}};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .pNext = &ipi,
                                      .maxSets = 2,
                                      .poolSizeCount = 2,
                                      .pPoolSizes = sizes};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(C.dev, &dpci, NULL, &dpool));
   VkDescriptorSetLayout sls[2] = {sl, sl};
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dpool,
                                      .descriptorSetCount = 2,
                                      .pSetLayouts = sls};
   VkDescriptorSet sets[2];
   VK_OK(vkAllocateDescriptorSets(C.dev, &sai, sets));

   struct agx_vk_buffer out[2] = {make_buffer(4 * 128), make_buffer(4 * 128)};
   const uint32_t scale = 5, add = 1000, table[4] = {7, 70, 700, 7000};
   for (uint32_t s = 0; s < 2; s++) {
      VkDescriptorBufferInfo bi = {out[s].buf, 0, VK_WHOLE_SIZE};
      VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                .dstSet = sets[s],
                                .dstBinding = 0,
                                .descriptorCount = 1,
                                .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                .pBufferInfo = &bi};
      vkUpdateDescriptorSets(C.dev, 1, &w, 0, NULL);
   }
   VkWriteDescriptorSetInlineUniformBlock ib[2] = {
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK, NULL, 4, &scale},
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK, NULL, 4, &add},
   };
   VkWriteDescriptorSet iw[2];
   for (uint32_t i = 0; i < 2; i++)
      iw[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                     .pNext = &ib[i],
                                     .dstSet = sets[0],
                                     .dstBinding = 1,
                                     .dstArrayElement = 4 * i,
                                     .descriptorCount = 4,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK};
   vkUpdateDescriptorSets(C.dev, 2, iw, 0, NULL);
   VkDescriptorUpdateTemplateEntry entry = {.dstBinding = 2,
                                            .dstArrayElement = 0,
                                            .descriptorCount = 16,
                                            .descriptorType =
                                               VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK,
                                            .offset = 0,
                                            .stride = 0};
   VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &entry,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = sl};
   VkDescriptorUpdateTemplate tmpl;
   VK_OK(vkCreateDescriptorUpdateTemplate(C.dev, &tci, NULL, &tmpl));
   vkUpdateDescriptorSetWithTemplate(C.dev, sets[0], tmpl, table);
   VkCopyDescriptorSet copies[2] = {
      {VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET, NULL, sets[0], 1, 0, sets[1], 1, 0, 8},
      {VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET, NULL, sets[0], 2, 0, sets[1], 2, 0, 16},
   };
   vkUpdateDescriptorSets(C.dev, 0, NULL, 2, copies);

   VkCommandBuffer cb = begin();
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   for (uint32_t s = 0; s < 2; s++) {
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &sets[s], 0, NULL);
      vkCmdDispatch(cb, 2, 1, 1);
   }
   VK_OK(submit_wait(cb));
   for (uint32_t s = 0; s < 2; s++) {
      const uint32_t *o = out[s].ptr;
      for (uint32_t i = 0; i < 128; i++)
         CHECK(o[i] == i * scale + add + table[i % 4]);
      free_buffer(&out[s]);
   }
   vkDestroyDescriptorUpdateTemplate(C.dev, tmpl, NULL);
   vkDestroyDescriptorPool(C.dev, dpool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   printf("inline uniform blocks ok\n");
}

static bool descriptor_indexing; /* the descriptor-indexing basics are enabled */

/* Descriptor indexing basics: a runtime array of 8 storage buffers of
 * which only elements 1 and 5 are ever written (partially bound), indexed
 * by a push constant; element 5 is rewritten after the set was bound and
 * recorded (update after bind), and the dispatch must use the new buffer. */
static void
test_descriptor_indexing(void)
{
   VkShaderModule module = load_module("desc_index");
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8,
                                     VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorBindingFlags bflags =
      VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT | VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT;
   VkDescriptorSetLayoutBindingFlagsCreateInfo bfi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = 1,
      .pBindingFlags = &bflags};
   VkDescriptorSetLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .pNext = &bfi,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
      .bindingCount = 1,
      .pBindings = &b};
   VkDescriptorSetLayout sl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &lci, NULL, &sl));
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &range};
   VkPipelineLayout pl;
   VK_OK(vkCreatePipelineLayout(C.dev, &plci, NULL, &pl));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = pl,
   };
   VkPipeline pipe;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));
   vkDestroyShaderModule(C.dev, module, NULL);
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &ps};
   VkDescriptorPool dpool;
   VK_OK(vkCreateDescriptorPool(C.dev, &dpci, NULL, &dpool));
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dpool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &sl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &sai, &set));

   struct agx_vk_buffer one = make_buffer(4 * 64), five = make_buffer(4 * 64),
                        later = make_buffer(4 * 64);
   VkDescriptorBufferInfo bi[2] = {{one.buf, 0, VK_WHOLE_SIZE}, {five.buf, 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet w[2];
   for (uint32_t i = 0; i < 2; i++)
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = set,
                                    .dstBinding = 0,
                                    .dstArrayElement = i ? 5 : 1,
                                    .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    .pBufferInfo = &bi[i]};
   vkUpdateDescriptorSets(C.dev, 2, w, 0, NULL);

   VkCommandBuffer cb = begin();
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   for (uint32_t which = 1; which <= 5; which += 4) {
      vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &which);
      vkCmdDispatch(cb, 1, 1, 1);
   }
   VK_OK(vkEndCommandBuffer(cb));
   VkDescriptorBufferInfo after = {later.buf, 0, VK_WHOLE_SIZE};
   w[1].pBufferInfo = &after;
   vkUpdateDescriptorSets(C.dev, 1, &w[1], 0, NULL);
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(C.queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(C.queue));
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   for (uint32_t i = 0; i < 64; i++) {
      CHECK(((const uint32_t *)one.ptr)[i] == 1000u + i);
      CHECK(((const uint32_t *)later.ptr)[i] == 5000u + i);
      CHECK(((const uint32_t *)five.ptr)[i] == 0);
   }
   free_buffer(&one);
   free_buffer(&five);
   free_buffer(&later);
   vkDestroyDescriptorPool(C.dev, dpool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   printf("descriptor indexing ok\n");
}

static void
test_forever(void)
{
   uint32_t n1[] = {1};
   struct program p = make_program("forever", 1, n1, false, 0);
   struct agx_vk_buffer data = make_buffer(64);
   const struct agx_vk_buffer *b[] = {&data};
   VkDescriptorSet set = make_set(&p, 0, b, 1, false);
   VkCommandBuffer cb = begin();
   record(cb, &p, &set, 0, NULL, NULL, 0, 1);
   CHECK_VK(submit_wait(cb), VK_ERROR_DEVICE_LOST);
   CHECK_VK(vkDeviceWaitIdle(C.dev), VK_ERROR_DEVICE_LOST);
   free_buffer(&data);
   free_program(&p);
   printf("forever ok (device lost as expected)\n");
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   spv_dir = argv[1];
   agx_vk_ctx_instance(&C, argc, argv);
   const bool reference = C.reference;

   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .timelineSemaphore = VK_TRUE,
                                           .hostQueryReset = VK_TRUE};
   /* Optional extensions the tests use when the driver has them. */
   const char *dev_exts[1];
   uint32_t dev_ext_count = 0;
   if (agx_vk_ctx_has_extension(&C, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME)) {
      dev_exts[dev_ext_count++] = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
      push_descriptors = true;
   }
   /* Vulkan 1.3 features the tests use when the driver has them. */
   VkPhysicalDeviceVulkan13Features have13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
   VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &have13};
   vkGetPhysicalDeviceFeatures2(C.pdev, &have);
   inline_blocks = have13.inlineUniformBlock;
   VkPhysicalDeviceVulkan12Features have12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   have.pNext = &have12;
   vkGetPhysicalDeviceFeatures2(C.pdev, &have);
   descriptor_indexing = have.features.shaderStorageBufferArrayDynamicIndexing &&
                         have12.runtimeDescriptorArray && have12.descriptorBindingPartiallyBound &&
                         have12.descriptorBindingStorageBufferUpdateAfterBind;
   f12.runtimeDescriptorArray = descriptor_indexing;
   f12.descriptorBindingPartiallyBound = descriptor_indexing;
   f12.descriptorBindingStorageBufferUpdateAfterBind = descriptor_indexing;
   VkPhysicalDeviceFeatures f10 = {.shaderStorageBufferArrayDynamicIndexing = descriptor_indexing};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .inlineUniformBlock = inline_blocks};
   f12.pNext = &f13;
   agx_vk_ctx_device_features(&C, &f12, &f10, dev_ext_count, dev_exts);
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 64},
                                   {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 8}};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                                      .maxSets = 32,
                                      .poolSizeCount = 2,
                                      .pPoolSizes = sizes};
   VK_OK(vkCreateDescriptorPool(C.dev, &dpci, NULL, &dpool));

   test_fill();
   test_saxpy();
   test_reduce();
   test_histogram();
   test_two_sets();
   test_timeline_order();
   test_transfer();
   test_indirect();
   test_secondary();
   test_events();
   test_groups();
   test_timestamps(reference);
   CHECK(push_descriptors); /* agx and lavapipe both have it */
   test_push_descriptors();
   test_pipeline_cache();
   CHECK(inline_blocks); /* agx and lavapipe both have it */
   test_inline_uniform_blocks();
   /* Debian 12's lavapipe lacks descriptor indexing; agx must have it. */
   CHECK(descriptor_indexing || reference);
   if (descriptor_indexing)
      test_descriptor_indexing();
   else
      printf("descriptor indexing skipped (not supported by the reference driver)\n");
   if (!reference)
      test_forever();

   vkDestroyDescriptorPool(C.dev, dpool, NULL);
   return agx_vk_ctx_finish(&C);
}
