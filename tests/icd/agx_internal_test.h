/*
 * Helpers for tests that call the driver's own entry points (agx_*) without
 * the loader: a simulator device with its queue, and a CHECK macro.
 */
#ifndef AGX_INTERNAL_TEST_H
#define AGX_INTERNAL_TEST_H

#include <stdio.h>
#include <stdlib.h>

#include "agxv_device.h"
#include "agxv_entrypoints.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

struct agx_test_device {
   VkInstance instance;
   VkDevice vk;
   struct agxv_device *dev;
   VkQueue queue;
};

static inline struct agx_test_device
agx_test_device_create(void)
{
   struct agx_test_device t = {0};
   setenv("AGX_DEVICE", "sim", 1);
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   CHECK(agxv_CreateInstance(&ici, NULL, &t.instance) == VK_SUCCESS);
   uint32_t n = 1;
   VkPhysicalDevice pdev;
   CHECK(agxv_EnumeratePhysicalDevices(t.instance, &n, &pdev) == VK_SUCCESS && n == 1);
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci};
   CHECK(agxv_CreateDevice(pdev, &dci, NULL, &t.vk) == VK_SUCCESS);
   t.dev = agxv_device_from_handle(t.vk);
   agxv_GetDeviceQueue(t.vk, 0, 0, &t.queue);
   return t;
}

static inline void
agx_test_device_destroy(struct agx_test_device *t)
{
   agxv_DestroyDevice(t->vk, NULL);
   agxv_DestroyInstance(t->instance, NULL);
}

#endif
