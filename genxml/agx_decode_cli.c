/*
 * agx-decode: command-line front end of agx_decode. Loads a memory image
 * made of raw chunks placed at GPU VAs and decodes the requested streams in
 * command-line order. Exit status: 0 clean, 1 decode problems found,
 * 2 bad usage or unreadable input.
 */
#include "agx_decode.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
   "usage: agx-decode [options] --mem ADDR=FILE... ACTION...\n"
   "\n"
   "Prints AGX control streams word by word with every field.\n"
   "\n"
   "Memory image: the GPU memory to decode is given as raw chunks, each a file\n"
   "whose bytes are placed at a GPU virtual address (little-endian words, as\n"
   "the GPU sees them). Chunks must not overlap; a read that leaves the chunk\n"
   "it starts in is reported as unmapped.\n"
   "  --mem ADDR=FILE      place the contents of FILE at GPU VA ADDR (repeatable)\n"
   "\n"
   "Options:\n"
   "  --usc-base ADDR      base that USC pipeline/code/CF-binding offsets are\n"
   "                       relative to (usc_exec_base; default 0)\n"
   "  --g14x               CDM launches carry the extra G14X word\n"
   "  --help               show this text\n"
   "\n"
   "Actions (run in order, repeatable):\n"
   "  --cdm ADDR           walk a compute control stream starting at ADDR\n"
   "  --vdm ADDR           walk a render (VDM) control stream starting at ADDR\n"
   "  --ppp ADDR:BYTES     decode one PPP state update of BYTES bytes\n"
   "  --usc ADDR           decode a USC word list at absolute VA ADDR\n"
   "\n"
   "Numbers are decimal or 0x-prefixed hex. Exit status: 0 if everything\n"
   "decoded cleanly, 1 if problems were found in the streams, 2 on bad usage\n"
   "or unreadable files.\n";

static bool
parse_u64(const char *s, uint64_t *out)
{
   if (!s || !*s || *s == '-')
      return false;
   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 0);
   if (errno || *end)
      return false;
   *out = v;
   return true;
}

static int
fail_usage(const char *msg, const char *arg)
{
   fprintf(stderr, "agx-decode: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
   fprintf(stderr, "Try 'agx-decode --help'.\n");
   return 2;
}

enum action_kind { ACT_CDM, ACT_VDM, ACT_PPP, ACT_USC };

struct action {
   enum action_kind kind;
   uint64_t va, size;
};

int
main(int argc, char **argv)
{
   struct agx_decode_image image = {0};
   struct agx_decode_ctx ctx = {
      .fp = stdout,
      .read = agx_decode_image_read,
      .user = &image,
   };
   struct action *actions = calloc((size_t)argc, sizeof(*actions));
   unsigned nr_actions = 0;
   int ret = 0;

   if (!actions)
      return 2;

   for (int i = 1; i < argc; ++i) {
      const char *opt = argv[i];
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;
      bool takes_value = strcmp(opt, "--mem") == 0 || strcmp(opt, "--usc-base") == 0 ||
                         strcmp(opt, "--cdm") == 0 || strcmp(opt, "--vdm") == 0 ||
                         strcmp(opt, "--ppp") == 0 || strcmp(opt, "--usc") == 0;

      if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
         fputs(usage, stdout);
         goto out;
      } else if (strcmp(opt, "--g14x") == 0) {
         ctx.g14x = true;
         continue;
      } else if (!takes_value) {
         ret = fail_usage("unknown option", opt);
         goto out;
      } else if (!val) {
         ret = fail_usage("missing value for", opt);
         goto out;
      }
      i++;

      if (strcmp(opt, "--mem") == 0) {
         const char *eq = strchr(val, '=');
         char addr[32];
         uint64_t va;
         if (!eq || (size_t)(eq - val) >= sizeof(addr)) {
            ret = fail_usage("--mem wants ADDR=FILE", val);
            goto out;
         }
         memcpy(addr, val, (size_t)(eq - val));
         addr[eq - val] = 0;
         if (!parse_u64(addr, &va)) {
            ret = fail_usage("bad address in --mem", val);
            goto out;
         }
         char err[512];
         if (!agx_decode_image_add_file(&image, va, eq + 1, err, sizeof(err))) {
            fprintf(stderr, "agx-decode: %s\n", err);
            ret = 2;
            goto out;
         }
      } else if (strcmp(opt, "--usc-base") == 0) {
         if (!parse_u64(val, &ctx.usc_base)) {
            ret = fail_usage("bad --usc-base", val);
            goto out;
         }
      } else if (strcmp(opt, "--ppp") == 0) {
         struct action *a = &actions[nr_actions++];
         char addr[32];
         const char *colon = strchr(val, ':');
         a->kind = ACT_PPP;
         if (!colon || (size_t)(colon - val) >= sizeof(addr)) {
            ret = fail_usage("--ppp wants ADDR:BYTES", val);
            goto out;
         }
         memcpy(addr, val, (size_t)(colon - val));
         addr[colon - val] = 0;
         if (!parse_u64(addr, &a->va) || !parse_u64(colon + 1, &a->size) || a->size > (1u << 20)) {
            ret = fail_usage("bad --ppp ADDR:BYTES", val);
            goto out;
         }
      } else {
         struct action *a = &actions[nr_actions++];
         a->kind = strcmp(opt, "--cdm") == 0   ? ACT_CDM
                   : strcmp(opt, "--vdm") == 0 ? ACT_VDM
                                               : ACT_USC;
         if (!parse_u64(val, &a->va)) {
            ret = fail_usage("bad address", val);
            goto out;
         }
      }
   }

   if (!nr_actions) {
      ret = fail_usage("nothing to decode (give --cdm, --vdm, --ppp or --usc)", NULL);
      goto out;
   }

   for (unsigned i = 0; i < nr_actions; ++i) {
      switch (actions[i].kind) {
      case ACT_CDM:
         agx_decode_cdm(&ctx, actions[i].va);
         break;
      case ACT_VDM:
         agx_decode_vdm(&ctx, actions[i].va);
         break;
      case ACT_PPP:
         agx_decode_ppp(&ctx, actions[i].va, (size_t)actions[i].size);
         break;
      case ACT_USC:
         agx_decode_usc(&ctx, actions[i].va, -1);
         break;
      }
   }
   if (ctx.errors) {
      fprintf(stderr, "agx-decode: %u problem(s) found\n", ctx.errors);
      ret = 1;
   }

out:
   free(actions);
   agx_decode_image_free(&image);
   return ret;
}
