/* Generic operand walk driven by the grammar tables (agx_spirv_tables.c):
 * checks that an instruction's words match its operand list (enumerant
 * parameters included, strings terminated, nothing left over) and reports
 * every id operand. Assumes the table's operand order; context-dependent
 * numbers (OpConstant values, OpSwitch literals) and the operands of
 * OpExtInst and OpSpecConstantOp (whose meaning depends on the extended set
 * or the named opcode) are skipped rather than interpreted. Unknown
 * enumerants are errors, except OpSource's SourceLanguage (debug only). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "agx_spirv_walk.h"

struct walk {
   const uint32_t *w;
   unsigned wc, pos;
   agx_spirv_id_cb cb;
   void *data;
   const char *err;
   const char *bad_enum; /* enum kind of an unknown enumerant */
};

static bool operand(struct walk *k, const struct agx_spirv_operand *o, unsigned depth);

static bool
id(struct walk *k)
{
   if (k->pos >= k->wc) {
      k->err = "missing id operand";
      return false;
   }
   if (k->cb && !k->cb(k->w[k->pos], k->data)) {
      k->err = "id operand out of bounds";
      return false;
   }
   k->pos++;
   return true;
}

static bool
literal(struct walk *k)
{
   if (k->pos >= k->wc) {
      k->err = "missing literal operand";
      return false;
   }
   k->pos++;
   return true;
}

static const struct agx_spirv_enumerant *
find(const struct agx_spirv_enum_kind *ek, uint32_t v)
{
   for (unsigned i = 0; i < ek->count; i++)
      if (ek->enumerants[i].value == v)
         return &ek->enumerants[i];
   return NULL;
}

static bool
params(struct walk *k, const struct agx_spirv_enumerant *e, unsigned depth)
{
   for (unsigned p = 0; p < e->num_params; p++)
      if (!operand(k, &e->params[p], depth + 1))
         return false;
   return true;
}

static bool
one(struct walk *k, const struct agx_spirv_operand *o, unsigned depth)
{
   if (depth > 8) {
      k->err = "operands nested too deeply";
      return false;
   }
   switch (o->cls) {
   case AGX_SPV_OPND_RESULT_TYPE:
   case AGX_SPV_OPND_RESULT:
   case AGX_SPV_OPND_ID:
      return id(k);
   case AGX_SPV_OPND_LITERAL:
      return literal(k);
   case AGX_SPV_OPND_STRING: {
      if (k->pos >= k->wc) {
         k->err = "missing string operand";
         return false;
      }
      size_t avail = (size_t)(k->wc - k->pos) * 4;
      size_t len = strnlen((const char *)&k->w[k->pos], avail);
      if (len == avail) {
         k->err = "unterminated string";
         return false;
      }
      k->pos += (unsigned)(len / 4 + 1);
      return true;
   }
   case AGX_SPV_OPND_NUMBER:
      if (k->pos >= k->wc) {
         k->err = "missing literal number";
         return false;
      }
      k->pos = k->wc; /* its width depends on a type: always the last operand */
      return true;
   case AGX_SPV_OPND_PAIR_LIT_ID:
      return literal(k) && id(k);
   case AGX_SPV_OPND_PAIR_ID_LIT:
      return id(k) && literal(k);
   case AGX_SPV_OPND_PAIR_ID_ID:
      return id(k) && id(k);
   case AGX_SPV_OPND_VALUE_ENUM: {
      if (k->pos >= k->wc) {
         k->err = "missing enumerant";
         return false;
      }
      const struct agx_spirv_enum_kind *ek = &agx_spirv_enum_kinds[o->enum_kind];
      const struct agx_spirv_enumerant *e = find(ek, k->w[k->pos++]);
      /* OpSource's language is debug information that gains new values
       * (Slang, Zig, Rust...) faster than the installed grammar: take any
       * value; none of them has parameters. */
      if (!e && strcmp(ek->name, "SourceLanguage") == 0)
         return true;
      if (!e) {
         k->bad_enum = ek->name;
         return false;
      }
      return params(k, e, depth);
   }
   default: { /* AGX_SPV_OPND_BIT_ENUM */
      if (k->pos >= k->wc) {
         k->err = "missing mask";
         return false;
      }
      const struct agx_spirv_enum_kind *ek = &agx_spirv_enum_kinds[o->enum_kind];
      uint32_t mask = k->w[k->pos++];
      for (unsigned bit = 0; bit < 32; bit++) {
         if (!(mask & (1u << bit)))
            continue;
         const struct agx_spirv_enumerant *e = find(ek, 1u << bit);
         if (!e) {
            k->bad_enum = ek->name;
            return false;
         }
         if (!params(k, e, depth))
            return false;
      }
      return true;
   }
   }
}

static bool
operand(struct walk *k, const struct agx_spirv_operand *o, unsigned depth)
{
   if (o->quant == 0)
      return one(k, o, depth);
   if (o->quant == 1)
      return k->pos >= k->wc || one(k, o, depth);
   while (k->pos < k->wc)
      if (!one(k, o, depth))
         return false;
   return true;
}

bool
agx_spirv_walk_operands(const uint32_t *words, unsigned wc, agx_spirv_id_cb cb, void *data,
                        char *msg, size_t msg_size)
{
   unsigned opcode = words[0] & 0xffff;
   const struct agx_spirv_op_info *info = agx_spirv_op_info(opcode);
   struct walk k = {words, wc, 1, cb, data, NULL, NULL};
   if (!info) {
      snprintf(msg, msg_size, "unknown opcode");
      return false;
   }
   unsigned n = info->num_operands;
   if (opcode == SpvOpExtInst)
      n = 4; /* the rest depends on the extended instruction set */
   if (opcode == SpvOpSwitch)
      n = 2; /* literal widths depend on the selector type */
   bool ok = true;
   for (unsigned i = 0; i < n && ok; i++)
      ok = operand(&k, &info->operands[i], 0);
   /* OpSpecConstantOp's operands depend on the opcode it names. */
   if (ok && k.pos != wc && opcode != SpvOpExtInst && opcode != SpvOpSwitch &&
       opcode != SpvOpSpecConstantOp)
      k.err = "extra words after the last operand", ok = false;
   if (!ok) {
      if (k.bad_enum)
         snprintf(msg, msg_size, "unknown %s value (instruction word %u)", k.bad_enum, k.pos - 1);
      else
         snprintf(msg, msg_size, "%s", k.err ? k.err : "malformed operands");
   }
   return ok;
}
