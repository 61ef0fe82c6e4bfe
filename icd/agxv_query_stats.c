/*
 * Pipeline-statistics queries (VK_QUERY_TYPE_PIPELINE_STATISTICS).
 *
 * The AGX has no statistics counters the driver can read (Honeykrisp counts
 * everything with GPU work, Mesa src/asahi/vulkan/hk_query_pool.c,
 * hk_cmd_draw.c hk_ia_update, hk_cmd_dispatch.c; libagx query.cl /
 * geometry.cl; emulation.md §8-9); so does this driver. A query's record in
 * the pool holds one u64 per statistic of the pool, in bit order, then the
 * availability word (agxv_query_pool.c). While a query is in progress
 * (cmd->stats: the record and the pool's statistics), each counted command
 * adds a small one-thread kernel (cl_kernels/agx_stats.cl) that reads what
 * the command reads and adds into the record:
 *  - every API draw (agxv_stats_draw): input-assembly vertices and
 *    primitives and vertex-shader invocations from the draw's record
 *    (indirect: the application's), scanning the indices for restarts when
 *    primitive restart is on (Honeykrisp's libagx_increment_ia_restart);
 *    vertex-shader invocations = input-assembly vertices (no reuse is
 *    claimed); tessellation-control patches = patches; geometry-shader
 *    invocations = input primitives x the shader's Invocations; clipper
 *    invocations and primitives = input primitives when neither tessellation
 *    nor a geometry shader follows (every primitive reaches the clipper and
 *    is counted once, as Honeykrisp does);
 *  - a geometry-shader draw (agxv_stats_gs): geometry-shader primitives and
 *    the clipper's counts from the shader's output index buffer (strips
 *    between restarts, as libagx_pre_gs counts emitted primitives);
 *  - a tessellation draw (agxv_stats_tess): evaluation-shader invocations =
 *    domain points generated (as Honeykrisp's tessellator counts), the
 *    clipper's counts = the primitives generated;
 *  - every API dispatch (agxv_stats_dispatch): workgroups x invocations per
 *    workgroup (indirect: the application's record,
 *    libagx_increment_cs_invocations);
 *  - fragment-shader invocations: the fragment shader's statistics variant
 *    adds one per invocation (agxv_stats_counter gives the address).
 * Inside a render pass the kernels go into the render's pre-graphics stream
 * (agxv_cmd_pre_gfx.c), which runs before the render; outside, into the
 * compute stream. A CDM barrier precedes each, so kernels adding to one
 * counter never overlap. A query ended inside a pass becomes available after
 * the render command (the occlusion queries' pending list).
 *
 * Secondary command buffers cannot launch compute work inside their
 * primary's render pass, and do not know the primary's query: a secondary
 * begun with inherited pipelineStatistics (or with a query of its own in
 * progress) keeps its counting work as jobs (kernel and arguments, counters
 * by statistic bit, the query's record or 0 for "the executing primary's"),
 * and its own queries' ends as availability jobs; vkCmdExecuteCommands
 * replays them in the primary after calling the secondary.
 *
 * Assumes: meta operations of this driver are compute kernels (never API
 * draws or dispatches), so they are never counted; multiview draws count
 * once per API draw; tessellation followed by a geometry shader (not
 * accepted by pipeline creation yet): the geometry shader's invocations are
 * counted from the tessellator's primitives (agxv_stats_tess), its emitted
 * primitives need agxv_stats_gs on that path's rasterization draw.
 */
#include "agxv_query_stats.h"

#include <stdlib.h>
#include <string.h>

#include "agx_cl_kernels.h"
#include "agx_stats.h"
#include "agxv_alloc.h"
#include "agxv_blend.h"
#include "agxv_bo.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_pipeline.h"
#include "agxv_query_pool.h"
#include "agxv_vdm.h"

#define STAT(name) VK_QUERY_PIPELINE_STATISTIC_##name##_BIT
#define MAX_COUNTERS 7u
#define MAX_ARGS 104u

/* Counting work kept by a secondary. kernel == AGX_CL_KERNEL_COUNT: an
 * availability word to set (avail); kernel == SLOT_JOB: the secondary's
 * fragment-invocation slot at `avail` to point at the executing primary's
 * counter. */
#define SLOT_JOB (AGX_CL_KERNEL_COUNT + 1)
struct agxv_stats_job {
   uint64_t va;    /* the query's record; 0: the executing primary's */
   uint32_t flags; /* its pool's statistics (va != 0) */
   uint32_t kernel;
   uint64_t avail;
   uint32_t args_size;
   uint32_t counters;
   uint32_t counter_offset[MAX_COUNTERS]; /* byte offset of a u64 counter in args */
   uint32_t counter_bit[MAX_COUNTERS];    /* the statistic it counts */
   uint8_t args[MAX_ARGS];
};

void
agxv_stats_cmd_reset(struct agxv_cmd_buffer *cmd)
{
   struct agxv_stats_cmd_state *s = &cmd->stats;
   s->va = 0;
   s->flags = 0;
   s->inherited = 0;
   s->fs_slot = 0;
   s->inherited_fs_slot = 0;
   s->job_count = 0;
}

void
agxv_stats_cmd_finish(struct agxv_cmd_buffer *cmd)
{
   agxv_free(&cmd->pool->alloc, cmd->stats.jobs);
   memset(&cmd->stats, 0, sizeof(cmd->stats));
}

static uint64_t
counter_of(uint64_t va, uint32_t flags, uint32_t bit)
{
   if (!va || !(flags & bit))
      return 0;
   return va + 8ull * (uint32_t)__builtin_popcount(flags & (bit - 1));
}

uint64_t
agxv_stats_counter(const struct agxv_cmd_buffer *cmd, uint32_t bit)
{
   return counter_of(cmd->stats.va, cmd->stats.flags, bit);
}

/* One launch of a counting kernel, ordered after everything before it: in
 * the pre-graphics stream of an open render, else in the compute stream. */
static void
launch(struct agxv_cmd_buffer *cmd, unsigned kernel, const void *args, uint32_t size)
{
   bool in_render = cmd->stream_open && cmd->open.type == AGXV_CS_VDM;
   bool begun = false;
   if (in_render && !cmd->pre_gfx.recording) {
      if (!agxv_cmd_pre_gfx_begin(cmd))
         return;
      begun = true;
   }
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, kernel, 1, args, size);
   agxv_cmd_emit_cdm_barrier(cmd);
   if (begun)
      agxv_cmd_pre_gfx_end(cmd);
}

/* Fills the counters of `job` for the query (va, flags) and launches it
 * unless it counts nothing there. */
static void
run_job(struct agxv_cmd_buffer *cmd, const struct agxv_stats_job *job, uint64_t va, uint32_t flags)
{
   uint8_t args[MAX_ARGS];
   memcpy(args, job->args, job->args_size);
   bool any = false;
   for (uint32_t i = 0; i < job->counters; i++) {
      uint64_t c = counter_of(va, flags, job->counter_bit[i]);
      memcpy(args + job->counter_offset[i], &c, 8);
      any |= c != 0;
   }
   if (any)
      launch(cmd, job->kernel, args, job->args_size);
}

static struct agxv_stats_job *
new_job(struct agxv_cmd_buffer *cmd)
{
   struct agxv_stats_cmd_state *s = &cmd->stats;
   if (s->job_count == s->job_cap) {
      uint32_t cap = s->job_cap ? 2 * s->job_cap : 16;
      struct agxv_stats_job *j =
         agxv_alloc(&cmd->pool->alloc, cap * sizeof(*j), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!j) {
         agxv_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
         return NULL;
      }
      if (s->job_count)
         memcpy(j, s->jobs, s->job_count * sizeof(*j));
      agxv_free(&cmd->pool->alloc, s->jobs);
      s->jobs = j;
      s->job_cap = cap;
   }
   struct agxv_stats_job *job = &s->jobs[s->job_count++];
   memset(job, 0, sizeof(*job));
   return job;
}

/* Counting work of one command: launched now for the query in progress of a
 * primary, kept as a job by a secondary that may count. */
static bool
counting(const struct agxv_cmd_buffer *cmd)
{
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY)
      return cmd->stats.va || cmd->stats.inherited;
   return cmd->stats.va != 0;
}

/* A secondary's own query outside a render pass: its own compute streams take the work, in
 * order with what it records next (a copy of the results, say). */
static bool
own_compute(const struct agxv_cmd_buffer *cmd)
{
   return cmd->level != VK_COMMAND_BUFFER_LEVEL_SECONDARY ||
          (cmd->stats.va && !cmd->rendering.active);
}

static void
submit(struct agxv_cmd_buffer *cmd, struct agxv_stats_job *job)
{
   if (own_compute(cmd)) {
      run_job(cmd, job, cmd->stats.va, cmd->stats.flags);
      return;
   }
   struct agxv_stats_job *kept = new_job(cmd);
   if (!kept)
      return;
   *kept = *job;
   kept->va = cmd->stats.va;
   kept->flags = cmd->stats.flags;
}

static void
add_counter(struct agxv_stats_job *job, uint32_t offset, uint32_t bit)
{
   job->counter_offset[job->counters] = offset;
   job->counter_bit[job->counters] = bit;
   job->counters++;
}

/* Points a secondary's slot at the executing primary's fragment-invocation
 * counter (or at the slot's own spare word: nothing counted), on the GPU
 * before the render that runs the secondary's draws. */
static void
fill_slot(struct agxv_cmd_buffer *cmd, uint64_t slot)
{
   uint64_t c = agxv_stats_counter(cmd, STAT(FRAGMENT_SHADER_INVOCATIONS));
   if (!c)
      c = slot + 8;
   bool in_render = cmd->stream_open && cmd->open.type == AGXV_CS_VDM;
   bool begun = false;
   if (in_render && !cmd->pre_gfx.recording) {
      if (!agxv_cmd_pre_gfx_begin(cmd))
         return;
      begun = true;
   }
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_meta_fill(cmd, slot, 1, (uint32_t)c);
   agxv_meta_fill(cmd, slot + 4, 1, (uint32_t)(c >> 32));
   agxv_cmd_emit_cdm_barrier(cmd);
   if (begun)
      agxv_cmd_pre_gfx_end(cmd);
}

void
agxv_stats_execute(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary,
                   bool before)
{
   for (uint32_t i = 0; i < secondary->stats.job_count; i++) {
      const struct agxv_stats_job *job = &secondary->stats.jobs[i];
      /* slots before the secondary's draws run, everything else after */
      if ((job->kernel == SLOT_JOB) != before)
         continue;
      if (job->kernel == SLOT_JOB) {
         fill_slot(cmd, job->avail);
         continue;
      }
      if (job->kernel == AGX_CL_KERNEL_COUNT) {
         agxv_query_available(cmd, job->avail);
         continue;
      }
      if (job->va)
         run_job(cmd, job, job->va, job->flags);
      else
         run_job(cmd, job, cmd->stats.va, cmd->stats.flags);
   }
}

void
agxv_stats_begin_query(struct agxv_cmd_buffer *cmd, const struct agxv_query_pool *pool,
                       uint32_t query)
{
   cmd->stats.va = pool->bo->va + (uint64_t)query * pool->stride;
   cmd->stats.flags = pool->statistics;
   cmd->stats.fs_slot = 0;
   uint64_t c = agxv_stats_counter(cmd, STAT(FRAGMENT_SHADER_INVOCATIONS));
   if (c) {
      /* the slot the statistics variant reads the counter's address from */
      struct agxv_upload_ptr slot;
      VkResult result = agxv_upload_alloc(&cmd->data, 16, 16, &slot);
      if (result != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, result);
         return;
      }
      memcpy(slot.cpu, &c, 8);
      cmd->stats.fs_slot = slot.gpu;
   }
   cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_FS_ROOT;
}

uint64_t
agxv_stats_fs_slot(struct agxv_cmd_buffer *cmd)
{
   struct agxv_stats_cmd_state *s = &cmd->stats;
   if (s->va)
      return s->fs_slot;
   if (cmd->level != VK_COMMAND_BUFFER_LEVEL_SECONDARY ||
       !(s->inherited & STAT(FRAGMENT_SHADER_INVOCATIONS)))
      return 0;
   if (!s->inherited_fs_slot) {
      /* filled by each primary executing this one (agxv_stats_execute) */
      struct agxv_upload_ptr slot;
      VkResult result = agxv_upload_alloc(&cmd->data, 16, 16, &slot);
      struct agxv_stats_job *job = result == VK_SUCCESS ? new_job(cmd) : NULL;
      if (!job) {
         agxv_cmd_set_error(cmd, result != VK_SUCCESS ? result : VK_ERROR_OUT_OF_HOST_MEMORY);
         return 0;
      }
      job->kernel = SLOT_JOB;
      job->avail = slot.gpu;
      s->inherited_fs_slot = slot.gpu;
   }
   return s->inherited_fs_slot;
}

VkResult
agxv_stats_fs_variant(struct agxv_device *device, struct agxv_pipeline *pipeline,
                      const struct agx_tilebuffer_layout *tib, const struct agx_fs_info *fs,
                      const uint8_t *code, uint32_t size, uint32_t main_size,
                      const struct agxv_shader_info *info)
{
   uint8_t *linked = NULL;
   uint32_t linked_size;
   struct agxv_shader_info linked_info;
   unsigned pass_type;
   VkResult result =
      agxv_blend_link_fs_stats(pipeline->graphics, tib, fs, code, size, main_size, info, &linked,
                               &linked_size, &linked_info, &pass_type);
   if (result == VK_SUCCESS)
      result = agxv_pipeline_upload_stage(device, pipeline, AGXV_STAGE_FRAGMENT_STATS, linked,
                                          linked_size, &linked_info);
   free(linked);
   return result;
}

void
agxv_stats_end_query(struct agxv_cmd_buffer *cmd, const struct agxv_query_pool *pool,
                     uint32_t query)
{
   cmd->stats.va = 0;
   cmd->stats.flags = 0;
   cmd->stats.fs_slot = 0;
   cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_FS_ROOT;
   /* With multiview the query takes one index per view; every count is in the
    * first, the others stay as reset (0) and become available too (Vulkan
    * leaves the distribution to the implementation; Honeykrisp does the same). */
   uint32_t views = 1;
   if (cmd->rendering.active && cmd->rendering.desc.view_mask)
      views = (uint32_t)__builtin_popcount(cmd->rendering.desc.view_mask);
   for (uint32_t v = 0; v < views && query + v < pool->count; v++) {
      uint64_t avail = pool->bo->va + (uint64_t)(query + v) * pool->stride + 8 * pool->values;
      if (cmd->level != VK_COMMAND_BUFFER_LEVEL_SECONDARY || !cmd->rendering.active) {
         agxv_query_available(cmd, avail);
         continue;
      }
      struct agxv_stats_job *job = new_job(cmd);
      if (job) {
         job->kernel = AGX_CL_KERNEL_COUNT;
         job->avail = avail;
      }
   }
}

/* Primitives of n vertices: n < min ? 0 : (n - min) / step + 1 (agx_stats.h). */
static void
topology_prims(VkPrimitiveTopology t, uint32_t patch, uint32_t *min, uint32_t *step)
{
   static const uint8_t tab[][2] = {
      [VK_PRIMITIVE_TOPOLOGY_POINT_LIST] = {1, 1},
      [VK_PRIMITIVE_TOPOLOGY_LINE_LIST] = {2, 2},
      [VK_PRIMITIVE_TOPOLOGY_LINE_STRIP] = {2, 1},
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST] = {3, 3},
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP] = {3, 1},
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN] = {3, 1},
      [VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY] = {4, 4},
      [VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY] = {4, 1},
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY] = {6, 6},
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY] = {6, 2},
   };
   if (t == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) {
      *min = *step = patch ? patch : 1;
   } else if ((unsigned)t < sizeof(tab) / sizeof(tab[0])) {
      *min = tab[t][0];
      *step = tab[t][1];
   } else {
      *min = *step = 0; /* no primitives */
   }
}

/* The address of a draw's record: the application's, or the direct draw's
 * count, instances and first written to upload memory. */
static bool
draw_record(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd, uint64_t *out)
{
   if (vd->indirect) {
      *out = vd->indirect;
      return true;
   }
   struct agxv_upload_ptr rec;
   VkResult result = agxv_upload_alloc(&cmd->data, 12, 16, &rec);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return false;
   }
   const uint32_t w[3] = {vd->count, vd->instances, vd->first};
   memcpy(rec.cpu, w, sizeof(w));
   *out = rec.gpu;
   return true;
}

void
agxv_stats_draw(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd)
{
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   if (!counting(cmd) || !pipeline || !pipeline->gfx)
      return;
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   const struct agxv_dynamic_graphics_state *d = &cmd->dyn;
   struct agx_stats_draw_args a = {0};
   if (!draw_record(cmd, vd, &a.draw))
      return;
   if (vd->indexed && d->s.ia.primitive_restart_enable) {
      a.index_buffer = cmd->index.va;
      a.index_bytes = cmd->index.size;
      a.index_size = cmd->index.type == VK_INDEX_TYPE_UINT32   ? 4
                     : cmd->index.type == VK_INDEX_TYPE_UINT16 ? 2
                                                               : 1;
      a.restart_index = a.index_size == 4 ? 0xFFFFFFFFu : a.index_size == 2 ? 0xFFFFu : 0xFFu;
   }
   topology_prims(d->s.ia.topology, d->s.ts.patch_control_points, &a.prim_min, &a.prim_step);
   a.gs_invocations_per_primitive = gfx->has_gs ? gfx->gs.invocations : 0;

   struct agxv_stats_job job = {.kernel = AGX_CL_STATS_DRAW, .args_size = sizeof(a)};
   add_counter(&job, offsetof(struct agx_stats_draw_args, ia_vertices),
               STAT(INPUT_ASSEMBLY_VERTICES));
   add_counter(&job, offsetof(struct agx_stats_draw_args, ia_primitives),
               STAT(INPUT_ASSEMBLY_PRIMITIVES));
   add_counter(&job, offsetof(struct agx_stats_draw_args, vs_invocations),
               STAT(VERTEX_SHADER_INVOCATIONS));
   if (!gfx->has_gs && !gfx->has_tess) {
      add_counter(&job, offsetof(struct agx_stats_draw_args, clip_invocations),
                  STAT(CLIPPING_INVOCATIONS));
      add_counter(&job, offsetof(struct agx_stats_draw_args, clip_primitives),
                  STAT(CLIPPING_PRIMITIVES));
   }
   if (gfx->has_tess)
      add_counter(&job, offsetof(struct agx_stats_draw_args, tcs_patches),
                  STAT(TESSELLATION_CONTROL_SHADER_PATCHES));
   if (gfx->has_gs && !gfx->has_tess)
      add_counter(&job, offsetof(struct agx_stats_draw_args, gs_invocations),
                  STAT(GEOMETRY_SHADER_INVOCATIONS));
   memcpy(job.args, &a, sizeof(a));
   submit(cmd, &job);
}

void
agxv_stats_gs(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd, uint32_t out_verts)
{
   if (!counting(cmd))
      return;
   struct agx_stats_strips_args a = {.index_base = cmd->index.va, .verts = out_verts};
   if (!draw_record(cmd, vd, &a.draw))
      return;
   struct agxv_stats_job job = {.kernel = AGX_CL_STATS_STRIPS, .args_size = sizeof(a)};
   add_counter(&job, offsetof(struct agx_stats_strips_args, primitives),
               STAT(GEOMETRY_SHADER_PRIMITIVES));
   add_counter(&job, offsetof(struct agx_stats_strips_args, clip_invocations),
               STAT(CLIPPING_INVOCATIONS));
   add_counter(&job, offsetof(struct agx_stats_strips_args, clip_primitives),
               STAT(CLIPPING_PRIMITIVES));
   memcpy(job.args, &a, sizeof(a));
   submit(cmd, &job);
}

void
agxv_stats_tess(struct agxv_cmd_buffer *cmd, uint64_t params, uint64_t rast, uint32_t out_verts)
{
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   if (!counting(cmd) || !pipeline || !pipeline->gfx)
      return;
   struct agx_stats_tess_args a = {.params = params, .draw = rast, .verts = out_verts};
   struct agxv_stats_job job = {.kernel = AGX_CL_STATS_TESS, .args_size = sizeof(a)};
   add_counter(&job, offsetof(struct agx_stats_tess_args, tes_invocations),
               STAT(TESSELLATION_EVALUATION_SHADER_INVOCATIONS));
   if (!pipeline->gfx->has_gs) {
      add_counter(&job, offsetof(struct agx_stats_tess_args, clip_invocations),
                  STAT(CLIPPING_INVOCATIONS));
      add_counter(&job, offsetof(struct agx_stats_tess_args, clip_primitives),
                  STAT(CLIPPING_PRIMITIVES));
   } else {
      /* a geometry shader over the generated primitives (its primitives: agxv_stats_gs) */
      a.gs_invocations_per_primitive = pipeline->gfx->gs.invocations;
      add_counter(&job, offsetof(struct agx_stats_tess_args, gs_invocations),
                  STAT(GEOMETRY_SHADER_INVOCATIONS));
   }
   memcpy(job.args, &a, sizeof(a));
   submit(cmd, &job);
}

void
agxv_stats_dispatch(struct agxv_cmd_buffer *cmd, const uint32_t groups[3], uint64_t indirect,
                    uint32_t local_invocations)
{
   if (!counting(cmd))
      return;
   struct agx_stats_add_args a = {.grid = indirect, .value = local_invocations};
   if (!indirect)
      a.value *= (uint64_t)groups[0] * groups[1] * groups[2];
   struct agxv_stats_job job = {.kernel = AGX_CL_STATS_ADD, .args_size = sizeof(a)};
   add_counter(&job, offsetof(struct agx_stats_add_args, counter),
               STAT(COMPUTE_SHADER_INVOCATIONS));
   memcpy(job.args, &a, sizeof(a));
   submit(cmd, &job);
}
