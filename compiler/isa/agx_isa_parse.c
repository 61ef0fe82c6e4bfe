/*
 * Assembly text input: parses everything agx_isa_format.c prints (plus "$"
 * cache prefixes and "pc+N" branch targets) so that text -> bytes -> text
 * is the identity for canonical encodings.
 *
 * Assumes: tokens are separated by commas; operands that may print nothing
 * (write masks, shifts, optional registers) are matched with backtracking;
 * candidates with the mnemonic are tried in table order and the first whose
 * encoding decodes back to the same descriptor wins.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"
#include "agx_isa_text_priv.h"

#define MAX_TOKENS 24

static bool
parse_int(const char *s, int64_t *out)
{
   bool neg = false;
   int base = 10;
   const char *p = s;
   if (*p == '-') {
      neg = true;
      p++;
   }
   if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
      base = 16;
      p += 2;
   } else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
      base = 2;
      p += 2;
   }
   if (!*p)
      return false;
   char *end;
   unsigned long long v = strtoull(p, &end, base);
   if (*end || !isalnum((unsigned char)*p))
      return false;
   *out = neg ? -(int64_t)v : (int64_t)v;
   return true;
}

/* one register name: rN, rNl, rNh, uN, uNl, uNh, tsN, ssN, cfN */
static bool
parse_reg_name(const char *s, size_t len, unsigned *cls, int64_t *n)
{
   char name[16];
   if (len == 0 || len >= sizeof(name))
      return false;
   memcpy(name, s, len);
   name[len] = 0;
   const char *p = name;
   bool uni = false;
   unsigned c;
   if (!strncmp(p, "ts", 2) || !strncmp(p, "ss", 2) || !strncmp(p, "cf", 2)) {
      c = p[0] == 't' ? AGX_TS : p[0] == 's' ? AGX_SS : AGX_CF;
      p += 2;
   } else if (*p == 'r' || *p == 'u') {
      uni = *p == 'u';
      c = uni ? AGX_U32 : AGX_R32;
      p++;
   } else {
      return false;
   }
   if (!isdigit((unsigned char)*p))
      return false;
   char *end;
   unsigned long v = strtoul(p, &end, 10);
   if (v > 1023)
      return false;
   if ((c == AGX_R32 || c == AGX_U32) && (*end == 'l' || *end == 'h')) {
      c = uni ? AGX_U16 : AGX_R16;
      v = v * 2 + (*end == 'h');
      end++;
   }
   if (*end)
      return false;
   *cls = c;
   *n = (int64_t)v;
   return true;
}

/* Parse one operand token into v (keeping the text in v->str). */
static void
parse_token(const char *tok, struct agx_isa_value *v)
{
   memset(v, 0, sizeof(*v));
   snprintf(v->str, sizeof(v->str), "%s", tok);
   v->kind = AGX_V_STR;

   if (!strcmp(tok, "None")) {
      v->kind = AGX_V_NONE;
      return;
   }
   if (!strncmp(tok, "pc+", 3) || !strncmp(tok, "pc-", 3)) {
      int64_t n;
      if (parse_int(tok + 3, &n)) {
         v->kind = AGX_V_PCREL;
         v->n = tok[2] == '-' ? -n : n;
      }
      return;
   }
   if (!strncmp(tok, "sr", 2) && isdigit((unsigned char)tok[2])) {
      char *end;
      unsigned long n = strtoul(tok + 2, &end, 10);
      if (*end == 0 || *end == ' ') {
         v->kind = AGX_V_REG;
         v->rclass = AGX_SR;
         v->count = 1;
         v->n = (int64_t)n;
      }
      return;
   }

   /* strip modifiers */
   char body[256];
   uint8_t mods = 0;
   snprintf(body, sizeof(body), "%s", tok);
   if (body[0] == '$') {
      mods |= AGX_MOD_CACHE;
      memmove(body, body + 1, strlen(body));
   }
   static const char *const mod_names[] = {"cache", "discard", "sx", "abs", "neg"};
   for (bool again = true; again;) {
      again = false;
      char *dot = strrchr(body, '.');
      if (!dot)
         break;
      for (unsigned b = 0; b < 5; b++) {
         if (!strcmp(dot + 1, mod_names[b])) {
            mods |= (uint8_t)(1u << b);
            *dot = 0;
            again = true;
         }
      }
   }

   /* numbers */
   int64_t n;
   if (strchr(body, '.') && (isdigit((unsigned char)body[0]) || body[0] == '-')) {
      char *end;
      double x = strtod(body, &end);
      int e = agx_isa_fimm_encode(x);
      if (!*end && e >= 0) {
         v->kind = AGX_V_FIMM;
         v->n = e;
         v->mods = mods;
      }
      return;
   }
   if ((isdigit((unsigned char)body[0]) || body[0] == '-') && parse_int(body, &n)) {
      v->kind = AGX_V_IMM;
      v->n = n;
      v->mods = mods;
      return;
   }

   /* registers and tuples of consecutive registers of one class */
   unsigned cls = 0, count = 0;
   int64_t first = 0, prev = 0;
   const char *p = body;
   while (*p) {
      const char *us = strchr(p, '_');
      size_t len = us ? (size_t)(us - p) : strlen(p);
      unsigned c;
      int64_t r;
      if (!parse_reg_name(p, len, &c, &r))
         return;
      if (count == 0) {
         cls = c;
         first = r;
      } else if (c != cls || r != prev + 1) {
         return;
      }
      prev = r;
      count++;
      if (!us)
         break;
      p = us + 1;
      if (!*p)
         return;
   }
   if (count == 0 || count > 15)
      return;
   v->kind = AGX_V_REG;
   v->rclass = (uint8_t)cls;
   v->count = (uint8_t)count;
   v->n = first;
   v->mods = mods;
}

/* Operands that may print nothing, and whether a token belongs to them. */
static bool
may_be_empty(const struct agx_isa_operand *o)
{
   switch (o->kind) {
   case AGX_OK_ENUM:
      for (unsigned i = 0; i < o->enumt->count; i++) {
         if (o->enumt->names[i] && !o->enumt->names[i][0])
            return true;
      }
      return false;
   case AGX_OK_SHIFT:
   case AGX_OK_MEM_SHIFT:
   case AGX_OK_BITMASK:
   case AGX_OK_ITER_SAMPLE:
   case AGX_OK_ZS:
   case AGX_OK_CMP_OFF:
      return true;
   case AGX_OK_MEM_REG:
   case AGX_OK_TG_REG:
      return !(o->flags & AGX_OPF_OPTIONAL);
   default:
      return false;
   }
}

static bool
token_fits(const struct agx_isa_operand *o, const struct agx_isa_value *v)
{
   switch (o->kind) {
   case AGX_OK_ENUM:
      for (unsigned i = 0; i < o->enumt->count; i++) {
         if (o->enumt->names[i] && o->enumt->names[i][0] && !strcmp(o->enumt->names[i], v->str))
            return true;
      }
      /* unnamed values print as decimal numbers */
      return v->kind == AGX_V_IMM && isdigit((unsigned char)v->str[0]) &&
             !(v->str[0] == '0' && v->str[1]) &&
             ((uint64_t)v->n >= o->enumt->count || !o->enumt->names[v->n]);
   case AGX_OK_SHIFT:
   case AGX_OK_MEM_SHIFT:
      return !strncmp(v->str, "lsl ", 4);
   case AGX_OK_BITMASK:
      return !strncmp(v->str, "mask ", 5);
   case AGX_OK_ITER_SAMPLE:
      return v->kind == AGX_V_IMM || (v->kind == AGX_V_REG && v->rclass == AGX_R16);
   case AGX_OK_CMP_OFF:
      return v->kind == AGX_V_REG || (v->kind == AGX_V_STR && v->str[0] == 'r');
   default:
      return v->kind == AGX_V_REG;
   }
}

/* operands that read fields of later operands are set at the end */
static bool
is_late(const struct agx_isa_operand *o)
{
   return o->kind == AGX_OK_ITER_SAMPLE || o->kind == AGX_OK_COORDS;
}

struct match_ctx {
   const struct agx_isa_desc *d;
   struct agx_isa_value tok[MAX_TOKENS];
   unsigned ntok;
   struct agx_isa_value chosen[AGX_ISA_MAX_OPS];
};

static bool
match_operands(struct match_ctx *m, unsigned oi, unsigned ti, struct agx_isa_instr *I)
{
   const struct agx_isa_desc *d = m->d;
   if (oi == d->nops) {
      if (ti != m->ntok)
         return false;
      for (unsigned i = 0; i < d->nops; i++) {
         if (is_late(&d->ops[i]) && agx_isa_set_operand(I, i, &m->chosen[i]))
            return false;
      }
      return true;
   }
   const struct agx_isa_operand *o = &d->ops[oi];
   struct agx_isa_instr copy;
   if (ti < m->ntok && (!may_be_empty(o) || token_fits(o, &m->tok[ti]))) {
      copy = *I;
      m->chosen[oi] = m->tok[ti];
      if ((is_late(o) || !agx_isa_set_operand(&copy, oi, &m->tok[ti])) &&
          match_operands(m, oi + 1, ti + 1, &copy)) {
         *I = copy;
         return true;
      }
   }
   if (may_be_empty(o)) {
      struct agx_isa_value e = {.kind = AGX_V_EMPTY};
      copy = *I;
      m->chosen[oi] = e;
      if ((is_late(o) || !agx_isa_set_operand(&copy, oi, &e)) &&
          match_operands(m, oi + 1, ti, &copy)) {
         *I = copy;
         return true;
      }
   }
   return false;
}

/* Does mnemonic text select descriptor d?  Sets mnemonic fields in I and
 * returns the tokens to prepend/append through pre/post. */
static bool
mnem_selects(const struct agx_isa_desc *d, const char *mn, struct agx_isa_instr *I,
             const char **pre, const char **post, const char *post2[3])
{
   char tmp[48];
   *pre = *post = NULL;
   post2[0] = post2[1] = post2[2] = NULL;
   switch (d->mnem) {
   case AGX_MNEM_PLAIN:
      return !strcmp(mn, d->name);
   case AGX_MNEM_SAT:
   case AGX_MNEM_ALT:
   case AGX_MNEM_ALT_SAT:
      for (unsigned alt = 0; alt < 2; alt++) {
         const char *base = d->mnem == AGX_MNEM_SAT ? d->name : d->alt[alt];
         for (unsigned sat = 0; sat < 2; sat++) {
            if (sat && d->mnem == AGX_MNEM_ALT)
               continue;
            snprintf(tmp, sizeof(tmp), "%s%s", base, sat ? ".sat" : "");
            if (strcmp(tmp, mn))
               continue;
            if (d->mnem != AGX_MNEM_SAT)
               I->f[d->mnem_field] = alt;
            if (d->sat_field != AGX_ISA_NO_FIELD)
               I->f[d->sat_field] = sat;
            return true;
         }
         if (d->mnem == AGX_MNEM_SAT)
            break;
      }
      return false;
   case AGX_MNEM_ALIAS:
      switch (d->alias) {
      case AGX_ALIAS_BITOP:
         if (!strcmp(mn, "bitop") || !strcmp(mn, "bitop_mov_a"))
            return true;
         for (unsigned a = 0; a < AGX_NUM_BITOP_ALIASES; a++) {
            if (!strcmp(mn, bitop_aliases[a].name)) {
               *pre = bitop_aliases[a].tt;
               if (bitop_aliases[a].unary)
                  *post = "0";
               return true;
            }
         }
         return false;
      case AGX_ALIAS_PUSH_EXEC:
         if (!strcmp(mn, "update_exec")) {
            post2[0] = "eq";
            post2[1] = "0.0";
            post2[2] = "0.0";
            *post = "0";
            return true;
         }
         if (!strcmp(mn, "push_exec")) {
            post2[0] = "eq";
            post2[1] = "0.0";
            post2[2] = "0.0";
            return true;
         }
         return !strcmp(mn, d->name);
      case AGX_ALIAS_LDST_TILE:
         if (!strcmp(mn, "ld_tile"))
            *pre = "1";
         else if (!strcmp(mn, "st_tile"))
            *pre = "0";
         else
            return false;
         return true;
      case AGX_ALIAS_MAP:
         if (!strcmp(mn, "map") || !strcmp(mn, "unmap")) {
            *pre = !strcmp(mn, "map") ? "map" : "unmap";
            return true;
         }
         return !strcmp(mn, "TODO.map");
      }
      return false;
   }
   return false;
}

int
agx_isa_parse(const char *line, uint64_t pc, struct agx_isa_instr *out, char *err, size_t errsize)
{
   char text[512];
   snprintf(text, sizeof(text), "%s", line);
   char *p = text;
   while (isspace((unsigned char)*p))
      p++;
   char *end = p + strlen(p);
   while (end > p && isspace((unsigned char)end[-1]))
      *--end = 0;
   char *mn = p;
   while (*p && !isspace((unsigned char)*p))
      p++;
   if (*p)
      *p++ = 0;
   if (!*mn) {
      snprintf(err, errsize, "empty line");
      return AGX_ISA_ERR_NOMATCH;
   }

   char *raw[MAX_TOKENS];
   unsigned nraw = 0;
   while (*p) {
      while (isspace((unsigned char)*p))
         p++;
      char *comma = strchr(p, ',');
      if (comma)
         *comma = 0;
      char *e = p + strlen(p);
      while (e > p && isspace((unsigned char)e[-1]))
         *--e = 0;
      if (*p) {
         if (nraw == MAX_TOKENS - 4) {
            snprintf(err, errsize, "too many operands");
            return AGX_ISA_ERR_OPERAND;
         }
         raw[nraw++] = p;
      }
      if (!comma)
         break;
      p = comma + 1;
   }

   bool known = false;
   for (unsigned op = 0; op < AGX_OP_COUNT; op++) {
      const struct agx_isa_desc *d = &agx_isa_descs[op];
      struct agx_isa_instr I;
      const char *pre, *post, *mid[3];
      agx_isa_init(&I, (enum agx_isa_op)op);
      if (!mnem_selects(d, mn, &I, &pre, &post, mid))
         continue;
      known = true;

      struct match_ctx m = {.d = d};
      if (pre)
         parse_token(pre, &m.tok[m.ntok++]);
      for (unsigned i = 0; i < nraw; i++) {
         parse_token(raw[i], &m.tok[m.ntok++]);
         if (i == 0) {
            for (unsigned k = 0; k < 3 && mid[k]; k++)
               parse_token(mid[k], &m.tok[m.ntok++]);
         }
      }
      if (post)
         parse_token(post, &m.tok[m.ntok++]);
      /* Branch descriptors have the target as their only operand; an
       * absolute address (as printed with addresses) becomes pc-relative. */
      if (d->nops == 1 && d->ops[0].kind == AGX_OK_BRANCH && m.ntok == 1) {
         struct agx_isa_value *t = &m.tok[0];
         int64_t a;
         if (!strncmp(t->str, "0x-", 3) && parse_int(t->str + 3, &a)) {
            t->kind = AGX_V_PCREL;
            t->n = -a - (int64_t)pc;
         } else if (t->kind == AGX_V_IMM) {
            t->kind = AGX_V_PCREL;
            t->n -= (int64_t)pc;
         }
      }
      if (!match_operands(&m, 0, 0, &I))
         continue;

      /* the encoding must decode back to this descriptor */
      uint8_t bytes[AGX_ISA_MAX_BYTES];
      struct agx_isa_instr back;
      int size = agx_isa_encode(&I, bytes);
      if (size < 0 || agx_isa_decode(bytes, (size_t)size, &back) != size || back.op != op)
         continue;
      I.size = (uint8_t)size;
      *out = I;
      return 0;
   }
   snprintf(err, errsize, known ? "invalid operands for '%s'" : "unknown mnemonic '%s'", mn);
   return known ? AGX_ISA_ERR_OPERAND : AGX_ISA_ERR_NOMATCH;
}
