/*
 * The compute data master: walks a CDM control stream and runs its
 * launches (agx_sim_cdm.c) on the shader core through usc/agx_sim_usc.h.
 *
 * Assumes: the caller holds agx_sim_vm_access_begin() on the VM for the
 * whole command, so GPU memory can be translated directly.
 */
#ifndef AGX_SIM_CDM_H
#define AGX_SIM_CDM_H

#include "agx_sim_usc.h"

/* What the command supplies besides the stream (drm_asahi_cmd_compute). */
struct agx_sim_cdm_cmd {
   uint64_t stream_base, stream_end;
   uint64_t sampler_heap;
   uint32_t sampler_count;
   /* drm_asahi_helper_program: binary 0 = none (agx_sim_helper.h) */
   uint32_t helper_binary, helper_cfg;
   uint64_t helper_data;
   bool g14x; /* multi-cluster G14 parts carry an extra launch word */
};

/* Run the stream. false on a fault / error (gpu->status). */
bool agx_sim_cdm_run(struct agx_sim_gpu *gpu, const struct agx_sim_cdm_cmd *cmd);

#endif
