/*
 * VMs of the simulated kernel: VM_CREATE, VM_DESTROY, VM_BIND, the page
 * table, and the GPU memory-access API declared in agx_sim_vm.h.
 *
 * Assumes: the rules of the asahi driver's file.rs (page-aligned
 * addr/offset/range, binds confined to [vm_start, vm_end) and outside the
 * VM's kernel range, UNBIND ops with handle = offset = 0). One deliberate
 * strengthening: the kernel applies VM_BIND ops one by one and can stop
 * half-way; the simulator validates the whole array first and applies all
 * or nothing. Page-table memory is also allocated before anything changes.
 */
#include "agx_sim_vm.h"
#include "agx_sim_priv.h"

#include <stdlib.h>
#include <string.h>

#define L2_BITS 11
#define L1_BITS 11
#define L0_BITS (AGX_SIM_VA_BITS - 14 - L1_BITS - L2_BITS) /* 4 */
#define L2_ENTRIES (1u << L2_BITS)
#define L1_ENTRIES (1u << L1_BITS)
#define L0_ENTRIES (1u << L0_BITS)
#define NUM_PAGES (1ull << (AGX_SIM_VA_BITS - 14))

struct agx_sim_pte {
   uint8_t *host;         /* host address of the 16 KiB page */
   struct agx_sim_bo *bo; /* owning BO (one reference per entry) */
   uint32_t perms;        /* enum agx_sim_access bits */
};

struct agx_sim_l1 {
   struct agx_sim_pte *tables[L1_ENTRIES];
};

struct agx_sim_vm {
   atomic_uint refcount;
   struct agx_sim *sim;
   uint64_t serial; /* unique for the device's life, unlike the id */
   uint64_t kernel_start, kernel_end;
   pthread_rwlock_t lock;
   struct agx_sim_l1 *root[L0_ENTRIES];
};

/* ---- page table --------------------------------------------------------- */

static struct agx_sim_pte *
pte_lookup(struct agx_sim_vm *vm, uint64_t page)
{
   if (page >= NUM_PAGES)
      return NULL;
   struct agx_sim_l1 *l1 = vm->root[page >> (L1_BITS + L2_BITS)];
   if (!l1)
      return NULL;
   struct agx_sim_pte *l2 = l1->tables[(page >> L2_BITS) & (L1_ENTRIES - 1)];
   return l2 ? &l2[page & (L2_ENTRIES - 1)] : NULL;
}

/* Make sure tables exist for every page of [page, end). */
static bool
pt_alloc_range(struct agx_sim_vm *vm, uint64_t page, uint64_t end)
{
   while (page < end) {
      struct agx_sim_l1 **l1 = &vm->root[page >> (L1_BITS + L2_BITS)];
      if (!*l1 && !(*l1 = calloc(1, sizeof(**l1))))
         return false;
      struct agx_sim_pte **l2 = &(*l1)->tables[(page >> L2_BITS) & (L1_ENTRIES - 1)];
      if (!*l2 && !(*l2 = calloc(L2_ENTRIES, sizeof(**l2))))
         return false;
      page = ((page >> L2_BITS) + 1) << L2_BITS;
   }
   return true;
}

static void
pte_clear(struct agx_sim_pte *e)
{
   if (e->bo) {
      atomic_fetch_sub(&e->bo->gpu_pages, 1);
      agx_sim_bo_unref(e->bo);
      memset(e, 0, sizeof(*e));
   }
}

/* Unmap [page, end), skipping absent tables wholesale. */
static void
pt_unmap_range(struct agx_sim_vm *vm, uint64_t page, uint64_t end)
{
   while (page < end) {
      struct agx_sim_l1 *l1 = vm->root[page >> (L1_BITS + L2_BITS)];
      if (!l1) {
         page = ((page >> (L1_BITS + L2_BITS)) + 1) << (L1_BITS + L2_BITS);
         continue;
      }
      struct agx_sim_pte *l2 = l1->tables[(page >> L2_BITS) & (L1_ENTRIES - 1)];
      if (!l2) {
         page = ((page >> L2_BITS) + 1) << L2_BITS;
         continue;
      }
      pte_clear(&l2[page & (L2_ENTRIES - 1)]);
      page++;
   }
}

static void
pt_free(struct agx_sim_vm *vm)
{
   pt_unmap_range(vm, 0, NUM_PAGES);
   for (unsigned i = 0; i < L0_ENTRIES; i++) {
      if (!vm->root[i])
         continue;
      for (unsigned j = 0; j < L1_ENTRIES; j++)
         free(vm->root[i]->tables[j]);
      free(vm->root[i]);
      vm->root[i] = NULL;
   }
}

void
agx_sim_vm_unmap_bo(struct agx_sim_vm *vm, struct agx_sim_bo *bo)
{
   /* gpu_pages lets GEM_CLOSE of an unmapped BO skip the table walk. The
    * caller holds a BO reference, so pte_clear never frees it here. */
   pthread_rwlock_wrlock(&vm->lock);
   for (unsigned i = 0; i < L0_ENTRIES && atomic_load(&bo->gpu_pages); i++) {
      if (!vm->root[i])
         continue;
      for (unsigned j = 0; j < L1_ENTRIES; j++) {
         struct agx_sim_pte *l2 = vm->root[i]->tables[j];
         for (unsigned k = 0; l2 && k < L2_ENTRIES; k++) {
            if (l2[k].bo == bo)
               pte_clear(&l2[k]);
         }
      }
   }
   pthread_rwlock_unlock(&vm->lock);
}

/* ---- lifetime ----------------------------------------------------------- */

struct agx_sim_vm *
agx_sim_vm_ref(struct agx_sim_vm *vm)
{
   if (vm)
      atomic_fetch_add(&vm->refcount, 1);
   return vm;
}

void
agx_sim_vm_unref(struct agx_sim_vm *vm)
{
   if (!vm || atomic_fetch_sub(&vm->refcount, 1) != 1)
      return;
   pt_free(vm);
   pthread_rwlock_destroy(&vm->lock);
   free(vm);
}

struct agx_sim_vm *
agx_sim_vm_get_locked(struct agx_sim *sim, uint32_t id)
{
   return agx_sim_table_get(&sim->vms, id);
}

struct agx_sim_vm *
agx_sim_vm_lookup(struct agx_sim *sim, uint32_t vm_id)
{
   pthread_mutex_lock(&sim->lock);
   struct agx_sim_vm *vm = agx_sim_vm_ref(agx_sim_table_get(&sim->vms, vm_id));
   pthread_mutex_unlock(&sim->lock);
   return vm;
}

uint64_t
agx_sim_vm_serial(const struct agx_sim_vm *vm)
{
   return vm->serial;
}

int
agx_sim_ioctl_vm_create(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_vm_create *c = arg;
   const struct drm_asahi_params_global *p = &sim->params;

   if (c->pad || c->kernel_start < p->vm_start || c->kernel_end > p->vm_end ||
       c->kernel_end < c->kernel_start || c->kernel_end - c->kernel_start < p->vm_kernel_min_size ||
       ((c->kernel_start | c->kernel_end) & AGX_SIM_PAGE_MASK))
      return -EINVAL;

   struct agx_sim_vm *vm = calloc(1, sizeof(*vm));
   if (!vm)
      return -ENOMEM;
   atomic_init(&vm->refcount, 1);
   vm->sim = sim;
   vm->kernel_start = c->kernel_start;
   vm->kernel_end = c->kernel_end;
   pthread_rwlock_init(&vm->lock, NULL);

   pthread_mutex_lock(&sim->lock);
   uint32_t id = agx_sim_table_insert(&sim->vms, vm);
   if (id)
      vm->serial = sim->next_vm_serial++;
   pthread_mutex_unlock(&sim->lock);
   if (!id) {
      agx_sim_vm_unref(vm);
      return -ENOMEM;
   }
   c->vm_id = id;
   return 0;
}

/* Remove a VM from the table: its user mappings go away now (as when the
 * kernel drops the file's Vm), queues keep the empty shell alive. */
static void
vm_release(struct agx_sim_vm *vm)
{
   pthread_rwlock_wrlock(&vm->lock);
   pt_unmap_range(vm, 0, NUM_PAGES);
   pthread_rwlock_unlock(&vm->lock);
   agx_sim_vm_unref(vm);
}

int
agx_sim_ioctl_vm_destroy(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_vm_destroy *d = arg;
   if (d->pad)
      return -EINVAL;

   pthread_mutex_lock(&sim->lock);
   struct agx_sim_vm *vm = agx_sim_table_remove(&sim->vms, d->vm_id);
   pthread_mutex_unlock(&sim->lock);
   if (!vm)
      return -ENOENT;
   vm_release(vm);
   return 0;
}

void
agx_sim_vms_destroy_all(struct agx_sim *sim)
{
   pthread_mutex_lock(&sim->lock);
   for (uint32_t id = agx_sim_table_next(&sim->vms, 0); id; id = agx_sim_table_next(&sim->vms, id))
      vm_release(agx_sim_table_remove(&sim->vms, id));
   pthread_mutex_unlock(&sim->lock);
}

/* ---- VM_BIND ------------------------------------------------------------ */

struct bind_op {
   struct drm_asahi_gem_bind_op op;
   struct agx_sim_bo *bo; /* NULL for unbind */
};

static int
validate_op(struct agx_sim *sim, struct agx_sim_vm *vm, struct bind_op *b)
{
   const struct drm_asahi_gem_bind_op *op = &b->op;
   const uint32_t known = DRM_ASAHI_BIND_UNBIND | DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE |
                          DRM_ASAHI_BIND_SINGLE_PAGE;
   const bool unbind = op->flags & DRM_ASAHI_BIND_UNBIND;

   if (op->flags & ~known)
      return -EINVAL;
   if (unbind && (op->flags != DRM_ASAHI_BIND_UNBIND || op->handle || op->offset))
      return -EINVAL;
   if (!unbind && !(op->flags & (DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE)))
      return -EINVAL;
   if ((op->addr | op->offset | op->range) & AGX_SIM_PAGE_MASK || op->range == 0)
      return -EINVAL;
   if (op->addr < sim->params.vm_start || op->addr > sim->params.vm_end ||
       op->range > sim->params.vm_end - op->addr)
      return -EINVAL;
   if (op->addr < vm->kernel_end && op->addr + op->range > vm->kernel_start)
      return -EINVAL;
   if (unbind)
      return 0;

   b->bo = agx_sim_table_get(&sim->bos, op->handle);
   if (!b->bo)
      return -ENOENT;
   uint64_t used = (op->flags & DRM_ASAHI_BIND_SINGLE_PAGE) ? AGX_SIM_PAGE_SIZE : op->range;
   if (op->offset > b->bo->size || used > b->bo->size - op->offset)
      return -EINVAL;
   if (b->bo->vm_serial && b->bo->vm_serial != vm->serial)
      return -EINVAL; /* VM_PRIVATE BO bound on a foreign VM */
   return 0;
}

static void
apply_op(struct agx_sim_vm *vm, const struct bind_op *b)
{
   const struct drm_asahi_gem_bind_op *op = &b->op;
   uint64_t first = op->addr >> 14, end = (op->addr + op->range) >> 14;

   /* Binding over a mapping replaces it, like an unbind then a bind. */
   pt_unmap_range(vm, first, end);
   if (!b->bo)
      return;

   uint32_t perms = 0;
   if (op->flags & DRM_ASAHI_BIND_READ)
      perms |= AGX_SIM_ACCESS_READ;
   if (op->flags & DRM_ASAHI_BIND_WRITE)
      perms |= AGX_SIM_ACCESS_WRITE;
   bool single = op->flags & DRM_ASAHI_BIND_SINGLE_PAGE;

   for (uint64_t page = first; page < end; page++) {
      struct agx_sim_pte *e = pte_lookup(vm, page);
      uint64_t off = op->offset + (single ? 0 : (page - first) * AGX_SIM_PAGE_SIZE);
      agx_sim_bo_ref(b->bo);
      atomic_fetch_add(&b->bo->gpu_pages, 1);
      e->bo = b->bo;
      e->host = b->bo->map + off;
      e->perms = perms;
   }
}

int
agx_sim_ioctl_vm_bind(struct agx_sim *sim, void *arg)
{
   struct drm_asahi_vm_bind *vb = arg;
   const size_t op_size = sizeof(struct drm_asahi_gem_bind_op);

   if (vb->pad || vb->stride < op_size)
      return -EINVAL;
   if (vb->num_binds == 0)
      return 0;
   if (!vb->userptr)
      return -EFAULT;

   struct bind_op *ops = calloc(vb->num_binds, sizeof(*ops));
   if (!ops)
      return -ENOMEM;

   /* Copy in first (one read of user memory, no TOCTOU), checking that any
    * bytes of a newer, longer op struct are zero. */
   const uint8_t *user = agx_sim_user_ptr(vb->userptr);
   int ret = 0;
   for (uint32_t i = 0; i < vb->num_binds && !ret; i++) {
      const uint8_t *src = user + (size_t)i * vb->stride;
      memcpy(&ops[i].op, src, op_size);
      for (size_t j = op_size; j < vb->stride; j++) {
         if (src[j]) {
            ret = -EINVAL;
            break;
         }
      }
   }
   if (ret) {
      free(ops);
      return ret;
   }

   pthread_mutex_lock(&sim->lock);
   struct agx_sim_vm *vm = agx_sim_table_get(&sim->vms, vb->vm_id);
   if (!vm)
      ret = -ENOENT;
   for (uint32_t i = 0; i < vb->num_binds && !ret; i++)
      ret = validate_op(sim, vm, &ops[i]);

   if (!ret) {
      pthread_rwlock_wrlock(&vm->lock);
      for (uint32_t i = 0; i < vb->num_binds && !ret; i++) {
         if (ops[i].bo &&
             !pt_alloc_range(vm, ops[i].op.addr >> 14, (ops[i].op.addr + ops[i].op.range) >> 14))
            ret = -ENOMEM;
      }
      for (uint32_t i = 0; i < vb->num_binds && !ret; i++)
         apply_op(vm, &ops[i]);
      pthread_rwlock_unlock(&vm->lock);
   }
   pthread_mutex_unlock(&sim->lock);
   free(ops);
   return ret;
}

/* ---- GPU memory access -------------------------------------------------- */

void
agx_sim_vm_access_begin(struct agx_sim_vm *vm)
{
   pthread_rwlock_rdlock(&vm->lock);
}

void
agx_sim_vm_access_end(struct agx_sim_vm *vm)
{
   pthread_rwlock_unlock(&vm->lock);
}

void
agx_sim_vm_walk(struct agx_sim_vm *vm,
                void (*cb)(void *user, uint64_t va, const uint8_t *host, uint32_t perms),
                void *user)
{
   for (uint64_t i = 0; i < L0_ENTRIES; i++) {
      if (!vm->root[i])
         continue;
      for (uint64_t j = 0; j < L1_ENTRIES; j++) {
         const struct agx_sim_pte *l2 = vm->root[i]->tables[j];
         for (uint64_t k = 0; l2 && k < L2_ENTRIES; k++) {
            if (!l2[k].bo)
               continue;
            uint64_t page = (i << (L1_BITS + L2_BITS)) | (j << L2_BITS) | k;
            cb(user, page * AGX_SIM_PAGE_SIZE, l2[k].host, l2[k].perms);
         }
      }
   }
}

void
agx_sim_vm_kernel_range(const struct agx_sim_vm *vm, uint64_t *start, uint64_t *end)
{
   *start = vm->kernel_start;
   *end = vm->kernel_end;
}

static enum agx_sim_fault_type
set_fault(struct agx_sim_fault *fault, enum agx_sim_fault_type type, uint64_t addr,
          enum agx_sim_access access)
{
   if (fault) {
      fault->type = type;
      fault->addr = addr;
      fault->access = access;
   }
   return type;
}

void *
agx_sim_vm_translate(struct agx_sim_vm *vm, uint64_t va, enum agx_sim_access access,
                     size_t *contiguous, struct agx_sim_fault *fault)
{
   struct agx_sim_pte *e = pte_lookup(vm, va >> 14);
   if (!e || !e->bo) {
      set_fault(fault, AGX_SIM_FAULT_UNMAPPED, va, access);
      return NULL;
   }
   if ((e->perms & access) != access) {
      set_fault(fault, AGX_SIM_FAULT_PERMISSION, va, access);
      return NULL;
   }
   set_fault(fault, AGX_SIM_FAULT_NONE, 0, access);
   if (contiguous)
      *contiguous = AGX_SIM_PAGE_SIZE - (va & AGX_SIM_PAGE_MASK);
   return e->host + (va & AGX_SIM_PAGE_MASK);
}

/* Check every page of [va, va + size) before touching memory. */
static enum agx_sim_fault_type
check_range(struct agx_sim_vm *vm, uint64_t va, size_t size, enum agx_sim_access access,
            struct agx_sim_fault *fault)
{
   uint64_t addr = va;
   uint64_t left = size;
   while (left) {
      size_t chunk;
      if (!agx_sim_vm_translate(vm, addr, access, &chunk, fault))
         return fault ? fault->type : AGX_SIM_FAULT_UNMAPPED;
      if (chunk >= left)
         break;
      left -= chunk;
      addr += chunk;
   }
   return AGX_SIM_FAULT_NONE;
}

static enum agx_sim_fault_type
copy_range(struct agx_sim_vm *vm, uint64_t va, uint8_t *host, size_t size,
           enum agx_sim_access access, struct agx_sim_fault *fault)
{
   struct agx_sim_fault local;
   if (!fault)
      fault = &local;
   set_fault(fault, AGX_SIM_FAULT_NONE, 0, access);
   if (size == 0)
      return AGX_SIM_FAULT_NONE;

   agx_sim_vm_access_begin(vm);
   enum agx_sim_fault_type type = check_range(vm, va, size, access, fault);
   while (type == AGX_SIM_FAULT_NONE && size) {
      size_t chunk;
      uint8_t *p = agx_sim_vm_translate(vm, va, access, &chunk, NULL);
      if (chunk > size)
         chunk = size;
      if (access == AGX_SIM_ACCESS_WRITE)
         memcpy(p, host, chunk);
      else
         memcpy(host, p, chunk);
      host += chunk;
      va += chunk;
      size -= chunk;
   }
   agx_sim_vm_access_end(vm);
   return type;
}

enum agx_sim_fault_type
agx_sim_vm_read(struct agx_sim_vm *vm, uint64_t va, void *dst, size_t size,
                struct agx_sim_fault *fault)
{
   return copy_range(vm, va, dst, size, AGX_SIM_ACCESS_READ, fault);
}

enum agx_sim_fault_type
agx_sim_vm_write(struct agx_sim_vm *vm, uint64_t va, const void *src, size_t size,
                 struct agx_sim_fault *fault)
{
   return copy_range(vm, va, (uint8_t *)src, size, AGX_SIM_ACCESS_WRITE, fault);
}
