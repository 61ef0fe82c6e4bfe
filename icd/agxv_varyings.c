/*
 * Varying linkage words for draws (see agxv_varyings.h).
 */
#include "agxv_varyings.h"

#include "agx_pack.h"

uint32_t
agxv_varyings_vs_output_select(const struct agx_uvs_layout *l)
{
   uint32_t w;
   agx_pack(&w, OUTPUT_SELECT, cfg) {
      cfg.point_size = l->point_size != AGX_UVS_NONE;
      /* "Viewport target and Render target (both set when layer or viewport
       * is written)" (graphics.md §2.3) */
      cfg.viewport_target = cfg.render_target = l->layer_viewport != AGX_UVS_NONE;
   }
   unsigned clips = l->clip_base != AGX_UVS_NONE ? l->clip_count : 0;
   return w | (clips >= 16 ? 0xFFFFu : (1u << clips) - 1); /* Clip distance plane i: bit i */
}

uint32_t
agxv_varyings_fs_output_select(unsigned nr_bindings, bool reads_z)
{
   uint32_t w;
   agx_pack(&w, OUTPUT_SELECT, cfg) {
      cfg.varyings = nr_bindings > 0;
      cfg.frag_coord_z = reads_z;
   }
   return w;
}

uint32_t
agxv_varyings_vdm_outputs(const struct agx_uvs_layout *l)
{
   uint32_t w;
   agx_pack(&w, VDM_STATE_VERTEX_OUTPUTS, cfg) {
      cfg.output_count_1 = l->size;
      cfg.output_count_2 = l->size;
   }
   return w;
}

uint32_t
agxv_varyings_counts_32(const struct agx_uvs_layout *l)
{
   uint32_t w;
   agx_pack(&w, VARYING_COUNTS, cfg) {
      cfg.smooth = l->group_words[AGX_INTERP_SMOOTH];
      cfg.flat = l->group_words[AGX_INTERP_FLAT];
      cfg.linear = l->group_words[AGX_INTERP_LINEAR];
   }
   return w;
}

size_t
agxv_varyings_cf_table_size(unsigned nr_bindings)
{
   return AGX_CF_BINDING_HEADER_LENGTH + (size_t)nr_bindings * AGX_CF_BINDING_LENGTH;
}

size_t
agxv_varyings_link(void *out, size_t capacity, const struct agx_uvs_layout *vs,
                   const struct agx_cf_binding *bindings, unsigned nr_bindings, unsigned nr_cf,
                   bool reads_z, unsigned provoking_vertex, bool *generate_primitive_id)
{
   *generate_primitive_id = false;
   /* "If there are no bindings, there's nothing to emit" */
   size_t size = agxv_varyings_cf_table_size(nr_bindings);
   if (nr_bindings == 0 || size > capacity || nr_cf > 255 || provoking_vertex > 2)
      return 0;
   unsigned user_words = vs->group_words[0] + vs->group_words[1] + vs->group_words[2];
   unsigned nr_slots = 1 + (reads_z ? 1 : 0) + user_words;
   if (nr_slots > 255)
      return 0;
   uint32_t *p = out;
   agx_pack(p, CF_BINDING_HEADER, cfg) {
      cfg.number_of_32_bit_slots = nr_slots;
      cfg.number_of_coefficient_registers = nr_cf;
   }
   p += AGX_CF_BINDING_HEADER_WORDS;
   for (unsigned i = 0; i < nr_bindings; i++) {
      const struct agx_cf_binding *b = &bindings[i];
      if (b->count < 1 || b->count > 4 || b->cf_base + b->count > nr_cf)
         return 0;
      agx_pack(p, CF_BINDING, cfg) {
         cfg.base_coefficient_register = b->cf_base;
         cfg.components = b->count;
         cfg.shade_model = (enum agx_shade_model)agx_cf_binding_shade_model(b, provoking_vertex);
         cfg.source = (enum agx_coefficient_source)agx_cf_binding_source(b, vs);
         cfg.base_slot = agx_cf_binding_base_slot(b, vs, reads_z);
      }
      *generate_primitive_id |= agx_cf_binding_source(b, vs) == AGX_CF_SOURCE_PRIMITIVE_ID;
      p += AGX_CF_BINDING_WORDS;
   }
   return size;
}
