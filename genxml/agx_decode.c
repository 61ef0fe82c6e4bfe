/*
 * agx_decode: CDM and VDM control-stream walkers and the shared helpers.
 *
 * Assumes the stream rules documented in agx_cdm.xml / agx_vdm.xml: each
 * block's first word holds the block type in bits 29-31; Stream Link jumps
 * (or calls, With return: the return address is the word after the 8-byte
 * link) and CDM Stream Return / VDM Barrier with Returns come back; the VDM
 * State block is padded to 8 bytes unless Tessellation scale is present
 * (Mesa's decoder rule). Index List words follow Mesa's emission order:
 * Buffer lo, Count, Instances, Start, Indirect buffer, Buffer size.
 */
#include "agx_decode_priv.h"

#include <inttypes.h>
#include <stdarg.h>

#define DEFAULT_MAX_BLOCKS 65536
#define MAX_CALL_DEPTH 16

bool
agx_decode_fetch(struct agx_decode_ctx *ctx, uint64_t va, void *dst, size_t size)
{
   if (ctx->read && ctx->read(ctx->user, va, dst, size))
      return true;
   agx_decode_error(ctx, 0, "cannot read %zu bytes at 0x%" PRIx64 " (unmapped)", size, va);
   return false;
}

void
agx_decode_error(struct agx_decode_ctx *ctx, unsigned indent, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(ctx->fp, "%*s!! ", (int)indent, "");
   vfprintf(ctx->fp, fmt, ap);
   fputc('\n', ctx->fp);
   va_end(ap);
   ctx->errors++;
}

void
agx_decode_label(struct agx_decode_ctx *ctx, unsigned indent, uint64_t va, const char *label)
{
   fprintf(ctx->fp, "%*s0x%010" PRIx64 ": %s\n", (int)indent, "", va, label);
}

void
agx_decode_hexdump(struct agx_decode_ctx *ctx, unsigned indent, const uint8_t *data, size_t size)
{
   for (size_t i = 0; i < size; i += 4) {
      if (i % 32 == 0)
         fprintf(ctx->fp, "%s%*s%04zx:", i ? "\n" : "", (int)indent, "", i);
      uint32_t w = 0;
      for (size_t b = 0; b < 4 && i + b < size; ++b)
         w |= (uint32_t)data[i + b] << (8 * b);
      fprintf(ctx->fp, " %08X", w);
   }
   if (size)
      fputc('\n', ctx->fp);
}

/* What a block decoder tells the walker to do next. */
enum step {
   STEP_NEXT,   /* continue at va + *arg */
   STEP_JUMP,   /* continue at *arg */
   STEP_CALL,   /* push va + 8, continue at *arg */
   STEP_RETURN, /* pop */
   STEP_DONE,
   STEP_STOP, /* error already reported */
};

typedef enum step (*block_fn)(struct agx_decode_ctx *ctx, uint64_t va, uint64_t *arg);

static void
walk(struct agx_decode_ctx *ctx, const char *label, uint64_t va, block_fn decode_block)
{
   uint64_t stack[MAX_CALL_DEPTH];
   unsigned sp = 0;
   unsigned max = ctx->max_blocks ? ctx->max_blocks : DEFAULT_MAX_BLOCKS;

   fprintf(ctx->fp, "%s stream at 0x%" PRIx64 "\n", label, va);
   for (unsigned n = 0; n < max; ++n) {
      uint64_t arg = 0;
      switch (decode_block(ctx, va, &arg)) {
      case STEP_NEXT:
         va += arg;
         break;
      case STEP_JUMP:
         fprintf(ctx->fp, "  -> link to 0x%" PRIx64 "\n", arg);
         va = arg;
         break;
      case STEP_CALL:
         if (sp == MAX_CALL_DEPTH) {
            agx_decode_error(ctx, 2, "calls nested deeper than %u", MAX_CALL_DEPTH);
            return;
         }
         stack[sp++] = va + 8;
         fprintf(ctx->fp, "  -> call 0x%" PRIx64 " (returns to 0x%" PRIx64 ")\n", arg, va + 8);
         va = arg;
         break;
      case STEP_RETURN:
         if (sp == 0) {
            agx_decode_error(ctx, 2, "return without a call");
            return;
         }
         va = stack[--sp];
         fprintf(ctx->fp, "  <- return to 0x%" PRIx64 "\n", va);
         break;
      case STEP_DONE:
         fprintf(ctx->fp, "end of %s stream\n", label);
         return;
      case STEP_STOP:
         return;
      }
   }
   agx_decode_error(ctx, 2, "more than %u blocks without a terminate (loop?)", max);
}

/* Decodes one optional word of type T at *va if `present`, advancing *va. */
#define OPTIONAL_WORD(ctx, present, T, va, label)               \
   do {                                                         \
      if (present) {                                            \
         uint8_t buf_[AGX_##T##_LENGTH];                        \
         if (!agx_decode_fetch(ctx, *(va), buf_, sizeof(buf_))) \
            return false;                                       \
         AGX_DECODE_PRINT(ctx, T, buf_, *(va), label, 4, w_);   \
         (void)w_;                                              \
         *(va) += AGX_##T##_LENGTH;                             \
      }                                                         \
   } while (0)

/* --- CDM ------------------------------------------------------------------ */

static bool
cdm_launch(struct agx_decode_ctx *ctx, uint64_t *va)
{
   uint8_t buf[8];
   if (!agx_decode_fetch(ctx, *va, buf, sizeof(buf)))
      return false;
   AGX_DECODE_PRINT(ctx, CDM_LAUNCH_WORD_0, buf, *va, "CDM Launch Word 0", 2, w0);
   AGX_DECODE_PRINT(ctx, CDM_LAUNCH_WORD_1, buf + 4, *va + 4, "CDM Launch Word 1", 2, w1);
   *va += 8;

   if (ctx->g14x)
      OPTIONAL_WORD(ctx, true, CDM_UNK_G14X, va, "CDM Unk G14X");

   switch (w0.mode) {
   case AGX_CDM_MODE_DIRECT:
      OPTIONAL_WORD(ctx, true, CDM_GLOBAL_SIZE, va, "CDM Global size");
      OPTIONAL_WORD(ctx, true, CDM_LOCAL_SIZE, va, "CDM Local size");
      break;
   case AGX_CDM_MODE_INDIRECT_GLOBAL:
      OPTIONAL_WORD(ctx, true, CDM_INDIRECT, va, "CDM Indirect");
      OPTIONAL_WORD(ctx, true, CDM_LOCAL_SIZE, va, "CDM Local size");
      break;
   case AGX_CDM_MODE_INDIRECT_LOCAL:
      OPTIONAL_WORD(ctx, true, CDM_INDIRECT, va, "CDM Indirect");
      break;
   default:
      agx_decode_error(ctx, 2, "unknown CDM mode %u", (unsigned)w0.mode);
      return false;
   }

   fprintf(ctx->fp, "    pipeline:\n");
   agx_decode_usc(ctx, ctx->usc_base + w1.pipeline, (int)w0.sampler_state_register_count);
   return true;
}

static enum step
cdm_block(struct agx_decode_ctx *ctx, uint64_t va, uint64_t *arg)
{
   uint8_t buf[8];
   if (!agx_decode_fetch(ctx, va, buf, 4))
      return STEP_STOP;

   switch ((enum agx_cdm_block_type)(buf[3] >> 5)) {
   case AGX_CDM_BLOCK_TYPE_LAUNCH: {
      uint64_t end = va;
      if (!cdm_launch(ctx, &end))
         return STEP_STOP;
      *arg = end - va;
      return STEP_NEXT;
   }
   case AGX_CDM_BLOCK_TYPE_BARRIER: {
      AGX_DECODE_PRINT(ctx, CDM_BARRIER, buf, va, "CDM Barrier", 2, bar);
      (void)bar;
      *arg = AGX_CDM_BARRIER_LENGTH;
      return STEP_NEXT;
   }
   case AGX_CDM_BLOCK_TYPE_STREAM_LINK: {
      if (!agx_decode_fetch(ctx, va, buf, AGX_CDM_STREAM_LINK_LENGTH))
         return STEP_STOP;
      AGX_DECODE_PRINT(ctx, CDM_STREAM_LINK, buf, va, "CDM Stream Link", 2, link);
      *arg = ((uint64_t)link.target_hi << 32) | link.target_lo;
      return link.with_return ? STEP_CALL : STEP_JUMP;
   }
   case AGX_CDM_BLOCK_TYPE_STREAM_TERMINATE: {
      if (!agx_decode_fetch(ctx, va, buf, AGX_CDM_STREAM_TERMINATE_LENGTH))
         return STEP_STOP;
      AGX_DECODE_PRINT(ctx, CDM_STREAM_TERMINATE, buf, va, "CDM Stream Terminate", 2, t);
      (void)t;
      return STEP_DONE;
   }
   case AGX_CDM_BLOCK_TYPE_STREAM_RETURN: {
      if (!agx_decode_fetch(ctx, va, buf, AGX_CDM_STREAM_RETURN_LENGTH))
         return STEP_STOP;
      AGX_DECODE_PRINT(ctx, CDM_STREAM_RETURN, buf, va, "CDM Stream Return", 2, r);
      (void)r;
      return STEP_RETURN;
   }
   default:
      agx_decode_label(ctx, 2, va, "unknown CDM block");
      agx_decode_hexdump(ctx, 4, buf, 4);
      agx_decode_error(ctx, 2, "unknown CDM block type %u", buf[3] >> 5);
      return STEP_STOP;
   }
}

void
agx_decode_cdm(struct agx_decode_ctx *ctx, uint64_t va)
{
   walk(ctx, "CDM", va, cdm_block);
}

/* --- VDM ------------------------------------------------------------------ */

static bool
vdm_state(struct agx_decode_ctx *ctx, uint64_t *va)
{
   uint8_t buf[4];
   uint64_t start = *va;
   if (!agx_decode_fetch(ctx, *va, buf, sizeof(buf)))
      return false;
   AGX_DECODE_PRINT(ctx, VDM_STATE, buf, *va, "VDM State", 2, hdr);
   *va += AGX_VDM_STATE_LENGTH;

   OPTIONAL_WORD(ctx, hdr.restart_index_present, VDM_STATE_RESTART_INDEX, va,
                 "VDM State Restart Index");

   int sampler_states = -1;
   if (hdr.vertex_shader_word_0_present) {
      uint8_t w[4];
      if (!agx_decode_fetch(ctx, *va, w, 4))
         return false;
      struct AGX_VDM_STATE_VERTEX_SHADER_WORD_0 w0;
      AGX_VDM_STATE_VERTEX_SHADER_WORD_0_unpack(NULL, w, &w0);
      sampler_states = (int)w0.sampler_state_register_count;
   }
   OPTIONAL_WORD(ctx, hdr.vertex_shader_word_0_present, VDM_STATE_VERTEX_SHADER_WORD_0, va,
                 "VDM State Vertex Shader Word 0");

   uint64_t pipeline = 0;
   if (hdr.vertex_shader_word_1_present) {
      uint8_t w[4];
      if (!agx_decode_fetch(ctx, *va, w, 4))
         return false;
      struct AGX_VDM_STATE_VERTEX_SHADER_WORD_1 w1;
      AGX_VDM_STATE_VERTEX_SHADER_WORD_1_unpack(NULL, w, &w1);
      pipeline = w1.pipeline;
   }
   OPTIONAL_WORD(ctx, hdr.vertex_shader_word_1_present, VDM_STATE_VERTEX_SHADER_WORD_1, va,
                 "VDM State Vertex Shader Word 1");
   OPTIONAL_WORD(ctx, hdr.vertex_outputs_present, VDM_STATE_VERTEX_OUTPUTS, va,
                 "VDM State Vertex Outputs");
   OPTIONAL_WORD(ctx, hdr.tessellation_present, VDM_STATE_TESSELLATION, va,
                 "VDM State Tessellation");
   OPTIONAL_WORD(ctx, hdr.vertex_unknown_present, VDM_STATE_VERTEX_UNKNOWN, va,
                 "VDM State Vertex Unknown");
   OPTIONAL_WORD(ctx, hdr.tessellation_scale_present, VDM_STATE_TESSELLATION_SCALE, va,
                 "VDM State Tessellation Scale");

   if (!hdr.tessellation_scale_present)
      *va = start + ((*va - start + 7) & ~(uint64_t)7);

   if (hdr.vertex_shader_word_1_present) {
      fprintf(ctx->fp, "    vertex pipeline:\n");
      agx_decode_usc(ctx, ctx->usc_base + pipeline, sampler_states);
   }
   return true;
}

static bool
vdm_index_list(struct agx_decode_ctx *ctx, uint64_t *va)
{
   uint8_t buf[4];
   if (!agx_decode_fetch(ctx, *va, buf, sizeof(buf)))
      return false;
   AGX_DECODE_PRINT(ctx, INDEX_LIST, buf, *va, "Index List", 2, hdr);
   *va += AGX_INDEX_LIST_LENGTH;

   if (hdr.unk_1_present || hdr.unk_2_present) {
      agx_decode_error(ctx, 4,
                       "Index List with Unk 1/Unk 2 words: their position is "
                       "not documented, cannot continue");
      return false;
   }
   OPTIONAL_WORD(ctx, hdr.index_buffer_present, INDEX_LIST_BUFFER_LO, va, "Index List: Buffer lo");
   OPTIONAL_WORD(ctx, hdr.index_count_present, INDEX_LIST_COUNT, va, "Index List: Count");
   OPTIONAL_WORD(ctx, hdr.instance_count_present, INDEX_LIST_INSTANCES, va,
                 "Index List: Instances");
   OPTIONAL_WORD(ctx, hdr.start_present, INDEX_LIST_START, va, "Index List: Start");
   OPTIONAL_WORD(ctx, hdr.indirect_buffer_present, INDEX_LIST_INDIRECT_BUFFER, va,
                 "Index List: Indirect buffer");
   OPTIONAL_WORD(ctx, hdr.index_buffer_size_present, INDEX_LIST_BUFFER_SIZE, va,
                 "Index List: Buffer size");
   return true;
}

static bool
vdm_tessellate(struct agx_decode_ctx *ctx, uint64_t *va)
{
   uint8_t buf[4];
   if (!agx_decode_fetch(ctx, *va, buf, sizeof(buf)))
      return false;
   AGX_DECODE_PRINT(ctx, VDM_TESSELLATE, buf, *va, "VDM Tessellate", 2, hdr);
   *va += AGX_VDM_TESSELLATE_LENGTH;

   /* Presence bits and order are guesses in the public description */
   OPTIONAL_WORD(ctx, hdr.factor_buffer_present, VDM_TESSELLATE_FACTOR_BUFFER, va,
                 "VDM Tessellate: Factor buffer");
   OPTIONAL_WORD(ctx, hdr.patch_count_present, VDM_TESSELLATE_PATCH_COUNT, va,
                 "VDM Tessellate: Patch count");
   OPTIONAL_WORD(ctx, hdr.instance_count_present, VDM_TESSELLATE_INSTANCE_COUNT, va,
                 "VDM Tessellate: Instance count");
   OPTIONAL_WORD(ctx, hdr.base_patch_present, VDM_TESSELLATE_BASE_PATCH, va,
                 "VDM Tessellate: Base patch");
   OPTIONAL_WORD(ctx, hdr.base_instance_present, VDM_TESSELLATE_BASE_INSTANCE, va,
                 "VDM Tessellate: Base instance");
   OPTIONAL_WORD(ctx, hdr.instance_stride_present, VDM_TESSELLATE_INSTANCE_STRIDE, va,
                 "VDM Tessellate: Instance stride");
   OPTIONAL_WORD(ctx, hdr.indirect_present, VDM_TESSELLATE_INDIRECT, va,
                 "VDM Tessellate: Indirect");
   OPTIONAL_WORD(ctx, hdr.factor_buffer_size_present, VDM_TESSELLATE_FACTOR_BUFFER_SIZE, va,
                 "VDM Tessellate: Factor buffer size");
   return true;
}

static enum step
vdm_block(struct agx_decode_ctx *ctx, uint64_t va, uint64_t *arg)
{
   uint8_t buf[32];
   if (!agx_decode_fetch(ctx, va, buf, 4))
      return STEP_STOP;

   uint64_t end = va;
   switch ((enum agx_vdm_block_type)(buf[3] >> 5)) {
   case AGX_VDM_BLOCK_TYPE_PPP_STATE_UPDATE: {
      if (!agx_decode_fetch(ctx, va, buf, AGX_PPP_STATE_LENGTH))
         return STEP_STOP;
      AGX_DECODE_PRINT(ctx, PPP_STATE, buf, va, "PPP State", 2, ppp);
      uint64_t addr = ((uint64_t)ppp.pointer_hi << 32) | ppp.pointer_lo;
      agx_decode_ppp(ctx, addr, (size_t)ppp.size_words * 4);
      *arg = AGX_PPP_STATE_LENGTH;
      return STEP_NEXT;
   }
   case AGX_VDM_BLOCK_TYPE_BARRIER: {
      AGX_DECODE_PRINT(ctx, VDM_BARRIER, buf, va, "VDM Barrier", 2, bar);
      *arg = AGX_VDM_BARRIER_LENGTH;
      return bar.returns ? STEP_RETURN : STEP_NEXT;
   }
   case AGX_VDM_BLOCK_TYPE_VDM_STATE_UPDATE:
      if (!vdm_state(ctx, &end))
         return STEP_STOP;
      *arg = end - va;
      return STEP_NEXT;
   case AGX_VDM_BLOCK_TYPE_INDEX_LIST:
      if (!vdm_index_list(ctx, &end))
         return STEP_STOP;
      *arg = end - va;
      return STEP_NEXT;
   case AGX_VDM_BLOCK_TYPE_TESSELLATE:
      if (!vdm_tessellate(ctx, &end))
         return STEP_STOP;
      *arg = end - va;
      return STEP_NEXT;
   case AGX_VDM_BLOCK_TYPE_STREAM_LINK: {
      if (!agx_decode_fetch(ctx, va, buf, AGX_VDM_STREAM_LINK_LENGTH))
         return STEP_STOP;
      AGX_DECODE_PRINT(ctx, VDM_STREAM_LINK, buf, va, "VDM Stream Link", 2, link);
      *arg = ((uint64_t)link.target_hi << 32) | link.target_lo;
      return link.with_return ? STEP_CALL : STEP_JUMP;
   }
   case AGX_VDM_BLOCK_TYPE_STREAM_TERMINATE: {
      if (!agx_decode_fetch(ctx, va, buf, AGX_VDM_STREAM_TERMINATE_LENGTH))
         return STEP_STOP;
      AGX_DECODE_PRINT(ctx, VDM_STREAM_TERMINATE, buf, va, "VDM Stream Terminate", 2, t);
      (void)t;
      return STEP_DONE;
   }
   default:
      agx_decode_label(ctx, 2, va, "unknown VDM block");
      agx_decode_hexdump(ctx, 4, buf, 4);
      agx_decode_error(ctx, 2, "unknown VDM block type %u", buf[3] >> 5);
      return STEP_STOP;
   }
}

void
agx_decode_vdm(struct agx_decode_ctx *ctx, uint64_t va)
{
   walk(ctx, "VDM", va, vdm_block);
}
