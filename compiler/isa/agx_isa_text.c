/*
 * Assembly text for AGX instructions, in the syntax of the applegpu
 * disassembler: mnemonic left-justified to 16 columns, a space, then the
 * non-empty operands separated by ", "; registers r0l/r0h/r0/r0_r1, u-registers,
 * modifiers as ".cache", ".discard", ".sx", ".abs", ".neg".
 *
 * Assumes: operands are interpreted by agx_isa_operand.c; the parser accepts
 * everything the printer produces (plus "$" cache prefixes and "pc+N"
 * branch targets) so that text -> bytes -> text is the identity for
 * canonical encodings.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"

#define MAX_TOKENS 24

struct strbuf {
   char *p;
   size_t size, len;
};

static void
sb_printf(struct strbuf *sb, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   char tmp[256];
   int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
   va_end(ap);
   if (n < 0)
      return;
   for (int i = 0; i < n && tmp[i]; i++) {
      if (sb->len + 1 < sb->size)
         sb->p[sb->len] = tmp[i];
      sb->len++;
   }
   if (sb->size)
      sb->p[sb->len < sb->size ? sb->len : sb->size - 1] = 0;
}

static void
print_reg_name(struct strbuf *sb, unsigned c, int64_t n)
{
   switch (c) {
   case AGX_R16: sb_printf(sb, "r%lld%c", (long long)(n >> 1), (n & 1) ? 'h' : 'l'); break;
   case AGX_R32: sb_printf(sb, "r%lld", (long long)n); break;
   case AGX_U16: sb_printf(sb, "u%lld%c", (long long)(n >> 1), (n & 1) ? 'h' : 'l'); break;
   case AGX_U32: sb_printf(sb, "u%lld", (long long)n); break;
   case AGX_TS: sb_printf(sb, "ts%lld", (long long)n); break;
   case AGX_SS: sb_printf(sb, "ss%lld", (long long)n); break;
   case AGX_CF: sb_printf(sb, "cf%lld", (long long)n); break;
   case AGX_SR:
      sb_printf(sb, "sr%lld", (long long)n);
      if (n >= 0 && (unsigned)n < agx_isa_num_sr_names && agx_isa_sr_names[n])
         sb_printf(sb, " (%s)", agx_isa_sr_names[n]);
      break;
   }
}

/* Python's str() of a float immediate: shortest round-trip form; all
 * minifloat values are exact with at most 6 decimals. */
static void
print_fimm(struct strbuf *sb, unsigned n)
{
   char tmp[32];
   double x = agx_isa_fimm_value(n);
   snprintf(tmp, sizeof(tmp), "%.6f", x);
   size_t len = strlen(tmp);
   while (len > 0 && tmp[len - 1] == '0' && tmp[len - 2] != '.')
      tmp[--len] = 0;
   sb_printf(sb, "%s", tmp);
}

static void
print_value(struct strbuf *sb, const struct agx_isa_value *v, bool have_pc,
            uint64_t pc)
{
   static const char *const mod_names[] = {"cache", "discard", "sx", "abs",
                                           "neg"};
   switch (v->kind) {
   case AGX_V_EMPTY: return;
   case AGX_V_NONE: sb_printf(sb, "None"); return;
   case AGX_V_IMM: sb_printf(sb, "%lld", (long long)v->n); break;
   case AGX_V_FIMM: print_fimm(sb, (unsigned)v->n); break;
   case AGX_V_STR: sb_printf(sb, "%s", v->str); break;
   case AGX_V_PCREL:
      if (have_pc) {
         long long t = (long long)pc + v->n;
         if (t < 0)
            sb_printf(sb, "0x-%llX", -t);
         else
            sb_printf(sb, "0x%llX", t);
      } else if (v->n >= 0) {
         sb_printf(sb, "pc+%lld", (long long)v->n);
      } else {
         sb_printf(sb, "pc-%lld", -(long long)v->n);
      }
      break;
   case AGX_V_REG:
      for (unsigned i = 0; i < v->count; i++) {
         if (i)
            sb_printf(sb, "_");
         print_reg_name(sb, v->rclass, v->n + i);
      }
      break;
   }
   for (unsigned b = 0; b < 5; b++) {
      if (v->mods & (1u << b))
         sb_printf(sb, ".%s", mod_names[b]);
   }
}

static const struct {
   const char *tt, *name;
   bool unary;
} bitop_aliases[] = {
   {"0001", "and", false}, {"0111", "or", false},  {"0110", "xor", false},
   {"1110", "nand", false}, {"1000", "nor", false}, {"1001", "xnor", false},
   {"1010", "not", true},  {"0101", "mov", true},
};

int
agx_isa_format(const struct agx_isa_instr *I, bool have_pc, uint64_t pc,
               char *buf, size_t size)
{
   const struct agx_isa_desc *d = &agx_isa_descs[I->op];
   struct agx_isa_value vals[AGX_ISA_MAX_OPS];
   char mnem[48];
   unsigned first = 0, count = d->nops;

   for (unsigned i = 0; i < d->nops; i++)
      agx_isa_get_operand(I, i, &vals[i]);

   switch (d->mnem) {
   case AGX_MNEM_PLAIN:
   case AGX_MNEM_ALIAS:
      snprintf(mnem, sizeof(mnem), "%s", d->name);
      break;
   case AGX_MNEM_SAT:
      snprintf(mnem, sizeof(mnem), "%s%s", d->name,
               I->f[d->sat_field] ? ".sat" : "");
      break;
   case AGX_MNEM_ALT:
   case AGX_MNEM_ALT_SAT:
      snprintf(mnem, sizeof(mnem), "%s%s", d->alt[I->f[d->mnem_field] & 1],
               (d->mnem == AGX_MNEM_ALT_SAT && I->f[d->sat_field]) ? ".sat"
                                                                  : "");
      break;
   }

   if (d->mnem == AGX_MNEM_ALIAS) {
      struct strbuf t = {0};
      char texts[5][48];
      for (unsigned i = 0; i < 5 && i < d->nops; i++) {
         t = (struct strbuf){texts[i], sizeof(texts[i]), 0};
         texts[i][0] = 0;
         print_value(&t, &vals[i], have_pc, pc);
      }
      switch (d->alias) {
      case AGX_ALIAS_BITOP:
         snprintf(mnem, sizeof(mnem), "bitop");
         for (unsigned a = 0; a < sizeof(bitop_aliases) / sizeof(bitop_aliases[0]); a++) {
            if (strcmp(texts[0], bitop_aliases[a].tt) != 0)
               continue;
            if (bitop_aliases[a].unary && strcmp(texts[3], "0") != 0)
               continue;
            snprintf(mnem, sizeof(mnem), "%s", bitop_aliases[a].name);
            first = 1;
            count = bitop_aliases[a].unary ? 2 : 3;
            break;
         }
         if (first == 0 && (!strcmp(texts[0], "0011") || !strcmp(texts[0], "1100")))
            snprintf(mnem, sizeof(mnem), "bitop_mov_a");
         break;
      case AGX_ALIAS_PUSH_EXEC:
         if (!strcmp(texts[1], "eq") && !strcmp(texts[2], "0.0") &&
             !strcmp(texts[3], "0.0")) {
            if (!strcmp(texts[4], "0")) {
               snprintf(mnem, sizeof(mnem), "update_exec");
               count = 1;
            } else {
               snprintf(mnem, sizeof(mnem), "push_exec");
               vals[1] = vals[4];
               count = 2;
            }
         }
         break;
      case AGX_ALIAS_LDST_TILE:
         snprintf(mnem, sizeof(mnem), "%s", I->f[d->ops[0].field[0]] ? "ld_tile" : "st_tile");
         first = 1;
         count = d->nops - 1;
         break;
      case AGX_ALIAS_MAP:
         if (!strcmp(texts[0], "map") || !strcmp(texts[0], "unmap")) {
            snprintf(mnem, sizeof(mnem), "%s", texts[0]);
            first = 1;
            count = d->nops - 1;
         } else {
            snprintf(mnem, sizeof(mnem), "TODO.map");
         }
         break;
      }
   }

   struct strbuf sb = {buf, size, 0};
   if (size)
      buf[0] = 0;
   sb_printf(&sb, "%-16s ", mnem);
   bool any = false;
   for (unsigned i = first; i < first + count; i++) {
      char tmp[192];
      struct strbuf t = {tmp, sizeof(tmp), 0};
      tmp[0] = 0;
      print_value(&t, &vals[i], have_pc, pc);
      if (!tmp[0])
         continue;
      sb_printf(&sb, "%s%s", any ? ", " : "", tmp);
      any = true;
   }
   return (int)sb.len;
}

/* ---- parsing ---- */

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
   static const char *const mod_names[] = {"cache", "discard", "sx", "abs",
                                           "neg"};
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
   case AGX_OK_SHIFT: case AGX_OK_MEM_SHIFT: case AGX_OK_BITMASK:
   case AGX_OK_ITER_SAMPLE: case AGX_OK_ZS: case AGX_OK_CMP_OFF:
      return true;
   case AGX_OK_MEM_REG: case AGX_OK_TG_REG:
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
         if (o->enumt->names[i] && o->enumt->names[i][0] &&
             !strcmp(o->enumt->names[i], v->str))
            return true;
      }
      /* unnamed values print as decimal numbers */
      return v->kind == AGX_V_IMM && isdigit((unsigned char)v->str[0]) &&
             !(v->str[0] == '0' && v->str[1]) &&
             ((uint64_t)v->n >= o->enumt->count || !o->enumt->names[v->n]);
   case AGX_OK_SHIFT: case AGX_OK_MEM_SHIFT:
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
match_operands(struct match_ctx *m, unsigned oi, unsigned ti,
               struct agx_isa_instr *I)
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
mnem_selects(const struct agx_isa_desc *d, const char *mn,
             struct agx_isa_instr *I, const char **pre, const char **post,
             const char *post2[3])
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
         for (unsigned a = 0; a < sizeof(bitop_aliases) / sizeof(bitop_aliases[0]); a++) {
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
agx_isa_parse(const char *line, uint64_t pc, struct agx_isa_instr *out,
              char *err, size_t errsize)
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
      if (size < 0 || agx_isa_decode(bytes, (size_t)size, &back) != size ||
          back.op != op)
         continue;
      I.size = (uint8_t)size;
      *out = I;
      return 0;
   }
   snprintf(err, errsize, known ? "invalid operands for '%s'"
                                : "unknown mnemonic '%s'", mn);
   return known ? AGX_ISA_ERR_OPERAND : AGX_ISA_ERR_NOMATCH;
}
