/* The output epilog's key (agx_fs_epilog.h): blend state, write masks and
 * logic op per render target in Vulkan's enum values, plus the tilebuffer
 * layout and the colours the main shader writes; and the pass-type facts
 * the driver derives from it. Separate from agx_fs_epilog.h so the driver
 * (and tests that include ISA headers) can build and hash keys without the
 * compiler IR. Every member of the key is a byte: no padding. */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "agx_stage_info.h"
#include "agx_tilebuffer.h"

/* VkBlendFactor values. */
enum agx_blend_factor {
   AGX_BLEND_ZERO = 0,
   AGX_BLEND_ONE = 1,
   AGX_BLEND_SRC_COLOR = 2,
   AGX_BLEND_ONE_MINUS_SRC_COLOR = 3,
   AGX_BLEND_DST_COLOR = 4,
   AGX_BLEND_ONE_MINUS_DST_COLOR = 5,
   AGX_BLEND_SRC_ALPHA = 6,
   AGX_BLEND_ONE_MINUS_SRC_ALPHA = 7,
   AGX_BLEND_DST_ALPHA = 8,
   AGX_BLEND_ONE_MINUS_DST_ALPHA = 9,
   AGX_BLEND_CONSTANT_COLOR = 10,
   AGX_BLEND_ONE_MINUS_CONSTANT_COLOR = 11,
   AGX_BLEND_CONSTANT_ALPHA = 12,
   AGX_BLEND_ONE_MINUS_CONSTANT_ALPHA = 13,
   AGX_BLEND_SRC_ALPHA_SATURATE = 14,
   AGX_BLEND_SRC1_COLOR = 15,
   AGX_BLEND_ONE_MINUS_SRC1_COLOR = 16,
   AGX_BLEND_SRC1_ALPHA = 17,
   AGX_BLEND_ONE_MINUS_SRC1_ALPHA = 18,
   AGX_BLEND_NUM_FACTORS
};

/* VkBlendOp core values. */
enum agx_blend_op {
   AGX_BLEND_OP_ADD = 0,
   AGX_BLEND_OP_SUBTRACT = 1,
   AGX_BLEND_OP_REVERSE_SUBTRACT = 2,
   AGX_BLEND_OP_MIN = 3,
   AGX_BLEND_OP_MAX = 4,
   AGX_BLEND_NUM_OPS
};

/* VkLogicOp values (CLEAR = 0 .. SET = 15). */
enum agx_logic_op {
   AGX_LOGIC_CLEAR = 0,
   AGX_LOGIC_AND = 1,
   AGX_LOGIC_AND_REVERSE = 2,
   AGX_LOGIC_COPY = 3,
   AGX_LOGIC_AND_INVERTED = 4,
   AGX_LOGIC_NO_OP = 5,
   AGX_LOGIC_XOR = 6,
   AGX_LOGIC_OR = 7,
   AGX_LOGIC_NOR = 8,
   AGX_LOGIC_EQUIVALENT = 9,
   AGX_LOGIC_INVERT = 10,
   AGX_LOGIC_OR_REVERSE = 11,
   AGX_LOGIC_COPY_INVERTED = 12,
   AGX_LOGIC_OR_INVERTED = 13,
   AGX_LOGIC_NAND = 14,
   AGX_LOGIC_SET = 15,
};

/* One render target's blend state (VkPipelineColorBlendAttachmentState). */
struct agx_blend_rt {
   uint8_t enable;                   /* 0: ONE/ZERO/ADD, no ld_tile */
   uint8_t src_rgb, dst_rgb, op_rgb; /* enum agx_blend_factor / _op */
   uint8_t src_alpha, dst_alpha, op_alpha;
   uint8_t write_mask; /* VkColorComponentFlags: bit 0 R .. bit 3 A */
};

/* The epilog key. Every member is a byte (no padding): memset the key to 0,
 * fill it (agx_fs_epilog_key_init sets the defaults) and hash/compare its
 * bytes. */
struct agx_fs_epilog_key {
   struct agx_tilebuffer_layout tib;
   uint8_t colour_written; /* the main shader's info.fs.colour_written */
   uint8_t logic_op_enable;
   uint8_t logic_op; /* enum agx_logic_op */
   /* 1: pipeline statistics: the epilog adds 1 per invocation that is not a helper to the
    * u32 whose address is the u64 at the address in the root's AGX_ABI_FS_STATS (the low
    * word of a query's u64 fragment-shader-invocation counter; icd/agxv_query_stats.c) */
   uint8_t statistics;
   /* 1: the tilebuffer holds render targets the layout does not name (a
    * merged subpass, icd/agxv_render_pass_merge.c): the shader never
    * hides earlier fragments (translucent) */
   uint8_t other_rts;
   /* The pipeline's multisample state when the main shader left it to the
    * epilog (agx_fs_info.coverage_in_main false; Mesa agx_linker.h keeps
    * alpha to coverage / one in its epilog key too): samples killed
    * before the final test (the complement of pSampleMask[0] within the
    * rasterization samples), alpha to coverage of RT0's alpha over
    * alpha_to_coverage samples (0: off), and every written colour's alpha
    * replaced by 1. */
   uint8_t sample_kill;
   uint8_t alpha_to_coverage;
   uint8_t alpha_to_one;
   /* 1: the main shader left its final depth/stencil test to the epilog
    * (agx_fs_info.epilog_tests) */
   uint8_t main_tests;
   /* 1: store only the samples in r(AGX_FS_WRITE_SAMPLES_REG) (the main
    * shader's agx_fs_info.write_samples) */
   uint8_t write_samples;
   struct agx_blend_rt rt[AGX_TIB_MAX_RTS];
};

/* Zeroes the key; blending off, write masks 0xF, no logic op. */
void agx_fs_epilog_key_init(struct agx_fs_epilog_key *key, const struct agx_tilebuffer_layout *tib,
                            unsigned colour_written);

/* Does the epilog of this key need the earlier fragments' tilebuffer
 * contents (graphics.md §1.4, Mesa agx_linker.c): blending that reads the
 * destination, a logic op that reads it, a partial write mask, or a
 * bound render target the shader does not write. */
bool agx_fs_epilog_reads_tib(const struct agx_fs_epilog_key *key);

/* Does the epilog execute sample_mask (kills samples and runs the final
 * test: no hardware early Z, a punch-through pass)? */
bool agx_fs_epilog_kills(const struct agx_fs_epilog_key *key);

/* Fragment control pass type (genxml PASS_TYPE) of main + epilog: opaque
 * 0, translucent 1 (reads the tilebuffer), punch-through 2 (the main
 * shader executes sample_mask / zs_emit: discard, depth or sample-mask
 * output, forced early tests), translucent punch-through 3. */
unsigned agx_fs_pass_type(const struct agx_fs_info *main_fs, const struct agx_fs_epilog_key *key);

/* Does the key's RT0 use SRC1_* factors (dual-source: r8-r11 hold the
 * second colour and RT1 is not stored). */
bool agx_fs_epilog_dual_source(const struct agx_fs_epilog_key *key);
