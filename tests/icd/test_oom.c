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
   long countdown; /* allocations left before the injected failure */
   bool failed;    /* the failure was injected in this run */
   long live;      /* allocations not yet freed */
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
#define STEP(expr)                                                                           \
   do {                                                                                      \
      VkResult r_ = (expr);                                                                  \
      if (r_ == VK_ERROR_OUT_OF_HOST_MEMORY)                                                 \
         goto out;                                                                           \
      if (r_ != VK_SUCCESS) {                                                                \
         fprintf(stderr, "%s:%d: %s returned %d with failure at allocation %ld\n", __FILE__, \
                 __LINE__, #expr, (int)r_, n);                                               \
         exit(1);                                                                            \
      }                                                                                      \
   } while (0)

static uint32_t spv_words[4096];
static size_t spv_size;

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
   VkDescriptorSetLayout dsl = VK_NULL_HANDLE;
   VkPipelineLayout pl = VK_NULL_HANDLE;
   VkShaderModule module = VK_NULL_HANDLE;
   VkPipeline pipe = VK_NULL_HANDLE;
   VkDescriptorPool dpool = VK_NULL_HANDLE;
   VkCommandPool cpool = VK_NULL_HANDLE;

   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .apiVersion = VK_API_VERSION_1_3};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app};
   STEP(vkCreateInstance(&ici, a, &instance));

   uint32_t count = 1;
   VkPhysicalDevice pdev;
   STEP(vkEnumeratePhysicalDevices(instance, &count, &pdev));
   CHECK(count == 1);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(pdev, &props);

   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci};
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

   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   STEP(vkCreateBuffer(device, &bci, a, &buf));
   STEP(vkBindBufferMemory(device, buf, mem, 0));

   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   STEP(vkCreateFence(device, &fci, a, &fence));
   VkSemaphoreTypeCreateInfo type = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                     .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE};
   VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &type};
   STEP(vkCreateSemaphore(device, &sci, a, &sem));

   /* A compute pipeline, a descriptor set and a recorded command buffer. */
   VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                           VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &binding};
   STEP(vkCreateDescriptorSetLayout(device, &lci, a, &dsl));
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &dsl};
   STEP(vkCreatePipelineLayout(device, &plci, a, &pl));
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size,
                                    .pCode = spv_words};
   STEP(vkCreateShaderModule(device, &smci, a, &module));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = pl};
   STEP(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpci, a, &pipe));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &ps};
   STEP(vkCreateDescriptorPool(device, &dpci, a, &dpool));
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = dpool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &dsl};
   VkDescriptorSet set;
   STEP(vkAllocateDescriptorSets(device, &sai, &set));
   VkDescriptorBufferInfo dbi = {buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &dbi};
   vkUpdateDescriptorSets(device, 1, &w, 0, NULL);
   VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   STEP(vkCreateCommandPool(device, &cpi, a, &cpool));
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = cpool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   STEP(vkAllocateCommandBuffers(device, &cai, &cb));
   VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   STEP(vkBeginCommandBuffer(cb, &cbbi));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   vkCmdFillBuffer(cb, buf, 0, 64, 7);
   STEP(vkEndCommandBuffer(cb));

   uint64_t one = 1;
   VkTimelineSemaphoreSubmitInfo tsi = {.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
                                        .signalSemaphoreValueCount = 1,
                                        .pSignalSemaphoreValues = &one};
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .pNext = &tsi,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb,
                      .signalSemaphoreCount = 1,
                      .pSignalSemaphores = &sem};
   STEP(vkQueueSubmit(queue, 1, &si, fence));
   VkResult wr = vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
   if (wr == VK_ERROR_OUT_OF_HOST_MEMORY)
      goto out;
   CHECK(wr == VK_SUCCESS);
   STEP(vkDeviceWaitIdle(device));

out:
   if (device) {
      vkDeviceWaitIdle(device);
      vkDestroyCommandPool(device, cpool, a);
      vkDestroyDescriptorPool(device, dpool, a);
      vkDestroyPipeline(device, pipe, a);
      vkDestroyShaderModule(device, module, a);
      vkDestroyPipelineLayout(device, pl, a);
      vkDestroyDescriptorSetLayout(device, dsl, a);
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
main(int argc, char **argv)
{
   CHECK(argc == 2); /* a compute shader (SPIR-V) */
   FILE *f = fopen(argv[1], "rb");
   CHECK(f != NULL);
   spv_size = fread(spv_words, 1, sizeof(spv_words), f);
   fclose(f);
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
