/*
 * VkEvent waits through the loader: a command buffer that writes A, waits
 * for events and then writes B really blocks at the wait until the host
 * sets the events after submission (the fence times out and B stays 0,
 * then vkSetEvent releases it); waits for several events need all of
 * them; events set earlier in the same command buffer or by a previous
 * submission do not block; vkCmdResetEvent followed by a wait blocks until
 * the host sets the event again; the synchronization2 commands behave the
 * same; waits in a secondary command buffer too; an event the command
 * buffer set and then reset (itself or in a secondary) blocks again;
 * vkGetEventStatus sees what the GPU set and reset.
 * With --never-set (agx only: lavapipe would spin forever) the last case
 * waits for an event nobody sets: the GPU's watchdog must end it with
 * VK_ERROR_DEVICE_LOST and the process carries on. Every wait for the fence
 * has a finite timeout, so a driver that never releases a wait fails the
 * test instead of hanging it.
 *
 * test_events [--validation] [--reference] [--never-set]
 */
#include <time.h>

#include "agx_vk_ctx.h"

#define MS 1000000ull
#define RELEASE_TIMEOUT (20000 * MS) /* after the last vkSetEvent */
#define BLOCKED_TIMEOUT (50 * MS)    /* a blocked wait still blocks after this */

static struct agx_vk_ctx C;

/* A = word 0, B = word 1. */
enum { WORD_A, WORD_B };
#define VALUE_A 0xa11ce5u
#define VALUE_B 0xb0b0b0bu

static VkEvent
make_event(void)
{
   VkEventCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent e;
   VK_OK(vkCreateEvent(C.dev, &ci, NULL, &e));
   return e;
}

static VkFence
make_fence(void)
{
   VkFenceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence f;
   VK_OK(vkCreateFence(C.dev, &ci, NULL, &f));
   return f;
}

static VkCommandBuffer
begin(void)
{
   return agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
}

/* A transfer write of one word. */
static void
write_word(VkCommandBuffer cb, const struct agx_vk_buffer *b, uint32_t word, uint32_t value)
{
   vkCmdFillBuffer(cb, b->buf, word * 4, 4, value);
}

/* Waits for events whose signal operations ran in stages `src` (HOST and/or
 * TRANSFER), with a memory barrier making their writes visible to the
 * transfer writes after the wait. */
static void
wait_events(VkCommandBuffer cb, uint32_t n, const VkEvent *e, VkPipelineStageFlags src)
{
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = (src & VK_PIPELINE_STAGE_HOST_BIT ? VK_ACCESS_HOST_WRITE_BIT : 0) |
                       (src & VK_PIPELINE_STAGE_TRANSFER_BIT ? VK_ACCESS_TRANSFER_WRITE_BIT : 0),
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
   };
   vkCmdWaitEvents(cb, n, e, src, VK_PIPELINE_STAGE_TRANSFER_BIT, 1, &mb, 0, NULL, 0, NULL);
}

static void
submit(VkCommandBuffer cb, VkFence fence)
{
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(C.queue, 1, &si, fence));
}

static uint32_t
word(const struct agx_vk_buffer *b, uint32_t i)
{
   return __atomic_load_n(&((const uint32_t *)b->ptr)[i], __ATOMIC_ACQUIRE);
}

static uint64_t
clock_ns(clockid_t id)
{
   struct timespec ts;
   clock_gettime(id, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Waits (bounded) until word i of b holds v: the GPU reached that point. */
static void
wait_word(const struct agx_vk_buffer *b, uint32_t i, uint32_t v)
{
   uint64_t end = now_ns() + RELEASE_TIMEOUT;
   while (word(b, i) != v) {
      CHECK(now_ns() < end);
      struct timespec ts = {0, 1000000};
      nanosleep(&ts, NULL);
   }
}

/* Waits (bounded) until the event has the given status. */
static void
wait_status(VkEvent e, VkResult status)
{
   uint64_t end = now_ns() + RELEASE_TIMEOUT;
   while (vkGetEventStatus(C.dev, e) != status) {
      CHECK(now_ns() < end);
      struct timespec ts = {0, 1000000};
      nanosleep(&ts, NULL);
   }
}

/* The submission is blocked at its wait: A written, fence unsignaled, B not written. */
static void
check_blocked(VkFence fence, const struct agx_vk_buffer *b)
{
   wait_word(b, WORD_A, VALUE_A);
   CHECK_VK(vkWaitForFences(C.dev, 1, &fence, VK_TRUE, BLOCKED_TIMEOUT), VK_TIMEOUT);
   CHECK(word(b, WORD_B) == 0);
}

static void
check_released(VkFence fence, const struct agx_vk_buffer *b)
{
   VK_OK(vkWaitForFences(C.dev, 1, &fence, VK_TRUE, RELEASE_TIMEOUT));
   CHECK(word(b, WORD_A) == VALUE_A);
   CHECK(word(b, WORD_B) == VALUE_B);
}

/* write A; wait for events (nothing set them yet); write B; the host sets
 * them one by one after submission. */
static void
test_host_set(uint32_t n)
{
   VkEvent e[4];
   for (uint32_t i = 0; i < n; i++)
      e[i] = make_event();
   VkFence fence = make_fence();
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64);
   VkCommandBuffer cb = begin();
   write_word(cb, &b, WORD_A, VALUE_A);
   wait_events(cb, n, e, VK_PIPELINE_STAGE_HOST_BIT);
   write_word(cb, &b, WORD_B, VALUE_B);
   submit(cb, fence);
   for (uint32_t i = 0; i < n; i++) {
      check_blocked(fence, &b); /* also with all but the last one set */
      CHECK_VK(vkGetEventStatus(C.dev, e[i]), VK_EVENT_RESET);
      VK_OK(vkSetEvent(C.dev, e[i]));
   }
   check_released(fence, &b);
   for (uint32_t i = 0; i < n; i++) {
      CHECK_VK(vkGetEventStatus(C.dev, e[i]), VK_EVENT_SET);
      vkDestroyEvent(C.dev, e[i], NULL);
   }
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   vkDestroyFence(C.dev, fence, NULL);
   agx_vk_buffer_free(&C, &b);
   printf("host set after submission, %u event%s ok\n", n, n > 1 ? "s" : "");
}

/* Events the GPU set before the wait (same command buffer, or an earlier
 * submission) or the host set before submission do not block. */
static void
test_already_set(void)
{
   VkEvent same = make_event(), earlier = make_event(), host = make_event();
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64);
   VkCommandBuffer cb = begin();
   vkCmdSetEvent(cb, earlier, VK_PIPELINE_STAGE_TRANSFER_BIT);
   VK_OK(agx_vk_submit_wait(&C, cb));
   CHECK_VK(vkGetEventStatus(C.dev, earlier), VK_EVENT_SET); /* set by the GPU */
   VK_OK(vkSetEvent(C.dev, host));

   cb = begin();
   write_word(cb, &b, WORD_A, VALUE_A);
   vkCmdSetEvent(cb, same, VK_PIPELINE_STAGE_TRANSFER_BIT);
   VkEvent all[] = {same, earlier, host};
   wait_events(cb, 3, all, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_HOST_BIT);
   write_word(cb, &b, WORD_B, VALUE_B);
   VK_OK(agx_vk_submit_wait(&C, cb));
   CHECK(word(&b, WORD_A) == VALUE_A && word(&b, WORD_B) == VALUE_B);
   CHECK_VK(vkGetEventStatus(C.dev, same), VK_EVENT_SET);
   vkDestroyEvent(C.dev, same, NULL);
   vkDestroyEvent(C.dev, earlier, NULL);
   vkDestroyEvent(C.dev, host, NULL);
   agx_vk_buffer_free(&C, &b);
   printf("events set before the wait ok\n");
}

/* The host sets the event, the command buffer resets it after writing A
 * and then waits for it: blocked until the host sets it again. */
static void
test_reset_then_wait(void)
{
   VkEvent e = make_event();
   VkFence fence = make_fence();
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64);
   VK_OK(vkSetEvent(C.dev, e));
   VkCommandBuffer cb = begin();
   write_word(cb, &b, WORD_A, VALUE_A);
   vkCmdResetEvent(cb, e, VK_PIPELINE_STAGE_TRANSFER_BIT);
   wait_events(cb, 1, &e, VK_PIPELINE_STAGE_HOST_BIT); /* only the host sets it */
   write_word(cb, &b, WORD_B, VALUE_B);
   submit(cb, fence);
   wait_status(e, VK_EVENT_RESET); /* the GPU reset it */
   check_blocked(fence, &b);
   VK_OK(vkSetEvent(C.dev, e));
   check_released(fence, &b);
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   vkDestroyFence(C.dev, fence, NULL);
   vkDestroyEvent(C.dev, e, NULL);
   agx_vk_buffer_free(&C, &b);
   printf("reset then wait for the host ok\n");
}

/* synchronization2: vkCmdSetEvent2 / vkCmdResetEvent2 / vkCmdWaitEvents2. */
static void
test_sync2(void)
{
   VkEvent gpu = make_event(), host = make_event();
   VkFence fence = make_fence();
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64);
   VkMemoryBarrier2 set_mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      .srcStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,
      .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,
      .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
   };
   VkDependencyInfo set_dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                               .memoryBarrierCount = 1,
                               .pMemoryBarriers = &set_mb};
   VkMemoryBarrier2 host_mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      .srcStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
      .srcAccessMask = VK_ACCESS_2_HOST_WRITE_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_2_CLEAR_BIT,
      .dstAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
   };
   VkDependencyInfo host_dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                                .memoryBarrierCount = 1,
                                .pMemoryBarriers = &host_mb};

   /* A GPU set and reset are seen by the host, a GPU set releases a wait. */
   VkCommandBuffer cb = begin();
   vkCmdSetEvent2(cb, gpu, &set_dep);
   VK_OK(agx_vk_submit_wait(&C, cb));
   CHECK_VK(vkGetEventStatus(C.dev, gpu), VK_EVENT_SET);
   cb = begin();
   vkCmdResetEvent2(cb, gpu, VK_PIPELINE_STAGE_2_CLEAR_BIT);
   VK_OK(agx_vk_submit_wait(&C, cb));
   CHECK_VK(vkGetEventStatus(C.dev, gpu), VK_EVENT_RESET);

   cb = begin();
   write_word(cb, &b, WORD_A, VALUE_A);
   vkCmdSetEvent2(cb, gpu, &set_dep);
   vkCmdWaitEvents2(cb, 1, &gpu, &set_dep);
   vkCmdWaitEvents2(cb, 1, &host, &host_dep);
   write_word(cb, &b, WORD_B, VALUE_B);
   submit(cb, fence);
   check_blocked(fence, &b);
   VK_OK(vkSetEvent(C.dev, host));
   check_released(fence, &b);
   CHECK_VK(vkGetEventStatus(C.dev, gpu), VK_EVENT_SET);
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   vkDestroyFence(C.dev, fence, NULL);
   vkDestroyEvent(C.dev, gpu, NULL);
   vkDestroyEvent(C.dev, host, NULL);
   agx_vk_buffer_free(&C, &b);
   printf("synchronization2 events ok\n");
}

/* The wait in a secondary command buffer: for an event its primary set just
 * before executing it, and for one the host sets after submission. */
static void
test_secondary(void)
{
   VkEvent gpu = make_event(), host = make_event();
   VkFence fence = make_fence();
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64);
   VkCommandBuffer sec = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_SECONDARY);
   wait_events(sec, 1, &gpu, VK_PIPELINE_STAGE_TRANSFER_BIT);
   wait_events(sec, 1, &host, VK_PIPELINE_STAGE_HOST_BIT);
   write_word(sec, &b, WORD_B, VALUE_B);
   VK_OK(vkEndCommandBuffer(sec));
   VkCommandBuffer cb = begin();
   write_word(cb, &b, WORD_A, VALUE_A);
   vkCmdSetEvent(cb, gpu, VK_PIPELINE_STAGE_TRANSFER_BIT);
   vkCmdExecuteCommands(cb, 1, &sec);
   submit(cb, fence);
   check_blocked(fence, &b);
   CHECK_VK(vkGetEventStatus(C.dev, gpu), VK_EVENT_SET);
   VK_OK(vkSetEvent(C.dev, host));
   check_released(fence, &b);
   VkCommandBuffer both[] = {cb, sec};
   vkFreeCommandBuffers(C.dev, C.pool, 2, both);
   vkDestroyFence(C.dev, fence, NULL);
   vkDestroyEvent(C.dev, gpu, NULL);
   vkDestroyEvent(C.dev, host, NULL);
   agx_vk_buffer_free(&C, &b);
   printf("waits in a secondary command buffer ok\n");
}

/* What the command buffer did to an event before a wait decides whether the
 * wait polls: set then reset in the same command buffer, or set by the
 * primary then reset by a secondary, still blocks until the host sets it. */
static void
test_set_then_reset(bool in_secondary)
{
   VkEvent e = make_event();
   VkFence fence = make_fence();
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64);
   VkCommandBuffer sec = VK_NULL_HANDLE;
   if (in_secondary) {
      sec = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_SECONDARY);
      vkCmdResetEvent(sec, e, VK_PIPELINE_STAGE_TRANSFER_BIT);
      VK_OK(vkEndCommandBuffer(sec));
   }
   VkCommandBuffer cb = begin();
   write_word(cb, &b, WORD_A, VALUE_A);
   vkCmdSetEvent(cb, e, VK_PIPELINE_STAGE_TRANSFER_BIT);
   if (in_secondary)
      vkCmdExecuteCommands(cb, 1, &sec);
   else
      vkCmdResetEvent(cb, e, VK_PIPELINE_STAGE_TRANSFER_BIT);
   wait_events(cb, 1, &e, VK_PIPELINE_STAGE_HOST_BIT);
   write_word(cb, &b, WORD_B, VALUE_B);
   submit(cb, fence);
   check_blocked(fence, &b);
   CHECK_VK(vkGetEventStatus(C.dev, e), VK_EVENT_RESET);
   VK_OK(vkSetEvent(C.dev, e));
   check_released(fence, &b);
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   if (sec)
      vkFreeCommandBuffers(C.dev, C.pool, 1, &sec);
   vkDestroyFence(C.dev, fence, NULL);
   vkDestroyEvent(C.dev, e, NULL);
   agx_vk_buffer_free(&C, &b);
   printf("set then reset%s, wait for the host ok\n", in_secondary ? " by a secondary" : "");
}

/* An event nobody sets: the watchdog ends the wait, the device is lost. */
static void
test_never_set(void)
{
   VkEvent e = make_event();
   VkFence fence = make_fence();
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64);
   VkCommandBuffer cb = begin();
   write_word(cb, &b, WORD_A, VALUE_A);
   wait_events(cb, 1, &e, VK_PIPELINE_STAGE_HOST_BIT);
   write_word(cb, &b, WORD_B, VALUE_B);
   submit(cb, fence);
   uint64_t start = now_ns(), cpu_start = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
   VkResult r = vkWaitForFences(C.dev, 1, &fence, VK_TRUE, 120000 * MS);
   CHECK_VK(r, VK_ERROR_DEVICE_LOST);
   agx_vk_ctx_device_lost(&C);
   double wall = (double)(now_ns() - start) / 1e9;
   double cpu = (double)(clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu_start) / 1e9;
   printf("never-set event: device lost after %.2f s, %.2f s of CPU\n", wall, cpu);
   /* The simulator pauses a polling GPU thread instead of spinning a CPU on
    * it: with the budget meson gives this test (20 M instructions) spinning
    * costs over 1 s of CPU (the model runs ~18 M instructions/s, slower
    * under sanitizers), pausing about 0.2 s. */
   const char *budget = getenv("AGX_SIM_BUDGET");
   if (budget && strcmp(budget, "20000000") == 0)
      CHECK(cpu < 0.6);
   CHECK(word(&b, WORD_B) == 0);
   CHECK_VK(vkGetEventStatus(C.dev, e), VK_ERROR_DEVICE_LOST);
   CHECK_VK(vkDeviceWaitIdle(C.dev), VK_ERROR_DEVICE_LOST);
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
   vkDestroyFence(C.dev, fence, NULL);
   vkDestroyEvent(C.dev, e, NULL);
   agx_vk_buffer_free(&C, &b);
   printf("never-set event ok (device lost, process running)\n");
}

int
main(int argc, char **argv)
{
   bool never_set = false;
   for (int i = 1; i < argc; i++)
      never_set |= strcmp(argv[i], "--never-set") == 0;
   agx_vk_ctx_instance(&C, argc, argv);
   /* The layer flags vkSetEvent on an event that a pending command buffer
    * also resets (test_reset_then_wait). Valid: the test sets it only after
    * the reset ran and the wait started; not a VUID, a forward-progress hint. */
   agx_vk_ctx_allow(&C, "UNASSIGNED-CoreValidation-DrawState-QueueForwardProgress");
   CHECK(!(never_set && C.reference)); /* lavapipe would spin forever */
   VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .synchronization2 = VK_TRUE,
   };
   agx_vk_ctx_device(&C, &f13, 0, NULL);
   if (never_set) {
      test_never_set();
   } else {
      test_host_set(1);
      test_host_set(3);
      test_already_set();
      test_reset_then_wait();
      test_sync2();
      test_secondary();
      test_set_then_reset(false);
      test_set_then_reset(true);
   }
   return agx_vk_ctx_finish(&C);
}
