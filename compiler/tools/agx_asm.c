/*
 * agx-asm: AGX assembly text (applegpu syntax, one instruction per line) ->
 * raw machine code.
 *
 * Assumes: '#' and ';' start comments; a leading "<hex offset>: <hex bytes>"
 * listing prefix (as printed by agx-disasm) is skipped so listings can be
 * re-assembled; "name:" defines a label and "pc+name" refers to it (as in
 * applegpu's assemble.py); other branch targets are "pc+N"/"pc-N" or
 * absolute addresses relative to the first byte (-b base).  Two passes:
 * instruction sizes never depend on branch offsets.  Errors name the line
 * and exit 1.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LABELS 1024

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

struct label {
   char name[64];
   unsigned long long addr;
};

static struct label labels[MAX_LABELS];
static unsigned num_labels;

static bool
is_ident_start(char c)
{
   return isalpha((unsigned char)c) || c == '_' || c == '.';
}

static bool
is_ident(char c)
{
   return isalnum((unsigned char)c) || c == '_' || c == '.';
}

static const struct label *
find_label(const char *name, size_t len)
{
   for (unsigned i = 0; i < num_labels; i++) {
      if (strlen(labels[i].name) == len && !strncmp(labels[i].name, name, len))
         return &labels[i];
   }
   return NULL;
}

/* Split "label: instruction" off the line; returns the instruction part. */
static char *
take_label(char *s, char **label)
{
   *label = NULL;
   if (!is_ident_start(*s))
      return s;
   char *p = s;
   while (is_ident(*p))
      p++;
   if (*p != ':')
      return s;
   *p = 0;
   *label = s;
   p++;
   while (isspace((unsigned char)*p))
      p++;
   return p;
}

/* Replace "pc+name" by the offset of label name from pc (or 0 when the
 * labels are not known yet).  Returns false on an unknown label. */
static bool
resolve_labels(const char *in, char *out, size_t size, unsigned long long pc, bool final,
               char *missing, size_t msize)
{
   size_t o = 0;
   for (const char *p = in; *p && o + 24 < size;) {
      if (!strncmp(p, "pc+", 3) && is_ident_start(p[3])) {
         const char *n = p + 3, *e = n;
         while (is_ident(*e))
            e++;
         const struct label *l = find_label(n, (size_t)(e - n));
         long long off = 0;
         if (l)
            off = (long long)(l->addr - pc);
         else if (final) {
            snprintf(missing, msize, "%.*s", (int)(e - n), n);
            return false;
         }
         o += (size_t)snprintf(out + o, size - o, off < 0 ? "pc-%lld" : "pc+%lld",
                               off < 0 ? -off : off);
         p = e;
      } else {
         out[o++] = *p++;
      }
   }
   out[o] = 0;
   return true;
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

   /* read all lines */
   size_t cap = 256, nlines = 0;
   char **lines = malloc(cap * sizeof(char *));
   char buf[1024];
   while (lines && fgets(buf, sizeof(buf), in)) {
      if (nlines == cap) {
         char **nl = realloc(lines, 2 * cap * sizeof(char *));
         if (!nl)
            break;
         lines = nl;
         cap *= 2;
      }
      buf[strcspn(buf, "#;\r\n")] = 0;
      lines[nlines++] = strdup(buf);
   }
   if (in != stdin)
      fclose(in);
   if (!lines) {
      fprintf(stderr, "agx-asm: out of memory\n");
      return 2;
   }

   uint8_t *code = NULL;
   size_t code_len = 0, code_cap = 0;
   int status = 0;
   for (unsigned pass = 0; pass < 2 && !status; pass++) {
      unsigned long long pc = base;
      code_len = 0;
      for (size_t li = 0; li < nlines && !status; li++) {
         char work[1024], text[1100], err[128], missing[64];
         snprintf(work, sizeof(work), "%s", lines[li]);
         char *s = skip_listing_prefix(work);
         while (isspace((unsigned char)*s))
            s++;
         char *label;
         s = take_label(s, &label);
         if (label && pass == 0) {
            if (find_label(label, strlen(label)) || num_labels == MAX_LABELS ||
                strlen(label) >= sizeof(labels[0].name)) {
               fprintf(stderr, "agx-asm: %s:%zu: bad or duplicate label '%s'\n", path, li + 1,
                       label);
               status = 1;
               break;
            }
            snprintf(labels[num_labels].name, sizeof(labels[0].name), "%s", label);
            labels[num_labels++].addr = pc;
         }
         if (!*s)
            continue;
         if (!resolve_labels(s, text, sizeof(text), pc, pass == 1, missing, sizeof(missing))) {
            fprintf(stderr, "agx-asm: %s:%zu: unknown label '%s'\n", path, li + 1, missing);
            status = 1;
            break;
         }
         struct agx_isa_instr I;
         uint8_t bytes[AGX_ISA_MAX_BYTES];
         int size = -1;
         if (agx_isa_parse(text, pc, &I, err, sizeof(err)) ||
             (size = agx_isa_encode(&I, bytes)) < 0) {
            if (size < -1)
               snprintf(err, sizeof(err), "cannot encode");
            fprintf(stderr, "agx-asm: %s:%zu: %s: %s\n", path, li + 1, err, s);
            status = 1;
            break;
         }
         if (code_len + (size_t)size > code_cap) {
            code_cap = code_cap ? 2 * code_cap : 4096;
            uint8_t *nc = realloc(code, code_cap);
            if (!nc) {
               fprintf(stderr, "agx-asm: out of memory\n");
               status = 2;
               break;
            }
            code = nc;
         }
         memcpy(code + code_len, bytes, (size_t)size);
         code_len += (size_t)size;
         pc += (unsigned long long)size;
      }
   }

   if (!status) {
      FILE *out = outpath ? fopen(outpath, "wb") : stdout;
      if (!out) {
         fprintf(stderr, "agx-asm: %s: %s\n", outpath, strerror(errno));
         status = 2;
      } else {
         if (hex) {
            for (size_t k = 0; k < code_len; k++)
               fprintf(out, "%02x", code[k]);
            fprintf(out, "\n");
         } else if (code_len) {
            fwrite(code, 1, code_len, out);
         }
         if (out != stdout && fclose(out))
            status = 2;
      }
   }
   for (size_t li = 0; li < nlines; li++)
      free(lines[li]);
   free(lines);
   free(code);
   return status;
}
