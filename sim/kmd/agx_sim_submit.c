/*
 * DRM_IOCTL_ASAHI_SUBMIT: validation of the whole submit, then one job on
 * the queue.
 *
 * Assumes the rules of the asahi driver (file.rs, queue/mod.rs) and of the
 * UAPI header: flags/pad MBZ; unknown queue -ENOENT; syncs parsed first
 * (bad sync_type or a non-zero timeline_value on a binary syncobj -EINVAL,
 * unknown syncobj -ENOENT, an in-sync without a fence at that point
 * -EINVAL); then the flat cmdbuf header by header (a truncated header or
 * payload -EINVAL, a payload longer than the kernel struct only if the
 * extra bytes are zero, unknown cmd_type -EINVAL, 1..max hardware
 * commands). Stricter than the kernel, as asked of the simulator: the same
 * timeline syncobj waited at two different points -EINVAL (Mesa reports
 * the kernel rejects it), attachment payloads must be whole 24-byte
 * entries, and every check runs before anything is queued or any syncobj
 * changes, so a failed SUBMIT has no effect at all. Payload checks follow
 * queue/render.rs, compute.rs and common.rs (timestamps: -ENOENT/-ERANGE).
 */
#include "agx_sim_priv.h"

#include <stdlib.h>
#include <string.h>

#include "agx_sim_exec.h"
#include "agx_sim_fence.h"
#include "agx_sim_queue.h"

/* Bound on syncs per submit so the host never reads absurd arrays. */
#define MAX_SUBMIT_SYNCS 4096

static const uint32_t known_render_flags =
   DRM_ASAHI_RENDER_VERTEX_SCRATCH | DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES |
   DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING | DRM_ASAHI_RENDER_DBIAS_IS_INT;

struct cmdbuf_state {
   struct agx_sim *sim;
   struct agx_sim_job *job;
   uint32_t cap_cmds, cap_att;
   uint32_t n_render, n_compute;
   struct agx_sim_attachment_set vertex, fragment, compute;
};

static bool
all_zero(const uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++) {
      if (p[i])
         return false;
   }
   return true;
}

/* Copy a hardware-command payload, zero-extending a short one. */
static int
copy_payload(void *dst, size_t ksize, const uint8_t *src, size_t usize)
{
   if (usize > ksize && !all_zero(src + ksize, usize - ksize))
      return -EINVAL;
   memset(dst, 0, ksize);
   memcpy(dst, src, usize < ksize ? usize : ksize);
   return 0;
}

static int
check_barrier(uint16_t barrier, uint32_t preceding)
{
   return (barrier == DRM_ASAHI_BARRIER_NONE || barrier <= preceding) ? 0 : -EINVAL;
}

/* The render-pass checks of the kernel's render.rs (flags, framebuffer
 * 1..16384 px, 1..2048 layers, tile 32x32/32x16/16x16, 1/2/4 samples). */
static bool
render_params_valid(const struct drm_asahi_cmd_render *r)
{
   const unsigned uw = r->utile_width_px, uh = r->utile_height_px;
   return !(r->flags & ~known_render_flags) && r->width_px >= 1 && r->width_px <= 16384 &&
          r->height_px >= 1 && r->height_px <= 16384 && r->layers >= 1 && r->layers <= 2048 &&
          ((uw == 32 && uh == 32) || (uw == 32 && uh == 16) || (uw == 16 && uh == 16)) &&
          (r->samples == 1 || r->samples == 2 || r->samples == 4);
}

/* Resolve a drm_asahi_timestamp to a BO location (caller holds sim->lock);
 * as queue/common.rs: unknown object -ENOENT, u64 past its end -ERANGE. */
static int
resolve_timestamp(struct agx_sim *sim, const struct drm_asahi_timestamp *ts,
                  struct agx_sim_ts_target *out)
{
   if (ts->handle == 0)
      return 0;
   struct agx_sim_object *obj = agx_sim_table_get(&sim->objects, ts->handle);
   if (!obj)
      return -ENOENT;
   if ((uint64_t)ts->offset + sizeof(uint64_t) > obj->range)
      return -ERANGE;
   agx_sim_bo_ref(obj->bo);
   out->bo = obj->bo;
   out->offset = obj->offset + ts->offset;
   return 0;
}

static int
add_attachments(struct cmdbuf_state *st, const struct drm_asahi_cmd_header *h,
                const uint8_t *payload)
{
   const size_t esize = sizeof(struct drm_asahi_attachment);
   if (h->vdm_barrier != DRM_ASAHI_BARRIER_NONE || h->cdm_barrier != DRM_ASAHI_BARRIER_NONE ||
       h->size % esize || h->size / esize > st->sim->params.max_attachments)
      return -EINVAL;

   uint32_t n = h->size / esize;
   struct agx_sim_job *job = st->job;
   if (job->num_attachments + n > st->cap_att) {
      uint32_t cap = (job->num_attachments + n) * 2;
      void *p = realloc(job->attachments, cap * esize);
      if (!p)
         return -ENOMEM;
      job->attachments = p;
      st->cap_att = cap;
   }

   struct agx_sim_attachment_set set = {job->num_attachments, n};
   for (uint32_t i = 0; i < n; i++) {
      struct drm_asahi_attachment *a = &job->attachments[job->num_attachments + i];
      memcpy(a, payload + i * esize, esize);
      if (a->pad || a->flags)
         return -EINVAL;
   }
   job->num_attachments += n;

   if (h->cmd_type == DRM_ASAHI_SET_VERTEX_ATTACHMENTS)
      st->vertex = set;
   else if (h->cmd_type == DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS)
      st->fragment = set;
   else
      st->compute = set;
   return 0;
}

static int
add_hw_command(struct cmdbuf_state *st, const struct drm_asahi_cmd_header *h,
               const uint8_t *payload)
{
   struct agx_sim *sim = st->sim;
   struct agx_sim_job *job = st->job;

   if (st->n_render + st->n_compute >= sim->params.max_commands_per_submission)
      return -EINVAL;
   if (check_barrier(h->vdm_barrier, st->n_render) || check_barrier(h->cdm_barrier, st->n_compute))
      return -EINVAL;

   if (job->num_cmds == st->cap_cmds) {
      uint32_t cap = st->cap_cmds ? st->cap_cmds * 2 : 4;
      void *p = realloc(job->cmds, cap * sizeof(*job->cmds));
      if (!p)
         return -ENOMEM;
      job->cmds = p;
      st->cap_cmds = cap;
   }
   struct agx_sim_cmd *cmd = &job->cmds[job->num_cmds];
   memset(cmd, 0, sizeof(*cmd));
   job->num_cmds++; /* from here on, job_free releases its references */
   cmd->type = h->cmd_type;
   cmd->vdm_barrier = h->vdm_barrier;
   cmd->cdm_barrier = h->cdm_barrier;

   int ret;
   if (h->cmd_type == DRM_ASAHI_CMD_RENDER) {
      const struct drm_asahi_cmd_render *r = &cmd->render;
      ret = copy_payload(&cmd->render, sizeof(cmd->render), payload, h->size);
      if (ret)
         return ret;
      if (!render_params_valid(r))
         return -EINVAL;
      cmd->sets[0] = st->vertex;
      cmd->sets[1] = st->fragment;
      const struct drm_asahi_timestamp *ts[4] = {&r->ts_vtx.start, &r->ts_vtx.end,
                                                 &r->ts_frag.start, &r->ts_frag.end};
      for (unsigned i = 0; i < 4 && !ret; i++)
         ret = resolve_timestamp(sim, ts[i], &cmd->ts[i]);
      st->n_render++;
   } else {
      const struct drm_asahi_cmd_compute *c = &cmd->compute;
      ret = copy_payload(&cmd->compute, sizeof(cmd->compute), payload, h->size);
      if (ret)
         return ret;
      if (c->flags)
         return -EINVAL;
      cmd->sets[0] = st->compute;
      ret = resolve_timestamp(sim, &c->ts.start, &cmd->ts[0]);
      if (!ret)
         ret = resolve_timestamp(sim, &c->ts.end, &cmd->ts[1]);
      st->n_compute++;
   }
   return ret;
}

/* Walk the flat command buffer (caller holds sim->lock). */
static int
parse_cmdbuf(struct agx_sim *sim, struct agx_sim_job *job, const uint8_t *buf, uint32_t size)
{
   struct cmdbuf_state st = {.sim = sim, .job = job};
   const size_t hsize = sizeof(struct drm_asahi_cmd_header);
   uint32_t off = 0;

   while (off < size) {
      struct drm_asahi_cmd_header h;
      if (size - off < hsize)
         return -EINVAL;
      memcpy(&h, buf + off, hsize);
      off += hsize;
      if (h.size > size - off)
         return -EINVAL;
      const uint8_t *payload = buf + off;
      off += h.size;

      int ret;
      switch (h.cmd_type) {
      case DRM_ASAHI_CMD_RENDER:
      case DRM_ASAHI_CMD_COMPUTE:
         ret = add_hw_command(&st, &h, payload);
         break;
      case DRM_ASAHI_SET_VERTEX_ATTACHMENTS:
      case DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS:
      case DRM_ASAHI_SET_COMPUTE_ATTACHMENTS:
         ret = add_attachments(&st, &h, payload);
         break;
      default:
         ret = -EINVAL;
         break;
      }
      if (ret)
         return ret;
   }
   return job->num_cmds ? 0 : -EINVAL;
}

/* Check the sync array and capture the in-fences (sync_lock held). */
static int
parse_syncs(struct agx_sim *sim, struct agx_sim_job *job, const struct drm_asahi_sync *syncs,
            uint32_t in, uint32_t total)
{
   for (uint32_t i = 0; i < total; i++) {
      const struct drm_asahi_sync *s = &syncs[i];
      if (s->sync_type != DRM_ASAHI_SYNC_SYNCOBJ && s->sync_type != DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ)
         return -EINVAL;
      if (s->sync_type == DRM_ASAHI_SYNC_SYNCOBJ && s->timeline_value)
         return -EINVAL;
      if (!agx_sim_table_get(&sim->syncobjs, s->handle))
         return -ENOENT;
   }

   for (uint32_t i = 0; i < in; i++) {
      if (syncs[i].sync_type != DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ)
         continue;
      for (uint32_t j = i + 1; j < in; j++) {
         if (syncs[j].sync_type == DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ &&
             syncs[j].handle == syncs[i].handle &&
             syncs[j].timeline_value != syncs[i].timeline_value)
            return -EINVAL;
      }
   }

   job->in_fences = calloc(in ? in : 1, sizeof(*job->in_fences));
   if (!job->in_fences)
      return -ENOMEM;
   for (uint32_t i = 0; i < in; i++) {
      struct agx_sim_syncobj *so = agx_sim_table_get(&sim->syncobjs, syncs[i].handle);
      struct agx_sim_fence *f = agx_sim_fence_find_point(so->fence, syncs[i].timeline_value);
      if (!f)
         return -EINVAL; /* nothing submitted for this point yet */
      job->in_fences[job->num_in_fences++] = f;
   }
   return 0;
}

/* Attach the job's fence to every out-sync; all or nothing (sync_lock). */
static int
attach_out_syncs(struct agx_sim *sim, struct agx_sim_job *job, const struct drm_asahi_sync *outs,
                 uint32_t n)
{
   struct agx_sim_fence **nodes = calloc(n ? n : 1, sizeof(*nodes));
   if (!nodes)
      return -ENOMEM;
   for (uint32_t i = 0; i < n; i++) {
      if (outs[i].sync_type == DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ &&
          !(nodes[i] = agx_sim_fence_chain_create(job->done, outs[i].timeline_value))) {
         for (uint32_t j = 0; j < i; j++)
            agx_sim_fence_unref(nodes[j]);
         free(nodes);
         return -ENOMEM;
      }
   }
   for (uint32_t i = 0; i < n; i++) {
      struct agx_sim_syncobj *so = agx_sim_table_get(&sim->syncobjs, outs[i].handle);
      if (nodes[i]) {
         agx_sim_fence_chain_link(&so->fence, nodes[i]);
      } else {
         agx_sim_syncobj_replace_fence(so, job->done);
      }
   }
   free(nodes);
   pthread_cond_broadcast(&sim->sync_cond); /* WAIT_FOR_SUBMIT waiters */
   return 0;
}

int
agx_sim_ioctl_submit(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_submit *s = arg;
   uint64_t total = (uint64_t)s->in_sync_count + s->out_sync_count;

   if (s->flags || s->pad || total > MAX_SUBMIT_SYNCS)
      return -EINVAL;
   if ((total && !s->syncs) || (s->cmdbuf_size && !s->cmdbuf))
      return -EFAULT;

   /* Copy the user arrays once: later checks never re-read user memory. */
   struct drm_asahi_sync *syncs = calloc(total ? total : 1, sizeof(*syncs));
   uint8_t *cmdbuf = malloc(s->cmdbuf_size ? s->cmdbuf_size : 1);
   struct agx_sim_job *job = calloc(1, sizeof(*job));
   if (!syncs || !cmdbuf || !job) {
      free(syncs);
      free(cmdbuf);
      free(job);
      return -ENOMEM;
   }
   if (total)
      memcpy(syncs, agx_sim_user_ptr(s->syncs), total * sizeof(*syncs));
   if (s->cmdbuf_size)
      memcpy(cmdbuf, agx_sim_user_ptr(s->cmdbuf), s->cmdbuf_size);

   int ret = 0;
   pthread_mutex_lock(&sim->lock);
   struct agx_sim_queue *q = agx_sim_table_get(&sim->queues, s->queue_id);
   if (!q) {
      ret = -ENOENT;
      goto out_unlock;
   }

   pthread_mutex_lock(&sim->sync_lock);
   ret = parse_syncs(sim, job, syncs, s->in_sync_count, (uint32_t)total);
   pthread_mutex_unlock(&sim->sync_lock);
   if (!ret)
      ret = parse_cmdbuf(sim, job, cmdbuf, s->cmdbuf_size);
   if (ret)
      goto out_unlock;

   pthread_mutex_lock(&sim->sync_lock);
   /* Syncobjs may have been destroyed while the cmdbuf was parsed. */
   for (uint32_t i = s->in_sync_count; i < total && !ret; i++) {
      if (!agx_sim_table_get(&sim->syncobjs, syncs[i].handle))
         ret = -ENOENT;
   }
   job->done = ret ? NULL : agx_sim_fence_create(false);
   if (!ret && !job->done)
      ret = -ENOMEM;
   if (!ret)
      ret = attach_out_syncs(sim, job, syncs + s->in_sync_count, s->out_sync_count);
   pthread_mutex_unlock(&sim->sync_lock);

   if (!ret) {
      agx_sim_queue_push(q, job);
      job = NULL;
   }

out_unlock:
   pthread_mutex_unlock(&sim->lock);
   agx_sim_job_free(sim, job);
   free(syncs);
   free(cmdbuf);
   return ret;
}
