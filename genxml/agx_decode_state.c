/*
 * agx_decode: PPP state updates, USC word lists and the descriptors and
 * coefficient bindings they reference.
 *
 * Assumes the layouts in agx_ppp.xml / agx_usc.xml: PPP words follow the
 * header in header-bit order (Region clip x Viewport count; Viewport =
 * Viewport control + Viewport count viewports; Fragment shader = 4 words);
 * USC records are tagged by their first byte and packed back to back; a
 * list ends with No Preshader or Preshader; samplers are followed by a
 * Border when the sampler state count is an "extended" one.
 */
#include "agx_decode_priv.h"

#include <inttypes.h>
#include <stdlib.h>

#define MAX_USC_RECORDS 256
#define MAX_DESCRIPTORS 256

/* --- PPP ------------------------------------------------------------------ */

struct ppp_cursor {
   struct agx_decode_ctx *ctx;
   const uint8_t *data;
   uint64_t va;
   size_t size, offset;
   bool ok;
};

/* Returns the next `len` bytes of the update, or NULL (reported) if the
 * header announces more words than the update's size holds. */
static const uint8_t *
ppp_take(struct ppp_cursor *c, size_t len, const char *what)
{
   if (!c->ok)
      return NULL;
   if (len > c->size - c->offset) {
      agx_decode_error(c->ctx, 4, "PPP update too small: %s needs %zu bytes at offset %zu of %zu",
                       what, len, c->offset, c->size);
      c->ok = false;
      return NULL;
   }
   const uint8_t *p = c->data + c->offset;
   c->offset += len;
   return p;
}

#define PPP_WORD(c, present, T, label)                                                \
   do {                                                                               \
      const uint8_t *p_;                                                              \
      if ((present) && (p_ = ppp_take(c, AGX_##T##_LENGTH, label))) {                 \
         AGX_DECODE_PRINT((c)->ctx, T, p_, (c)->va + (p_ - (c)->data), label, 4, v_); \
         (void)v_;                                                                    \
      }                                                                               \
   } while (0)

static void
decode_cf_bindings(struct agx_decode_ctx *ctx, uint64_t va, unsigned count)
{
   uint8_t hdr[AGX_CF_BINDING_HEADER_LENGTH];
   if (!agx_decode_fetch(ctx, va, hdr, sizeof(hdr)))
      return;
   AGX_DECODE_PRINT(ctx, CF_BINDING_HEADER, hdr, va, "CF binding header", 6, h);
   (void)h;
   for (unsigned i = 0; i < count; ++i) {
      uint64_t at = va + AGX_CF_BINDING_HEADER_LENGTH + i * AGX_CF_BINDING_LENGTH;
      uint8_t b[AGX_CF_BINDING_LENGTH];
      if (!agx_decode_fetch(ctx, at, b, sizeof(b)))
         return;
      AGX_DECODE_PRINT(ctx, CF_BINDING, b, at, "CF binding", 6, cf);
      (void)cf;
   }
}

static void
decode_fragment_shader(struct ppp_cursor *c)
{
   const uint8_t *p = ppp_take(c, 16, "Fragment shader");
   if (!p)
      return;
   uint64_t va = c->va + (p - c->data);
   AGX_DECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_0, p, va, "Fragment Shader Word 0", 4, w0);
   AGX_DECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_1, p + 4, va + 4, "Fragment Shader Word 1", 4, w1);
   AGX_DECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_2, p + 8, va + 8, "Fragment Shader Word 2", 4, w2);
   AGX_DECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_3, p + 12, va + 12, "Fragment Shader Word 3", 4,
                    w3);
   (void)w3;

   fprintf(c->ctx->fp, "      fragment pipeline:\n");
   agx_decode_usc(c->ctx, c->ctx->usc_base + w1.pipeline, (int)w0.sampler_state_register_count);
   if (w2.cf_bindings)
      decode_cf_bindings(c->ctx, c->ctx->usc_base + w2.cf_bindings, w0.cf_binding_count);
}

void
agx_decode_ppp(struct agx_decode_ctx *ctx, uint64_t va, size_t size)
{
   fprintf(ctx->fp, "    PPP state update at 0x%" PRIx64 ", %zu bytes\n", va, size);
   if (size < AGX_PPP_HEADER_LENGTH) {
      agx_decode_error(ctx, 4, "PPP update of %zu bytes has no room for its header", size);
      return;
   }
   uint8_t *data = malloc(size);
   if (!data) {
      agx_decode_error(ctx, 4, "out of memory for a %zu-byte PPP update", size);
      return;
   }
   if (!agx_decode_fetch(ctx, va, data, size)) {
      free(data);
      return;
   }

   struct ppp_cursor c = {ctx, data, va, size, 0, true};
   const uint8_t *p = ppp_take(&c, AGX_PPP_HEADER_LENGTH, "PPP Header");
   AGX_DECODE_PRINT(ctx, PPP_HEADER, p, va, "PPP Header", 4, hdr);

   PPP_WORD(&c, hdr.fragment_control, FRAGMENT_CONTROL, "Fragment control");
   PPP_WORD(&c, hdr.fragment_control_2, FRAGMENT_CONTROL, "Fragment control 2");
   PPP_WORD(&c, hdr.fragment_front_face, FRAGMENT_FACE, "Fragment front face");
   PPP_WORD(&c, hdr.fragment_front_face_2, FRAGMENT_FACE_2, "Fragment front face 2");
   PPP_WORD(&c, hdr.fragment_front_stencil, FRAGMENT_STENCIL, "Fragment front stencil");
   PPP_WORD(&c, hdr.fragment_back_face, FRAGMENT_FACE, "Fragment back face");
   PPP_WORD(&c, hdr.fragment_back_face_2, FRAGMENT_FACE_2, "Fragment back face 2");
   PPP_WORD(&c, hdr.fragment_back_stencil, FRAGMENT_STENCIL, "Fragment back stencil");
   PPP_WORD(&c, hdr.depth_bias_scissor, DEPTH_BIAS_SCISSOR, "Depth bias/Scissor");
   for (unsigned i = 0; hdr.region_clip && i < hdr.viewport_count; ++i)
      PPP_WORD(&c, true, REGION_CLIP, "Region clip");
   if (hdr.viewport) {
      PPP_WORD(&c, true, VIEWPORT_CONTROL, "Viewport control");
      for (unsigned i = 0; i < hdr.viewport_count; ++i)
         PPP_WORD(&c, true, VIEWPORT, "Viewport");
   }
   PPP_WORD(&c, hdr.w_clamp, W_CLAMP, "W Clamp");
   PPP_WORD(&c, hdr.output_select, OUTPUT_SELECT, "Output Select");
   PPP_WORD(&c, hdr.varying_counts_32, VARYING_COUNTS, "Varying Counts 32");
   PPP_WORD(&c, hdr.varying_counts_16, VARYING_COUNTS, "Varying Counts 16");
   PPP_WORD(&c, hdr.cull, CULL, "Cull");
   PPP_WORD(&c, hdr.cull_2, CULL_2, "Cull 2");
   if (hdr.fragment_shader)
      decode_fragment_shader(&c);
   PPP_WORD(&c, hdr.occlusion_query, FRAGMENT_OCCLUSION_QUERY, "Fragment occlusion query");
   PPP_WORD(&c, hdr.occlusion_query_2, FRAGMENT_OCCLUSION_QUERY_2, "Fragment occlusion query 2");
   PPP_WORD(&c, hdr.output_unknown, OUTPUT_UNKNOWN, "Output Unknown");
   PPP_WORD(&c, hdr.output_size, OUTPUT_SIZE, "Output Size");
   PPP_WORD(&c, hdr.varying_word_2, VARYING_2, "Varying 2");

   if (c.ok && c.offset != size)
      agx_decode_error(ctx, 4, "PPP update is %zu bytes but its header describes %zu", size,
                       c.offset);
   free(data);
}

/* --- USC ------------------------------------------------------------------ */

static void
decode_textures(struct agx_decode_ctx *ctx, uint64_t va, unsigned start, unsigned count)
{
   for (unsigned i = 0; i < count && i < MAX_DESCRIPTORS; ++i) {
      uint8_t d[AGX_TEXTURE_LENGTH];
      uint64_t at = va + i * AGX_TEXTURE_LENGTH;
      if (!agx_decode_fetch(ctx, at, d, sizeof(d)))
         return;
      char label[32];
      snprintf(label, sizeof(label), "Texture (state %u)", start + i);
      AGX_DECODE_PRINT(ctx, TEXTURE, d, at, label, 8, t);
      (void)t;
   }
}

static void
decode_samplers(struct agx_decode_ctx *ctx, uint64_t va, unsigned start, unsigned count,
                int sampler_states)
{
   bool border = sampler_states == AGX_SAMPLER_STATES_8_EXTENDED ||
                 sampler_states == AGX_SAMPLER_STATES_16_EXTENDED;
   size_t stride = AGX_SAMPLER_LENGTH + (border ? AGX_BORDER_LENGTH : 0);
   for (unsigned i = 0; i < count && i < MAX_DESCRIPTORS; ++i) {
      uint8_t d[AGX_SAMPLER_LENGTH + AGX_BORDER_LENGTH];
      uint64_t at = va + i * stride;
      if (!agx_decode_fetch(ctx, at, d, stride))
         return;
      char label[32];
      snprintf(label, sizeof(label), "Sampler (state %u)", start + i);
      AGX_DECODE_PRINT(ctx, SAMPLER, d, at, label, 8, s);
      (void)s;
      if (border) {
         AGX_DECODE_PRINT(ctx, BORDER, d + AGX_SAMPLER_LENGTH, at + AGX_SAMPLER_LENGTH, "Border", 8,
                          b);
         (void)b;
      }
   }
}

static void
decode_uniform_data(struct agx_decode_ctx *ctx, uint64_t buffer, unsigned halfs)
{
   uint8_t data[128];
   size_t size = (size_t)halfs * 2;
   if (size > sizeof(data))
      size = sizeof(data);
   if (agx_decode_fetch(ctx, buffer, data, size))
      agx_decode_hexdump(ctx, 8, data, size);
}

/* Length of the record with this tag, 0 if unknown. */
static unsigned
usc_length(enum agx_usc_control tag)
{
   switch (tag) {
   case AGX_USC_CONTROL_UNIFORM:
      return AGX_USC_UNIFORM_LENGTH;
   case AGX_USC_CONTROL_UNIFORM_HIGH:
      return AGX_USC_UNIFORM_HIGH_LENGTH;
   case AGX_USC_CONTROL_TEXTURE:
      return AGX_USC_TEXTURE_LENGTH;
   case AGX_USC_CONTROL_SAMPLER:
      return AGX_USC_SAMPLER_LENGTH;
   case AGX_USC_CONTROL_SHARED:
      return AGX_USC_SHARED_LENGTH;
   case AGX_USC_CONTROL_SHADER:
      return AGX_USC_SHADER_LENGTH;
   case AGX_USC_CONTROL_REGISTERS:
      return AGX_USC_REGISTERS_LENGTH;
   case AGX_USC_CONTROL_FRAGMENT_PROPERTIES:
      return AGX_USC_FRAGMENT_PROPERTIES_LENGTH;
   case AGX_USC_CONTROL_PRESHADER:
      return AGX_USC_PRESHADER_LENGTH;
   case AGX_USC_CONTROL_NO_PRESHADER:
      return AGX_USC_NO_PRESHADER_LENGTH;
   default:
      return 0;
   }
}

void
agx_decode_usc(struct agx_decode_ctx *ctx, uint64_t va, int sampler_states)
{
   for (unsigned n = 0; n < MAX_USC_RECORDS; ++n) {
      uint8_t r[8];
      if (!agx_decode_fetch(ctx, va, r, 1))
         return;
      enum agx_usc_control tag = (enum agx_usc_control)r[0];
      unsigned len = usc_length(tag);
      if (!len) {
         agx_decode_error(ctx, 6, "unknown USC record tag 0x%02X at 0x%" PRIx64, r[0], va);
         return;
      }
      if (!agx_decode_fetch(ctx, va, r, len))
         return;

      switch (tag) {
      case AGX_USC_CONTROL_UNIFORM: {
         AGX_DECODE_PRINT(ctx, USC_UNIFORM, r, va, "USC Uniform", 6, u);
         decode_uniform_data(ctx, u.buffer, u.size_halfs);
         break;
      }
      case AGX_USC_CONTROL_UNIFORM_HIGH: {
         AGX_DECODE_PRINT(ctx, USC_UNIFORM_HIGH, r, va, "USC Uniform High", 6, u);
         decode_uniform_data(ctx, u.buffer, u.size_halfs);
         break;
      }
      case AGX_USC_CONTROL_TEXTURE: {
         AGX_DECODE_PRINT(ctx, USC_TEXTURE, r, va, "USC Texture", 6, t);
         decode_textures(ctx, t.buffer, t.start, t.count);
         break;
      }
      case AGX_USC_CONTROL_SAMPLER: {
         AGX_DECODE_PRINT(ctx, USC_SAMPLER, r, va, "USC Sampler", 6, s);
         decode_samplers(ctx, s.buffer, s.start, s.count, sampler_states);
         break;
      }
      case AGX_USC_CONTROL_SHARED: {
         AGX_DECODE_PRINT(ctx, USC_SHARED, r, va, "USC Shared", 6, s);
         (void)s;
         break;
      }
      case AGX_USC_CONTROL_SHADER: {
         AGX_DECODE_PRINT(ctx, USC_SHADER, r, va, "USC Shader", 6, s);
         fprintf(ctx->fp, "%*scode at 0x%" PRIx64 "\n", 8, "", ctx->usc_base + s.code);
         break;
      }
      case AGX_USC_CONTROL_REGISTERS: {
         AGX_DECODE_PRINT(ctx, USC_REGISTERS, r, va, "USC Registers", 6, s);
         (void)s;
         break;
      }
      case AGX_USC_CONTROL_FRAGMENT_PROPERTIES: {
         AGX_DECODE_PRINT(ctx, USC_FRAGMENT_PROPERTIES, r, va, "USC Fragment Properties", 6, s);
         (void)s;
         break;
      }
      case AGX_USC_CONTROL_PRESHADER: {
         AGX_DECODE_PRINT(ctx, USC_PRESHADER, r, va, "USC Preshader", 6, s);
         fprintf(ctx->fp, "%*spreamble code at 0x%" PRIx64 "\n", 8, "", ctx->usc_base + s.code);
         return;
      }
      case AGX_USC_CONTROL_NO_PRESHADER: {
         AGX_DECODE_PRINT(ctx, USC_NO_PRESHADER, r, va, "USC No Preshader", 6, s);
         (void)s;
         return;
      }
      }
      va += len;
   }
   agx_decode_error(ctx, 6, "USC word list longer than %u records", MAX_USC_RECORDS);
}
