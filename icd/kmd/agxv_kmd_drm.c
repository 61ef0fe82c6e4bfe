/*
 * drm backend: a real asahi render node through libdrm. Devices are found
 * with drmGetDevices2 and accepted only if drmGetVersion names the "asahi"
 * driver. Cannot run without Apple hardware; tests cover the probing and
 * the ioctl transport against ordinary file descriptors.
 */
#include "agxv_kmd.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sync_file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

struct agxv_kmd_drm {
   struct agxv_kmd base;
   int fd;
};

/* Opens the first render node driven by "asahi"; returns its fd or -errno. */
static int
open_asahi_node(char *path, size_t path_size)
{
   drmDevicePtr devices[16];
   int count = drmGetDevices2(0, devices, 16);
   if (count <= 0)
      return -ENODEV; /* negative: no /dev/dri at all */

   int found = -ENODEV;
   for (int i = 0; i < count && found < 0; i++) {
      if (!(devices[i]->available_nodes & (1 << DRM_NODE_RENDER)))
         continue;
      const char *node = devices[i]->nodes[DRM_NODE_RENDER];
      int fd = open(node, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      drmVersionPtr version = drmGetVersion(fd);
      bool asahi = version && version->name && strcmp(version->name, "asahi") == 0;
      drmFreeVersion(version);
      if (asahi) {
         snprintf(path, path_size, "%s", node);
         found = fd;
      } else {
         close(fd);
      }
   }
   drmFreeDevices(devices, count);
   return found;
}

bool
agxv_kmd_drm_available(void)
{
   char path[64];
   int fd = open_asahi_node(path, sizeof(path));
   if (fd < 0)
      return false;
   close(fd);
   return true;
}

static int
drm_ioctl(struct agxv_kmd *kmd, unsigned long request, void *arg)
{
   struct agxv_kmd_drm *d = (struct agxv_kmd_drm *)kmd;
   return drmIoctl(d->fd, request, arg) == 0 ? 0 : -errno;
}

static void *
drm_mmap(struct agxv_kmd *kmd, uint64_t offset, size_t size, int *err)
{
   struct agxv_kmd_drm *d = (struct agxv_kmd_drm *)kmd;
   void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, d->fd, (off_t)offset);
   if (p == MAP_FAILED) {
      *err = -errno;
      return NULL;
   }
   return p;
}

static int
drm_munmap(struct agxv_kmd *kmd, void *ptr, size_t size)
{
   return munmap(ptr, size) == 0 ? 0 : -errno;
}

/*
 * A job that faulted signals its fence with an error, visible through a
 * sync_file: copy the point into a temporary binary syncobj, export that as
 * a sync_file and read its status with SYNC_IOC_FILE_INFO.
 */
static int
drm_fence_status(struct agxv_kmd *kmd, uint32_t syncobj, uint64_t point, int *status)
{
   struct agxv_kmd_drm *d = (struct agxv_kmd_drm *)kmd;
   struct drm_syncobj_create create = {0};
   if (drmIoctl(d->fd, DRM_IOCTL_SYNCOBJ_CREATE, &create))
      return -errno;
   int ret = 0;
   struct drm_syncobj_transfer transfer = {.src_handle = syncobj,
                                           .dst_handle = create.handle,
                                           .src_point = point};
   struct drm_syncobj_handle export = {.handle = create.handle,
                                       .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE,
                                       .fd = -1};
   if (drmIoctl(d->fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &transfer) ||
       drmIoctl(d->fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &export)) {
      ret = -errno;
   } else {
      struct sync_file_info info = {0};
      ret = ioctl(export.fd, SYNC_IOC_FILE_INFO, &info) ? -errno : 0;
      if (ret == 0)
         *status = info.status;
      close(export.fd);
   }
   struct drm_syncobj_destroy destroy = {.handle = create.handle};
   drmIoctl(d->fd, DRM_IOCTL_SYNCOBJ_DESTROY, &destroy);
   return ret;
}

static void
drm_destroy(struct agxv_kmd *kmd)
{
   struct agxv_kmd_drm *d = (struct agxv_kmd_drm *)kmd;
   close(d->fd);
   free(d);
}

static const struct agxv_kmd_ops drm_ops = {
   .ioctl = drm_ioctl,
   .mmap = drm_mmap,
   .munmap = drm_munmap,
   .fence_status = drm_fence_status,
   .destroy = drm_destroy,
};

/* Wraps an already-open fd (used by agxv_kmd_drm_open and by tests). */
int agxv_kmd_drm_wrap_fd(int fd, const char *node, struct agxv_kmd **out);

int
agxv_kmd_drm_wrap_fd(int fd, const char *node, struct agxv_kmd **out)
{
   struct agxv_kmd_drm *d = calloc(1, sizeof(*d));
   if (!d)
      return -ENOMEM;
   d->base.ops = &drm_ops;
   d->base.backend = AGXV_KMD_DRM;
   snprintf(d->base.node, sizeof(d->base.node), "%s", node);
   d->fd = fd;
   *out = &d->base;
   return 0;
}

int
agxv_kmd_drm_open(struct agxv_kmd **out)
{
   char path[64];
   int fd = open_asahi_node(path, sizeof(path));
   if (fd < 0)
      return fd;
   int ret = agxv_kmd_drm_wrap_fd(fd, path, out);
   if (ret)
      close(fd);
   return ret;
}
