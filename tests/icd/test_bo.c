/*
 * Driver-internal buffer objects, through the driver's own entry points
 * (no loader): executable BOs land in the 4 GiB USC heap at usc_exec_base,
 * others in the user heap; mappings alias GPU memory; VA is reused after
 * free and never overlaps.
 */
#include <stdio.h>
#include <stdlib.h>

#include "agx_bo.h"
#include "agx_device.h"
#include "agx_entrypoints.h"
#include "agx_physical_device.h"

#define CHECK(c)                                                                      \
   do {                                                                               \
      if (!(c)) {                                                                     \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);        \
         exit(1);                                                                     \
      }                                                                               \
   } while (0)

int
main(void)
{
   setenv("AGX_DEVICE", "sim", 1);
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   VkInstance instance;
   CHECK(agx_CreateInstance(&ici, NULL, &instance) == VK_SUCCESS);
   uint32_t n = 1;
   VkPhysicalDevice pdev;
   CHECK(agx_EnumeratePhysicalDevices(instance, &n, &pdev) == VK_SUCCESS && n == 1);
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1, .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci};
   VkDevice vkdev;
   CHECK(agx_CreateDevice(pdev, &dci, NULL, &vkdev) == VK_SUCCESS);
   struct agx_device *dev = agx_device_from_handle(vkdev);

   /* The shader heap is 4 GiB aligned above the 2^36 carve-out. */
   CHECK(dev->usc_base >= (1ull << 36) && (dev->usc_base & 0xffffffffull) == 0);

   struct agx_bo *code, *code2, *data;
   CHECK(agx_bo_create(dev, 100, AGX_BO_EXEC, "test code", &code) == VK_SUCCESS);
   CHECK(agx_bo_create(dev, 70000, AGX_BO_EXEC, "test code 2", &code2) == VK_SUCCESS);
   CHECK(agx_bo_create(dev, 5, 0, "test data", &data) == VK_SUCCESS);
   CHECK(code->size == 16384 && code2->size == 81920 && data->size == 16384);
   CHECK(code->va >= dev->usc_base && code->va + code->size <= dev->usc_base + (1ull << 32));
   CHECK(code2->va >= code->va + code->size || code2->va + code2->size <= code->va);
   CHECK(agx_bo_usc_offset(dev, code) == (uint32_t)(code->va - dev->usc_base));
   CHECK(data->va >= dev->usc_base + (1ull << 32) && data->va < dev->kernel_start);

   uint32_t *p, *q;
   CHECK(agx_bo_map(dev, data, (void **)&p) == VK_SUCCESS);
   CHECK(agx_bo_map(dev, data, (void **)&q) == VK_SUCCESS && p == q);
   p[0] = 0xdeadbeef;
   CHECK(q[0] == 0xdeadbeef);

   /* Freed VA is reused. */
   uint64_t old = code->va;
   agx_bo_destroy(dev, code);
   CHECK(agx_bo_create(dev, 16384, AGX_BO_EXEC, "test code 3", &code) == VK_SUCCESS);
   CHECK(code->va == old);

   /* Impossible sizes fail cleanly. */
   struct agx_bo *huge;
   CHECK(agx_bo_create(dev, 8ull << 30, AGX_BO_EXEC, "too big for the usc heap", &huge) ==
         VK_ERROR_OUT_OF_DEVICE_MEMORY);

   agx_bo_destroy(dev, code);
   agx_bo_destroy(dev, code2);
   agx_bo_destroy(dev, data);
   agx_DestroyDevice(vkdev, NULL);
   agx_DestroyInstance(instance, NULL);
   printf("ok\n");
   return 0;
}
