/*
 * agx-disasm: raw AGX machine code -> one instruction per line, as
 * "<offset>: <hex bytes> <mnemonic> <operands>" (the layout of applegpu's
 * disassemble.py).
 *
 * Assumes: input is raw bytes (or hex text with -x); decoding starts at the
 * first byte and never resynchronises: undecodable or truncated bytes are an
 * error reported with their offset (exit status 1).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"

static void
usage(void)
{
   fprintf(stderr, "usage: agx-disasm [-x] [-t] [-b base] [file|-]\n"
                   "  -x       input is hex text (whitespace ignored)\n"
                   "  -t       print only the instructions (pc-relative\n"
                   "           branch targets), e.g. to feed agx-asm\n"
                   "  -b base  address of the first byte (default 0)\n");
   exit(2);
}

static uint8_t *
read_all(FILE *f, size_t *len)
{
   size_t cap = 4096, n = 0;
   uint8_t *buf = malloc(cap);
   size_t got;
   while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
      n += got;
      if (n == cap) {
         uint8_t *nb = realloc(buf, cap * 2);
         if (!nb) {
            free(buf);
            return NULL;
         }
         buf = nb;
         cap *= 2;
      }
   }
   *len = n;
   return buf;
}

static int
hexval(int c)
{
   if (c >= '0' && c <= '9')
      return c - '0';
   if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
   return -1;
}

/* hex text -> bytes in place; returns false on bad characters */
static bool
unhex(uint8_t *buf, size_t *len)
{
   size_t out = 0;
   int hi = -1;
   for (size_t i = 0; i < *len; i++) {
      if (isspace(buf[i]))
         continue;
      int v = hexval(buf[i]);
      if (v < 0)
         return false;
      if (hi < 0) {
         hi = v;
      } else {
         buf[out++] = (uint8_t)(hi << 4 | v);
         hi = -1;
      }
   }
   *len = out;
   return hi < 0;
}

int
main(int argc, char **argv)
{
   bool hex = false, text_only = false;
   unsigned long long base = 0;
   const char *path = "-";
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-x"))
         hex = true;
      else if (!strcmp(argv[i], "-t"))
         text_only = true;
      else if (!strcmp(argv[i], "-b") && i + 1 < argc)
         base = strtoull(argv[++i], NULL, 0);
      else if (argv[i][0] == '-' && argv[i][1])
         usage();
      else
         path = argv[i];
   }

   FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
   if (!f) {
      fprintf(stderr, "agx-disasm: %s: %s\n", path, strerror(errno));
      return 2;
   }
   size_t len;
   uint8_t *code = read_all(f, &len);
   if (f != stdin)
      fclose(f);
   if (!code || (hex && !unhex(code, &len))) {
      fprintf(stderr, "agx-disasm: %s: cannot read input\n", path);
      free(code);
      return 2;
   }

   int status = 0;
   for (size_t p = 0; p < len;) {
      struct agx_isa_instr I;
      int size = agx_isa_decode(code + p, len - p, &I);
      if (size < 0) {
         fprintf(stderr, "agx-disasm: %s instruction at offset 0x%zx:",
                 size == AGX_ISA_ERR_TRUNCATED ? "truncated" : "undecodable", p);
         for (size_t k = p; k < len && k < p + 4; k++)
            fprintf(stderr, " %02x", code[k]);
         fprintf(stderr, "\n");
         status = 1;
         break;
      }
      char hexs[2 * AGX_ISA_MAX_BYTES + 1], text[256];
      for (int k = 0; k < size; k++)
         sprintf(hexs + 2 * k, "%02x", code[p + k]);
      agx_isa_format(&I, !text_only, base + p, text, sizeof(text));
      if (text_only)
         printf("%s\n", text);
      else
         printf("%4llx: %-20s %s\n", (unsigned long long)(base + p), hexs, text);
      p += (size_t)size;
   }
   free(code);
   return status;
}
