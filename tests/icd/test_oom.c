/*
 * Out-of-host-memory: an allocator that fails its Nth allocation, for
 * N = 1, 2, ... until a whole device lifecycle runs without hitting the
 * failure. Every call must succeed or return VK_ERROR_OUT_OF_HOST_MEMORY,
 * and after teardown every allocation made through the callbacks must have
 * been freed (the driver's and the loader's).
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_test.h"

static struct {
   long countdown;      /* allocations left before the injected failure */
   bool failed;         /* the failure was injected in this run */
   long live;           /* allocations not yet freed */
} state;

struct header {
   size_t size;
   size_t offset;
};

static void *VKAPI_PTR
test_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   if (state.countdown-- == 0) {
      state.failed = true;
      return NULL;
   }
   if (align < 16)
      align = 16;
   char *block = malloc(size + align + sizeof(struct header));
   if (!block)
      return NULL;
   uintptr_t p = ((uintptr_t)block + sizeof(struct header) + align - 1) & ~(uintptr_t)(align - 1);
   struct header *h = (struct header *)p - 1;
   h->size = size;
   h->offset = p - (uintptr_t)block;
   state.live++;
   return (void *)p;
}

static void VKAPI_PTR
test_free(void *user, void *ptr)
{
   if (!ptr)
      return;
   struct header *h = (struct header *)ptr - 1;
   free((char *)ptr - h->offset);
   state.live--;
}

static void *VKAPI_PTR
test_realloc(void *user, void *orig, size_t size, size_t align, VkSystemAllocationScope scope)
{
   if (!orig)
      return test_alloc(user, size, align, scope);
   if (size == 0) {
      test_free(user, orig);
      return NULL;
   }
   void *p = test_alloc(user, size, align, scope);
   if (!p)
      return NULL;
   struct header *h = (struct header *)orig - 1;
   memcpy(p, orig, h->size < size ? h->size : size);
   test_free(user, orig);
   return p;
}

static const VkAllocationCallbacks callbacks = {
   .pfnAllocation = test_alloc,
   .pfnReallocation = test_realloc,
   .pfnFree = test_free,
};

/* OK(r): continue on success; stop the run (cleanly) on OOM; fail otherwise. */
#define STEP(expr)                                                                    \
   do {                                                                               \
      VkResult r_ = (expr);                                                           \
      if (r_ == VK_ERROR_OUT_OF_HOST_MEMORY)                                          \
         goto out;                                                                    \
      if (r_ != VK_SUCCESS) {                                                         \
         fprintf(stderr, "%s:%d: %s returned %d with failure at allocation %ld\n",    \
                 __FILE__, __LINE__, #expr, (int)r_, n);                              \
         exit(1);                                                                     \
      }                                                                               \
   } while (0)

static void
lifecycle(long n)
{
   const VkAllocationCallbacks *a = &callbacks;
   VkInstance instance = VK_NULL_HANDLE;
   VkDevice device = VK_NULL_HANDLE;
   VkDeviceMemory mem = VK_NULL_HANDLE;
   VkBuffer buf = VK_NULL_HANDLE;
   VkFence fence = VK_NULL_HANDLE;
   VkSemaphore sem = VK_NULL_HANDLE;

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
   STEP(vkCreateInstance(&ici, a, &instance));

   uint32_t count = 1;
   VkPhysicalDevice pdev;
   STEP(vkEnumeratePhysicalDevices(instance, &count, &pdev));
   CHECK(count == 1);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(pdev, &props);

   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1, .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci};
   STEP(vkCreateDevice(pdev, &dci, a, &device));
   VkQueue queue;
   vkGetDeviceQueue(device, 0, 0, &queue);

   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = 65536};
   STEP(vkAllocateMemory(device, &mai, a, &mem));
   void *ptr;
   STEP(vkMapMemory(device, mem, 0, VK_WHOLE_SIZE, 0, &ptr));
   memset(ptr, 0x5a, 65536);
   vkUnmapMemory(device, mem);

   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 4096,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   STEP(vkCreateBuffer(device, &bci, a, &buf));
   STEP(vkBindBufferMemory(device, buf, mem, 0));

   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   STEP(vkCreateFence(device, &fci, a, &fence));
   VkSemaphoreTypeCreateInfo type = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                     .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE};
   VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &type};
   STEP(vkCreateSemaphore(device, &sci, a, &sem));

   uint64_t one = 1;
   VkTimelineSemaphoreSubmitInfo tsi = {.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
                                        .signalSemaphoreValueCount = 1, .pSignalSemaphoreValues = &one};
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .pNext = &tsi,
                      .signalSemaphoreCount = 1, .pSignalSemaphores = &sem};
   STEP(vkQueueSubmit(queue, 1, &si, fence));
   VkResult wr = vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
   if (wr == VK_ERROR_OUT_OF_HOST_MEMORY)
      goto out;
   CHECK(wr == VK_SUCCESS);
   STEP(vkDeviceWaitIdle(device));

out:
   if (device) {
      vkDeviceWaitIdle(device);
      vkDestroySemaphore(device, sem, a);
      vkDestroyFence(device, fence, a);
      vkDestroyBuffer(device, buf, a);
      vkFreeMemory(device, mem, a);
      vkDestroyDevice(device, a);
   }
   if (instance)
      vkDestroyInstance(instance, a);
}

int
main(void)
{
   long n;
   for (n = 0; n < 100000; n++) {
      state.countdown = n;
      state.failed = false;
      state.live = 0;
      lifecycle(n);
      if (state.live != 0) {
         fprintf(stderr, "failure at allocation %ld: %ld allocations leaked\n", n, state.live);
         return 1;
      }
      if (!state.failed)
         break;
   }
   printf("ok: full lifecycle after %ld injected failures\n", n);
   CHECK(n > 5); /* the lifecycle really allocates through the callbacks */
   return 0;
}
