/*
 * Running a job's hardware commands, timestamp writes, and the test hooks.
 *
 * Assumes: the job was validated by SUBMIT and its in-fences have
 * signalled. Timestamps are written as the kernel/firmware does, straight
 * into the bound timestamp buffer (not through the VM), as u64 nanoseconds
 * (command_timestamp_frequency_hz = 1e9).
 */
#include "agx_sim_exec.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agx_sim_cdm.h"
#include "agx_sim_dump.h"
#include "agx_sim_render.h"
#include "agx_sim_fence.h"
#include "agx_sim_vm.h"

static void
log_command(struct agx_sim *sim, uint16_t type, uint64_t tag)
{
   pthread_mutex_lock(&sim->test_lock);
   if (type == DRM_ASAHI_CMD_RENDER)
      sim->executed_render++;
   else
      sim->executed_compute++;
   if (sim->log_count < AGX_SIM_TEST_LOG_SIZE)
      sim->log[sim->log_count] = tag;
   sim->log_count++;
   pthread_mutex_unlock(&sim->test_lock);
}

/* Account a finished command's instructions and error (kernel-style). */
static int
command_result(struct agx_sim *sim, struct agx_sim_gpu *gpu, bool ok, const char *what)
{
   int err = 0;
   pthread_mutex_lock(&sim->test_lock);
   sim->thread_insns += gpu->thread_insns;
   if (sim->stats) {
      fprintf(sim->stats,
              "agx-sim-stats: %s thread_insns=%" PRIu64 " simd_insns=%" PRIu64
              " bytes_read=%" PRIu64 " bytes_written=%" PRIu64 " ok=%d\n",
              what, gpu->thread_insns, gpu->sg_insns, gpu->mem_read, gpu->mem_write, ok ? 1 : 0);
      fflush(sim->stats);
   }
   if (!ok) {
      err = gpu->status.error == AGX_SIM_GPU_TIMEOUT ? -ETIMEDOUT : -EIO;
      sim->gpu_errors++;
      snprintf(sim->last_error, sizeof(sim->last_error), "%s", gpu->status.msg);
   }
   pthread_mutex_unlock(&sim->test_lock);
   if (!ok)
      /* the kernel logs GPU faults to dmesg; the simulator to stderr */
      fprintf(stderr, "agx-sim: %s command failed: %s\n", what, gpu->status.msg);
   agx_sim_gpu_finish(gpu);
   return err;
}

/* AGX_SIM_DUMP: capture the command and the VM as the command finds them,
 * as DIR/render-PID-SEQ.agxdump (SEQ counts the process's captures). A
 * failed capture is reported and the command still runs. */
static void
capture_render(const struct agx_sim_exec_ctx *ctx, const struct drm_asahi_cmd_render *cmd)
{
   static atomic_uint seq;
   char path[4096], err[256];
   snprintf(path, sizeof(path), "%s/render-%u-%06u.agxdump", ctx->sim->dump_dir, (unsigned)getpid(),
            atomic_fetch_add(&seq, 1));
   if (!agx_sim_dump_write(path, ctx->vm, (uint32_t)ctx->sim->config.chip, ctx->usc_exec_base, cmd,
                           err, sizeof(err)))
      fprintf(stderr, "agx-sim: render capture failed: %s\n", err);
}

static void write_timestamp(const struct agx_sim_ts_target *t);

/* Between the render phases: ts_vtx.end, then ts_frag.start. */
static void
render_phase_boundary(void *user)
{
   const struct agx_sim_cmd *cmd = user;
   write_timestamp(&cmd->ts[1]);
   write_timestamp(&cmd->ts[2]);
}

int
agx_sim_execute_render(const struct agx_sim_exec_ctx *ctx, const struct agx_sim_cmd *cmd)
{
   log_command(ctx->sim, DRM_ASAHI_CMD_RENDER, cmd->render.vdm_ctrl_stream_base);
   struct agx_sim_gpu gpu;
   agx_sim_gpu_init(&gpu, ctx->vm, ctx->usc_exec_base);
   agx_sim_vm_access_begin(ctx->vm);
   if (ctx->sim->dump_dir)
      capture_render(ctx, &cmd->render);
   bool ok = agx_sim_render_run(&gpu, &cmd->render, render_phase_boundary, (void *)cmd);
   agx_sim_vm_access_end(ctx->vm);
   return command_result(ctx->sim, &gpu, ok, "render");
}

int
agx_sim_execute_compute(const struct agx_sim_exec_ctx *ctx, const struct agx_sim_cmd *cmd)
{
   struct agx_sim *sim = ctx->sim;
   log_command(sim, DRM_ASAHI_CMD_COMPUTE, cmd->compute.cdm_ctrl_stream_base);

   struct agx_sim_gpu gpu;
   agx_sim_gpu_init(&gpu, ctx->vm, ctx->usc_exec_base);
   gpu.stats = sim->stats;
   struct agx_sim_cdm_cmd c = {
      .stream_base = cmd->compute.cdm_ctrl_stream_base,
      .stream_end = cmd->compute.cdm_ctrl_stream_end,
      .sampler_heap = cmd->compute.sampler_heap,
      .sampler_count = cmd->compute.sampler_count,
      .helper_binary = cmd->compute.helper.binary,
      .helper_cfg = cmd->compute.helper.cfg,
      .helper_data = cmd->compute.helper.data,
      /* the simulated chips (G13G, G14G) are single-cluster */
      .g14x = false,
   };
   /* The whole command sees one consistent page table (binds wait). */
   agx_sim_vm_access_begin(ctx->vm);
   bool ok = agx_sim_cdm_run(&gpu, &c);
   agx_sim_vm_access_end(ctx->vm);

   return command_result(sim, &gpu, ok, "compute");
}

static void
write_timestamp(const struct agx_sim_ts_target *t)
{
   if (!t->bo)
      return;
   uint64_t now = agx_sim_now_ns();
   memcpy(t->bo->map + t->offset, &now, sizeof(now));
}

int
agx_sim_job_run(const struct agx_sim_exec_ctx *ctx)
{
   struct agx_sim *sim = ctx->sim;

   pthread_mutex_lock(&sim->test_lock);
   while (sim->gate_closed)
      pthread_cond_wait(&sim->test_cond, &sim->test_lock);
   pthread_mutex_unlock(&sim->test_lock);

   /* Like the firmware, which keeps running the queue's other work items
    * after recovering from a fault, every command runs; the job's fence
    * carries the first error. */
   int err = 0;
   for (uint32_t i = 0; i < ctx->job->num_cmds; i++) {
      int e;
      const struct agx_sim_cmd *cmd = &ctx->job->cmds[i];
      if (cmd->type == DRM_ASAHI_CMD_RENDER) {
         /* ts_vtx.start, the vertex phase, ts_vtx.end and ts_frag.start
          * (render_phase_boundary), the fragment phase, ts_frag.end */
         write_timestamp(&cmd->ts[0]);
         e = agx_sim_execute_render(ctx, cmd);
         write_timestamp(&cmd->ts[3]);
      } else {
         write_timestamp(&cmd->ts[0]);
         e = agx_sim_execute_compute(ctx, cmd);
         write_timestamp(&cmd->ts[1]);
      }
      if (!err)
         err = e;
   }
   return err;
}

void
agx_sim_job_free(struct agx_sim *sim, struct agx_sim_job *job)
{
   if (!job)
      return;
   pthread_mutex_lock(&sim->sync_lock);
   for (uint32_t i = 0; i < job->num_in_fences; i++)
      agx_sim_fence_unref(job->in_fences[i]);
   agx_sim_fence_unref(job->done);
   pthread_mutex_unlock(&sim->sync_lock);
   for (uint32_t i = 0; i < job->num_cmds; i++) {
      for (unsigned t = 0; t < 4; t++)
         agx_sim_bo_unref(job->cmds[i].ts[t].bo);
   }
   free(job->in_fences);
   free(job->cmds);
   free(job->attachments);
   free(job);
}

uint64_t
agx_sim_test_executed(struct agx_sim *sim, uint16_t cmd_type)
{
   pthread_mutex_lock(&sim->test_lock);
   uint64_t n = cmd_type == DRM_ASAHI_CMD_RENDER ? sim->executed_render : sim->executed_compute;
   pthread_mutex_unlock(&sim->test_lock);
   return n;
}

uint32_t
agx_sim_test_log(struct agx_sim *sim, uint64_t *out, uint32_t max)
{
   pthread_mutex_lock(&sim->test_lock);
   uint32_t n = sim->log_count;
   for (uint32_t i = 0; i < n && i < max && i < AGX_SIM_TEST_LOG_SIZE; i++)
      out[i] = sim->log[i];
   pthread_mutex_unlock(&sim->test_lock);
   return n;
}

void
agx_sim_test_gate(struct agx_sim *sim, bool closed)
{
   pthread_mutex_lock(&sim->test_lock);
   sim->gate_closed = closed;
   pthread_cond_broadcast(&sim->test_cond);
   pthread_mutex_unlock(&sim->test_lock);
}

uint64_t
agx_sim_test_gpu_errors(struct agx_sim *sim, char *msg, size_t size)
{
   pthread_mutex_lock(&sim->test_lock);
   uint64_t n = sim->gpu_errors;
   if (msg && size)
      snprintf(msg, size, "%s", sim->last_error);
   pthread_mutex_unlock(&sim->test_lock);
   return n;
}

uint64_t
agx_sim_test_thread_insns(struct agx_sim *sim)
{
   pthread_mutex_lock(&sim->test_lock);
   uint64_t n = sim->thread_insns;
   pthread_mutex_unlock(&sim->test_lock);
   return n;
}
