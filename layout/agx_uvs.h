/* The vertex output record (UVS) layout and the fragment shader's
 * coefficient (CF) bindings: the varying interface shared by the compiler
 * (which writes st_var indices and iter/ldcf cf registers) and the driver
 * (which programs VDM "Vertex Outputs", PPP "Output Size", Varying Counts,
 * Output Select and the FS CF binding table).
 *
 * Facts (graphics.md §2.3, §4.1; Mesa src/asahi/lib/agx_uvs.h,
 * agx_nir_lower_uvs.c, docs/drivers/asahi.rst): the record is 32-bit words,
 * position (4 words) first, then user varyings grouped smooth (perspective),
 * flat, linear (noperspective), then point size, one layer/viewport word
 * (layer bits 0-15, viewport bits 16-31), then one word per clip distance.
 * Varying slots seen by the FS: slot 0 = W, slot 1 = Z when FragCoord.z is
 * read, then UVS word 4 + k -> slot 1 + hasZ + k.
 * PrimitiveId (Mesa's VARYING_SLOT_PRIMITIVE_ID, agx_linker.c): a fragment
 * shader reads it through a flat binding; when the vertex stage (a geometry
 * shader's rasterization variant) writes it, the binding reads that word
 * (the last of the flat group here), otherwise its source is the
 * hardware's Primitive ID and the draw enables primitive-ID generation.
 * Clip and cull distances (Mesa agx_nir_lower_uvs.c, agx_nir_lower_cull_distance.c;
 * graphics.md §2.3): the hardware's clip-distance words are not readable by
 * the FS, so a written ClipDistance / CullDistance array is also written as
 * ordinary perspective varyings (internal locations AGX_UVS_LOC_CLIP /
 * AGX_UVS_LOC_CULL, after the user ones), and each cull distance d also as
 * the linear varying `d >= 0 ? 1.0 : 0.0` (AGX_UVS_LOC_CULL_PRIM): its
 * coefficients are all zero exactly when every vertex of the primitive has
 * d < 0, which the FS tests to discard the culled primitive's fragments.
 * ViewportIndex (Mesa agx_nir_lower_uvs.c: "still lowered like normal to
 * write them for the varying FS input", agx_assign_uvs: always flat): the
 * layer/viewport word is not a slot the FS can read, so a written
 * ViewportIndex is also written as a flat varying (internal location
 * AGX_UVS_LOC_VIEWPORT); a fragment shader reads that. The layer needs no
 * varying: the FS reads it from a special register (graphics.md §2.3).
 * Assumption of this project (no public source): a location takes (highest
 * written component + 1) consecutive words, so a CF binding of n components
 * maps n consecutive slots; 16-bit varyings are not packed (32-bit only). */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#define AGX_MAX_VARYINGS 32 /* user locations */
#define AGX_MAX_CLIP 8
/* internal locations after the user ones: two each (distances 0-3, 4-7) */
#define AGX_UVS_LOC_CLIP (AGX_MAX_VARYINGS + 0)      /* ClipDistance, perspective */
#define AGX_UVS_LOC_CULL (AGX_MAX_VARYINGS + 2)      /* CullDistance, perspective */
#define AGX_UVS_LOC_CULL_PRIM (AGX_MAX_VARYINGS + 4) /* d >= 0 ? 1 : 0, linear */
#define AGX_UVS_LOC_VIEWPORT (AGX_MAX_VARYINGS + 6)  /* ViewportIndex, flat, component 0 */
#define AGX_UVS_MAX_LOCATIONS (AGX_MAX_VARYINGS + 7)
#define AGX_UVS_NONE 0xFFu
#define AGX_UVS_PRIMITIVE_ID 0xFEu /* agx_cf_binding.location of PrimitiveId */
#define AGX_UVS_MAX_WORDS 128      /* hardware limit of output components */

enum agx_interp {
   AGX_INTERP_SMOOTH = 0, /* perspective-correct */
   AGX_INTERP_FLAT = 1,
   AGX_INTERP_LINEAR = 2, /* noperspective */
};

/* CF binding Shade model values (= genxml enum agx_shade_model; graphics.md §4.1) */
enum agx_uvs_shade {
   AGX_UVS_SHADE_FLAT_VERTEX_0 = 0,
   AGX_UVS_SHADE_FLAT_VERTEX_2 = 2,
   AGX_UVS_SHADE_LINEAR = 3,
   AGX_UVS_SHADE_FLAT_VERTEX_1 = 6,
   AGX_UVS_SHADE_PERSPECTIVE = 7,
};

/* CF binding Source values (genxml "Coefficient Source"; graphics.md §4.1) */
enum agx_cf_source {
   AGX_CF_SOURCE_VARYING = 0,
   AGX_CF_SOURCE_FRAGCOORD_Z = 1,
   AGX_CF_SOURCE_POINT_COORD = 2,
   AGX_CF_SOURCE_PRIMITIVE_ID = 3,
   AGX_CF_SOURCE_BARYCENTRIC = 5,
};

/* What a vertex shader writes (filled by the compiler). */
struct agx_vs_outputs {
   uint8_t comps[AGX_UVS_MAX_LOCATIONS];  /* written component mask per location */
   uint8_t interp[AGX_UVS_MAX_LOCATIONS]; /* enum agx_interp per location */
   bool position, point_size, layer, viewport;
   bool primitive_id;  /* a geometry shader's PrimitiveId output */
   uint8_t clip_count; /* ClipDistance array size written (0-8) */
   uint8_t cull_count; /* CullDistance array size written (0-8) */
};

/* The record, as assigned by agx_uvs_assign. */
struct agx_uvs_layout {
   uint32_t size;                            /* words per vertex */
   uint8_t offset[AGX_UVS_MAX_LOCATIONS][4]; /* word of location/component, or AGX_UVS_NONE */
   uint8_t interp[AGX_UVS_MAX_LOCATIONS];    /* group of each location */
   uint8_t group_words[3];                   /* Varying Counts: smooth, flat, linear words */
   uint8_t point_size;                       /* word or AGX_UVS_NONE */
   uint8_t layer_viewport;                   /* word or AGX_UVS_NONE */
   uint8_t clip_base;                        /* first clip word or AGX_UVS_NONE */
   uint8_t clip_count;                       /* Output Select clip plane bits 0..count-1 */
   uint8_t primitive_id;                     /* flat word of PrimitiveId or AGX_UVS_NONE */
   uint8_t cull_count; /* cull distances (AGX_UVS_LOC_CULL_PRIM words) the FS must test */
};

/* Lays out the record for the given outputs. Returns false when it would
 * exceed AGX_UVS_MAX_WORDS. Position is always present (4 words). */
bool agx_uvs_assign(struct agx_uvs_layout *l, const struct agx_vs_outputs *o);

/* Varying slot of a UVS word (>= 4), for a fragment shader that does or does
 * not read FragCoord.z (graphics.md §4.1). */
static inline unsigned
agx_uvs_word_to_slot(unsigned word, bool has_z)
{
   return 1 + (has_z ? 1 : 0) + (word - 4);
}

/* CF binding header "Number of 32-bit slots": W, Z when read, then every
 * user varying word (point size, layer/viewport and clip distances are not
 * slots; graphics.md §4.1). */
static inline unsigned
agx_uvs_num_slots(const struct agx_uvs_layout *l, bool has_z)
{
   return 1 + (has_z ? 1 : 0) + l->group_words[0] + l->group_words[1] + l->group_words[2];
}

/* One entry of the FS CF binding table (filled by the compiler; the driver
 * computes base slots at link time with agx_cf_binding_base_slot). */
struct agx_cf_binding {
   uint8_t cf_base;  /* Base coefficient register */
   uint8_t count;    /* components, 1-4 */
   uint8_t location; /* location (< AGX_UVS_MAX_LOCATIONS), AGX_UVS_NONE for W / Z,
                      * AGX_UVS_PRIMITIVE_ID */
   uint8_t comp;     /* first component read of the location */
   uint8_t source;   /* enum agx_cf_source */
   uint8_t interp;   /* enum agx_interp (W: LINEAR, Z: LINEAR) */
   bool is_w;        /* the W slot (slot 0) */
};

/* Base slot of a binding for a linked VS layout; a location the VS does not
 * write reads slot 0 (W), as Mesa does (undefined values, harmless). */
unsigned agx_cf_binding_base_slot(const struct agx_cf_binding *b, const struct agx_uvs_layout *l,
                                  bool has_z);

/* Coefficient source of a binding linked with l: PrimitiveId reads the
 * vertex stage's word when it writes one, else the hardware's. */
enum agx_cf_source agx_cf_binding_source(const struct agx_cf_binding *b,
                                         const struct agx_uvs_layout *l);

/* Shade model of a binding: flat ones use the provoking vertex (0, 1 or 2,
 * graphics.md §2.4). */
enum agx_uvs_shade agx_cf_binding_shade_model(const struct agx_cf_binding *b,
                                              unsigned provoking_vertex);
