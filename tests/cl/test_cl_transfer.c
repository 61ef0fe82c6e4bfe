/*
 * vkCmdFillBuffer / vkCmdCopyBuffer / vkCmdUpdateBuffer through the driver (on the
 * simulator), which runs the precompiled OpenCL kernels of cl_kernels/agx_transfer.cl,
 * checked against a CPU run of the same kernel source (agx_cl_host.h) and against a plain
 * memset/memcpy model. Edge cases: zero sizes, unaligned offsets, sizes that are not
 * multiples of 4, VK_WHOLE_SIZE on a buffer whose size is not a multiple of 4, many
 * workgroups, several regions.
 * Assumes: a host-visible coherent memory type; the driver found through the loader.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#include "agx_cl_host.h"

#define CHECK(cond)                                                               \
   do {                                                                           \
      if (!(cond)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
         exit(1);                                                                 \
      }                                                                           \
   } while (0)
#define VK_OK(expr) CHECK((expr) == VK_SUCCESS)

/* Not a multiple of 4, so VK_WHOLE_SIZE fills stop a partial dword short of the end. */
#define BUF_SIZE 4094u

static struct {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice dev;
   VkQueue queue;
   VkCommandPool pool;
} C;

struct buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   uint8_t *map;
};

static struct buffer
make_buffer(VkDeviceSize size)
{
   struct buffer b = {0};
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = size,
                             .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   VK_OK(vkCreateBuffer(C.dev, &bci, NULL, &b.buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(C.dev, b.buf, &req);
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(C.pdev, &mp);
   uint32_t type = UINT32_MAX;
   const VkMemoryPropertyFlags want =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   for (uint32_t i = 0; i < mp.memoryTypeCount && type == UINT32_MAX; i++) {
      if ((req.memoryTypeBits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
         type = i;
   }
   CHECK(type != UINT32_MAX);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type};
   VK_OK(vkAllocateMemory(C.dev, &mai, NULL, &b.mem));
   VK_OK(vkBindBufferMemory(C.dev, b.buf, b.mem, 0));
   void *map;
   VK_OK(vkMapMemory(C.dev, b.mem, 0, VK_WHOLE_SIZE, 0, &map));
   b.map = map;
   return b;
}

static void
setup(void)
{
   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .apiVersion = VK_API_VERSION_1_3};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app};
   VK_OK(vkCreateInstance(&ici, NULL, &C.instance));
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(C.instance, &n, &C.pdev);
   CHECK((r == VK_SUCCESS || r == VK_INCOMPLETE) && n == 1);
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci};
   VK_OK(vkCreateDevice(C.pdev, &dci, NULL, &C.dev));
   vkGetDeviceQueue(C.dev, 0, 0, &C.queue);
   VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VK_OK(vkCreateCommandPool(C.dev, &pci, NULL, &C.pool));
}

static VkCommandBuffer
begin(void)
{
   VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                     .commandPool = C.pool,
                                     .commandBufferCount = 1,
                                     .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(C.dev, &ai, &cb));
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   return cb;
}

static void
submit(VkCommandBuffer cb)
{
   VK_OK(vkEndCommandBuffer(cb));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   VK_OK(vkQueueSubmit(C.queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(C.queue));
   vkFreeCommandBuffers(C.dev, C.pool, 1, &cb);
}

static uint32_t seed = 12345;
static uint8_t
rnd(void)
{
   seed = seed * 1103515245u + 12345u;
   return (uint8_t)(seed >> 16);
}

/* Host images of the two buffers, 4-byte aligned like the GPU allocations. */
static _Alignas(16) uint8_t host_a[BUF_SIZE + 4], host_b[BUF_SIZE + 4], model_b[BUF_SIZE + 4];
static struct buffer A, B;
static unsigned cases;

static void
randomize(void)
{
   for (uint32_t i = 0; i < BUF_SIZE; i++) {
      host_a[i] = A.map[i] = rnd();
      host_b[i] = model_b[i] = B.map[i] = rnd();
   }
}

static void
compare(const char *what, uint64_t off, uint64_t size)
{
   cases++;
   if (memcmp(host_b, model_b, BUF_SIZE)) {
      fprintf(stderr, "%s off %llu size %llu: host kernel run differs from the model\n", what,
              (unsigned long long)off, (unsigned long long)size);
      exit(1);
   }
   for (uint32_t i = 0; i < BUF_SIZE; i++) {
      if (B.map[i] != host_b[i]) {
         fprintf(stderr, "%s off %llu size %llu: byte %u is 0x%02x, CPU run 0x%02x\n", what,
                 (unsigned long long)off, (unsigned long long)size, i, B.map[i], host_b[i]);
         exit(1);
      }
   }
}

static void
check_fill(uint64_t off, uint64_t size, uint32_t value)
{
   randomize();
   VkCommandBuffer cb = begin();
   vkCmdFillBuffer(cb, B.buf, off, size, value);
   submit(cb);
   uint64_t bytes = size == VK_WHOLE_SIZE ? (BUF_SIZE - off) & ~3ull : size;
   struct agx_fill_args a = {.dst = (uintptr_t)(host_b + off),
                             .count = (uint32_t)(bytes / 4),
                             .value = value};
   agx_host_fill(a, a.count);
   for (uint64_t i = 0; i < bytes; i++)
      model_b[off + i] = (uint8_t)(value >> (8 * (i & 3)));
   compare("fill", off, size);
}

/* The host run takes the same path choice and argument split as the driver. */
static void
host_copy(uint8_t *dst_base, uint64_t dst_off, const uint8_t *src_base, uint64_t src_off,
          uint64_t size)
{
   if (size == 0)
      return;
   if (((src_off | dst_off | size) & 3) == 0) {
      struct agx_copy_args a = {.src = (uintptr_t)(src_base + src_off),
                                .dst = (uintptr_t)(dst_base + dst_off),
                                .count = (uint32_t)(size / 4)};
      agx_host_copy(a, a.count);
      return;
   }
   struct agx_copy_bytes_args a = {.src = (uintptr_t)(src_base + (src_off & ~3ull)),
                                   .dst = (uintptr_t)(dst_base + (dst_off & ~3ull)),
                                   .src_byte = (uint32_t)(src_off & 3),
                                   .dst_byte = (uint32_t)(dst_off & 3),
                                   .size = (uint32_t)size};
   agx_host_copy_bytes(a, (uint32_t)((a.dst_byte + size + 3) / 4));
}

static void
check_copy(uint32_t count, const VkBufferCopy *regions)
{
   randomize();
   VkCommandBuffer cb = begin();
   vkCmdCopyBuffer(cb, A.buf, B.buf, count, regions);
   submit(cb);
   for (uint32_t r = 0; r < count; r++) {
      host_copy(host_b, regions[r].dstOffset, host_a, regions[r].srcOffset, regions[r].size);
      memcpy(model_b + regions[r].dstOffset, host_a + regions[r].srcOffset, regions[r].size);
   }
   compare("copy", regions[0].srcOffset * 10000 + regions[0].dstOffset, regions[0].size);
}

static void
check_update(uint64_t off, uint64_t size)
{
   randomize();
   static uint8_t data[65536];
   for (uint64_t i = 0; i < size; i++)
      data[i] = rnd();
   VkCommandBuffer cb = begin();
   vkCmdUpdateBuffer(cb, B.buf, off, size, data);
   submit(cb);
   host_copy(host_b, off, data, 0, size);
   memcpy(model_b + off, data, size);
   compare("update", off, size);
}

int
main(void)
{
   setup();
   A = make_buffer(BUF_SIZE);
   B = make_buffer(BUF_SIZE);

   static const uint64_t fills[][2] = {
      {0, 4},
      {4, 60},
      {12, 256},
      {0, 4092},
      {8, VK_WHOLE_SIZE},
      {0, VK_WHOLE_SIZE},
      {4088, VK_WHOLE_SIZE},
      {100, 2000},
   };
   for (unsigned i = 0; i < sizeof(fills) / sizeof(fills[0]); i++)
      check_fill(fills[i][0], fills[i][1], 0xa1b2c3d4u + i);

   /* src, dst, size: aligned fast path, then every byte-offset pair, odd sizes. */
   static const uint64_t copies[][3] = {
      {0, 0, 4092}, {4, 8, 100}, {0, 0, 4}, {1, 2, 5},   {3, 0, 1}, {0, 3, 1000}, {2, 2, 7},
      {1, 1, 4090}, {0, 0, 6},   {4, 4, 3}, {3, 1, 257}, {2, 3, 2}, {0, 1, 0},    {5, 4093, 1},
   };
   for (unsigned i = 0; i < sizeof(copies) / sizeof(copies[0]); i++) {
      VkBufferCopy region = {copies[i][0], copies[i][1], copies[i][2]};
      if (region.size == 0) {
         /* Zero-sized regions are invalid usage in a lone call; as one region among others
          * the remaining regions must still copy. */
         VkBufferCopy regions[2] = {{8, 16, 40}, region};
         check_copy(2, regions);
      } else {
         check_copy(1, &region);
      }
   }
   VkBufferCopy several[3] = {{0, 2000, 13}, {100, 0, 64}, {7, 3001, 999}};
   check_copy(3, several);

   static const uint64_t updates[][2] = {{0, 4}, {4, 64}, {4092 - 1024, 1024}, {0, 4092}};
   for (unsigned i = 0; i < sizeof(updates) / sizeof(updates[0]); i++)
      check_update(updates[i][0], updates[i][1]);

   vkDestroyBuffer(C.dev, A.buf, NULL);
   vkFreeMemory(C.dev, A.mem, NULL);
   vkDestroyBuffer(C.dev, B.buf, NULL);
   vkFreeMemory(C.dev, B.mem, NULL);
   vkDestroyCommandPool(C.dev, C.pool, NULL);
   vkDestroyDevice(C.dev, NULL);
   vkDestroyInstance(C.instance, NULL);
   printf("%u transfer cases match the CPU run of the same kernels\n", cases);
   return 0;
}
