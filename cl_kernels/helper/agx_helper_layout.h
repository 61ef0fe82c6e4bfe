/*
 * Memory the scratch helper program (agx_helper.s) works on: a software
 * contract between the driver (icd/agx_scratch.c), the helper program and
 * tests; the hardware only sees the block words the program maps.
 *
 * Assumes: the layout follows the shape of Mesa's agx_helper_header (a
 * subgroup count, per-core records pointing at per-core block lists of 4
 * block words per SIMD-group slot); offsets are our own. A block word is
 * (block GPU address >> 8) | size mask: block 0 carries (log4 + 1) low ones,
 * blocks 1..3 carry 1 (valid), unused blocks are 0. A block holds 32 threads
 * x (8 << 2 log4) dwords (Mesa agx_scratch.c).
 */
#ifndef AGX_HELPER_LAYOUT_H
#define AGX_HELPER_LAYOUT_H

#include <stdint.h>

#define AGX_HELPER_MAX_CORES 128   /* core_index values (sr20) */
#define AGX_HELPER_BUCKETS 16      /* USC Registers Spill size values */
#define AGX_HELPER_CORES_OFFSET 64 /* byte offset of cores[0] */
#define AGX_HELPER_CORE_STRIDE 128 /* bytes per core record */

/* Byte offsets in a core record (agx_helper.s uses them as word indices). */
#define AGX_HELPER_CORE_BLOCKLIST 0     /* u64 GPU address of the block list */
#define AGX_HELPER_CORE_ALLOC_CUR 8     /* u32 slots in use (a stack) */
#define AGX_HELPER_CORE_ALLOC_MAX 12    /* u32 high-water mark */
#define AGX_HELPER_CORE_ALLOC_FAILED 16 /* u32 NACKed STACK_ALLOCs */
#define AGX_HELPER_CORE_ALLOC_COUNT 24  /* u32[16] STACK_ALLOCs per Spill size */

/* One SIMD-group slot of a block list. */
struct agx_helper_block {
   uint32_t blocks[4];
};

#define AGX_HELPER_UNIT_DWORDS 8 /* per thread in a log4 = 0 block */
#define AGX_HELPER_MAX_LOG4 6
#define AGX_HELPER_SG_THREADS 32
/* Largest stack a thread can have: 4 blocks of the largest size. */
#define AGX_HELPER_MAX_STACK_BYTES (4u * 4u * (AGX_HELPER_UNIT_DWORDS << (2 * AGX_HELPER_MAX_LOG4)))

/* How a per-thread stack of `bytes` is cut into blocks (1..4 blocks of one
 * size); the shape Mesa's agx_scratch.c picks: the smallest block size
 * needing at most 3 blocks, else 4 blocks of the largest size. */
struct agx_helper_blocks {
   unsigned log4, count;
};

static inline struct agx_helper_blocks
agx_helper_blocks_for(uint32_t bytes)
{
   uint32_t dwords = (bytes + 3) / 4;
   struct agx_helper_blocks b = {0, 0};
   if (!dwords)
      return b;
   for (b.log4 = 0; b.log4 <= AGX_HELPER_MAX_LOG4; b.log4++) {
      uint32_t unit = AGX_HELPER_UNIT_DWORDS << (2 * b.log4);
      b.count = (dwords + unit - 1) / unit;
      if (b.count <= 3)
         return b;
   }
   b.log4 = AGX_HELPER_MAX_LOG4;
   b.count = 4;
   return b;
}

/* Bytes of one block (whole SIMD-group). */
static inline uint64_t
agx_helper_block_bytes(unsigned log4)
{
   return (uint64_t)AGX_HELPER_SG_THREADS * 4 * (AGX_HELPER_UNIT_DWORDS << (2 * log4));
}

/* USC Registers "Spill size" for a per-thread stack of `bytes` (Mesa's
 * agx_scratch_get_bucket): 0 = none, else 1 + ceil(log2(dwords / 8)),
 * at most 15. */
static inline unsigned
agx_helper_spill_size(uint32_t bytes)
{
   uint32_t dwords = (bytes + 3) / 4;
   if (!dwords)
      return 0;
   uint32_t units = (dwords + AGX_HELPER_UNIT_DWORDS - 1) / AGX_HELPER_UNIT_DWORDS;
   unsigned log2 = 0;
   while ((1u << log2) < units)
      log2++;
   return 1 + log2 < 15 ? 1 + log2 : 15;
}

static inline uint64_t
agx_helper_core_offset(unsigned core)
{
   return AGX_HELPER_CORES_OFFSET + (uint64_t)core * AGX_HELPER_CORE_STRIDE;
}

/* Scratch buffer: the header (every core record), then each present
 * core's block list, then each core's blocks (block-size aligned). */
struct agx_helper_buffer {
   uint64_t blocklists_off, blocks_off, size;
   struct agx_helper_blocks blocks;
   unsigned cores, subgroups;
};

static inline struct agx_helper_buffer
agx_helper_buffer_layout(unsigned cores, unsigned subgroups, uint32_t stack_bytes)
{
   struct agx_helper_buffer b;
   b.blocks = agx_helper_blocks_for(stack_bytes);
   b.cores = cores;
   b.subgroups = subgroups;
   uint64_t bb = agx_helper_block_bytes(b.blocks.log4);
   b.blocklists_off = agx_helper_core_offset(AGX_HELPER_MAX_CORES);
   uint64_t end = b.blocklists_off + (uint64_t)cores * subgroups * sizeof(struct agx_helper_block);
   b.blocks_off = (end + bb - 1) / bb * bb;
   b.size = b.blocks_off + (uint64_t)cores * subgroups * b.blocks.count * bb;
   return b;
}

/* Write the header and block lists into `map` (the buffer's CPU view, at
 * GPU address va, block-size aligned). present[i] says whether core_index
 * i exists; exactly b->cores entries are set. */
static inline void
agx_helper_buffer_fill(const struct agx_helper_buffer *b, void *map, uint64_t va,
                       const uint8_t present[AGX_HELPER_MAX_CORES])
{
   uint8_t *m = (uint8_t *)map;
   uint64_t bb = agx_helper_block_bytes(b->blocks.log4);
   uint32_t mask0 = (1u << (b->blocks.log4 + 1)) - 1;
   for (uint64_t i = 0; i < b->blocks_off; i++)
      m[i] = 0;
   uint32_t subgroups = b->subgroups;
   for (unsigned i = 0; i < 4; i++)
      m[i] = (uint8_t)(subgroups >> (8 * i));
   uint64_t list = b->blocklists_off, blocks = b->blocks_off;
   for (unsigned core = 0; core < AGX_HELPER_MAX_CORES; core++) {
      if (!present[core])
         continue;
      uint64_t rec = agx_helper_core_offset(core) + AGX_HELPER_CORE_BLOCKLIST;
      uint64_t list_va = va + list;
      for (unsigned i = 0; i < 8; i++)
         m[rec + i] = (uint8_t)(list_va >> (8 * i));
      for (unsigned sg = 0; sg < b->subgroups; sg++) {
         struct agx_helper_block blk = {{0, 0, 0, 0}};
         for (unsigned k = 0; k < b->blocks.count; k++) {
            uint64_t addr = va + blocks + k * bb;
            blk.blocks[k] = (uint32_t)(addr >> 8) | (k ? 1u : mask0);
         }
         for (unsigned k = 0; k < 4; k++)
            for (unsigned i = 0; i < 4; i++)
               m[list + k * 4 + i] = (uint8_t)(blk.blocks[k] >> (8 * i));
         list += sizeof(struct agx_helper_block);
         blocks += b->blocks.count * bb;
      }
   }
}

#endif
