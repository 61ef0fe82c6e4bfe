/*
 * PPP state blocks for draws: from the graphics state in effect
 * (agxv_graphics_state.h) and what the shaders/render pass add, the PPP
 * Header and the words it announces (genxml agx_ppp.xml), emitting only the
 * words whose inputs changed; plus the render pass's ISP Scissor and Depth
 * bias array entries (agx_render.xml).
 *
 * Choices follow Honeykrisp (Mesa src/asahi/vulkan/hk_cmd_draw.c:
 * hk_flush_ppp_state for the words and their dirty conditions,
 * hk_flush_vp_state for scissors/region clips/viewports,
 * hk_flush_dynamic_state for depth bias entries and the provoking vertex;
 * hk_cmd_buffer.c for the stream's first PPP update). The viewport block
 * (Depth bias/Scissor, Region clip, Viewport) that Honeykrisp writes as a
 * second update is announced in the same header here: a header may
 * announce any set of words, in bit order (hardware.md §8).
 *
 * Assumes: the caller owns the pass arrays (appends the entries this file
 * packs and passes their indices in) and places blocks 64-byte aligned
 * (Mesa's allocation); shader-derived words arrive pre-packed.
 */
#ifndef AGXV_PPP_H
#define AGXV_PPP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_pack.h"
#include "agxv_graphics_state.h"

/* Inputs of the PPP words that are not Vulkan pipeline/dynamic state. */
struct agxv_ppp_draw {
   /* Render pass. */
   uint32_t fb_width, fb_height;
   bool has_depth;   /* a depth attachment is bound */
   bool has_stencil; /* a stencil attachment is bound */
   /* Occlusion queries. */
   enum agx_visibility_mode visibility_mode;
   uint32_t occlusion_index; /* slot in the pass's occlusion array */
   /* Indices into the pass arrays (first scissor of this draw's viewports,
    * the depth bias entry in effect). */
   uint32_t scissor_index;
   uint32_t depth_bias_index;
   /* Hardware vertex shader (compiler output). */
   uint32_t vs_output_select; /* packed Output Select (clip planes, point size, layer) */
   uint32_t uvs_size;         /* Output Size: words per vertex in the UVS */
   /* Varying linkage. */
   uint32_t varying_counts_32; /* packed Varying Counts, 32-bit varyings */
   uint32_t varying_counts_16; /* packed Varying Counts, 16-bit varyings */
   bool generate_primitive_id;
   /* Fragment shader; has_fs false: depth-only draw (tag writes disabled). */
   bool has_fs;
   uint32_t fs_fragment_control; /* packed Fragment control bits of the linked FS (pass type) */
   uint32_t fs_face_2;           /* packed Fragment face 2 bits of the FS (conservative depth) */
   uint32_t fs_output_select;    /* packed Output Select bits of the FS (varyings, frag coord Z) */
   uint32_t fs_counts;           /* packed Fragment Shader Word 0 */
   uint64_t fs_pipeline;         /* FS USC word list, offset from the USC base (64 B aligned) */
   uint64_t fs_cf_bindings;      /* CF binding header, offset from the USC base (4 B aligned) */
   /* Depth NEVER with a memory-writing FS: ALWAYS in hardware, the FS
    * forces depth to NaN (Mesa force_never_in_shader). */
   bool depth_never_in_shader;
};

/* Changes outside the Vulkan state (the Vulkan ones are agxv_dyn dirty bits). */
enum agxv_ppp_dirty {
   AGXV_PPP_DIRTY_VS = 1u << 0,          /* hardware vertex shader */
   AGXV_PPP_DIRTY_FS = 1u << 1,          /* fragment shader bound or unbound */
   AGXV_PPP_DIRTY_LINKED_FS = 1u << 2,   /* linked FS (prolog/epilog) */
   AGXV_PPP_DIRTY_VARYINGS = 1u << 3,    /* varying linkage */
   AGXV_PPP_DIRTY_OCCLUSION = 1u << 4,   /* query mode or index */
   AGXV_PPP_DIRTY_PASS = 1u << 5,        /* framebuffer size or attachments */
   AGXV_PPP_DIRTY_FS_UNIFORMS = 1u << 6, /* FS USC words re-uploaded */
   AGXV_PPP_DIRTY_ALL = (1u << 7) - 1,
};

/* Topology helpers shared with agxv_vdm (hk_cmd_draw.c translate_*). */
enum agx_object_type agxv_object_type(VkPrimitiveTopology topology);
/* Provoking vertex index 0/1/2: LAST → 2, triangle fans → 1, else 0. */
unsigned agxv_provoking_vertex(VkProvokingVertexModeEXT mode, VkPrimitiveTopology topology);
/* Fragment face line width: 4:4 fixed point minus one, width in [1/16, 16]. */
uint8_t agxv_pack_line_width(float width);

/* The words whose inputs changed (Vulkan dirty bits d->dirty + ppp_dirty). */
struct AGX_PPP_HEADER agxv_ppp_header(const struct agxv_dynamic_graphics_state *d,
                                      uint32_t ppp_dirty, const struct agxv_ppp_draw *draw);
/* The same, with the bytes of the block it announces (as agxv_ppp_size). */
struct AGX_PPP_HEADER agxv_ppp_header_sized(const struct agxv_dynamic_graphics_state *d,
                                            uint32_t ppp_dirty, const struct agxv_ppp_draw *draw,
                                            size_t *size);
/* The blocks of the commonest state changes between draws, emitted
 * without going through the general builder (issue 19's recording
 * benchmark): a switch between pipelines that differ in culling alone
 * (the Cull word), new fragment-shader uniforms (set binds, push
 * constants: the Fragment Shader words), or both. Whether the dirty state
 * is of that kind, the block's bytes (what agxv_ppp_header_sized announces
 * for these bits; 4: nothing to emit) and the block itself (the same bytes
 * as agxv_ppp_emit_sized gives for that header; 0 when an FS address does
 * not fit, as there). */
#define AGXV_PPP_QUICK_DYN_DIRTY (AGXV_DYN_BIT(RS_CULL_MODE) | AGXV_DYN_BIT(RS_FRONT_FACE))
/* Dynamic states no PPP word reads (colour blend state: the fragment
 * output epilog, agxv_fs_variants.h, and the fragment root take it; what
 * that changes in the linked program's words reaches the PPP through
 * struct agxv_ppp_draw, agxv_draw_cache_ppp_words_dirty): changing only
 * these (issue 19's blend-enable row) emits no word of its own, so it
 * still takes the quick path. A state here must never be read by the
 * general builder (test_ppp_words checks both give the same bytes). */
#define AGXV_PPP_NO_WORDS_DYN                                             \
   (AGXV_DYN_BIT(CB_BLEND_ENABLES) | AGXV_DYN_BIT(CB_BLEND_EQUATIONS) |   \
    AGXV_DYN_BIT(CB_WRITE_MASKS) | AGXV_DYN_BIT(CB_COLOR_WRITE_ENABLES) | \
    AGXV_DYN_BIT(CB_LOGIC_OP_ENABLE) | AGXV_DYN_BIT(CB_LOGIC_OP) |        \
    AGXV_DYN_BIT(CB_BLEND_CONSTANTS))
static inline bool
agxv_ppp_quick(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty)
{
   return !(ppp_dirty & ~(uint32_t)AGXV_PPP_DIRTY_FS_UNIFORMS) &&
          !(d->dirty & ~(AGXV_PPP_QUICK_DYN_DIRTY | AGXV_PPP_NO_WORDS_DYN));
}
/* Whether a quick block has the Cull word. */
static inline bool
agxv_ppp_quick_cull(const struct agxv_dynamic_graphics_state *d)
{
   return (d->dirty & AGXV_PPP_QUICK_DYN_DIRTY) != 0;
}
static inline size_t
agxv_ppp_quick_size(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty,
                    const struct agxv_ppp_draw *draw)
{
   return AGX_PPP_HEADER_LENGTH + (agxv_ppp_quick_cull(d) ? AGX_CULL_LENGTH : 0) +
          (draw->has_fs && ppp_dirty ? 4 * 4 : 0);
}
size_t agxv_ppp_emit_quick(void *dst, const struct agxv_dynamic_graphics_state *d,
                           uint32_t ppp_dirty, const struct agxv_ppp_draw *draw);

/* Bytes of the block a header announces (4: nothing to emit). */
size_t agxv_ppp_size(const struct AGX_PPP_HEADER *hdr);
/* Writes header + words to dst (4-byte aligned); returns the bytes written,
 * 0 if capacity is too small, the header announces words this builder does
 * not produce, or a value does not fit its field (occlusion index ≥ 2^15,
 * array index ≥ 2^16, framebuffer > 16384, misaligned FS addresses). */
size_t agxv_ppp_emit(void *dst, size_t capacity, const struct AGX_PPP_HEADER *hdr,
                     const struct agxv_dynamic_graphics_state *d, const struct agxv_ppp_draw *draw);
/* The same for a block of size = agxv_ppp_size(hdr) bytes (not computed again). */
size_t agxv_ppp_emit_sized(void *dst, size_t size, const struct AGX_PPP_HEADER *hdr,
                           const struct agxv_dynamic_graphics_state *d,
                           const struct agxv_ppp_draw *draw);

/* The first update of every VDM stream (hk_cmd_buffer.c): W clamp 1e-10,
 * occlusion query 2, output unknown, varying word 2. */
#define AGXV_PPP_STREAM_INIT_SIZE (4 + 4 + 4 + 4 + 8)
size_t agxv_ppp_emit_stream_init(void *dst, size_t capacity);

/* Whether this draw must append new pass-array entries first. */
bool agxv_ppp_needs_scissors(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty);
bool agxv_ppp_needs_depth_bias(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty);

/* Per viewport: viewport rectangle ∩ framebuffer ∩ API scissor, in pixels
 * (min inclusive, max exclusive). Returns the count: max(viewports, 1). */
struct agxv_rect {
   uint32_t min_x, min_y, max_x, max_y;
};
unsigned agxv_ppp_viewport_rects(const struct agxv_dynamic_graphics_state *d, uint32_t fb_width,
                                 uint32_t fb_height, struct agxv_rect rects[AGXV_MAX_VIEWPORTS]);
/* ISP Scissor entries (AGX_SCISSOR_LENGTH each) for those rectangles with
 * the Z range of graphics.md §3.2; returns the count written. */
unsigned agxv_ppp_pack_scissors(const struct agxv_dynamic_graphics_state *d, uint32_t fb_width,
                                uint32_t fb_height, void *out);
/* One Depth bias entry (AGX_DEPTH_BIAS_LENGTH); D16 scales the constant by
 * 2^-15 (Mesa: "Value from the PowerVR driver"). */
void agxv_ppp_pack_depth_bias(const struct agxv_dynamic_graphics_state *d, VkFormat depth_format,
                              void *out);

#endif
