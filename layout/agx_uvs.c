/* UVS (vertex output record) layout and CF binding helpers; see agx_uvs.h
 * for the facts and the assumptions. */
#include "agx_uvs.h"

#include <string.h>

static unsigned
location_words(uint8_t comps)
{
   unsigned n = 0;
   for (unsigned c = 0; c < 4; c++)
      if (comps & (1u << c))
         n = c + 1;
   return n;
}

bool
agx_uvs_assign(struct agx_uvs_layout *l, const struct agx_vs_outputs *o)
{
   memset(l, 0, sizeof(*l));
   memset(l->offset, AGX_UVS_NONE, sizeof(l->offset));
   l->point_size = l->layer_viewport = l->clip_base = l->primitive_id = AGX_UVS_NONE;
   unsigned w = 4; /* position */
   for (unsigned g = 0; g < 3; g++) {
      unsigned start = w;
      for (unsigned loc = 0; loc < AGX_UVS_MAX_LOCATIONS; loc++) {
         if (!o->comps[loc] || o->interp[loc] != g)
            continue;
         unsigned n = location_words(o->comps[loc]);
         l->interp[loc] = (uint8_t)g;
         for (unsigned c = 0; c < n; c++)
            l->offset[loc][c] = (uint8_t)(w + c < 255 ? w + c : 254);
         w += n;
      }
      if (g == AGX_INTERP_FLAT && o->primitive_id)
         l->primitive_id = (uint8_t)w++;
      l->group_words[g] = (uint8_t)(w - start);
   }
   if (o->point_size)
      l->point_size = (uint8_t)w++;
   if (o->layer || o->viewport)
      l->layer_viewport = (uint8_t)w++;
   if (o->clip_count) {
      l->clip_base = (uint8_t)w;
      l->clip_count = o->clip_count;
      w += o->clip_count;
   }
   l->cull_count = o->cull_count;
   l->size = w;
   return w <= AGX_UVS_MAX_WORDS;
}

unsigned
agx_cf_binding_base_slot(const struct agx_cf_binding *b, const struct agx_uvs_layout *l, bool has_z)
{
   if (b->is_w)
      return 0;
   if (b->source == AGX_CF_SOURCE_FRAGCOORD_Z)
      return 1;
   if (b->source == AGX_CF_SOURCE_POINT_COORD)
      return 0; /* not a varying slot [assumption: Mesa leaves it 0] */
   if (b->location == AGX_UVS_PRIMITIVE_ID && l->primitive_id != AGX_UVS_NONE)
      return agx_uvs_word_to_slot(l->primitive_id, has_z);
   if (b->source != AGX_CF_SOURCE_VARYING || b->location >= AGX_UVS_MAX_LOCATIONS)
      return 0;
   uint8_t word = l->offset[b->location][b->comp & 3];
   if (word == AGX_UVS_NONE)
      return 0;
   return agx_uvs_word_to_slot(word, has_z);
}

enum agx_cf_source
agx_cf_binding_source(const struct agx_cf_binding *b, const struct agx_uvs_layout *l)
{
   if (b->location == AGX_UVS_PRIMITIVE_ID)
      return l->primitive_id != AGX_UVS_NONE ? AGX_CF_SOURCE_VARYING : AGX_CF_SOURCE_PRIMITIVE_ID;
   return (enum agx_cf_source)b->source;
}

enum agx_uvs_shade
agx_cf_binding_shade_model(const struct agx_cf_binding *b, unsigned provoking_vertex)
{
   if (b->interp == AGX_INTERP_SMOOTH)
      return AGX_UVS_SHADE_PERSPECTIVE;
   if (b->interp == AGX_INTERP_LINEAR)
      return AGX_UVS_SHADE_LINEAR;
   return provoking_vertex == 0   ? AGX_UVS_SHADE_FLAT_VERTEX_0
          : provoking_vertex == 1 ? AGX_UVS_SHADE_FLAT_VERTEX_1
                                  : AGX_UVS_SHADE_FLAT_VERTEX_2;
}
