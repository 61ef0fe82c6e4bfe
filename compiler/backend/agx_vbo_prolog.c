/* Vertex-fetch prolog builder (see agx_vbo_prolog.h): per attribute,
 * element = per-instance ? (divisor ? instance / divisor : 0) + base
 * instance : vertex index; address = buffer + element * stride + offset
 * (stride: the key's immediate, or the record's +12 uniform word when
 * dynamic);
 * components loaded with their own size (8/16/32-bit), converted (UNORM:
 * x / (2^n - 1); SNORM: max(x / (2^(n-1) - 1), -1); FLOAT16 widened;
 * integers zero/sign-extended; BGRA8 swaps R and B; 10:10:10:2 formats load
 * one 32-bit word and take each component's bit field, Vulkan §22.3 /
 * "Packed Formats"), missing components (0, 0, 0, 1) (1.0 for
 * float/normalised formats, 1 for integers, Vulkan §22.3); an element past
 * the buffer's clamp reads zeros in the format's components (the missing
 * ones filled as above: robustBufferAccess2's "zero values, input extraction
 * still applied") and loads from the buffer's base instead. Normalised conversions multiply by the reciprocal (within 1 ulp
 * of the division).
 * Attribute offsets need not be multiples of the component size: Vulkan
 * ("Vertex Input Address Calculation") only asks the whole address (buffer
 * address + binding offset + element x stride + attribute offset) to be,
 * so a binding offset may make up for an odd attribute offset
 * (dEQP-VK.pipeline.*.input_attribute_offset). Such an attribute is read
 * byte by byte and each component assembled little-endian, correct for
 * any runtime address (Mesa folds the offset into a per-attribute base
 * instead, agx_nir_lower_vbo.c). */
#include <stdio.h>
#include <string.h>

#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_vbo_prolog.h"

enum kind { K_FLOAT, K_UINT, K_SINT, K_UNORM, K_SNORM, K_USCALED, K_SSCALED };

/* bits: of one component, or of the whole word when packed */
struct fmt {
   uint8_t bits, comps, kind;
   bool swap_rb; /* memory order B, G, R, A */
   bool packed;  /* one 32-bit word: 10, 10, 10, 2 bits from bit 0 */
};

static const struct fmt formats[AGX_VBO_NUM_FORMATS] = {
   [AGX_VBO_R32_FLOAT] = {32, 1, K_FLOAT},
   [AGX_VBO_RG32_FLOAT] = {32, 2, K_FLOAT},
   [AGX_VBO_RGB32_FLOAT] = {32, 3, K_FLOAT},
   [AGX_VBO_RGBA32_FLOAT] = {32, 4, K_FLOAT},
   [AGX_VBO_R32_UINT] = {32, 1, K_UINT},
   [AGX_VBO_RG32_UINT] = {32, 2, K_UINT},
   [AGX_VBO_RGB32_UINT] = {32, 3, K_UINT},
   [AGX_VBO_RGBA32_UINT] = {32, 4, K_UINT},
   [AGX_VBO_R32_SINT] = {32, 1, K_SINT},
   [AGX_VBO_RG32_SINT] = {32, 2, K_SINT},
   [AGX_VBO_RGB32_SINT] = {32, 3, K_SINT},
   [AGX_VBO_RGBA32_SINT] = {32, 4, K_SINT},
   [AGX_VBO_R16_FLOAT] = {16, 1, K_FLOAT},
   [AGX_VBO_RG16_FLOAT] = {16, 2, K_FLOAT},
   [AGX_VBO_RGBA16_FLOAT] = {16, 4, K_FLOAT},
   [AGX_VBO_R16_UNORM] = {16, 1, K_UNORM},
   [AGX_VBO_RG16_UNORM] = {16, 2, K_UNORM},
   [AGX_VBO_RGBA16_UNORM] = {16, 4, K_UNORM},
   [AGX_VBO_R16_SNORM] = {16, 1, K_SNORM},
   [AGX_VBO_RG16_SNORM] = {16, 2, K_SNORM},
   [AGX_VBO_RGBA16_SNORM] = {16, 4, K_SNORM},
   [AGX_VBO_R16_UINT] = {16, 1, K_UINT},
   [AGX_VBO_RG16_UINT] = {16, 2, K_UINT},
   [AGX_VBO_RGBA16_UINT] = {16, 4, K_UINT},
   [AGX_VBO_R16_SINT] = {16, 1, K_SINT},
   [AGX_VBO_RG16_SINT] = {16, 2, K_SINT},
   [AGX_VBO_RGBA16_SINT] = {16, 4, K_SINT},
   [AGX_VBO_R8_UNORM] = {8, 1, K_UNORM},
   [AGX_VBO_RG8_UNORM] = {8, 2, K_UNORM},
   [AGX_VBO_RGBA8_UNORM] = {8, 4, K_UNORM},
   [AGX_VBO_R8_SNORM] = {8, 1, K_SNORM},
   [AGX_VBO_RG8_SNORM] = {8, 2, K_SNORM},
   [AGX_VBO_RGBA8_SNORM] = {8, 4, K_SNORM},
   [AGX_VBO_R8_UINT] = {8, 1, K_UINT},
   [AGX_VBO_RG8_UINT] = {8, 2, K_UINT},
   [AGX_VBO_RGBA8_UINT] = {8, 4, K_UINT},
   [AGX_VBO_R8_SINT] = {8, 1, K_SINT},
   [AGX_VBO_RG8_SINT] = {8, 2, K_SINT},
   [AGX_VBO_RGBA8_SINT] = {8, 4, K_SINT},
   [AGX_VBO_BGRA8_UNORM] = {8, 4, K_UNORM, .swap_rb = true},
   [AGX_VBO_RGB10A2_UNORM] = {32, 4, K_UNORM, .packed = true},
   [AGX_VBO_RGB10A2_UINT] = {32, 4, K_UINT, .packed = true},
   [AGX_VBO_R8_USCALED] = {8, 1, K_USCALED},
   [AGX_VBO_RG8_USCALED] = {8, 2, K_USCALED},
   [AGX_VBO_RGBA8_USCALED] = {8, 4, K_USCALED},
   [AGX_VBO_R8_SSCALED] = {8, 1, K_SSCALED},
   [AGX_VBO_RG8_SSCALED] = {8, 2, K_SSCALED},
   [AGX_VBO_RGBA8_SSCALED] = {8, 4, K_SSCALED},
   [AGX_VBO_R16_USCALED] = {16, 1, K_USCALED},
   [AGX_VBO_RG16_USCALED] = {16, 2, K_USCALED},
   [AGX_VBO_RGBA16_USCALED] = {16, 4, K_USCALED},
   [AGX_VBO_R16_SSCALED] = {16, 1, K_SSCALED},
   [AGX_VBO_RG16_SSCALED] = {16, 2, K_SSCALED},
   [AGX_VBO_RGBA16_SSCALED] = {16, 4, K_SSCALED},
   [AGX_VBO_RGB10A2_USCALED] = {32, 4, K_USCALED, .packed = true},
   [AGX_VBO_RGB10A2_SSCALED] = {32, 4, K_SSCALED, .packed = true},
   [AGX_VBO_RGB10A2_SNORM] = {32, 4, K_SNORM, .packed = true},
   [AGX_VBO_RGB10A2_SINT] = {32, 4, K_SINT, .packed = true},
};

static bool
is_signed(const struct fmt *f)
{
   return f->kind == K_SINT || f->kind == K_SNORM || f->kind == K_SSCALED;
}

static const char *const names[AGX_VBO_NUM_FORMATS] = {
   [AGX_VBO_R32_FLOAT] = "r32_float",
   [AGX_VBO_RG32_FLOAT] = "rg32_float",
   [AGX_VBO_RGB32_FLOAT] = "rgb32_float",
   [AGX_VBO_RGBA32_FLOAT] = "rgba32_float",
   [AGX_VBO_R32_UINT] = "r32_uint",
   [AGX_VBO_RG32_UINT] = "rg32_uint",
   [AGX_VBO_RGB32_UINT] = "rgb32_uint",
   [AGX_VBO_RGBA32_UINT] = "rgba32_uint",
   [AGX_VBO_R32_SINT] = "r32_sint",
   [AGX_VBO_RG32_SINT] = "rg32_sint",
   [AGX_VBO_RGB32_SINT] = "rgb32_sint",
   [AGX_VBO_RGBA32_SINT] = "rgba32_sint",
   [AGX_VBO_R16_FLOAT] = "r16_float",
   [AGX_VBO_RG16_FLOAT] = "rg16_float",
   [AGX_VBO_RGBA16_FLOAT] = "rgba16_float",
   [AGX_VBO_R16_UNORM] = "r16_unorm",
   [AGX_VBO_RG16_UNORM] = "rg16_unorm",
   [AGX_VBO_RGBA16_UNORM] = "rgba16_unorm",
   [AGX_VBO_R16_SNORM] = "r16_snorm",
   [AGX_VBO_RG16_SNORM] = "rg16_snorm",
   [AGX_VBO_RGBA16_SNORM] = "rgba16_snorm",
   [AGX_VBO_R16_UINT] = "r16_uint",
   [AGX_VBO_RG16_UINT] = "rg16_uint",
   [AGX_VBO_RGBA16_UINT] = "rgba16_uint",
   [AGX_VBO_R16_SINT] = "r16_sint",
   [AGX_VBO_RG16_SINT] = "rg16_sint",
   [AGX_VBO_RGBA16_SINT] = "rgba16_sint",
   [AGX_VBO_R8_UNORM] = "r8_unorm",
   [AGX_VBO_RG8_UNORM] = "rg8_unorm",
   [AGX_VBO_RGBA8_UNORM] = "rgba8_unorm",
   [AGX_VBO_R8_SNORM] = "r8_snorm",
   [AGX_VBO_RG8_SNORM] = "rg8_snorm",
   [AGX_VBO_RGBA8_SNORM] = "rgba8_snorm",
   [AGX_VBO_R8_UINT] = "r8_uint",
   [AGX_VBO_RG8_UINT] = "rg8_uint",
   [AGX_VBO_RGBA8_UINT] = "rgba8_uint",
   [AGX_VBO_R8_SINT] = "r8_sint",
   [AGX_VBO_RG8_SINT] = "rg8_sint",
   [AGX_VBO_RGBA8_SINT] = "rgba8_sint",
   [AGX_VBO_BGRA8_UNORM] = "bgra8_unorm",
   [AGX_VBO_RGB10A2_UNORM] = "rgb10a2_unorm",
   [AGX_VBO_RGB10A2_UINT] = "rgb10a2_uint",
   [AGX_VBO_R8_USCALED] = "r8_uscaled",
   [AGX_VBO_RG8_USCALED] = "rg8_uscaled",
   [AGX_VBO_RGBA8_USCALED] = "rgba8_uscaled",
   [AGX_VBO_R8_SSCALED] = "r8_sscaled",
   [AGX_VBO_RG8_SSCALED] = "rg8_sscaled",
   [AGX_VBO_RGBA8_SSCALED] = "rgba8_sscaled",
   [AGX_VBO_R16_USCALED] = "r16_uscaled",
   [AGX_VBO_RG16_USCALED] = "rg16_uscaled",
   [AGX_VBO_RGBA16_USCALED] = "rgba16_uscaled",
   [AGX_VBO_R16_SSCALED] = "r16_sscaled",
   [AGX_VBO_RG16_SSCALED] = "rg16_sscaled",
   [AGX_VBO_RGBA16_SSCALED] = "rgba16_sscaled",
   [AGX_VBO_RGB10A2_USCALED] = "rgb10a2_uscaled",
   [AGX_VBO_RGB10A2_SSCALED] = "rgb10a2_sscaled",
   [AGX_VBO_RGB10A2_SNORM] = "rgb10a2_snorm",
   [AGX_VBO_RGB10A2_SINT] = "rgb10a2_sint",
};

const char *
agx_vbo_format_name(unsigned format)
{
   return format < AGX_VBO_NUM_FORMATS ? names[format] : NULL;
}

unsigned
agx_vbo_format_bytes(unsigned format)
{
   if (format >= AGX_VBO_NUM_FORMATS || !formats[format].bits)
      return 0;
   const struct fmt *f = &formats[format];
   return f->packed ? 4 : f->comps * f->bits / 8;
}

/* The memory component that feeds result component c. */
static unsigned
source_comp(const struct fmt *f, unsigned c)
{
   return f->swap_rb && c != 1 && c < 3 ? 2 - c : c;
}

/* Component c of a packed 10:10:10:2 word, converted: the bit field, then
 * the conversion of a format of that width. */
static agx_instr *convert_packed(agx_builder *b, agx_instr *word, const struct fmt *f, unsigned c);

static agx_instr *
fimm(agx_builder *b, float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return agx_imm(b, 32, u);
}

static agx_instr *
convert(agx_builder *b, agx_instr *x, const struct fmt *f)
{
   switch (f->kind) {
   case K_FLOAT:
      return f->bits == 32 ? x : agx_f2f(b, 32, x);
   case K_UINT:
      return f->bits == 32 ? x : agx_u2u(b, 32, x);
   case K_SINT:
      return f->bits == 32 ? x : agx_i2i(b, 32, x);
   case K_USCALED:
      return agx_u2f(b, 32, f->bits == 32 ? x : agx_u2u(b, 32, x));
   case K_SSCALED:
      return agx_i2f(b, 32, f->bits == 32 ? x : agx_i2i(b, 32, x));
   case K_UNORM:
      return agx_fmul(b, agx_u2f(b, 32, agx_u2u(b, 32, x)),
                      fimm(b, 1.0f / (float)((1u << f->bits) - 1)));
   default: /* K_SNORM */
      return agx_fmax(b,
                      agx_fmul(b, agx_i2f(b, 32, agx_i2i(b, 32, x)),
                               fimm(b, 1.0f / (float)((1u << (f->bits - 1)) - 1))),
                      fimm(b, -1.0f));
   }
}

static agx_instr *
convert_packed(agx_builder *b, agx_instr *word, const struct fmt *f, unsigned c)
{
   unsigned bits = c == 3 ? 2 : 10, lo = 10 * c;
   agx_instr *field;
   if (is_signed(f)) {
      /* signed field: move its top bit to bit 31, shift back arithmetically */
      agx_instr *top = 32 - lo - bits ? agx_ishl(b, word, agx_imm(b, 32, 32 - lo - bits)) : word;
      field = agx_ishr(b, top, agx_imm(b, 32, 32 - bits));
   } else {
      field = agx_iand(b, c ? agx_ushr(b, word, agx_imm(b, 32, lo)) : word,
                       agx_imm(b, 32, (1u << bits) - 1));
   }
   /* the field is already an extended 32-bit value: integers as they are,
    * the others converted as 32-bit integers with a 'bits' range */
   if (f->kind == K_UINT || f->kind == K_SINT)
      return field;
   if (f->kind == K_USCALED)
      return agx_u2f(b, 32, field);
   if (f->kind == K_SSCALED)
      return agx_i2f(b, 32, field);
   if (f->kind == K_SNORM)
      return agx_fmax(
         b, agx_fmul(b, agx_i2f(b, 32, field), fimm(b, 1.0f / (float)((1u << (bits - 1)) - 1))),
         fimm(b, -1.0f));
   return agx_fmul(b, agx_u2f(b, 32, field), fimm(b, 1.0f / (float)((1u << bits) - 1)));
}

/* Result component c of an attribute loaded as v (all components). */
static agx_instr *
component(agx_builder *b, agx_instr *v, const struct fmt *f, unsigned c)
{
   if (f->packed)
      return convert_packed(b, v, f, c);
   return convert(b, f->comps == 1 ? v : agx_extract(b, v, source_comp(f, c)), f);
}

/* Whether an attribute at byte offset `offset` of its element is read with
 * byte loads: the offset is not a multiple of the component (or packed
 * word) size. */
static bool
unaligned(const struct fmt *f, uint32_t offset)
{
   return offset % (f->bits / 8) != 0;
}

/* One bits-wide scalar at addr (any alignment): its bytes loaded one by
 * one and assembled little-endian. */
static agx_instr *
load_bytes(agx_builder *b, agx_instr *addr, unsigned bits)
{
   agx_instr *v = NULL;
   for (unsigned j = 0; j < bits / 8; j++) {
      agx_instr *byte =
         agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(8, 1), 1,
                    j ? agx_iadd(b, addr, agx_imm(b, 64, j)) : addr, NULL, NULL, 1, 0, 0);
      agx_instr *w = agx_u2u(b, 32, byte);
      if (j)
         w = agx_ishl(b, w, agx_imm(b, 32, 8 * j));
      v = v ? agx_ior(b, v, w) : w;
   }
   return bits == 32 ? v : agx_u2u(b, bits, v);
}

/* Result component c of an attribute at addr read with byte loads. */
static agx_instr *
component_bytes(agx_builder *b, agx_instr *addr, const struct fmt *f, unsigned c)
{
   if (f->packed)
      return convert_packed(b, load_bytes(b, addr, 32), f, c);
   unsigned at = source_comp(f, c) * (f->bits / 8);
   return convert(b, load_bytes(b, at ? agx_iadd(b, addr, agx_imm(b, 64, at)) : addr, f->bits), f);
}

int
agx_build_vbo_prolog(const struct agx_vbo_key *key, struct agx_backend_result *out, char *err,
                     size_t errsize)
{
   memset(out, 0, sizeof(*out));
   if (key->num_attribs > AGX_MAX_ATTRIBS || key->uniform_base % 8 ||
       key->uniform_base + 16 * AGX_VBO_MAX_BUFFERS > 1024) {
      snprintf(err, errsize, "bad vertex-fetch key (%u attributes, uniforms at byte %u)",
               key->num_attribs, key->uniform_base);
      return -1;
   }
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   agx_builder bb = agx_builder_at_end(s, blk), *b = &bb;
   s->stage = AGX_STAGE_VERTEX;
   s->io_lowered = true;
   s->prolog = true;
   agx_type u32 = agx_type_make(32, 1);
   /* r5 / r6 stay for the main shader: read them so they are kept */
   agx_instr *vid = agx_intrin(b, AGX_OP_LOAD_PRELOADED, u32, 0, NULL, NULL, NULL, 5, 0, 0);
   agx_instr *iid = agx_intrin(b, AGX_OP_LOAD_PRELOADED, u32, 0, NULL, NULL, NULL, 6, 0, 0);
   agx_instr *base_inst = agx_intrin(b, AGX_OP_LOAD_UNIFORM, u32, 1, agx_imm(b, 32, 0), NULL, NULL,
                                     AGX_ABI_VS_BASE_INSTANCE, 0, 0);
   for (unsigned i = 0; i < key->num_attribs; i++) {
      const struct agx_vbo_attrib *a = &key->attribs[i];
      const struct fmt *f = a->format < AGX_VBO_NUM_FORMATS ? &formats[a->format] : NULL;
      if (!f || !f->bits || a->location >= AGX_MAX_ATTRIBS || a->buffer >= AGX_VBO_MAX_BUFFERS) {
         snprintf(err, errsize, "vertex attribute %u: bad format %u, location %u or buffer %u", i,
                  a->format, a->location, a->buffer);
         agx_shader_destroy(s);
         return -1;
      }
      const struct agx_vbo_buffer *vb = &key->buffers[a->buffer];
      if (vb->stride % (f->bits / 8) || (vb->dynamic_stride && vb->stride)) {
         snprintf(err, errsize,
                  "vertex buffer %u: stride %u not aligned to the format "
                  "(or given with a dynamic stride)",
                  a->buffer, vb->stride);
         agx_shader_destroy(s);
         return -1;
      }
      agx_instr *elem = vid;
      if (vb->per_instance) {
         agx_instr *q =
            vb->divisor ? agx_udiv(b, iid, agx_imm(b, 32, vb->divisor)) : agx_imm(b, 32, 0);
         elem = agx_iadd(b, q, base_inst);
      }
      unsigned ub = key->uniform_base + 16 * a->buffer;
      agx_instr *base = agx_intrin(b, AGX_OP_LOAD_UNIFORM, agx_type_make(64, 1), 1,
                                   agx_imm(b, 32, 0), NULL, NULL, ub, 0, 0);
      agx_instr *clamp =
         agx_intrin(b, AGX_OP_LOAD_UNIFORM, u32, 1, agx_imm(b, 32, 0), NULL, NULL, ub + 8, 0, 0);
      agx_instr *stride = agx_imm(b, 64, vb->stride);
      if (vb->dynamic_stride)
         stride = agx_u2u(b, 64,
                          agx_intrin(b, AGX_OP_LOAD_UNIFORM, u32, 1, agx_imm(b, 32, 0), NULL, NULL,
                                     ub + 12, 0, 0));
      agx_instr *in = agx_uge(b, clamp, elem);
      /* out of range: read the element 0 bytes, then replace the value */
      agx_instr *safe = agx_bcsel(b, in, elem, agx_imm(b, 32, 0));
      agx_instr *addr = agx_iadd(
         b, base,
         agx_iadd(b, agx_imul(b, agx_u2u(b, 64, safe), stride), agx_imm(b, 64, a->offset)));
      bool bytes = unaligned(f, a->offset);
      agx_instr *v =
         bytes ? NULL
               : agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(f->bits, f->packed ? 1 : f->comps),
                            1, addr, NULL, NULL, f->bits / 8, 0, 0);
      bool is_int = f->kind == K_UINT || f->kind == K_SINT;
      for (unsigned c = 0; c < 4; c++) {
         agx_instr *x;
         if (c < f->comps)
            x = agx_bcsel(b, in, bytes ? component_bytes(b, addr, f, c) : component(b, v, f, c),
                          agx_imm(b, 32, 0));
         else
            x = c == 3 ? (is_int ? agx_imm(b, 32, 1) : fimm(b, 1.0f)) : agx_imm(b, 32, 0);
         agx_intrin(b, AGX_OP_STORE_PRELOADED, agx_type_make(0, 0), 1, x, NULL, NULL,
                    8 + 4 * a->location + c, 0, 0);
      }
   }
   /* Hand r5 / r6 back explicitly: a preloaded register nothing reads
    * (r6 without per-instance buffers) would be dropped as dead and its
    * register reused for temporaries, corrupting the main shader's
    * instance (or vertex) index. */
   agx_intrin(b, AGX_OP_STORE_PRELOADED, agx_type_make(0, 0), 1, vid, NULL, NULL, 5, 0, 0);
   agx_intrin(b, AGX_OP_STORE_PRELOADED, agx_type_make(0, 0), 1, iid, NULL, NULL, 6, 0, 0);
   struct agx_backend_options o = {.no_preamble = true};
   int rc = agx_backend_compile(s, &o, out, err, errsize);
   agx_shader_destroy(s);
   return rc;
}

/* The fetched, converted component c of attribute a (prolog semantics). */
static agx_instr *
fetch_sw(agx_builder *b, const struct agx_vbo_key *key, const struct agx_vbo_attrib *a,
         const struct fmt *f, unsigned c, agx_instr *table)
{
   agx_type u32 = agx_type_make(32, 1);
   const struct agx_vbo_buffer *vb = &key->buffers[a->buffer];
   agx_instr *elem = agx_intrin(b, AGX_OP_LOAD_VERTEX_ID, u32, 0, NULL, NULL, NULL, 0, 0, 0);
   if (vb->per_instance) {
      agx_instr *iid = agx_intrin(b, AGX_OP_LOAD_INSTANCE_ID, u32, 0, NULL, NULL, NULL, 0, 0, 0);
      agx_instr *q =
         vb->divisor ? agx_udiv(b, iid, agx_imm(b, 32, vb->divisor)) : agx_imm(b, 32, 0);
      elem = agx_iadd(b, q,
                      agx_intrin(b, AGX_OP_LOAD_BASE_INSTANCE, u32, 0, NULL, NULL, NULL, 0, 0, 0));
   }
   agx_instr *entry = agx_iadd(b, table, agx_imm(b, 64, 16ull * a->buffer));
   agx_instr *base =
      agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(64, 1), 1, entry, NULL, NULL, 8, 0, 0);
   agx_instr *clamp = agx_intrin(b, AGX_OP_LOAD_GLOBAL, u32, 1,
                                 agx_iadd(b, entry, agx_imm(b, 64, 8)), NULL, NULL, 4, 0, 0);
   agx_instr *stride = agx_imm(b, 64, vb->stride);
   if (vb->dynamic_stride)
      stride = agx_u2u(b, 64,
                       agx_intrin(b, AGX_OP_LOAD_GLOBAL, u32, 1,
                                  agx_iadd(b, entry, agx_imm(b, 64, 12)), NULL, NULL, 4, 0, 0));
   agx_instr *in = agx_uge(b, clamp, elem);
   agx_instr *safe = agx_bcsel(b, in, elem, agx_imm(b, 32, 0));
   agx_instr *addr = agx_iadd(
      b, base,
      agx_iadd(b, agx_imul(b, agx_u2u(b, 64, safe), stride),
               agx_imm(b, 64, a->offset + (f->packed ? 0 : source_comp(f, c) * (f->bits / 8)))));
   bool is_int = f->kind == K_UINT || f->kind == K_SINT;
   if (c >= f->comps)
      return c == 3 ? (is_int ? agx_imm(b, 32, 1) : fimm(b, 1.0f)) : agx_imm(b, 32, 0);
   agx_instr *v = unaligned(f, a->offset)
                     ? load_bytes(b, addr, f->bits)
                     : agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(f->bits, 1), 1, addr, NULL,
                                  NULL, f->bits / 8, 0, 0);
   return agx_bcsel(b, in, f->packed ? convert_packed(b, v, f, c) : convert(b, v, f),
                    agx_imm(b, 32, 0));
}

int
agx_vbo_lower_sw(agx_shader *s, const struct agx_vbo_key *key, unsigned table_offset, char *err,
                 size_t errsize)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_LOAD_INPUT)
         continue;
      const struct agx_vbo_attrib *a = NULL;
      for (unsigned k = 0; k < key->num_attribs; k++)
         if (key->attribs[k].location == I->c[0])
            a = &key->attribs[k];
      const struct fmt *f = a && a->format < AGX_VBO_NUM_FORMATS ? &formats[a->format] : NULL;
      if (!f || !f->bits || a->buffer >= AGX_VBO_MAX_BUFFERS) {
         snprintf(err, errsize, "vertex input location %u has no attribute", I->c[0]);
         return -1;
      }
      agx_builder b = agx_builder_before(s, I);
      agx_instr *params = agx_intrin(&b, AGX_OP_LOAD_GEOMETRY_PARAMS, agx_type_make(64, 1), 0, NULL,
                                     NULL, NULL, 0, 0, 0);
      agx_instr *table =
         agx_intrin(&b, AGX_OP_LOAD_GLOBAL, agx_type_make(64, 1), 1,
                    agx_iadd(&b, params, agx_imm(&b, 64, table_offset)), NULL, NULL, 8, 0, 0);
      agx_instr *v = fetch_sw(&b, key, a, f, I->c[1] & 3, table);
      agx_rewrite_uses(s, I, v);
      agx_instr_remove(I);
   }
   return 0;
}
