/*
 * Texel buffer descriptors through the driver's entry points: the packed
 * Texture and PBE words of buffer views (unpacked with the genxml
 * unpackers and checked against agx_abi.h: LINEAR 2D, 16384 wide, the
 * 16-byte aligned head in the addresses, whole texels of the rest and the
 * element count in the software words, strides row - 16 / row - 4),
 * VK_WHOLE_SIZE, unsupported formats, the 48-byte descriptor stride in set
 * layouts, writes, copies, templates and null views, the device's txf
 * sampler, and that a pipeline whose shader samples gets it: a USC Sampler
 * word loading it into ss0 and a sampler state count in the launch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_abi.h"
#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agxv_buffer_view.h"
#include "agxv_cmd_buffer.h"
#include "agxv_descriptor_set.h"
#include "agxv_device.h"
#include "agx_internal_test.h"
#include "agx_pack.h"
#include "agxv_pipeline.h"

static void
check_view(const uint32_t *desc, uint64_t va, uint64_t elements, unsigned bytes,
           enum agx_channels channels, enum agx_texture_type type)
{
   struct AGX_TEXTURE tex;
   struct AGX_PBE pbe;
   CHECK(AGX_TEXTURE_unpack(NULL, (const uint8_t *)desc, &tex));
   CHECK(AGX_PBE_unpack(NULL, (const uint8_t *)(desc + 6), &pbe));
   uint64_t head = va & ~15ull;
   uint32_t skip = (uint32_t)(va & 15) / bytes;
   uint32_t rows = (uint32_t)((skip + elements + 16383) / 16384);
   if (!rows)
      rows = 1;
   CHECK(tex.dimension == AGX_TEXTURE_DIMENSION_2D && tex.layout == AGX_LAYOUT_LINEAR);
   CHECK(tex.channels == channels && tex.type == type);
   CHECK(tex.width == 16384 && tex.height == rows && tex.address == head);
   CHECK(tex.stride == 16384 * bytes - 16);
   CHECK(tex.buffer_size_sw == elements && tex.buffer_offset_sw == skip);
   CHECK(tex.first_level == 0 && tex.last_level == 0);
   CHECK(pbe.dimension == AGX_TEXTURE_DIMENSION_2D && pbe.layout == AGX_LAYOUT_LINEAR);
   CHECK(pbe.channels == channels && pbe.type == type);
   CHECK(pbe.width == 16384 && pbe.height == rows && pbe.buffer == head);
   CHECK(pbe.stride == 16384 * bytes - 4 && pbe.buffer_offset_sw == skip);
   /* the words the compiler reads (agx_pass_lower_texel.c) */
   CHECK(desc[AGX_ABI_TEXEL_COUNT / 4] == elements && desc[AGX_ABI_TEXEL_SKIP / 4] == skip);
   uint64_t pbe_buffer = ((uint64_t)(desc[AGX_ABI_TEXEL_PBE_BUFFER / 4 + 1] & 0xF) << 32 |
                          desc[AGX_ABI_TEXEL_PBE_BUFFER / 4])
                         << 4;
   CHECK(pbe_buffer == head);
}

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   VkDevice dev = t.vk;
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 1 << 20,
                             .usage = VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT |
                                      VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT};
   VkBuffer buf;
   CHECK(agxv_CreateBuffer(dev, &bci, NULL, &buf) == VK_SUCCESS);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = 1 << 20};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(dev, &mai, NULL, &mem) == VK_SUCCESS);
   CHECK(agxv_BindBufferMemory(dev, buf, mem, 0) == VK_SUCCESS);
   uint64_t va = agxv_buffer_from_handle(buf)->va;

   static const struct {
      VkFormat format;
      VkDeviceSize offset, range;
      uint64_t elements;
      unsigned bytes;
      enum agx_channels channels;
      enum agx_texture_type type;
   } cases[] = {
      {VK_FORMAT_R8_UNORM, 0, 100, 100, 1, AGX_CHANNELS_R8, AGX_TEXTURE_TYPE_UNORM},
      {VK_FORMAT_R8_UINT, 35, 40000, 40000, 1, AGX_CHANNELS_R8, AGX_TEXTURE_TYPE_UINT},
      {VK_FORMAT_R32_SFLOAT, 20, 4 * 16384, 16384, 4, AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_FLOAT},
      {VK_FORMAT_R16G16_SINT, 4100, VK_WHOLE_SIZE, ((1 << 20) - 4100) / 4, 4, AGX_CHANNELS_R16G16,
       AGX_TEXTURE_TYPE_SINT},
      {VK_FORMAT_B8G8R8A8_SRGB, 16, 64, 16, 4, AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM},
      {VK_FORMAT_R32G32B32A32_UINT, 48, VK_WHOLE_SIZE, ((1 << 20) - 48) / 16, 16,
       AGX_CHANNELS_R32G32B32A32, AGX_TEXTURE_TYPE_UINT},
      {VK_FORMAT_A2B10G10R10_UNORM_PACK32, 8, 4, 1, 4, AGX_CHANNELS_R10G10B10A2,
       AGX_TEXTURE_TYPE_UNORM},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      VkBufferViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                    .buffer = buf,
                                    .format = cases[i].format,
                                    .offset = cases[i].offset,
                                    .range = cases[i].range};
      VkBufferView v;
      CHECK(agxv_CreateBufferView(dev, &vci, NULL, &v) == VK_SUCCESS);
      struct agxv_buffer_view *bv = agxv_buffer_view_from_handle(v);
      CHECK(bv->elements == cases[i].elements);
      check_view(bv->desc, va + cases[i].offset, cases[i].elements, cases[i].bytes,
                 cases[i].channels, cases[i].type);
      agxv_DestroyBufferView(dev, v, NULL);
   }
   /* swizzles: BGRA reads channel 2 as red; the PBE stores red to channel 2 */
   uint32_t d[12];
   CHECK(agxv_pack_texel_buffer(VK_FORMAT_B8G8R8A8_UNORM, va, 4, d));
   struct AGX_TEXTURE tex;
   struct AGX_PBE pbe;
   CHECK(AGX_TEXTURE_unpack(NULL, (const uint8_t *)d, &tex) &&
         AGX_PBE_unpack(NULL, (const uint8_t *)(d + 6), &pbe));
   CHECK(tex.swizzle_r == AGX_CHANNEL_B && tex.swizzle_b == AGX_CHANNEL_R &&
         tex.swizzle_a == AGX_CHANNEL_A);
   CHECK(pbe.swizzle_r == 2 && pbe.swizzle_g == 1 && pbe.swizzle_b == 0 && pbe.swizzle_a == 3);
   CHECK(agxv_pack_texel_buffer(VK_FORMAT_R8_UNORM, va, 4, d));
   CHECK(AGX_TEXTURE_unpack(NULL, (const uint8_t *)d, &tex));
   CHECK(tex.swizzle_r == AGX_CHANNEL_R && tex.swizzle_g == AGX_CHANNEL_0 &&
         tex.swizzle_a == AGX_CHANNEL_1);
   CHECK(tex.srgb == false);
   CHECK(agxv_pack_texel_buffer(VK_FORMAT_R8G8_SRGB, va, 4, d));
   CHECK(AGX_TEXTURE_unpack(NULL, (const uint8_t *)d, &tex) && tex.srgb && tex.srgb_2_channel);
   /* no buffer support: a clear error, nothing packed */
   CHECK(!agxv_pack_texel_buffer(VK_FORMAT_BC1_RGB_UNORM_BLOCK, va, 4, d));
   VkBufferView bad;
   VkBufferViewCreateInfo bvci = {.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                  .buffer = buf,
                                  .format = VK_FORMAT_D32_SFLOAT,
                                  .range = 64};
   CHECK(agxv_CreateBufferView(dev, &bvci, NULL, &bad) == VK_ERROR_FORMAT_NOT_SUPPORTED);

   /* set layout: SSBO (16 B), 3 uniform texel (48 B each), storage texel */
   VkDescriptorSetLayoutBinding bindings[] = {
      {.binding = 0, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = 1},
      {.binding = 1,
       .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
       .descriptorCount = 3},
      {.binding = 2,
       .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
       .descriptorCount = 1},
   };
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = bindings};
   VkDescriptorSetLayout layout;
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &layout) == VK_SUCCESS);
   struct agxv_descriptor_set_layout *l = agxv_descriptor_set_layout_from_handle(layout);
   CHECK(l->bindings[1].offset == 16 && l->bindings[1].stride == 48);
   CHECK(l->bindings[2].offset == 16 + 3 * 48 && l->size == 16 + 4 * 48);

   VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 6},
                                 {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2,
                                     .poolSizeCount = 2,
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

   VkBufferView views[2];
   VkBufferViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                 .buffer = buf,
                                 .format = VK_FORMAT_R32_UINT,
                                 .offset = 4,
                                 .range = 400};
   CHECK(agxv_CreateBufferView(dev, &vci, NULL, &views[0]) == VK_SUCCESS);
   vci.format = VK_FORMAT_R8G8B8A8_UNORM;
   vci.offset = 64;
   CHECK(agxv_CreateBufferView(dev, &vci, NULL, &views[1]) == VK_SUCCESS);
   /* elements 1 and 2 of binding 1 by one write; a null view at element 0 */
   memset(map, 0xee, l->size);
   VkBufferView null_view = VK_NULL_HANDLE;
   VkWriteDescriptorSet w[3] = {
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
       .dstSet = sets[0],
       .dstBinding = 1,
       .dstArrayElement = 1,
       .descriptorCount = 2,
       .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
       .pTexelBufferView = views},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
       .dstSet = sets[0],
       .dstBinding = 1,
       .dstArrayElement = 0,
       .descriptorCount = 1,
       .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
       .pTexelBufferView = &null_view},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
       .dstSet = sets[0],
       .dstBinding = 2,
       .descriptorCount = 1,
       .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
       .pTexelBufferView = &views[1]},
   };
   agxv_UpdateDescriptorSets(dev, 3, w, 0, NULL);
   CHECK(memcmp(map + 16 + 48, agxv_buffer_view_from_handle(views[0])->desc, 48) == 0);
   CHECK(memcmp(map + 16 + 96, agxv_buffer_view_from_handle(views[1])->desc, 48) == 0);
   CHECK(memcmp(map + 16 + 144, agxv_buffer_view_from_handle(views[1])->desc, 48) == 0);
   /* the null view: a valid R32_UINT descriptor of 0 elements at 0 */
   check_view((const uint32_t *)(map + 16), 0, 0, 4, AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT);
   CHECK(map[0] == 0xee); /* the SSBO binding was not touched */
   check_view((const uint32_t *)(map + 16 + 48), va + 4, 100, 4, AGX_CHANNELS_R32,
              AGX_TEXTURE_TYPE_UINT);

   /* copy element 1 -> set 1 element 0, template write into set 1 element 2 */
   VkCopyDescriptorSet copy = {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
                               .srcSet = sets[0],
                               .srcBinding = 1,
                               .srcArrayElement = 1,
                               .dstSet = sets[1],
                               .dstBinding = 1,
                               .dstArrayElement = 0,
                               .descriptorCount = 1};
   agxv_UpdateDescriptorSets(dev, 0, NULL, 1, &copy);
   uint8_t *map1 = agxv_descriptor_set_from_handle(sets[1])->map;
   CHECK(memcmp(map1 + 16, agxv_buffer_view_from_handle(views[0])->desc, 48) == 0);
   VkDescriptorUpdateTemplateEntry e = {.dstBinding = 1,
                                        .dstArrayElement = 2,
                                        .descriptorCount = 1,
                                        .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
                                        .offset = 8,
                                        .stride = 0};
   VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &e,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = layout};
   VkDescriptorUpdateTemplate tmpl;
   CHECK(agxv_CreateDescriptorUpdateTemplate(dev, &tci, NULL, &tmpl) == VK_SUCCESS);
   VkBufferView data[2] = {VK_NULL_HANDLE, views[1]};
   agxv_UpdateDescriptorSetWithTemplate(dev, sets[1], tmpl, data);
   CHECK(memcmp(map1 + 16 + 96, agxv_buffer_view_from_handle(views[1])->desc, 48) == 0);
   agxv_DestroyDescriptorUpdateTemplate(dev, tmpl, NULL);

   /* the txf sampler: created once, nearest / clamp to border / transparent black */
   uint64_t s1 = 0, s2 = 0;
   CHECK(agxv_device_txf_sampler(t.dev, &s1) == VK_SUCCESS && s1);
   CHECK(agxv_device_txf_sampler(t.dev, &s2) == VK_SUCCESS && s2 == s1);
   struct AGX_SAMPLER smp;
   CHECK(AGX_SAMPLER_unpack(NULL, (const uint8_t *)t.dev->txf_sampler->map, &smp));
   CHECK(smp.wrap_s == AGX_WRAP_CLAMP_TO_BORDER && smp.wrap_t == AGX_WRAP_CLAMP_TO_BORDER);
   CHECK(smp.border_colour == AGX_BORDER_COLOUR_TRANSPARENT_BLACK &&
         smp.minify == AGX_FILTER_NEAREST);

   /* a dispatch of a pipeline that samples ("stop" as its code) */
   const uint8_t code[] = {0x88, 0x00};
   struct agxv_shader_info info = {.gpr_halves = 8, .local_size = {32, 1, 1}, .sampler_states = 1};
   struct agxv_pipeline *pipeline;
   CHECK(agxv_compute_pipeline_create(t.dev, code, sizeof(code), &info, &t.dev->alloc, &pipeline) ==
         VK_SUCCESS);
   CHECK(pipeline->shaders[AGXV_STAGE_COMPUTE].txf_sampler == s1);
   VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool cpool;
   CHECK(agxv_CreateCommandPool(dev, &cpci, NULL, &cpool) == VK_SUCCESS);
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = cpool,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   CHECK(agxv_AllocateCommandBuffers(dev, &cai, &cb) == VK_SUCCESS);
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, agxv_pipeline_to_handle(pipeline));
   agxv_CmdDispatch(cb, 1, 1, 1);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);
   struct agxv_cmd_buffer *cmd = agxv_cmd_buffer_from_handle(cb);
   const uint8_t *cs = (const uint8_t *)cmd->cs[AGXV_CS_CDM].chunks.bos[0]->map;
   struct AGX_CDM_LAUNCH_WORD_0 w0;
   struct AGX_CDM_LAUNCH_WORD_1 w1;
   CHECK(AGX_CDM_LAUNCH_WORD_0_unpack(NULL, cs, &w0) &&
         AGX_CDM_LAUNCH_WORD_1_unpack(NULL, cs + 4, &w1));
   CHECK(w0.sampler_state_register_count == AGX_SAMPLER_STATES_4_COMPACT);
   const uint8_t *usc = NULL;
   for (uint32_t i = 0; i < cmd->usc.bo_count; i++) {
      struct agxv_bo *bo = cmd->usc.bos[i];
      uint64_t va_usc = t.dev->usc_base + w1.pipeline;
      if (va_usc >= bo->va && va_usc < bo->va + bo->size)
         usc = (const uint8_t *)bo->map + (va_usc - bo->va);
   }
   CHECK(usc != NULL);
   /* four Uniform words (the root chunks), Shared, then the Sampler word */
   struct AGX_USC_SAMPLER us;
   CHECK(AGX_USC_SAMPLER_unpack(NULL, usc + 36, &us));
   CHECK(us.start == 0 && us.count == 1 && us.buffer == s1);
   struct AGX_USC_SHADER shader;
   CHECK(AGX_USC_SHADER_unpack(NULL, usc + 44, &shader));
   agxv_DestroyCommandPool(dev, cpool, NULL);
   agxv_pipeline_destroy(t.dev, pipeline, &t.dev->alloc);

   agxv_DestroyBufferView(dev, views[0], NULL);
   agxv_DestroyBufferView(dev, views[1], NULL);
   agxv_DestroyDescriptorPool(dev, pool, NULL);
   agxv_DestroyDescriptorSetLayout(dev, layout, NULL);
   agxv_DestroyBuffer(dev, buf, NULL);
   agxv_FreeMemory(dev, mem, NULL);
   agx_test_device_destroy(&t);
   printf("buffer views: ok\n");
   return 0;
}
