/*
 * agx-asm: AGX assembly text (applegpu syntax, one instruction per line) ->
 * raw machine code.
 *
 * Assumes: '#' and ';' start comments; a leading "<hex offset>: <hex bytes>"
 * listing prefix (as printed by agx-disasm) is skipped so listings can be
 * re-assembled; branch targets are "pc+N"/"pc-N" or absolute addresses
 * relative to the first byte (-b base).  Errors name the line and exit 1.
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
   fprintf(stderr, "usage: agx-asm [-x] [-b base] [-o out] [file|-]\n"
                   "  -x       write hex text instead of raw bytes\n");
   exit(2);
}

/* Skip "   10: 0e0d0000 " listing prefixes. */
static char *
skip_listing_prefix(char *s)
{
   char *p = s;
   while (isspace((unsigned char)*p))
      p++;
   char *q = p;
   while (isxdigit((unsigned char)*q))
      q++;
   if (q == p || *q != ':')
      return s;
   q++;
   while (*q == ' ' || *q == '\t')
      q++;
   char *h = q;
   while (isxdigit((unsigned char)*h))
      h++;
   if (h == q || (h - q) % 4 != 0 || !isspace((unsigned char)*h))
      return s;
   return h;
}

int
main(int argc, char **argv)
{
   bool hex = false;
   unsigned long long base = 0;
   const char *path = "-", *outpath = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-x"))
         hex = true;
      else if (!strcmp(argv[i], "-b") && i + 1 < argc)
         base = strtoull(argv[++i], NULL, 0);
      else if (!strcmp(argv[i], "-o") && i + 1 < argc)
         outpath = argv[++i];
      else if (argv[i][0] == '-' && argv[i][1])
         usage();
      else
         path = argv[i];
   }
   FILE *in = strcmp(path, "-") ? fopen(path, "r") : stdin;
   if (!in) {
      fprintf(stderr, "agx-asm: %s: %s\n", path, strerror(errno));
      return 2;
   }
   FILE *out = outpath ? fopen(outpath, "wb") : stdout;
   if (!out) {
      fprintf(stderr, "agx-asm: %s: %s\n", outpath, strerror(errno));
      return 2;
   }

   char line[1024];
   unsigned lineno = 0;
   unsigned long long pc = base;
   int status = 0;
   while (fgets(line, sizeof(line), in)) {
      lineno++;
      line[strcspn(line, "#;\r\n")] = 0;
      char *s = skip_listing_prefix(line);
      while (isspace((unsigned char)*s))
         s++;
      if (!*s)
         continue;
      struct agx_isa_instr I;
      uint8_t bytes[AGX_ISA_MAX_BYTES];
      char err[128];
      int size;
      if (agx_isa_parse(s, pc, &I, err, sizeof(err)) ||
          (size = agx_isa_encode(&I, bytes)) < 0) {
         fprintf(stderr, "agx-asm: %s:%u: %s: %s\n", path, lineno,
                 err, s);
         status = 1;
         break;
      }
      if (hex) {
         for (int k = 0; k < size; k++)
            fprintf(out, "%02x", bytes[k]);
         fprintf(out, "\n");
      } else {
         fwrite(bytes, 1, (size_t)size, out);
      }
      pc += (unsigned long long)size;
   }
   if (in != stdin)
      fclose(in);
   if (out != stdout && fclose(out))
      status = 2;
   return status;
}
