/* Texel buffer access to the hardware's bindless texture instructions and
 * descriptor words (the texel-buffer part of the agx_abi.h ABI). Called by
 * agx_pass_lower_io for each texel_buffer_* intrinsic once it knows the
 * descriptor's byte offset within its set. Assumes:
 *  - the descriptor layout of agx_abi.h (Texture at +0 with the element
 *    count and skip in its software words, PBE at +24);
 *  - the view is LINEAR 2D, AGX_ABI_TEXEL_WIDTH texels wide, and the
 *    texture unit returns the border colour for (and drops stores to)
 *    coordinates outside the view, as the hardware does (Mesa relies on it
 *    for robustness, agx_nir_lower_texture.c);
 *  - atomic texel formats are 4 bytes (R32_UINT / R32_SINT).
 * Element e becomes i = e < count ? e + skip : AGX_ABI_TEXEL_OOB and the 2D
 * coordinate (i & (W - 1), i >> log2 W). */
#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_passes.h"

/* A 32-bit word of the descriptor at `desc` (64-bit address) + byte. */
static agx_instr *
desc_word(agx_builder *b, agx_instr *desc, unsigned byte)
{
   agx_instr *addr = agx_iadd(b, desc, agx_imm(b, 64, byte));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
}

/* Texel index i of element e (see the header comment). */
static agx_instr *
texel_index(agx_builder *b, agx_instr *desc, agx_instr *e, bool checked)
{
   agx_instr *skip = desc_word(b, desc, AGX_ABI_TEXEL_SKIP);
   agx_instr *i = agx_iadd(b, e, skip);
   if (!checked)
      return i;
   agx_instr *count = desc_word(b, desc, AGX_ABI_TEXEL_COUNT);
   return agx_bcsel(b, agx_ult(b, e, count), i, agx_imm(b, 32, AGX_ABI_TEXEL_OOB));
}

static agx_instr *
coords_2d(agx_builder *b, agx_instr *i)
{
   agx_instr *xy[2] = {
      agx_iand(b, i, agx_imm(b, 32, AGX_ABI_TEXEL_WIDTH - 1)),
      agx_ushr(b, i, agx_imm(b, 32, AGX_ABI_TEXEL_WIDTH_LOG2)),
   };
   return agx_vec(b, 2, xy);
}

agx_instr *
agx_lower_texel_buffer(agx_shader *s, agx_instr *I, unsigned set, agx_instr *offset)
{
   agx_builder b = agx_builder_before(s, I);
   unsigned heap = AGX_ABI_SET_ADDR_BASE + 8 * (set % AGX_ABI_MAX_SETS);
   agx_instr *base = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, agx_type_make(64, 1), 1,
                                agx_imm(&b, 32, 0), NULL, NULL, heap, 0, 0);
   agx_instr *desc = agx_iadd(&b, base, agx_u2u(&b, 64, offset));
   switch (I->op) {
   case AGX_OP_TEXEL_BUFFER_LOAD:
   case AGX_OP_TEXEL_BUFFER_STORE: {
      bool store = I->op == AGX_OP_TEXEL_BUFFER_STORE;
      agx_instr *xy = coords_2d(&b, texel_index(&b, desc, I->src[1], true));
      /* rewritten in place: uses of a load stay valid */
      I->op = store ? AGX_OP_BINDLESS_IMAGE_STORE : AGX_OP_BINDLESS_IMAGE_LOAD;
      I->src[0] = store ? agx_iadd(&b, offset, agx_imm(&b, 32, AGX_ABI_TEXEL_PBE)) : offset;
      I->src[1] = xy;
      I->c[0] = heap;
      I->c[1] = 0;
      return NULL;
   }
   case AGX_OP_TEXEL_BUFFER_SIZE:
      return desc_word(&b, desc, AGX_ABI_TEXEL_COUNT);
   case AGX_OP_TEXEL_BUFFER_ADDRESS: {
      /* PBE Buffer: bits 64-99 of the PBE = address >> 4 */
      agx_instr *lo = desc_word(&b, desc, AGX_ABI_TEXEL_PBE_BUFFER);
      agx_instr *hi = desc_word(&b, desc, AGX_ABI_TEXEL_PBE_BUFFER + 4);
      agx_instr *words[2] = {lo, agx_iand(&b, hi, agx_imm(&b, 32, 0xF))};
      agx_instr *field = agx_build(&b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1,
                                   agx_vec(&b, 2, words), NULL, NULL, NULL);
      agx_instr *start = agx_ishl(&b, field, agx_imm(&b, 32, 4));
      agx_instr *i = agx_u2u(&b, 64, texel_index(&b, desc, I->src[1], false));
      return agx_iadd(&b, start, agx_ishl(&b, i, agx_imm(&b, 32, 2)));
   }
   default:
      return NULL;
   }
}
