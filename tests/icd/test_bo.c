/*
 * Driver-internal buffer objects, through the driver's own entry points
 * (no loader): executable BOs land in the 4 GiB USC heap at usc_exec_base,
 * others in the user heap; mappings alias GPU memory; VA is reused after
 * free and never overlaps.
 */
#include "agxv_bo.h"
#include "agxv_device.h"
#include "agx_internal_test.h"
#include "agxv_physical_device.h"

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   struct agxv_device *dev = t.dev;

   /* The shader heap is 4 GiB aligned above the 2^36 carve-out. */
   CHECK(dev->usc_base >= (1ull << 36) && (dev->usc_base & 0xffffffffull) == 0);

   struct agxv_bo *code, *code2, *data;
   CHECK(agxv_bo_create(dev, 100, AGXV_BO_EXEC, "test code", &code) == VK_SUCCESS);
   CHECK(agxv_bo_create(dev, 70000, AGXV_BO_EXEC, "test code 2", &code2) == VK_SUCCESS);
   CHECK(agxv_bo_create(dev, 5, 0, "test data", &data) == VK_SUCCESS);
   CHECK(code->size == 16384 && code2->size == 81920 && data->size == 16384);
   CHECK(code->va >= dev->usc_base && code->va + code->size <= dev->usc_base + (1ull << 32));
   CHECK(code2->va >= code->va + code->size || code2->va + code2->size <= code->va);
   CHECK(agxv_bo_usc_offset(dev, code) == (uint32_t)(code->va - dev->usc_base));
   CHECK(data->va >= dev->usc_base + (1ull << 32) && data->va < dev->kernel_start);

   uint32_t *p, *q;
   CHECK(agxv_bo_map(dev, data, (void **)&p) == VK_SUCCESS);
   CHECK(agxv_bo_map(dev, data, (void **)&q) == VK_SUCCESS && p == q);
   p[0] = 0xdeadbeef;
   CHECK(q[0] == 0xdeadbeef);

   /* Freed VA is reused. */
   uint64_t old = code->va;
   agxv_bo_destroy(dev, code);
   CHECK(agxv_bo_create(dev, 16384, AGXV_BO_EXEC, "test code 3", &code) == VK_SUCCESS);
   CHECK(code->va == old);

   /* Impossible sizes fail cleanly. */
   struct agxv_bo *huge;
   CHECK(agxv_bo_create(dev, 8ull << 30, AGXV_BO_EXEC, "too big for the usc heap", &huge) ==
         VK_ERROR_OUT_OF_DEVICE_MEMORY);

   agxv_bo_destroy(dev, code);
   agxv_bo_destroy(dev, code2);
   agxv_bo_destroy(dev, data);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
