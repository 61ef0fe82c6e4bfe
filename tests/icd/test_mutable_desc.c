/*
 * VK_EXT_mutable_descriptor_type (issue 22 item 3; vkd3d-proton's bindless heaps). One
 * 30-element mutable binding whose type list has the six types the mutableDescriptorType
 * feature guarantees (storage buffers, sampled images, storage images, uniform texel buffers,
 * uniform buffers, storage texel buffers); element e holds kind e % 6 and
 * shaders/mutable_desc.comp reads it non-uniformly through six aliased arrays (loads, buffer,
 * image and texel-buffer atomics). The elements get there four ways:
 *  - 0-17 written directly, each first with a descriptor of another kind, then rewritten
 *    (a mutable element changes type);
 *  - 18-23 written into a set from a host-only pool (VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT,
 *    a layout with VK_DESCRIPTOR_SET_LAYOUT_CREATE_HOST_ONLY_POOL_BIT_EXT and no type list in
 *    its pool) and copied mutable -> mutable;
 *  - 24-29 copied typed -> mutable from a set of typed bindings.
 * Set 1 (one typed binding per kind) is filled by copies mutable -> typed from elements 6-11.
 * Every value read, the buffer counters and the storage-image counters are checked against C.
 * vkGetDescriptorSetLayoutSupport follows the type list's stride (agx-vk's 64 MiB sets) and
 * allows vkd3d-proton's 1,000,000-descriptor variable-count, update-after-bind mutable heap.
 * Lavapipe (Mesa 22.3) lacks descriptor indexing: the reference run is skipped with a reason.
 *
 * test_mutable_desc SHADER.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;

#define N 30u      /* mutable elements */
#define KINDS 6u   /* element e holds kind e % KINDS */
#define INVOC 128u /* 2 workgroups of 64 */

static const VkDescriptorType kind_type[KINDS] = {
   VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
   VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,  VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
   VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER};

/* The value of element e's resource at index j. */
static uint32_t
V(uint32_t e, uint32_t j)
{
   return (e + 1) * 1000 + j;
}

/* One element's resource: a buffer (storage, texel, uniform) or an 8x8 R32_UINT image. */
struct res {
   struct agx_vk_buffer buf;
   VkBufferView view;
   VkImage image;
   VkDeviceMemory mem;
   VkImageView iview;
};

static struct res R[N];

static void
barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from, VkImageLayout to)
{
   VkImageMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                             .dstAccessMask =
                                VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
                             .oldLayout = from,
                             .newLayout = to,
                             .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .image = image,
                             .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &b);
}

/* An 8x8 image with texel (x, y) = V(e, y * 8 + x), in GENERAL layout. */
static void
make_image(struct res *r, uint32_t e, VkImageUsageFlags usage)
{
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = VK_FORMAT_R32_UINT,
                           .extent = {8, 8, 1},
                           .mipLevels = 1,
                           .arrayLayers = 1,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = usage | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &r->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, r->image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, &r->mem));
   VK_OK(vkBindImageMemory(C.dev, r->image, r->mem, 0));
   VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                               .image = r->image,
                               .viewType = VK_IMAGE_VIEW_TYPE_2D,
                               .format = VK_FORMAT_R32_UINT,
                               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &r->iview));
   struct agx_vk_buffer b = agx_vk_buffer(&C, 64 * 4);
   for (uint32_t j = 0; j < 64; j++)
      ((uint32_t *)b.ptr)[j] = V(e, j);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, r->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageExtent = {8, 8, 1}};
   vkCmdCopyBufferToImage(cb, b.buf, r->image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
   barrier(cb, r->image, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_GENERAL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_buffer_free(&C, &b);
}

static void
make_resource(uint32_t e)
{
   struct res *r = &R[e];
   uint32_t *v;
   switch (e % KINDS) {
   case 0: /* storage buffer: x[0..14] values, x[15] the shader's counter */
      r->buf = agx_vk_buffer(&C, 64);
      v = r->buf.ptr;
      for (uint32_t j = 0; j < 15; j++)
         v[j] = V(e, j);
      break;
   case 1:
      make_image(r, e, VK_IMAGE_USAGE_SAMPLED_BIT);
      break;
   case 2:
      make_image(r, e, VK_IMAGE_USAGE_STORAGE_BIT);
      break;
   case 3:
   case 5: { /* texel buffers: 16 R32_UINT texels (storage: texel 15 the counter) */
      r->buf = agx_vk_buffer_usage(&C, 64,
                                   e % KINDS == 3 ? VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT
                                                  : VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT);
      v = r->buf.ptr;
      for (uint32_t j = 0; j < (e % KINDS == 3 ? 16u : 15u); j++)
         v[j] = V(e, j);
      VkBufferViewCreateInfo bv = {.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                   .buffer = r->buf.buf,
                                   .format = VK_FORMAT_R32_UINT,
                                   .range = VK_WHOLE_SIZE};
      VK_OK(vkCreateBufferView(C.dev, &bv, NULL, &r->view));
      break;
   }
   default: /* 4: uniform buffer: uvec4 v[4], v[j].x = V(e, j) */
      r->buf = agx_vk_buffer(&C, 64);
      v = r->buf.ptr;
      for (uint32_t j = 0; j < 4; j++)
         v[4 * j] = V(e, j);
      break;
   }
}

static void
free_resource(struct res *r)
{
   if (r->view)
      vkDestroyBufferView(C.dev, r->view, NULL);
   if (r->buf.buf)
      agx_vk_buffer_free(&C, &r->buf);
   if (r->image) {
      vkDestroyImageView(C.dev, r->iview, NULL);
      vkDestroyImage(C.dev, r->image, NULL);
      vkFreeMemory(C.dev, r->mem, NULL);
   }
}

/* Sources of one write of resource r (kind k): kept alive until vkUpdateDescriptorSets. */
struct src {
   VkDescriptorBufferInfo b;
   VkDescriptorImageInfo i;
   VkBufferView v;
};

static VkWriteDescriptorSet
write_of(struct src *s, VkDescriptorSet set, uint32_t binding, uint32_t element, uint32_t e)
{
   uint32_t k = e % KINDS;
   s->b = (VkDescriptorBufferInfo){R[e].buf.buf, 0, VK_WHOLE_SIZE};
   s->i = (VkDescriptorImageInfo){VK_NULL_HANDLE, R[e].iview, VK_IMAGE_LAYOUT_GENERAL};
   s->v = R[e].view;
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .dstBinding = binding,
                             .dstArrayElement = element,
                             .descriptorCount = 1,
                             .descriptorType = kind_type[k]};
   if (k == 0 || k == 4)
      w.pBufferInfo = &s->b;
   else if (k == 3 || k == 5)
      w.pTexelBufferView = &s->v;
   else
      w.pImageInfo = &s->i;
   return w;
}

static void
write_one(VkDescriptorSet set, uint32_t binding, uint32_t element, uint32_t e)
{
   struct src s;
   VkWriteDescriptorSet w = write_of(&s, set, binding, element, e);
   vkUpdateDescriptorSets(C.dev, 1, &w, 0, NULL);
}

static VkCopyDescriptorSet
copy_of(VkDescriptorSet src, uint32_t sb, uint32_t se, VkDescriptorSet dst, uint32_t db,
        uint32_t de, uint32_t count)
{
   return (VkCopyDescriptorSet){.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
                                .srcSet = src,
                                .srcBinding = sb,
                                .srcArrayElement = se,
                                .dstSet = dst,
                                .dstBinding = db,
                                .dstArrayElement = de,
                                .descriptorCount = count};
}

/* What the shader reads from element e's resource at invocation index j. */
static uint32_t
expect(uint32_t e, uint32_t j)
{
   switch (e % KINDS) {
   case 0:
      return V(e, j % 15);
   case 1:
      return V(e, (j / 8 % 8) * 8 + j % 8);
   case 2:
      return V(e, (j / 8 % 7) * 8 + j % 8);
   case 3:
      return V(e, j % 16);
   case 4:
      return V(e, j % 4);
   default:
      return V(e, j % 15);
   }
}

/* Texel (7, 7) of element e's storage image. */
static uint32_t
image_counter(uint32_t e)
{
   struct agx_vk_buffer b = agx_vk_buffer(&C, 4);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageOffset = {7, 7, 0},
                               .imageExtent = {1, 1, 1}};
   vkCmdCopyImageToBuffer(cb, R[e].image, VK_IMAGE_LAYOUT_GENERAL, b.buf, 1, &region);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   uint32_t v = *(uint32_t *)b.ptr;
   agx_vk_buffer_free(&C, &b);
   return v;
}

/* vkGetDescriptorSetLayoutSupport of one mutable binding of `count` elements listing `types`:
 * the stride is the largest listed type's (agx-vk: 16-byte buffer descriptors, 48-byte image
 * ones, sets up to 64 MiB). */
static bool
mutable_supported(const VkDescriptorType *types, uint32_t ntypes, uint32_t count)
{
   VkMutableDescriptorTypeListEXT list = {ntypes, types};
   VkMutableDescriptorTypeCreateInfoEXT mi = {
      .sType = VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT,
      .mutableDescriptorTypeListCount = 1,
      .pMutableDescriptorTypeLists = &list};
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_MUTABLE_EXT, count,
                                     VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo ci = {.sType =
                                            VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                         .pNext = &mi,
                                         .bindingCount = 1,
                                         .pBindings = &b};
   VkDescriptorSetLayoutSupport s = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT};
   vkGetDescriptorSetLayoutSupport(C.dev, &ci, &s);
   return s.supported;
}

static void
check_support(void)
{
   const VkDescriptorType buffers[2] = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                        VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER};
   CHECK(mutable_supported(buffers, 2, 1000));
   CHECK(mutable_supported(kind_type, KINDS, 1000));
   if (C.reference)
      return; /* the limits below are agx-vk's */
   /* 1,400,000 x 16 B fit in 64 MiB, 1,400,000 x 48 B do not */
   CHECK(mutable_supported(buffers, 2, 1400000));
   CHECK(!mutable_supported(kind_type, KINDS, 1400000));
   printf("layout support: buffer-only lists at 16 bytes, image lists at 48\n");
   /* vkd3d-proton's heap: a variable-count, update-after-bind mutable binding of at least
    * VKD3D_MIN_VIEW_DESCRIPTOR_COUNT (1,000,000) descriptors */
   VkMutableDescriptorTypeListEXT list = {KINDS, kind_type};
   VkMutableDescriptorTypeCreateInfoEXT mi = {
      .sType = VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT,
      .mutableDescriptorTypeListCount = 1,
      .pMutableDescriptorTypeLists = &list};
   VkDescriptorBindingFlags bf = VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT |
                                 VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
                                 VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT;
   VkDescriptorSetLayoutBindingFlagsCreateInfo bfi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .pNext = &mi,
      .bindingCount = 1,
      .pBindingFlags = &bf};
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_MUTABLE_EXT, 1000000,
                                     VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .pNext = &bfi,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
      .bindingCount = 1,
      .pBindings = &b};
   VkDescriptorSetVariableDescriptorCountLayoutSupport vs = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT};
   VkDescriptorSetLayoutSupport sup = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT,
                                       .pNext = &vs};
   vkGetDescriptorSetLayoutSupport(C.dev, &ci, &sup);
   printf("variable-count mutable heap: supported %u, up to %u descriptors\n", sup.supported,
          vs.maxVariableDescriptorCount);
   CHECK(sup.supported && vs.maxVariableDescriptorCount >= 1000000);
}

static VkDescriptorSetLayout
make_layout(const VkDescriptorSetLayoutBinding *b, uint32_t n,
            const VkMutableDescriptorTypeCreateInfoEXT *mi, VkDescriptorSetLayoutCreateFlags flags)
{
   VkDescriptorSetLayoutCreateInfo ci = {.sType =
                                            VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                         .pNext = mi,
                                         .flags = flags,
                                         .bindingCount = n,
                                         .pBindings = b};
   VkDescriptorSetLayout l;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &ci, NULL, &l));
   return l;
}

static VkDescriptorSet
alloc_set(VkDescriptorPool pool, VkDescriptorSetLayout layout)
{
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &layout};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   return set;
}

static bool
device(void)
{
   VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT mf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MUTABLE_DESCRIPTOR_TYPE_FEATURES_EXT};
   VkPhysicalDeviceVulkan12Features h12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   bool ext = agx_vk_ctx_has_extension(&C, VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME);
   if (ext)
      h12.pNext = &mf;
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &h12};
   vkGetPhysicalDeviceFeatures2(C.pdev, &f2);
   bool all = ext && mf.mutableDescriptorType && h12.descriptorIndexing &&
              h12.runtimeDescriptorArray && h12.shaderStorageBufferArrayNonUniformIndexing &&
              h12.shaderSampledImageArrayNonUniformIndexing &&
              h12.shaderStorageImageArrayNonUniformIndexing &&
              h12.shaderUniformTexelBufferArrayNonUniformIndexing &&
              h12.shaderStorageTexelBufferArrayNonUniformIndexing &&
              h12.shaderUniformBufferArrayNonUniformIndexing &&
              h12.descriptorBindingStorageBufferUpdateAfterBind &&
              h12.descriptorBindingSampledImageUpdateAfterBind &&
              h12.descriptorBindingStorageImageUpdateAfterBind &&
              h12.descriptorBindingUniformTexelBufferUpdateAfterBind &&
              h12.descriptorBindingStorageTexelBufferUpdateAfterBind &&
              h12.descriptorBindingUniformBufferUpdateAfterBind &&
              h12.descriptorBindingPartiallyBound && h12.descriptorBindingVariableDescriptorCount;
   if (C.reference && !all) {
      printf("skipped: the reference driver lacks %s\n",
             !ext ? "VK_EXT_mutable_descriptor_type" : "a descriptor-indexing feature");
      return false;
   }
   CHECK(all);
   /* the VALVE name is the same extension (vkd3d-proton takes either) */
   CHECK(C.reference ||
         agx_vk_ctx_has_extension(&C, VK_VALVE_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME));
   VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT em = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MUTABLE_DESCRIPTOR_TYPE_FEATURES_EXT,
      .mutableDescriptorType = VK_TRUE};
   VkPhysicalDeviceVulkan12Features e12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &em,
      .descriptorIndexing = VK_TRUE,
      .runtimeDescriptorArray = VK_TRUE,
      .shaderStorageBufferArrayNonUniformIndexing = VK_TRUE,
      .shaderSampledImageArrayNonUniformIndexing = VK_TRUE,
      .shaderStorageImageArrayNonUniformIndexing = VK_TRUE,
      .shaderUniformTexelBufferArrayNonUniformIndexing = VK_TRUE,
      .shaderStorageTexelBufferArrayNonUniformIndexing = VK_TRUE,
      .shaderUniformBufferArrayNonUniformIndexing = VK_TRUE,
      .descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE,
      .descriptorBindingSampledImageUpdateAfterBind = VK_TRUE,
      .descriptorBindingStorageImageUpdateAfterBind = VK_TRUE,
      .descriptorBindingUniformTexelBufferUpdateAfterBind = VK_TRUE,
      .descriptorBindingStorageTexelBufferUpdateAfterBind = VK_TRUE,
      .descriptorBindingUniformBufferUpdateAfterBind = VK_TRUE,
      .descriptorBindingPartiallyBound = VK_TRUE,
      .descriptorBindingVariableDescriptorCount = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.shaderSampledImageArrayDynamicIndexing = VK_TRUE,
                                   .shaderStorageImageArrayDynamicIndexing = VK_TRUE,
                                   .shaderStorageBufferArrayDynamicIndexing = VK_TRUE,
                                   .shaderUniformBufferArrayDynamicIndexing = VK_TRUE};
   const char *exts[] = {VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME};
   agx_vk_ctx_device_features(&C, &e12, &f10, 1, exts);
   return true;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   agx_vk_ctx_instance(&C, argc, argv);
   if (!device())
      return 77;
   check_support();
   for (uint32_t e = 0; e < N; e++)
      make_resource(e);

   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   VkMutableDescriptorTypeListEXT lists[2] = {{0, NULL}, {KINDS, kind_type}};
   VkMutableDescriptorTypeCreateInfoEXT mi = {
      .sType = VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT,
      .mutableDescriptorTypeListCount = 2,
      .pMutableDescriptorTypeLists = lists};
   VkDescriptorSetLayoutBinding b0[2] = {{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, cs, NULL},
                                         {1, VK_DESCRIPTOR_TYPE_MUTABLE_EXT, N, cs, NULL}};
   VkDescriptorSetLayout heap_layout = make_layout(b0, 2, &mi, 0);
   VkDescriptorSetLayoutBinding bt[KINDS];
   for (uint32_t k = 0; k < KINDS; k++)
      bt[k] = (VkDescriptorSetLayoutBinding){k, kind_type[k], 1, cs, NULL};
   VkDescriptorSetLayout typed_layout = make_layout(bt, KINDS, NULL, 0);
   /* the host-only set: a mutable binding of 5 listing the same types */
   VkMutableDescriptorTypeCreateInfoEXT hmi = {
      .sType = VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT,
      .mutableDescriptorTypeListCount = 1,
      .pMutableDescriptorTypeLists = &lists[1]};
   VkDescriptorSetLayoutBinding bh = {0, VK_DESCRIPTOR_TYPE_MUTABLE_EXT, KINDS, cs, NULL};
   VkDescriptorSetLayout host_layout =
      make_layout(&bh, 1, &hmi, VK_DESCRIPTOR_SET_LAYOUT_CREATE_HOST_ONLY_POOL_BIT_EXT);

   VkDescriptorSetLayout sets[2] = {heap_layout, typed_layout};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 2,
                                     .pSetLayouts = sets};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &layout));
   VkShaderModule mod = agx_vk_shader(&C, argv[1]);
   VkPipeline pipe = agx_vk_compute_pipeline(&C, layout, mod, NULL, 0, NULL);

   /* the device pool: the mutable entry with its type list (entry 1) */
   VkDescriptorPoolSize sizes[7] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3},       {VK_DESCRIPTOR_TYPE_MUTABLE_EXT, N},
      {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 2},        {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2},
      {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 2}, {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .pNext = &mi,
                                     .maxSets = 3,
                                     .poolSizeCount = 7,
                                     .pPoolSizes = sizes};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &pool));
   /* the host-only pool: a mutable entry without a list (room for any type) */
   VkDescriptorPoolSize hsize = {VK_DESCRIPTOR_TYPE_MUTABLE_EXT, KINDS};
   VkDescriptorPoolCreateInfo hpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .flags = VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT,
                                      .maxSets = 1,
                                      .poolSizeCount = 1,
                                      .pPoolSizes = &hsize};
   VkDescriptorPool host_pool;
   VK_OK(vkCreateDescriptorPool(C.dev, &hpci, NULL, &host_pool));

   VkDescriptorSet heap = alloc_set(pool, heap_layout);
   VkDescriptorSet typed = alloc_set(pool, typed_layout);
   VkDescriptorSet source = alloc_set(pool, typed_layout);
   VkDescriptorSet host = alloc_set(host_pool, host_layout);

   struct agx_vk_buffer out = agx_vk_buffer(&C, INVOC * 16);
   VkDescriptorBufferInfo ob = {out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet ow = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = heap,
                              .dstBinding = 0,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &ob};
   vkUpdateDescriptorSets(C.dev, 1, &ow, 0, NULL);
   /* 0-17: first a descriptor of the next kind, then the element's own */
   for (uint32_t e = 0; e < 3 * KINDS; e++)
      write_one(heap, 1, e, e + 1);
   for (uint32_t e = 0; e < 3 * KINDS; e++)
      write_one(heap, 1, e, e);
   /* 18-23 through the host-only set, 24-29 from typed bindings */
   for (uint32_t k = 0; k < KINDS; k++) {
      write_one(host, 0, k, 3 * KINDS + k);
      write_one(source, k, 0, 4 * KINDS + k);
   }
   VkCopyDescriptorSet copies[1 + 2 * KINDS];
   uint32_t nc = 0;
   copies[nc++] = copy_of(host, 0, 0, heap, 1, 3 * KINDS, KINDS);
   for (uint32_t k = 0; k < KINDS; k++)
      copies[nc++] = copy_of(source, k, 0, heap, 1, 4 * KINDS + k, 1);
   /* set 1 from elements 6-11 (copies apply in order, after the ones above) */
   for (uint32_t k = 0; k < KINDS; k++)
      copies[nc++] = copy_of(heap, 1, KINDS + k, typed, k, 0, 1);
   vkUpdateDescriptorSets(C.dev, 0, NULL, nc, copies);

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   VkDescriptorSet bound[2] = {heap, typed};
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, bound, 0, NULL);
   vkCmdDispatch(cb, INVOC / 64, 1, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0,
                        NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));

   unsigned bad = 0;
   const uint32_t *o = out.ptr;
   uint32_t hits[N] = {0};
   for (uint32_t i = 0; i < INVOC; i++) {
      uint32_t e = i * 7 % N;
      hits[e]++;
      uint32_t want[4] = {expect(e, i), expect(KINDS + i % KINDS, i), e, 0};
      for (unsigned c = 0; c < 4; c++)
         if (o[4 * i + c] != want[c] && bad++ < 16)
            fprintf(stderr, "invocation %u (element %u, kind %u) component %u: %u, expected %u\n",
                    i, e, e % KINDS, c, o[4 * i + c], want[c]);
   }
   /* the atomics: one per invocation that reached the element */
   unsigned bad_count = 0;
   for (uint32_t e = 0; e < N; e++) {
      uint32_t got, want;
      if (e % KINDS == 0 || e % KINDS == 5) {
         got = ((const uint32_t *)R[e].buf.ptr)[15];
         want = hits[e];
      } else if (e % KINDS == 2) {
         got = image_counter(e);
         want = V(e, 63) + hits[e];
      } else {
         continue;
      }
      if (got != want && bad_count++ < 8)
         fprintf(stderr, "element %u counter: %u, expected %u\n", e, got, want);
   }
   printf("mutable heap of %u (6 kinds): %u value mismatches, %u counter mismatches\n", N, bad,
          bad_count);
   CHECK(bad == 0 && bad_count == 0);

   agx_vk_buffer_free(&C, &out);
   vkDestroyDescriptorPool(C.dev, host_pool, NULL);
   vkDestroyDescriptorPool(C.dev, pool, NULL);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, heap_layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, typed_layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, host_layout, NULL);
   for (uint32_t e = 0; e < N; e++)
      free_resource(&R[e]);
   return agx_vk_ctx_finish(&C);
}
