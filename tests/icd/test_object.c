/*
 * The object base (icd/agxv_object.h) and private data kept in it: every
 * object starts with the loader's slot, its VkObjectType and its device;
 * private data set on objects of several types reads back per slot, a new
 * object at a freed one's address starts with none, destroyed slots do not
 * leak into new ones, and all of it is freed with the objects (a counting
 * allocator on the device ends where it started). A handle cast to the
 * wrong type stops at the cast's assertion (debug builds).
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agxv_alloc.h"
#include "agxv_buffer.h"
#include "agxv_cmd_buffer.h"
#include "agxv_descriptor_set_layout.h"
#include "agx_internal_test.h"
#include "agxv_private_data.h"
#include "agxv_queue.h"
#include "agxv_sync.h"

static long live_allocs;

static void *VKAPI_PTR
count_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   void *p = agxv_default_alloc.pfnAllocation(user, size, align, scope);
   if (p)
      __atomic_add_fetch(&live_allocs, 1, __ATOMIC_RELAXED);
   return p;
}

static void *VKAPI_PTR
count_realloc(void *user, void *orig, size_t size, size_t align, VkSystemAllocationScope scope)
{
   void *p = agxv_default_alloc.pfnReallocation(user, orig, size, align, scope);
   if (p && !orig)
      __atomic_add_fetch(&live_allocs, 1, __ATOMIC_RELAXED);
   return p;
}

static void VKAPI_PTR
count_free(void *user, void *p)
{
   if (p)
      __atomic_sub_fetch(&live_allocs, 1, __ATOMIC_RELAXED);
   agxv_default_alloc.pfnFree(user, p);
}

static const VkAllocationCallbacks counting = {
   .pfnAllocation = count_alloc,
   .pfnReallocation = count_realloc,
   .pfnFree = count_free,
};

static VkBuffer
make_buffer(VkDevice dev)
{
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 256,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer buf;
   CHECK(agxv_CreateBuffer(dev, &bci, NULL, &buf) == VK_SUCCESS);
   return buf;
}

static VkPrivateDataSlot
make_slot(VkDevice dev)
{
   VkPrivateDataSlotCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_PRIVATE_DATA_SLOT_CREATE_INFO};
   VkPrivateDataSlot slot;
   CHECK(agxv_CreatePrivateDataSlot(dev, &ci, NULL, &slot) == VK_SUCCESS);
   return slot;
}

static uint64_t
get(VkDevice dev, VkObjectType type, uint64_t handle, VkPrivateDataSlot slot)
{
   uint64_t v = 0xdead;
   agxv_GetPrivateData(dev, type, handle, slot, &v);
   return v;
}

int
main(void)
{
   setenv("AGX_DEVICE", "sim", 1);
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   VkInstance instance;
   CHECK(agxv_CreateInstance(&ici, NULL, &instance) == VK_SUCCESS);
   uint32_t n = 1;
   VkPhysicalDevice pdev;
   CHECK(agxv_EnumeratePhysicalDevices(instance, &n, &pdev) == VK_SUCCESS && n == 1);
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci};
   VkDevice dev;
   CHECK(agxv_CreateDevice(pdev, &dci, &counting, &dev) == VK_SUCCESS);
   struct agxv_device *device = agxv_device_from_handle(dev);
   VkQueue queue;
   agxv_GetDeviceQueue(dev, 0, 0, &queue);

   /* The base: the loader's slot first, the type, the device. */
   CHECK(device->base.type == VK_OBJECT_TYPE_DEVICE && device->base.device == device);
   CHECK(agxv_queue_from_handle(queue)->base.type == VK_OBJECT_TYPE_QUEUE);
   CHECK(((VK_LOADER_DATA *)queue)->loaderMagic == ICD_LOADER_MAGIC);
   CHECK(((VK_LOADER_DATA *)pdev)->loaderMagic == ICD_LOADER_MAGIC);

   long baseline = live_allocs;
   VkPrivateDataSlot s1 = make_slot(dev), s2 = make_slot(dev);

   VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool cpool;
   CHECK(agxv_CreateCommandPool(dev, &cpci, NULL, &cpool) == VK_SUCCESS);
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = cpool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   CHECK(agxv_AllocateCommandBuffers(dev, &cai, &cb) == VK_SUCCESS);
   CHECK(((VK_LOADER_DATA *)cb)->loaderMagic == ICD_LOADER_MAGIC);
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   CHECK(agxv_CreateFence(dev, &fci, NULL, &fence) == VK_SUCCESS);
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
   VkDescriptorSetLayout dsl;
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &dsl) == VK_SUCCESS);
   VkBuffer buf = make_buffer(dev);
   CHECK(agxv_buffer_from_handle(buf)->base.device == device);

   struct {
      VkObjectType type;
      uint64_t handle;
   } objs[] = {
      {VK_OBJECT_TYPE_DEVICE, (uint64_t)(uintptr_t)dev},
      {VK_OBJECT_TYPE_QUEUE, (uint64_t)(uintptr_t)queue},
      {VK_OBJECT_TYPE_COMMAND_POOL, (uint64_t)cpool},
      {VK_OBJECT_TYPE_COMMAND_BUFFER, (uint64_t)(uintptr_t)cb},
      {VK_OBJECT_TYPE_FENCE, (uint64_t)fence},
      {VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)dsl},
      {VK_OBJECT_TYPE_BUFFER, (uint64_t)buf},
      {VK_OBJECT_TYPE_PRIVATE_DATA_SLOT, (uint64_t)s2},
   };
   const unsigned count = sizeof(objs) / sizeof(objs[0]);
   for (unsigned i = 0; i < count; i++) {
      CHECK(get(dev, objs[i].type, objs[i].handle, s1) == 0);
      CHECK(agxv_SetPrivateData(dev, objs[i].type, objs[i].handle, s1, 1000 + i) == VK_SUCCESS);
      CHECK(agxv_SetPrivateData(dev, objs[i].type, objs[i].handle, s2, 2000 + i) == VK_SUCCESS);
   }
   for (unsigned i = 0; i < count; i++) {
      CHECK(get(dev, objs[i].type, objs[i].handle, s1) == 1000 + i);
      CHECK(get(dev, objs[i].type, objs[i].handle, s2) == 2000 + i);
   }

   /* Many slots on one object: its array grows, earlier values stay. */
   VkPrivateDataSlot many[20];
   for (unsigned k = 0; k < 20; k++) {
      many[k] = make_slot(dev);
      CHECK(agxv_SetPrivateData(dev, VK_OBJECT_TYPE_FENCE, (uint64_t)fence, many[k], k * 7) ==
            VK_SUCCESS);
   }
   for (unsigned k = 0; k < 20; k++)
      CHECK(get(dev, VK_OBJECT_TYPE_FENCE, (uint64_t)fence, many[k]) == k * 7);
   CHECK(get(dev, VK_OBJECT_TYPE_FENCE, (uint64_t)fence, s1) == 1004);

   /* A new buffer (maybe at the freed one's address) has no private data. */
   agxv_DestroyBuffer(dev, buf, NULL);
   VkBuffer buf2 = make_buffer(dev);
   CHECK(get(dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)buf2, s1) == 0);
   CHECK(get(dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)buf2, s2) == 0);
   objs[6].handle = (uint64_t)buf2;

   /* A slot made after one is destroyed reads 0 on objects the old one set. */
   agxv_DestroyPrivateDataSlot(dev, s1, NULL);
   VkPrivateDataSlot s3 = make_slot(dev);
   for (unsigned i = 0; i < count; i++)
      CHECK(get(dev, objs[i].type, objs[i].handle, s3) == 0);

   /* A handle of the wrong type stops at the cast. */
   pid_t pid = fork();
   CHECK(pid >= 0);
   if (pid == 0) {
      close(2); /* the assertion message is expected */
      struct agxv_buffer *wrong = agxv_buffer_from_handle((VkBuffer)fence);
      _exit(wrong ? 0 : 1);
   }
   int status;
   CHECK(waitpid(pid, &status, 0) == pid);
   CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);

   /* Everything private data took goes with the objects. */
   agxv_DestroyBuffer(dev, buf2, NULL);
   agxv_DestroyDescriptorSetLayout(dev, dsl, NULL);
   agxv_DestroyFence(dev, fence, NULL);
   agxv_DestroyCommandPool(dev, cpool, NULL);
   for (unsigned k = 0; k < 20; k++)
      agxv_DestroyPrivateDataSlot(dev, many[k], NULL);
   agxv_DestroyPrivateDataSlot(dev, s2, NULL);
   agxv_DestroyPrivateDataSlot(dev, s3, NULL);
   /* The device's and queue's own values live until the device goes. */
   CHECK(device->base.private_data != NULL);
   CHECK(live_allocs == baseline + 2);
   agxv_DestroyDevice(dev, &counting);
   CHECK(live_allocs == 0);
   agxv_DestroyInstance(instance, NULL);
   printf("ok\n");
   return 0;
}
