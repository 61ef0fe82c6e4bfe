/*
 * PPP state updates: a PPP Header followed by the words its presence bits
 * announce, in header-bit order (genxml/agx_ppp.xml, hardware.md section
 * 8). Words not present keep their previous value: the PPP retains state
 * across the draws of a VDM stream (graphics.md 1.3).
 *
 * Assumes: Region clip repeats Viewport count times (Viewport count from
 * this header, also when no Viewport word follows); Viewport is a Viewport
 * control word then Viewport count viewports; Fragment shader is FS Words
 * 0-3. The update must be exactly as long as its header says (Size words of
 * the PPP State Update), otherwise the stream is malformed. Fragment
 * control 2 / face 2 words are decoded but only the first set is used
 * (Assumption: the "2" variants describe the same state for a second pass
 * of punch-through rendering, which the model does not split).
 */
#include <string.h>

#include "agx_sim_render.h"

struct cursor {
   const uint8_t *p;
   size_t left;
   bool ok;
};

static const uint8_t *
take(struct cursor *c, size_t n)
{
   if (!c->ok || c->left < n) {
      c->ok = false;
      return NULL;
   }
   const uint8_t *p = c->p;
   c->p += n;
   c->left -= n;
   return p;
}

#define WORD(c, present, T, dst)                        \
   do {                                                 \
      if (present) {                                    \
         const uint8_t *p_ = take(c, AGX_##T##_LENGTH); \
         if (p_ && !AGX_##T##_unpack(NULL, p_, dst))    \
            (c)->ok = false;                            \
      }                                                 \
   } while (0)

bool
agx_sim_ppp_update(struct agx_sim_render *r, uint64_t va, unsigned words)
{
   uint8_t buf[256 * 4];
   size_t size = (size_t)words * 4;
   if (size < AGX_PPP_HEADER_LENGTH || size > sizeof(buf)) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, va, "PPP update of %u words at 0x%llx", words,
                        (unsigned long long)va);
      return false;
   }
   if (!agx_sim_usc_read(r->gpu, va, buf, size))
      return false;
   struct cursor c = {buf, size, true};
   struct AGX_PPP_HEADER h;
   if (!AGX_PPP_HEADER_unpack(NULL, take(&c, AGX_PPP_HEADER_LENGTH), &h))
      c.ok = false;
   struct agx_sim_ppp *s = &r->ppp;
   WORD(&c, h.fragment_control, FRAGMENT_CONTROL, &s->fc);
   WORD(&c, h.fragment_control_2, FRAGMENT_CONTROL, &s->fc2);
   WORD(&c, h.fragment_front_face, FRAGMENT_FACE, &s->front);
   WORD(&c, h.fragment_front_face_2, FRAGMENT_FACE_2, &s->front2);
   WORD(&c, h.fragment_front_stencil, FRAGMENT_STENCIL, &s->front_stencil);
   WORD(&c, h.fragment_back_face, FRAGMENT_FACE, &s->back);
   WORD(&c, h.fragment_back_face_2, FRAGMENT_FACE_2, &s->back2);
   WORD(&c, h.fragment_back_stencil, FRAGMENT_STENCIL, &s->back_stencil);
   WORD(&c, h.depth_bias_scissor, DEPTH_BIAS_SCISSOR, &s->dbs);
   unsigned n = h.viewport_count;
   if (n < 1 || n > 16)
      c.ok = false;
   else if (h.region_clip || h.viewport)
      s->viewport_count = n;
   for (unsigned i = 0; c.ok && h.region_clip && i < n; i++)
      WORD(&c, true, REGION_CLIP, &s->region[i]);
   if (h.viewport) {
      struct AGX_VIEWPORT_CONTROL vc;
      WORD(&c, true, VIEWPORT_CONTROL, &vc);
      for (unsigned i = 0; c.ok && i < n; i++)
         WORD(&c, true, VIEWPORT, &s->viewport[i]);
      s->has_viewport = true;
   }
   if (h.w_clamp) {
      struct AGX_W_CLAMP wc = {0};
      WORD(&c, true, W_CLAMP, &wc);
      s->w_clamp = wc.w_clamp;
   }
   WORD(&c, h.output_select, OUTPUT_SELECT, &s->output_select);
   WORD(&c, h.varying_counts_32, VARYING_COUNTS, &s->counts32);
   WORD(&c, h.varying_counts_16, VARYING_COUNTS, &s->counts16);
   if (h.cull) {
      WORD(&c, true, CULL, &s->cull);
      s->has_cull = true;
   }
   WORD(&c, h.cull_2, CULL_2, &s->cull2);
   if (h.fragment_shader) {
      struct AGX_FRAGMENT_SHADER_WORD_3 fs3;
      WORD(&c, true, FRAGMENT_SHADER_WORD_0, &s->fs0);
      WORD(&c, true, FRAGMENT_SHADER_WORD_1, &s->fs1);
      WORD(&c, true, FRAGMENT_SHADER_WORD_2, &s->fs2);
      WORD(&c, true, FRAGMENT_SHADER_WORD_3, &fs3);
      s->has_fs = true;
   }
   WORD(&c, h.occlusion_query, FRAGMENT_OCCLUSION_QUERY, &s->oq);
   if (h.occlusion_query_2) {
      struct AGX_FRAGMENT_OCCLUSION_QUERY_2 q2;
      WORD(&c, true, FRAGMENT_OCCLUSION_QUERY_2, &q2);
   }
   if (h.output_unknown) {
      struct AGX_OUTPUT_UNKNOWN ou;
      WORD(&c, true, OUTPUT_UNKNOWN, &ou);
   }
   if (h.output_size) {
      struct AGX_OUTPUT_SIZE os = {0};
      WORD(&c, true, OUTPUT_SIZE, &os);
      s->output_size = os.count;
   }
   if (h.varying_word_2) {
      struct AGX_VARYING_2 v2;
      WORD(&c, true, VARYING_2, &v2);
   }
   if (!c.ok || c.left) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, va,
                        "malformed PPP update at 0x%llx (%u words): %s", (unsigned long long)va,
                        words, c.ok ? "longer than its header announces" : "invalid or short word");
      return false;
   }
   return true;
}
