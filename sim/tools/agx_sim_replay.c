/*
 * agx-sim-run --render CAPTURE [options]: replay a render command captured
 * with AGX_SIM_DUMP=DIR (agx_sim_dump.h) on a fresh simulated device, then
 * write parts of GPU memory as they are after the command:
 *   --out VA,SIZE=FILE           the raw bytes of [VA, VA + SIZE)
 *   --ppm VA,W,H,STRIDE=FILE     a binary PPM (P6) of a W x H surface with
 *                                STRIDE bytes per row at VA
 *   --decode                     first print the command as agx-decode does
 *                                (agx_decode_cmd_render: every UAPI field,
 *                                ZLS/PPP control words, BG/EOT word lists,
 *                                sampler heap, VDM and PPP streams), read
 *                                from the captured memory
 *   --no-run                     do not run it (with --decode: decode only)
 * Exit status: 0 success, 1 GPU error (reported on stderr; the outputs are
 * still written), 2 bad usage or input.
 *
 * Assumes: the VM is rebuilt from the capture (same kernel range, every
 * captured run as a BO of its own, bound at its VA with its permissions)
 * and the command runs like agx_sim_execute_render runs it (same USC base,
 * the AGX_SIM_* settings of the environment). --ppm reads linear 4-byte
 * pixels with R, G, B in bytes 0, 1, 2 (RGBA8 / sRGBA8 linear surfaces
 * only; GPU-tiled or other formats: use --out).
 */
#include "agx_sim_replay.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm-uapi/asahi_drm.h"

#include "agx_decode.h"
#include "agx_sim.h"
#include "agx_sim_dump.h"
#include "agx_sim_render.h"
#include "agx_sim_vm.h"

#define MAX_OUTS 16

struct output {
   bool ppm;
   uint64_t va, size, w, h, stride;
   const char *path;
};

/* "A,B,...=PATH" with n unsigned numbers */
static bool
parse_output(const char *s, unsigned n, uint64_t *v, const char **path)
{
   const char *eq = strchr(s, '=');
   if (!eq || !eq[1])
      return false;
   const char *p = s;
   for (unsigned i = 0; i < n; i++) {
      char *end;
      if (*p < '0' || *p > '9')
         return false;
      v[i] = strtoull(p, &end, 0);
      if (end == p || (i + 1 < n ? *end != ',' : end != eq))
         return false;
      p = end + 1;
   }
   *path = eq + 1;
   return true;
}

static bool
bind_run(struct agx_sim *sim, uint32_t vm_id, const struct agx_sim_dump_run *r, const uint8_t *data)
{
   uint64_t size = r->pages * AGX_SIM_PAGE_SIZE;
   struct drm_asahi_gem_create c = {.size = size};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &c))
      return false;
   struct drm_asahi_gem_mmap_offset m = {.handle = c.handle};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m))
      return false;
   int err = 0;
   uint8_t *map = agx_sim_mmap(sim, m.offset, size, &err);
   if (!map)
      return false;
   memcpy(map, data, size);
   agx_sim_munmap(sim, map, size);
   struct drm_asahi_gem_bind_op op = {
      .flags = ((r->perms & AGX_SIM_ACCESS_READ) ? DRM_ASAHI_BIND_READ : 0) |
               ((r->perms & AGX_SIM_ACCESS_WRITE) ? DRM_ASAHI_BIND_WRITE : 0),
      .handle = c.handle,
      .range = size,
      .addr = r->va,
   };
   struct drm_asahi_vm_bind b = {.vm_id = vm_id,
                                 .num_binds = 1,
                                 .stride = sizeof(op),
                                 .userptr = (uintptr_t)&op};
   return agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b) == 0;
}

static bool
write_output(struct agx_sim_vm *vm, const struct output *o)
{
   uint64_t size = o->ppm ? o->stride * o->h : o->size;
   uint8_t *buf = malloc(size ? size : 1);
   if (!buf || agx_sim_vm_read(vm, o->va, buf, size, NULL) != AGX_SIM_FAULT_NONE) {
      fprintf(stderr, "agx-sim-run: cannot read 0x%" PRIx64 "+0x%" PRIx64 " (unmapped?)\n", o->va,
              size);
      free(buf);
      return false;
   }
   FILE *f = fopen(o->path, "wb");
   bool ok = f != NULL;
   if (ok && o->ppm) {
      fprintf(f, "P6\n%" PRIu64 " %" PRIu64 "\n255\n", o->w, o->h);
      for (uint64_t y = 0; ok && y < o->h; y++)
         for (uint64_t x = 0; ok && x < o->w; x++)
            ok = fwrite(buf + y * o->stride + x * 4, 3, 1, f) == 1;
   } else if (ok) {
      ok = fwrite(buf, 1, size, f) == size;
   }
   if (f && fclose(f))
      ok = false;
   if (!ok)
      fprintf(stderr, "agx-sim-run: cannot write %s\n", o->path);
   free(buf);
   return ok;
}

/* agx_decode_read_fn over the captured pages (before the command ran). */
static bool
capture_read(void *user, uint64_t va, void *dst, size_t size)
{
   const struct agx_sim_dump *d = user;
   uint8_t *out = dst;
   while (size) {
      bool found = false;
      for (uint32_t i = 0; i < d->h.nruns && !found; i++) {
         const struct agx_sim_dump_run *r = &d->runs[i];
         uint64_t end = r->va + r->pages * AGX_SIM_PAGE_SIZE;
         if (va < r->va || va >= end)
            continue;
         size_t n = end - va < size ? (size_t)(end - va) : size;
         memcpy(out, d->data[i] + (va - r->va), n);
         out += n, va += n, size -= n;
         found = true;
      }
      if (!found)
         return false;
   }
   return true;
}

/* --decode: the command as agx-decode prints it; false if the decoder
 * reported problems. */
static bool
decode(const struct agx_sim_dump *d)
{
   struct agx_decode_ctx ctx = {
      .fp = stdout,
      .read = capture_read,
      .user = (void *)d,
      .usc_base = d->h.usc_exec_base,
      /* the G14X CDM word only matters to compute streams */
   };
   agx_decode_cmd_render(&ctx, &d->cmd);
   fflush(stdout);
   if (ctx.errors)
      fprintf(stderr, "agx-sim-run: %u problems decoding the captured command\n", ctx.errors);
   return ctx.errors == 0;
}

static int
replay(const struct agx_sim_dump *d, const struct output *outs, unsigned nouts)
{
   struct agx_sim *sim = NULL;
   struct agx_sim_config cfg = {.chip = (enum agx_sim_chip)d->h.chip};
   if (agx_sim_create(&cfg, &sim)) {
      fprintf(stderr, "agx-sim-run: cannot create a simulator for chip %u\n", d->h.chip);
      return 2;
   }
   int rc = 2;
   struct drm_asahi_vm_create vc = {.kernel_start = d->h.kernel_start,
                                    .kernel_end = d->h.kernel_end};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &vc)) {
      fprintf(stderr, "agx-sim-run: the capture's VM kernel range is invalid\n");
      goto out;
   }
   for (uint32_t i = 0; i < d->h.nruns; i++) {
      if (!bind_run(sim, vc.vm_id, &d->runs[i], d->data[i])) {
         fprintf(stderr, "agx-sim-run: cannot map the captured run at 0x%" PRIx64 "\n",
                 d->runs[i].va);
         goto out;
      }
   }
   struct agx_sim_vm *vm = agx_sim_vm_lookup(sim, vc.vm_id);
   if (!vm)
      goto out;
   struct agx_sim_gpu gpu;
   agx_sim_gpu_init(&gpu, vm, d->h.usc_exec_base);
   agx_sim_vm_access_begin(vm);
   bool ok = agx_sim_render_run(&gpu, &d->cmd, NULL, NULL);
   agx_sim_vm_access_end(vm);
   if (!ok)
      fprintf(stderr, "agx-sim-run: render command failed: %s\n", gpu.status.msg);
   agx_sim_gpu_finish(&gpu);
   rc = ok ? 0 : 1;
   for (unsigned i = 0; i < nouts; i++)
      if (!write_output(vm, &outs[i]))
         rc = 2;
   agx_sim_vm_unref(vm);
out:
   agx_sim_destroy(sim);
   return rc;
}

int
agx_sim_replay_main(int argc, char **argv)
{
   const char *capture = NULL;
   bool want_decode = false, run = true;
   struct output outs[MAX_OUTS];
   unsigned nouts = 0;
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      uint64_t v[4];
      const char *path = NULL;
      if (!strcmp(a, "--render") && i + 1 < argc && !capture) {
         capture = argv[++i];
      } else if (!strcmp(a, "--decode")) {
         want_decode = true;
      } else if (!strcmp(a, "--no-run")) {
         run = false;
      } else if (!strcmp(a, "--out") && i + 1 < argc && nouts < MAX_OUTS &&
                 parse_output(argv[i + 1], 2, v, &path)) {
         outs[nouts++] = (struct output){.va = v[0], .size = v[1], .path = path};
         i++;
      } else if (!strcmp(a, "--ppm") && i + 1 < argc && nouts < MAX_OUTS &&
                 parse_output(argv[i + 1], 4, v, &path) && v[1] && v[2] && v[3] >= v[1] * 4 &&
                 v[2] <= (1u << 16) && v[3] <= (1u << 24)) {
         outs[nouts++] = (struct output){.ppm = true,
                                         .va = v[0],
                                         .w = v[1],
                                         .h = v[2],
                                         .stride = v[3],
                                         .path = path};
         i++;
      } else {
         fprintf(stderr,
                 "agx-sim-run: bad --render argument %s\n"
                 "usage: agx-sim-run --render CAPTURE [--decode] [--no-run]\n"
                 "                   [--out VA,SIZE=FILE]... [--ppm VA,W,H,STRIDE=FILE]...\n",
                 a);
         return 2;
      }
   }
   for (unsigned i = 0; i < nouts; i++) {
      if (!outs[i].ppm && (outs[i].size == 0 || outs[i].size > (1ull << 32))) {
         fprintf(stderr, "agx-sim-run: --out SIZE must be 1..4 GiB\n");
         return 2;
      }
   }
   char err[512];
   struct agx_sim_dump *d = capture ? agx_sim_dump_read(capture, err, sizeof(err)) : NULL;
   if (!d) {
      fprintf(stderr, "agx-sim-run: %s\n", capture ? err : "--render needs a capture file");
      return 2;
   }
   int rc = 0;
   if (want_decode && !decode(d))
      rc = 1;
   if (run) {
      int r = replay(d, outs, nouts);
      rc = r > rc ? r : rc;
   }
   agx_sim_dump_free(d);
   return rc;
}
