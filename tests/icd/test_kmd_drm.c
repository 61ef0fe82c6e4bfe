/*
 * The drm backend on this machine: probing finds no asahi node, and the
 * ioctl transport reports the kernel's errno when given a file descriptor
 * that is not an asahi device (no crash, no success).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "agx_kmd.h"

int agx_kmd_drm_wrap_fd(int fd, const char *node, struct agx_kmd **out);

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         return 1;                                                             \
      }                                                                        \
   } while (0)

int
main(void)
{
   /* No Apple GPU in CI: auto must pick the simulator, drm must find nothing. */
   if (!agx_kmd_drm_available()) {
      struct agx_kmd *kmd = NULL;
      CHECK(agx_kmd_open(AGX_KMD_DRM, false, &kmd) == -ENODEV && kmd == NULL);
   }

   int fd = open("/dev/null", O_RDWR);
   CHECK(fd >= 0);
   struct agx_kmd *kmd;
   CHECK(agx_kmd_drm_wrap_fd(fd, "/dev/null", &kmd) == 0);
   uint32_t handle = 0;
   int ret = agx_kmd_gem_create(kmd, 16384, 0, 0, &handle);
   CHECK(ret == -ENOTTY);
   uint64_t t;
   CHECK(agx_kmd_get_time(kmd, &t) == -ENOTTY);
   CHECK(agx_kmd_syncobj_create(kmd, false, &handle) == -ENOTTY);
   agx_kmd_close(kmd);

   /* The simulator through the same typed interface. */
   CHECK(agx_kmd_open(AGX_KMD_SIM, false, &kmd) == 0);
   CHECK(kmd->params.chip_id == 0x8103 && kmd->params.gpu_generation == 13);
   CHECK(agx_kmd_gem_create(kmd, 16384, 0, 0, &handle) == 0 && handle != 0);
   void *p = NULL;
   CHECK(agx_kmd_gem_mmap(kmd, handle, 16384, &p) == 0 && p != NULL);
   ((volatile char *)p)[100] = 7;
   CHECK(agx_kmd_gem_munmap(kmd, p, 16384) == 0);
   CHECK(agx_kmd_gem_close(kmd, handle) == 0);
   CHECK(agx_kmd_gem_close(kmd, handle) != 0);
   agx_kmd_close(kmd);
   printf("ok\n");
   return 0;
}
