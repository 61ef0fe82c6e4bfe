/*
 * What GET_PARAMS reports for each simulated SoC.
 *
 * Sources: chip ids, generations and variants as Mesa's agx_device.c
 * decodes them; core counts of the shipped M1 (8 GPU cores) and M2 (10);
 * VA window, kernel minimum, command and timestamp limits as the asahi
 * kernel driver (drivers/gpu/drm/asahi, file.rs / mmu.rs) fills
 * drm_asahi_params_global:
 *   vm_start = one 16 KiB page, vm_end = 2^39 - 2 pages (0x7FFFFF8000),
 *   vm_kernel_min_size = 0x20000000 (512 MiB),
 *   max_commands_per_submission = 64,
 *   command_timestamp_frequency_hz = 1e9 ("user timestamps always in
 *   nanoseconds": the kernel converts the 24 MHz SoC timebase to ns).
 * max_attachments = 64 is the value our brief asked for; the kernel's
 * microseq::MAX_ATTACHMENTS constant was not verified.
 * gpu_revision 0x11 (B1) for M1 and the maximum clocks are the commonly
 * reported values for retail parts, not read from hardware here; the M2
 * revision (0x11 as well) is a placeholder that was not verified.
 * features = 0: no soft faults, so any access to unmapped VA faults.
 */
#include "agx_sim_priv.h"

#include <string.h>

struct agx_sim_chip_desc {
   uint32_t gpu_generation;
   char gpu_variant;
   uint32_t gpu_revision;
   uint32_t chip_id;
   uint32_t num_cores;
   uint32_t max_frequency_khz;
};

static const struct agx_sim_chip_desc agx_sim_chips[] = {
   [AGX_SIM_CHIP_T8103] = {13, 'G', 0x11, 0x8103, 8, 1278000},
   [AGX_SIM_CHIP_T8112] = {14, 'G', 0x11, 0x8112, 10, 1398000},
};

bool
agx_sim_chip_params(enum agx_sim_chip chip, struct drm_asahi_params_global *p)
{
   if ((unsigned)chip >= sizeof(agx_sim_chips) / sizeof(agx_sim_chips[0]))
      return false;

   const struct agx_sim_chip_desc *d = &agx_sim_chips[chip];
   memset(p, 0, sizeof(*p));
   p->features = 0;
   p->gpu_generation = d->gpu_generation;
   p->gpu_variant = (uint32_t)d->gpu_variant;
   p->gpu_revision = d->gpu_revision;
   p->chip_id = d->chip_id;
   p->num_dies = 1;
   p->num_clusters_total = 1;
   p->num_cores_per_cluster = d->num_cores;
   p->max_frequency_khz = d->max_frequency_khz;
   p->core_masks[0] = (1ull << d->num_cores) - 1;
   p->vm_start = 0x4000;
   p->vm_end = 0x7FFFFF8000ull;
   p->vm_kernel_min_size = 0x20000000ull;
   p->max_commands_per_submission = 64;
   p->max_attachments = 64;
   p->command_timestamp_frequency_hz = 1000000000ull;
   return true;
}
