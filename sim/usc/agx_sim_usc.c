/*
 * The shader-core interface of agx_sim_usc.h: USC states from word lists,
 * compute grids, memory reads and error reports for the data masters.
 *
 * Assumes: callers hold the VM access lock for the command (agx_sim_usc.h);
 * a data master has no SIMD-group of its own, so its reads and errors go
 * through a worker with no program (no PC in the report).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_sim_gpu.h"
#include "agx_sim_helper.h"
#include "agx_sim_image.h"

static void
control_worker(struct agx_sim_worker *w, struct agx_sim_gpu *gpu)
{
   memset(w, 0, sizeof(*w));
   w->gpu = gpu;
}

bool
agx_sim_usc_read(struct agx_sim_gpu *gpu, uint64_t va, void *dst, size_t size)
{
   struct agx_sim_worker w;
   control_worker(&w, gpu);
   bool ok = agx_sim_read_gpu(&w, va, dst, size);
   gpu->mem_read += w.mem_read;
   return ok;
}

bool
agx_sim_usc_write(struct agx_sim_gpu *gpu, uint64_t va, const void *src, size_t size)
{
   const uint8_t *in = src;
   size_t done = 0;
   while (done < size) {
      size_t contig = 0;
      struct agx_sim_fault f = {0};
      uint8_t *dst = agx_sim_vm_translate(gpu->vm, va + done, AGX_SIM_ACCESS_WRITE, &contig, &f);
      if (!dst) {
         agx_sim_usc_error(gpu, AGX_SIM_GPU_FAULT, f.addr, "%s write fault at 0x%llx",
                           f.type == AGX_SIM_FAULT_PERMISSION ? "permission" : "unmapped",
                           (unsigned long long)f.addr);
         return false;
      }
      size_t n = size - done < contig ? size - done : contig;
      memcpy(dst, in + done, n);
      done += n;
   }
   gpu->mem_write += size;
   return true;
}

bool
agx_sim_usc_access_for(struct agx_sim_gpu *gpu, uint64_t va, void *buf, size_t size, bool write,
                       const char *fmt, ...)
{
   uint8_t *p = buf;
   for (size_t done = 0; done < size;) {
      size_t contig = 0;
      struct agx_sim_fault f = {0};
      uint8_t *m = agx_sim_vm_translate(
         gpu->vm, va + done, write ? AGX_SIM_ACCESS_WRITE : AGX_SIM_ACCESS_READ, &contig, &f);
      if (!m) {
         char what[160];
         va_list ap;
         va_start(ap, fmt);
         vsnprintf(what, sizeof(what), fmt, ap);
         va_end(ap);
         agx_sim_usc_error(gpu, AGX_SIM_GPU_FAULT, f.addr, "%s: %s %s fault at 0x%llx", what,
                           f.type == AGX_SIM_FAULT_PERMISSION ? "permission" : "unmapped",
                           write ? "write" : "read", (unsigned long long)f.addr);
         return false;
      }
      size_t n = contig < size - done ? contig : size - done;
      if (write)
         memcpy(m, p + done, n);
      else
         memcpy(p + done, m, n);
      done += n;
   }
   if (write)
      gpu->mem_write += size;
   else
      gpu->mem_read += size;
   return true;
}

uint64_t
agx_sim_usc_surface_address(uint64_t base, uint32_t width, uint32_t height, unsigned bytes,
                            unsigned samples, uint64_t layer_stride, uint32_t x, uint32_t y,
                            uint32_t layer, unsigned s)
{
   struct agx_sim_image img;
   agx_sim_image_tiled_surface(&img, base, width, height, bytes, samples, layer_stride);
   return agx_sim_image_texel_address(&img, 0, x, y, layer, s);
}

void
agx_sim_usc_error(struct agx_sim_gpu *gpu, enum agx_sim_gpu_error e, uint64_t addr, const char *fmt,
                  ...)
{
   char what[256];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(what, sizeof(what), fmt, ap);
   va_end(ap);
   struct agx_sim_worker w;
   control_worker(&w, gpu);
   agx_sim_gpu_error(&w, e, NULL, addr, "%s", what);
}

bool
agx_sim_usc_helper_begin(struct agx_sim_gpu *gpu, uint32_t binary, uint32_t cfg, uint64_t data)
{
   bool oom;
   gpu->helper = agx_sim_helper_create(binary, cfg, data, &oom);
   if (oom) {
      agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, 0, "out of host memory");
      return false;
   }
   return true;
}

bool
agx_sim_usc_helper_end(struct agx_sim_gpu *gpu)
{
   bool ok = agx_sim_helper_finish(gpu, gpu->helper);
   gpu->helper = NULL;
   return ok;
}

struct agx_sim_dispatch *
agx_sim_usc_state_create(struct agx_sim_gpu *gpu, uint64_t pipeline_va, unsigned preamble_halves,
                         uint64_t sampler_heap, uint32_t sampler_count)
{
   struct agx_sim_dispatch *d = calloc(1, sizeof(*d));
   if (!d) {
      agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, 0, "out of host memory");
      return NULL;
   }
   d->sampler_heap = sampler_heap;
   d->sampler_count = sampler_count;
   d->preamble_halves = preamble_halves;
   struct agx_sim_worker w;
   control_worker(&w, gpu);
   if (!agx_sim_usc_apply(&w, d, pipeline_va)) {
      free(d);
      return NULL;
   }
   return d;
}

void
agx_sim_usc_state_destroy(struct agx_sim_dispatch *d)
{
   if (!d)
      return;
   agx_sim_batch_worker_free(d);
   free(d);
}

void
agx_sim_usc_state_info(const struct agx_sim_dispatch *d, struct agx_sim_usc_info *info)
{
   info->fragment_properties = d->frag_props;
   info->early_z = d->early_z;
}

bool
agx_sim_usc_run_grid(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d, const uint32_t global[3],
                     const uint32_t local[3])
{
   uint64_t threads = (uint64_t)local[0] * local[1] * local[2];
   if (threads == 0 || threads > AGX_SIM_MAX_TG_THREADS) {
      agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, 0, "threadgroup of %u x %u x %u threads",
                        local[0], local[1], local[2]);
      return false;
   }
   for (unsigned i = 0; i < 3; i++) {
      d->global[i] = global[i];
      d->local[i] = local[i];
      d->grid[i] = (uint32_t)(((uint64_t)global[i] + local[i] - 1) / local[i]);
   }
   return agx_sim_gpu_dispatch(gpu, d);
}
