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
 *
 * test_queries [--validation] [--reference]
 */
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
check_region(bool gpu, const uint8_t *region, VkQueryResultFlags flags,
             const bool copied[POOL], const uint64_t ts[POOL])
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
            value_ok = elem == 8 ? v == ts[q]
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
                                 .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = POOL};
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
      check_region(true, dst.map + dst_offset + flags * REGION, flags,
                   copied, ts);
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
                                        ranges[r][1] * stride, host + ranges[r][0] * stride,
                                        stride, flags),
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

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   agx_vk_ctx_device(&C, NULL, 0, NULL);
   test_copy_all_flags();
   return agx_vk_ctx_finish(&C);
}
