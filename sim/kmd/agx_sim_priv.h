/*
 * Internal state of the simulated asahi kernel. Not for the driver.
 *
 * Assumes: one struct agx_sim is one open DRM file of the asahi driver.
 * Locks, in the only order they may nest:
 *   sim->lock  (object tables: BOs, VMs, bound objects, queues, CPU maps)
 *     -> vm->lock (a VM's page table; rwlock)
 *     -> sim->sync_lock (syncobjs and every fence; waiters use sync_cond)
 *   queue->lock is only taken alone or under sim->lock.
 * GPU work (queue workers) never takes sim->lock.
 */
#ifndef AGX_SIM_PRIV_H
#define AGX_SIM_PRIV_H

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "drm-uapi/asahi_drm.h"

#include "agx_sim.h"
#include "agx_sim_table.h"

struct agx_sim_fence;
struct agx_sim_vm;

/* A GEM object: page-aligned, zero-filled host memory. */
struct agx_sim_bo {
   atomic_uint refcount;           /* handle + each PTE + each CPU map + users */
   atomic_uint_fast64_t gpu_pages; /* PTEs pointing here, across all VMs */
   struct agx_sim *sim;
   uint64_t size;        /* multiple of 16 KiB */
   uint32_t flags;       /* DRM_ASAHI_GEM_* */
   uint64_t vm_serial;   /* VM_PRIVATE: serial of the owning VM, else 0 */
   uint8_t *map;         /* host memory */
   uint64_t mmap_offset; /* fake offset, 0 until GEM_MMAP_OFFSET */
};

/* A CPU mapping made with agx_sim_mmap. */
struct agx_sim_cpu_map {
   struct agx_sim_cpu_map *next;
   struct agx_sim_bo *bo; /* owned reference */
   void *ptr;
   size_t size;
   uint32_t count; /* repeated mmaps of the same BO share one record */
};

/* A GEM_BIND_OBJECT "special object" (timestamp buffer). */
struct agx_sim_object {
   struct agx_sim_bo *bo; /* owned reference */
   uint64_t offset, range;
};

struct agx_sim_syncobj {
   uint32_t refcount;           /* handle + in-progress ioctls (under sync_lock) */
   struct agx_sim_fence *fence; /* NULL, a plain fence, or a chain head */
};

struct agx_sim {
   struct agx_sim_config config;
   struct drm_asahi_params_global params;
   bool debug_ioctl;
   char *dump_dir; /* AGX_SIM_DUMP: render captures go here (agx_sim_dump.h) */
   FILE *stats;    /* AGX_SIM_STATS: one line per executed command (agx_sim_exec.c) */

   pthread_mutex_t lock;
   struct agx_sim_table bos, vms, objects, queues;
   struct agx_sim_cpu_map *cpu_maps;
   uint64_t mem_used, mem_limit;
   uint64_t next_mmap_offset;
   uint64_t next_vm_serial;

   pthread_mutex_t sync_lock;
   pthread_cond_t sync_cond; /* CLOCK_MONOTONIC */
   struct agx_sim_table syncobjs;

   /* Test observation (agx_sim_exec.c): executed commands, an execution
    * log, and a gate holding workers back. */
   pthread_mutex_t test_lock;
   pthread_cond_t test_cond;
   bool gate_closed;
   uint64_t gpu_errors;   /* commands that faulted */
   uint64_t thread_insns; /* simulated thread-instructions */
   char last_error[512];  /* report of the latest GPU error */
   uint64_t executed_render, executed_compute;
   uint32_t log_count;
   uint64_t log[64];
};

/* Device-wide parameters for a chip (agx_sim_chips.c). */
bool agx_sim_chip_params(enum agx_sim_chip chip, struct drm_asahi_params_global *out);

uint64_t agx_sim_now_ns(void);

/* Ioctl handlers: `arg` is a kernel-side copy of the user struct. */
int agx_sim_ioctl_gem_create(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_gem_mmap_offset(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_gem_close(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_gem_bind_object(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_vm_create(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_vm_destroy(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_vm_bind(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_queue_create(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_queue_destroy(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_submit(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_create(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_destroy(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_wait(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_timeline_wait(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_reset(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_signal(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_timeline_signal(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_query(struct agx_sim *sim, void *arg);
int agx_sim_ioctl_syncobj_transfer(struct agx_sim *sim, void *arg);

/* BO references (agx_sim_gem.c). Dropping the last frees the memory. */
void agx_sim_bo_ref(struct agx_sim_bo *bo);
void agx_sim_bo_unref(struct agx_sim_bo *bo);

/* VM internals (agx_sim_vm.c); callers hold sim->lock. */
struct agx_sim_vm *agx_sim_vm_get_locked(struct agx_sim *sim, uint32_t id);
uint64_t agx_sim_vm_serial(const struct agx_sim_vm *vm);
void agx_sim_vm_unmap_bo(struct agx_sim_vm *vm, struct agx_sim_bo *bo);

/* Syncobj internals (agx_sim_syncobj.c); callers hold sim->sync_lock. */
void agx_sim_syncobj_replace_fence(struct agx_sim_syncobj *so, struct agx_sim_fence *fence);
int agx_sim_syncobj_add_point(struct agx_sim_syncobj *so, struct agx_sim_fence *fence,
                              uint64_t point);
void agx_sim_fence_signal(struct agx_sim *sim, struct agx_sim_fence *fence);
/* Signal with an error (dma_fence_set_error + signal): -EIO GPU fault,
 * -ETIMEDOUT timeout, as the asahi kernel's WorkError mapping. */
void agx_sim_fence_signal_error(struct agx_sim *sim, struct agx_sim_fence *fence, int error);

/* Teardown helpers used by agx_sim_destroy. */
void agx_sim_queues_destroy_all(struct agx_sim *sim);
void agx_sim_syncobjs_destroy_all(struct agx_sim *sim);
void agx_sim_vms_destroy_all(struct agx_sim *sim);
void agx_sim_gem_destroy_all(struct agx_sim *sim);

/* Copy helpers for "user" pointers: the driver is in-process, so these are
 * host pointers; NULL with a non-zero size is the only detectable fault. */
static inline void *
agx_sim_user_ptr(uint64_t ptr)
{
   return (void *)(uintptr_t)ptr;
}

#endif
