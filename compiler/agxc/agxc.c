/* agxc: command-line driver of the compiler.
 *   agxc [--stage comp] [--entry NAME] [--spec ID=VALUE]... [--no-lower-io]
 *        [--scalarize] [--lower-idiv] [--lower-transcendental] [--lower-int64] [--time N]
 *        [--no-preamble] [--robust] [--rt FORMAT]... [--samples N]
 *        IN.spv [--ir] [-o OUT.bin] [--disasm]
 * Parses SPIR-V, translates to the agx IR, optimises and (with --ir) prints
 * the IR; with -o and/or --disasm the AGX back end generates machine code,
 * written raw to OUT.bin (main program) and OUT.bin.preamble (the preamble,
 * when one is built; a stale OUT.bin.preamble is removed otherwise) and/or
 * disassembled to stdout (the preamble after a "preamble:" line), with the
 * dispatch information on stderr. --robust bounds-checks buffer accesses
 * (robustBufferAccess). --no-preamble (or AGX_DEBUG=nopreamble)
 * keeps all work in the main program. Fragment shaders store their colour
 * outputs to the tilebuffer laid out for --rt FORMAT (one per render target,
 * agx_tilebuffer.h names such as rgba8_unorm, or none) and --samples N
 * (a per-key variant); without --rt colour outputs are dropped. Without
 * IN.spv, --bg clear|load|none,..., --eot MASK or --epilog MASK prints the
 * background, end-of-tile or fragment output epilog program of the --rt
 * tilebuffer (the epilog blended per --blend RT:SRC,DST,OP,SRCA,DSTA,OPA,MASK
 * in Vulkan enum values, --logic-op N). --split-outputs compiles a fragment shader for an epilog
 * (colour outputs left in r4(i+1), no stop). --vbo FMT,FMT... prints the
 * vertex-fetch prolog of attributes 0, 1, ... in those formats
 * (agx_vbo_format_name: rgba8_unorm, rg16_sscaled...), attribute i from
 * vertex buffer i at offset 0 with a stride of its size.
 * Errors exit with status 1, usage errors (including nothing to do) with 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_backend.h"
#include "agx_passes.h"
#include "agx_spirv.h"
#include "agx_fs_epilog.h"
#include "agx_tile_programs.h"
#include "agx_vbo_prolog.h"

static void
usage(void)
{
   fprintf(stderr,
           "usage: agxc [--stage comp] [--entry NAME] [--spec ID=VALUE]... [--no-lower-io]\n"
           "            [--scalarize] [--lower-idiv] [--lower-transcendental] [--lower-int64]\n"
           "            [--time N] [--no-preamble] [--robust] [--rt FORMAT]... [--samples N]\n"
           "            [--split-outputs] [--bg OP,OP... | --eot MASK | --epilog MASK\n"
           "            [--blend RT:SRC,DST,OP,SRCA,DSTA,OPA,MASK]... [--logic-op N]]\n"
           "            [--vbo FORMAT,FORMAT...]\n"
           "            IN.spv [--ir] [-o OUT.bin] [--disasm]\n");
}

static uint32_t *
read_words(const char *path, size_t *count)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 4096, n = 0;
   uint8_t *buf = malloc(cap);
   size_t r;
   while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
      n += r;
      if (n == cap) {
         uint8_t *nb = realloc(buf, cap * 2);
         if (!nb) {
            free(buf);
            buf = NULL;
            break;
         }
         buf = nb;
         cap *= 2;
      }
   }
   fclose(f);
   *count = n / 4;
   return (uint32_t *)buf;
}

/* Writes size bytes; returns 0, or 1 after a message. */
static int
write_file(const char *path, const uint8_t *data, size_t size)
{
   FILE *f = fopen(path, "wb");
   int bad = !f || fwrite(data, 1, size, f) != size;
   if (f && fclose(f))
      bad = 1;
   if (bad)
      fprintf(stderr, "agxc: cannot write %s\n", path);
   return bad;
}

/* --bg OPS (comma-separated clear/load/none per --rt) or --eot MASK: builds
 * the background or end-of-tile program of that tilebuffer and prints it
 * (and writes it with -o). */
/* --blend RT:SRC,DST,OP,SRCA,DSTA,OPA,MASK (Vulkan enum values) and
 * --logic-op N for --epilog (struct agx_fs_epilog_key). */
static struct agx_blend_rt blend_rt[AGX_TIB_MAX_RTS];
static bool blend_set[AGX_TIB_MAX_RTS];
static long logic_op = -1;

static bool
parse_blend(const char *arg)
{
   unsigned rt, v[7];
   if (sscanf(arg, "%u:%u,%u,%u,%u,%u,%u,%u", &rt, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
              &v[6]) != 8 ||
       rt >= AGX_TIB_MAX_RTS)
      return false;
   for (unsigned k = 0; k < 7; k++)
      if (v[k] > 255)
         return false;
   blend_rt[rt] = (struct agx_blend_rt){1,
                                        (uint8_t)v[0],
                                        (uint8_t)v[1],
                                        (uint8_t)v[2],
                                        (uint8_t)v[3],
                                        (uint8_t)v[4],
                                        (uint8_t)v[5],
                                        (uint8_t)v[6]};
   blend_set[rt] = true;
   return true;
}

static int
build_epilog(const struct agx_tilebuffer_layout *tib, unsigned mask, struct agx_backend_result *r,
             char *err, size_t errsize)
{
   struct agx_fs_epilog_key key;
   agx_fs_epilog_key_init(&key, tib, mask);
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++)
      if (blend_set[rt])
         key.rt[rt] = blend_rt[rt];
   if (logic_op >= 0) {
      key.logic_op_enable = 1;
      key.logic_op = (uint8_t)(logic_op > 255 ? 255 : logic_op);
   }
   int rc = agx_build_fs_epilog_key(&key, r, err, errsize);
   if (!rc)
      printf("; epilog reads the tilebuffer: %s; pass type without discard/depth: %u\n",
             r->info.fs.reads_tib ? "yes" : "no", agx_fs_epilog_reads_tib(&key) ? 1u : 0u);
   return rc;
}

static int
tile_program(const enum agx_tib_format *rts, unsigned num_rts, unsigned samples, const char *bg_ops,
             long eot_mask, long epilog_mask, const char *out_path)
{
   struct agx_tilebuffer_layout tib;
   if (!agx_tilebuffer_layout(&tib, rts, num_rts, samples)) {
      fprintf(stderr, "agxc: invalid tilebuffer\n");
      return 2;
   }
   uint8_t op[AGX_TIB_MAX_RTS] = {0};
   const char *p = bg_ops;
   for (unsigned rt = 0; p && *p && rt < AGX_TIB_MAX_RTS; rt++) {
      size_t len = strcspn(p, ",");
      op[rt] = !strncmp(p, "clear", len) && len == 5  ? AGX_BG_CLEAR
               : !strncmp(p, "load", len) && len == 4 ? AGX_BG_LOAD
                                                      : AGX_BG_NONE;
      p += len + (p[len] == ',');
   }
   struct agx_backend_result r;
   char err[512];
   int rc = bg_ops ? agx_build_bg_program(&tib, op, &r, err, sizeof(err))
            : epilog_mask >= 0
               ? build_epilog(&tib, (unsigned)epilog_mask, &r, err, sizeof(err))
               : agx_build_eot_program(&tib, (unsigned)eot_mask, &r, err, sizeof(err));
   if (rc) {
      fprintf(stderr, "agxc: %s\n", err);
      return 1;
   }
   printf("; %s program, %zu bytes, %u GPR halves, %u uniform halves\n",
          bg_ops             ? "background"
          : epilog_mask >= 0 ? "fragment output epilog"
                             : "end-of-tile",
          r.size, r.info.gpr_halves, r.info.uniform_halves);
   int status = agx_backend_disasm(r.code, r.size, stdout) ? 0 : 1;
   if (out_path && write_file(out_path, r.code, r.size))
      status = 1;
   agx_backend_result_free(&r);
   return status;
}

/* Prints the vertex-fetch prolog of a list of attribute formats. */
static int
vbo_prolog(const char *list, const char *out_path)
{
   struct agx_vbo_key key;
   memset(&key, 0, sizeof(key));
   const char *p = list;
   while (*p) {
      size_t len = strcspn(p, ",");
      unsigned f = 0;
      for (unsigned k = 1; k < AGX_VBO_NUM_FORMATS; k++)
         if (strlen(agx_vbo_format_name(k)) == len && !strncmp(agx_vbo_format_name(k), p, len))
            f = k;
      if (!f || key.num_attribs >= AGX_MAX_ATTRIBS || key.num_attribs >= AGX_VBO_MAX_BUFFERS) {
         fprintf(stderr, "agxc: bad or too many vertex formats at '%.*s'\n", (int)len, p);
         return 2;
      }
      unsigned i = key.num_attribs++;
      key.attribs[i] = (struct agx_vbo_attrib){(uint8_t)i, (uint8_t)f, (uint8_t)i, 0};
      key.buffers[i] = (struct agx_vbo_buffer){.stride = agx_vbo_format_bytes(f)};
      p += len + (p[len] == ',');
   }
   struct agx_backend_result r;
   char err[512];
   if (agx_build_vbo_prolog(&key, &r, err, sizeof(err))) {
      fprintf(stderr, "agxc: %s\n", err);
      return 1;
   }
   printf("; vertex-fetch prolog, %u attributes, %zu bytes, %u instructions, %u GPR halves\n",
          key.num_attribs, r.size, r.info.num_instrs, r.info.gpr_halves);
   int status = agx_backend_disasm(r.code, r.size, stdout) ? 0 : 1;
   if (out_path && write_file(out_path, r.code, r.size))
      status = 1;
   agx_backend_result_free(&r);
   return status;
}

int
main(int argc, char **argv)
{
   const char *in = NULL;
   bool print_ir = false, lower_io = true, scalarize = false, lower_idiv = false, lower_tr = false,
        lower_i64 = false;
   bool disasm = false;
   struct agx_backend_options bopts = {0};
   const char *out_path = NULL;
   unsigned repeat = 0;
   struct agx_spirv_spec_value spec[64];
   struct agx_spirv_options opts = {.spec = spec};
   enum agx_tib_format rts[AGX_TIB_MAX_RTS];
   unsigned num_rts = 0, samples = 1;
   struct agx_tilebuffer_layout tib;
   const char *bg_ops = NULL, *vbo = NULL;
   long eot_mask = -1, epilog_mask = -1;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--ir")) {
         print_ir = true;
      } else if (!strcmp(argv[i], "--disasm")) {
         disasm = true;
      } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
         out_path = argv[++i];
      } else if (!strcmp(argv[i], "--stage") && i + 1 < argc) {
         /* the stage comes from the entry point; --stage vert/frag selects one */
         const char *st = argv[++i];
         if (strcmp(st, "comp") && strcmp(st, "vert") && strcmp(st, "frag")) {
            fprintf(stderr, "agxc: --stage takes comp, vert or frag\n");
            return 2;
         }
         /* vert/frag pick among entry points; comp keeps compute and kernels */
         opts.match_stage = st[0] != 'c';
         opts.stage = st[0] == 'v' ? AGX_STAGE_VERTEX : AGX_STAGE_FRAGMENT;
      } else if (!strcmp(argv[i], "--rt") && i + 1 < argc) {
         const char *name = argv[++i];
         enum agx_tib_format f = AGX_TIB_NONE;
         for (unsigned k = 1; k < AGX_TIB_NUM_FORMATS; k++)
            if (!strcmp(agx_tib_format((enum agx_tib_format)k)->name, name))
               f = (enum agx_tib_format)k;
         if ((f == AGX_TIB_NONE && strcmp(name, "none")) || num_rts == AGX_TIB_MAX_RTS) {
            fprintf(stderr, "agxc: unknown render target format %s\n", name);
            return 2;
         }
         rts[num_rts++] = f;
      } else if (!strcmp(argv[i], "--bg") && i + 1 < argc) {
         bg_ops = argv[++i];
      } else if (!strcmp(argv[i], "--epilog") && i + 1 < argc) {
         epilog_mask = strtol(argv[++i], NULL, 0);
      } else if (!strcmp(argv[i], "--blend") && i + 1 < argc) {
         if (!parse_blend(argv[++i])) {
            fprintf(stderr, "agxc: --blend takes RT:SRC,DST,OP,SRCA,DSTA,OPA,MASK\n");
            return 2;
         }
      } else if (!strcmp(argv[i], "--logic-op") && i + 1 < argc) {
         logic_op = strtol(argv[++i], NULL, 0);
      } else if (!strcmp(argv[i], "--split-outputs")) {
         bopts.fs_epilog = true;
      } else if (!strcmp(argv[i], "--eot") && i + 1 < argc) {
         eot_mask = strtol(argv[++i], NULL, 0);
      } else if (!strcmp(argv[i], "--samples") && i + 1 < argc) {
         samples = (unsigned)atoi(argv[++i]);
      } else if (!strcmp(argv[i], "--entry") && i + 1 < argc) {
         opts.entry = argv[++i];
      } else if (!strcmp(argv[i], "--spec") && i + 1 < argc) {
         unsigned id;
         unsigned long long v;
         if (opts.num_spec == 64 || sscanf(argv[++i], "%u=%lli", &id, (long long *)&v) != 2) {
            usage();
            return 2;
         }
         spec[opts.num_spec].id = id;
         spec[opts.num_spec++].value = v;
      } else if (!strcmp(argv[i], "--no-lower-io")) {
         lower_io = false;
      } else if (!strcmp(argv[i], "--scalarize")) {
         scalarize = true;
      } else if (!strcmp(argv[i], "--lower-idiv")) {
         lower_idiv = true;
      } else if (!strcmp(argv[i], "--lower-transcendental")) {
         lower_tr = true;
      } else if (!strcmp(argv[i], "--robust")) {
         opts.robust_buffer_access = true;
      } else if (!strcmp(argv[i], "--no-preamble")) {
         bopts.no_preamble = true;
      } else if (!strcmp(argv[i], "--lower-int64")) {
         lower_i64 = true;
      } else if (!strcmp(argv[i], "--vbo") && i + 1 < argc) {
         vbo = argv[++i];
      } else if (!strcmp(argv[i], "--time") && i + 1 < argc) {
         repeat = (unsigned)atoi(argv[++i]);
      } else if (argv[i][0] == '-' || in) {
         usage();
         return 2;
      } else {
         in = argv[i];
      }
   }
   if (!in && vbo)
      return vbo_prolog(vbo, out_path);
   if (!in && (bg_ops || eot_mask >= 0 || epilog_mask >= 0))
      return tile_program(rts, num_rts, samples, bg_ops, eot_mask, epilog_mask, out_path);
   if (!in) {
      usage();
      return 2;
   }
   if (!print_ir && !disasm && !out_path) {
      fprintf(stderr, "agxc: nothing to do: give -o OUT.bin, --disasm or --ir\n");
      usage();
      return 2;
   }
   if (num_rts || samples != 1) {
      if (!agx_tilebuffer_layout(&tib, rts, num_rts, samples)) {
         fprintf(stderr, "agxc: invalid tilebuffer (%u samples)\n", samples);
         return 2;
      }
      bopts.tib = &tib;
      /* the fragment shader's pipeline sample count (per-sample loops) */
      bopts.coverage.samples = (uint8_t)samples;
   }
   size_t nw;
   uint32_t *words = read_words(in, &nw);
   if (!words) {
      fprintf(stderr, "agxc: cannot read %s\n", in);
      return 1;
   }
   char err[512];
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   for (unsigned r = 0; r < repeat; r++)
      agx_shader_destroy(agx_compile_spirv(words, nw, &opts, lower_io, err, sizeof(err)));
   clock_gettime(CLOCK_MONOTONIC, &t1);
   agx_shader *s = agx_compile_spirv(words, nw, &opts, lower_io, err, sizeof(err));
   free(words);
   if (!s) {
      fprintf(stderr, "agxc: %s: %s\n", in, err);
      return 1;
   }
   if (repeat)
      fprintf(stderr, "agxc: %s: %.1f us per parse+optimise\n", in,
              ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3 / repeat);
   if (scalarize || lower_idiv || lower_tr || lower_i64) {
      if (lower_idiv) {
         agx_pass_lower_int8(s);
         agx_pass_lower_idiv(s);
      }
      if (lower_tr)
         agx_pass_lower_transcendental(s);
      if (scalarize || lower_i64)
         agx_pass_scalarize(s);
      if (lower_i64)
         agx_pass_lower_int64(s);
      agx_optimize(s);
   }
   int status = 0;
   if (print_ir)
      agx_print_shader(s, stdout);
   if (disasm || out_path) {
      struct agx_backend_result res;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      if (agx_backend_compile(s, &bopts, &res, err, sizeof(err))) {
         fprintf(stderr, "agxc: %s: %s\n", in, err);
         agx_shader_destroy(s);
         return 1;
      }
      clock_gettime(CLOCK_MONOTONIC, &t1);
      const struct agx_backend_info *info = &res.info;
      char pre[128] = "no preamble";
      if (info->has_preamble)
         snprintf(pre, sizeof(pre), "preamble %zu bytes, %u instructions, %u GPR halves",
                  res.preamble_size, info->preamble_num_instrs, info->preamble_gpr_halves);
      fprintf(stderr,
              "agxc: %s: %zu bytes, %u instructions, %u GPR halves, %u uniform halves, "
              "%u B shared, %u B scratch, workgroup %ux%ux%u, %s, back end %.1f us\n",
              in, res.size, info->num_instrs, info->gpr_halves, info->uniform_halves,
              info->shared_size, info->scratch_size, info->local_size[0], info->local_size[1],
              info->local_size[2], pre,
              ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3);
      if (disasm)
         agx_print_stage_interface(info, stdout);
      if (disasm && !agx_backend_disasm(res.code, res.size, stdout))
         status = 1;
      if (disasm && info->has_preamble) {
         printf("preamble:\n");
         if (!agx_backend_disasm(res.preamble, res.preamble_size, stdout))
            status = 1;
      }
      if (out_path) {
         if (write_file(out_path, res.code, res.size))
            status = 1;
         size_t plen = strlen(out_path) + sizeof(".preamble");
         char *ppath = malloc(plen);
         if (!ppath)
            abort();
         snprintf(ppath, plen, "%s.preamble", out_path);
         if (info->has_preamble) {
            if (write_file(ppath, res.preamble, res.preamble_size))
               status = 1;
         } else {
            remove(ppath); /* not an error when there was none */
         }
         free(ppath);
      }
      agx_backend_result_free(&res);
   }
   agx_shader_destroy(s);
   return status;
}
