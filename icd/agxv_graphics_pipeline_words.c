/*
 * The hardware words a graphics pipeline's shaders determine, packed once
 * at pipeline creation (struct agxv_gfx_words, agxv_graphics_pipeline.h)
 * instead of at every draw: a pipeline switch then costs a copy and a
 * per-word comparison (agxv_draw_cache_ppp_words_dirty). Field choices
 * are Honeykrisp's (Mesa src/asahi/vulkan/hk_cmd_draw.c hk_flush_ppp_state,
 * hk_flush_dynamic_state), as agxv_cmd_draw.c packed them before.
 * Assumes: called when every stage is compiled (the vertex stage slot holds
 * the hardware VS of any path).
 */
#include "agxv_graphics_pipeline.h"

#include <string.h>

#include "agx_pack.h"
#include "agxv_sha1.h"
#include "agxv_varyings.h"

/* Uniform registers a shader's launch loads: at least the root block. */
static uint32_t
uniform_halves(const struct agxv_shader *s)
{
   return s->info.uniform_halves > AGX_ABI_UNIFORM_SIZE / 2 ? s->info.uniform_halves
                                                            : AGX_ABI_UNIFORM_SIZE / 2;
}

uint32_t
agxv_pack_vs_counts(const struct agxv_shader *vs)
{
   uint32_t w;
   agx_pack(&w, VDM_STATE_VERTEX_SHADER_WORD_0, cfg) {
      cfg.uniform_register_count = uniform_halves(vs);
      cfg.texture_state_register_count = 0;
      cfg.sampler_state_register_count =
         vs->info.sampler_states ? AGX_SAMPLER_STATES_4_COMPACT : AGX_SAMPLER_STATES_0;
      cfg.preshader_register_count = vs->info.preamble_offset ? vs->info.preamble_gpr_halves : 0;
   }
   return w;
}

uint32_t
agxv_pack_fs_counts(const struct agxv_shader *fs, unsigned cf_binding_count)
{
   uint32_t w;
   agx_pack(&w, FRAGMENT_SHADER_WORD_0, cfg) {
      cfg.uniform_register_count = uniform_halves(fs);
      cfg.texture_state_register_count = 0;
      cfg.sampler_state_register_count =
         fs->info.sampler_states ? AGX_SAMPLER_STATES_4_COMPACT : AGX_SAMPLER_STATES_0;
      cfg.preshader_register_count = fs->info.preamble_offset ? fs->info.preamble_gpr_halves : 0;
      cfg.cf_binding_count = cf_binding_count;
   }
   return w;
}

/* The CF key (struct agxv_gfx_words): what emit_cf_bindings in
 * agxv_cmd_draw.c uploads, for the three provoking vertices. */
static void
cf_key(const struct agxv_graphics_pipeline *gfx, uint64_t key[2])
{
   const struct agx_fs_info *fs = &gfx->fs;
   uint8_t table[AGX_CF_BINDING_HEADER_LENGTH + AGX_MAX_CF_BINDINGS * AGX_CF_BINDING_LENGTH];
   size_t size = agxv_varyings_cf_table_size(fs->num_cf_bindings);
   struct agxv_sha1 s;
   agxv_sha1_init(&s);
   for (unsigned provoking = 0; provoking < 3; provoking++) {
      bool primitive_id = false;
      uint64_t n = 0;
      memset(table, 0, sizeof(table));
      if (size <= sizeof(table))
         n = agxv_varyings_link(table, size, &gfx->uvs, fs->cf, fs->num_cf_bindings,
                                fs->num_cf_regs, fs->reads_frag_coord_z, provoking, &primitive_id);
      uint64_t head[3] = {n, primitive_id, fs->num_cf_bindings};
      agxv_sha1_update(&s, head, sizeof(head));
      agxv_sha1_update(&s, table, n);
   }
   uint8_t digest[AGXV_SHA1_SIZE];
   agxv_sha1_final(&s, digest);
   memcpy(key, digest, 16);
   key[0] &= ~(uint64_t)3;
}

void
agxv_graphics_pipeline_pack_words(struct agxv_pipeline *pipeline)
{
   struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   struct agxv_gfx_words *w = &gfx->words;
   const struct agxv_shader *vs = agxv_pipeline_shader(pipeline, AGXV_STAGE_VERTEX);
   const struct agxv_shader *fs = agxv_pipeline_shader(pipeline, AGXV_STAGE_FRAGMENT);
   w->vs_output_select = agxv_varyings_vs_output_select(&gfx->uvs);
   w->varying_counts_32 = agxv_varyings_counts_32(&gfx->uvs);
   agx_pack(&w->varying_counts_16, VARYING_COUNTS, cfg)
      ;
   w->vdm_outputs = agxv_varyings_vdm_outputs(&gfx->uvs);
   w->vs_counts = vs ? agxv_pack_vs_counts(vs) : 0;
   w->fs_counts = fs ? agxv_pack_fs_counts(fs, gfx->fs.num_cf_bindings) : 0;
   agx_pack(&w->fs_fragment_control, FRAGMENT_CONTROL, cfg) {
      cfg.pass_type = gfx->pass_type;
   }
   agx_pack(&w->fs_face_2, FRAGMENT_FACE_2, cfg) {
      cfg.conservative_depth = AGX_CONSERVATIVE_DEPTH_UNCHANGED;
   }
   w->fs_output_select =
      agxv_varyings_fs_output_select(gfx->fs.num_cf_bindings, gfx->fs.reads_frag_coord_z);
   cf_key(gfx, w->cf_key);
}
