/*
 * GEM objects of the simulated kernel: GEM_CREATE, GEM_MMAP_OFFSET,
 * DRM_IOCTL_GEM_CLOSE, GEM_BIND_OBJECT, and CPU mmap/munmap.
 *
 * Assumes: BO memory is anonymous host memory (page aligned, zero-filled,
 * committed lazily by the host kernel), counted against sim->mem_limit at
 * its 16 KiB-rounded size. A BO lives while anything references it: its
 * handle, a GPU page-table entry, a CPU mapping, a bound object, a job.
 * As on Linux, GEM_CLOSE drops the handle and all GPU mappings but a CPU
 * mapping keeps the pages alive until agx_sim_munmap.
 */
#include "agx_sim_priv.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "agx_sim_vm.h"

void
agx_sim_bo_ref(struct agx_sim_bo *bo)
{
   atomic_fetch_add(&bo->refcount, 1);
}

void
agx_sim_bo_unref(struct agx_sim_bo *bo)
{
   if (!bo || atomic_fetch_sub(&bo->refcount, 1) != 1)
      return;

   struct agx_sim *sim = bo->sim;
   munmap(bo->map, bo->size);
   /* mem_used is guarded by sim->lock, which the last unref may or may
    * not hold (a queue worker never does): account atomically instead. */
   __atomic_fetch_sub(&sim->mem_used, bo->size, __ATOMIC_RELAXED);
   free(bo);
}

int
agx_sim_ioctl_gem_create(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_gem_create *c = arg;
   const uint32_t known = DRM_ASAHI_GEM_WRITEBACK | DRM_ASAHI_GEM_VM_PRIVATE;
   bool private = c->flags & DRM_ASAHI_GEM_VM_PRIVATE;

   if ((c->flags & ~known) || c->pad || (!private && c->vm_id))
      return -EINVAL;
   if (c->size == 0 || c->size > UINT64_MAX - AGX_SIM_PAGE_MASK)
      return -EINVAL;
   uint64_t size = (c->size + AGX_SIM_PAGE_MASK) & ~AGX_SIM_PAGE_MASK;
   if (size > SIZE_MAX)
      return -ENOMEM;

   pthread_mutex_lock(&sim->lock);
   int ret = 0;
   uint64_t vm_serial = 0;
   if (private) {
      struct agx_sim_vm *vm = agx_sim_vm_get_locked(sim, c->vm_id);
      if (!vm) {
         ret = -ENOENT;
         goto out;
      }
      vm_serial = agx_sim_vm_serial(vm);
   }

   uint64_t used = __atomic_load_n(&sim->mem_used, __ATOMIC_RELAXED);
   if (size > sim->mem_limit || used > sim->mem_limit - size) {
      ret = -ENOMEM;
      goto out;
   }

   struct agx_sim_bo *bo = calloc(1, sizeof(*bo));
   if (!bo) {
      ret = -ENOMEM;
      goto out;
   }
   bo->map =
      mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
   if (bo->map == MAP_FAILED) {
      free(bo);
      ret = -ENOMEM;
      goto out;
   }
   atomic_init(&bo->refcount, 1);
   bo->sim = sim;
   bo->size = size;
   bo->flags = c->flags;
   bo->vm_serial = vm_serial;

   uint32_t handle = agx_sim_table_insert(&sim->bos, bo);
   if (!handle) {
      munmap(bo->map, size);
      free(bo);
      ret = -ENOMEM;
      goto out;
   }
   __atomic_fetch_add(&sim->mem_used, size, __ATOMIC_RELAXED);
   c->handle = handle;
out:
   pthread_mutex_unlock(&sim->lock);
   return ret;
}

int
agx_sim_ioctl_gem_mmap_offset(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_gem_mmap_offset *m = arg;
   if (m->flags)
      return -EINVAL;

   pthread_mutex_lock(&sim->lock);
   struct agx_sim_bo *bo = agx_sim_table_get(&sim->bos, m->handle);
   if (!bo) {
      pthread_mutex_unlock(&sim->lock);
      return -ENOENT;
   }
   if (!bo->mmap_offset) {
      /* Never reused: a stale offset can't alias a newer BO. */
      bo->mmap_offset = sim->next_mmap_offset;
      sim->next_mmap_offset += bo->size + AGX_SIM_PAGE_SIZE;
   }
   m->offset = bo->mmap_offset;
   pthread_mutex_unlock(&sim->lock);
   return 0;
}

int
agx_sim_ioctl_gem_close(struct agx_sim *sim, void *arg)
{
   struct drm_gem_close *c = arg;

   pthread_mutex_lock(&sim->lock);
   struct agx_sim_bo *bo = agx_sim_table_remove(&sim->bos, c->handle);
   if (!bo) {
      pthread_mutex_unlock(&sim->lock);
      return -EINVAL; /* drm_gem_handle_delete's answer */
   }
   for (uint32_t id = agx_sim_table_next(&sim->vms, 0); id; id = agx_sim_table_next(&sim->vms, id))
      agx_sim_vm_unmap_bo(agx_sim_table_get(&sim->vms, id), bo);
   /* Timestamp objects hold their own reference in the kernel as well; we
    * keep them bound until GEM_BIND_OBJECT UNBIND, so nothing else here. */
   pthread_mutex_unlock(&sim->lock);

   agx_sim_bo_unref(bo);
   return 0;
}

int
agx_sim_ioctl_gem_bind_object(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_gem_bind_object *b = arg;
   if (b->pad || b->vm_id)
      return -EINVAL;

   int ret = 0;
   pthread_mutex_lock(&sim->lock);
   if (b->op == DRM_ASAHI_BIND_OBJECT_OP_BIND) {
      if (b->flags != DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS ||
          ((b->offset | b->range) & AGX_SIM_PAGE_MASK) || b->range == 0) {
         ret = -EINVAL;
         goto out;
      }
      struct agx_sim_bo *bo = agx_sim_table_get(&sim->bos, b->handle);
      if (!bo) {
         ret = -ENOENT;
         goto out;
      }
      if (b->offset > bo->size || b->range > bo->size - b->offset) {
         ret = -EINVAL;
         goto out;
      }
      struct agx_sim_object *obj = calloc(1, sizeof(*obj));
      uint32_t id = obj ? agx_sim_table_insert(&sim->objects, obj) : 0;
      if (!id) {
         free(obj);
         ret = -ENOMEM;
         goto out;
      }
      agx_sim_bo_ref(bo);
      obj->bo = bo;
      obj->offset = b->offset;
      obj->range = b->range;
      b->object_handle = id;
   } else if (b->op == DRM_ASAHI_BIND_OBJECT_OP_UNBIND) {
      if (b->flags || b->handle || b->offset || b->range) {
         ret = -EINVAL;
         goto out;
      }
      struct agx_sim_object *obj = agx_sim_table_remove(&sim->objects, b->object_handle);
      if (!obj) {
         ret = -ENOENT;
         goto out;
      }
      agx_sim_bo_unref(obj->bo);
      free(obj);
   } else {
      ret = -EINVAL;
   }
out:
   pthread_mutex_unlock(&sim->lock);
   return ret;
}

void *
agx_sim_mmap(struct agx_sim *sim, uint64_t offset, size_t size, int *err)
{
   int dummy;
   if (!err)
      err = &dummy;
   *err = 0;
   if (!sim || size == 0) {
      *err = -EINVAL;
      return NULL;
   }

   void *ptr = NULL;
   pthread_mutex_lock(&sim->lock);
   struct agx_sim_bo *bo = NULL;
   for (uint32_t id = agx_sim_table_next(&sim->bos, 0); id;
        id = agx_sim_table_next(&sim->bos, id)) {
      struct agx_sim_bo *b = agx_sim_table_get(&sim->bos, id);
      if (b->mmap_offset && b->mmap_offset == offset) {
         bo = b;
         break;
      }
   }
   if (!bo || size > bo->size) {
      *err = -EINVAL;
      goto out;
   }

   for (struct agx_sim_cpu_map *m = sim->cpu_maps; m; m = m->next) {
      if (m->bo == bo) {
         m->count++;
         if (size > m->size)
            m->size = size;
         ptr = m->ptr;
         goto out;
      }
   }

   struct agx_sim_cpu_map *m = calloc(1, sizeof(*m));
   if (!m) {
      *err = -ENOMEM;
      goto out;
   }
   agx_sim_bo_ref(bo);
   m->bo = bo;
   m->ptr = bo->map;
   m->size = size;
   m->count = 1;
   m->next = sim->cpu_maps;
   sim->cpu_maps = m;
   ptr = m->ptr;
out:
   pthread_mutex_unlock(&sim->lock);
   return ptr;
}

int
agx_sim_munmap(struct agx_sim *sim, void *ptr, size_t size)
{
   if (!sim || !ptr)
      return -EINVAL;

   pthread_mutex_lock(&sim->lock);
   struct agx_sim_cpu_map **link = &sim->cpu_maps;
   for (; *link; link = &(*link)->next) {
      if ((*link)->ptr == ptr)
         break;
   }
   struct agx_sim_cpu_map *m = *link;
   if (!m || size == 0 || size > m->bo->size) {
      pthread_mutex_unlock(&sim->lock);
      return -EINVAL;
   }
   struct agx_sim_bo *bo = NULL;
   if (--m->count == 0) {
      *link = m->next;
      bo = m->bo;
      free(m);
   }
   pthread_mutex_unlock(&sim->lock);
   agx_sim_bo_unref(bo);
   return 0;
}

void
agx_sim_gem_destroy_all(struct agx_sim *sim)
{
   pthread_mutex_lock(&sim->lock);
   for (uint32_t id = agx_sim_table_next(&sim->objects, 0); id;
        id = agx_sim_table_next(&sim->objects, id)) {
      struct agx_sim_object *obj = agx_sim_table_remove(&sim->objects, id);
      agx_sim_bo_unref(obj->bo);
      free(obj);
   }
   for (uint32_t id = agx_sim_table_next(&sim->bos, 0); id; id = agx_sim_table_next(&sim->bos, id))
      agx_sim_bo_unref(agx_sim_table_remove(&sim->bos, id));
   while (sim->cpu_maps) {
      struct agx_sim_cpu_map *m = sim->cpu_maps;
      sim->cpu_maps = m->next;
      agx_sim_bo_unref(m->bo);
      free(m);
   }
   pthread_mutex_unlock(&sim->lock);
}
