/* Fragment output epilog (Mesa's split programs, agx_nir_prolog_epilog.c;
 * graphics.md §4.5): the main fragment shader is compiled once with
 * agx_backend_options.fs_epilog (colour outputs left in r(4 (i + 1)) ..
 * +3, dual-source second colour in r8-r11, no stop) and this epilog, keyed
 * on struct agx_fs_epilog_key (tilebuffer layout, colours written, blend
 * state, write masks, logic op), converts, blends and stores them:
 *   - blending per render target in fp32 (agx_fs_blend.c): destination
 *     read with ld_tile after wait_pix 0x8 (Mesa), every VkBlendFactor and
 *     core VkBlendOp, blend constants from the uniforms at
 *     AGX_ABI_FS_BLEND_CONST (agx_abi.h), SRC1_* factors on RT0 only;
 *     unorm / snorm inputs and results clamped as Vulkan says; integer
 *     render targets are never blended (Vulkan ignores it);
 *   - logic ops (all 16 VkLogicOp) on the integer value of unorm and
 *     integer render targets (sRGB and float targets ignore it, Vulkan);
 *   - write masks: masked st_tile when the physical format has component
 *     masks, read-modify-write for packed formats (rgb10a2, rg11b10f,
 *     rgb9e5);
 *   - wait_pix 0xC, st_tile per written render target.
 * Blending disabled (enable = 0) is ONE/ZERO/ADD without ld_tile. The
 * driver uploads the epilog immediately after the main shader's code (the
 * USC register count is the larger of the two). Lanes the main shader
 * halted (discard) stay off: the epilog keeps the execution-mask state r0l.
 * The epilog for a key is deterministic (same bytes for equal keys).
 * Multisampled: a render target whose result depends on the destination
 * (blending, logic op, read-modify-write mask) is loaded, blended and
 * stored once per sample (ld_tile / st_tile sample mask 1 << s, unrolled
 * over tib.nr_samples), as Mesa's per-sample loop does. */
#pragma once
#include "agx_backend.h"
#include "agx_fs_epilog_key.h"

/* Builds the epilog for a key. out->info.fs.reads_tib says whether it
 * reads the tilebuffer (ld_tile). Returns 0, or -1 with a message in err
 * (invalid factor, op or logic op). */
int agx_build_fs_epilog_key(const struct agx_fs_epilog_key *key, struct agx_backend_result *out,
                            char *err, size_t errsize);

/* The same epilog inline, at the end of a monolithic fragment shader (a
 * per-sample loop's body, agx_pass_lower_sample_shading): colour[rt][c]
 * are the values the shader computed (rt 1: the second colour of dual-
 * source blending). *reads_tib: whether it loads the tilebuffer. Returns
 * 0, or -1 with a message (invalid key). */
struct agx_builder;
int agx_fs_epilog_emit(struct agx_builder *b, const struct agx_fs_epilog_key *key,
                       agx_instr *const (*colour)[4], bool *reads_tib, char *err, size_t errsize);

/* Replaces the colour register writes of agx_pass_lower_colour_exports in
 * s by the epilog of key (colour_written: s's), at the end of the shader;
 * s becomes a whole program again. */
int agx_fs_epilog_inline(agx_shader *s, const struct agx_fs_epilog_key *key, char *err,
                         size_t errsize);

/* Blending off, all components written (agx_fs_epilog_key_init). */
int agx_build_fs_epilog(const struct agx_tilebuffer_layout *tib, unsigned colour_written,
                        struct agx_backend_result *out, char *err, size_t errsize);
