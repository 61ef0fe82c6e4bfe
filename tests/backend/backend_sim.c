/* See backend_sim.h. Drives the GPU model the way agx-sim-run does (a VM
 * with BOs bound at fixed addresses, agx_sim_gpu_dispatch in strict mode),
 * so reads of unwritten registers, missing waits and divergent barriers
 * are reported as errors. A program that spills gets a scratch buffer
 * (cl_kernels/helper/agx_helper_layout.h, one core) and the helper program
 * maps its stacks, as on hardware. */
#include "backend_sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm-uapi/asahi_drm.h"

#include "agx_sim.h"
#include "agx_helper_layout.h"
#include "agx_helper_program.h"
#include "agx_pack.h"
#include "agx_sim_gpu.h"
#include "agx_sim_helper.h"
#include "agx_sim_vm.h"

#define CODE_VA 0x7000000000ull
#define HELPER_USC_OFF 0x1000000ull /* helper code + USC words, from CODE_VA */
#define SCRATCH_VA 0x7100000000ull
#define SCRATCH_SUBGROUPS 64
#define PAGE 16384ull

static uint8_t *
map_bo(struct agx_sim *sim, uint32_t vm_id, uint64_t va, size_t size, size_t *map_size)
{
   uint64_t len = (size + PAGE - 1) & ~(PAGE - 1);
   if (!len)
      len = PAGE;
   struct drm_asahi_gem_create c = {.size = len};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &c))
      return NULL;
   struct drm_asahi_gem_mmap_offset m = {.handle = c.handle};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m))
      return NULL;
   int err = 0;
   uint8_t *map = agx_sim_mmap(sim, m.offset, len, &err);
   if (!map)
      return NULL;
   struct drm_asahi_gem_bind_op op = {.flags = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE,
                                      .handle = c.handle,
                                      .offset = 0,
                                      .range = len,
                                      .addr = va};
   struct drm_asahi_vm_bind b = {.vm_id = vm_id,
                                 .num_binds = 1,
                                 .stride = sizeof(op),
                                 .userptr = (uintptr_t)&op};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b)) {
      agx_sim_munmap(sim, map, len);
      return NULL;
   }
   *map_size = len;
   return map;
}

int
bsim_run(const struct bsim_program *r, const void *uniforms, size_t uniform_size,
         struct bsim_buffer *bufs, unsigned nbufs, const uint32_t groups[3],
         struct bsim_stats *stats, char *err, size_t errsize)
{
   struct agx_sim *sim = NULL;
   struct agx_sim_config cfg = {.chip = AGX_SIM_CHIP_T8103};
   if (agx_sim_create(&cfg, &sim)) {
      snprintf(err, errsize, "cannot create the simulator");
      return -1;
   }
   int rc = -1;
   uint8_t *maps[35] = {0};
   size_t sizes[35] = {0};
   uint32_t helper_binary = 0;
   static struct agx_sim_dispatch d;
   struct drm_asahi_vm_create vc = {.kernel_start = 0x7FFFFF8000ull - (32ull << 30),
                                    .kernel_end = 0x7FFFFF8000ull};
   if (nbufs > 32 || agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &vc)) {
      snprintf(err, errsize, "cannot create a VM");
      goto out;
   }
   /* the preamble follows the main program, 256-byte aligned (Mesa pads
    * each program of a shader binary to 0x100) */
   size_t pre_off = (r->size + 255) & ~(size_t)255;
   size_t code_size = r->preamble_size ? pre_off + r->preamble_size : r->size;
   maps[32] = map_bo(sim, vc.vm_id, CODE_VA, code_size, &sizes[32]);
   if (!maps[32]) {
      snprintf(err, errsize, "cannot map the code");
      goto out;
   }
   memcpy(maps[32], r->code, r->size);
   if (r->preamble_size)
      memcpy(maps[32] + pre_off, r->preamble, r->preamble_size);
   for (unsigned i = 0; i < nbufs; i++) {
      maps[i] = map_bo(sim, vc.vm_id, bufs[i].address, bufs[i].size, &sizes[i]);
      if (!maps[i]) {
         snprintf(err, errsize, "cannot map buffer %u", i);
         goto out;
      }
      memcpy(maps[i], bufs[i].data, bufs[i].size);
   }
   if (r->scratch_size) {
      /* helper program, then its USC word list (Shader, Registers) */
      size_t hsize = (sizeof(agx_helper_program) + 63) & ~(size_t)63;
      maps[33] = map_bo(sim, vc.vm_id, CODE_VA + HELPER_USC_OFF, hsize + 64, &sizes[33]);
      struct agx_helper_buffer sb = agx_helper_buffer_layout(1, SCRATCH_SUBGROUPS, r->scratch_size);
      maps[34] = r->scratch_size <= AGX_HELPER_MAX_STACK_BYTES
                    ? map_bo(sim, vc.vm_id, SCRATCH_VA, sb.size, &sizes[34])
                    : NULL;
      if (!maps[33] || !maps[34]) {
         snprintf(err, errsize, "cannot map the scratch buffer (%u bytes per thread)",
                  r->scratch_size);
         goto out;
      }
      memcpy(maps[33], agx_helper_program, sizeof(agx_helper_program));
      uint8_t *w = maps[33] + hsize;
      agx_pack(w, USC_SHADER, cfg) {
         cfg.code = HELPER_USC_OFF;
      }
      agx_pack(w + 6, USC_REGISTERS, cfg) {
         cfg.register_count = 64;
      }
      agx_pack(w + 10, USC_NO_PRESHADER, cfg)
         ;
      uint8_t present[AGX_HELPER_MAX_CORES] = {1};
      agx_helper_buffer_fill(&sb, maps[34], SCRATCH_VA, present);
      helper_binary = (uint32_t)(HELPER_USC_OFF + hsize) | 1;
   }
   memset(&d, 0, sizeof(d));
   size_t words = uniform_size / 4 < 256 ? uniform_size / 4 : 256;
   memcpy(d.uniforms, uniforms, words * 4);
   for (unsigned h = 0; h < words * 2; h++)
      d.uniform_def[h / 32] |= 1u << (h % 32);
   for (unsigned i = 0; i < 3; i++) {
      d.local[i] = r->local_size[i] ? r->local_size[i] : 1;
      d.grid[i] = groups[i];
      d.global[i] = groups[i] * d.local[i];
   }
   d.code = CODE_VA;
   d.reg_halves = r->gpr_halves;
   if (r->preamble_size) {
      d.preamble = CODE_VA + pre_off;
      d.preamble_halves = r->preamble_gpr_halves;
   }
   d.local_bytes = r->shared_size;
   if (r->sampler_state0)
      memcpy(d.samplers[0], r->sampler_state0, 8);
   d.sampler_heap = r->sampler_heap;
   d.sampler_count = r->sampler_count;
   d.spill_size = agx_helper_spill_size(r->scratch_size);

   struct agx_sim_vm *vm = agx_sim_vm_lookup(sim, vc.vm_id);
   if (!vm) {
      snprintf(err, errsize, "no VM");
      goto out;
   }
   struct agx_sim_gpu gpu;
   agx_sim_gpu_init(&gpu, vm, CODE_VA);
   gpu.cfg.strict = true;
   gpu.cfg.threads = 1;
   gpu.cfg.budget = 200000000;
   bool oom = false;
   gpu.helper = agx_sim_helper_create(helper_binary, 0, SCRATCH_VA, &oom);
   agx_sim_vm_access_begin(vm);
   bool ok = !oom && agx_sim_gpu_dispatch(&gpu, &d);
   ok = agx_sim_helper_finish(&gpu, gpu.helper) && ok;
   agx_sim_vm_access_end(vm);
   if (!ok) {
      snprintf(err, errsize, "%s", gpu.status.msg);
   } else {
      for (unsigned i = 0; i < nbufs; i++)
         memcpy(bufs[i].data, maps[i], bufs[i].size);
      if (stats) {
         stats->sg_insns = gpu.sg_insns;
         stats->thread_insns = gpu.thread_insns;
      }
      rc = 0;
   }
   agx_sim_gpu_finish(&gpu);
   agx_sim_vm_unref(vm);
out:
   for (unsigned i = 0; i < 35; i++)
      if (maps[i])
         agx_sim_munmap(sim, maps[i], sizes[i]);
   agx_sim_destroy(sim);
   return rc;
}
