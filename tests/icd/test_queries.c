/*
 * Timestamp query results through the loader, byte-exact.
 * vkCmdCopyQueryPoolResults and vkGetQueryPoolResults in every flag
 * combination (32/64-bit, WITH_AVAILABILITY, WAIT, PARTIAL) over a pool
 * where some queries were written and some only reset, into
 * sentinel-filled memory: a written query's value is its timestamp; an
 * unavailable one's value slot is left untouched unless PARTIAL is set;
 * the availability word is 1 or 0 with WITH_AVAILABILITY and untouched
 * otherwise; the padding up to the stride is untouched. WAIT copies only
 * written queries (waiting on one that is never written would hang).
 * Vulkan forbids PARTIAL with timestamp queries, so those combinations
 * run only on agx without the validation layer (agx then writes 0, the
 * value of a reset query); the PARTIAL semantics themselves are checked
 * for every combination against the kernel's host reference in tests/cl.
 * Then timestamps written from secondary command buffers.
 *
 * test_queries [--validation] [--reference]
 */
#include <time.h>

#include "agx_vk_ctx.h"

#define POOL 8
#define SENTINEL 0xa5
#define REGION 256 /* destination bytes per flag combination */

static struct agx_vk_ctx C;

/* Queries 0, 1, 3, 5 and 6 get timestamps; 2, 4 and 7 are only reset. */
static const bool written[POOL] = {1, 1, 0, 1, 0, 1, 1, 0};
/* The query ranges WAIT copies: only written queries. */
static const uint32_t wait_ranges[][2] = {{0, 2}, {3, 1}, {5, 2}};

static uint32_t
elem_size(VkQueryResultFlags flags)
{
   return flags & VK_QUERY_RESULT_64_BIT ? 8 : 4;
}

static uint32_t
stride_of(VkQueryResultFlags flags)
{
   return 3 * elem_size(flags); /* value, availability, one untouched element */
}

static bool
all_sentinel(const uint8_t *p, uint32_t n)
{
   for (uint32_t i = 0; i < n; i++) {
      if (p[i] != SENTINEL)
         return false;
   }
   return true;
}

static uint64_t
load(const uint8_t *p, uint32_t size)
{
   if (size == 8) {
      uint64_t v;
      memcpy(&v, p, 8);
      return v;
   }
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

/*
 * Checks one flag combination's destination region, slot i = query i:
 * `copied[i]` says whether query i was in a copied range.
 */
static bool
all_zero(const uint8_t *p, uint32_t n)
{
   for (uint32_t i = 0; i < n; i++) {
      if (p[i])
         return false;
   }
   return true;
}

/* Observed on Debian 12's lavapipe (Mesa 22.3): a GPU copy WITH_AVAILABILITY
 * of an unavailable query zeroes the whole stride, value and padding
 * included, where Vulkan leaves them untouched. The reference run accepts
 * that (the availability word still must be 0); agx must not do it. */
static bool
lavapipe_zeroed(bool gpu, const uint8_t *slot, VkQueryResultFlags flags, uint32_t q)
{
   return C.reference && gpu && !written[q] && (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT) &&
          all_zero(slot, stride_of(flags));
}

static void
check_region(bool gpu, const uint8_t *region, VkQueryResultFlags flags, const bool copied[POOL],
             const uint64_t ts[POOL])
{
   const uint32_t elem = elem_size(flags), stride = stride_of(flags);
   for (uint32_t q = 0; q < POOL; q++) {
      const uint8_t *slot = region + q * stride;
      bool ok;
      if (!copied[q]) {
         ok = all_sentinel(slot, stride);
      } else {
         uint64_t v = load(slot, elem);
         bool value_ok;
         if (written[q])
            value_ok = elem == 8
                          ? v == ts[q]
                          : (v == (uint32_t)ts[q] || (ts[q] > UINT32_MAX && v == UINT32_MAX));
         else if (flags & VK_QUERY_RESULT_PARTIAL_BIT)
            value_ok = v == 0; /* agx: the reset value (only agx runs PARTIAL) */
         else
            value_ok = all_sentinel(slot, elem);
         bool avail_ok = (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
                            ? load(slot + elem, elem) == (written[q] ? 1u : 0u)
                            : all_sentinel(slot + elem, elem);
         ok = value_ok && avail_ok && all_sentinel(slot + 2 * elem, stride - 2 * elem);
         ok |= lavapipe_zeroed(gpu, slot, flags, q);
      }
      if (!ok) {
         fprintf(stderr, "%s, flags 0x%x, query %u (%s, %s):",
                 gpu ? "vkCmdCopyQueryPoolResults" : "vkGetQueryPoolResults", flags, q,
                 written[q] ? "written" : "unwritten", copied[q] ? "copied" : "not copied");
         for (uint32_t b = 0; b < stride; b++)
            fprintf(stderr, " %02x", slot[b]);
         fprintf(stderr, "\n");
         exit(1);
      }
   }
}

/* Which queries a combination copies, and as which (first, count) ranges. */
static uint32_t
ranges_for(VkQueryResultFlags flags, uint32_t ranges[][2], bool copied[POOL])
{
   uint32_t n = 0;
   if (flags & VK_QUERY_RESULT_WAIT_BIT) {
      for (uint32_t r = 0; r < 3; r++) {
         ranges[n][0] = wait_ranges[r][0];
         ranges[n++][1] = wait_ranges[r][1];
      }
   } else {
      ranges[0][0] = 0;
      ranges[0][1] = POOL;
      n = 1;
   }
   memset(copied, 0, POOL * sizeof(bool));
   for (uint32_t r = 0; r < n; r++) {
      for (uint32_t q = ranges[r][0]; q < ranges[r][0] + ranges[r][1]; q++)
         copied[q] = true;
   }
   return n;
}

static void
test_copy_all_flags(void)
{
   const bool partial_allowed = !C.validation && !C.reference;
   VkQueryPoolCreateInfo qpci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                 .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                 .queryCount = POOL};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(C.dev, &qpci, NULL, &qp));
   const VkDeviceSize dst_offset = 64; /* copies start past a sentinel prefix */
   struct agx_vk_buffer dst = agx_vk_buffer(&C, dst_offset + 16 * REGION);
   memset(dst.map, SENTINEL, dst.size);

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qp, 0, POOL);
   for (uint32_t q = 0; q < POOL; q++) {
      if (written[q])
         vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, q);
   }
   /* Without WAIT, a timestamp is available to a copy only after an
    * execution dependency on its write. */
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                        0, NULL, 0, NULL, 0, NULL);
   unsigned combos = 0;
   for (VkQueryResultFlags flags = 0; flags < 16; flags++) {
      if ((flags & VK_QUERY_RESULT_PARTIAL_BIT) && !partial_allowed)
         continue;
      uint32_t ranges[3][2];
      bool copied[POOL];
      uint32_t n = ranges_for(flags, ranges, copied);
      for (uint32_t r = 0; r < n; r++)
         vkCmdCopyQueryPoolResults(cb, qp, ranges[r][0], ranges[r][1], dst.buf,
                                   dst_offset + flags * REGION + ranges[r][0] * stride_of(flags),
                                   stride_of(flags), flags);
      combos++;
   }
   VK_OK(agx_vk_submit_wait(&C, cb));

   /* The timestamps themselves, from the host. */
   uint64_t ts[POOL] = {0};
   for (uint32_t q = 0; q < POOL; q++) {
      if (written[q])
         VK_OK(vkGetQueryPoolResults(C.dev, qp, q, 1, 8, &ts[q], 8,
                                     VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   }
   CHECK(ts[0] <= ts[1] && ts[1] <= ts[3] && ts[3] <= ts[5] && ts[5] <= ts[6]);

   CHECK(all_sentinel(dst.map, dst_offset));
   for (VkQueryResultFlags flags = 0; flags < 16; flags++) {
      uint32_t ranges[3][2];
      bool copied[POOL];
      ranges_for(flags, ranges, copied);
      if ((flags & VK_QUERY_RESULT_PARTIAL_BIT) && !partial_allowed)
         memset(copied, 0, sizeof(copied)); /* not recorded: all sentinel */
      check_region(true, dst.map + dst_offset + flags * REGION, flags, copied, ts);
   }

   /* The host path writes the same bytes; NOT_READY when an unwritten
    * query is among those read. */
   unsigned host_combos = 0;
   for (VkQueryResultFlags flags = 0; flags < 16; flags++) {
      if ((flags & VK_QUERY_RESULT_PARTIAL_BIT) && !partial_allowed)
         continue;
      static uint8_t host[REGION];
      memset(host, SENTINEL, sizeof(host));
      uint32_t ranges[3][2];
      bool copied[POOL];
      uint32_t n = ranges_for(flags, ranges, copied);
      for (uint32_t r = 0; r < n; r++) {
         uint32_t stride = stride_of(flags);
         bool all_written = true;
         for (uint32_t q = ranges[r][0]; q < ranges[r][0] + ranges[r][1]; q++)
            all_written &= written[q];
         CHECK_VK(vkGetQueryPoolResults(C.dev, qp, ranges[r][0], ranges[r][1],
                                        ranges[r][1] * stride, host + ranges[r][0] * stride, stride,
                                        flags),
                  all_written ? VK_SUCCESS : VK_NOT_READY);
      }
      check_region(false, host, flags, copied, ts);
      host_combos++;
   }

   vkDestroyQueryPool(C.dev, qp, NULL);
   agx_vk_buffer_free(&C, &dst);
   printf("query copies: %u flag combinations on the GPU, %u on the host, byte-exact\n", combos,
          host_combos);
}

static uint64_t
host_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static VkResult
submit_again(VkCommandBuffer cb)
{
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VkResult r = vkQueueSubmit(C.queue, 1, &si, VK_NULL_HANDLE);
   return r == VK_SUCCESS ? vkQueueWaitIdle(C.queue) : r;
}

/*
 * Timestamps written by secondary command buffers: S = {timestamp 1, fill,
 * timestamp 2, copy of 1..2}, S2 = {fill, timestamp 4}; the primary resets,
 * writes 0, executes S, writes 3, executes S2 and copies 0..4. Submitted
 * twice: each run's timestamps are ordered as recorded and later than the
 * previous run's.
 */
static void
test_secondary_timestamps(void)
{
   VkQueryPoolCreateInfo qpci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                 .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                 .queryCount = 5};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(C.dev, &qpci, NULL, &qp));
   struct agx_vk_buffer data = agx_vk_buffer(&C, 4096), res = agx_vk_buffer(&C, 256);
   const VkMemoryBarrier to_transfer = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                        .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT};

   VkCommandBuffer s1 = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_SECONDARY);
   vkCmdWriteTimestamp(s1, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, qp, 1);
   vkCmdFillBuffer(s1, data.buf, 0, 2048, 7);
   vkCmdWriteTimestamp(s1, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 2);
   vkCmdCopyQueryPoolResults(s1, qp, 1, 2, res.buf, 0, 16,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
                                VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   VK_OK(vkEndCommandBuffer(s1));
   VkCommandBuffer s2 = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_SECONDARY);
   vkCmdFillBuffer(s2, data.buf, 2048, 2048, 9);
   vkCmdWriteTimestamp(s2, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 4);
   VK_OK(vkEndCommandBuffer(s2));

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qp, 0, 5);
   vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 0);
   vkCmdExecuteCommands(cb, 1, &s1);
   vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 3);
   vkCmdExecuteCommands(cb, 1, &s2);
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                        1, &to_transfer, 0, NULL, 0, NULL);
   vkCmdCopyQueryPoolResults(cb, qp, 0, 5, res.buf, 64, 16,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
                                VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   VK_OK(vkEndCommandBuffer(cb));

   uint64_t last = 0;
   for (int run = 0; run < 2; run++) {
      memset(data.map, 0, data.size);
      memset(res.map, 0xa5, res.size);
      uint64_t before = host_ns();
      VK_OK(submit_again(cb));
      uint64_t after = host_ns();
      for (uint32_t i = 0; i < 1024; i++)
         CHECK(((const uint32_t *)data.map)[i] == (i < 512 ? 7u : 9u));
      uint64_t t[10];
      VK_OK(vkGetQueryPoolResults(C.dev, qp, 0, 5, sizeof(t), t, 16,
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT));
      for (uint32_t q = 0; q < 5; q++) {
         CHECK(t[2 * q + 1] == 1);
         if (q)
            CHECK(t[2 * (q - 1)] <= t[2 * q]);
      }
      CHECK(t[0] > last);
      if (!C.reference)
         CHECK(before <= t[0] && t[8] <= after);
      last = t[8];
      /* The secondary's own copy and the primary's copy. */
      const uint64_t *c = (const uint64_t *)res.map;
      CHECK(c[0] == t[2] && c[1] == 1 && c[2] == t[4] && c[3] == 1);
      CHECK(c[4] == 0xa5a5a5a5a5a5a5a5ull); /* nothing past the secondary's copy */
      for (uint32_t q = 0; q < 5; q++)
         CHECK(c[8 + 2 * q] == t[2 * q] && c[9 + 2 * q] == 1);
      printf("secondary timestamps, run %d: %llu ns from 0 to 4\n", run,
             (unsigned long long)(t[8] - t[0]));
   }
   VkCommandBuffer all[] = {cb, s1, s2};
   vkFreeCommandBuffers(C.dev, C.pool, 3, all);
   vkDestroyQueryPool(C.dev, qp, NULL);
   agx_vk_buffer_free(&C, &data);
   agx_vk_buffer_free(&C, &res);
   printf("secondary timestamps ok\n");
}

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   /* Copying queries that were only reset is the point of the test (valid
    * usage: their slots are left alone); the layer warns about each. */
   agx_vk_ctx_allow(&C, "UNASSIGNED-CoreValidation-DrawState-InvalidQuery");
   agx_vk_ctx_device(&C, NULL, 0, NULL);
   test_copy_all_flags();
   test_secondary_timestamps();
   return agx_vk_ctx_finish(&C);
}
