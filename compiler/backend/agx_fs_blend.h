/* Blend and logic-op arithmetic of the fragment output epilog (see
 * agx_fs_epilog.h): builds IR for one render target from the source
 * colour(s), the destination and the blend constants. Private to the
 * back end. */
#pragma once
#include "agx_builder.h"
#include "agx_fs_epilog.h"

/* Does the state read the destination (factors, MIN/MAX)? */
bool agx_blend_rt_reads_dst(const struct agx_blend_rt *rt);
/* Does the logic op read the destination? */
bool agx_logic_op_reads_dst(unsigned op);
/* Is a factor a SRC1_* one? */
bool agx_blend_factor_is_src1(unsigned f);

/* The blended colour (32-bit floats, 4 components) of one render target:
 * s, s1 = source colours (s1 NULL entries when not dual-source), d = the
 * destination (missing components 0, alpha 1), k = blend constants. norm:
 * 1 unorm (inputs and result clamped to [0, 1]), 2 snorm ([-1, 1]),
 * 0 float; dst_in_range: the destination needs no clamp (ld_tile of a
 * normalised physical format; f16-stored unorm formats such as 565 do). */
void agx_blend_build(agx_builder *b, const struct agx_blend_rt *rt, unsigned norm,
                     bool dst_in_range, agx_instr *const *s, agx_instr *const *s1,
                     agx_instr *const *d, agx_instr *const *k, agx_instr **out);

/* VkLogicOp on 32-bit integers s (source) and d (destination). */
agx_instr *agx_logic_op_build(agx_builder *b, unsigned op, agx_instr *s, agx_instr *d);
