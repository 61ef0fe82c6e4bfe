/*
 * Draws: vkCmdDraw, vkCmdDrawIndexed, vkCmdDraw(Indexed)Indirect,
 * vkCmdDrawMulti(Indexed)EXT,
 * vkCmdBindIndexBuffer and vkCmdBindVertexBuffers(2). Each draw
 * inside a render pass (agxv_cmd_rendering.c) uploads the root uniforms of
 * the vertex and fragment shaders (agx_abi.h: sets, push constants, base
 * vertex/instance), their USC word lists, the fragment shader's CF binding
 * table linked against the vertex shader's UVS layout, appends ISP scissor
 * / depth bias entries when the viewport state changed, then emits a PPP
 * update of the dirty words (agxv_ppp.h), the VDM State with the vertex
 * shader and the Index List (agxv_vdm.h).
 *
 * Model: Honeykrisp (Mesa src/asahi/vulkan/hk_cmd_draw.c hk_flush_ppp_state,
 * hk_flush_dynamic_state, hk_draw; hk_shader.c for the USC words:
 * Shader unk_2 = 2 for fragment, 3 otherwise, loads_varyings with CF
 * bindings, Registers unk_1 for fragment, Fragment Properties early-Z
 * unless the shader writes the sample mask). Varying linkage words come
 * from agxv_varyings.h (Output Select, Varying Counts, Vertex Outputs, the
 * CF binding table).
 *
 * A pipeline with a vertex-fetch prolog (agxv_vbo.h) also gets its
 * per-buffer uniforms (address, element clamp) above the main shader's.
 *
 * Recording cost: a draw uploads and emits only what changed since the
 * draws before it (agxv_draw_cache.h): root uniforms per stage when that
 * stage's sets/push constants (or the blend constants, the base
 * vertex/instance) changed, USC word lists and CF tables from a small keyed
 * cache, the PPP Fragment Shader words and the VDM State words only when
 * they differ from what the stream holds. A draw with no state change
 * adds only its Index List words.
 *
 * Multiview passes record every draw once per view (draw_views,
 * agxv_multiview.h).
 *
 * Occlusion queries (agxv_query_pool.c) set the visibility mode and index;
 * vkCmdBeginQuery/EndQuery mark them dirty (AGXV_PPP_DIRTY_OCCLUSION).
 */
#include <string.h>

#include "agx_pack.h"
#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agxv_cmd_buffer.h"
#include "agxv_cmd_draw_adjacency.h"
#include "agxv_cmd_draw_gs.h"
#include "agxv_cmd_draw_indirect.h"
#include "agxv_cmd_draw_tess.h"
#include "agxv_xfb.h"
#include "agxv_device.h"
#include "agxv_fs_variants.h"
#include "agxv_vs_variants.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_multiview.h"
#include "agxv_ppp.h"
#include "agxv_query_pool.h"
#include "agxv_varyings.h"
#include "agxv_vdm.h"

#define USC_LIST_ALIGN 64u
#define USC_LIST_MAX 256u
#define UNIFORM_DMA_BYTES 128u
#define PPP_MAX 512u

/* fragment: the FS block (blend constants where the VS has base vertex,
 * base instance and draw index: agx_abi.h). */
static void
fill_root(struct agxv_cmd_buffer *cmd, const struct agxv_shader *s, bool fragment,
          uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id, uint8_t *r)
{
   const struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_GRAPHICS];
   /* set addresses and push constants are one copy (agxv_cmd_buffer.h); the
    * stage block, sink and constant-data address follow */
   memcpy(r + AGX_ABI_SET_ADDR_BASE, bind->desc.set_addr, AGX_ABI_PUSH_BASE + AGX_ABI_PUSH_SIZE);
   memset(r + AGX_ABI_PUSH_BASE + AGX_ABI_PUSH_SIZE, 0,
          AGX_ABI_UNIFORM_SIZE - AGX_ABI_PUSH_BASE - AGX_ABI_PUSH_SIZE);
   if (fragment) {
      /* The fragment output epilog reads the blend constants (agxv_blend.h). */
      memcpy(r + AGX_ABI_FS_BLEND_CONST, cmd->dyn.s.cb.blend_constants, 16);
      uint64_t stats = agxv_stats_fs_slot(cmd); /* agxv_query_stats.c */
      memcpy(r + AGX_ABI_FS_STATS, &stats, 8);
      /* spilled render targets' descriptors (agxv_emrt.h) */
      memcpy(r + AGX_ABI_FS_EMRT, &cmd->rendering.emrt, 8);
   } else {
      memcpy(r + AGX_ABI_VS_BASE_VERTEX, &base_vertex, 4);
      memcpy(r + AGX_ABI_VS_BASE_INSTANCE, &base_instance, 4);
      memcpy(r + AGX_ABI_VS_DRAW_ID, &draw_id, 4);
   }
   if (cmd->device->robust_sink)
      memcpy(r + AGX_ABI_ROBUST_SINK, &cmd->device->robust_sink->va, 8);
   if (s->info.const_data_size) {
      uint64_t data = s->code->va + s->info.const_data_offset;
      memcpy(r + AGX_ABI_CONST_DATA, &data, 8);
   }
   memcpy(r + AGX_ABI_VIEW_INDEX, &cmd->view_index, 4); /* agxv_multiview.h */
   if (!fragment) /* a geometry shader's rasterization variant (agxv_cmd_draw_gs.c) */
      memcpy(r + AGX_ABI_GEOMETRY_PARAMS, &cmd->geometry_params, 8);
}

/* The root uniforms of a stage: built on the stack and compared with the
 * stage's last uploads (agxv_draw_cache_find_root), or, while those
 * lookups are paused, built in upload memory directly (a copy right after
 * the byte-wise stores would stall store forwarding on every draw). */
static VkResult
write_root(struct agxv_cmd_buffer *cmd, const struct agxv_shader *s, bool fragment,
           uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id, uint64_t *out)
{
   struct agxv_draw_cache *c = &cmd->draw_cache;
   struct agxv_upload_ptr root;
   VkResult result;
   if (agxv_draw_cache_root_paused(c, fragment)) {
      result = agxv_upload_alloc(&cmd->data, AGX_ABI_UNIFORM_SIZE, 16, &root);
      if (result != VK_SUCCESS)
         return result;
      fill_root(cmd, s, fragment, base_vertex, base_instance, draw_id, root.cpu);
      agxv_draw_cache_add_root(c, fragment, root.gpu, root.cpu);
      *out = root.gpu;
      return VK_SUCCESS;
   }
   _Alignas(16) uint8_t r[AGX_ABI_UNIFORM_SIZE];
   fill_root(cmd, s, fragment, base_vertex, base_instance, draw_id, r);
   *out = agxv_draw_cache_find_root(c, fragment, r);
   if (*out)
      return VK_SUCCESS;
   result = agxv_upload_alloc(&cmd->data, AGX_ABI_UNIFORM_SIZE, 16, &root);
   if (result != VK_SUCCESS)
      return result;
   memcpy(root.cpu, r, AGX_ABI_UNIFORM_SIZE);
   agxv_draw_cache_add_root(c, fragment, root.gpu, r);
   *out = root.gpu;
   return VK_SUCCESS;
}
_Static_assert(AGXV_DRAW_ROOT_BYTES == AGX_ABI_UNIFORM_SIZE, "the root memo holds whole roots");
_Static_assert(AGX_ABI_SET_ADDR_BASE == 0 && AGX_ABI_PUSH_BASE == AGXV_MAX_SETS * 8 &&
                  AGX_ABI_PUSH_SIZE == AGXV_MAX_PUSH_CONSTANTS_SIZE,
               "set addresses and push constants sit in the root as in agxv_descriptor_state");

/* The constant-data address a shader's root holds (0: none). */
static uint64_t
const_data(const struct agxv_shader *s)
{
   return s->info.const_data_size ? s->code->va + s->info.const_data_offset : 0;
}

/* The vertex-fetch prolog's per-buffer uniforms (agxv_vbo.h): address and
 * the largest element index whose bytes lie in the bound range, floor((size
 * - elsize) / stride) (graphics.md 2.2, Mesa agx_nir_lower_vbo.c), and the
 * stride (the pipeline's, or the bound one where it is dynamic). A binding
 * with no buffer, or a range too small for one element (which the unsigned
 * clamp cannot express), reads the device's zero sink with clamp 0, as
 * Honeykrisp does (hk_cmd_draw.c, agx_calculate_vbo_clamp with
 * rodata.zero_sink): element 0 reads zeros, later ones are past the clamp
 * (zeros too), whatever the robustness; nothing reads address 0. */
VkResult
agxv_cmd_write_vbo_uniforms(struct agxv_cmd_buffer *cmd, const struct agxv_vbo_link *link,
                            uint64_t *out, uint32_t *out_size)
{
   uint32_t n = 32 - (uint32_t)__builtin_clz(link->buffers | 1);
   struct agxv_upload_ptr u;
   VkResult result = agxv_upload_alloc(&cmd->data, 16 * n, 16, &u);
   if (result != VK_SUCCESS)
      return result;
   memset(u.cpu, 0, 16 * n);
   for (uint32_t b = 0; b < n; b++) {
      if (!(link->buffers & (1u << b)))
         continue;
      uint64_t va = cmd->vb.va[b], size = cmd->vb.size[b];
      uint32_t clamp = 0, stride = link->stride[b];
      if (link->dynamic_strides & (1u << b))
         stride = cmd->dyn.s.vi.bindings[b].stride;
      if (size < link->elsize[b] || !va) {
         va = cmd->device->zero_vbo->va;
      } else if (!stride) {
         clamp = UINT32_MAX;
      } else {
         uint64_t c = (size - link->elsize[b]) / stride;
         clamp = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
      }
      memcpy((uint8_t *)u.cpu + 16 * b, &va, 8);
      memcpy((uint8_t *)u.cpu + 16 * b + 8, &clamp, 4);
      memcpy((uint8_t *)u.cpu + 16 * b + 12, &stride, 4);
   }
   *out = u.gpu;
   *out_size = 16 * n;
   return VK_SUCCESS;
}

/* The USC word list of a vertex (tib NULL) or fragment shader. An indirect
 * draw's vertex shader takes its base vertex and base instance straight
 * from the application's record (draw_params: the address of the record's
 * base vertex, base instance 4 bytes later): two more Uniform words after
 * the root block overwrite those uniforms. Assumption (the sim executes
 * words in order; no public source says the hardware does): later Uniform
 * words win. */
static VkResult
emit_usc_words(struct agxv_cmd_buffer *cmd, const struct agxv_shader *s, uint64_t root,
               const struct agx_tilebuffer_layout *tib, const struct agx_fs_info *fs,
               bool epilog_kills, uint64_t draw_params, uint64_t vbo, uint32_t vbo_base,
               uint32_t vbo_size, uint64_t *usc_offset)
{
   struct agxv_device *device = cmd->device;
   /* Packed here, then uploaded in its exact size. */
   uint8_t words[USC_LIST_MAX];
   uint8_t *p = words;
   for (uint32_t off = 0; off < AGX_ABI_UNIFORM_SIZE; off += UNIFORM_DMA_BYTES) {
      uint32_t bytes = AGX_ABI_UNIFORM_SIZE - off < UNIFORM_DMA_BYTES ? AGX_ABI_UNIFORM_SIZE - off
                                                                      : UNIFORM_DMA_BYTES;
      agxv_push(p, USC_UNIFORM, cfg) {
         cfg.start_halfs = off / 2;
         cfg.size_halfs = bytes / 2;
         cfg.buffer = root + off;
      }
   }
   if (draw_params) {
      agxv_push(p, USC_UNIFORM, cfg) {
         cfg.start_halfs = AGX_ABI_VS_BASE_VERTEX / 2;
         cfg.size_halfs = 2;
         cfg.buffer = draw_params;
      }
      agxv_push(p, USC_UNIFORM, cfg) {
         cfg.start_halfs = AGX_ABI_VS_BASE_INSTANCE / 2;
         cfg.size_halfs = 2;
         cfg.buffer = draw_params + 4;
      }
   }
   if (vbo) {
      for (uint32_t off = 0; off < vbo_size; off += UNIFORM_DMA_BYTES) {
         uint32_t bytes = vbo_size - off < UNIFORM_DMA_BYTES ? vbo_size - off : UNIFORM_DMA_BYTES;
         agxv_push(p, USC_UNIFORM, cfg) {
            cfg.start_halfs = (vbo_base + off) / 2;
            cfg.size_halfs = bytes / 2;
            cfg.buffer = vbo + off;
         }
      }
   }
   if (tib) {
      p = agxv_usc_tilebuffer(p, tib);
   } else {
      agxv_push(p, USC_SHARED, cfg) {
         cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
         cfg.sample_count = 1;
         cfg.bytes_per_threadgroup = 65536;
      }
   }
   if (tib && cmd->rendering.emrt) {
      /* spilled render targets: Texture 2 rt, PBE 2 rt + 1 (agx_abi.h) */
      agxv_push(p, USC_TEXTURE, cfg) {
         cfg.start = 0;
         cfg.count = cmd->rendering.emrt_count;
         cfg.buffer = cmd->rendering.emrt;
      }
   }
   if (s->info.sampler_states) {
      agxv_push(p, USC_SAMPLER, cfg) {
         cfg.start = 0;
         cfg.count = 1;
         cfg.buffer = s->txf_sampler;
      }
   }
   agxv_push(p, USC_SHADER, cfg) {
      cfg.code = agxv_bo_usc_offset(device, s->code);
      cfg.unk_2 = tib ? 2 : 3;
      cfg.loads_varyings = tib && fs->num_cf_bindings > 0;
   }
   agxv_push(p, USC_REGISTERS, cfg) {
      cfg.register_count = s->info.gpr_halves ? s->info.gpr_halves : 256;
      cfg.unk_1 = tib != NULL;
      cfg.spill_size = agxv_scratch_spill_size(s->info.scratch_size);
   }
   if (tib) {
      agxv_push(p, USC_FRAGMENT_PROPERTIES, cfg) {
         /* Mesa agx_linker.c: early Z only without sample_mask / zs_emit
          * (its writes_sample_mask covers both). A shader writing depth
          * tests in its zs_emit with its own depth: an early test with the
          * interpolated depth would test (and update) the sample twice, and
          * reject fragments the written depth lets through (graphics.md
          * 4.4 rule 2: every sample tested once). */
         cfg.early_z_testing = !fs->uses_discard && !fs->writes_sample_mask && !fs->writes_depth &&
                               !fs->writes_stencil && !epilog_kills;
         cfg.unk_4 = 2;
      }
   }
   if (s->info.preamble_offset) {
      agxv_push(p, USC_PRESHADER, cfg) {
         cfg.code = agxv_bo_usc_offset(device, s->code) + s->info.preamble_offset;
      }
   } else {
      agxv_push(p, USC_NO_PRESHADER, cfg)
         ;
   }
   struct agxv_upload_ptr list;
   uint32_t size = (uint32_t)(p - words);
   VkResult result = agxv_upload_alloc(&cmd->usc, size, USC_LIST_ALIGN, &list);
   if (result != VK_SUCCESS)
      return result;
   memcpy(list.cpu, words, size);
   *usc_offset = list.gpu - device->usc_base;
   return VK_SUCCESS;
}

/* The fragment shader's CF binding table linked to the vertex shader's
 * record (agxv_varyings_link); offset 0 when the shader reads nothing. */
static VkResult
emit_cf_bindings(struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx,
                 unsigned provoking, uint64_t *usc_offset, bool *primitive_id)
{
   const struct agx_fs_info *fs = &gfx->fs;
   size_t size = agxv_varyings_cf_table_size(fs->num_cf_bindings);
   struct agxv_upload_ptr t;
   VkResult result = agxv_upload_alloc(&cmd->usc, (uint32_t)size, 16, &t);
   if (result != VK_SUCCESS)
      return result;
   size_t n = agxv_varyings_link(t.cpu, size, &gfx->uvs, fs->cf, fs->num_cf_bindings,
                                 fs->num_cf_regs, fs->reads_frag_coord_z, provoking, primitive_id);
   if (!n && fs->num_cf_bindings)
      return agxv_error(VK_ERROR_UNKNOWN, "the varyings cannot be linked");
   *usc_offset = n ? t.gpu - cmd->device->usc_base : 0;
   return VK_SUCCESS;
}

uint8_t *
agxv_pass_array_grow(struct agxv_cmd_buffer *cmd, uint8_t **arr, uint32_t *n, uint32_t *cap,
                     uint32_t count, uint32_t size)
{
   if (*n + count > *cap) {
      uint32_t c = *cap ? *cap * 2 : 16;
      while (c < *n + count)
         c *= 2;
      uint8_t *a =
         agxv_alloc(&cmd->pool->alloc, (size_t)c * size, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!a)
         return NULL;
      if (*n)
         memcpy(a, *arr, (size_t)*n * size);
      agxv_free(&cmd->pool->alloc, *arr);
      *arr = a;
      *cap = c;
   }
   uint8_t *p = *arr + (size_t)*n * size;
   *n += count;
   return p;
}

/* New ISP scissor / depth bias entries when the draw's state changed them. */
static VkResult
update_pass_arrays(struct agxv_cmd_buffer *cmd)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   if (agxv_ppp_needs_scissors(&cmd->dyn, rs->ppp_dirty)) {
      uint8_t tmp[AGXV_MAX_VIEWPORTS * AGX_SCISSOR_LENGTH];
      unsigned n = agxv_ppp_pack_scissors(&cmd->dyn, rs->width, rs->height, tmp);
      uint32_t first = rs->scissor_count;
      uint8_t *dst = agxv_pass_array_grow(cmd, &rs->scissors, &rs->scissor_count, &rs->scissor_cap,
                                          n, AGX_SCISSOR_LENGTH);
      if (!dst)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      memcpy(dst, tmp, (size_t)n * AGX_SCISSOR_LENGTH);
      rs->scissor_index = first;
   }
   if (agxv_ppp_needs_depth_bias(&cmd->dyn, rs->ppp_dirty)) {
      uint32_t first = rs->depth_bias_count;
      uint8_t *dst = agxv_pass_array_grow(cmd, &rs->depth_bias, &rs->depth_bias_count,
                                          &rs->depth_bias_cap, 1, AGX_DEPTH_BIAS_LENGTH);
      if (!dst)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      agxv_ppp_pack_depth_bias(&cmd->dyn, VK_FORMAT_UNDEFINED, dst);
      rs->depth_bias_index = first;
   }
   return VK_SUCCESS;
}

/* The fragment-shader inputs of the PPP words. The root uniforms are
 * uploaded again only when the fragment stage's sets/push constants or the
 * blend constants changed; the USC word list and CF table come from the
 * cache while their inputs match. */
/* The owner of CF table entries keyed by contents (a distinct address). */
static const char cf_owner_tag;

static VkResult
fill_fs(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline, unsigned provoking,
        struct agxv_ppp_draw *pd)
{
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   const struct agxv_shader *fs = agxv_pipeline_shader(pipeline, AGXV_STAGE_FRAGMENT);
   for (uint32_t i = 0; i < cmd->rendering.sub_tib.num_rts && !cmd->rendering.emrt; i++)
      if (cmd->rendering.sub_tib.spilled[i] && cmd->rendering.sub_tib.format[i])
         return agxv_error(VK_ERROR_UNKNOWN,
                           "render target %u spills the tilebuffer and its attachment is not "
                           "known here (a SIMULTANEOUS_USE secondary command buffer "
                           "continuing the pass without an inherited framebuffer, "
                           "agxv_emrt_reserve)",
                           i);
   /* counting fragment-shader invocations: the statistics variant */
   if (fs && agxv_stats_fs_slot(cmd) && agxv_pipeline_shader(pipeline, AGXV_STAGE_FRAGMENT_STATS))
      fs = agxv_pipeline_shader(pipeline, AGXV_STAGE_FRAGMENT_STATS);
   struct agxv_draw_cache *c = &cmd->draw_cache;
   pd->has_fs = fs != NULL;
   if (!fs)
      return VK_SUCCESS;
   VkResult result;
   /* dynamic blend state: the program linked for the state in effect,
    * looked up again when that state or the pipeline changed */
   const struct agxv_fs_variant *variant = NULL;
   if (gfx->fs_variants) {
      bool stats = agxv_stats_fs_slot(cmd) != 0;
      variant = c->fs_variant;
      /* dynamic rasterization samples: the epilog of the pass's layout */
      bool pass_tib = pipeline->graphics->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES);
      const struct agx_tilebuffer_layout *tib =
         pass_tib ? &cmd->rendering.sub_tib : &gfx->fs_variants->tib;
      if (!variant || c->fs_variant_owner != gfx || c->fs_variant_stats != stats ||
          (cmd->dyn.dirty & (AGXV_FS_VARIANT_DYNAMIC | AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES))) ||
          (pass_tib && memcmp(&variant->key.tib, tib, sizeof(*tib)))) {
         result = agxv_fs_variant_get_tib(cmd->device, gfx->fs_variants, &cmd->dyn.s, tib, stats,
                                          &variant);
         if (result != VK_SUCCESS)
            return result;
         c->fs_variant = variant;
         c->fs_variant_owner = gfx;
         c->fs_variant_stats = stats;
      }
      fs = &variant->shader;
   }
   bool epilog_kills = variant ? variant->kills : false;
   uint64_t data = const_data(fs);
   if ((c->dirty & AGXV_DRAW_DIRTY_FS_ROOT) || !c->fs_root || c->fs_const_data != data ||
       (cmd->dyn.dirty & AGXV_DYN_BIT(CB_BLEND_CONSTANTS))) {
      result = write_root(cmd, fs, true, 0, 0, 0, &c->fs_root);
      if (result != VK_SUCCESS) {
         c->fs_root = 0;
         return result;
      }
      c->fs_const_data = data;
      c->dirty &= ~AGXV_DRAW_DIRTY_FS_ROOT;
   }
   /* Keyed by the code BO (shared by pipelines of equal binaries,
    * agxv_shared_code.h) and the fragment facts the list embeds. */
   uint64_t fs_facts = gfx->fs.num_cf_bindings | (uint64_t)gfx->fs.uses_discard << 32 |
                       (uint64_t)(gfx->fs.writes_sample_mask || epilog_kills) << 33 |
                       (uint64_t)gfx->fs.writes_depth << 34 |
                       (uint64_t)gfx->fs.writes_stencil << 35;
   const struct agxv_draw_cache_entry *e =
      agxv_draw_cache_find(c, AGXV_DRAW_CACHE_FS_LIST, fs->code, c->fs_root, fs_facts);
   if (e) {
      pd->fs_pipeline = e->value;
   } else {
      result = emit_usc_words(cmd, fs, c->fs_root, &cmd->rendering.sub_tib, &gfx->fs, epilog_kills,
                              0, 0, 0, 0, &pd->fs_pipeline);
      if (result != VK_SUCCESS)
         return result;
      agxv_draw_cache_add(c, AGXV_DRAW_CACHE_FS_LIST, fs->code, c->fs_root, fs_facts,
                          pd->fs_pipeline, false);
   }
   /* The CF table depends on the pipeline's linkage and the provoking
    * vertex: keyed by the hash of its contents (agxv_gfx_words.cf_key), so
    * pipelines of equal linkage share it. */
   const void *cf_owner = &cf_owner_tag;
   uint64_t cf_a = gfx->words.cf_key[0] | provoking, cf_b = gfx->words.cf_key[1];
   if (!(gfx->words.cf_key[0] | gfx->words.cf_key[1])) { /* no key: by pipeline */
      cf_owner = gfx;
      cf_a = provoking;
      cf_b = 1;
   }
   e = agxv_draw_cache_find(c, AGXV_DRAW_CACHE_CF, cf_owner, cf_a, cf_b);
   if (e) {
      pd->fs_cf_bindings = e->value;
      pd->generate_primitive_id = e->flag;
   } else {
      result =
         emit_cf_bindings(cmd, gfx, provoking, &pd->fs_cf_bindings, &pd->generate_primitive_id);
      if (result != VK_SUCCESS)
         return result;
      agxv_draw_cache_add(c, AGXV_DRAW_CACHE_CF, cf_owner, cf_a, cf_b, pd->fs_cf_bindings,
                          pd->generate_primitive_id);
   }
   /* the words packed at pipeline creation (the statistics variant's
    * counts are its own) */
   pd->fs_counts = variant ? variant->fs_counts
                   : fs == agxv_pipeline_shader(pipeline, AGXV_STAGE_FRAGMENT)
                      ? gfx->words.fs_counts
                      : agxv_pack_fs_counts(fs, gfx->fs.num_cf_bindings);
   if (cmd->rendering.emrt) {
      /* the texture state registers of the spilled render targets (the
       * pipeline packs 0 there) */
      uint32_t t;
      agx_pack(&t, FRAGMENT_SHADER_WORD_0, cfg) {
         cfg.texture_state_register_count = cmd->rendering.emrt_count;
      }
      pd->fs_counts |= t;
   }
   pd->fs_fragment_control = variant ? variant->fragment_control : gfx->words.fs_fragment_control;
   pd->fs_face_2 = gfx->words.fs_face_2;
   pd->fs_output_select = gfx->words.fs_output_select;
   /* New words in the Fragment Shader PPP words when they changed. */
   if (!c->fs_words_valid || c->fs_pipeline != pd->fs_pipeline ||
       c->fs_cf_bindings != pd->fs_cf_bindings)
      cmd->rendering.ppp_dirty |= AGXV_PPP_DIRTY_FS_UNIFORMS;
   return VK_SUCCESS;
}

/* The vertex shader's USC word list: root uniforms again only when the
 * vertex stage's sets/push constants, the base vertex/instance or the
 * constant data changed, vertex-fetch uniforms only when the vertex
 * buffers or the pipeline's link changed, the list from the cache while
 * its inputs match. Indirect draws always get a new list (it embeds the
 * record's address). */
static VkResult
vs_list(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
        const struct agxv_vdm_draw *vd, uint32_t base_vertex, uint32_t base_instance,
        uint32_t draw_id, uint64_t *out, uint32_t *vs_counts)
{
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   const struct agxv_shader *vs = agxv_pipeline_shader(pipeline, AGXV_STAGE_VERTEX);
   const struct agxv_vbo_link *link = &gfx->vbo;
   struct agxv_draw_cache *c = &cmd->draw_cache;
   VkResult result;
   *vs_counts = gfx->words.vs_counts;
   if (gfx->vs_variants) {
      /* dynamic vertex input: the program linked with the prolog of the
       * state in effect (agxv_vs_variants.h) */
      const struct agxv_vs_variant *variant;
      result = agxv_vs_variant_get(cmd->device, gfx->vs_variants, &cmd->dyn.s.vi, &variant);
      if (result != VK_SUCCESS)
         return result;
      vs = &variant->shader;
      link = &variant->link;
      *vs_counts = variant->vs_counts;
   }
   uint64_t data = const_data(vs);
   if ((c->dirty & AGXV_DRAW_DIRTY_VS_ROOT) || !c->vs_root || c->vs_const_data != data ||
       c->base_vertex != base_vertex || c->base_instance != base_instance ||
       c->draw_id != draw_id || c->vs_geometry_params != cmd->geometry_params) {
      result = write_root(cmd, vs, false, base_vertex, base_instance, draw_id, &c->vs_root);
      if (result != VK_SUCCESS) {
         c->vs_root = 0;
         return result;
      }
      c->vs_const_data = data;
      c->base_vertex = base_vertex;
      c->base_instance = base_instance;
      c->draw_id = draw_id;
      c->vs_geometry_params = cmd->geometry_params;
      c->dirty &= ~AGXV_DRAW_DIRTY_VS_ROOT;
   }
   uint64_t vbo = 0;
   uint32_t vbo_size = 0;
   if (gfx->has_vbo) {
      /* pipelines of equal links share the uniforms (struct agxv_vbo_link
       * has no padding) */
      if ((c->dirty & AGXV_DRAW_DIRTY_VB) || !c->vbo ||
          (c->vbo_link != link && memcmp(c->vbo_link, link, sizeof(*link))) ||
          (cmd->dyn.dirty & (AGXV_DYN_BIT(VI) | AGXV_DYN_BIT(VI_BINDING_STRIDES)))) {
         result = agxv_cmd_write_vbo_uniforms(cmd, link, &c->vbo, &c->vbo_size);
         if (result != VK_SUCCESS) {
            c->vbo = 0;
            return result;
         }
         c->vbo_link = link;
         c->dirty &= ~AGXV_DRAW_DIRTY_VB;
      }
      vbo = c->vbo;
      vbo_size = c->vbo_size;
   }
   if (vd->indirect)
      return emit_usc_words(cmd, vs, c->vs_root, NULL, NULL, false,
                            vd->indirect + (vd->indexed ? 12 : 8), vbo, link->uniform_base,
                            vbo_size, out);
   const struct agxv_draw_cache_entry *e =
      agxv_draw_cache_find(c, AGXV_DRAW_CACHE_VS_LIST, vs->code, c->vs_root, vbo);
   if (e) {
      *out = e->value;
      return VK_SUCCESS;
   }
   result = emit_usc_words(cmd, vs, c->vs_root, NULL, NULL, false, 0, vbo, link->uniform_base,
                           vbo_size, out);
   if (result == VK_SUCCESS)
      agxv_draw_cache_add(c, AGXV_DRAW_CACHE_VS_LIST, vs->code, c->vs_root, vbo, *out, false);
   return result;
}

/* The restart index of an index type (all ones in its size). */
static uint32_t
restart_index(VkIndexType type)
{
   return type == VK_INDEX_TYPE_UINT32   ? 0xFFFFFFFFu
          : type == VK_INDEX_TYPE_UINT16 ? 0xFFFFu
                                         : 0xFFu;
}

/* The VDM stream the draw goes to; a stream other than the one the cached
 * hardware state was emitted in starts from nothing: every PPP word and
 * VDM State word is emitted again. */
static struct agxv_cs *
draw_stream(struct agxv_cmd_buffer *cmd)
{
   struct agxv_cs *cs = agxv_cmd_cs(cmd, AGXV_CS_VDM);
   struct agxv_draw_cache *c = &cmd->draw_cache;
   if (cmd->stream_open && c->stream_va != cmd->open.start_va) {
      agxv_draw_cache_forget_stream(c);
      c->stream_va = cmd->open.start_va;
      cmd->rendering.ppp_dirty = AGXV_PPP_DIRTY_ALL;
      cmd->dyn.dirty = AGXV_DYN_ALL;
   }
   return cs;
}

/* Whether the pipeline's fragment stage was made for the pass's
 * tilebuffer: the same layout, or with dynamic rasterization samples (its
 * layout is of one sample; the epilog takes the pass's) the same formats. */
static bool
tib_fits(const struct agxv_pipeline *pipeline, const struct agx_tilebuffer_layout *pass)
{
   const struct agx_tilebuffer_layout *own = &pipeline->gfx->tib;
   if (!(pipeline->graphics->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES)))
      return !memcmp(own, pass, sizeof(*pass));
   return own->num_rts == pass->num_rts && !memcmp(own->format, pass->format, sizeof(own->format));
}

/* VUID-vkCmdDraw-multisampledRenderToSingleSampled-07285: without a
 * mixed-samples extension (none is offered) dynamic rasterizationSamples
 * must equal the attachments' sample count. */
static VkResult
check_dynamic_samples(const struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline)
{
   if (!(pipeline->graphics->dynamic & AGXV_DYN_BIT(MS_RASTERIZATION_SAMPLES)))
      return VK_SUCCESS;
   unsigned want = cmd->dyn.s.ms.rasterization_samples;
   unsigned have = cmd->rendering.sub_tib.nr_samples ? cmd->rendering.sub_tib.nr_samples : 1;
   if (want != have)
      return agxv_error(VK_ERROR_UNKNOWN,
                        "dynamic rasterizationSamples %u differs from the attachments' %u samples",
                        want, have);
   return VK_SUCCESS;
}

static VkResult
draw(struct agxv_cmd_buffer *cmd, struct agxv_vdm_draw *vd, uint32_t base_vertex,
     uint32_t base_instance, uint32_t draw_id)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   struct agxv_draw_cache *c = &cmd->draw_cache;
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   if (!rs->active)
      return agxv_error(VK_ERROR_UNKNOWN, "draw outside a render pass");
   if (!pipeline || !pipeline->gfx)
      return agxv_error(VK_ERROR_UNKNOWN, "draw without a graphics pipeline");
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   const struct agxv_dynamic_graphics_state *d = &cmd->dyn;
   if (!vd->primitive_set && !agxv_vdm_primitive(d->s.ia.topology, &vd->primitive))
      return agxv_error(VK_ERROR_UNKNOWN, "topology %u is not supported yet", d->s.ia.topology);
   if (rs->samples_open) {
      /* an attachmentless pass: the first draw decides the sample count */
      VkResult fr = agxv_rendering_fix_samples(cmd, d->s.ms.rasterization_samples);
      if (fr != VK_SUCCESS)
         return fr;
   }
   VkResult sr = check_dynamic_samples(cmd, pipeline);
   if (sr != VK_SUCCESS)
      return sr;
   if (pipeline != c->pipeline) {
      /* only a fragment shader's output epilog depends on the formats (a
       * pipeline linked without the fragment output interface, e.g. with
       * rasterizer discard, has none of the pass's); checked once per
       * pipeline per pass */
      if (gfx->has_fs && pipeline != c->pipeline_before && !tib_fits(pipeline, &rs->sub_tib))
         return agxv_error(VK_ERROR_UNKNOWN,
                           "the pipeline's rendering formats differ from the render pass's");
      c->pipeline_before = c->pipeline;
      c->pipeline = pipeline;
   }
   struct agxv_cs *cs = draw_stream(cmd);
   if (cs->status != VK_SUCCESS)
      return cs->status;
   unsigned provoking = agxv_provoking_vertex(d->s.rs.provoking_vertex, d->s.ia.topology);

   struct agxv_ppp_draw pd = {
      .fb_width = rs->width,
      .fb_height = rs->height,
      .has_depth = rs->sub_has_depth,
      .has_stencil = rs->sub_has_stencil,
      .uvs_size = gfx->uvs.size,
   };
   pd.visibility_mode = agxv_query_visibility(cmd, &pd.occlusion_index);
   pd.vs_output_select = gfx->words.vs_output_select;
   pd.varying_counts_32 = gfx->words.varying_counts_32;
   pd.varying_counts_16 = gfx->words.varying_counts_16;
   VkResult result = fill_fs(cmd, pipeline, provoking, &pd);
   /* the PPP groups whose shader-derived words differ from the stream's
    * (a pipeline switch between pipelines of equal words re-emits none) */
   rs->ppp_dirty |= agxv_draw_cache_ppp_words_dirty(c, &pd);
   if (result == VK_SUCCESS)
      result = update_pass_arrays(cmd);
   uint64_t vs_usc;
   uint32_t vs_counts = 0;
   if (result == VK_SUCCESS)
      result = vs_list(cmd, pipeline, vd, base_vertex, base_instance, draw_id, &vs_usc, &vs_counts);
   if (result != VK_SUCCESS)
      return result;
   pd.scissor_index = rs->scissor_index;
   pd.depth_bias_index = rs->depth_bias_index;

   /* Nothing changed: no PPP words (the header would announce none). The
    * header is built in place (not copied: a copy of its byte-wise stores
    * stalls store forwarding on every draw that changes state). */
   size_t ppp_size = 4;
   struct agxv_upload_ptr ppp = {0};
   if (agxv_ppp_quick(d, rs->ppp_dirty)) {
      /* culling and/or the FS words alone (agxv_ppp.h) */
      ppp_size = agxv_ppp_quick_size(d, rs->ppp_dirty, &pd);
      if (ppp_size > 4) {
         result = agxv_upload_alloc(&cmd->data, (uint32_t)ppp_size, 64, &ppp);
         if (result != VK_SUCCESS)
            return result;
         if (agxv_ppp_emit_quick(ppp.cpu, d, rs->ppp_dirty, &pd) != ppp_size)
            return agxv_error(VK_ERROR_UNKNOWN, "PPP block could not be encoded");
      }
   } else if (rs->ppp_dirty || d->dirty) {
      const struct AGX_PPP_HEADER hdr = agxv_ppp_header_sized(d, rs->ppp_dirty, &pd, &ppp_size);
      if (ppp_size > 4) {
         result = agxv_upload_alloc(&cmd->data, (uint32_t)ppp_size, 64, &ppp);
         if (result != VK_SUCCESS)
            return result;
         if (agxv_ppp_emit_sized(ppp.cpu, ppp_size, &hdr, d, &pd) != ppp_size)
            return agxv_error(VK_ERROR_UNKNOWN, "PPP block could not be encoded");
      }
   }
   /* The VDM State words go out when they differ from the stream's (as
    * hk_flush_dynamic_state: only when the VS, its uniforms, the provoking
    * vertex, the varyings or rasterizer discard changed). */
   struct agxv_vdm_vs vvs = {
      .pipeline = vs_usc,
      .provoking = provoking,
      .rasterizer_discard = d->s.rs.rasterizer_discard_enable,
      .outputs = gfx->words.vdm_outputs,
      .generate_primitive_id = pd.generate_primitive_id,
      .counts = vs_counts,
   };
   bool vs_state = !c->vs_state_valid || !agxv_draw_cache_vs_state_equal(&c->vs_state, &vvs);
   /* The restart index likewise (hk_flush_index: when the index buffer changed). */
   uint32_t restart = restart_index(cmd->index.type);
   bool restart_state = vd->indexed && (!c->restart_valid || c->restart_index != restart);
   if (vd->indexed && !vd->own_indices) {
      vd->index_buffer = cmd->index.va;
      vd->index_buffer_range = cmd->index.size;
      vd->index_size = cmd->index.type == VK_INDEX_TYPE_UINT32   ? AGX_INDEX_SIZE_U32
                       : cmd->index.type == VK_INDEX_TYPE_UINT16 ? AGX_INDEX_SIZE_U16
                                                                 : AGX_INDEX_SIZE_U8;
      vd->restart = d->s.ia.primitive_restart_enable;
   }
   size_t bytes = (ppp_size > 4 ? AGXV_VDM_PPP_STATE_SIZE : 0) +
                  (vs_state ? AGXV_VDM_VS_STATE_SIZE : 0) +
                  (restart_state ? AGXV_VDM_RESTART_INDEX_SIZE : 0) + agxv_vdm_draw_size(vd);
   uint8_t *p = agxv_cs_reserve(cs, (uint32_t)bytes), *end = p + bytes;
   if (!p)
      return cs->status;
   if (ppp_size > 4)
      p += agxv_vdm_emit_ppp_state(p, end - p, ppp.gpu, ppp_size);
   if (vs_state)
      p += agxv_vdm_emit_vs_state(p, end - p, &vvs);
   if (restart_state)
      p += agxv_vdm_emit_restart_index(p, end - p, restart);
   if (!agxv_vdm_emit_draw(p, end - p, vd))
      return agxv_error(VK_ERROR_UNKNOWN, "draw could not be encoded");
   if (vs_state)
      agxv_draw_cache_set_vs_state(c, &vvs);
   if (restart_state) {
      c->restart_index = restart;
      c->restart_valid = true;
   }
   if (pd.has_fs) {
      c->fs_pipeline = pd.fs_pipeline;
      c->fs_cf_bindings = pd.fs_cf_bindings;
      c->fs_words_valid = true;
   }
   cmd->dyn.dirty = 0;
   rs->ppp_dirty = 0;
   return VK_SUCCESS;
}

VkResult
agxv_cmd_draw_vdm(struct agxv_cmd_buffer *cmd, struct agxv_vdm_draw *vd)
{
   return draw(cmd, vd, 0, 0, 0);
}

VkResult
agxv_cmd_draw_plain(struct agxv_cmd_buffer *cmd, struct agxv_vdm_draw *vd, uint32_t base_vertex,
                    uint32_t base_instance, uint32_t draw_id)
{
   return draw(cmd, vd, base_vertex, base_instance, draw_id);
}

/* The plain path, or the adjacency conversion for adjacency topologies
 * (no geometry shader here). */
static VkResult
draw_plain_or_adjacency(struct agxv_cmd_buffer *cmd, struct agxv_vdm_draw *vd, uint32_t base_vertex,
                        uint32_t base_instance, uint32_t draw_id)
{
   VkPrimitiveTopology t = cmd->dyn.s.ia.topology;
   if (t >= VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY &&
       t <= VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY)
      return agxv_cmd_draw_adjacency(cmd, vd, base_vertex, base_instance, draw_id);
   return draw(cmd, vd, base_vertex, base_instance, draw_id);
}

/* One API draw through its path (transform feedback capture, tessellation,
 * geometry shader or plain), once per view of a multiview pass with the
 * view index in the roots (agxv_multiview.h; Honeykrisp's hk_foreach_view
 * around hk_draw). */
static VkResult
draw_views(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd, uint32_t base_vertex,
           uint32_t base_instance, uint32_t draw_id)
{
   /* the common case (no multiview, capture, tessellation or geometry
    * shader) straight to the plain path */
   const struct agxv_pipeline *p = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   if (!cmd->rendering.desc.view_mask && !cmd->xfb.active && cmd->view_index == 0 && p && p->gfx &&
       !p->gfx->has_gs && !p->gfx->has_tess) {
      struct agxv_vdm_draw v = *vd;
      return draw_plain_or_adjacency(cmd, &v, base_vertex, base_instance, draw_id);
   }
   VkResult result = VK_SUCCESS;
   for (uint32_t m = agxv_multiview_views(cmd); m && result == VK_SUCCESS; m &= m - 1) {
      agxv_multiview_set_view(cmd, (uint32_t)__builtin_ctz(m));
      struct agxv_vdm_draw v = *vd; /* draw() fills in the index buffer */
      result = agxv_cmd_xfb_draw(cmd, &v, base_vertex, base_instance, draw_id);
      if (result == VK_SUCCESS && !agxv_xfb_draw_only(cmd))
         result = agxv_cmd_has_tess(cmd)
                     ? agxv_cmd_draw_tess(cmd, &v, base_vertex, base_instance, draw_id)
                  : agxv_cmd_has_gs(cmd)
                     ? agxv_cmd_draw_gs(cmd, &v, base_vertex, base_instance, draw_id)
                     : draw_plain_or_adjacency(cmd, &v, base_vertex, base_instance, draw_id);
   }
   agxv_multiview_set_view(cmd, 0);
   return result;
}

VkResult
agxv_cmd_draw_internal(struct agxv_cmd_buffer *cmd, uint32_t vertex_count, uint32_t instance_count,
                       uint32_t first_instance)
{
   struct agxv_vdm_draw vd = {.count = vertex_count, .instances = instance_count};
   return draw_views(cmd, &vd, 0, first_instance, 0);
}

/* One vkCmdDraw (or entry draw_id of vkCmdDrawMultiEXT). */
static VkResult
cmd_draw(struct agxv_cmd_buffer *cmd, uint32_t vertex_count, uint32_t instance_count,
         uint32_t first_vertex, uint32_t first_instance, uint32_t draw_id)
{
   if (!vertex_count || !instance_count)
      return VK_SUCCESS;
   struct agxv_vdm_draw vd = {
      .count = vertex_count,
      .instances = instance_count,
      .first = first_vertex,
   };
   agxv_stats_draw(cmd, &vd);
   return draw_views(cmd, &vd, first_vertex, first_instance, draw_id);
}

/* One vkCmdDrawIndexed (or entry draw_id of vkCmdDrawMultiIndexedEXT). */
static VkResult
cmd_draw_indexed(struct agxv_cmd_buffer *cmd, uint32_t index_count, uint32_t instance_count,
                 uint32_t first_index, int32_t vertex_offset, uint32_t first_instance,
                 uint32_t draw_id)
{
   if (!index_count || !instance_count)
      return VK_SUCCESS;
   unsigned index_bytes = cmd->index.type == VK_INDEX_TYPE_UINT32   ? 4
                          : cmd->index.type == VK_INDEX_TYPE_UINT16 ? 2
                                                                    : 1;
   if (cmd->index.null && ((uint64_t)first_index + index_count) * index_bytes > cmd->index.size)
      return agxv_error(VK_ERROR_UNKNOWN,
                        "an indexed draw reading %u indices from a null index "
                        "buffer (at most %u are zeros here)",
                        first_index + index_count, AGXV_NULL_INDEX_BYTES / index_bytes);
   struct agxv_vdm_draw vd = {
      .count = index_count,
      .instances = instance_count,
      .first = first_index,
      .vertex_offset = vertex_offset,
      .indexed = true,
   };
   agxv_stats_draw(cmd, &vd);
   return draw_views(cmd, &vd, (uint32_t)vertex_offset, first_instance, draw_id);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDraw(VkCommandBuffer commandBuffer, uint32_t vertexCount, uint32_t instanceCount,
             uint32_t firstVertex, uint32_t firstInstance)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   VkResult result = cmd_draw(cmd, vertexCount, instanceCount, firstVertex, firstInstance, 0);
   if (result != VK_SUCCESS)
      agxv_cmd_set_error(cmd, result);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawIndexed(VkCommandBuffer commandBuffer, uint32_t indexCount, uint32_t instanceCount,
                    uint32_t firstIndex, int32_t vertexOffset, uint32_t firstInstance)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   VkResult result =
      cmd_draw_indexed(cmd, indexCount, instanceCount, firstIndex, vertexOffset, firstInstance, 0);
   if (result != VK_SUCCESS)
      agxv_cmd_set_error(cmd, result);
}

/* VK_EXT_multi_draw: each entry (`stride` bytes apart) is one direct draw
 * with gl_DrawID = its index in the call (Vulkan's DrawIndex for these
 * commands); the bound state is the same for all of them, so the per-draw
 * emission's memos (vs_list, the PPP quick path) re-emit only the roots. */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawMultiEXT(VkCommandBuffer commandBuffer, uint32_t drawCount,
                     const VkMultiDrawInfoEXT *pVertexInfo, uint32_t instanceCount,
                     uint32_t firstInstance, uint32_t stride)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const uint8_t *p = (const uint8_t *)pVertexInfo;
   for (uint32_t i = 0; i < drawCount; i++) {
      VkMultiDrawInfoEXT e;
      memcpy(&e, p + (size_t)i * stride, sizeof(e));
      VkResult result =
         cmd_draw(cmd, e.vertexCount, instanceCount, e.firstVertex, firstInstance, i);
      if (result != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, result);
         return;
      }
   }
}

/* pVertexOffset non-NULL: one vertex offset for every entry, else each
 * entry's own. */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawMultiIndexedEXT(VkCommandBuffer commandBuffer, uint32_t drawCount,
                            const VkMultiDrawIndexedInfoEXT *pIndexInfo, uint32_t instanceCount,
                            uint32_t firstInstance, uint32_t stride, const int32_t *pVertexOffset)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const uint8_t *p = (const uint8_t *)pIndexInfo;
   for (uint32_t i = 0; i < drawCount; i++) {
      VkMultiDrawIndexedInfoEXT e;
      memcpy(&e, p + (size_t)i * stride, sizeof(e));
      int32_t offset = pVertexOffset ? *pVertexOffset : e.vertexOffset;
      VkResult result =
         cmd_draw_indexed(cmd, e.indexCount, instanceCount, e.firstIndex, offset, firstInstance, i);
      if (result != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, result);
         return;
      }
   }
}

/* Indirect draws: one VDM draw per record (the VDM reads Vulkan's record
 * layouts, agxv_vdm.h), base vertex/instance from the record. Also the
 * draws of vkCmdDraw(Indexed)IndirectCount (agxv_cmd_draw_indirect.h). */
void
agxv_cmd_draw_indirect_records(struct agxv_cmd_buffer *cmd, uint64_t va, uint32_t count,
                               uint32_t stride, bool indexed)
{
   for (uint32_t i = 0; i < count; i++) {
      struct agxv_vdm_draw vd = {.indirect = va + (uint64_t)i * stride, .indexed = indexed};
      /* DrawIndex: the record's index (the emulated paths' software vertex
       * shaders read it from their roots too) */
      agxv_stats_draw(cmd, &vd);
      VkResult result = draw_views(cmd, &vd, 0, 0, i);
      if (result != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, result);
         return;
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
                     uint32_t drawCount, uint32_t stride)
{
   agxv_cmd_draw_indirect_records(agxv_cmd_buffer_from_handle(commandBuffer),
                                  agxv_buffer_from_handle(buffer)->va + offset, drawCount, stride,
                                  false);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawIndexedIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
                            uint32_t drawCount, uint32_t stride)
{
   agxv_cmd_draw_indirect_records(agxv_cmd_buffer_from_handle(commandBuffer),
                                  agxv_buffer_from_handle(buffer)->va + offset, drawCount, stride,
                                  true);
}

/* VK_KHR_maintenance5: the index buffer's range is `size` bytes from
 * `offset` (VK_WHOLE_SIZE: the rest of the buffer); it goes into the Index
 * List's Buffer size word (agxv_vdm.c). */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindIndexBuffer2KHR(VkCommandBuffer commandBuffer, VkBuffer _buffer, VkDeviceSize offset,
                            VkDeviceSize size, VkIndexType indexType)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const struct agxv_buffer *buffer = agxv_buffer_from_handle(_buffer);
   uint64_t avail = buffer && buffer->size > offset ? buffer->size - offset : 0;
   cmd->index.va = buffer ? buffer->va + offset : 0;
   cmd->index.size = size != VK_WHOLE_SIZE && size < avail ? size : avail;
   cmd->index.type = indexType;
   /* maintenance6: VK_NULL_HANDLE binds zeros (offset 0 by valid usage) */
   cmd->index.null = !buffer && cmd->device->null_index;
   if (cmd->index.null) {
      cmd->index.va = cmd->device->null_index->va;
      cmd->index.size = AGXV_NULL_INDEX_BYTES;
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindIndexBuffer(VkCommandBuffer commandBuffer, VkBuffer _buffer, VkDeviceSize offset,
                        VkIndexType indexType)
{
   agxv_CmdBindIndexBuffer2KHR(commandBuffer, _buffer, offset, VK_WHOLE_SIZE, indexType);
}

static void
bind_vertex_buffers(struct agxv_cmd_buffer *cmd, uint32_t first, uint32_t count,
                    const VkBuffer *buffers, const VkDeviceSize *offsets, const VkDeviceSize *sizes)
{
   for (uint32_t i = 0; i < count && first + i < AGXV_MAX_VERTEX_BINDINGS; i++) {
      const struct agxv_buffer *buffer = agxv_buffer_from_handle(buffers[i]);
      uint64_t offset = offsets[i];
      uint64_t avail = buffer && buffer->size > offset ? buffer->size - offset : 0;
      uint64_t size = sizes && sizes[i] != VK_WHOLE_SIZE && sizes[i] < avail ? sizes[i] : avail;
      uint64_t va = buffer ? buffer->va + offset : 0;
      if (cmd->vb.va[first + i] != va || cmd->vb.size[first + i] != size)
         cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_VB;
      cmd->vb.va[first + i] = va;
      cmd->vb.size[first + i] = size;
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindVertexBuffers(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                          uint32_t bindingCount, const VkBuffer *pBuffers,
                          const VkDeviceSize *pOffsets)
{
   bind_vertex_buffers(agxv_cmd_buffer_from_handle(commandBuffer), firstBinding, bindingCount,
                       pBuffers, pOffsets, NULL);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindVertexBuffers2(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                           uint32_t bindingCount, const VkBuffer *pBuffers,
                           const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes,
                           const VkDeviceSize *pStrides)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   bind_vertex_buffers(cmd, firstBinding, bindingCount, pBuffers, pOffsets, pSizes);
   if (pStrides) {
      /* the vertex-fetch uniforms hold the strides (and the clamps made
       * with them): re-uploaded at the next draw whichever draw path
       * consumes the dynamic dirty bits first */
      for (uint32_t i = 0; i < bindingCount && firstBinding + i < AGXV_MAX_VERTEX_BINDINGS; i++)
         if (cmd->dyn.s.vi.bindings[firstBinding + i].stride != (uint32_t)pStrides[i])
            cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_VB;
      agxv_dyn_set_vertex_binding_strides(&cmd->dyn, firstBinding, bindingCount, pStrides);
   }
}
