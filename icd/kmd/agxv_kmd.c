/*
 * Typed wrappers over the kernel interface, shared by both backends. Each
 * fills the UAPI struct exactly as the asahi kernel expects it and hands it
 * to the backend's ioctl transport.
 */
#include "agxv_kmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agxv_log.h"

static const struct {
   unsigned long request;
   const char *name;
} ioctl_names[] = {
#define N(x)            \
   {                    \
      DRM_IOCTL_##x, #x \
   }
   N(ASAHI_GET_PARAMS),      N(ASAHI_GET_TIME),
   N(ASAHI_VM_CREATE),       N(ASAHI_VM_DESTROY),
   N(ASAHI_VM_BIND),         N(ASAHI_GEM_CREATE),
   N(ASAHI_GEM_MMAP_OFFSET), N(ASAHI_GEM_BIND_OBJECT),
   N(ASAHI_QUEUE_CREATE),    N(ASAHI_QUEUE_DESTROY),
   N(ASAHI_SUBMIT),          N(GEM_CLOSE),
   N(SYNCOBJ_CREATE),        N(SYNCOBJ_DESTROY),
   N(SYNCOBJ_HANDLE_TO_FD),  N(SYNCOBJ_WAIT),
   N(SYNCOBJ_RESET),         N(SYNCOBJ_SIGNAL),
   N(SYNCOBJ_TIMELINE_WAIT), N(SYNCOBJ_QUERY),
   N(SYNCOBJ_TRANSFER),      N(SYNCOBJ_TIMELINE_SIGNAL),
#undef N
};

static const char *
ioctl_name(unsigned long request)
{
   for (unsigned i = 0; i < sizeof(ioctl_names) / sizeof(ioctl_names[0]); i++) {
      if (ioctl_names[i].request == request)
         return ioctl_names[i].name;
   }
   return "unknown";
}

static int
kmd_ioctl(struct agxv_kmd *kmd, unsigned long request, void *arg)
{
   int ret = kmd->ops->ioctl(kmd, request, arg);
   if (kmd->trace) {
      /* Waits time out routinely; only their failures are interesting. */
      if (ret != 0 ||
          (request != DRM_IOCTL_SYNCOBJ_WAIT && request != DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT))
         agxv_log("ioctl %s -> %d%s%s", ioctl_name(request), ret, ret ? " " : "",
                  ret ? strerror(-ret) : "");
   }
   return ret;
}

const char *
agxv_kmd_backend_name(enum agxv_kmd_backend backend)
{
   switch (backend) {
   case AGXV_KMD_DRM:
      return "drm";
   case AGXV_KMD_SIM:
      return "sim";
   default:
      return "auto";
   }
}

enum agxv_kmd_backend
agxv_kmd_backend_from_env(void)
{
   const char *env = getenv("AGX_DEVICE");
   if (env == NULL || env[0] == '\0' || strcmp(env, "auto") == 0)
      return AGXV_KMD_AUTO;
   if (strcmp(env, "drm") == 0)
      return AGXV_KMD_DRM;
   if (strcmp(env, "sim") == 0)
      return AGXV_KMD_SIM;
   static bool warned;
   if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
      agxv_log("AGX_DEVICE='%s' is not one of auto, drm, sim; using auto", env);
   return AGXV_KMD_AUTO;
}

static int
read_params(struct agxv_kmd *kmd)
{
   memset(&kmd->params, 0, sizeof(kmd->params));
   struct drm_asahi_get_params get = {
      .param_group = 0,
      .pointer = (uint64_t)(uintptr_t)&kmd->params,
      .size = sizeof(kmd->params),
   };
   return kmd_ioctl(kmd, DRM_IOCTL_ASAHI_GET_PARAMS, &get);
}

int
agxv_kmd_open(enum agxv_kmd_backend backend, bool trace, struct agxv_kmd **out)
{
   if (backend == AGXV_KMD_AUTO)
      backend = agxv_kmd_drm_available() ? AGXV_KMD_DRM : AGXV_KMD_SIM;

   int ret = backend == AGXV_KMD_DRM ? agxv_kmd_drm_open(out) : agxv_kmd_sim_open(out);
   if (ret)
      return ret;

   (*out)->backend = backend;
   (*out)->trace = trace;
   ret = read_params(*out);
   if (ret == 0 && ((*out)->params.gpu_generation < 13 || (*out)->params.gpu_generation > 14))
      ret = -ENODEV; /* only G13 and G14 are supported */
   if (ret) {
      agxv_kmd_close(*out);
      *out = NULL;
   }
   return ret;
}

void
agxv_kmd_close(struct agxv_kmd *kmd)
{
   if (kmd)
      kmd->ops->destroy(kmd);
}

int64_t
agxv_abs_timeout(uint64_t rel_ns)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   uint64_t now = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
   if (rel_ns > (uint64_t)INT64_MAX - now)
      return INT64_MAX;
   return (int64_t)(now + rel_ns);
}

int
agxv_kmd_get_time(struct agxv_kmd *kmd, uint64_t *ns)
{
   struct drm_asahi_get_time t = {0};
   int ret = kmd_ioctl(kmd, DRM_IOCTL_ASAHI_GET_TIME, &t);
   if (ret == 0)
      *ns = t.gpu_timestamp;
   return ret;
}

int
agxv_kmd_gem_bind_object(struct agxv_kmd *kmd, uint32_t handle, uint64_t range, uint32_t flags,
                         uint32_t *object_handle)
{
   struct drm_asahi_gem_bind_object b = {
      .op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
      .flags = flags,
      .handle = handle,
      .offset = 0,
      .range = range,
   };
   int ret = kmd_ioctl(kmd, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &b);
   if (ret == 0)
      *object_handle = b.object_handle;
   return ret;
}

int
agxv_kmd_gem_unbind_object(struct agxv_kmd *kmd, uint32_t object_handle)
{
   struct drm_asahi_gem_bind_object b = {
      .op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
      .object_handle = object_handle,
   };
   return kmd_ioctl(kmd, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &b);
}

int
agxv_kmd_gem_create(struct agxv_kmd *kmd, uint64_t size, uint32_t flags, uint32_t vm_id,
                    uint32_t *handle)
{
   struct drm_asahi_gem_create c = {
      .size = size,
      .flags = flags,
      .vm_id = (flags & DRM_ASAHI_GEM_VM_PRIVATE) ? vm_id : 0,
   };
   int ret = kmd_ioctl(kmd, DRM_IOCTL_ASAHI_GEM_CREATE, &c);
   if (ret == 0)
      *handle = c.handle;
   return ret;
}

int
agxv_kmd_gem_close(struct agxv_kmd *kmd, uint32_t handle)
{
   struct drm_gem_close c = {.handle = handle};
   return kmd_ioctl(kmd, DRM_IOCTL_GEM_CLOSE, &c);
}

int
agxv_kmd_gem_mmap(struct agxv_kmd *kmd, uint32_t handle, size_t size, void **ptr)
{
   struct drm_asahi_gem_mmap_offset m = {.handle = handle};
   int ret = kmd_ioctl(kmd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m);
   if (ret)
      return ret;
   int err = 0;
   void *p = kmd->ops->mmap(kmd, m.offset, size, &err);
   if (p == NULL)
      return err ? err : -ENOMEM;
   *ptr = p;
   return 0;
}

int
agxv_kmd_gem_munmap(struct agxv_kmd *kmd, void *ptr, size_t size)
{
   return kmd->ops->munmap(kmd, ptr, size);
}

int
agxv_kmd_vm_create(struct agxv_kmd *kmd, uint64_t kernel_start, uint64_t kernel_end,
                   uint32_t *vm_id)
{
   struct drm_asahi_vm_create c = {.kernel_start = kernel_start, .kernel_end = kernel_end};
   int ret = kmd_ioctl(kmd, DRM_IOCTL_ASAHI_VM_CREATE, &c);
   if (ret == 0)
      *vm_id = c.vm_id;
   return ret;
}

int
agxv_kmd_vm_destroy(struct agxv_kmd *kmd, uint32_t vm_id)
{
   struct drm_asahi_vm_destroy d = {.vm_id = vm_id};
   return kmd_ioctl(kmd, DRM_IOCTL_ASAHI_VM_DESTROY, &d);
}

int
agxv_kmd_vm_bind(struct agxv_kmd *kmd, uint32_t vm_id, const struct drm_asahi_gem_bind_op *ops,
                 uint32_t count)
{
   struct drm_asahi_vm_bind b = {
      .vm_id = vm_id,
      .num_binds = count,
      .stride = sizeof(*ops),
      .userptr = (uint64_t)(uintptr_t)ops,
   };
   return kmd_ioctl(kmd, DRM_IOCTL_ASAHI_VM_BIND, &b);
}

int
agxv_kmd_queue_create(struct agxv_kmd *kmd, uint32_t vm_id, uint32_t priority,
                      uint64_t usc_exec_base, uint32_t *queue_id)
{
   struct drm_asahi_queue_create c = {
      .vm_id = vm_id,
      .priority = priority,
      .usc_exec_base = usc_exec_base,
   };
   int ret = kmd_ioctl(kmd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &c);
   if (ret == 0)
      *queue_id = c.queue_id;
   return ret;
}

int
agxv_kmd_queue_destroy(struct agxv_kmd *kmd, uint32_t queue_id)
{
   struct drm_asahi_queue_destroy d = {.queue_id = queue_id};
   return kmd_ioctl(kmd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d);
}

int
agxv_kmd_submit(struct agxv_kmd *kmd, uint32_t queue_id, const struct drm_asahi_sync *syncs,
                uint32_t in_count, uint32_t out_count, const void *cmdbuf, uint32_t cmdbuf_size)
{
   struct drm_asahi_submit s = {
      .syncs = (uint64_t)(uintptr_t)syncs,
      .cmdbuf = (uint64_t)(uintptr_t)cmdbuf,
      .queue_id = queue_id,
      .in_sync_count = in_count,
      .out_sync_count = out_count,
      .cmdbuf_size = cmdbuf_size,
   };
   return kmd_ioctl(kmd, DRM_IOCTL_ASAHI_SUBMIT, &s);
}

int
agxv_kmd_syncobj_create(struct agxv_kmd *kmd, bool signaled, uint32_t *handle)
{
   struct drm_syncobj_create c = {.flags = signaled ? DRM_SYNCOBJ_CREATE_SIGNALED : 0};
   int ret = kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_CREATE, &c);
   if (ret == 0)
      *handle = c.handle;
   return ret;
}

int
agxv_kmd_syncobj_destroy(struct agxv_kmd *kmd, uint32_t handle)
{
   struct drm_syncobj_destroy d = {.handle = handle};
   return kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
}

int
agxv_kmd_syncobj_wait(struct agxv_kmd *kmd, const uint32_t *handles, const uint64_t *points,
                      uint32_t count, int64_t abs_timeout_ns, uint32_t flags,
                      uint32_t *first_signaled)
{
   int ret;
   uint32_t first = 0;
   if (points) {
      struct drm_syncobj_timeline_wait w = {
         .handles = (uint64_t)(uintptr_t)handles,
         .points = (uint64_t)(uintptr_t)points,
         .timeout_nsec = abs_timeout_ns,
         .count_handles = count,
         .flags = flags,
      };
      ret = kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &w);
      first = w.first_signaled;
   } else {
      struct drm_syncobj_wait w = {
         .handles = (uint64_t)(uintptr_t)handles,
         .timeout_nsec = abs_timeout_ns,
         .count_handles = count,
         .flags = flags,
      };
      ret = kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
      first = w.first_signaled;
   }
   if (ret == 0 && first_signaled)
      *first_signaled = first;
   return ret;
}

static int
syncobj_array(struct agxv_kmd *kmd, unsigned long request, const uint32_t *handles, uint32_t count)
{
   struct drm_syncobj_array a = {.handles = (uint64_t)(uintptr_t)handles, .count_handles = count};
   return kmd_ioctl(kmd, request, &a);
}

int
agxv_kmd_syncobj_reset(struct agxv_kmd *kmd, const uint32_t *handles, uint32_t count)
{
   return syncobj_array(kmd, DRM_IOCTL_SYNCOBJ_RESET, handles, count);
}

int
agxv_kmd_syncobj_signal(struct agxv_kmd *kmd, const uint32_t *handles, uint32_t count)
{
   return syncobj_array(kmd, DRM_IOCTL_SYNCOBJ_SIGNAL, handles, count);
}

int
agxv_kmd_syncobj_timeline_signal(struct agxv_kmd *kmd, const uint32_t *handles,
                                 const uint64_t *points, uint32_t count)
{
   struct drm_syncobj_timeline_array a = {
      .handles = (uint64_t)(uintptr_t)handles,
      .points = (uint64_t)(uintptr_t)points,
      .count_handles = count,
   };
   return kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &a);
}

int
agxv_kmd_syncobj_query(struct agxv_kmd *kmd, const uint32_t *handles, uint64_t *points,
                       uint32_t count)
{
   struct drm_syncobj_timeline_array a = {
      .handles = (uint64_t)(uintptr_t)handles,
      .points = (uint64_t)(uintptr_t)points,
      .count_handles = count,
   };
   return kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_QUERY, &a);
}

int
agxv_kmd_syncobj_transfer(struct agxv_kmd *kmd, uint32_t dst, uint64_t dst_point, uint32_t src,
                          uint64_t src_point)
{
   struct drm_syncobj_transfer t = {
      .src_handle = src,
      .dst_handle = dst,
      .src_point = src_point,
      .dst_point = dst_point,
   };
   return kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_TRANSFER, &t);
}

int
agxv_kmd_syncobj_export(struct agxv_kmd *kmd, uint32_t handle, int *fd)
{
   struct drm_syncobj_handle h = {.handle = handle, .fd = -1};
   int ret = kmd_ioctl(kmd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h);
   if (ret == 0)
      *fd = h.fd;
   return ret;
}

int
agxv_kmd_fence_status(struct agxv_kmd *kmd, uint32_t syncobj, uint64_t point, int *status)
{
   int ret = kmd->ops->fence_status(kmd, syncobj, point, status);
   if (kmd->trace && (ret || *status < 0))
      agxv_log("fence status of syncobj %u point %llu -> %d (status %d)", syncobj,
               (unsigned long long)point, ret, ret ? 0 : *status);
   return ret;
}
