/*
 * Table-driven encoder and decoder for AGX instructions.
 *
 * Assumes: the tables in agx_isa_table.c list descriptors in decode priority
 * order; fixed bits and fields never overlap (checked by the tests); bytes
 * beyond the decoded length of a descriptor read as zero when matching.
 */
#include <string.h>

#include "agx_isa.h"

static unsigned
get_bits(const uint8_t *b, unsigned start, unsigned size)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < size; i++) {
      unsigned bit = start + i;
      v |= (uint64_t)((b[bit >> 3] >> (bit & 7)) & 1) << i;
   }
   return (unsigned)v;
}

static uint64_t
get_bits64(const uint8_t *b, unsigned start, unsigned size)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < size; i++) {
      unsigned bit = start + i;
      v |= (uint64_t)((b[bit >> 3] >> (bit & 7)) & 1) << i;
   }
   return v;
}

static void
set_bits(uint8_t *b, unsigned start, unsigned size, uint64_t v)
{
   for (unsigned i = 0; i < size; i++) {
      unsigned bit = start + i;
      uint8_t m = (uint8_t)(1u << (bit & 7));
      if ((v >> i) & 1)
         b[bit >> 3] |= m;
      else
         b[bit >> 3] &= (uint8_t)~m;
   }
}

void
agx_isa_init(struct agx_isa_instr *I, enum agx_isa_op op)
{
   memset(I, 0, sizeof(*I));
   I->op = (uint16_t)op;
   I->size = agx_isa_descs[op].size[0];
}

int
agx_isa_field_index(enum agx_isa_op op, const char *name)
{
   if ((unsigned)op >= AGX_OP_COUNT)
      return -1;
   const struct agx_isa_desc *d = &agx_isa_descs[op];
   for (unsigned i = 0; i < d->nfields; i++) {
      if (strcmp(d->fields[i].name, name) == 0)
         return (int)i;
   }
   return -1;
}

/* Size of descriptor d for the instruction in buf (L bit picks the form). */
static unsigned
desc_size(const struct agx_isa_desc *d, const uint8_t *buf)
{
   if (d->size[0] == d->size[1])
      return d->size[0];
   return d->size[get_bits(buf, d->lbit, 1)];
}

static bool
desc_matches(const struct agx_isa_desc *d, const uint8_t *buf, unsigned size)
{
   for (unsigned i = 0; i < AGX_ISA_MAX_BYTES; i++) {
      uint8_t byte = i < size ? buf[i] : 0;
      if ((byte & d->mask[i]) != d->bits[i])
         return false;
   }
   return true;
}

/* Try descriptor op on the (zero-padded) bytes in buf. */
static int
decode_one(const uint8_t *buf, size_t avail, unsigned op, struct agx_isa_instr *out)
{
   const struct agx_isa_desc *d = &agx_isa_descs[op];
   unsigned size = desc_size(d, buf);
   if (!desc_matches(d, buf, size))
      return AGX_ISA_ERR_NOMATCH;
   if (size > avail)
      return AGX_ISA_ERR_TRUNCATED;

   uint8_t ins[AGX_ISA_MAX_BYTES] = {0};
   memcpy(ins, buf, size);
   agx_isa_init(out, (enum agx_isa_op)op);
   out->size = (uint8_t)size;
   out->long_form = d->size[0] != d->size[1] && size == d->size[1];
   for (unsigned f = 0; f < d->nfields; f++) {
      const struct agx_isa_field *fd = &d->fields[f];
      uint64_t v = 0;
      unsigned shift = 0;
      for (unsigned p = 0; p < fd->npieces; p++) {
         v |= get_bits64(ins, fd->pieces[p].start, fd->pieces[p].size) << shift;
         shift += fd->pieces[p].size;
      }
      out->f[f] = v;
   }
   return (int)size;
}

/* Copy up to 12 bytes into a zero-padded buffer; false if under 2 bytes. */
static bool
load_buf(const uint8_t *bytes, size_t avail, uint8_t buf[AGX_ISA_MAX_BYTES])
{
   size_t n = avail < AGX_ISA_MAX_BYTES ? avail : AGX_ISA_MAX_BYTES;
   memset(buf, 0, AGX_ISA_MAX_BYTES);
   if (n < 2)
      return false;
   memcpy(buf, bytes, n);
   return true;
}

int
agx_isa_decode(const uint8_t *bytes, size_t avail, struct agx_isa_instr *out)
{
   uint8_t buf[AGX_ISA_MAX_BYTES];
   if (!load_buf(bytes, avail, buf))
      return avail == 0 ? AGX_ISA_ERR_NOMATCH : AGX_ISA_ERR_TRUNCATED;
   for (unsigned k = agx_isa_byte0_start[buf[0]]; k < agx_isa_byte0_start[buf[0] + 1]; k++) {
      int r = decode_one(buf, avail, agx_isa_byte0_ops[k], out);
      if (r != AGX_ISA_ERR_NOMATCH)
         return r;
   }
   return AGX_ISA_ERR_NOMATCH;
}

int
agx_isa_decode_as(const uint8_t *bytes, size_t avail, enum agx_isa_op op, struct agx_isa_instr *out)
{
   uint8_t buf[AGX_ISA_MAX_BYTES];
   if ((unsigned)op >= AGX_OP_COUNT)
      return AGX_ISA_ERR_OP;
   if (!load_buf(bytes, avail, buf))
      return avail == 0 ? AGX_ISA_ERR_NOMATCH : AGX_ISA_ERR_TRUNCATED;
   return decode_one(buf, avail, op, out);
}

int
agx_isa_encode(const struct agx_isa_instr *I, uint8_t out[AGX_ISA_MAX_BYTES])
{
   if (I->op >= AGX_OP_COUNT)
      return AGX_ISA_ERR_OP;
   const struct agx_isa_desc *d = &agx_isa_descs[I->op];
   uint8_t buf[AGX_ISA_MAX_BYTES];
   memcpy(buf, d->bits, sizeof(buf));

   for (unsigned f = 0; f < d->nfields; f++) {
      const struct agx_isa_field *fd = &d->fields[f];
      uint64_t v = I->f[f];
      if (fd->width < 64 && (v >> fd->width) != 0)
         return AGX_ISA_ERR_RANGE;
      for (unsigned p = 0; p < fd->npieces; p++) {
         set_bits(buf, fd->pieces[p].start, fd->pieces[p].size, v);
         v >>= fd->pieces[p].size;
      }
   }

   unsigned size = d->size[1];
   if (d->size[0] != d->size[1]) {
      /* Long form only when an extension byte is needed (applegpu looks at
       * the first two extension bytes only; all of them are checked here). */
      set_bits(buf, d->lbit, 1, 0);
      bool need_long = I->long_form != 0;
      for (unsigned i = d->size[0]; i < d->size[1]; i++)
         need_long |= buf[i] != 0;
      if (need_long)
         set_bits(buf, d->lbit, 1, 1);
      else
         size = d->size[0];
   }
   memset(buf + size, 0, AGX_ISA_MAX_BYTES - size);
   if (!desc_matches(d, buf, size))
      return AGX_ISA_ERR_RANGE;
   memcpy(out, buf, AGX_ISA_MAX_BYTES);
   return (int)size;
}
