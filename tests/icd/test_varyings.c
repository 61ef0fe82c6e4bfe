/*
 * Varying linkage words (icd/agxv_varyings.h) for a vertex shader writing a
 * smooth vec4, a flat vec2, a linear float, point size, layer and two clip
 * distances, and a fragment shader reading W, Z, both varyings and the
 * primitive ID: Output Select halves, VDM Vertex Outputs, Varying Counts and
 * the linked CF binding table, unpacked with the genxml unpackers; slots
 * are computed here from the record's word offsets.
 * Assumes: the compiler's UVS layout (layout/agx_uvs.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_pack.h"
#include "agxv_varyings.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

int
main(void)
{
   struct agx_vs_outputs o = {.position = true, .point_size = true, .layer = true, .clip_count = 2};
   o.comps[0] = 0xF, o.interp[0] = AGX_INTERP_SMOOTH;
   o.comps[1] = 0x3, o.interp[1] = AGX_INTERP_FLAT;
   o.comps[2] = 0x1, o.interp[2] = AGX_INTERP_LINEAR;
   struct agx_uvs_layout l;
   CHECK(agx_uvs_assign(&l, &o));
   CHECK(l.group_words[0] == 4 && l.group_words[1] == 2 && l.group_words[2] == 1);

   uint32_t w = agxv_varyings_vs_output_select(&l);
   struct AGX_OUTPUT_SELECT os;
   CHECK(AGX_OUTPUT_SELECT_unpack(stderr, (const uint8_t *)&w, &os));
   CHECK(os.clip_distance_plane_0 && os.clip_distance_plane_1 && !os.clip_distance_plane_2);
   CHECK(os.point_size && os.viewport_target && os.render_target && !os.varyings &&
         !os.frag_coord_z);
   w = agxv_varyings_fs_output_select(5, true);
   CHECK(AGX_OUTPUT_SELECT_unpack(stderr, (const uint8_t *)&w, &os));
   CHECK(os.varyings && os.frag_coord_z && !os.point_size && !os.clip_distance_plane_0);
   CHECK(agxv_varyings_fs_output_select(0, false) == 0);

   w = agxv_varyings_vdm_outputs(&l);
   struct AGX_VDM_STATE_VERTEX_OUTPUTS vo;
   CHECK(AGX_VDM_STATE_VERTEX_OUTPUTS_unpack(stderr, (const uint8_t *)&w, &vo));
   CHECK(vo.output_count_1 == l.size && vo.output_count_2 == l.size);
   CHECK(l.size == 4 + 7 + 1 + 1 + 2); /* position, varyings, psiz, layer, 2 clips */
   w = agxv_varyings_counts_32(&l);
   struct AGX_VARYING_COUNTS vc;
   CHECK(AGX_VARYING_COUNTS_unpack(stderr, (const uint8_t *)&w, &vc));
   CHECK(vc.smooth == 4 && vc.flat == 2 && vc.linear == 1);

   /* FS: W, Z, location 0 (smooth vec4), location 1 (flat vec2), primitive ID. */
   struct agx_cf_binding b[5] = {
      {.cf_base = 0,
       .count = 1,
       .location = AGX_UVS_NONE,
       .interp = AGX_INTERP_LINEAR,
       .is_w = true},
      {.cf_base = 1,
       .count = 1,
       .location = AGX_UVS_NONE,
       .interp = AGX_INTERP_LINEAR,
       .source = AGX_CF_SOURCE_FRAGCOORD_Z},
      {.cf_base = 2, .count = 4, .location = 0, .interp = AGX_INTERP_SMOOTH},
      {.cf_base = 6, .count = 2, .location = 1, .interp = AGX_INTERP_FLAT},
      {.cf_base = 8,
       .count = 1,
       .location = AGX_UVS_NONE,
       .interp = AGX_INTERP_FLAT,
       .source = AGX_CF_SOURCE_PRIMITIVE_ID},
   };
   uint32_t table[16];
   bool prim_id = false;
   CHECK(agxv_varyings_cf_table_size(5) == 24);
   CHECK(agxv_varyings_link(table, 20, &l, b, 5, 9, true, 2, &prim_id) == 0);
   CHECK(agxv_varyings_link(table, sizeof(table), &l, b, 5, 9, true, 2, &prim_id) == 24);
   CHECK(prim_id);
   struct AGX_CF_BINDING_HEADER hdr;
   CHECK(AGX_CF_BINDING_HEADER_unpack(stderr, (const uint8_t *)table, &hdr));
   CHECK(hdr.number_of_32_bit_slots == 1 + 1 + 7 && hdr.number_of_coefficient_registers == 9);
   struct AGX_CF_BINDING cf[5];
   for (unsigned i = 0; i < 5; i++)
      CHECK(AGX_CF_BINDING_unpack(stderr, (const uint8_t *)&table[1 + i], &cf[i]));
   CHECK(cf[0].base_slot == 0 && cf[0].shade_model == AGX_SHADE_MODEL_LINEAR &&
         cf[0].source == AGX_COEFFICIENT_SOURCE_VARYING && cf[0].components == 1);
   CHECK(cf[1].base_slot == 1 && cf[1].source == AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z &&
         cf[1].base_coefficient_register == 1);
   /* Slot of a user word: 1 + hasZ + (word - 4). */
   CHECK(cf[2].base_slot == 2 + (l.offset[0][0] - 4u) && cf[2].components == 4 &&
         cf[2].shade_model == AGX_SHADE_MODEL_PERSPECTIVE && cf[2].base_coefficient_register == 2);
   CHECK(cf[3].base_slot == 2 + (l.offset[1][0] - 4u) && cf[3].base_slot == 6 &&
         cf[3].shade_model == AGX_SHADE_MODEL_FLAT_VERTEX_2 && cf[3].components == 2);
   CHECK(cf[4].source == AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID && cf[4].base_slot == 0);

   /* First provoking vertex, no Z: flat vertex 0, slots shift down by one. */
   CHECK(agxv_varyings_link(table, sizeof(table), &l, b + 2, 2, 9, false, 0, &prim_id) == 12);
   CHECK(!prim_id);
   CHECK(AGX_CF_BINDING_HEADER_unpack(stderr, (const uint8_t *)table, &hdr));
   CHECK(hdr.number_of_32_bit_slots == 1 + 7);
   CHECK(AGX_CF_BINDING_unpack(stderr, (const uint8_t *)&table[2], &cf[3]));
   CHECK(cf[3].base_slot == 5 && cf[3].shade_model == AGX_SHADE_MODEL_FLAT_VERTEX_0);
   /* Triangle fans with first provoking: flat vertex 1. */
   CHECK(agxv_varyings_link(table, sizeof(table), &l, b + 3, 1, 9, false, 1, &prim_id) == 8);
   CHECK(AGX_CF_BINDING_unpack(stderr, (const uint8_t *)&table[1], &cf[3]));
   CHECK(cf[3].shade_model == AGX_SHADE_MODEL_FLAT_VERTEX_1);

   /* Nothing read: no table. Bindings past the FS's cf registers: refused. */
   CHECK(agxv_varyings_link(table, sizeof(table), &l, b, 0, 9, true, 2, &prim_id) == 0);
   CHECK(agxv_varyings_link(table, sizeof(table), &l, b, 5, 8, true, 2, &prim_id) == 0);
   printf("varyings: OK\n");
   return 0;
}
