/*
 * Buffer device addresses through the loader: vkGetBufferDeviceAddress and
 * a shader dereferencing the addresses it gets in push constants; then the
 * same shader given an address nothing is mapped at: on agx-vk the device
 * is lost (VK_ERROR_DEVICE_LOST) and the process carries on.
 * test_bda BDA.spv [--validation] [--reference]
 */
#include <stdint.h>

#include "agx_vk_ctx.h"

struct push {
   uint64_t src, dst;
   uint32_t n;
};

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance_version(&c, argc, argv, VK_API_VERSION_1_2);

   VkPhysicalDeviceVulkan12Features have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(have.bufferDeviceAddress == VK_TRUE);

   VkPhysicalDeviceVulkan12Features want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .bufferDeviceAddress = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 0, NULL);
   struct agx_vk_pipeline p;
   agx_vk_pipeline(
      &c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .push_size = sizeof(struct push)});

   /* Two buffers in one allocation made with the device-address flag. */
   VkBuffer bufs[2];
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                      VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
   VK_OK(vkCreateBuffer(c.dev, &bci, NULL, &bufs[0]));
   VK_OK(vkCreateBuffer(c.dev, &bci, NULL, &bufs[1]));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c.dev, bufs[0], &req);
   VkMemoryAllocateFlagsInfo mafi = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                     .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .pNext = &mafi,
                               .allocationSize = 2 * 8192,
                               .memoryTypeIndex = agx_vk_memory_type(
                                  &c, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(c.dev, &mai, NULL, &mem));
   VK_OK(vkBindBufferMemory(c.dev, bufs[0], mem, 0));
   VK_OK(vkBindBufferMemory(c.dev, bufs[1], mem, 8192));
   uint32_t *map;
   VK_OK(vkMapMemory(c.dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   for (uint32_t i = 0; i < 1024; i++) {
      map[i] = i * 7u + 3u;
      map[2048 + i] = 0; /* new memory is not zeroed on every driver */
   }

   VkBufferDeviceAddressInfo ai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                                   .buffer = bufs[0]};
   uint64_t src = vkGetBufferDeviceAddress(c.dev, &ai);
   ai.buffer = bufs[1];
   uint64_t dst = vkGetBufferDeviceAddress(c.dev, &ai);
   CHECK(src != 0 && dst == src + 8192);

   struct push push = {src, dst, 1000};
   VK_OK(agx_vk_dispatch(&c, &p, &push, (push.n + 63) / 64, 1, 1));
   for (uint32_t i = 0; i < 1024; i++)
      CHECK(map[2048 + i] == (i < 1000 ? (i * 7u + 3u) * 5u + 1u : 0u));
   printf("bda ok\n");

   if (!c.reference) {
      /* An address in the never-mapped low range: a GPU fault. */
      push.dst = 0x100000;
      CHECK_VK(agx_vk_dispatch(&c, &p, &push, (push.n + 63) / 64, 1, 1), VK_ERROR_DEVICE_LOST);
      printf("bda fault ok (device lost)\n");
   }

   vkDestroyBuffer(c.dev, bufs[0], NULL);
   vkDestroyBuffer(c.dev, bufs[1], NULL);
   vkFreeMemory(c.dev, mem, NULL);
   agx_vk_pipeline_free(&c, &p);
   return agx_vk_ctx_finish(&c);
}
