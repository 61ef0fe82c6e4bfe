/*
 * Vulkan plumbing of the terrain demo (see terrain_vk.h).
 * Assumes: every buffer lives in HOST_VISIBLE | HOST_COHERENT memory (uploads and read-back map
 * them directly); images in any memory type their requirements allow, DEVICE_LOCAL preferred.
 */
#include "terrain_vk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
terrain_vk_check(VkResult r, const char *what)
{
   if (r == VK_SUCCESS)
      return true;
   fprintf(stderr, "terrain: %s failed: VkResult %d\n", what, (int)r);
   return false;
}

static bool
pick_device(struct terrain_vk *vk)
{
   uint32_t n = 0;
   if (!VKCHECK(vkEnumeratePhysicalDevices(vk->instance, &n, NULL)))
      return false;
   if (n == 0) {
      fprintf(stderr, "terrain: no Vulkan device (is VK_ICD_FILENAMES set?)\n");
      return false;
   }
   VkPhysicalDevice devs[16];
   n = n > 16 ? 16 : n;
   vkEnumeratePhysicalDevices(vk->instance, &n, devs);
   vk->pdev = devs[0];
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(vk->pdev, &props);
   memcpy(vk->device_name, props.deviceName, sizeof(vk->device_name));
   if (props.apiVersion < VK_API_VERSION_1_3) {
      fprintf(stderr, "terrain: %s does not support Vulkan 1.3\n", props.deviceName);
      return false;
   }
   uint32_t nq = 8;
   VkQueueFamilyProperties q[8];
   vkGetPhysicalDeviceQueueFamilyProperties(vk->pdev, &nq, q);
   for (uint32_t i = 0; i < nq; i++) {
      if (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
         vk->queue_family = i;
         return true;
      }
   }
   fprintf(stderr, "terrain: %s has no graphics queue\n", props.deviceName);
   return false;
}

bool
terrain_vk_init(struct terrain_vk *vk, bool want_tess)
{
   memset(vk, 0, sizeof(*vk));
   VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                            .pApplicationName = "agx-terrain",
                            .apiVersion = VK_API_VERSION_1_3};
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app};
   if (!VKCHECK(vkCreateInstance(&ici, NULL, &vk->instance)) || !pick_device(vk))
      return false;

   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(vk->pdev, &have);
   vk->has_tess = want_tess && have.tessellationShader;
   VkPhysicalDeviceFeatures feats = {.tessellationShader = vk->has_tess};
   VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .dynamicRendering = VK_TRUE,
   };
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                  .queueFamilyIndex = vk->queue_family,
                                  .queueCount = 1,
                                  .pQueuePriorities = &prio};
   VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                             .pNext = &f13,
                             .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &qci,
                             .pEnabledFeatures = &feats};
   if (!VKCHECK(vkCreateDevice(vk->pdev, &dci, NULL, &vk->dev)))
      return false;
   vkGetDeviceQueue(vk->dev, vk->queue_family, 0, &vk->queue);
   VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                  .queueFamilyIndex = vk->queue_family};
   return VKCHECK(vkCreateCommandPool(vk->dev, &pci, NULL, &vk->pool));
}

void
terrain_vk_finish(struct terrain_vk *vk)
{
   if (vk->dev) {
      vkDeviceWaitIdle(vk->dev);
      vkDestroyCommandPool(vk->dev, vk->pool, NULL);
      vkDestroyDevice(vk->dev, NULL);
   }
   if (vk->instance)
      vkDestroyInstance(vk->instance, NULL);
   memset(vk, 0, sizeof(*vk));
}

/* The first memory type allowed by `bits` with all of `want`, else any with `need`. */
static int
memory_type(struct terrain_vk *vk, uint32_t bits, VkMemoryPropertyFlags want,
            VkMemoryPropertyFlags need)
{
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(vk->pdev, &mp);
   for (int pass = 0; pass < 2; pass++) {
      VkMemoryPropertyFlags f = pass ? need : want;
      for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
         if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & f) == f)
            return (int)i;
   }
   return -1;
}

static bool
allocate(struct terrain_vk *vk, VkMemoryRequirements req, VkMemoryPropertyFlags want,
         VkMemoryPropertyFlags need, VkDeviceMemory *mem)
{
   int type = memory_type(vk, req.memoryTypeBits, want, need);
   if (type < 0) {
      fprintf(stderr, "terrain: no suitable memory type\n");
      return false;
   }
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = (uint32_t)type};
   return VKCHECK(vkAllocateMemory(vk->dev, &ai, NULL, mem));
}

bool
terrain_buffer_create(struct terrain_vk *vk, VkDeviceSize size, VkBufferUsageFlags usage,
                      struct terrain_buffer *b)
{
   memset(b, 0, sizeof(*b));
   b->size = size;
   VkBufferCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                            .size = size,
                            .usage = usage,
                            .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
   if (!VKCHECK(vkCreateBuffer(vk->dev, &ci, NULL, &b->buf)))
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(vk->dev, b->buf, &req);
   const VkMemoryPropertyFlags hv =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   return allocate(vk, req, hv, hv, &b->mem) &&
          VKCHECK(vkBindBufferMemory(vk->dev, b->buf, b->mem, 0)) &&
          VKCHECK(vkMapMemory(vk->dev, b->mem, 0, VK_WHOLE_SIZE, 0, &b->map));
}

void
terrain_buffer_destroy(struct terrain_vk *vk, struct terrain_buffer *b)
{
   if (b->buf)
      vkDestroyBuffer(vk->dev, b->buf, NULL);
   if (b->mem)
      vkFreeMemory(vk->dev, b->mem, NULL);
   memset(b, 0, sizeof(*b));
}

bool
terrain_image_create(struct terrain_vk *vk, VkFormat format, uint32_t width, uint32_t height,
                     uint32_t levels, VkImageUsageFlags usage, VkImageAspectFlags aspect,
                     struct terrain_image *img)
{
   memset(img, 0, sizeof(*img));
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = format,
                           .extent = {width, height, 1},
                           .mipLevels = levels,
                           .arrayLayers = 1,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = usage,
                           .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
   if (!VKCHECK(vkCreateImage(vk->dev, &ci, NULL, &img->image)))
      return false;
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(vk->dev, img->image, &req);
   if (!allocate(vk, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0, &img->mem) ||
       !VKCHECK(vkBindImageMemory(vk->dev, img->image, img->mem, 0)))
      return false;
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = img->image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = format,
                                .subresourceRange = {aspect, 0, levels, 0, 1}};
   return VKCHECK(vkCreateImageView(vk->dev, &vci, NULL, &img->view));
}

void
terrain_image_destroy(struct terrain_vk *vk, struct terrain_image *img)
{
   if (img->view)
      vkDestroyImageView(vk->dev, img->view, NULL);
   if (img->image)
      vkDestroyImage(vk->dev, img->image, NULL);
   if (img->mem)
      vkFreeMemory(vk->dev, img->mem, NULL);
   memset(img, 0, sizeof(*img));
}

void
terrain_image_barrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
                      VkImageLayout from, VkImageLayout to, VkAccessFlags src_access,
                      VkAccessFlags dst_access, VkPipelineStageFlags src_stage,
                      VkPipelineStageFlags dst_stage)
{
   VkImageMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                             .srcAccessMask = src_access,
                             .dstAccessMask = dst_access,
                             .oldLayout = from,
                             .newLayout = to,
                             .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .image = image,
                             .subresourceRange = {aspect, 0, VK_REMAINING_MIP_LEVELS, 0, 1}};
   vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &b);
}

VkCommandBuffer
terrain_cmd_begin(struct terrain_vk *vk)
{
   VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                     .commandPool = vk->pool,
                                     .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                     .commandBufferCount = 1};
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!VKCHECK(vkAllocateCommandBuffers(vk->dev, &ai, &cmd)))
      return VK_NULL_HANDLE;
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
   if (!VKCHECK(vkBeginCommandBuffer(cmd, &bi))) {
      vkFreeCommandBuffers(vk->dev, vk->pool, 1, &cmd);
      return VK_NULL_HANDLE;
   }
   return cmd;
}

bool
terrain_cmd_submit(struct terrain_vk *vk, VkCommandBuffer cmd)
{
   bool ok = VKCHECK(vkEndCommandBuffer(cmd));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cmd};
   ok = ok && VKCHECK(vkQueueSubmit(vk->queue, 1, &si, VK_NULL_HANDLE)) &&
        VKCHECK(vkQueueWaitIdle(vk->queue));
   vkFreeCommandBuffers(vk->dev, vk->pool, 1, &cmd);
   return ok;
}

VkPipelineStageFlags
terrain_shader_stages(const struct terrain_vk *vk)
{
   VkPipelineStageFlags s =
      VK_PIPELINE_STAGE_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
   if (vk->has_tess)
      s |= VK_PIPELINE_STAGE_TESSELLATION_CONTROL_SHADER_BIT |
           VK_PIPELINE_STAGE_TESSELLATION_EVALUATION_SHADER_BIT;
   return s;
}

bool
terrain_image_upload(struct terrain_vk *vk, struct terrain_image *img, const void *data,
                     VkDeviceSize bytes, uint32_t levels, const uint32_t *sizes,
                     const uint64_t *offsets)
{
   struct terrain_buffer staging;
   if (!terrain_buffer_create(vk, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging))
      return false;
   memcpy(staging.map, data, bytes);
   VkCommandBuffer cmd = terrain_cmd_begin(vk);
   bool ok = cmd != VK_NULL_HANDLE;
   if (ok) {
      terrain_image_barrier(cmd, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0, VK_ACCESS_TRANSFER_WRITE_BIT,
                            VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
      VkBufferImageCopy regions[16];
      for (uint32_t l = 0; l < levels && l < 16; l++) {
         regions[l] = (VkBufferImageCopy){
            .bufferOffset = offsets[l],
            .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1},
            .imageExtent = {sizes[l], sizes[l], 1},
         };
      }
      vkCmdCopyBufferToImage(cmd, staging.buf, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             levels, regions);
      terrain_image_barrier(
         cmd, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
         VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
         VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, terrain_shader_stages(vk));
      ok = terrain_cmd_submit(vk, cmd);
   }
   terrain_buffer_destroy(vk, &staging);
   return ok;
}
