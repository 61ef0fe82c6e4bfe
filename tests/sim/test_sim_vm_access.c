/*
 * The sim-internal GPU memory-access API (agx_sim_vm.h): translation,
 * permission checks, faults with their addresses, SINGLE_PAGE aliasing,
 * and mappings disappearing on UNBIND, GEM_CLOSE and VM_DESTROY.
 */
#include "sim_test_util.h"

#include "agx_sim_vm.h"

#define VA 0x2000000000ull

int
main(void)
{
   const uint32_t R = DRM_ASAHI_BIND_READ, RW = R | DRM_ASAHI_BIND_WRITE;
   struct agx_sim *sim = sim_test_create();
   uint32_t vm_id = sim_vm_create(sim);
   struct agx_sim_vm *vm = agx_sim_vm_lookup(sim, vm_id);
   CHECK(vm != NULL);
   CHECK(agx_sim_vm_lookup(sim, 42) == NULL);

   uint32_t bo = sim_bo_create(sim, 4 * PAGE, 0, 0);
   uint8_t *cpu = sim_bo_map(sim, bo, 4 * PAGE);
   CHECK(cpu != NULL);
   struct agx_sim_fault f;
   uint64_t v = 0;

   /* Unmapped read faults at the exact address. */
   CHECK_EQ(agx_sim_vm_read(vm, VA + 8, &v, 8, &f), AGX_SIM_FAULT_UNMAPPED);
   CHECK_EQ(f.type, AGX_SIM_FAULT_UNMAPPED);
   CHECK_EQ(f.addr, VA + 8);
   CHECK_EQ(f.access, AGX_SIM_ACCESS_READ);
   CHECK_EQ(agx_sim_vm_read(vm, 1ull << 40, &v, 8, &f), AGX_SIM_FAULT_UNMAPPED);

   /* Pages 0-1 read/write, pages 2-3 read-only; GPU and CPU see the same
    * bytes (unified memory). */
   CHECK_EQ(sim_bind(sim, vm_id, RW, bo, 0, 2 * PAGE, VA), 0);
   CHECK_EQ(sim_bind(sim, vm_id, R, bo, 2 * PAGE, 2 * PAGE, VA + 2 * PAGE), 0);
   uint64_t pattern = 0x1122334455667788ull;
   CHECK_EQ(agx_sim_vm_write(vm, VA + PAGE - 4, &pattern, 8, &f), AGX_SIM_FAULT_NONE);
   uint64_t cpu_word;
   memcpy(&cpu_word, cpu + PAGE - 4, 8);
   CHECK_EQ(cpu_word, pattern); /* crossed pages 0 -> 1 */
   cpu[3 * PAGE + 5] = 0x77;
   uint8_t byte = 0;
   CHECK_EQ(agx_sim_vm_read(vm, VA + 3 * PAGE + 5, &byte, 1, &f), AGX_SIM_FAULT_NONE);
   CHECK_EQ(byte, 0x77);

   /* Write to a READ-only mapping faults and changes nothing, even when
    * the range starts in a writable page. */
   uint8_t ones[64];
   memset(ones, 0xFF, sizeof(ones));
   CHECK_EQ(agx_sim_vm_write(vm, VA + 2 * PAGE - 32, ones, 64, &f), AGX_SIM_FAULT_PERMISSION);
   CHECK_EQ(f.addr, VA + 2 * PAGE);
   CHECK_EQ(f.access, AGX_SIM_ACCESS_WRITE);
   CHECK_EQ(cpu[2 * PAGE - 32], 0);

   /* A read crossing into an unmapped page faults at that page. */
   CHECK_EQ(agx_sim_vm_read(vm, VA + 4 * PAGE - 8, ones, 16, &f), AGX_SIM_FAULT_UNMAPPED);
   CHECK_EQ(f.addr, VA + 4 * PAGE);

   /* translate: host pointer, bytes left in the page, permission check. */
   agx_sim_vm_access_begin(vm);
   size_t contig = 0;
   uint8_t *host = agx_sim_vm_translate(vm, VA + 100, AGX_SIM_ACCESS_READ, &contig, &f);
   CHECK(host == cpu + 100);
   CHECK_EQ(contig, PAGE - 100);
   CHECK(agx_sim_vm_translate(vm, VA + 2 * PAGE, AGX_SIM_ACCESS_WRITE, &contig, &f) == NULL);
   CHECK_EQ(f.type, AGX_SIM_FAULT_PERMISSION);
   agx_sim_vm_access_end(vm);

   /* Write-only mapping: reads fault, writes land. */
   CHECK_EQ(sim_bind(sim, vm_id, DRM_ASAHI_BIND_WRITE, bo, 0, PAGE, VA + 16 * PAGE), 0);
   CHECK_EQ(agx_sim_vm_read(vm, VA + 16 * PAGE, &v, 8, &f), AGX_SIM_FAULT_PERMISSION);
   CHECK_EQ(agx_sim_vm_write(vm, VA + 16 * PAGE + 64, &pattern, 8, &f), AGX_SIM_FAULT_NONE);
   memcpy(&cpu_word, cpu + 64, 8);
   CHECK_EQ(cpu_word, pattern);

   /* SINGLE_PAGE: page 1 of the BO repeated over 32 pages. */
   uint64_t sp = VA + 64 * PAGE;
   CHECK_EQ(sim_bind(sim, vm_id, RW | DRM_ASAHI_BIND_SINGLE_PAGE, bo, PAGE, 32 * PAGE, sp), 0);
   uint32_t tag = 0xCAFEF00D;
   CHECK_EQ(agx_sim_vm_write(vm, sp + 31 * PAGE + 12, &tag, 4, &f), AGX_SIM_FAULT_NONE);
   uint32_t back = 0;
   CHECK_EQ(agx_sim_vm_read(vm, sp + 12, &back, 4, &f), AGX_SIM_FAULT_NONE);
   CHECK_EQ(back, tag);
   memcpy(&back, cpu + PAGE + 12, 4);
   CHECK_EQ(back, tag);

   /* Binding over a mapping replaces it. */
   CHECK_EQ(sim_bind(sim, vm_id, R, bo, 3 * PAGE, PAGE, sp), 0);
   CHECK_EQ(agx_sim_vm_read(vm, sp + 12, &back, 4, &f), AGX_SIM_FAULT_NONE);
   CHECK(back != tag);
   CHECK_EQ(agx_sim_vm_write(vm, sp, &tag, 4, &f), AGX_SIM_FAULT_PERMISSION);

   /* Unbind makes the range fault; neighbours stay. */
   CHECK_EQ(sim_bind(sim, vm_id, DRM_ASAHI_BIND_UNBIND, 0, 0, 2 * PAGE, sp + PAGE), 0);
   CHECK_EQ(agx_sim_vm_read(vm, sp + PAGE, &back, 4, &f), AGX_SIM_FAULT_UNMAPPED);
   CHECK_EQ(agx_sim_vm_read(vm, sp + 2 * PAGE, &back, 4, &f), AGX_SIM_FAULT_UNMAPPED);
   CHECK_EQ(agx_sim_vm_read(vm, sp + 3 * PAGE, &back, 4, &f), AGX_SIM_FAULT_NONE);

   /* GEM_CLOSE removes every mapping of the BO, in every VM; the CPU map
    * survives. */
   uint32_t vm2_id = sim_vm_create(sim);
   struct agx_sim_vm *vm2 = agx_sim_vm_lookup(sim, vm2_id);
   CHECK_EQ(sim_bind(sim, vm2_id, R, bo, 0, 4 * PAGE, VA), 0);
   CHECK_EQ(agx_sim_vm_read(vm2, VA + 3 * PAGE + 5, &byte, 1, &f), AGX_SIM_FAULT_NONE);
   CHECK_EQ(sim_gem_close(sim, bo), 0);
   CHECK_EQ(agx_sim_vm_read(vm2, VA + 3 * PAGE + 5, &byte, 1, &f), AGX_SIM_FAULT_UNMAPPED);
   agx_sim_vm_unref(vm2);
   CHECK_EQ(agx_sim_vm_read(vm, VA, &v, 8, &f), AGX_SIM_FAULT_UNMAPPED);
   CHECK_EQ(agx_sim_vm_read(vm, sp + 3 * PAGE, &back, 4, &f), AGX_SIM_FAULT_UNMAPPED);
   CHECK_EQ(cpu[3 * PAGE + 5], 0x77);
   CHECK_EQ(agx_sim_munmap(sim, cpu, 4 * PAGE), 0);

   /* VM_DESTROY unmaps everything; a held reference stays usable. */
   uint32_t bo2 = sim_bo_create(sim, PAGE, 0, 0);
   CHECK_EQ(sim_bind(sim, vm_id, RW, bo2, 0, PAGE, VA), 0);
   CHECK_EQ(agx_sim_vm_read(vm, VA, &v, 8, &f), AGX_SIM_FAULT_NONE);
   struct drm_asahi_vm_destroy d = {.vm_id = vm_id};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_DESTROY, &d), 0);
   CHECK_EQ(agx_sim_vm_read(vm, VA, &v, 8, &f), AGX_SIM_FAULT_UNMAPPED);
   agx_sim_vm_unref(vm);

   agx_sim_destroy(sim);
   return SIM_TEST_RESULT();
}
