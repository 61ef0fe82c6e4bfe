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

#include "agxv_kmd.h"

int agxv_kmd_drm_wrap_fd(int fd, const char *node, struct agxv_kmd **out);

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
   if (!agxv_kmd_drm_available()) {
      struct agxv_kmd *kmd = NULL;
      CHECK(agxv_kmd_open(AGXV_KMD_DRM, false, &kmd) == -ENODEV && kmd == NULL);
   }

   int fd = open("/dev/null", O_RDWR);
   CHECK(fd >= 0);
   struct agxv_kmd *kmd;
   CHECK(agxv_kmd_drm_wrap_fd(fd, "/dev/null", &kmd) == 0);
   uint32_t handle = 0;
   int ret = agxv_kmd_gem_create(kmd, 16384, 0, 0, &handle);
   CHECK(ret == -ENOTTY);
   uint64_t t;
   CHECK(agxv_kmd_get_time(kmd, &t) == -ENOTTY);
   CHECK(agxv_kmd_syncobj_create(kmd, false, &handle) == -ENOTTY);
   agxv_kmd_close(kmd);

   /* The simulator through the same typed interface. */
   CHECK(agxv_kmd_open(AGXV_KMD_SIM, false, &kmd) == 0);
   CHECK(kmd->params.chip_id == 0x8103 && kmd->params.gpu_generation == 13);
   CHECK(agxv_kmd_gem_create(kmd, 16384, 0, 0, &handle) == 0 && handle != 0);
   void *p = NULL;
   CHECK(agxv_kmd_gem_mmap(kmd, handle, 16384, &p) == 0 && p != NULL);
   ((volatile char *)p)[100] = 7;
   CHECK(agxv_kmd_gem_munmap(kmd, p, 16384) == 0);
   CHECK(agxv_kmd_gem_close(kmd, handle) == 0);
   CHECK(agxv_kmd_gem_close(kmd, handle) != 0);
   agxv_kmd_close(kmd);
   printf("ok\n");
   return 0;
}
