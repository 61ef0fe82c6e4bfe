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

#include "agxv_cmd_buffer.h"
#include "agxv_descriptor_set.h"

/* Makes *set a fresh copy of set `index` to push into, bound to the
 * command buffer; false on failure (an allocation failure is recorded as
 * the command buffer's error). */
static bool
begin_push(struct agxv_cmd_buffer *cmd, VkPipelineLayout _layout, uint32_t index,
           struct agxv_descriptor_set *set)
{
   const struct agxv_pipeline_layout *layout = agxv_pipeline_layout_from_handle(_layout);
   if (index >= layout->set_count || !layout->sets[index])
      return false;
   struct agxv_descriptor_set_layout *sl = layout->sets[index];
   struct agxv_upload_ptr mem = {0};
   if (sl->size) {
      VkResult result = agxv_upload_alloc(&cmd->data, sl->size, AGXV_DESCRIPTOR_SET_ALIGN, &mem);
      if (result != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, result);
         return false;
      }
      if (cmd->compute.push_set[index] && cmd->compute.push_set_size[index] == sl->size)
         memcpy(mem.cpu, cmd->compute.push_set[index], sl->size);
      else
         memset(mem.cpu, 0, sl->size);
      agxv_descriptor_set_init_inline(sl, mem.cpu, mem.gpu);
   }
   *set = (struct agxv_descriptor_set){
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
agxv_CmdPushDescriptorSetKHR(VkCommandBuffer commandBuffer, VkPipelineBindPoint bindPoint,
                             VkPipelineLayout layout, uint32_t set, uint32_t writeCount,
                             const VkWriteDescriptorSet *pWrites)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_descriptor_set tmp;
   if (bindPoint != VK_PIPELINE_BIND_POINT_COMPUTE || !begin_push(cmd, layout, set, &tmp))
      return;
   for (uint32_t i = 0; i < writeCount; i++)
      agxv_descriptor_set_write(&tmp, &pWrites[i]);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdPushDescriptorSetWithTemplateKHR(VkCommandBuffer commandBuffer,
                                         VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                         VkPipelineLayout layout, uint32_t set, const void *pData)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const struct agxv_descriptor_update_template *t =
      agxv_descriptor_update_template_from_handle(descriptorUpdateTemplate);
   struct agxv_descriptor_set tmp;
   if (t->bind_point != VK_PIPELINE_BIND_POINT_COMPUTE || !begin_push(cmd, layout, set, &tmp))
      return;
   agxv_descriptor_set_write_template(&tmp, t, pData);
}
