/*
 * agx-sim-run: run raw AGX machine code (as written by agx-asm) on the
 * simulator's GPU model and print the final registers of one lane.
 *
 *   agx-sim-run [options] PROGRAM.bin [rN=VALUE | rNl=VALUE | rNh=VALUE |
 *                                      uN=VALUE]...
 *
 * VALUE is an integer (decimal, 0x hex, negative) or a float written with
 * an f suffix (1.5f) whose f32 bits are used. Options:
 *   --lane K          print lane K of the first threadgroup (default 0)
 *   --grid X,Y,Z      threads in the grid (default: one SIMD-group, 32)
 *   --local X,Y,Z     threads per threadgroup (default: the grid)
 *   --regs N          USC register count in half registers (default 256)
 *   --mem ADDR=FILE   map FILE's bytes at GPU address ADDR (read/write)
 *   --shared BYTES    threadgroup memory size (default 0)
 *   --budget N        stop after N SIMD-group instructions (default 10^8;
 *                     0 = unlimited)
 *   --strict          enable the strict-mode fidelity checks; then only the
 *                     registers and uniforms given count as initialised
 *   --no-strict       (default) every register and uniform starts as 0
 * Output: "rN=0x%08x" for every 32-bit register below the register count,
 * one per line. Exit status: 0 success, 1 GPU error (reported on stderr),
 * 2 bad usage or input.
 *
 *
 *   agx-sim-run --render CAPTURE [--out VA,SIZE=FILE]... [--ppm ...]
 * replays a captured render command instead (tools/agx_sim_replay.c).
 *
 * Assumes: registers given on the command line are set in every lane, all
 * others start as 0 (like applegpu's emulator state). The program runs in a
 * fresh simulated device and VM; code is mapped read-only at USC offset 0
 * followed by a `stop`, so execution also ends at the end of the file.
 * Threadgroups run one after the other.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm-uapi/asahi_drm.h"

#include "agx_sim.h"
#include "agx_sim_gpu.h"
#include "agx_sim_replay.h"
#include "agx_sim_vm.h"

#define CODE_VA 0x100000000ull
#define PAGE 16384ull

static void
usage(void)
{
   fprintf(stderr, "usage: agx-sim-run [--lane K] [--grid X,Y,Z] [--local X,Y,Z] [--regs N]\n"
                   "                   [--mem ADDR=FILE]... [--shared BYTES] [--budget N]\n"
                   "                   [--strict|--no-strict]\n"
                   "                   PROGRAM.bin [rN=VALUE|rNl=VALUE|rNh=VALUE|uN=VALUE]...\n"
                   "       agx-sim-run --render CAPTURE [--decode] [--no-run]\n"
                   "                   [--out VA,SIZE=FILE]... [--ppm VA,W,H,STRIDE=FILE]...\n");
}

static bool
parse_u64(const char *s, uint64_t *out)
{
   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 0);
   if (!*s || *end || errno || *s == '-')
      return false;
   *out = v;
   return true;
}

static bool
parse_value(const char *s, uint32_t *out)
{
   size_t n = strlen(s);
   if (n == 0)
      return false;
   char *end;
   if (n > 1 && s[n - 1] == 'f' && !(n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) {
      errno = 0;
      float f = strtof(s, &end);
      if (end != s + n - 1 || errno)
         return false;
      memcpy(out, &f, 4);
      return true;
   }
   errno = 0;
   if (s[0] == '-') {
      long long v = strtoll(s, &end, 0);
      if (*end || errno || v < INT32_MIN)
         return false;
      *out = (uint32_t)(int32_t)v;
      return true;
   }
   unsigned long long v = strtoull(s, &end, 0);
   if (*end || errno || v > UINT32_MAX)
      return false;
   *out = (uint32_t)v;
   return true;
}

static bool
parse_xyz(const char *s, uint32_t out[3])
{
   unsigned a, b, c;
   char extra;
   int n = sscanf(s, "%u,%u,%u%c", &a, &b, &c, &extra);
   if (n == 3 && a && b && c) {
      out[0] = a, out[1] = b, out[2] = c;
      return true;
   }
   n = sscanf(s, "%u%c", &a, &extra);
   if (n == 1 && a) {
      out[0] = a, out[1] = 1, out[2] = 1;
      return true;
   }
   return false;
}

static void *
read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 4096, len = 0;
   uint8_t *buf = malloc(cap);
   while (buf) {
      size_t got = fread(buf + len, 1, cap - len, f);
      len += got;
      if (got == 0)
         break;
      if (len == cap) {
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
   *size = len;
   return buf;
}

/* Create a BO holding `data` and bind it at `va` (page-rounded). */
static bool
map_bytes(struct agx_sim *sim, uint32_t vm_id, uint64_t va, const void *data, size_t size,
          bool writable)
{
   uint64_t start = va & ~(PAGE - 1);
   uint64_t end = (va + size + PAGE - 1) & ~(PAGE - 1);
   if (end == start)
      end = start + PAGE;
   struct drm_asahi_gem_create c = {.size = end - start};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &c))
      return false;
   struct drm_asahi_gem_mmap_offset m = {.handle = c.handle};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m))
      return false;
   int err = 0;
   uint8_t *map = agx_sim_mmap(sim, m.offset, end - start, &err);
   if (!map)
      return false;
   memcpy(map + (va - start), data, size);
   agx_sim_munmap(sim, map, end - start);
   struct drm_asahi_gem_bind_op op = {.flags = DRM_ASAHI_BIND_READ |
                                               (writable ? DRM_ASAHI_BIND_WRITE : 0),
                                      .handle = c.handle,
                                      .offset = 0,
                                      .range = end - start,
                                      .addr = start};
   struct drm_asahi_vm_bind b = {.vm_id = vm_id,
                                 .num_binds = 1,
                                 .stride = sizeof(op),
                                 .userptr = (uintptr_t)&op};
   return agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b) == 0;
}

int
main(int argc, char **argv)
{
   unsigned lane = 0;
   uint32_t grid[3] = {32, 1, 1}, local[3] = {0, 0, 0};
   unsigned regs = 256, shared = 0;
   uint64_t budget = 100000000;
   bool strict = false;
   const char *program = NULL;
   struct {
      uint64_t addr;
      const char *path;
   } mems[32];
   unsigned nmems = 0;
   uint32_t init_regs[128] = {0};
   uint8_t init_def[256] = {0};
   static struct agx_sim_dispatch d;

   for (int i = 1; i < argc; i++)
      if (!strcmp(argv[i], "--render"))
         return agx_sim_replay_main(argc, argv);
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      uint64_t v;
      if (!strcmp(a, "--lane") && i + 1 < argc) {
         if (!parse_u64(argv[++i], &v) || v >= AGX_SIM_LANES) {
            fprintf(stderr, "agx-sim-run: --lane needs 0..31\n");
            return 2;
         }
         lane = (unsigned)v;
      } else if (!strcmp(a, "--grid") && i + 1 < argc) {
         if (!parse_xyz(argv[++i], grid)) {
            fprintf(stderr, "agx-sim-run: bad --grid %s\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(a, "--local") && i + 1 < argc) {
         if (!parse_xyz(argv[++i], local)) {
            fprintf(stderr, "agx-sim-run: bad --local %s\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(a, "--regs") && i + 1 < argc) {
         if (!parse_u64(argv[++i], &v) || v == 0 || v > 256 || (v & 7)) {
            fprintf(stderr, "agx-sim-run: --regs needs a multiple of 8 in 8..256\n");
            return 2;
         }
         regs = (unsigned)v;
      } else if (!strcmp(a, "--shared") && i + 1 < argc) {
         if (!parse_u64(argv[++i], &v) || v > AGX_SIM_LOCAL_MAX) {
            fprintf(stderr, "agx-sim-run: --shared needs 0..%u\n", AGX_SIM_LOCAL_MAX);
            return 2;
         }
         shared = (unsigned)v;
      } else if (!strcmp(a, "--mem") && i + 1 < argc) {
         const char *s = argv[++i];
         const char *eq = strchr(s, '=');
         char num[64];
         if (!eq || (size_t)(eq - s) >= sizeof(num) || nmems == 32) {
            fprintf(stderr, "agx-sim-run: bad --mem %s (ADDR=FILE)\n", s);
            return 2;
         }
         memcpy(num, s, (size_t)(eq - s));
         num[eq - s] = 0;
         if (!parse_u64(num, &v)) {
            fprintf(stderr, "agx-sim-run: bad --mem address %s\n", num);
            return 2;
         }
         mems[nmems].addr = v;
         mems[nmems++].path = eq + 1;
      } else if (!strcmp(a, "--budget") && i + 1 < argc) {
         if (!parse_u64(argv[++i], &budget)) {
            fprintf(stderr, "agx-sim-run: bad --budget %s\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(a, "--no-strict")) {
         strict = false;
      } else if (!strcmp(a, "--strict")) {
         strict = true;
      } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
         usage();
         return 0;
      } else if (a[0] == '-' && a[1] == '-') {
         fprintf(stderr, "agx-sim-run: unknown option %s\n", a);
         usage();
         return 2;
      } else if (!program) {
         program = a;
      } else {
         /* rN=, rNl=, rNh=, uN= */
         const char *eq = strchr(a, '=');
         char kind = a[0];
         char *end;
         unsigned long n = eq && (kind == 'r' || kind == 'u') ? strtoul(a + 1, &end, 10) : 0;
         uint32_t val;
         if (!eq || (kind != 'r' && kind != 'u') || end == a + 1 || !parse_value(eq + 1, &val)) {
            fprintf(stderr, "agx-sim-run: bad register assignment %s\n", a);
            return 2;
         }
         char half = (end < eq) ? *end : 0;
         if ((end < eq && (end + 1 != eq || (half != 'l' && half != 'h'))) ||
             (kind == 'r' && n >= 128) || (kind == 'u' && n >= 256) || (half && kind == 'u')) {
            fprintf(stderr, "agx-sim-run: bad register %.*s\n", (int)(eq - a), a);
            return 2;
         }
         if (kind == 'u') {
            d.uniforms[n] = val;
            d.uniform_def[(n * 2) >> 5] |= 3u << ((n * 2) & 31);
         } else if (half) {
            unsigned sh = half == 'h' ? 16 : 0;
            if (val > 0xFFFF) {
               fprintf(stderr, "agx-sim-run: %s does not fit 16 bits\n", a);
               return 2;
            }
            init_regs[n] = (init_regs[n] & ~(0xFFFFu << sh)) | (val << sh);
            init_def[n * 2 + (half == 'h')] = 1;
         } else {
            init_regs[n] = val;
            init_def[n * 2] = init_def[n * 2 + 1] = 1;
         }
      }
   }
   if (!program) {
      usage();
      return 2;
   }
   if (!local[0])
      memcpy(local, grid, sizeof(local));
   if ((uint64_t)local[0] * local[1] * local[2] > AGX_SIM_MAX_TG_THREADS) {
      fprintf(stderr, "agx-sim-run: threadgroup larger than %u threads\n", AGX_SIM_MAX_TG_THREADS);
      return 2;
   }

   size_t code_size = 0;
   uint8_t *code = read_file(program, &code_size);
   uint8_t *grown = code ? realloc(code, code_size + 2) : NULL;
   if (!grown) {
      fprintf(stderr, "agx-sim-run: cannot read %s\n", program);
      free(code);
      return 2;
   }
   code = grown;
   code[code_size++] = 0x88; /* stop */
   code[code_size++] = 0x00;
   if (!strict) {
      /* everything starts as 0 and counts as written */
      memset(init_def, 1, sizeof(init_def));
      for (unsigned i = 0; i < AGX_SIM_UNIFORM_HALVES / 32; i++)
         d.uniform_def[i] = 0xFFFFFFFFu;
   }

   struct agx_sim *sim = NULL;
   struct agx_sim_config cfg = {.chip = AGX_SIM_CHIP_T8103};
   if (agx_sim_create(&cfg, &sim)) {
      fprintf(stderr, "agx-sim-run: cannot create the simulator\n");
      free(code);
      return 2;
   }
   struct drm_asahi_vm_create vc = {.kernel_start = 0x7FFFFF8000ull - (32ull << 30),
                                    .kernel_end = 0x7FFFFF8000ull};
   int rc = 2;
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &vc) ||
       !map_bytes(sim, vc.vm_id, CODE_VA, code, code_size, false)) {
      fprintf(stderr, "agx-sim-run: cannot map the program\n");
      goto out;
   }
   for (unsigned i = 0; i < nmems; i++) {
      size_t sz = 0;
      void *data = read_file(mems[i].path, &sz);
      if (!data) {
         fprintf(stderr, "agx-sim-run: cannot read %s\n", mems[i].path);
         goto out;
      }
      bool ok = map_bytes(sim, vc.vm_id, mems[i].addr, data, sz, true);
      free(data);
      if (!ok) {
         fprintf(stderr,
                 "agx-sim-run: cannot map %s at 0x%" PRIx64 " (overlap or outside the VA range?)\n",
                 mems[i].path, mems[i].addr);
         goto out;
      }
   }

   struct agx_sim_vm *vm = agx_sim_vm_lookup(sim, vc.vm_id);
   if (!vm)
      goto out;
   struct agx_sim_gpu gpu;
   agx_sim_gpu_init(&gpu, vm, CODE_VA);
   gpu.cfg.strict = strict;
   gpu.cfg.budget = budget;
   gpu.cfg.threads = 1;
   for (unsigned i = 0; i < 3; i++) {
      d.global[i] = grid[i];
      d.local[i] = local[i];
      d.grid[i] = (grid[i] + local[i] - 1) / local[i];
   }
   d.code = CODE_VA;
   d.reg_halves = regs;
   d.local_bytes = shared;

   static uint32_t out_regs[128][AGX_SIM_LANES], scratch[128][AGX_SIM_LANES];
   agx_sim_vm_access_begin(vm);
   /* threadgroups in order; the first one's registers are printed */
   bool ok = true;
   uint32_t tg[3];
   for (tg[2] = 0; ok && tg[2] < d.grid[2]; tg[2]++)
      for (tg[1] = 0; ok && tg[1] < d.grid[1]; tg[1]++)
         for (tg[0] = 0; ok && tg[0] < d.grid[0]; tg[0]++)
            ok = agx_sim_gpu_run_single(&gpu, &d, tg, init_regs, init_def,
                                        (tg[0] | tg[1] | tg[2]) ? scratch : out_regs);
   agx_sim_vm_access_end(vm);
   if (!ok) {
      fprintf(stderr, "agx-sim-run: %s\n", gpu.status.msg);
      rc = 1;
   } else {
      for (unsigned r = 0; r < regs / 2; r++)
         printf("r%u=0x%08x\n", r, out_regs[r][lane]);
      rc = 0;
   }
   agx_sim_gpu_finish(&gpu);
   agx_sim_vm_unref(vm);
out:
   agx_sim_destroy(sim);
   free(code);
   return rc;
}
