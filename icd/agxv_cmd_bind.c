/*
 * Binding commands: vkCmdBindPipeline, vkCmdBindDescriptorSets,
 * vkCmdPushConstants and vkCmdPushDescriptorSet{,WithTemplate}KHR, and
 * their VK_KHR_maintenance6 *2KHR forms (stage flags name the bind points:
 * compute for the compute stage, graphics for any graphics stage). Each
 * writes the state of the bind point it names (struct agxv_bind_state,
 * agxv_cmd_buffer.h); push constants go to every bind point whose stages
 * the stage flags name. Launches read the state; nothing is emitted here.
 * Binding a graphics pipeline also loads its baked state into the command
 * buffer's graphics state (agxv_dyn_bind_pipeline).
 *
 * Assumes (as Honeykrisp, Mesa src/asahi/vulkan/hk_cmd_buffer.c): a set
 * with dynamic buffers is copied into upload memory with the dynamic
 * offsets applied, so shaders always read plain descriptors. A pushed set
 * (VK_KHR_push_descriptor) is written into upload memory in the same ABI
 * layout as a pool's set, starting from the previous push to the same set
 * index (descriptors not written keep their values); upload memory is never
 * reused while recording, so every launch sees the copy current when it was
 * recorded. Push layouts hold no dynamic buffers.
 */
#include <string.h>

#include "agxv_cmd_buffer.h"
#include "agxv_descriptor_set.h"
#include "agxv_entrypoints.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_pipeline.h"
#include "agxv_ppp.h"

/* The bind point's state changed for the given stages: launches upload it
 * again. Graphics tracks the vertex and fragment root uniforms apart
 * (agxv_draw_cache.h): a shader only reads the push-constant ranges that
 * name its stage (Vulkan's push-constant compatibility rules), so a push
 * for one stage leaves the other's root as it was. */
static void
mark_dirty(struct agxv_cmd_buffer *cmd, VkPipelineBindPoint bind_point, VkShaderStageFlags stages)
{
   struct agxv_bind_state *bind = agxv_cmd_bind_state(cmd, bind_point);
   if (!bind)
      return;
   bind->dirty = true;
   if (bind_point != VK_PIPELINE_BIND_POINT_GRAPHICS)
      return;
   /* Stages other than vertex and fragment run as parts of those. */
   if (stages & (VK_SHADER_STAGE_ALL_GRAPHICS & ~VK_SHADER_STAGE_FRAGMENT_BIT))
      cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_VS_ROOT;
   if (stages & (VK_SHADER_STAGE_ALL_GRAPHICS & ~VK_SHADER_STAGE_VERTEX_BIT))
      cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_FS_ROOT;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindPipeline(VkCommandBuffer commandBuffer, VkPipelineBindPoint bindPoint,
                     VkPipeline _pipeline)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_bind_state *bind = agxv_cmd_bind_state(cmd, bindPoint);
   struct agxv_pipeline *pipeline = agxv_pipeline_from_handle(_pipeline);
   if (!bind)
      return;
   bool graphics = pipeline && pipeline->graphics && bindPoint == VK_PIPELINE_BIND_POINT_GRAPHICS;
   if (bind->pipeline != pipeline) {
      bind->pipeline = pipeline;
      bind->dirty = true;
      /* Graphics: the pipeline's baked state becomes the state in effect,
       * and its shaders the ones the next draw links (agxv_cmd_draw.c,
       * which compares their PPP words with the stream's). */
      if (graphics)
         agxv_dyn_bind_pipeline(&cmd->dyn, pipeline->graphics);
   } else if (graphics && (cmd->dyn.changed & ~pipeline->graphics->dynamic)) {
      /* The same pipeline again after a vkCmdSet* of state it holds
       * statically (dEQP-VK.dynamic_state.*.double_static_bind): binding
       * makes its baked values the state in effect again. */
      agxv_dyn_bind_pipeline(&cmd->dyn, pipeline->graphics);
   }
}

/* The address shaders read set `set` from: the set itself, or a copy with
 * the dynamic offsets applied. */
static uint64_t
bind_set(struct agxv_cmd_buffer *cmd, struct agxv_descriptor_set *set, const uint32_t *offsets)
{
   const struct agxv_descriptor_set_layout *layout = set->layout;
   if (layout->dynamic_buffer_count == 0 || set->size == 0)
      return set->va;
   struct agxv_upload_ptr copy;
   VkResult result = agxv_upload_alloc(&cmd->data, set->size, AGXV_IMAGE_DESCRIPTOR_SIZE, &copy);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return 0;
   }
   memcpy(copy.cpu, set->map, set->size);
   for (uint32_t b = 0; b < layout->binding_count; b++) {
      const struct agxv_descriptor_binding *binding = &layout->bindings[b];
      if (binding->type != VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC &&
          binding->type != VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC)
         continue;
      for (uint32_t i = 0; i < binding->count; i++) {
         uint8_t *desc = (uint8_t *)copy.cpu + binding->offset + i * binding->stride;
         uint64_t address;
         memcpy(&address, desc, 8);
         address += offsets[binding->dynamic_index + i];
         memcpy(desc, &address, 8);
      }
   }
   return copy.gpu;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindDescriptorSets(VkCommandBuffer commandBuffer, VkPipelineBindPoint bindPoint,
                           VkPipelineLayout _layout, uint32_t firstSet, uint32_t setCount,
                           const VkDescriptorSet *pSets, uint32_t dynamicOffsetCount,
                           const uint32_t *pDynamicOffsets)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const struct agxv_pipeline_layout *layout = agxv_pipeline_layout_from_handle(_layout);
   struct agxv_bind_state *bind = agxv_cmd_bind_state(cmd, bindPoint);
   if (!bind)
      return;
   struct agxv_descriptor_state *desc = &bind->desc;
   uint32_t dynamic = 0;
   VkShaderStageFlags changed = 0;
   for (uint32_t i = 0; i < setCount && firstSet + i < AGXV_MAX_SETS; i++) {
      struct agxv_descriptor_set *set = agxv_descriptor_set_from_handle(pSets[i]);
      if (!set)
         continue;
      uint32_t n = set->layout->dynamic_buffer_count;
      /* no dynamic offsets: pDynamicOffsets may be NULL (no arithmetic on it) */
      const uint32_t *offsets = pDynamicOffsets ? pDynamicOffsets + dynamic : NULL;
      uint32_t start =
         layout ? layout->dynamic_offset_start[firstSet + i] : AGXV_MAX_DYNAMIC_BUFFERS;
      if (offsets && dynamic + n <= dynamicOffsetCount && start + n <= AGXV_MAX_DYNAMIC_BUFFERS)
         memcpy(desc->dynamic_offsets + start, offsets, n * sizeof(uint32_t));
      uint64_t addr = bind_set(cmd, set, offsets);
      /* Shaders read only the address (the root uniforms): binding the
       * set bound already changes nothing, and another set changes only
       * the roots of the stages its layout names (Vulkan: "a resource
       * must not be accessed from" a stage its binding's stageFlags do
       * not include; a layout naming none is taken to name all). A
       * stage's root, when built, takes every set address, so a stage
       * reading set i always sees the set bound last at i. */
      if (desc->set_addr[firstSet + i] != addr)
         changed |= set->layout->stages ? set->layout->stages : VK_SHADER_STAGE_ALL;
      desc->set_addr[firstSet + i] = addr;
      dynamic += n;
   }
   if (changed)
      mark_dirty(cmd, bindPoint, changed);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdPushConstants(VkCommandBuffer commandBuffer, VkPipelineLayout layout,
                      VkShaderStageFlags stageFlags, uint32_t offset, uint32_t size,
                      const void *pValues)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   if (offset + size > AGXV_MAX_PUSH_CONSTANTS_SIZE)
      return;
   if (stageFlags & VK_SHADER_STAGE_COMPUTE_BIT) {
      struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_COMPUTE];
      if (memcmp(bind->desc.push + offset, pValues, size)) {
         memcpy(bind->desc.push + offset, pValues, size);
         bind->dirty = true;
      }
   }
   if (stageFlags & VK_SHADER_STAGE_ALL_GRAPHICS) {
      struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_GRAPHICS];
      if (memcmp(bind->desc.push + offset, pValues, size)) {
         memcpy(bind->desc.push + offset, pValues, size);
         mark_dirty(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, stageFlags);
      }
   }
}

/* Makes *set a fresh copy of set `index` of the bind point to push into,
 * bound there; false on failure (an allocation failure is recorded as the
 * command buffer's error). */
static bool
begin_push(struct agxv_cmd_buffer *cmd, VkPipelineBindPoint bind_point, VkPipelineLayout _layout,
           uint32_t index, struct agxv_descriptor_set *set)
{
   struct agxv_bind_state *bind = agxv_cmd_bind_state(cmd, bind_point);
   const struct agxv_pipeline_layout *layout = agxv_pipeline_layout_from_handle(_layout);
   if (!bind || index >= layout->set_count || !layout->sets[index])
      return false;
   struct agxv_descriptor_state *desc = &bind->desc;
   struct agxv_descriptor_set_layout *sl = layout->sets[index];
   struct agxv_upload_ptr mem = {0};
   if (sl->size) {
      VkResult result = agxv_upload_alloc(&cmd->data, sl->size, AGXV_DESCRIPTOR_SET_ALIGN, &mem);
      if (result != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, result);
         return false;
      }
      if (desc->push_set[index] && desc->push_set_size[index] == sl->size)
         memcpy(mem.cpu, desc->push_set[index], sl->size);
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
   desc->push_set[index] = mem.cpu;
   desc->push_set_size[index] = sl->size;
   desc->set_addr[index] = mem.gpu;
   mark_dirty(cmd, bind_point, VK_SHADER_STAGE_ALL);
   return true;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdPushDescriptorSetKHR(VkCommandBuffer commandBuffer, VkPipelineBindPoint bindPoint,
                             VkPipelineLayout layout, uint32_t set, uint32_t writeCount,
                             const VkWriteDescriptorSet *pWrites)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_descriptor_set tmp;
   if (!begin_push(cmd, bindPoint, layout, set, &tmp))
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
   if (!begin_push(cmd, t->bind_point, layout, set, &tmp))
      return;
   agxv_descriptor_set_write_template(&tmp, t, pData);
}

/* The bind points the stages of a maintenance6 *2KHR command name, in the
 * order they are written: graphics, then compute. */
static unsigned
bind_points(VkShaderStageFlags stages, VkPipelineBindPoint out[2])
{
   unsigned n = 0;
   if (stages & VK_SHADER_STAGE_ALL_GRAPHICS)
      out[n++] = VK_PIPELINE_BIND_POINT_GRAPHICS;
   if (stages & VK_SHADER_STAGE_COMPUTE_BIT)
      out[n++] = VK_PIPELINE_BIND_POINT_COMPUTE;
   return n;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindDescriptorSets2KHR(VkCommandBuffer commandBuffer,
                               const VkBindDescriptorSetsInfoKHR *pInfo)
{
   VkPipelineBindPoint bp[2];
   unsigned n = bind_points(pInfo->stageFlags, bp);
   for (unsigned i = 0; i < n; i++)
      agxv_CmdBindDescriptorSets(commandBuffer, bp[i], pInfo->layout, pInfo->firstSet,
                                 pInfo->descriptorSetCount, pInfo->pDescriptorSets,
                                 pInfo->dynamicOffsetCount, pInfo->pDynamicOffsets);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdPushConstants2KHR(VkCommandBuffer commandBuffer, const VkPushConstantsInfoKHR *pInfo)
{
   agxv_CmdPushConstants(commandBuffer, pInfo->layout, pInfo->stageFlags, pInfo->offset,
                         pInfo->size, pInfo->pValues);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdPushDescriptorSet2KHR(VkCommandBuffer commandBuffer,
                              const VkPushDescriptorSetInfoKHR *pInfo)
{
   VkPipelineBindPoint bp[2];
   unsigned n = bind_points(pInfo->stageFlags, bp);
   for (unsigned i = 0; i < n; i++)
      agxv_CmdPushDescriptorSetKHR(commandBuffer, bp[i], pInfo->layout, pInfo->set,
                                   pInfo->descriptorWriteCount, pInfo->pDescriptorWrites);
}

/* The template names its bind point (VkDescriptorUpdateTemplateCreateInfo::
 * pipelineBindPoint), as in vkCmdPushDescriptorSetWithTemplateKHR. */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdPushDescriptorSetWithTemplate2KHR(VkCommandBuffer commandBuffer,
                                          const VkPushDescriptorSetWithTemplateInfoKHR *pInfo)
{
   agxv_CmdPushDescriptorSetWithTemplateKHR(commandBuffer, pInfo->descriptorUpdateTemplate,
                                            pInfo->layout, pInfo->set, pInfo->pData);
}
