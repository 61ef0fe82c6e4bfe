/*
 * The simulated DRM file: creation, teardown, ioctl dispatch, and the
 * device-level ioctls (VERSION, GET_CAP, GET_PARAMS, GET_TIME).
 *
 * Assumes: requests are the same numbers a driver passes to drmIoctl() on a
 * real asahi render node. Like drm_ioctl(), the dispatcher matches on the
 * ioctl nr, copies min(user size, kernel size) bytes in (zero-extending),
 * and copies out only for directions both sides agree on.
 */
#include "agx_sim_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_sim_exec.h"
#include "agx_sim_vm.h"

#define AGX_SIM_DEFAULT_MEMORY_MB (8192ull)

uint64_t
agx_sim_now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ---- device-level ioctls ------------------------------------------------ */

/* drm_copy_field(): report the full length, copy what fits. */
static void
copy_version_field(char *buf, __kernel_size_t *len, const char *value)
{
   size_t full = strlen(value);
   size_t n = full < *len ? full : *len;
   if (buf && n)
      memcpy(buf, value, n);
   *len = full;
}

static int
ioctl_version(struct agx_sim *sim, void *arg)
{
   struct drm_version *v = arg;
   /* The out-of-tree asahi driver's version numbers are not part of the
    * UAPI; the simulator reports 1.0.0. */
   v->version_major = 1;
   v->version_minor = 0;
   v->version_patchlevel = 0;
   if ((v->name_len && !v->name) || (v->date_len && !v->date) || (v->desc_len && !v->desc))
      return -EFAULT;
   copy_version_field(v->name, &v->name_len, "asahi");
   copy_version_field(v->date, &v->date_len, "20250401");
   copy_version_field(v->desc, &v->desc_len, "Apple AGX Graphics (agx-sim)");
   return 0;
}

static int
ioctl_get_cap(struct agx_sim *sim, void *arg)
{
   struct drm_get_cap *cap = arg;
   switch (cap->capability) {
   case DRM_CAP_SYNCOBJ:
   case DRM_CAP_SYNCOBJ_TIMELINE:
   case DRM_CAP_TIMESTAMP_MONOTONIC:
      cap->value = 1;
      return 0;
   case DRM_CAP_PRIME:
      cap->value = 0; /* no dma-buf in an in-process simulator */
      return 0;
   default:
      return -EINVAL; /* KMS-only caps on a render-only driver */
   }
}

static int
ioctl_get_params(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_get_params *gp = arg;
   if (gp->param_group != 0 || gp->pad != 0)
      return -EINVAL;

   size_t size = sizeof(sim->params);
   if (gp->size < size)
      size = (size_t)gp->size;
   if (size && !gp->pointer)
      return -EFAULT;
   if (size)
      memcpy(agx_sim_user_ptr(gp->pointer), &sim->params, size);
   return 0;
}

static int
ioctl_get_time(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_get_time *t = arg;
   if (t->flags != 0)
      return -EINVAL;
   t->gpu_timestamp = agx_sim_now_ns();
   return 0;
}

static int
ioctl_unsupported(struct agx_sim *sim, void *arg)
{
   /* PRIME and syncobj fd import/export need real dma-buf / sync_file
    * descriptors, which an in-process simulator cannot create. */
   return -EOPNOTSUPP;
}

/* ---- dispatch ----------------------------------------------------------- */

struct agx_sim_ioctl_desc {
   unsigned long request; /* the kernel's definition: nr, size, direction */
   const char *name;
   int (*handler)(struct agx_sim *sim, void *arg);
};

#define IOCTL(req, fn) \
   {                   \
      req, #req, fn    \
   }

static const struct agx_sim_ioctl_desc agx_sim_ioctls[] = {
   IOCTL(DRM_IOCTL_VERSION, ioctl_version),
   IOCTL(DRM_IOCTL_GEM_CLOSE, agx_sim_ioctl_gem_close),
   IOCTL(DRM_IOCTL_GET_CAP, ioctl_get_cap),
   IOCTL(DRM_IOCTL_PRIME_HANDLE_TO_FD, ioctl_unsupported),
   IOCTL(DRM_IOCTL_PRIME_FD_TO_HANDLE, ioctl_unsupported),
   IOCTL(DRM_IOCTL_SYNCOBJ_CREATE, agx_sim_ioctl_syncobj_create),
   IOCTL(DRM_IOCTL_SYNCOBJ_DESTROY, agx_sim_ioctl_syncobj_destroy),
   IOCTL(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, ioctl_unsupported),
   IOCTL(DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, ioctl_unsupported),
   IOCTL(DRM_IOCTL_SYNCOBJ_WAIT, agx_sim_ioctl_syncobj_wait),
   IOCTL(DRM_IOCTL_SYNCOBJ_RESET, agx_sim_ioctl_syncobj_reset),
   IOCTL(DRM_IOCTL_SYNCOBJ_SIGNAL, agx_sim_ioctl_syncobj_signal),
   IOCTL(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, agx_sim_ioctl_syncobj_timeline_wait),
   IOCTL(DRM_IOCTL_SYNCOBJ_QUERY, agx_sim_ioctl_syncobj_query),
   IOCTL(DRM_IOCTL_SYNCOBJ_TRANSFER, agx_sim_ioctl_syncobj_transfer),
   IOCTL(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, agx_sim_ioctl_syncobj_timeline_signal),
   IOCTL(DRM_IOCTL_ASAHI_GET_PARAMS, ioctl_get_params),
   IOCTL(DRM_IOCTL_ASAHI_GET_TIME, ioctl_get_time),
   IOCTL(DRM_IOCTL_ASAHI_VM_CREATE, agx_sim_ioctl_vm_create),
   IOCTL(DRM_IOCTL_ASAHI_VM_DESTROY, agx_sim_ioctl_vm_destroy),
   IOCTL(DRM_IOCTL_ASAHI_VM_BIND, agx_sim_ioctl_vm_bind),
   IOCTL(DRM_IOCTL_ASAHI_GEM_CREATE, agx_sim_ioctl_gem_create),
   IOCTL(DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, agx_sim_ioctl_gem_mmap_offset),
   IOCTL(DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, agx_sim_ioctl_gem_bind_object),
   IOCTL(DRM_IOCTL_ASAHI_QUEUE_CREATE, agx_sim_ioctl_queue_create),
   IOCTL(DRM_IOCTL_ASAHI_QUEUE_DESTROY, agx_sim_ioctl_queue_destroy),
   IOCTL(DRM_IOCTL_ASAHI_SUBMIT, agx_sim_ioctl_submit),
};

#define AGX_SIM_MAX_IOCTL_SIZE 64 /* largest argument struct handled */
_Static_assert(sizeof(struct drm_version) <= AGX_SIM_MAX_IOCTL_SIZE, "version");
_Static_assert(sizeof(struct drm_syncobj_timeline_wait) <= AGX_SIM_MAX_IOCTL_SIZE, "wait");
_Static_assert(sizeof(struct drm_asahi_gem_bind_object) <= AGX_SIM_MAX_IOCTL_SIZE, "bind");

int
agx_sim_ioctl(struct agx_sim *sim, unsigned long request, void *arg)
{
   if (!sim)
      return -EBADF;

   const struct agx_sim_ioctl_desc *desc = NULL;
   if (_IOC_TYPE(request) == DRM_IOCTL_BASE) {
      for (size_t i = 0; i < sizeof(agx_sim_ioctls) / sizeof(agx_sim_ioctls[0]); i++) {
         if (_IOC_NR(agx_sim_ioctls[i].request) == _IOC_NR(request)) {
            desc = &agx_sim_ioctls[i];
            break;
         }
      }
   }
   if (!desc) {
      if (sim->debug_ioctl)
         fprintf(stderr, "agx-sim: unknown ioctl 0x%lx -> %d\n", request, -EINVAL);
      return -EINVAL;
   }

   size_t ksize = _IOC_SIZE(desc->request);
   size_t usize = _IOC_SIZE(request);
   size_t in = (_IOC_DIR(request) & _IOC_DIR(desc->request) & _IOC_WRITE) ? usize : 0;
   size_t out = (_IOC_DIR(request) & _IOC_DIR(desc->request) & _IOC_READ) ? usize : 0;
   if (in > ksize)
      in = ksize;
   if (out > ksize)
      out = ksize;
   if ((in || out) && !arg)
      return -EFAULT;

   _Alignas(8) uint8_t kdata[AGX_SIM_MAX_IOCTL_SIZE];
   memset(kdata, 0, sizeof(kdata));
   if (in)
      memcpy(kdata, arg, in);

   int ret = desc->handler(sim, kdata);

   if (ret == 0 && out)
      memcpy(arg, kdata, out);
   /* drm_ioctl copies out even on failure; our handlers only fill outputs
    * on success, so copying on success alone is equivalent. */

   if (sim->debug_ioctl)
      fprintf(stderr, "agx-sim: %s -> %d\n", desc->name, ret);
   return ret;
}

/* ---- lifetime ----------------------------------------------------------- */

static uint64_t
memory_limit_from_env(void)
{
   const char *env = getenv("AGX_SIM_MEMORY_MB");
   if (!env)
      return AGX_SIM_DEFAULT_MEMORY_MB << 20;

   char *end = NULL;
   errno = 0;
   unsigned long long mb = strtoull(env, &end, 10);
   if (errno || end == env || *end != '\0' || env[0] == '-' || mb == 0 || mb > (UINT64_MAX >> 20)) {
      fprintf(stderr,
              "agx-sim: ignoring invalid AGX_SIM_MEMORY_MB='%s' "
              "(want a positive integer), using %llu MiB\n",
              env, AGX_SIM_DEFAULT_MEMORY_MB);
      return AGX_SIM_DEFAULT_MEMORY_MB << 20;
   }
   return (uint64_t)mb << 20;
}

int
agx_sim_create(const struct agx_sim_config *config, struct agx_sim **out)
{
   if (!out)
      return -EINVAL;
   *out = NULL;

   struct agx_sim *sim = calloc(1, sizeof(*sim));
   if (!sim)
      return -ENOMEM;

   if (config)
      sim->config = *config;
   if (!agx_sim_chip_params(sim->config.chip, &sim->params)) {
      free(sim);
      return -EINVAL;
   }

   const char *dbg = getenv("AGX_SIM_DEBUG");
   sim->debug_ioctl = dbg && strstr(dbg, "ioctl");
   sim->mem_limit = memory_limit_from_env();
   const char *dump = getenv("AGX_SIM_DUMP");
   if (dump && *dump && !(sim->dump_dir = strdup(dump))) {
      free(sim);
      return -ENOMEM;
   }
   /* AGX_SIM_STATS=FILE appends a line of counters per executed command
    * (the model's performance counters); "-" means stderr. A file that
    * cannot be opened is reported and statistics stay off. */
   const char *stats = getenv("AGX_SIM_STATS");
   if (stats && *stats) {
      sim->stats = strcmp(stats, "-") == 0 ? stderr : fopen(stats, "a");
      if (!sim->stats)
         fprintf(stderr, "agx-sim: cannot open AGX_SIM_STATS file '%s': %s\n", stats,
                 strerror(errno));
   }
   /* Fake mmap offsets start where DRM's do (DRM_FILE_PAGE_OFFSET_START,
    * 0x100000 pages) in 16 KiB-page units. */
   sim->next_mmap_offset = 0x100000ull * AGX_SIM_PAGE_SIZE;
   sim->next_vm_serial = 1;

   pthread_mutex_init(&sim->lock, NULL);
   pthread_mutex_init(&sim->sync_lock, NULL);
   pthread_mutex_init(&sim->test_lock, NULL);
   pthread_cond_init(&sim->test_cond, NULL);
   pthread_condattr_t attr;
   pthread_condattr_init(&attr);
   pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
   pthread_cond_init(&sim->sync_cond, &attr);
   pthread_condattr_destroy(&attr);

   *out = sim;
   return 0;
}

void
agx_sim_destroy(struct agx_sim *sim)
{
   if (!sim)
      return;

   /* Queues first: their workers drain and drop every fence/VM/BO ref.
    * A test may have left the execution gate closed: open it. */
   agx_sim_test_gate(sim, false);
   agx_sim_queues_destroy_all(sim);
   agx_sim_syncobjs_destroy_all(sim);
   agx_sim_vms_destroy_all(sim);
   agx_sim_gem_destroy_all(sim);

   agx_sim_table_fini(&sim->bos);
   agx_sim_table_fini(&sim->vms);
   agx_sim_table_fini(&sim->objects);
   agx_sim_table_fini(&sim->queues);
   agx_sim_table_fini(&sim->syncobjs);
   pthread_cond_destroy(&sim->sync_cond);
   pthread_mutex_destroy(&sim->sync_lock);
   pthread_cond_destroy(&sim->test_cond);
   pthread_mutex_destroy(&sim->test_lock);
   pthread_mutex_destroy(&sim->lock);
   free(sim->dump_dir);
   if (sim->stats && sim->stats != stderr)
      fclose(sim->stats);
   free(sim);
}
