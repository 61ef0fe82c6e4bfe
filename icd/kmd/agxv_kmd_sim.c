/*
 * sim backend: the same ioctls and structs, delivered to the in-process
 * simulator instead of a DRM fd.
 */
#include "agxv_kmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "agx_sim.h"

struct agxv_kmd_sim {
   struct agxv_kmd base;
   struct agx_sim *sim;
};

static int
sim_ioctl(struct agxv_kmd *kmd, unsigned long request, void *arg)
{
   return agx_sim_ioctl(((struct agxv_kmd_sim *)kmd)->sim, request, arg);
}

static void *
sim_mmap(struct agxv_kmd *kmd, uint64_t offset, size_t size, int *err)
{
   return agx_sim_mmap(((struct agxv_kmd_sim *)kmd)->sim, offset, size, err);
}

static int
sim_munmap(struct agxv_kmd *kmd, void *ptr, size_t size)
{
   return agx_sim_munmap(((struct agxv_kmd_sim *)kmd)->sim, ptr, size);
}

/* The simulator answers directly what a sync_file export would tell. */
static int
sim_fence_status(struct agxv_kmd *kmd, uint32_t syncobj, uint64_t point, int *status)
{
   return agx_sim_syncobj_fence_status(((struct agxv_kmd_sim *)kmd)->sim, syncobj, point, status);
}

static void
sim_destroy(struct agxv_kmd *kmd)
{
   struct agxv_kmd_sim *s = (struct agxv_kmd_sim *)kmd;
   agx_sim_destroy(s->sim);
   free(s);
}

static const struct agxv_kmd_ops sim_ops = {
   .ioctl = sim_ioctl,
   .mmap = sim_mmap,
   .munmap = sim_munmap,
   .fence_status = sim_fence_status,
   .destroy = sim_destroy,
};

int
agxv_kmd_sim_open(struct agxv_kmd **out)
{
   struct agxv_kmd_sim *s = calloc(1, sizeof(*s));
   if (!s)
      return -ENOMEM;
   struct agx_sim_config config = {.chip = AGX_SIM_CHIP_T8103};
   int ret = agx_sim_create(&config, &s->sim);
   if (ret) {
      free(s);
      return ret;
   }
   s->base.ops = &sim_ops;
   s->base.backend = AGXV_KMD_SIM;
   snprintf(s->base.node, sizeof(s->base.node), "simulator");
   *out = &s->base;
   return 0;
}

struct agx_sim *
agxv_kmd_sim_get(struct agxv_kmd *kmd)
{
   return kmd->ops == &sim_ops ? ((struct agxv_kmd_sim *)kmd)->sim : NULL;
}
