/*
 * Descriptor set layouts, pools, sets, writes, copies and templates through
 * the driver's entry points, checking the bytes written into GPU memory
 * against the ABI (compiler/ir/agx_abi.h): { u64 address; u32 size; u32 0 }.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agxv_buffer.h"
#include "agxv_descriptor_set.h"
#include "agxv_device.h"
#include "agx_internal_test.h"

struct desc {
   uint64_t address;
   uint32_t size, reserved;
};

static struct desc
read_desc(VkDescriptorSet handle, uint32_t offset)
{
   struct desc d;
   memcpy(&d, agxv_descriptor_set_from_handle(handle)->map + offset, sizeof(d));
   return d;
}

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   VkDevice dev = t.vk;

   /* A buffer bound at offset 0 of a fresh allocation. */
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = 4096,
                             .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
   VkBuffer buf;
   CHECK(agxv_CreateBuffer(dev, &bci, NULL, &buf) == VK_SUCCESS);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = 4096};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(dev, &mai, NULL, &mem) == VK_SUCCESS);
   CHECK(agxv_BindBufferMemory(dev, buf, mem, 0) == VK_SUCCESS);
   uint64_t va = agxv_buffer_from_handle(buf)->va;
   CHECK(va != 0);

   /* Bindings 0 (2 SSBOs), 2 (UBO), 3 (dynamic SSBO); 1 unused. */
   VkDescriptorSetLayoutBinding bindings[] = {
      {.binding = 3,
       .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
       .descriptorCount = 1},
      {.binding = 0, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = 2},
      {.binding = 2, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .descriptorCount = 1},
   };
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = bindings};
   VkDescriptorSetLayout layout;
   CHECK(agxv_CreateDescriptorSetLayout(dev, &lci, NULL, &layout) == VK_SUCCESS);
   struct agxv_descriptor_set_layout *l = agxv_descriptor_set_layout_from_handle(layout);
   CHECK(l->binding_count == 4 && l->size == 64 && l->dynamic_buffer_count == 1);
   CHECK(l->bindings[0].offset == 0 && l->bindings[2].offset == 32 && l->bindings[3].offset == 48);

   VkPushConstantRange pcr = {.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .offset = 16, .size = 240};
   VkDescriptorSetLayout two[2] = {layout, layout};
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 2,
                                      .pSetLayouts = two,
                                      .pushConstantRangeCount = 1,
                                      .pPushConstantRanges = &pcr};
   VkPipelineLayout playout;
   CHECK(agxv_CreatePipelineLayout(dev, &plci, NULL, &playout) == VK_SUCCESS);
   struct agxv_pipeline_layout *pl = agxv_pipeline_layout_from_handle(playout);
   CHECK(pl->push_constant_size == 256 && pl->dynamic_buffer_count == 2);
   CHECK(pl->dynamic_offset_start[1] == 1);
   /* The set layout may be destroyed while the pipeline layout lives. */
   agxv_DestroyDescriptorSetLayout(dev, layout, NULL);

   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4},
                                   {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2},
                                   {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2}};
   VkDescriptorPoolCreateInfo poci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                      .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                                      .maxSets = 2,
                                      .poolSizeCount = 3,
                                      .pPoolSizes = sizes};
   VkDescriptorPool pool;
   CHECK(agxv_CreateDescriptorPool(dev, &poci, NULL, &pool) == VK_SUCCESS);
   VkDescriptorSetLayout set_layouts[2] = {agxv_pipeline_layout_from_handle(playout)->sets[0]
                                              ? agxv_descriptor_set_layout_to_handle(pl->sets[0])
                                              : 0,
                                           agxv_descriptor_set_layout_to_handle(pl->sets[1])};
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = pool,
                                      .descriptorSetCount = 2,
                                      .pSetLayouts = set_layouts};
   VkDescriptorSet sets[2];
   CHECK(agxv_AllocateDescriptorSets(dev, &sai, sets) == VK_SUCCESS);
   CHECK(agxv_descriptor_set_from_handle(sets[0])->va !=
         agxv_descriptor_set_from_handle(sets[1])->va);

   /* Two SSBO elements and, by the consecutive-binding rule, the UBO. */
   VkDescriptorBufferInfo infos[3] = {{buf, 0, 256}, {buf, 512, VK_WHOLE_SIZE}, {buf, 1024, 64}};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = sets[0],
                             .dstBinding = 0,
                             .descriptorCount = 2,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = infos};
   VkWriteDescriptorSet w2 = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = sets[0],
                              .dstBinding = 2,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                              .pBufferInfo = &infos[2]};
   VkWriteDescriptorSet writes[2] = {w, w2};
   agxv_UpdateDescriptorSets(dev, 2, writes, 0, NULL);
   struct desc d0 = read_desc(sets[0], 0), d1 = read_desc(sets[0], 16), d2 = read_desc(sets[0], 32);
   CHECK(d0.address == va && d0.size == 256 && d0.reserved == 0);
   CHECK(d1.address == va + 512 && d1.size == 4096 - 512);
   CHECK(d2.address == va + 1024 && d2.size == 64);

   /* Copy binding 0..1 of set 0 into set 1. */
   VkCopyDescriptorSet copy = {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
                               .srcSet = sets[0],
                               .dstSet = sets[1],
                               .descriptorCount = 2};
   agxv_UpdateDescriptorSets(dev, 0, NULL, 1, &copy);
   CHECK(read_desc(sets[1], 16).address == va + 512);

   /* Template: dynamic SSBO at binding 3 from a packed application struct. */
   struct {
      uint32_t pad;
      VkDescriptorBufferInfo info;
   } data = {0, {buf, 2048, 128}};
   VkDescriptorUpdateTemplateEntry entry = {.dstBinding = 3,
                                            .descriptorCount = 1,
                                            .descriptorType =
                                               VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
                                            .offset = offsetof(__typeof__(data), info),
                                            .stride = sizeof(VkDescriptorBufferInfo)};
   VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &entry,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = set_layouts[0]};
   VkDescriptorUpdateTemplate tmpl;
   CHECK(agxv_CreateDescriptorUpdateTemplate(dev, &tci, NULL, &tmpl) == VK_SUCCESS);
   agxv_UpdateDescriptorSetWithTemplate(dev, sets[1], tmpl, &data);
   CHECK(read_desc(sets[1], 48).address == va + 2048 && read_desc(sets[1], 48).size == 128);
   agxv_DestroyDescriptorUpdateTemplate(dev, tmpl, NULL);

   /* The pool holds two sets: a third fails cleanly; freeing makes room. */
   VkDescriptorSet third;
   sai.descriptorSetCount = 1;
   CHECK(agxv_AllocateDescriptorSets(dev, &sai, &third) == VK_ERROR_OUT_OF_POOL_MEMORY);
   CHECK(third == VK_NULL_HANDLE);
   CHECK(agxv_FreeDescriptorSets(dev, pool, 1, &sets[1]) == VK_SUCCESS);
   CHECK(agxv_AllocateDescriptorSets(dev, &sai, &third) == VK_SUCCESS);
   CHECK(read_desc(third, 0).address == 0); /* fresh sets start zeroed */
   CHECK(agxv_ResetDescriptorPool(dev, pool, 0) == VK_SUCCESS);
   CHECK(agxv_AllocateDescriptorSets(dev, &sai, &third) == VK_SUCCESS);

   agxv_DestroyDescriptorPool(dev, pool, NULL);
   agxv_DestroyPipelineLayout(dev, playout, NULL);
   agxv_DestroyBuffer(dev, buf, NULL);
   agxv_FreeMemory(dev, mem, NULL);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
