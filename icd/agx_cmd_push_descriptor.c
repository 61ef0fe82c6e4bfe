/*
 * VK_KHR_push_descriptor. A pushed set is written into command-buffer
 * upload memory (cmd->data) in the same ABI layout as a pool's set, and its
 * address is bound like vkCmdBindDescriptorSets would. Upload memory is
 * never reused while recording, so every dispatch keeps seeing the copy
 * that was current when it was recorded. Each push starts from the previous
 * push to the same set index (same layout size), since descriptors not
 * written keep their values. Push layouts hold no dynamic buffers.
 */
#include <string.h>

#include "agx_cmd_buffer.h"
#include "agx_descriptor_set.h"

/* Makes *set a fresh copy of set `index` to push into, bound to the
 * command buffer; false on failure (an allocation failure is recorded as
 * the command buffer's error). */
static bool
begin_push(struct agx_cmd_buffer *cmd, VkPipelineLayout _layout, uint32_t index,
           struct agx_descriptor_set *set)
{
   const struct agx_pipeline_layout *layout = agx_pipeline_layout_from_handle(_layout);
   if (index >= layout->set_count || !layout->sets[index])
      return false;
   struct agx_descriptor_set_layout *sl = layout->sets[index];
   struct agx_upload_ptr mem = {0};
   if (sl->size) {
      VkResult result = agx_upload_alloc(&cmd->data, sl->size, AGX_DESCRIPTOR_SET_ALIGN, &mem);
      if (result != VK_SUCCESS) {
         agx_cmd_set_error(cmd, result);
         return false;
      }
      if (cmd->compute.push_set[index] && cmd->compute.push_set_size[index] == sl->size)
         memcpy(mem.cpu, cmd->compute.push_set[index], sl->size);
      else
         memset(mem.cpu, 0, sl->size);
      agx_descriptor_set_init_inline(sl, mem.cpu, mem.gpu);
   }
   *set = (struct agx_descriptor_set){
      .layout = sl,
      .va = mem.gpu,
      .map = mem.cpu,
      .size = sl->size,
   };
   cmd->compute.push_set[index] = mem.cpu;
   cmd->compute.push_set_size[index] = sl->size;
   cmd->compute.set_addr[index] = mem.gpu;
   return true;
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdPushDescriptorSetKHR(VkCommandBuffer commandBuffer, VkPipelineBindPoint bindPoint,
                            VkPipelineLayout layout, uint32_t set, uint32_t writeCount,
                            const VkWriteDescriptorSet *pWrites)
{
   AGX_FROM_HANDLE(agx_cmd_buffer, cmd, commandBuffer);
   struct agx_descriptor_set tmp;
   if (bindPoint != VK_PIPELINE_BIND_POINT_COMPUTE || !begin_push(cmd, layout, set, &tmp))
      return;
   for (uint32_t i = 0; i < writeCount; i++)
      agx_descriptor_set_write(&tmp, &pWrites[i]);
}

VKAPI_ATTR void VKAPI_CALL
agx_CmdPushDescriptorSetWithTemplateKHR(VkCommandBuffer commandBuffer,
                                        VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                        VkPipelineLayout layout, uint32_t set, const void *pData)
{
   AGX_FROM_HANDLE(agx_cmd_buffer, cmd, commandBuffer);
   const struct agx_descriptor_update_template *t =
      agx_descriptor_update_template_from_handle(descriptorUpdateTemplate);
   struct agx_descriptor_set tmp;
   if (t->bind_point != VK_PIPELINE_BIND_POINT_COMPUTE || !begin_push(cmd, layout, set, &tmp))
      return;
   agx_descriptor_set_write_template(&tmp, t, pData);
}
