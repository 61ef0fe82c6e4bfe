/*
 * GEM and VM ioctl validation: GEM_CREATE flags/size/VM_PRIVATE rules,
 * mmap offsets and CPU mappings outliving GEM_CLOSE, GEM_BIND_OBJECT,
 * VM_CREATE kernel-range checks, VM_BIND op validation (all-or-nothing),
 * VM_DESTROY.
 */
#include "sim_test_util.h"

#include "agx_sim_vm.h"

static void
test_gem(struct agx_sim *sim, uint32_t vm)
{
   struct drm_asahi_gem_create c = {.size = 100};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &c), 0);
   CHECK_EQ(c.handle, 1);
   struct drm_asahi_gem_create bad;

   bad = (struct drm_asahi_gem_create){.size = PAGE, .flags = 4};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &bad), -EINVAL);
   bad = (struct drm_asahi_gem_create){.size = PAGE, .pad = 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &bad), -EINVAL);
   bad = (struct drm_asahi_gem_create){.size = PAGE, .vm_id = vm};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &bad), -EINVAL);
   bad =
      (struct drm_asahi_gem_create){.size = PAGE, .flags = DRM_ASAHI_GEM_VM_PRIVATE, .vm_id = 99};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &bad), -ENOENT);
   bad = (struct drm_asahi_gem_create){.size = 0};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &bad), -EINVAL);
   bad = (struct drm_asahi_gem_create){.size = UINT64_MAX};
   CHECK(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &bad) < 0);
   bad = (struct drm_asahi_gem_create){.size = 64 * GiB};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &bad), -ENOMEM);

   /* Size rounds up to 16 KiB and the memory is zero-filled. */
   uint8_t *p = sim_bo_map(sim, c.handle, PAGE);
   CHECK(p != NULL);
   CHECK(((uintptr_t)p & 4095) == 0);
   CHECK(p[0] == 0 && p[PAGE - 1] == 0);
   p[PAGE - 1] = 0x5A; /* whole 16 KiB page is usable */

   struct drm_asahi_gem_mmap_offset m1 = {.handle = c.handle}, m2 = m1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m1), 0);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m2), 0);
   CHECK_EQ(m1.offset, m2.offset); /* stable */
   m2.flags = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m2), -EINVAL);
   m2 = (struct drm_asahi_gem_mmap_offset){.handle = 77};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m2), -ENOENT);

   int err = 0;
   CHECK(agx_sim_mmap(sim, m1.offset, 2 * PAGE, &err) == NULL);
   CHECK_EQ(err, -EINVAL);
   CHECK(agx_sim_mmap(sim, m1.offset + PAGE, PAGE, &err) == NULL);
   CHECK_EQ(err, -EINVAL);
   CHECK(agx_sim_mmap(sim, 12345, PAGE, &err) == NULL);
   CHECK_EQ(err, -EINVAL);

   /* The CPU mapping keeps the pages alive after GEM_CLOSE. */
   CHECK_EQ(sim_gem_close(sim, c.handle), 0);
   CHECK_EQ(p[PAGE - 1], 0x5A);
   p[0] = 1;
   CHECK_EQ(sim_gem_close(sim, c.handle), -EINVAL);
   CHECK(agx_sim_mmap(sim, m1.offset, PAGE, &err) == NULL);
   CHECK_EQ(agx_sim_munmap(sim, p, PAGE), 0);
   CHECK_EQ(agx_sim_munmap(sim, p, PAGE), -EINVAL);

   /* Handles are reused lowest-first, like idr. */
   uint32_t h = sim_bo_create(sim, PAGE, DRM_ASAHI_GEM_WRITEBACK, 0);
   CHECK_EQ(h, 1);
   CHECK_EQ(sim_gem_close(sim, h), 0);
}

static void
test_bind_object(struct agx_sim *sim)
{
   uint32_t bo = sim_bo_create(sim, 2 * PAGE, 0, 0);
   struct drm_asahi_gem_bind_object b = {.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
                                         .flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
                                         .handle = bo,
                                         .offset = 0,
                                         .range = PAGE};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &b), 0);
   CHECK_EQ(b.object_handle, 1);

   struct drm_asahi_gem_bind_object bad = b;
   bad.vm_id = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &bad), -EINVAL);
   bad = b;
   bad.pad = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &bad), -EINVAL);
   bad = b;
   bad.flags = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &bad), -EINVAL);
   bad = b;
   bad.range = 3 * PAGE;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &bad), -EINVAL);
   bad = b;
   bad.handle = 99;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &bad), -ENOENT);
   bad = b;
   bad.op = 2;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &bad), -EINVAL);

   struct drm_asahi_gem_bind_object u = {.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
                                         .object_handle = b.object_handle};
   u.flags = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &u), -EINVAL);
   u.flags = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &u), 0);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &u), -ENOENT);
   CHECK_EQ(sim_gem_close(sim, bo), 0);
}

static void
test_vm_create(struct agx_sim *sim)
{
   struct drm_asahi_vm_create c;
   c = (struct drm_asahi_vm_create){.kernel_start = 0x4000, .kernel_end = 0x4000 + 512 * MiB};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c), 0);
   CHECK_EQ(c.vm_id, 2);
   struct drm_asahi_vm_destroy d = {.vm_id = c.vm_id};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_DESTROY, &d), 0);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_DESTROY, &d), -ENOENT);
   d.pad = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_DESTROY, &d), -EINVAL);

   c = (struct drm_asahi_vm_create){.kernel_start = 0x4000, .kernel_end = 0x4000 + 32 * MiB};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c), -EINVAL); /* too small */
   c = (struct drm_asahi_vm_create){.kernel_start = 0, .kernel_end = GiB};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c), -EINVAL); /* below vm_start */
   c = (struct drm_asahi_vm_create){.kernel_start = TEST_KERNEL_START,
                                    .kernel_end = 0x8000000000ull};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c), -EINVAL); /* past vm_end */
   c = (struct drm_asahi_vm_create){.kernel_start = 2 * GiB, .kernel_end = GiB};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c), -EINVAL);
   c = (struct drm_asahi_vm_create){.kernel_start = GiB + 4096, .kernel_end = 2 * GiB};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c), -EINVAL);
   c = (struct drm_asahi_vm_create){.kernel_start = GiB, .kernel_end = 2 * GiB, .pad = 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c), -EINVAL);
}

static void
test_vm_bind(struct agx_sim *sim, uint32_t vm)
{
   const uint32_t RW = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE;
   uint32_t bo = sim_bo_create(sim, 4 * PAGE, 0, 0);
   uint64_t va = 0x1000000000ull;

   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, 4 * PAGE, va), 0);
   CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_WRITE, bo, 0, PAGE, va), 0); /* write-only ok */
   CHECK_EQ(sim_bind(sim, vm, 0, bo, 0, PAGE, va), -EINVAL);              /* no access */
   CHECK_EQ(sim_bind(sim, vm, RW | 0x10, bo, 0, PAGE, va), -EINVAL);      /* unknown flag */
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, PAGE, va + 4096), -EINVAL);      /* unaligned */
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 4096, PAGE, va), -EINVAL);
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, 4096, va), -EINVAL);
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, 0, va), -EINVAL);        /* empty */
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, 5 * PAGE, va), -EINVAL); /* past BO */
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 4 * PAGE, PAGE, va), -EINVAL);
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, PAGE, 0), -EINVAL);                 /* below vm_start */
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, PAGE, 0x7FFFFF8000ull), -EINVAL);   /* at vm_end */
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, PAGE, TEST_KERNEL_START), -EINVAL); /* kernel range */
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, 2 * PAGE, TEST_KERNEL_START - PAGE), -EINVAL);
   CHECK_EQ(sim_bind(sim, vm, RW, bo, 0, PAGE, TEST_KERNEL_START - PAGE), 0);
   CHECK_EQ(sim_bind(sim, vm, RW, 99, 0, PAGE, va), -ENOENT); /* no such BO */
   CHECK_EQ(sim_bind(sim, 99, RW, bo, 0, PAGE, va), -ENOENT); /* no such VM */
   CHECK_EQ(sim_bind(sim, vm, RW | DRM_ASAHI_BIND_UNBIND, 0, 0, PAGE, va), -EINVAL);
   CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_UNBIND, bo, 0, PAGE, va), -EINVAL);
   CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_UNBIND, 0, PAGE, PAGE, va), -EINVAL);
   CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_UNBIND, 0, 0, PAGE, va), 0);
   /* SINGLE_PAGE: only one page of the BO is needed, the range may be big. */
   CHECK_EQ(sim_bind(sim, vm, RW | DRM_ASAHI_BIND_SINGLE_PAGE, bo, 3 * PAGE, 64 * PAGE, va), 0);
   CHECK_EQ(sim_bind(sim, vm, RW | DRM_ASAHI_BIND_SINGLE_PAGE, bo, 4 * PAGE, PAGE, va), -EINVAL);

   /* VM_PRIVATE BOs only bind on their own VM. */
   uint32_t vm2 = sim_vm_create(sim);
   uint32_t priv = sim_bo_create(sim, PAGE, DRM_ASAHI_GEM_VM_PRIVATE, vm);
   CHECK(priv != 0);
   CHECK_EQ(sim_bind(sim, vm, RW, priv, 0, PAGE, va), 0);
   CHECK_EQ(sim_bind(sim, vm2, RW, priv, 0, PAGE, va), -EINVAL);

   /* Header checks: stride, pad, NULL pointer, non-zero tail bytes. */
   struct {
      struct drm_asahi_gem_bind_op op;
      uint64_t extra;
   } ops[2] = {
      {{.flags = RW, .handle = bo, .range = PAGE, .addr = va}, 0},
      {{.flags = RW, .handle = bo, .range = PAGE, .addr = va + PAGE}, 0},
   };
   struct drm_asahi_vm_bind b = {.vm_id = vm,
                                 .num_binds = 2,
                                 .stride = sizeof(ops[0]),
                                 .userptr = (uintptr_t)ops};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b), 0); /* 40-byte stride */
   ops[1].extra = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b), -EINVAL);
   ops[1].extra = 0;
   b.stride = 16;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b), -EINVAL);
   b.stride = sizeof(ops[0]);
   b.pad = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b), -EINVAL);
   b.pad = 0;
   b.userptr = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b), -EFAULT);

   /* All or nothing: op 0 valid (unbinds va), op 1 invalid -> va still mapped. */
   struct agx_sim_vm *v = agx_sim_vm_lookup(sim, vm);
   uint32_t word;
   CHECK_EQ(agx_sim_vm_read(v, va, &word, 4, NULL), AGX_SIM_FAULT_NONE);
   ops[0].op =
      (struct drm_asahi_gem_bind_op){.flags = DRM_ASAHI_BIND_UNBIND, .range = PAGE, .addr = va};
   ops[1].op.offset = 8 * PAGE; /* past the BO */
   b.userptr = (uintptr_t)ops;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b), -EINVAL);
   CHECK_EQ(agx_sim_vm_read(v, va, &word, 4, NULL), AGX_SIM_FAULT_NONE);
   agx_sim_vm_unref(v);

   /* VM_DESTROY with live mappings and a private BO still open. */
   struct drm_asahi_vm_destroy d = {.vm_id = vm2};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_DESTROY, &d), 0);
   CHECK_EQ(sim_bind(sim, vm2, RW, bo, 0, PAGE, va), -ENOENT);
   CHECK_EQ(sim_gem_close(sim, priv), 0);
   CHECK_EQ(sim_gem_close(sim, bo), 0);
}

int
main(void)
{
   struct agx_sim *sim = sim_test_create();
   uint32_t vm = sim_vm_create(sim);
   CHECK_EQ(vm, 1);
   test_gem(sim, vm);
   test_bind_object(sim);
   test_vm_create(sim);
   test_vm_bind(sim, vm);
   agx_sim_destroy(sim);
   return SIM_TEST_RESULT();
}
