/*
 * GPU virtual memory of the simulated AGX: VM objects, their page tables,
 * and the memory-access API every simulated GPU unit must use.
 *
 * Assumes: 16 KiB GPU pages and a 40-bit VA (the UAT's user half is 39 bits;
 * the table covers 40 so any 40-bit address is simply unmapped). The page
 * table is a 3-level radix, 4 + 11 + 11 index bits over the 26-bit page
 * number, mirroring the AGX UAT's 2048-entry 16 KiB tables. Each leaf entry
 * holds the host address of the page, READ/WRITE permission and a reference
 * to the owning BO, so a mapped page can never be freed under the GPU.
 *
 * Locking: a VM has a rwlock; binds take it for writing, GPU accesses for
 * reading. agx_sim_vm_read/write take it themselves; agx_sim_vm_translate
 * requires the caller to hold agx_sim_vm_access_begin() until it stops
 * using the returned pointer.
 */
#ifndef AGX_SIM_VM_H
#define AGX_SIM_VM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct agx_sim;
struct agx_sim_vm;

#define AGX_SIM_PAGE_SIZE (16384ull)
#define AGX_SIM_PAGE_MASK (AGX_SIM_PAGE_SIZE - 1)
#define AGX_SIM_VA_BITS 40

/* Access kinds, also the per-page permission bits. */
enum agx_sim_access {
   AGX_SIM_ACCESS_READ = 1u << 0,
   AGX_SIM_ACCESS_WRITE = 1u << 1,
};

enum agx_sim_fault_type {
   AGX_SIM_FAULT_NONE = 0,
   AGX_SIM_FAULT_UNMAPPED,   /* no page at this VA (or VA >= 2^40) */
   AGX_SIM_FAULT_PERMISSION, /* page mapped without the needed permission */
};

struct agx_sim_fault {
   enum agx_sim_fault_type type;
   uint64_t addr;              /* first faulting byte */
   enum agx_sim_access access; /* what was attempted */
};

/*
 * Copy `size` bytes between GPU VA `va` and host memory. Every page of the
 * range is checked before any byte moves, so a faulting access has no
 * effect. Returns AGX_SIM_FAULT_NONE or the fault (also stored in *fault
 * if non-NULL).
 */
enum agx_sim_fault_type agx_sim_vm_read(struct agx_sim_vm *vm, uint64_t va, void *dst, size_t size,
                                        struct agx_sim_fault *fault);
enum agx_sim_fault_type agx_sim_vm_write(struct agx_sim_vm *vm, uint64_t va, const void *src,
                                         size_t size, struct agx_sim_fault *fault);

/*
 * Host address of GPU VA `va` for `access`, valid up to the end of its page
 * (*contiguous receives the bytes left in that page). NULL on fault. The
 * caller must hold agx_sim_vm_access_begin().
 */
void *agx_sim_vm_translate(struct agx_sim_vm *vm, uint64_t va, enum agx_sim_access access,
                           size_t *contiguous, struct agx_sim_fault *fault);
void agx_sim_vm_access_begin(struct agx_sim_vm *vm);
void agx_sim_vm_access_end(struct agx_sim_vm *vm);

/*
 * Every mapped page in VA order: cb(user, va, host page, perms) with perms
 * the enum agx_sim_access bits. The caller must hold
 * agx_sim_vm_access_begin(). Used by the render capture (agx_sim_dump.c).
 */
void agx_sim_vm_walk(struct agx_sim_vm *vm,
                     void (*cb)(void *user, uint64_t va, const uint8_t *host, uint32_t perms),
                     void *user);
/* The VM's kernel range from VM_CREATE. */
void agx_sim_vm_kernel_range(const struct agx_sim_vm *vm, uint64_t *start, uint64_t *end);

/* Look up a live VM by id, returning a reference (NULL if none). */
struct agx_sim_vm *agx_sim_vm_lookup(struct agx_sim *sim, uint32_t vm_id);
struct agx_sim_vm *agx_sim_vm_ref(struct agx_sim_vm *vm);
void agx_sim_vm_unref(struct agx_sim_vm *vm);

#endif
