/*
 * Samplers and image descriptors through the driver's entry points:
 *  - VkSamplerCreateInfo -> hardware Sampler fields (filters, mip mode,
 *    wrap modes incl. mirror clamp to edge, compare, LODs, anisotropy as a
 *    power of two, unnormalized coordinates, border colours), custom border
 *    colours refused;
 *  - heap slots: distinct per sampler, the packed words in the heap, a
 *    freed slot reused, the heap address/count every compute command gets;
 *  - descriptor set layouts (48-byte image strides), writes of storage
 *    images (storage Texture + PBE), sampled images (Texture, rest zero),
 *    combined image samplers and samplers (heap index + LOD bias at 24/28),
 *    immutable samplers present at allocation and kept by writes, copies,
 *    update templates.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_abi.h"
#include "agxv_bo.h"
#include "agxv_descriptor_set.h"
#include "agxv_device.h"
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agx_internal_test.h"
#include "agx_pack.h"
#include "agxv_sampler.h"

static VkSampler
make_sampler(VkDevice dev, const VkSamplerCreateInfo *ci)
{
   VkSampler s;
   CHECK(agxv_CreateSampler(dev, ci, NULL, &s) == VK_SUCCESS);
   return s;
}

static void
samplers(struct agx_test_device *t)
{
   VkSamplerCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_LINEAR,
      .minFilter = VK_FILTER_NEAREST,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
      .mipLodBias = 0.5f,
      .anisotropyEnable = VK_TRUE,
      .maxAnisotropy = 5.0f,
      .compareEnable = VK_TRUE,
      .compareOp = VK_COMPARE_OP_GREATER_OR_EQUAL,
      .minLod = 1.5f,
      .maxLod = 20.0f,
      .borderColor = VK_BORDER_COLOR_INT_OPAQUE_WHITE,
   };
   VkSampler a = make_sampler(t->vk, &ci);
   struct agxv_sampler *sa = agxv_sampler_from_handle(a);
   struct AGX_SAMPLER s;
   CHECK(AGX_SAMPLER_unpack(NULL, (const uint8_t *)sa->hw, &s));
   CHECK(s.magnify == AGX_FILTER_LINEAR && s.minify == AGX_FILTER_NEAREST);
   CHECK(s.mip_filter == AGX_MIP_FILTER_LINEAR);
   CHECK(s.wrap_s == AGX_WRAP_MIRRORED_CLAMP_TO_EDGE && s.wrap_t == AGX_WRAP_CLAMP_TO_BORDER &&
         s.wrap_r == AGX_WRAP_MIRRORED_REPEAT);
   CHECK(s.maximum_anisotropy == 8);
   CHECK(s.compare_enable && s.compare_func == AGX_COMPARE_FUNC_GEQUAL);
   CHECK(s.minimum_lod == 1.5f && s.maximum_lod == 14.0f); /* clamped to the field */
   CHECK(s.border_colour == AGX_BORDER_COLOUR_OPAQUE_WHITE && !s.pixel_coordinates);
   CHECK(sa->desc.lod_bias == 0.5f);

   /* the heap holds the words; every command sees it */
   uint64_t heap_va;
   uint32_t heap_count;
   agxv_device_sampler_heap(t->dev, &heap_va, &heap_count);
   CHECK(heap_va == t->dev->sampler_heap->va && heap_count == AGXV_SAMPLER_HEAP_COUNT);
   CHECK(!memcmp((uint8_t *)t->dev->sampler_heap->map + sa->index * 8, sa->hw, 8));

   VkSamplerCreateInfo ci2 = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_LINEAR,
                              .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .maxLod = 0.25f,
                              .unnormalizedCoordinates = VK_TRUE,
                              .borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK};
   VkSampler b = make_sampler(t->vk, &ci2);
   struct agxv_sampler *sb = agxv_sampler_from_handle(b);
   CHECK(AGX_SAMPLER_unpack(NULL, (const uint8_t *)sb->hw, &s));
   CHECK(s.pixel_coordinates && s.maximum_anisotropy == 1 && !s.compare_enable);
   CHECK(s.wrap_s == AGX_WRAP_REPEAT && s.wrap_t == AGX_WRAP_CLAMP_TO_EDGE);
   CHECK(s.mip_filter == AGX_MIP_FILTER_NEAREST && s.maximum_lod == 0.25f);
   CHECK(s.border_colour == AGX_BORDER_COLOUR_OPAQUE_BLACK);
   CHECK(sb->index != sa->index);
   uint32_t freed = sa->index;
   agxv_DestroySampler(t->vk, a, NULL);
   VkSampler c = make_sampler(t->vk, &ci2);
   CHECK(agxv_sampler_from_handle(c)->index == freed);
   agxv_DestroySampler(t->vk, b, NULL);
   agxv_DestroySampler(t->vk, c, NULL);

   /* a custom border colour: a twin with a transparent-black border, the
    * colour and the twin's slot + 1 in the descriptor half (agx_abi.h) */
   ci2.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
   ci2.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   VkSampler bad;
   CHECK(agxv_CreateSampler(t->vk, &ci2, NULL, &bad) == VK_ERROR_FEATURE_NOT_PRESENT);
   VkSamplerCustomBorderColorCreateInfoEXT cbc = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
      .customBorderColor = {.float32 = {0.25f, -2.0f, 3.5f, 1.0f}}};
   ci2.pNext = &cbc;
   VkSampler cs = make_sampler(t->vk, &ci2);
   struct agxv_sampler *sc = agxv_sampler_from_handle(cs);
   CHECK(sc->twin && sc->twin - 1 != sc->index);
   CHECK(sc->desc.index == (sc->index | sc->twin << 16));
   CHECK(!memcmp(sc->desc.border, cbc.customBorderColor.uint32, 16));
   const uint8_t *heap = t->dev->sampler_heap->map;
   CHECK(AGX_SAMPLER_unpack(NULL, heap + 8 * sc->index, &s));
   CHECK(s.border_colour == AGX_BORDER_COLOUR_OPAQUE_WHITE && s.wrap_t == AGX_WRAP_CLAMP_TO_BORDER);
   CHECK(AGX_SAMPLER_unpack(NULL, heap + 8 * (sc->twin - 1), &s));
   CHECK(s.border_colour == AGX_BORDER_COLOUR_TRANSPARENT_BLACK && s.pixel_coordinates);
   uint32_t twin = sc->twin - 1;
   agxv_DestroySampler(t->vk, cs, NULL);
   CHECK(!(t->dev->sampler_used[twin / 32] & (1u << twin % 32)));
   /* unreachable (no address mode clamps to the border): one slot */
   ci2.addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT;
   cs = make_sampler(t->vk, &ci2);
   CHECK(!agxv_sampler_from_handle(cs)->twin);
   agxv_DestroySampler(t->vk, cs, NULL);
   printf("samplers: ok\n");
}

static void
descriptors(struct agx_test_device *t)
{
   VkDevice dev = t->vk;
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {64, 64, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT};
   VkImage img;
   CHECK(agxv_CreateImage(dev, &ici, NULL, &img) == VK_SUCCESS);
   VkMemoryRequirements req;
   agxv_GetImageMemoryRequirements(dev, img, &req);
   CHECK(req.size == 16384 && req.alignment == 16384);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(dev, &mai, NULL, &mem) == VK_SUCCESS);
   CHECK(agxv_BindImageMemory(dev, img, mem, 0) == VK_SUCCESS);
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = img,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .components = {VK_COMPONENT_SWIZZLE_B,
                                               VK_COMPONENT_SWIZZLE_IDENTITY,
                                               VK_COMPONENT_SWIZZLE_ONE, VK_COMPONENT_SWIZZLE_ZERO},
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkImageView iv;
   CHECK(agxv_CreateImageView(dev, &vci, NULL, &iv) == VK_SUCCESS);
   struct agxv_image_view *view = agxv_image_view_from_handle(iv);
   struct AGX_TEXTURE tex;
   CHECK(AGX_TEXTURE_unpack(NULL, (const uint8_t *)view->desc, &tex));
   CHECK(tex.swizzle_r == AGX_CHANNEL_B && tex.swizzle_g == AGX_CHANNEL_G &&
         tex.swizzle_b == AGX_CHANNEL_1 && tex.swizzle_a == AGX_CHANNEL_0);
   CHECK(tex.layout == AGX_LAYOUT_GPU && tex.width == 64 && tex.height == 64 &&
         tex.address == agxv_image_from_handle(img)->va);

   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .mipLodBias = -1.25f,
                              .maxLod = 4.0f};
   VkSampler samp = make_sampler(dev, &sci), imm = make_sampler(dev, &sci);
   uint32_t samp_index = agxv_sampler_from_handle(samp)->index;
   uint32_t imm_index = agxv_sampler_from_handle(imm)->index;
   VkSampler imms[2] = {imm, imm};
   VkDescriptorSetLayoutBinding bindings[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {3, VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {4, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2, VK_SHADER_STAGE_COMPUTE_BIT, imms},
   };
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 5,
                                          .pBindings = bindings};
   VkDescriptorSetLayout layout;
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &layout) == VK_SUCCESS);
   struct agxv_descriptor_set_layout *l = agxv_descriptor_set_layout_from_handle(layout);
   for (unsigned b = 0; b < 5; b++)
      CHECK(l->bindings[b].stride == AGX_ABI_IMAGE_DESC_SIZE);
   CHECK(l->bindings[4].offset == 5 * 48 && l->size == 7 * 48);
   CHECK(l->bindings[4].immutable == 0 && l->bindings[2].immutable == -1);

   VkDescriptorPoolSize ps[] = {{VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2},
                                {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 4},
                                {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 6},
                                {VK_DESCRIPTOR_TYPE_SAMPLER, 2}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2,
                                     .poolSizeCount = 4,
                                     .pPoolSizes = ps};
   VkDescriptorPool pool;
   CHECK(agxv_CreateDescriptorPool(dev, &pci, NULL, &pool) == VK_SUCCESS);
   VkDescriptorSetLayout layouts[2] = {layout, layout};
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 2,
                                     .pSetLayouts = layouts};
   VkDescriptorSet sets[2];
   CHECK(agxv_AllocateDescriptorSets(dev, &ai, sets) == VK_SUCCESS);
   uint8_t *map = agxv_descriptor_set_from_handle(sets[0])->map;
   /* immutable samplers from the start */
   uint32_t u;
   float f;
   memcpy(&u, map + 5 * 48 + 24, 4);
   memcpy(&f, map + 5 * 48 + 28, 4);
   CHECK(u == imm_index && f == -1.25f);
   memcpy(&u, map + 6 * 48 + 24, 4);
   CHECK(u == imm_index);

   VkDescriptorImageInfo ii = {samp, iv, VK_IMAGE_LAYOUT_GENERAL};
   VkDescriptorImageInfo iis[2] = {ii, ii};
   VkWriteDescriptorSet w[] = {
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, sets[0], 0, 0, 1,
       VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, &ii, NULL, NULL},
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, sets[0], 1, 1, 1,
       VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, &ii, NULL, NULL},
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, sets[0], 2, 0, 1,
       VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, &ii, NULL, NULL},
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, sets[0], 3, 0, 1, VK_DESCRIPTOR_TYPE_SAMPLER,
       &ii, NULL, NULL},
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, sets[0], 4, 0, 2,
       VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, iis, NULL, NULL},
   };
   memset(map, 0xee, 4 * 48); /* bindings 0-3: every byte must be written */
   agxv_UpdateDescriptorSets(dev, 5, w, 0, NULL);
   static const uint8_t zero[24];
   CHECK(!memcmp(map, view->storage_desc, 48));
   CHECK(!memcmp(map + 2 * 48, view->desc, 24) && !memcmp(map + 2 * 48 + 24, zero, 24));
   CHECK(!memcmp(map + 3 * 48, view->desc, 24));
   memcpy(&u, map + 3 * 48 + 24, 4);
   memcpy(&f, map + 3 * 48 + 28, 4);
   CHECK(u == samp_index && f == -1.25f && !memcmp(map + 3 * 48 + 32, zero, 16));
   CHECK(!memcmp(map + 4 * 48, zero, 24));
   memcpy(&u, map + 4 * 48 + 24, 4);
   CHECK(u == samp_index);
   /* immutable: the image is written, the sampler kept */
   CHECK(!memcmp(map + 6 * 48, view->desc, 24));
   memcpy(&u, map + 6 * 48 + 24, 4);
   CHECK(u == imm_index);

   /* copies */
   uint8_t *map1 = agxv_descriptor_set_from_handle(sets[1])->map;
   VkCopyDescriptorSet cp2 = {
      VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET, NULL, sets[0], 2, 0, sets[1], 2, 0, 1};
   agxv_UpdateDescriptorSets(dev, 0, NULL, 1, &cp2);
   CHECK(!memcmp(map1 + 3 * 48, map + 3 * 48, 48));

   /* update template: a sampled image into binding 1 element 0 */
   VkDescriptorUpdateTemplateEntry e = {
      1, 0, 1, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 0, sizeof(VkDescriptorImageInfo)};
   VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &e,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = layout};
   VkDescriptorUpdateTemplate tmpl;
   CHECK(agxv_CreateDescriptorUpdateTemplate(dev, &tci, NULL, &tmpl) == VK_SUCCESS);
   agxv_UpdateDescriptorSetWithTemplate(dev, sets[1], tmpl, &ii);
   CHECK(!memcmp(map1 + 48, view->desc, 24) && !memcmp(map1 + 48 + 24, zero, 24));
   agxv_DestroyDescriptorUpdateTemplate(dev, tmpl, NULL);

   agxv_DestroyDescriptorPool(dev, pool, NULL);
   agxv_DestroyDescriptorSetLayout(dev, layout, NULL);
   agxv_DestroySampler(dev, samp, NULL);
   agxv_DestroySampler(dev, imm, NULL);
   agxv_DestroyImageView(dev, iv, NULL);
   agxv_DestroyImage(dev, img, NULL);
   agxv_FreeMemory(dev, mem, NULL);
   printf("image descriptors: ok\n");
}

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   samplers(&t);
   descriptors(&t);
   agx_test_device_destroy(&t);
   return 0;
}
