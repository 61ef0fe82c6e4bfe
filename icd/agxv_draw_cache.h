/*
 * What the draws of a command buffer uploaded and emitted last, so a draw
 * re-uploads and re-emits only what changed (issue 19: "recorded into
 * VDM/PPP streams with state tracked and emitted only when it changed";
 * the model is Honeykrisp's dirty tracking, Mesa
 * src/asahi/vulkan/hk_cmd_draw.c hk_flush_dynamic_state, which skips the
 * VDM State words, root upload and USC words while nothing they depend on
 * changed). agxv_cmd_draw.c reads and fills it; the binding commands
 * (agxv_cmd_bind.c, agxv_cmd_draw.c) set its dirty bits.
 *
 * Three kinds of entries:
 *   - uploads (root uniforms, vertex-fetch uniforms), valid while their
 *     dirty bit is clear and their other inputs are equal;
 *   - a few USC word lists / CF binding tables by key (shader or pipeline,
 *     and the addresses they embed), so alternating pipelines reuse theirs;
 *   - the hardware state last emitted in the current VDM stream (VDM State
 *     vertex-shader words, restart index, PPP fragment-shader words), valid
 *     while that stream stays the one at stream_va.
 *
 * Keys: USC lists by the code BO (pipelines of equal binaries share it,
 * agxv_shared_code.h), CF tables by a hash of their contents.
 * Assumes: upload memory is never reused while recording (agxv_upload.h), so
 * every cached address stays valid until the command buffer is reset;
 * pipelines are not destroyed while a command buffer using them records
 * (Vulkan makes such a command buffer invalid), so pointers are stable keys;
 * the hardware keeps VDM and PPP state from one draw to the next within a
 * stream (Honeykrisp relies on it; hardware.md §8). USC lists of fragment
 * shaders embed the pass's tilebuffer layout: the keyed entries are dropped
 * at every vkCmdBeginRendering.
 */
#ifndef AGXV_DRAW_CACHE_H
#define AGXV_DRAW_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "agxv_ppp.h"
#include "agxv_vdm.h"

struct agxv_pipeline;
struct agxv_vbo_link;
struct agxv_fs_variant;

/* Inputs that changed since the last draw consumed them. */
enum agxv_draw_dirty {
   AGXV_DRAW_DIRTY_VS_ROOT = 1u << 0, /* sets or push constants the vertex stage reads */
   AGXV_DRAW_DIRTY_FS_ROOT = 1u << 1, /* sets or push constants the fragment stage reads */
   AGXV_DRAW_DIRTY_VB = 1u << 2,      /* vertex-buffer bindings or bound strides */
   AGXV_DRAW_DIRTY_ALL = (1u << 3) - 1,
};

/* One keyed entry: a USC word list or CF table and what it was made from. */
struct agxv_draw_cache_entry {
   const void *owner; /* shader or pipeline; NULL: empty */
   uint64_t a, b;     /* what it embeds (root and vertex-fetch uniforms, provoking vertex) */
   uint64_t value;    /* USC offset */
   bool flag;         /* CF tables: generate primitive ID */
};

#define AGXV_DRAW_CACHE_ENTRIES 8u

/* Root uniforms uploaded before, per stage (0: vertex, 1: fragment), with
 * their bytes: a draw whose root equals one of them takes its address
 * (upload memory is never rewritten while recording), so the USC list
 * keyed by that address is found in the cache too (a renderer alternating
 * between a few sets or push-constant values). The bytes are a CPU copy
 * (upload memory may be write-combined). */
#define AGXV_DRAW_ROOT_MEMOS 2u
#define AGXV_DRAW_ROOT_BYTES 376u /* AGX_ABI_UNIFORM_SIZE (asserted in agxv_cmd_draw.c) */
struct agxv_draw_root_memo {
   uint64_t gpu; /* 0: empty */
   uint8_t bytes[AGXV_DRAW_ROOT_BYTES];
};

/* A program found for dynamic blend state (agxv_fs_variants.h) and the
 * state its epilog key was made from: agxv_blend_make_key reads the
 * colour blend and multisample state and the subpass's tile flags (plus
 * the tilebuffer layout, compared with the program's key, and the
 * pipeline's fragment facts, the variants' owner), so the program stays
 * the one for any state whose bytes of those are equal (padding bytes may
 * make equal states miss, never the reverse). */
#define AGXV_DRAW_FS_VARIANT_MEMOS 2u
struct agxv_draw_fs_variant_memo {
   const struct agxv_fs_variant *variant; /* NULL: empty */
   const void *variants;                  /* the pipeline's struct agxv_fs_variants */
   bool statistics;
   bool merged, other_rts; /* agxv_subpass_tiles */
   struct agxv_cb_state cb;
   struct agxv_ms_state ms;
};

/* What a keyed entry holds; each kind's two last hits are checked first
 * (two pipelines drawn in turn find theirs there without a search). */
enum agxv_draw_cache_kind {
   AGXV_DRAW_CACHE_FS_LIST,
   AGXV_DRAW_CACHE_CF,
   AGXV_DRAW_CACHE_VS_LIST,
   AGXV_DRAW_CACHE_KINDS,
};

struct agxv_draw_cache {
   uint32_t dirty; /* enum agxv_draw_dirty */
   /* The pipeline whose render formats were checked against the pass, and
    * the one checked before it (two pipelines drawn in turn). */
   const struct agxv_pipeline *pipeline, *pipeline_before;
   /* Root uniforms (0: none) and the inputs beside the bind point they hold. */
   uint64_t vs_root, fs_root;
   uint64_t vs_const_data, fs_const_data;
   uint64_t vs_geometry_params; /* cmd->geometry_params the VS root holds (GS draws) */
   uint32_t base_vertex, base_instance, draw_id;
   uint32_t view_index; /* the view both roots hold (agxv_multiview.h) */
   /* Vertex-fetch uniforms (0: none) of a link. */
   const struct agxv_vbo_link *vbo_link;
   uint64_t vbo;
   uint32_t vbo_size;
   struct agxv_draw_root_memo roots[2][AGXV_DRAW_ROOT_MEMOS];
   uint32_t root_next[2];
   /* Lookups that missed in a row, and roots uploaded without a lookup
    * since they did (per stage): a renderer whose roots never repeat (new
    * push constants per draw) pays for a few lookups in 64, not all. */
   uint32_t root_misses[2], root_skip[2];
   /* Keyed USC lists / CF tables, replaced round robin. */
   struct agxv_draw_cache_entry entries[AGXV_DRAW_CACHE_ENTRIES];
   uint32_t next_entry;
   /* per kind, the last two found/added; last_next: the one replaced next */
   struct agxv_draw_cache_entry last[AGXV_DRAW_CACHE_KINDS][2];
   uint8_t last_next[AGXV_DRAW_CACHE_KINDS];
   /* Hardware state in the VDM stream that starts at stream_va (0: none). */
   uint64_t stream_va;
   bool vs_state_valid;
   struct agxv_vdm_vs vs_state;
   bool restart_valid;
   uint32_t restart_index;
   bool fs_words_valid;
   uint64_t fs_pipeline, fs_cf_bindings; /* in the last PPP Fragment Shader words */
   /* The shader-derived PPP words the stream holds (the agxv_ppp_draw
    * fields of the last draw), compared word by word at each draw so a
    * pipeline switch re-emits only the PPP groups whose words differ. */
   bool ppp_words_valid;
   uint32_t vs_output_select, uvs_size, varying_counts_32, varying_counts_16;
   uint32_t fs_fragment_control, fs_face_2, fs_output_select;
   bool has_fs, generate_primitive_id;
   /* The linked program of the last draw of a pipeline with dynamic blend
    * state (agxv_fs_variants.h), its pipeline and whether it counts
    * invocations: found again only when those or the state changed. */
   const struct agxv_fs_variant *fs_variant;
   const void *fs_variant_owner;
   bool fs_variant_stats;
   /* The programs found for the last two states looked up (two states
    * drawn in turn find theirs without making the epilog key again). */
   struct agxv_draw_fs_variant_memo fs_variant_memos[AGXV_DRAW_FS_VARIANT_MEMOS];
   uint32_t fs_variant_memo_next;
};

/* Forgets everything (command buffer reset or begin). */
void agxv_draw_cache_reset(struct agxv_draw_cache *c);
/* The address of a root of the stage (0 vertex, 1 fragment) holding these
 * AGXV_DRAW_ROOT_BYTES bytes, 0 if none is known or lookups are paused
 * (AGXV_DRAW_ROOT_PAUSE roots after AGXV_DRAW_ROOT_MAX_MISSES misses in a
 * row); remembering one uploaded (ignored while paused). */
#define AGXV_DRAW_ROOT_MAX_MISSES 8u
#define AGXV_DRAW_ROOT_PAUSE 56u
static inline bool
agxv_draw_cache_root_paused(const struct agxv_draw_cache *c, unsigned stage)
{
   return c->root_skip[stage] != 0;
}
uint64_t agxv_draw_cache_find_root(struct agxv_draw_cache *c, unsigned stage, const void *bytes);
void agxv_draw_cache_add_root(struct agxv_draw_cache *c, unsigned stage, uint64_t gpu,
                              const void *bytes);
/* A new render pass: keyed entries and the checked pipeline are dropped,
 * stream state is forgotten; uploads without tilebuffer inputs stay. */
void agxv_draw_cache_begin_pass(struct agxv_draw_cache *c);
/* The stream state is unknown (another stream, or a secondary was called). */
static inline void
agxv_draw_cache_forget_stream(struct agxv_draw_cache *c)
{
   c->stream_va = 0;
   c->vs_state_valid = c->restart_valid = c->fs_words_valid = c->ppp_words_valid = false;
}

/* The PPP dirty bits (enum agxv_ppp_dirty) of the shader-derived words of
 * a draw that differ from the stream's (all four when unknown), which
 * become the stream's. The groups, after agxv_ppp_header: VS = Output
 * Select and Output Size; LINKED_FS = Fragment Control 2 and Output
 * Select; VARYINGS = Varying Counts, Cull 2 and Output Select; FS = the
 * fragment shader bound or not and Fragment Face 2. */
static inline uint32_t
agxv_draw_cache_ppp_words_dirty(struct agxv_draw_cache *c, const struct agxv_ppp_draw *pd)
{
   uint32_t dirty = 0;
   if (!c->ppp_words_valid) {
      dirty =
         AGXV_PPP_DIRTY_VS | AGXV_PPP_DIRTY_LINKED_FS | AGXV_PPP_DIRTY_VARYINGS | AGXV_PPP_DIRTY_FS;
   } else {
      if (c->vs_output_select != pd->vs_output_select || c->uvs_size != pd->uvs_size)
         dirty |= AGXV_PPP_DIRTY_VS;
      if (c->fs_fragment_control != pd->fs_fragment_control ||
          c->fs_output_select != pd->fs_output_select)
         dirty |= AGXV_PPP_DIRTY_LINKED_FS;
      if (c->varying_counts_32 != pd->varying_counts_32 ||
          c->varying_counts_16 != pd->varying_counts_16 ||
          c->generate_primitive_id != pd->generate_primitive_id)
         dirty |= AGXV_PPP_DIRTY_VARYINGS;
      if (c->has_fs != pd->has_fs || c->fs_face_2 != pd->fs_face_2)
         dirty |= AGXV_PPP_DIRTY_FS;
   }
   if (dirty) {
      c->vs_output_select = pd->vs_output_select;
      c->uvs_size = pd->uvs_size;
      c->fs_fragment_control = pd->fs_fragment_control;
      c->fs_output_select = pd->fs_output_select;
      c->varying_counts_32 = pd->varying_counts_32;
      c->varying_counts_16 = pd->varying_counts_16;
      c->generate_primitive_id = pd->generate_primitive_id;
      c->has_fs = pd->has_fs;
      c->fs_face_2 = pd->fs_face_2;
      c->ppp_words_valid = true;
   }
   return dirty;
}

static inline bool
agxv_draw_cache_matches(const struct agxv_draw_cache_entry *e, const void *owner, uint64_t a,
                        uint64_t b)
{
   return e->owner == owner && e->a == a && e->b == b;
}

/* The entry of a kind for (owner, a, b), or NULL. Owners of different
 * kinds are different objects (shader, pipeline state), so one table
 * holds every kind. */
static inline const struct agxv_draw_cache_entry *
agxv_draw_cache_find(struct agxv_draw_cache *c, enum agxv_draw_cache_kind kind, const void *owner,
                     uint64_t a, uint64_t b)
{
   struct agxv_draw_cache_entry *last = c->last[kind];
   if (agxv_draw_cache_matches(&last[0], owner, a, b))
      return &last[0];
   if (agxv_draw_cache_matches(&last[1], owner, a, b))
      return &last[1];
   for (uint32_t i = 0; i < AGXV_DRAW_CACHE_ENTRIES; i++) {
      if (agxv_draw_cache_matches(&c->entries[i], owner, a, b)) {
         struct agxv_draw_cache_entry *e = &last[c->last_next[kind]];
         c->last_next[kind] ^= 1;
         *e = c->entries[i];
         return e;
      }
   }
   return NULL;
}

/* Remembers an entry, replacing the oldest. */
void agxv_draw_cache_add(struct agxv_draw_cache *c, enum agxv_draw_cache_kind kind,
                         const void *owner, uint64_t a, uint64_t b, uint64_t value, bool flag);

/* Remembers the VDM vertex-shader state the stream now holds (field by
 * field: the caller wrote it so, and a whole-struct copy would stall store
 * forwarding). */
static inline void
agxv_draw_cache_set_vs_state(struct agxv_draw_cache *c, const struct agxv_vdm_vs *vs)
{
   c->vs_state.counts = vs->counts;
   c->vs_state.pipeline = vs->pipeline;
   c->vs_state.outputs = vs->outputs;
   c->vs_state.provoking = vs->provoking;
   c->vs_state.rasterizer_discard = vs->rasterizer_discard;
   c->vs_state.generate_primitive_id = vs->generate_primitive_id;
   c->vs_state_valid = true;
}

/* Whether two VDM vertex-shader states emit the same words. */
bool agxv_draw_cache_vs_state_equal(const struct agxv_vdm_vs *x, const struct agxv_vdm_vs *y);

#endif
