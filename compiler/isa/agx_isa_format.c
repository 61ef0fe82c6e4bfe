/*
 * Assembly text output in the syntax of the applegpu disassembler: mnemonic
 * left-justified to 16 columns, a space, then the non-empty operands
 * separated by ", "; registers r0l/r0h/r0/r0_r1, u-registers, modifiers as
 * ".cache", ".discard", ".sx", ".abs", ".neg"; float immediates as Python
 * prints them; operands that are absent print "None" like applegpu.
 *
 * Assumes: operands are interpreted by agx_isa_operand_get.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "agx_isa.h"
#include "agx_isa_text_priv.h"

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
   case AGX_R16:
      sb_printf(sb, "r%lld%c", (long long)(n >> 1), (n & 1) ? 'h' : 'l');
      break;
   case AGX_R32:
      sb_printf(sb, "r%lld", (long long)n);
      break;
   case AGX_U16:
      sb_printf(sb, "u%lld%c", (long long)(n >> 1), (n & 1) ? 'h' : 'l');
      break;
   case AGX_U32:
      sb_printf(sb, "u%lld", (long long)n);
      break;
   case AGX_TS:
      sb_printf(sb, "ts%lld", (long long)n);
      break;
   case AGX_SS:
      sb_printf(sb, "ss%lld", (long long)n);
      break;
   case AGX_CF:
      sb_printf(sb, "cf%lld", (long long)n);
      break;
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
print_value(struct strbuf *sb, const struct agx_isa_value *v, bool have_pc, uint64_t pc)
{
   static const char *const mod_names[] = {"cache", "discard", "sx", "abs", "neg"};
   switch (v->kind) {
   case AGX_V_EMPTY:
      return;
   case AGX_V_NONE:
      sb_printf(sb, "None");
      return;
   case AGX_V_IMM:
      sb_printf(sb, "%lld", (long long)v->n);
      break;
   case AGX_V_FIMM:
      print_fimm(sb, (unsigned)v->n);
      break;
   case AGX_V_STR:
      sb_printf(sb, "%s", v->str);
      break;
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

int
agx_isa_format(const struct agx_isa_instr *I, bool have_pc, uint64_t pc, char *buf, size_t size)
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
      snprintf(mnem, sizeof(mnem), "%s%s", d->name, I->f[d->sat_field] ? ".sat" : "");
      break;
   case AGX_MNEM_ALT:
   case AGX_MNEM_ALT_SAT:
      snprintf(mnem, sizeof(mnem), "%s%s", d->alt[I->f[d->mnem_field] & 1],
               (d->mnem == AGX_MNEM_ALT_SAT && I->f[d->sat_field]) ? ".sat" : "");
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
         for (unsigned a = 0; a < AGX_NUM_BITOP_ALIASES; a++) {
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
         if (!strcmp(texts[1], "eq") && !strcmp(texts[2], "0.0") && !strcmp(texts[3], "0.0")) {
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
