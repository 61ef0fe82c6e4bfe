/*
 * Jobs and hardware-command execution of the simulated GPU.
 *
 * Assumes: SUBMIT (agx_sim_submit.c) has fully validated a job before it
 * reaches a queue worker (agx_sim_queue.c); the worker waits the job's
 * in-fences, runs its hardware commands in submission order, then signals
 * the job's fence. Running every command of a queue in order satisfies any
 * barrier the submit could express (render and compute subqueues run
 * concurrently on hardware; a serial order is one valid schedule).
 */
#ifndef AGX_SIM_EXEC_H
#define AGX_SIM_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_sim_priv.h"

struct agx_sim_fence;
struct agx_sim_vm;

/* A timestamp write target resolved at submit time (bo NULL = skip). */
struct agx_sim_ts_target {
   struct agx_sim_bo *bo; /* owned reference */
   uint64_t offset;       /* byte offset of the u64 inside the BO */
};

/* A run of attachments inside the job's attachment array. */
struct agx_sim_attachment_set {
   uint32_t start, count;
};

struct agx_sim_cmd {
   uint16_t type; /* DRM_ASAHI_CMD_RENDER or DRM_ASAHI_CMD_COMPUTE */
   uint16_t vdm_barrier, cdm_barrier;
   /* The payload, zero-extended to the kernel's struct size. */
   struct drm_asahi_cmd_render render;
   struct drm_asahi_cmd_compute compute;
   /* Attachment hints in force for this command (render: vertex and
    * fragment; compute: compute in sets[0]). */
   struct agx_sim_attachment_set sets[2];
   /* Render: vtx start/end, frag start/end. Compute: start/end in [0..1]. */
   struct agx_sim_ts_target ts[4];
};

struct agx_sim_job {
   struct agx_sim_job *next;
   uint32_t num_in_fences;
   struct agx_sim_fence **in_fences; /* owned references */
   struct agx_sim_fence *done;       /* signalled after the last command */
   uint32_t num_cmds;
   struct agx_sim_cmd *cmds;
   uint32_t num_attachments;
   struct drm_asahi_attachment *attachments;
};

/* What one hardware command sees while it executes. */
struct agx_sim_exec_ctx {
   struct agx_sim *sim;
   struct agx_sim_vm *vm;
   uint64_t usc_exec_base;
   const struct agx_sim_job *job;
};

/*
 * Execute one hardware command; 0 or the -errno the job fails with (-EIO
 * for a GPU fault / illegal instruction / fidelity error, -ETIMEDOUT when
 * the instruction budget runs out). Compute commands run their CDM
 * control stream on the GPU model (dm/agx_sim_cdm.c); render commands are
 * only recorded so far (VDM execution is a later issue).
 */
int agx_sim_execute_render(const struct agx_sim_exec_ctx *ctx, const struct agx_sim_cmd *cmd);
int agx_sim_execute_compute(const struct agx_sim_exec_ctx *ctx, const struct agx_sim_cmd *cmd);

/* Run every command of a job, writing its timestamps (worker thread).
 * Returns the first command error (0 if none). */
int agx_sim_job_run(const struct agx_sim_exec_ctx *ctx);
void agx_sim_job_free(struct agx_sim *sim, struct agx_sim_job *job);

/* ---- test hooks (sim-internal; used by tests/sim only) ------------------ */

/* Hardware commands executed so far on this device. */
uint64_t agx_sim_test_executed(struct agx_sim *sim, uint16_t cmd_type);

/*
 * Execution log: for each executed command, its control-stream base
 * (cdm_ctrl_stream_base or vdm_ctrl_stream_base), in execution order.
 * Returns how many entries exist (only the first AGX_SIM_TEST_LOG_SIZE are
 * stored).
 */
#define AGX_SIM_TEST_LOG_SIZE 64
uint32_t agx_sim_test_log(struct agx_sim *sim, uint64_t *out, uint32_t max);

/* GPU errors so far, and the report of the latest (NUL-terminated, may be
 * empty). */
uint64_t agx_sim_test_gpu_errors(struct agx_sim *sim, char *msg, size_t size);

/* Simulated thread-instructions executed on this device so far. */
uint64_t agx_sim_test_thread_insns(struct agx_sim *sim);

/* While the gate is closed, workers hold jobs before executing them, so
 * tests can observe "submitted but not yet signalled" states. */
void agx_sim_test_gate(struct agx_sim *sim, bool closed);

#endif
