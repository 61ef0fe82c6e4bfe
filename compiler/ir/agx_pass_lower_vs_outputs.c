/* Vertex shader outputs -> the vertex output record (UVS). Assumes the
 * front end's form: one store_output per written 32-bit word, all at the end
 * of the shader (top level, after the entry point's wrapper loop). Records
 * what is written in s->vs.outputs, lays out the record with agx_uvs_assign
 * (graphics.md §2.3) into s->vs.uvs, and replaces each store by store_uvs
 * (st_var) of its UVS word. Position words the shader does not write
 * are written 0 (Vulkan: the position is then undefined; the hardware
 * rasterises UVS words 0-3 whatever they hold, so they must be written:
 * an assumption without a public source, the simulator's fidelity check;
 * w = 0 makes a degenerate primitive that covers nothing). Vulkan does not require interpolation
 * decorations to match between stages and the fragment shader's govern: a
 * linked variant passes the FS's interpolation per location (fs_interp,
 * enum agx_interp, 0xFF = the VS's own; NULL: the VS decorations, integers
 * flat), which decides the group of each location; the last one in program order becomes
 * st_var_final, and a shader writing nothing gets no_var. Layer and viewport
 * share one word (layer | viewport << 16); the viewport index is also the
 * flat varying AGX_UVS_LOC_VIEWPORT the FS reads. Clip distances go to the clip
 * words and, like cull distances, to internal perspective varyings the FS
 * may read; each cull distance d also to the linear varying d >= 0 ? 1 : 0
 * the FS tests (agx_uvs.h, agx_pass_lower_cull_fs; Mesa
 * agx_nir_lower_uvs.c / agx_nir_lower_cull_distance.c). Returns false
 * (s->vs.uvs.size 0) when the record exceeds the hardware's 128 words. */
#include "agx_builder.h"
#include "agx_passes.h"

/* A clip or cull distance word: its count and its internal varyings. */
static void
record_clip_cull(struct agx_vs_outputs *o, bool cull, unsigned comp)
{
   if (comp >= AGX_MAX_CLIP)
      return;
   uint8_t *count = cull ? &o->cull_count : &o->clip_count;
   if (comp + 1 > *count)
      *count = (uint8_t)(comp + 1);
   unsigned loc = (cull ? AGX_UVS_LOC_CULL : AGX_UVS_LOC_CLIP) + comp / 4;
   o->comps[loc] |= (uint8_t)(1u << (comp & 3));
   o->interp[loc] = AGX_INTERP_SMOOTH;
   if (cull) {
      o->comps[AGX_UVS_LOC_CULL_PRIM + comp / 4] |= (uint8_t)(1u << (comp & 3));
      o->interp[AGX_UVS_LOC_CULL_PRIM + comp / 4] = AGX_INTERP_LINEAR;
   }
}

/* The varying words of a clip/cull distance store (agx_uvs.h): the value
 * under its internal location, and for cull distances d >= 0 ? 1.0 : 0.0
 * under AGX_UVS_LOC_CULL_PRIM. Returns the last store. */
static agx_instr *
store_clip_cull_varyings(agx_builder *b, const struct agx_uvs_layout *l, const agx_instr *I)
{
   bool cull = I->c[0] == AGX_IO_CULL_DIST;
   unsigned comp = I->c[1];
   if (comp >= AGX_MAX_CLIP)
      return NULL;
   unsigned loc = (cull ? AGX_UVS_LOC_CULL : AGX_UVS_LOC_CLIP) + comp / 4;
   agx_instr *last = agx_intrin(b, AGX_OP_STORE_UVS, agx_type_make(0, 0), 1, I->src[0], NULL, NULL,
                                l->offset[loc][comp & 3], 0, 0);
   if (cull) {
      /* ClipDistance / CullDistance are 32-bit float arrays (SPIR-V) */
      agx_instr *keep = agx_fge(b, I->src[0], agx_imm(b, 32, 0));
      agx_instr *v = agx_bcsel(b, keep, agx_imm(b, 32, 0x3f800000), agx_imm(b, 32, 0));
      last = agx_intrin(b, AGX_OP_STORE_UVS, agx_type_make(0, 0), 1, v, NULL, NULL,
                        l->offset[AGX_UVS_LOC_CULL_PRIM + comp / 4][comp & 3], 0, 0);
   }
   return last;
}

static void
record(agx_shader *s, const agx_instr *I, const uint8_t *fs_interp)
{
   struct agx_vs_outputs *o = &s->vs.outputs;
   unsigned slot = I->c[0], comp = I->c[1];
   if (slot < AGX_IO_VAR0 + AGX_MAX_VARYINGS) {
      o->comps[slot] |= (uint8_t)(1u << (comp & 3));
      o->interp[slot] = (uint8_t)(I->c[2] & AGX_INTERP_MASK);
      if (fs_interp && fs_interp[slot] <= AGX_INTERP_LINEAR)
         o->interp[slot] = fs_interp[slot];
   } else if (slot == AGX_IO_POSITION) {
      o->position = true;
   } else if (slot == AGX_IO_POINT_SIZE) {
      o->point_size = true;
   } else if (slot == AGX_IO_LAYER) {
      o->layer = true;
   } else if (slot == AGX_IO_VIEWPORT) {
      o->viewport = true;
      /* also the flat varying a fragment shader reads (agx_uvs.h) */
      o->comps[AGX_UVS_LOC_VIEWPORT] = 1;
      o->interp[AGX_UVS_LOC_VIEWPORT] = AGX_INTERP_FLAT;
   } else if (slot == AGX_IO_PRIMITIVE_ID) {
      o->primitive_id = true;
   } else if (slot == AGX_IO_CLIP_DIST || slot == AGX_IO_CULL_DIST) {
      record_clip_cull(o, slot == AGX_IO_CULL_DIST, comp);
   }
}

static int
uvs_word(const struct agx_uvs_layout *l, unsigned slot, unsigned comp)
{
   if (slot < AGX_IO_VAR0 + AGX_MAX_VARYINGS)
      return l->offset[slot][comp & 3] == AGX_UVS_NONE ? -1 : l->offset[slot][comp & 3];
   switch (slot) {
   case AGX_IO_POSITION:
      return (int)comp;
   case AGX_IO_POINT_SIZE:
      return l->point_size;
   case AGX_IO_PRIMITIVE_ID:
      return l->primitive_id;
   case AGX_IO_CLIP_DIST:
      return comp < l->clip_count ? (int)(l->clip_base + comp) : -1;
   default:
      return -1;
   }
}

bool
agx_pass_lower_vs_outputs(agx_shader *s, const uint8_t *fs_interp)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   agx_instr *layer = NULL, *viewport = NULL, *anchor = NULL;
   for (unsigned i = 0; i < n; i++)
      if (all[i]->op == AGX_OP_STORE_OUTPUT)
         record(s, all[i], fs_interp);
   bool ok = agx_uvs_assign(&s->vs.uvs, &s->vs.outputs);
   agx_instr *last = NULL;
   unsigned position_written = 0; /* components */
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_STORE_OUTPUT)
         continue;
      unsigned slot = I->c[0], comp = I->c[1];
      if (slot == AGX_IO_POSITION && comp < 4)
         position_written |= 1u << comp;
      agx_builder b = agx_builder_before(s, I);
      if (slot == AGX_IO_LAYER || slot == AGX_IO_VIEWPORT) {
         *(slot == AGX_IO_LAYER ? &layer : &viewport) = I->src[0];
         anchor = I;
         if (ok && slot == AGX_IO_VIEWPORT)
            last = agx_intrin(&b, AGX_OP_STORE_UVS, agx_type_make(0, 0), 1, I->src[0], NULL, NULL,
                              s->vs.uvs.offset[AGX_UVS_LOC_VIEWPORT][0], 0, 0);
         continue;
      }
      int word = uvs_word(&s->vs.uvs, slot, comp);
      if (ok && (slot == AGX_IO_CLIP_DIST || slot == AGX_IO_CULL_DIST)) {
         agx_instr *v = store_clip_cull_varyings(&b, &s->vs.uvs, I);
         last = v ? v : last;
      }
      if (word < 0 || !ok) {
         agx_instr_remove(I);
         continue;
      }
      last = agx_intrin(&b, AGX_OP_STORE_UVS, agx_type_make(0, 0), 1, I->src[0], NULL, NULL,
                        (unsigned)word, 0, 0);
      agx_instr_remove(I);
   }
   agx_block *end = agx_list_last_block(&s->body);
   agx_builder b = agx_builder_at_end(s, end);
   for (unsigned comp = 0; ok && comp < 4; comp++) {
      if (!(position_written & (1u << comp)))
         last = agx_intrin(&b, AGX_OP_STORE_UVS, agx_type_make(0, 0), 1, agx_imm(&b, 32, 0), NULL,
                           NULL, comp, 0, 0);
   }
   if (anchor && ok) {
      agx_instr *lo = layer ? agx_iand(&b, layer, agx_imm(&b, 32, 0xFFFF)) : agx_imm(&b, 32, 0);
      agx_instr *hi = viewport ? agx_ishl(&b, viewport, agx_imm(&b, 32, 16)) : agx_imm(&b, 32, 0);
      last = agx_intrin(&b, AGX_OP_STORE_UVS, agx_type_make(0, 0), 1, agx_ior(&b, lo, hi), NULL,
                        NULL, s->vs.uvs.layer_viewport, 0, 0);
   }
   /* the layer/viewport stores were kept as anchors until now */
   for (unsigned i = 0; i < n; i++)
      if (all[i]->op == AGX_OP_STORE_OUTPUT &&
          (all[i]->c[0] == AGX_IO_LAYER || all[i]->c[0] == AGX_IO_VIEWPORT))
         agx_instr_remove(all[i]);
   if (last)
      last->c[1] = 1;
   else
      agx_intrin(&b, AGX_OP_UVS_NONE, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0, 0, 0);
   if (!ok)
      s->vs.uvs.size = 0;
   return ok;
}
