/*
 * Vulkan plumbing of the terrain demo: instance/device/queue, host-visible buffers, sampled images
 * uploaded with their mip chains, one-shot command buffers.
 * Assumes: a Vulkan 1.3 driver (dynamic rendering, synchronization2 not needed); the first physical
 * device is used (the loader's ICD selection picks the driver).
 */
#ifndef TERRAIN_VK_H
#define TERRAIN_VK_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

struct terrain_vk {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice dev;
   VkQueue queue;
   uint32_t queue_family;
   VkCommandPool pool;
   bool has_tess; /* tessellationShader enabled */
   char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
};

struct terrain_buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   void *map;
   VkDeviceSize size;
};

struct terrain_image {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

/* Reports a failed call and returns false (the demo's error path). */
bool terrain_vk_check(VkResult r, const char *what);
#define VKCHECK(call) terrain_vk_check((call), #call)

/* Creates everything up to the command pool; with want_tess also tessellationShader when the
 * device offers it (has_tess tells). False with a message on failure. */
bool terrain_vk_init(struct terrain_vk *vk, bool want_tess);
void terrain_vk_finish(struct terrain_vk *vk);

bool terrain_buffer_create(struct terrain_vk *vk, VkDeviceSize size, VkBufferUsageFlags usage,
                           struct terrain_buffer *b);
void terrain_buffer_destroy(struct terrain_vk *vk, struct terrain_buffer *b);

/* A 2D image in device memory with a view of all its levels. */
bool terrain_image_create(struct terrain_vk *vk, VkFormat format, uint32_t width, uint32_t height,
                          uint32_t levels, VkImageUsageFlags usage, VkImageAspectFlags aspect,
                          struct terrain_image *img);
void terrain_image_destroy(struct terrain_vk *vk, struct terrain_image *img);

/* Transition of all levels of a colour or depth image (legacy pipeline barrier). */
void terrain_image_barrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
                           VkImageLayout from, VkImageLayout to, VkAccessFlags src_access,
                           VkAccessFlags dst_access, VkPipelineStageFlags src_stage,
                           VkPipelineStageFlags dst_stage);

/* One-shot command buffers: begin, then end + submit + wait + free. */
VkCommandBuffer terrain_cmd_begin(struct terrain_vk *vk);
bool terrain_cmd_submit(struct terrain_vk *vk, VkCommandBuffer cmd);

/* The shader stages that read the scene's images (tessellation stages only when enabled). */
VkPipelineStageFlags terrain_shader_stages(const struct terrain_vk *vk);

/* Uploads `levels` levels (offsets into data, sides) into a SHADER_READ_ONLY image. */
bool terrain_image_upload(struct terrain_vk *vk, struct terrain_image *img, const void *data,
                          VkDeviceSize bytes, uint32_t levels, const uint32_t *sizes,
                          const uint64_t *offsets);

#endif
