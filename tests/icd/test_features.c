/*
 * Vulkan 1.3 features and extensions through the loader, each used for real:
 * synchronization2 (VK_KHR_synchronization2: vkCmdPipelineBarrier2,
 * vkCmdSetEvent2/vkCmdWaitEvents2/vkCmdResetEvent2, vkCmdWriteTimestamp2, vkQueueSubmit2
 * with timeline and binary semaphores), maintenance4 (VK_KHR_maintenance4:
 * maxBufferSize, vkGetDeviceBufferMemoryRequirements equal to a created
 * buffer's, LocalSizeId, a pipeline layout destroyed right after use),
 * pipelineCreationCacheControl (FAIL_ON_PIPELINE_COMPILE_REQUIRED,
 * EARLY_RETURN_ON_FAILURE), privateData (every object type the driver
 * creates) and uniformBufferStandardLayout (a std430 uniform block); with
 * descriptorIndexing, every update-after-bind limit is at least its plain
 * counterpart (a rule of Vulkan's limits table).
 *
 * test_features DIR [--validation] [--reference]
 *   DIR holds the .spv files.
 */
#include <time.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;
static const char *spv_dir;

static VkShaderModule
shader(const char *name)
{
   char path[512];
   snprintf(path, sizeof(path), "%s/%s.spv", spv_dir, name);
   return agx_vk_shader(&C, path);
}

/* A set layout of `n` bindings of the given types (compute stage). */
static VkDescriptorSetLayout
set_layout(uint32_t n, const VkDescriptorType *types)
{
   VkDescriptorSetLayoutBinding b[4];
   for (uint32_t i = 0; i < n; i++)
      b[i] = (VkDescriptorSetLayoutBinding){.binding = i,
                                            .descriptorType = types[i],
                                            .descriptorCount = 1,
                                            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
   VkDescriptorSetLayoutCreateInfo ci = {.sType =
                                            VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                         .bindingCount = n,
                                         .pBindings = b};
   VkDescriptorSetLayout l;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &ci, NULL, &l));
   return l;
}

static VkPipelineLayout
pipeline_layout(VkDescriptorSetLayout sl)
{
   VkPipelineLayoutCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                    .setLayoutCount = 1,
                                    .pSetLayouts = &sl};
   VkPipelineLayout l;
   VK_OK(vkCreatePipelineLayout(C.dev, &ci, NULL, &l));
   return l;
}

static VkComputePipelineCreateInfo
pipeline_info(VkShaderModule m, VkPipelineLayout layout, VkPipelineCreateFlags flags,
              const VkSpecializationInfo *spec)
{
   return (VkComputePipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .flags = flags,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = m,
                .pName = "main",
                .pSpecializationInfo = spec},
      .layout = layout,
   };
}

static VkDescriptorPool
descriptor_pool(void)
{
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16},
                                   {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 16}};
   VkDescriptorPoolCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                    .maxSets = 8,
                                    .poolSizeCount = 2,
                                    .pPoolSizes = sizes};
   VkDescriptorPool p;
   VK_OK(vkCreateDescriptorPool(C.dev, &ci, NULL, &p));
   return p;
}

/* A set from `pool` with buffers[i] at binding i. */
static VkDescriptorSet
make_set(VkDescriptorPool pool, VkDescriptorSetLayout sl, uint32_t n, const VkDescriptorType *types,
         const struct agx_vk_buffer *const *buffers)
{
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &sl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   for (uint32_t i = 0; i < n; i++) {
      VkDescriptorBufferInfo bi = {buffers[i]->buf, 0, VK_WHOLE_SIZE};
      VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                .dstSet = set,
                                .dstBinding = i,
                                .descriptorCount = 1,
                                .descriptorType = types[i],
                                .pBufferInfo = &bi};
      vkUpdateDescriptorSets(C.dev, 1, &w, 0, NULL);
   }
   return set;
}

static const VkDescriptorType one_storage[] = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};

/* --- synchronization2 --------------------------------------------------- */

/* Submits `cb` (ended) with vkQueueSubmit2, waiting/signalling as given. */
static void
submit2(VkCommandBuffer cb, uint32_t waits, const VkSemaphoreSubmitInfo *wait, uint32_t signals,
        const VkSemaphoreSubmitInfo *signal, VkFence fence)
{
   VkCommandBufferSubmitInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
                                    .commandBuffer = cb};
   VkSubmitInfo2 si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
                       .waitSemaphoreInfoCount = waits,
                       .pWaitSemaphoreInfos = wait,
                       .commandBufferInfoCount = cb ? 1 : 0,
                       .pCommandBufferInfos = &cbi,
                       .signalSemaphoreInfoCount = signals,
                       .pSignalSemaphoreInfos = signal};
   VK_OK(vkQueueSubmit2(C.queue, 1, &si, fence));
}

/*
 * fill (dispatch) -> barrier2 -> copy a->b -> set event2 -> wait events2 ->
 * copy b->c -> timestamp2, in one command buffer, submitted with
 * vkQueueSubmit2 after a host-signalled timeline wait; a second submission
 * waits on the first's binary semaphore and timeline value.
 */
static void
test_synchronization2(void)
{
   VkShaderModule m = shader("fill");
   VkDescriptorSetLayout sl = set_layout(1, one_storage);
   VkPipelineLayout pl = pipeline_layout(sl);
   VkComputePipelineCreateInfo pci = pipeline_info(m, pl, 0, NULL);
   VkPipeline pipe;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &pci, NULL, &pipe));
   struct agx_vk_buffer a = agx_vk_buffer(&C, 4 * 256), b = agx_vk_buffer(&C, 4 * 256),
                        c = agx_vk_buffer(&C, 4 * 256), d = agx_vk_buffer(&C, 4 * 256);
   VkDescriptorPool dp = descriptor_pool();
   const struct agx_vk_buffer *bufs[] = {&a};
   VkDescriptorSet set = make_set(dp, sl, 1, one_storage, bufs);
   VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent ev;
   VK_OK(vkCreateEvent(C.dev, &eci, NULL, &ev));
   VkQueryPoolCreateInfo qpci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                 .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                 .queryCount = 2};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(C.dev, &qpci, NULL, &qp));

   VkSemaphoreTypeCreateInfo tci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                    .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE};
   VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &tci};
   VkSemaphore timeline, binary;
   VK_OK(vkCreateSemaphore(C.dev, &sci, NULL, &timeline));
   sci.pNext = NULL;
   VK_OK(vkCreateSemaphore(C.dev, &sci, NULL, &binary));

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qp, 0, 2);
   vkCmdWriteTimestamp2(cb, VK_PIPELINE_STAGE_2_NONE, qp, 0);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 4, 1, 1);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          .srcAccessMask = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &dep);
   VkBufferCopy region = {0, 0, 4 * 256};
   vkCmdCopyBuffer(cb, a.buf, b.buf, 1, &region);
   /* The event's dependency: the copy's writes before the next copy's reads. */
   VkBufferMemoryBarrier2 bb = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
                                .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                                .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                                .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
                                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .buffer = b.buf,
                                .size = VK_WHOLE_SIZE};
   VkDependencyInfo edep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                            .bufferMemoryBarrierCount = 1,
                            .pBufferMemoryBarriers = &bb};
   vkCmdSetEvent2(cb, ev, &edep);
   vkCmdWaitEvents2(cb, 1, &ev, &edep);
   vkCmdCopyBuffer(cb, b.buf, c.buf, 1, &region);
   vkCmdWriteTimestamp2(cb, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, qp, 1);
   VK_OK(vkEndCommandBuffer(cb));

   /* Waits for timeline value 5 (signalled by the host below), signals 7
    * and the binary semaphore. */
   VkSemaphoreSubmitInfo wait = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                                 .semaphore = timeline,
                                 .value = 5,
                                 .stageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT};
   VkSemaphoreSubmitInfo signal[2] = {{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                                       .semaphore = timeline,
                                       .value = 7,
                                       .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT},
                                      {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                                       .semaphore = binary,
                                       .value = 12345, /* ignored for a binary semaphore */
                                       .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT}};
   submit2(cb, 1, &wait, 2, signal, VK_NULL_HANDLE);
   uint64_t value = 0;
   VK_OK(vkGetSemaphoreCounterValue(C.dev, timeline, &value));
   CHECK(value == 0); /* still waiting for 5 */
   CHECK(((const uint32_t *)c.map)[3] == 0);
   VkSemaphoreSignalInfo ssi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
                                .semaphore = timeline,
                                .value = 5};
   VK_OK(vkSignalSemaphore(C.dev, &ssi));

   /* Second submission: waits on the binary semaphore and value 7, copies
    * c -> d, signals 9 and a fence. */
   VkCommandBuffer cb2 = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdCopyBuffer(cb2, c.buf, d.buf, 1, &region);
   VK_OK(vkEndCommandBuffer(cb2));
   VkSemaphoreSubmitInfo wait2[2] = {{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                                      .semaphore = binary,
                                      .stageMask = VK_PIPELINE_STAGE_2_COPY_BIT},
                                     {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                                      .semaphore = timeline,
                                      .value = 7,
                                      .stageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT}};
   VkSemaphoreSubmitInfo signal2 = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                                    .semaphore = timeline,
                                    .value = 9,
                                    .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VK_OK(vkCreateFence(C.dev, &fci, NULL, &fence));
   submit2(cb2, 2, wait2, 1, &signal2, fence);
   VK_OK(vkWaitForFences(C.dev, 1, &fence, VK_TRUE, 60ull * 1000000000ull));
   /* The fence need not follow the batch's semaphore signal (lavapipe may
    * signal it first): wait for the value itself. */
   VkSemaphoreWaitInfo swi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                              .semaphoreCount = 1,
                              .pSemaphores = &timeline,
                              .pValues = &(uint64_t){9}};
   VK_OK(vkWaitSemaphores(C.dev, &swi, 60ull * 1000000000ull));
   VK_OK(vkGetSemaphoreCounterValue(C.dev, timeline, &value));
   CHECK(value == 9);
   for (uint32_t i = 0; i < 256; i++) {
      CHECK(((const uint32_t *)b.map)[i] == i * 3u + 1u);
      CHECK(((const uint32_t *)c.map)[i] == i * 3u + 1u);
      CHECK(((const uint32_t *)d.map)[i] == i * 3u + 1u);
   }
   CHECK_VK(vkGetEventStatus(C.dev, ev), VK_EVENT_SET);
   VkCommandBuffer cb3 = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetEvent2(cb3, ev, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
   VK_OK(agx_vk_submit_wait(&C, cb3));
   CHECK_VK(vkGetEventStatus(C.dev, ev), VK_EVENT_RESET);
   uint64_t ts[2];
   VK_OK(vkGetQueryPoolResults(C.dev, qp, 0, 2, sizeof(ts), ts, 8,
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   CHECK(ts[0] <= ts[1]);

   /* An empty vkQueueSubmit2 still signals its fence. */
   VK_OK(vkResetFences(C.dev, 1, &fence));
   VK_OK(vkQueueSubmit2(C.queue, 0, NULL, fence));
   VK_OK(vkWaitForFences(C.dev, 1, &fence, VK_TRUE, 60ull * 1000000000ull));

   vkDestroyFence(C.dev, fence, NULL);
   VkCommandBuffer cbs[] = {cb, cb2};
   vkFreeCommandBuffers(C.dev, C.pool, 2, cbs);
   vkDestroySemaphore(C.dev, timeline, NULL);
   vkDestroySemaphore(C.dev, binary, NULL);
   vkDestroyQueryPool(C.dev, qp, NULL);
   vkDestroyEvent(C.dev, ev, NULL);
   vkDestroyDescriptorPool(C.dev, dp, NULL);
   agx_vk_buffer_free(&C, &a);
   agx_vk_buffer_free(&C, &b);
   agx_vk_buffer_free(&C, &c);
   agx_vk_buffer_free(&C, &d);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   vkDestroyShaderModule(C.dev, m, NULL);
   printf("synchronization2 ok\n");
}

/* --- maintenance4 -------------------------------------------------------- */

static void
test_maintenance4(void)
{
   VkPhysicalDeviceMaintenance4Properties m4 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
   VkPhysicalDeviceVulkan13Properties p13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES,
      .pNext = &m4};
   VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &p13};
   vkGetPhysicalDeviceProperties2(C.pdev, &props);
   CHECK(m4.maxBufferSize >= (1ull << 30)); /* the Vulkan minimum */
   CHECK(m4.maxBufferSize == p13.maxBufferSize);
   printf("maxBufferSize %llu\n", (unsigned long long)m4.maxBufferSize);

   /* Requirements from a create info equal those of the created buffer. */
   static const VkDeviceSize sizes[] = {1, 3, 64, 65, 1000, 4096, 65537, 1u << 20};
   static const VkBufferUsageFlags usages[] = {
      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
      VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT};
   unsigned compared = 0;
   for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
      for (unsigned u = 0; u < sizeof(usages) / sizeof(usages[0]); u++) {
         VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = sizes[s],
                                   .usage = usages[u]};
         VkDeviceBufferMemoryRequirements info = {
            .sType = VK_STRUCTURE_TYPE_DEVICE_BUFFER_MEMORY_REQUIREMENTS,
            .pCreateInfo = &bci};
         VkMemoryDedicatedRequirements ded_a = {.sType =
                                                   VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
         VkMemoryRequirements2 from_info = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2,
                                            .pNext = &ded_a};
         vkGetDeviceBufferMemoryRequirements(C.dev, &info, &from_info);
         VkBuffer buf;
         VK_OK(vkCreateBuffer(C.dev, &bci, NULL, &buf));
         VkBufferMemoryRequirementsInfo2 bi = {
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_REQUIREMENTS_INFO_2,
            .buffer = buf};
         VkMemoryDedicatedRequirements ded_b = {.sType =
                                                   VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
         VkMemoryRequirements2 from_buf = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2,
                                           .pNext = &ded_b};
         vkGetBufferMemoryRequirements2(C.dev, &bi, &from_buf);
         vkDestroyBuffer(C.dev, buf, NULL);
         const VkMemoryRequirements *x = &from_info.memoryRequirements,
                                    *y = &from_buf.memoryRequirements;
         CHECK(x->size == y->size && x->alignment == y->alignment &&
               x->memoryTypeBits == y->memoryTypeBits);
         CHECK(x->size >= sizes[s] && x->memoryTypeBits != 0);
         CHECK(ded_a.prefersDedicatedAllocation == ded_b.prefersDedicatedAllocation &&
               ded_a.requiresDedicatedAllocation == ded_b.requiresDedicatedAllocation);
         compared++;
      }
   }

   /* LocalSizeId (workgroup size 32 by specialization), with its pipeline
    * layout destroyed as soon as the pipeline exists; the dispatch binds
    * through a second, identical layout. */
   VkShaderModule m = shader("local_size_id");
   VkDescriptorSetLayout sl = set_layout(1, one_storage);
   VkPipelineLayout first = pipeline_layout(sl);
   uint32_t size = 32;
   VkSpecializationMapEntry entry = {0, 0, 4};
   VkSpecializationInfo spec = {1, &entry, 4, &size};
   VkComputePipelineCreateInfo pci = pipeline_info(m, first, 0, &spec);
   VkPipeline pipe;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &pci, NULL, &pipe));
   vkDestroyPipelineLayout(C.dev, first, NULL);
   vkDestroyShaderModule(C.dev, m, NULL);
   VkPipelineLayout second = pipeline_layout(sl);
   struct agx_vk_buffer out = agx_vk_buffer(&C, 4 * 96);
   VkDescriptorPool dp = descriptor_pool();
   const struct agx_vk_buffer *bufs[] = {&out};
   VkDescriptorSet set = make_set(dp, sl, 1, one_storage, bufs);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, second, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 3, 1, 1);
   VK_OK(agx_vk_submit_wait(&C, cb));
   for (uint32_t i = 0; i < 96; i++)
      CHECK(((const uint32_t *)out.map)[i] == 32u * 1000u + i);
   vkDestroyDescriptorPool(C.dev, dp, NULL);
   agx_vk_buffer_free(&C, &out);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipelineLayout(C.dev, second, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   printf("maintenance4 ok (%u requirement pairs equal)\n", compared);
}

/* --- pipelineCreationCacheControl ---------------------------------------- */

static void
test_cache_control(void)
{
   VkShaderModule m = shader("fill");
   VkDescriptorSetLayout sl = set_layout(1, one_storage);
   VkPipelineLayout pl = pipeline_layout(sl);
   VkPipelineCacheCreateInfo cci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                    .flags = VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT};
   VkPipelineCache cache;
   VK_OK(vkCreatePipelineCache(C.dev, &cci, NULL, &cache));
   const VkPipelineCreateFlags fail = VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT;

   /* Without a cache, or with one that misses, a compile is required. */
   VkComputePipelineCreateInfo pci = pipeline_info(m, pl, fail, NULL);
   VkPipeline p = (VkPipeline)(uintptr_t)0x1234;
   CHECK_VK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &pci, NULL, &p),
            VK_PIPELINE_COMPILE_REQUIRED);
   CHECK(p == VK_NULL_HANDLE);
   p = (VkPipeline)(uintptr_t)0x1234;
   CHECK_VK(vkCreateComputePipelines(C.dev, cache, 1, &pci, NULL, &p),
            VK_PIPELINE_COMPILE_REQUIRED);
   CHECK(p == VK_NULL_HANDLE);

   /* EARLY_RETURN: the failing first pipeline stops the batch; the rest
    * are VK_NULL_HANDLE. Without it, the batch goes on. */
   VkComputePipelineCreateInfo batch[3] = {
      pipeline_info(m, pl, fail | VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT, NULL),
      pipeline_info(m, pl, 0, NULL), pipeline_info(m, pl, 0, NULL)};
   VkPipeline ps[3] = {(VkPipeline)(uintptr_t)1, (VkPipeline)(uintptr_t)2,
                       (VkPipeline)(uintptr_t)3};
   CHECK_VK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 3, batch, NULL, ps),
            VK_PIPELINE_COMPILE_REQUIRED);
   CHECK(ps[0] == VK_NULL_HANDLE && ps[1] == VK_NULL_HANDLE && ps[2] == VK_NULL_HANDLE);
   batch[0].flags = fail;
   CHECK_VK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 3, batch, NULL, ps),
            VK_PIPELINE_COMPILE_REQUIRED);
   CHECK(ps[0] == VK_NULL_HANDLE && ps[1] != VK_NULL_HANDLE && ps[2] != VK_NULL_HANDLE);
   vkDestroyPipeline(C.dev, ps[1], NULL);
   vkDestroyPipeline(C.dev, ps[2], NULL);

   /* Compiled into the cache, the same pipeline then needs no compile
    * (agx's cache holds it; another driver may still say it needs one). */
   pci.flags = 0;
   VK_OK(vkCreateComputePipelines(C.dev, cache, 1, &pci, NULL, &p));
   vkDestroyPipeline(C.dev, p, NULL);
   pci.flags = fail;
   VkResult r = vkCreateComputePipelines(C.dev, cache, 1, &pci, NULL, &p);
   CHECK(r == VK_SUCCESS || (C.reference && r == VK_PIPELINE_COMPILE_REQUIRED));
   if (r == VK_SUCCESS) {
      /* And it runs. */
      struct agx_vk_buffer out = agx_vk_buffer(&C, 4 * 64);
      VkDescriptorPool dp = descriptor_pool();
      const struct agx_vk_buffer *bufs[] = {&out};
      VkDescriptorSet set = make_set(dp, sl, 1, one_storage, bufs);
      VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
      vkCmdDispatch(cb, 1, 1, 1);
      VK_OK(agx_vk_submit_wait(&C, cb));
      for (uint32_t i = 0; i < 64; i++)
         CHECK(((const uint32_t *)out.map)[i] == i * 3u + 1u);
      vkDestroyDescriptorPool(C.dev, dp, NULL);
      agx_vk_buffer_free(&C, &out);
      vkDestroyPipeline(C.dev, p, NULL);
   }
   vkDestroyPipelineCache(C.dev, cache, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   vkDestroyShaderModule(C.dev, m, NULL);
   printf("pipeline creation cache control ok (cache hit %s)\n",
          r == VK_SUCCESS ? "created" : "still required a compile");
}

/* --- privateData ----------------------------------------------------------- */

struct object {
   VkObjectType type;
   uint64_t handle;
};

static void
test_private_data(void)
{
   VkPrivateDataSlotCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_PRIVATE_DATA_SLOT_CREATE_INFO};
   VkPrivateDataSlot s1, s2;
   VK_OK(vkCreatePrivateDataSlot(C.dev, &pci, NULL, &s1));
   VK_OK(vkCreatePrivateDataSlot(C.dev, &pci, NULL, &s2));

   /* One object of every type the driver creates. */
   struct agx_vk_buffer buf = agx_vk_buffer(&C, 256);
   VkShaderModule m = shader("fill");
   VkDescriptorSetLayout sl = set_layout(1, one_storage);
   VkPipelineLayout pl = pipeline_layout(sl);
   VkComputePipelineCreateInfo cpi = pipeline_info(m, pl, 0, NULL);
   VkPipeline pipe;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &cpi, NULL, &pipe));
   VkPipelineCacheCreateInfo cci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
   VkPipelineCache cache;
   VK_OK(vkCreatePipelineCache(C.dev, &cci, NULL, &cache));
   VkDescriptorPool dp = descriptor_pool();
   const struct agx_vk_buffer *bufs[] = {&buf};
   VkDescriptorSet set = make_set(dp, sl, 1, one_storage, bufs);
   VkDescriptorUpdateTemplateEntry te = {
      0, 0, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0, sizeof(VkDescriptorBufferInfo)};
   VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &te,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = sl};
   VkDescriptorUpdateTemplate tmpl;
   VK_OK(vkCreateDescriptorUpdateTemplate(C.dev, &tci, NULL, &tmpl));
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VK_OK(vkCreateFence(C.dev, &fci, NULL, &fence));
   VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   VkSemaphore sem;
   VK_OK(vkCreateSemaphore(C.dev, &sci, NULL, &sem));
   VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent ev;
   VK_OK(vkCreateEvent(C.dev, &eci, NULL, &ev));
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                .queryCount = 1};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(C.dev, &qci, NULL, &qp));
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = C.pool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(C.dev, &cai, &cb));

   const struct object objs[] = {
      {VK_OBJECT_TYPE_DEVICE, (uint64_t)(uintptr_t)C.dev},
      {VK_OBJECT_TYPE_QUEUE, (uint64_t)(uintptr_t)C.queue},
      {VK_OBJECT_TYPE_COMMAND_POOL, (uint64_t)C.pool},
      {VK_OBJECT_TYPE_COMMAND_BUFFER, (uint64_t)(uintptr_t)cb},
      {VK_OBJECT_TYPE_BUFFER, (uint64_t)buf.buf},
      {VK_OBJECT_TYPE_DEVICE_MEMORY, (uint64_t)buf.mem},
      {VK_OBJECT_TYPE_SHADER_MODULE, (uint64_t)m},
      {VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)sl},
      {VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)pl},
      {VK_OBJECT_TYPE_PIPELINE, (uint64_t)pipe},
      {VK_OBJECT_TYPE_PIPELINE_CACHE, (uint64_t)cache},
      {VK_OBJECT_TYPE_DESCRIPTOR_POOL, (uint64_t)dp},
      {VK_OBJECT_TYPE_DESCRIPTOR_SET, (uint64_t)set},
      {VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE, (uint64_t)tmpl},
      {VK_OBJECT_TYPE_FENCE, (uint64_t)fence},
      {VK_OBJECT_TYPE_SEMAPHORE, (uint64_t)sem},
      {VK_OBJECT_TYPE_EVENT, (uint64_t)ev},
      {VK_OBJECT_TYPE_QUERY_POOL, (uint64_t)qp},
      {VK_OBJECT_TYPE_PRIVATE_DATA_SLOT, (uint64_t)s2},
   };
   const uint32_t n = sizeof(objs) / sizeof(objs[0]);
   uint64_t v;
   for (uint32_t i = 0; i < n; i++) {
      vkGetPrivateData(C.dev, objs[i].type, objs[i].handle, s1, &v);
      CHECK(v == 0); /* never set */
   }
   for (uint32_t i = 0; i < n; i++) {
      VK_OK(vkSetPrivateData(C.dev, objs[i].type, objs[i].handle, s1, 0x1000 + i));
      VK_OK(vkSetPrivateData(C.dev, objs[i].type, objs[i].handle, s2, ~(uint64_t)i));
   }
   for (uint32_t i = 0; i < n; i++) {
      vkGetPrivateData(C.dev, objs[i].type, objs[i].handle, s1, &v);
      CHECK(v == 0x1000 + i);
      vkGetPrivateData(C.dev, objs[i].type, objs[i].handle, s2, &v);
      CHECK(v == ~(uint64_t)i);
   }
   /* Overwrite. */
   VK_OK(vkSetPrivateData(C.dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)buf.buf, s1, 77));
   vkGetPrivateData(C.dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)buf.buf, s1, &v);
   CHECK(v == 77);

   /* Many objects (the table grows); a new object never inherits a
    * destroyed one's data, even at the same address. */
   enum { MANY = 300 };
   static VkEvent events[MANY];
   for (uint32_t i = 0; i < MANY; i++) {
      VK_OK(vkCreateEvent(C.dev, &eci, NULL, &events[i]));
      VK_OK(vkSetPrivateData(C.dev, VK_OBJECT_TYPE_EVENT, (uint64_t)events[i], s1, i * 7u + 1u));
   }
   for (uint32_t i = 0; i < MANY; i++) {
      vkGetPrivateData(C.dev, VK_OBJECT_TYPE_EVENT, (uint64_t)events[i], s1, &v);
      CHECK(v == i * 7u + 1u);
   }
   for (uint32_t i = 0; i < MANY; i += 2)
      vkDestroyEvent(C.dev, events[i], NULL);
   for (uint32_t i = 0; i < MANY; i += 2) {
      VK_OK(vkCreateEvent(C.dev, &eci, NULL, &events[i]));
      vkGetPrivateData(C.dev, VK_OBJECT_TYPE_EVENT, (uint64_t)events[i], s1, &v);
      CHECK(v == 0);
   }
   for (uint32_t i = 1; i < MANY; i += 2) {
      vkGetPrivateData(C.dev, VK_OBJECT_TYPE_EVENT, (uint64_t)events[i], s1, &v);
      CHECK(v == i * 7u + 1u);
   }
   for (uint32_t i = 0; i < MANY; i++)
      vkDestroyEvent(C.dev, events[i], NULL);

   /* A slot destroyed and made again starts empty. */
   vkDestroyPrivateDataSlot(C.dev, s2, NULL);
   VK_OK(vkCreatePrivateDataSlot(C.dev, &pci, NULL, &s2));
   for (uint32_t i = 0; i < n - 1; i++) {
      vkGetPrivateData(C.dev, objs[i].type, objs[i].handle, s2, &v);
      CHECK(v == 0);
   }

   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   vkDestroyQueryPool(C.dev, qp, NULL);
   vkDestroyEvent(C.dev, ev, NULL);
   vkDestroySemaphore(C.dev, sem, NULL);
   vkDestroyFence(C.dev, fence, NULL);
   vkDestroyDescriptorUpdateTemplate(C.dev, tmpl, NULL);
   vkDestroyDescriptorPool(C.dev, dp, NULL);
   vkDestroyPipelineCache(C.dev, cache, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   vkDestroyShaderModule(C.dev, m, NULL);
   agx_vk_buffer_free(&C, &buf);
   vkDestroyPrivateDataSlot(C.dev, s1, NULL);
   vkDestroyPrivateDataSlot(C.dev, s2, NULL);
   printf("private data ok (%u object types, %u events)\n", n, (unsigned)MANY);
}

/* --- uniformBufferStandardLayout ------------------------------------------ */

static void
test_ubo_std430(void)
{
   static const VkDescriptorType types[] = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                            VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
   VkShaderModule m = shader("ubo_std430");
   VkDescriptorSetLayout sl = set_layout(2, types);
   VkPipelineLayout pl = pipeline_layout(sl);
   VkComputePipelineCreateInfo pci = pipeline_info(m, pl, 0, NULL);
   VkPipeline pipe;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &pci, NULL, &pipe));
   /* std430: a[16] floats at 0 (stride 4), v[8] uvec2 at 64 (stride 8). */
   struct agx_vk_buffer ubo = agx_vk_buffer(&C, 128), out = agx_vk_buffer(&C, 4 * 16);
   float *a = (float *)ubo.map;
   uint32_t *v = (uint32_t *)(ubo.map + 64);
   for (uint32_t i = 0; i < 16; i++)
      a[i] = (float)i + 0.5f;
   for (uint32_t i = 0; i < 8; i++) {
      v[2 * i] = i + 1;
      v[2 * i + 1] = 9 - i;
   }
   VkDescriptorPool dp = descriptor_pool();
   const struct agx_vk_buffer *bufs[] = {&ubo, &out};
   VkDescriptorSet set = make_set(dp, sl, 2, types, bufs);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   VK_OK(agx_vk_submit_wait(&C, cb));
   const float *o = (const float *)out.map;
   for (uint32_t i = 0; i < 16; i++) {
      float want = (float)i + 0.5f + (float)(i / 2 + 1) * 100.0f + (float)(9 - i / 2) * 10000.0f;
      if (o[i] != want) {
         fprintf(stderr, "std430 uniform block: o[%u] = %f, want %f\n", i, o[i], want);
         exit(1);
      }
   }
   vkDestroyDescriptorPool(C.dev, dp, NULL);
   agx_vk_buffer_free(&C, &ubo);
   agx_vk_buffer_free(&C, &out);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   vkDestroyShaderModule(C.dev, m, NULL);
   printf("std430 uniform block ok\n");
}

/* --- shaderDemoteToHelperInvocation / shaderTerminateInvocation --------- */

/* Their capabilities are fragment-only; a compute module declaring them
 * builds and runs (Vulkan 1.3 requires the features). */
static void
test_fragment_caps(void)
{
   VkDescriptorType t = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   VkDescriptorSetLayout sl = set_layout(1, &t);
   VkPipelineLayout pl;
   VK_OK(vkCreatePipelineLayout(
      C.dev,
      &(VkPipelineLayoutCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                    .setLayoutCount = 1,
                                    .pSetLayouts = &sl},
      NULL, &pl));
   VkShaderModule m = shader("caps_demote");
   VkPipeline pipe = agx_vk_compute_pipeline(&C, pl, m, NULL, 0, NULL);
   struct agx_vk_buffer out = agx_vk_buffer(&C, 16);
   VkDescriptorPool pool;
   VkDescriptorPoolSize ps = {t, 1};
   VK_OK(vkCreateDescriptorPool(
      C.dev,
      &(VkDescriptorPoolCreateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                    .maxSets = 1,
                                    .poolSizeCount = 1,
                                    .pPoolSizes = &ps},
      NULL, &pool));
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(
      C.dev,
      &(VkDescriptorSetAllocateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &sl},
      &set));
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   vkUpdateDescriptorSets(C.dev, 1,
                          &(VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                                  .dstSet = set,
                                                  .dstBinding = 0,
                                                  .descriptorCount = 1,
                                                  .descriptorType = t,
                                                  .pBufferInfo = &bi},
                          0, NULL);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   VK_OK(agx_vk_submit_wait(&C, cb));
   CHECK(((const uint32_t *)out.ptr)[0] == 42);
   agx_vk_buffer_free(&C, &out);
   vkDestroyDescriptorPool(C.dev, pool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, m, NULL);
   vkDestroyPipelineLayout(C.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(C.dev, sl, NULL);
   printf("fragment-only capabilities in a compute module ok\n");
}

/* Vulkan: each maxPerStage/maxDescriptorSet UpdateAfterBind limit is at least
 * the corresponding plain limit when descriptorIndexing is supported. */
static void
test_update_after_bind_limits(bool descriptor_indexing)
{
   if (!descriptor_indexing)
      return;
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p12};
   vkGetPhysicalDeviceProperties2(C.pdev, &p2);
   const VkPhysicalDeviceLimits *l = &p2.properties.limits;
   const struct {
      const char *name;
      uint32_t uab, plain;
   } pairs[] = {
      {"PerStageSamplers", p12.maxPerStageDescriptorUpdateAfterBindSamplers,
       l->maxPerStageDescriptorSamplers},
      {"PerStageUniformBuffers", p12.maxPerStageDescriptorUpdateAfterBindUniformBuffers,
       l->maxPerStageDescriptorUniformBuffers},
      {"PerStageStorageBuffers", p12.maxPerStageDescriptorUpdateAfterBindStorageBuffers,
       l->maxPerStageDescriptorStorageBuffers},
      {"PerStageSampledImages", p12.maxPerStageDescriptorUpdateAfterBindSampledImages,
       l->maxPerStageDescriptorSampledImages},
      {"PerStageStorageImages", p12.maxPerStageDescriptorUpdateAfterBindStorageImages,
       l->maxPerStageDescriptorStorageImages},
      {"PerStageInputAttachments", p12.maxPerStageDescriptorUpdateAfterBindInputAttachments,
       l->maxPerStageDescriptorInputAttachments},
      {"PerStageResources", p12.maxPerStageUpdateAfterBindResources, l->maxPerStageResources},
      {"SetSamplers", p12.maxDescriptorSetUpdateAfterBindSamplers, l->maxDescriptorSetSamplers},
      {"SetUniformBuffers", p12.maxDescriptorSetUpdateAfterBindUniformBuffers,
       l->maxDescriptorSetUniformBuffers},
      {"SetUniformBuffersDynamic", p12.maxDescriptorSetUpdateAfterBindUniformBuffersDynamic,
       l->maxDescriptorSetUniformBuffersDynamic},
      {"SetStorageBuffers", p12.maxDescriptorSetUpdateAfterBindStorageBuffers,
       l->maxDescriptorSetStorageBuffers},
      {"SetStorageBuffersDynamic", p12.maxDescriptorSetUpdateAfterBindStorageBuffersDynamic,
       l->maxDescriptorSetStorageBuffersDynamic},
      {"SetSampledImages", p12.maxDescriptorSetUpdateAfterBindSampledImages,
       l->maxDescriptorSetSampledImages},
      {"SetStorageImages", p12.maxDescriptorSetUpdateAfterBindStorageImages,
       l->maxDescriptorSetStorageImages},
      {"SetInputAttachments", p12.maxDescriptorSetUpdateAfterBindInputAttachments,
       l->maxDescriptorSetInputAttachments},
   };
   for (unsigned i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
      if (pairs[i].uab < pairs[i].plain) {
         fprintf(stderr, "UpdateAfterBind %s %u below the plain limit %u\n", pairs[i].name,
                 pairs[i].uab, pairs[i].plain);
         exit(1);
      }
   }
   printf("update-after-bind limits ok (%zu pairs)\n", sizeof(pairs) / sizeof(pairs[0]));
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   spv_dir = argv[1];
   agx_vk_ctx_instance(&C, argc, argv);

   /* Everything tested here must be advertised. */
   CHECK(agx_vk_ctx_has_extension(&C, VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME));
   CHECK(agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_4_EXTENSION_NAME));
   VkPhysicalDeviceVulkan12Features h12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceVulkan13Features h13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &h12};
   VkPhysicalDeviceSynchronization2Features hs2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
      .pNext = &h13};
   VkPhysicalDeviceMaintenance4Features hm4 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES,
      .pNext = &hs2};
   VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &hm4};
   vkGetPhysicalDeviceFeatures2(C.pdev, &have);
   CHECK(h13.synchronization2 && hs2.synchronization2);
   CHECK(h13.maintenance4 && hm4.maintenance4);
   CHECK(h13.pipelineCreationCacheControl && h13.privateData);
   CHECK(h12.uniformBufferStandardLayout && h12.timelineSemaphore);
   CHECK(h13.shaderDemoteToHelperInvocation && h13.shaderTerminateInvocation);

   VkDevicePrivateDataCreateInfo reserve = {.sType =
                                               VK_STRUCTURE_TYPE_DEVICE_PRIVATE_DATA_CREATE_INFO,
                                            .privateDataSlotRequestCount = 2};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &reserve,
                                           .timelineSemaphore = VK_TRUE,
                                           .uniformBufferStandardLayout = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .maintenance4 = VK_TRUE,
                                           .pipelineCreationCacheControl = VK_TRUE,
                                           .privateData = VK_TRUE,
                                           .shaderDemoteToHelperInvocation = VK_TRUE,
                                           .shaderTerminateInvocation = VK_TRUE};
   agx_vk_ctx_device(&C, &f13, 0, NULL);

   test_synchronization2();
   test_maintenance4();
   test_cache_control();
   test_private_data();
   test_ubo_std430();
   test_fragment_caps();
   test_update_after_bind_limits(h12.descriptorIndexing);
   return agx_vk_ctx_finish(&C);
}
