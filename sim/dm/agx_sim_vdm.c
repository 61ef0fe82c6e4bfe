/*
 * The VDM: walks a render command's control stream (genxml/agx_vdm.xml,
 * hardware.md section 6) and runs each draw's vertex stage on the shader
 * core.
 *
 * Blocks: PPP State Update (pointer + size in words), VDM Barrier (with
 * Returns = return from a call), VDM State (present words in bit order,
 * block padded to 8 bytes), Index List, Stream Link (jump, or call With
 * return), Stream Terminate. Index List words are read in presence-bit
 * order with Buffer size last, as Mesa's agx_vdm_draw emits them (Buffer
 * lo, Count, Instances, Start or Indirect buffer, Buffer size); Unk 1/Unk 2
 * words and Tessellate blocks are not modelled (malformed stream).
 *
 * Draw semantics (graphics.md 1.2, 2.1): non-indexed vertex ids are
 * Start + i; indexed ones index + Start (base vertex), indices U8/U16/U32
 * from Buffer (which already includes the first index), primitive restart
 * on the VDM State Restart Index when Restart enable is set. Indirect draws
 * read VkDrawIndirectCommand / VkDrawIndexedIndirectCommand records
 * (firstIndex x index size added to the buffer, vertexOffset as base
 * vertex; firstInstance is not added: r6 counts from 0). The vertex shader
 * runs once per (index, instance) with r5 = vertex id and r6 = instance
 * (Assumption: no vertex reuse, which the hardware may do but need not);
 * its st_var words fill a record of VDM Vertex Outputs "Output count 1"
 * words. Index fetches have no bounds check beyond the VM (graphics.md
 * 1.2); Buffer size is read but not enforced. Calls nest at most 8 deep
 * (Assumption: the hardware limit is not documented).
 */
#include <stdlib.h>
#include <string.h>

#include "agx_sim_render.h"

#define VDM_DEPTH 8
#define VDM_MAX_BLOCKS (1u << 22)
#define MAX_DRAW_VERTICES (1u << 22)

struct vs_ctx {
   struct agx_sim_render *r;
   uint32_t base;  /* first record in r->vtx */
   unsigned words; /* record size */
};

static const char *
vs_st_var(void *p, uint32_t thread, unsigned slot, uint32_t value)
{
   struct vs_ctx *c = p;
   if (slot >= c->words)
      return "st_var past the vertex output record (VDM Vertex Outputs)";
   struct agx_sim_vtx *v = &c->r->vtx[c->base + thread];
   v->w[slot] = value;
   v->written[slot / 8] |= 1u << (slot % 8);
   return NULL;
}

static const struct agx_sim_usc_gfx_ops vs_ops = {.st_var = vs_st_var};

static bool
read_u32(struct agx_sim_render *r, uint64_t va, uint32_t *v)
{
   return agx_sim_usc_read(r->gpu, va, v, 4);
}

/* Run the vertex shader for `ids` (vertex id, instance) pairs. */
static bool
run_vs(struct agx_sim_render *r, const uint32_t *ids, uint32_t n, uint32_t *first)
{
   const struct agx_sim_vdm_state *v = &r->vdm;
   if (!v->has_vs || !v->has_outputs) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0,
                        "draw without a vertex shader / Vertex Outputs in VDM State");
      return false;
   }
   unsigned words = v->outputs.output_count_1;
   if (words < 4 || words > AGX_SIM_UVS_MAX) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "vertex output record of %u words", words);
      return false;
   }
   struct agx_sim_vtx *vt =
      agx_sim_render_grow(r, r->vtx, &r->cap_vtx, r->nvtx + n, sizeof(struct agx_sim_vtx));
   if (!vt)
      return false;
   r->vtx = vt;
   *first = r->nvtx;
   memset(&r->vtx[r->nvtx], 0, (size_t)n * sizeof(struct agx_sim_vtx));
   r->nvtx += n;

   struct agx_sim_dispatch *d = agx_sim_usc_state_create(
      r->gpu, r->gpu->usc_base + v->vs1.pipeline, v->vs0.preshader_register_count,
      r->cmd->sampler_heap, r->cmd->sampler_count);
   if (!d)
      return false;
   struct vs_ctx c = {r, *first, words};
   struct agx_sim_usc_batch b = {
      .stage = AGX_SIM_STAGE_VERTEX,
      .count = n,
      .nregs = 2,
      .reg = {5, 6},
      .values = ids,
      .ops = &vs_ops,
      .ctx = &c,
   };
   bool ok = agx_sim_usc_run_batch(r->gpu, d, &b);
   agx_sim_usc_state_destroy(d);
   return ok;
}

struct draw_args {
   unsigned topology;
   bool indexed, restart;
   unsigned index_size; /* bytes */
   uint64_t index_buffer;
   uint32_t count, instances, start;
};

static bool
snapshot_draw(struct agx_sim_render *r, uint32_t *index)
{
   struct agx_sim_draw *d =
      agx_sim_render_grow(r, r->draws, &r->cap_draws, r->ndraws + 1, sizeof(*d));
   if (!d)
      return false;
   r->draws = d;
   d = &r->draws[r->ndraws];
   memset(d, 0, sizeof(*d));
   d->ppp = r->ppp;
   d->vdm = r->vdm;
   *index = r->ndraws++;
   return true;
}

static bool
draw(struct agx_sim_render *r, const struct draw_args *a)
{
   if (!a->count || !a->instances)
      return true;
   uint64_t total = (uint64_t)a->count * a->instances;
   if (total > MAX_DRAW_VERTICES) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0,
                        "draw of %llu vertices exceeds the model's limit of %u",
                        (unsigned long long)total, MAX_DRAW_VERTICES);
      return false;
   }
   uint32_t draw_index;
   if (!snapshot_draw(r, &draw_index))
      return false;
   /* vertex ids in index order, then per instance */
   uint32_t *vid = malloc((size_t)a->count * sizeof(uint32_t));
   bool *restart = calloc(a->count, sizeof(bool));
   uint32_t *ids = malloc((size_t)total * 2 * sizeof(uint32_t));
   uint32_t *verts = malloc((size_t)a->count * sizeof(uint32_t));
   bool ok = vid && restart && ids && verts;
   if (!ok)
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "out of host memory");
   uint32_t n = 0;
   for (uint32_t i = 0; ok && i < a->count; i++) {
      uint32_t id = a->start + i;
      if (a->indexed) {
         uint32_t raw = 0;
         ok = agx_sim_usc_read(r->gpu, a->index_buffer + (uint64_t)i * a->index_size, &raw,
                               a->index_size);
         uint32_t mask = a->index_size == 4 ? ~0u : (1u << (8 * a->index_size)) - 1;
         if (a->restart && raw == (r->vdm.restart_index & mask)) {
            restart[i] = true;
            continue;
         }
         id = raw + a->start;
      }
      vid[i] = id;
      n++;
   }
   /* one vertex-shader thread per non-restart index and instance */
   uint32_t k = 0;
   for (uint32_t inst = 0; ok && inst < a->instances; inst++) {
      for (uint32_t i = 0; i < a->count; i++) {
         if (restart[i])
            continue;
         ids[2 * k] = vid[i];
         ids[2 * k + 1] = inst;
         k++;
      }
   }
   uint32_t first = 0;
   if (ok && k)
      ok = run_vs(r, ids, k, &first);
   for (uint32_t inst = 0; ok && inst < a->instances; inst++) {
      uint32_t j = first + inst * n;
      for (uint32_t i = 0; i < a->count; i++)
         verts[i] = restart[i] ? UINT32_MAX : j++;
      ok = agx_sim_prim_assemble(r, draw_index, a->topology, verts, a->count, 0);
   }
   free(vid);
   free(restart);
   free(ids);
   free(verts);
   return ok;
}

static bool
index_list(struct agx_sim_render *r, uint64_t *va)
{
   uint64_t at = *va;
   uint32_t w;
   struct AGX_INDEX_LIST h;
   if (!read_u32(r, at, &w))
      return false;
   if (!AGX_INDEX_LIST_unpack(NULL, (const uint8_t *)&w, &h) || h.unk_1_present ||
       h.unk_2_present) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, at,
                        "Index List at 0x%llx with unknown words or fields",
                        (unsigned long long)at);
      return false;
   }
   uint64_t p = at + 4;
   struct draw_args a = {.topology = h.primitive, .restart = h.restart_enable, .instances = 1};
   a.indexed = h.index_buffer_present;
   a.index_size = 1u << h.index_size;
   if (h.index_size > 2) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, at, "Index List with index size %u",
                        h.index_size);
      return false;
   }
   if (a.indexed) {
      if (!read_u32(r, p, &w))
         return false;
      a.index_buffer = ((uint64_t)h.index_buffer_hi << 32) | w;
      p += 4;
   }
   if (h.index_count_present) {
      if (!read_u32(r, p, &a.count))
         return false;
      p += 4;
   }
   if (h.instance_count_present) {
      if (!read_u32(r, p, &a.instances))
         return false;
      p += 4;
   }
   if (h.start_present) {
      if (!read_u32(r, p, &a.start))
         return false;
      p += 4;
   }
   if (h.indirect_buffer_present) {
      uint8_t b[8];
      struct AGX_INDEX_LIST_INDIRECT_BUFFER ib;
      if (!agx_sim_usc_read(r->gpu, p, b, 8))
         return false;
      AGX_INDEX_LIST_INDIRECT_BUFFER_unpack(NULL, b, &ib);
      uint64_t rec_va = ((uint64_t)ib.address_hi << 32) | ib.address_lo;
      uint32_t rec[5];
      if (!agx_sim_usc_read(r->gpu, rec_va, rec, a.indexed ? 20 : 16))
         return false;
      a.count = rec[0];
      a.instances = rec[1];
      if (a.indexed) {
         a.index_buffer += (uint64_t)rec[2] * a.index_size;
         a.start = rec[3];
      } else {
         a.start = rec[2];
      }
      p += 8;
   } else if (!h.index_count_present || !h.instance_count_present) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, at,
                        "Index List at 0x%llx without Count/Instances or Indirect",
                        (unsigned long long)at);
      return false;
   }
   if (h.index_buffer_size_present)
      p += 4; /* Buffer size: read, not enforced */
   *va = p;
   return draw(r, &a);
}

static bool
vdm_state(struct agx_sim_render *r, uint64_t *va)
{
   uint64_t at = *va;
   uint32_t w;
   struct AGX_VDM_STATE h;
   if (!read_u32(r, at, &w))
      return false;
   if (!AGX_VDM_STATE_unpack(NULL, (const uint8_t *)&w, &h) || h.tessellation_present ||
       h.tessellation_scale_present) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, at,
                        "VDM State at 0x%llx is invalid or asks for tessellation",
                        (unsigned long long)at);
      return false;
   }
   uint64_t p = at + 4;
   struct agx_sim_vdm_state *s = &r->vdm;
   if (h.restart_index_present) {
      if (!read_u32(r, p, &s->restart_index))
         return false;
      p += 4;
   }
   if (h.vertex_shader_word_0_present) {
      if (!read_u32(r, p, &w))
         return false;
      AGX_VDM_STATE_VERTEX_SHADER_WORD_0_unpack(NULL, (const uint8_t *)&w, &s->vs0);
      p += 4;
   }
   if (h.vertex_shader_word_1_present) {
      if (!read_u32(r, p, &w))
         return false;
      AGX_VDM_STATE_VERTEX_SHADER_WORD_1_unpack(NULL, (const uint8_t *)&w, &s->vs1);
      s->has_vs = true;
      p += 4;
   }
   if (h.vertex_outputs_present) {
      if (!read_u32(r, p, &w))
         return false;
      AGX_VDM_STATE_VERTEX_OUTPUTS_unpack(NULL, (const uint8_t *)&w, &s->outputs);
      s->has_outputs = true;
      p += 4;
   }
   if (h.vertex_unknown_present) {
      if (!read_u32(r, p, &w))
         return false;
      AGX_VDM_STATE_VERTEX_UNKNOWN_unpack(NULL, (const uint8_t *)&w, &s->vunk);
      p += 4;
   }
   /* the block is padded to 8 bytes */
   *va = at + ((p - at + 7) & ~7ull);
   return true;
}

bool
agx_sim_vdm_run(struct agx_sim_render *r)
{
   uint64_t stack[VDM_DEPTH];
   unsigned depth = 0;
   uint64_t va = r->cmd->vdm_ctrl_stream_base;
   for (unsigned n = 0; n < VDM_MAX_BLOCKS; n++) {
      uint8_t b[AGX_VDM_STREAM_TERMINATE_LENGTH > 8 ? AGX_VDM_STREAM_TERMINATE_LENGTH : 8];
      if (!agx_sim_usc_read(r->gpu, va, b, 4))
         return false;
      switch (b[3] >> 5) {
      case AGX_VDM_BLOCK_TYPE_PPP_STATE_UPDATE: {
         struct AGX_PPP_STATE s;
         if (!agx_sim_usc_read(r->gpu, va, b, 8))
            return false;
         if (!AGX_PPP_STATE_unpack(NULL, b, &s))
            goto invalid;
         uint64_t ppp = ((uint64_t)s.pointer_hi << 32) | s.pointer_lo;
         if (!agx_sim_ppp_update(r, ppp, s.size_words))
            return false;
         va += AGX_PPP_STATE_LENGTH;
         break;
      }
      case AGX_VDM_BLOCK_TYPE_BARRIER: {
         struct AGX_VDM_BARRIER bar;
         if (!AGX_VDM_BARRIER_unpack(NULL, b, &bar))
            goto invalid;
         if (bar.returns) {
            if (!depth) {
               agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, va,
                                 "VDM return at 0x%llx without a call", (unsigned long long)va);
               return false;
            }
            va = stack[--depth];
         } else {
            va += AGX_VDM_BARRIER_LENGTH;
         }
         break;
      }
      case AGX_VDM_BLOCK_TYPE_VDM_STATE_UPDATE:
         if (!vdm_state(r, &va))
            return false;
         break;
      case AGX_VDM_BLOCK_TYPE_INDEX_LIST:
         if (!index_list(r, &va))
            return false;
         break;
      case AGX_VDM_BLOCK_TYPE_STREAM_LINK: {
         struct AGX_VDM_STREAM_LINK l;
         if (!agx_sim_usc_read(r->gpu, va, b, 8))
            return false;
         if (!AGX_VDM_STREAM_LINK_unpack(NULL, b, &l))
            goto invalid;
         if (l.with_return) {
            if (depth == VDM_DEPTH) {
               agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, va, "VDM calls nested deeper than %u",
                                 VDM_DEPTH);
               return false;
            }
            stack[depth++] = va + AGX_VDM_STREAM_LINK_LENGTH;
         }
         va = ((uint64_t)l.target_hi << 32) | l.target_lo;
         break;
      }
      case AGX_VDM_BLOCK_TYPE_STREAM_TERMINATE: {
         struct AGX_VDM_STREAM_TERMINATE t;
         if (!agx_sim_usc_read(r->gpu, va, b, AGX_VDM_STREAM_TERMINATE_LENGTH))
            return false;
         if (!AGX_VDM_STREAM_TERMINATE_unpack(NULL, b, &t))
            goto invalid;
         return true;
      }
      default:
         goto invalid;
      }
   }
   agx_sim_usc_error(r->gpu, AGX_SIM_GPU_TIMEOUT, va,
                     "VDM stream did not terminate after %u blocks", VDM_MAX_BLOCKS);
   return false;
invalid:
   agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, va, "invalid or unmodelled VDM block at 0x%llx",
                     (unsigned long long)va);
   return false;
}
