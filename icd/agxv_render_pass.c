/*
 * vkCreateRenderPass(2), vkCreateFramebuffer (also imageless) and the
 * render-pass commands, each subpass recorded as one dynamic rendering
 * (see agxv_render_pass.h for the rules and assumptions). Facts from Mesa's
 * src/vulkan/runtime/vk_render_pass.c (load/store ops of first/last use,
 * preserve attachments as uses after the first, render-pass pipelines taking their formats
 * from the subpass); the code is our own.
 */
#include "agxv_render_pass.h"

#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_clear.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agxv_entrypoints.h"
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agxv_log.h"

#define UNUSED_ATT VK_ATTACHMENT_UNUSED

/* ---- render passes --------------------------------------------------------- */

/* A subpass's attachment references, the same for both create-info
 * versions (v1 references are widened to these). */
struct subpass_refs {
   uint32_t color_count, input_count, preserve_count;
   const uint32_t *preserve;
   uint32_t color[AGXV_MAX_RTS], resolve[AGXV_MAX_RTS];
   bool has_resolve;
   uint32_t depth_stencil;
   uint32_t view_mask;
   const void *pnext;
   uint32_t input[AGXV_MAX_RTS];
};

static void
use(struct agxv_render_pass *rp, uint32_t att, uint32_t subpass)
{
   if (att == UNUSED_ATT || att >= rp->attachment_count)
      return;
   struct agxv_rp_attachment *a = &rp->attachments[att];
   if (a->first_use == UINT32_MAX)
      a->first_use = subpass;
   a->last_use = subpass;
}

/* Fills subpass s from its references; input references are counted as
 * uses by the caller. */
static VkResult
fill_subpass(struct agxv_render_pass *rp, uint32_t s, const struct subpass_refs *r)
{
   struct agxv_rp_subpass *sp = &rp->subpasses[s];
   if (r->color_count > AGXV_MAX_RTS)
      return agxv_error(VK_ERROR_UNKNOWN, "subpass %u has %u colour attachments (max %u)", s,
                        r->color_count, AGXV_MAX_RTS);
   /* depth/stencil resolves (SAMPLE_ZERO, the mode advertised) at the end of the subpass,
    * like colour ones (agxv_resolve.c) */
   const VkSubpassDescriptionDepthStencilResolve *dr =
      agxv_find_struct(r->pnext, VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE);
   sp->zs_resolve = UNUSED_ATT;
   if (dr && dr->pDepthStencilResolveAttachment &&
       dr->pDepthStencilResolveAttachment->attachment < rp->attachment_count) {
      sp->zs_resolve = dr->pDepthStencilResolveAttachment->attachment;
      sp->depth_resolve_mode = dr->depthResolveMode;
      sp->stencil_resolve_mode = dr->stencilResolveMode;
      use(rp, sp->zs_resolve, s);
   }
   sp->color_count = r->color_count;
   sp->view_mask = r->view_mask;
   sp->input_count = r->input_count;
   for (uint32_t i = 0; i < r->input_count && i < AGXV_MAX_RTS; i++)
      sp->input[i] = r->input[i] < rp->attachment_count ? r->input[i] : UNUSED_ATT;
   for (uint32_t i = 0; i < r->color_count; i++) {
      uint32_t a = r->color[i] < rp->attachment_count ? r->color[i] : UNUSED_ATT;
      sp->color[i] = a;
      sp->color_formats[i] = a == UNUSED_ATT ? VK_FORMAT_UNDEFINED : rp->attachments[a].format;
      use(rp, a, s);
      /* colour resolves: AVERAGE at the end of the subpass (agxv_resolve.c) */
      uint32_t ra =
         r->has_resolve && r->resolve[i] < rp->attachment_count ? r->resolve[i] : UNUSED_ATT;
      sp->resolve[i] = a == UNUSED_ATT ? UNUSED_ATT : ra;
      use(rp, sp->resolve[i], s);
   }
   uint32_t z = r->depth_stencil < rp->attachment_count ? r->depth_stencil : UNUSED_ATT;
   sp->depth_stencil = z;
   sp->depth_format = sp->stencil_format = VK_FORMAT_UNDEFINED;
   if (z != UNUSED_ATT) {
      unsigned depth_bytes = 0, stencil_bytes = 0;
      VkFormat f = rp->attachments[z].format;
      agxv_zs_format_planes(f, &depth_bytes, &stencil_bytes);
      sp->depth_format = depth_bytes ? f : VK_FORMAT_UNDEFINED;
      sp->stencil_format = stencil_bytes ? f : VK_FORMAT_UNDEFINED;
      use(rp, z, s);
   }
   /* preserved attachments are "not used by this subpass" (Vulkan
    * VkSubpassDescription): they extend the attachment's life (stores
    * before it), but its load op stays with the first subpass using it */
   for (uint32_t i = 0; i < r->preserve_count; i++)
      if (r->preserve[i] != UNUSED_ATT && r->preserve[i] < rp->attachment_count &&
          rp->attachments[r->preserve[i]].first_use != UINT32_MAX)
         use(rp, r->preserve[i], s);
   return VK_SUCCESS;
}

static struct agxv_render_pass *
alloc_pass(struct agxv_device *device, const VkAllocationCallbacks *alloc, uint32_t attachments,
           uint32_t subpasses)
{
   size_t size = sizeof(struct agxv_render_pass) + sizeof(struct agxv_rp_attachment) * attachments +
                 sizeof(struct agxv_rp_subpass) * subpasses;
   struct agxv_render_pass *rp =
      agxv_object_zalloc(device, alloc, size, VK_OBJECT_TYPE_RENDER_PASS);
   if (!rp)
      return NULL;
   rp->attachment_count = attachments;
   rp->subpass_count = subpasses;
   rp->attachments = (struct agxv_rp_attachment *)(rp + 1);
   rp->subpasses = (struct agxv_rp_subpass *)(rp->attachments + attachments);
   return rp;
}

static VkResult
check_attachment(uint32_t i, VkFormat format, VkSampleCountFlagBits samples)
{
   if (samples != VK_SAMPLE_COUNT_1_BIT && samples != VK_SAMPLE_COUNT_2_BIT &&
       samples != VK_SAMPLE_COUNT_4_BIT)
      return agxv_error(VK_ERROR_UNKNOWN, "attachment %u has %u samples (1, 2 or 4)", i,
                        (unsigned)samples);
   if (format == VK_FORMAT_UNDEFINED)
      return agxv_error(VK_ERROR_UNKNOWN, "attachment %u has no format", i);
   return VK_SUCCESS;
}

static void
init_attachment(struct agxv_rp_attachment *a, VkFormat format, VkAttachmentLoadOp load,
                VkAttachmentStoreOp store, VkAttachmentLoadOp sload, VkAttachmentStoreOp sstore)
{
   *a = (struct agxv_rp_attachment){
      .format = format,
      .load_op = load,
      .store_op = store,
      .stencil_load_op = sload,
      .stencil_store_op = sstore,
      .first_use = UINT32_MAX,
   };
}

static VkResult
finish_create(struct agxv_device *device, const VkAllocationCallbacks *alloc,
              struct agxv_render_pass *rp, VkResult result, VkRenderPass *out)
{
   if (result != VK_SUCCESS) {
      agxv_object_free(alloc, rp);
      return result;
   }
   *out = (VkRenderPass)(uintptr_t)rp;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateRenderPass2(VkDevice _device, const VkRenderPassCreateInfo2 *info,
                       const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_render_pass *rp =
      alloc_pass(device, alloc, info->attachmentCount, info->subpassCount);
   if (!rp)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = VK_SUCCESS;
   for (uint32_t i = 0; i < info->attachmentCount && result == VK_SUCCESS; i++) {
      const VkAttachmentDescription2 *d = &info->pAttachments[i];
      result = check_attachment(i, d->format, d->samples);
      init_attachment(&rp->attachments[i], d->format, d->loadOp, d->storeOp, d->stencilLoadOp,
                      d->stencilStoreOp);
      rp->attachments[i].samples = d->samples;
   }
   for (uint32_t s = 0; s < info->subpassCount && result == VK_SUCCESS; s++) {
      const VkSubpassDescription2 *d = &info->pSubpasses[s];
      struct subpass_refs r = {
         .color_count = d->colorAttachmentCount,
         .preserve_count = d->preserveAttachmentCount,
         .preserve = d->pPreserveAttachments,
         .has_resolve = d->pResolveAttachments != NULL,
         .depth_stencil =
            d->pDepthStencilAttachment ? d->pDepthStencilAttachment->attachment : UNUSED_ATT,
         .view_mask = d->viewMask,
         .pnext = d->pNext,
         .input_count = d->inputAttachmentCount,
      };
      for (uint32_t i = 0; i < d->inputAttachmentCount && i < AGXV_MAX_RTS; i++)
         r.input[i] = d->pInputAttachments[i].attachment;
      for (uint32_t i = 0; i < d->colorAttachmentCount && i < AGXV_MAX_RTS; i++) {
         r.color[i] = d->pColorAttachments[i].attachment;
         r.resolve[i] = d->pResolveAttachments ? d->pResolveAttachments[i].attachment : UNUSED_ATT;
      }
      result = fill_subpass(rp, s, &r);
      for (uint32_t i = 0; result == VK_SUCCESS && i < d->inputAttachmentCount; i++)
         use(rp, d->pInputAttachments[i].attachment, s);
   }
   for (uint32_t i = 0; result == VK_SUCCESS && i < info->dependencyCount; i++) {
      const VkSubpassDependency2 *d = &info->pDependencies[i];
      /* synchronization2: a VkMemoryBarrier2 replaces the access masks */
      const VkMemoryBarrier2 *mb = agxv_find_struct(d->pNext, VK_STRUCTURE_TYPE_MEMORY_BARRIER_2);
      agxv_render_pass_dependency(rp, d->srcSubpass, d->dstSubpass,
                                  mb ? mb->srcAccessMask : d->srcAccessMask,
                                  mb ? mb->dstAccessMask : d->dstAccessMask);
   }
   if (result == VK_SUCCESS)
      agxv_render_pass_merge(rp);
   return finish_create(device, alloc, rp, result, pRenderPass);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateRenderPass(VkDevice _device, const VkRenderPassCreateInfo *info,
                      const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   const VkRenderPassMultiviewCreateInfo *mv =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO);
   struct agxv_render_pass *rp =
      alloc_pass(device, alloc, info->attachmentCount, info->subpassCount);
   if (!rp)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = VK_SUCCESS;
   for (uint32_t i = 0; i < info->attachmentCount && result == VK_SUCCESS; i++) {
      const VkAttachmentDescription *d = &info->pAttachments[i];
      result = check_attachment(i, d->format, d->samples);
      init_attachment(&rp->attachments[i], d->format, d->loadOp, d->storeOp, d->stencilLoadOp,
                      d->stencilStoreOp);
      rp->attachments[i].samples = d->samples;
   }
   for (uint32_t s = 0; s < info->subpassCount && result == VK_SUCCESS; s++) {
      const VkSubpassDescription *d = &info->pSubpasses[s];
      struct subpass_refs r = {
         .color_count = d->colorAttachmentCount,
         .preserve_count = d->preserveAttachmentCount,
         .preserve = d->pPreserveAttachments,
         .has_resolve = d->pResolveAttachments != NULL,
         .depth_stencil =
            d->pDepthStencilAttachment ? d->pDepthStencilAttachment->attachment : UNUSED_ATT,
         .view_mask = mv && s < mv->subpassCount ? mv->pViewMasks[s] : 0,
         .input_count = d->inputAttachmentCount,
      };
      for (uint32_t i = 0; i < d->inputAttachmentCount && i < AGXV_MAX_RTS; i++)
         r.input[i] = d->pInputAttachments[i].attachment;
      for (uint32_t i = 0; i < d->colorAttachmentCount && i < AGXV_MAX_RTS; i++) {
         r.color[i] = d->pColorAttachments[i].attachment;
         r.resolve[i] = d->pResolveAttachments ? d->pResolveAttachments[i].attachment : UNUSED_ATT;
      }
      result = fill_subpass(rp, s, &r);
      for (uint32_t i = 0; result == VK_SUCCESS && i < d->inputAttachmentCount; i++)
         use(rp, d->pInputAttachments[i].attachment, s);
   }
   for (uint32_t i = 0; result == VK_SUCCESS && i < info->dependencyCount; i++) {
      const VkSubpassDependency *d = &info->pDependencies[i];
      agxv_render_pass_dependency(rp, d->srcSubpass, d->dstSubpass, d->srcAccessMask,
                                  d->dstAccessMask);
   }
   if (result == VK_SUCCESS)
      agxv_render_pass_merge(rp);
   return finish_create(device, alloc, rp, result, pRenderPass);
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyRenderPass(VkDevice _device, VkRenderPass renderPass,
                       const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   struct agxv_render_pass *rp = agxv_render_pass_from_handle(renderPass);
   if (rp)
      agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), rp);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetRenderAreaGranularity(VkDevice device, VkRenderPass renderPass, VkExtent2D *pGranularity)
{
   /* Any render area works the same (vk_render_pass.c answers 1x1 too). */
   *pGranularity = (VkExtent2D){1, 1};
}

/* VK_KHR_maintenance5: the same for dynamic rendering, whatever the
 * attachment formats. */
VKAPI_ATTR void VKAPI_CALL
agxv_GetRenderingAreaGranularityKHR(VkDevice device,
                                    const VkRenderingAreaInfoKHR *pRenderingAreaInfo,
                                    VkExtent2D *pGranularity)
{
   *pGranularity = (VkExtent2D){1, 1};
}

bool
agxv_render_pass_rendering_info(VkRenderPass pass, uint32_t subpass,
                                VkPipelineRenderingCreateInfo *out,
                                struct agxv_subpass_tiles *tiles)
{
   const struct agxv_render_pass *rp = agxv_render_pass_from_handle(pass);
   if (!rp || subpass >= rp->subpass_count)
      return false;
   const struct agxv_rp_subpass *sp = &rp->subpasses[subpass];
   *out = (VkPipelineRenderingCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .viewMask = sp->view_mask,
      .colorAttachmentCount = sp->color_count,
      .pColorAttachmentFormats = sp->color_formats,
      .depthAttachmentFormat = sp->depth_format,
      .stencilAttachmentFormat = sp->stencil_format,
   };
   if (tiles)
      agxv_render_pass_subpass_tiles(rp, subpass, tiles);
   return true;
}

/* ---- framebuffers ---------------------------------------------------------- */

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateFramebuffer(VkDevice _device, const VkFramebufferCreateInfo *info,
                       const VkAllocationCallbacks *pAllocator, VkFramebuffer *pFramebuffer)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   bool imageless = info->flags & VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT;
   uint32_t n = imageless ? 0 : info->attachmentCount;
   struct agxv_framebuffer *fb =
      agxv_object_zalloc(device, alloc, sizeof(*fb) + n * sizeof(struct agxv_image_view *),
                         VK_OBJECT_TYPE_FRAMEBUFFER);
   if (!fb)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   fb->width = info->width;
   fb->height = info->height;
   fb->layers = info->layers;
   fb->imageless = imageless;
   fb->attachment_count = info->attachmentCount;
   fb->views = (struct agxv_image_view **)(fb + 1);
   for (uint32_t i = 0; i < n; i++)
      fb->views[i] = agxv_image_view_from_handle(info->pAttachments[i]);
   *pFramebuffer = (VkFramebuffer)(uintptr_t)fb;
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyFramebuffer(VkDevice _device, VkFramebuffer framebuffer,
                        const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   struct agxv_framebuffer *fb = agxv_framebuffer_from_handle(framebuffer);
   if (fb)
      agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), fb);
}

/* ---- commands -------------------------------------------------------------- */

/* The ops of attachment a in the render command of subpasses [first,
 * last]: its load op if its first use is there, else a load; its store op
 * if its last use is there, else a store. */
static VkAttachmentLoadOp
load_op(uint32_t first, const struct agxv_rp_attachment *a, VkAttachmentLoadOp op)
{
   return a->first_use >= first ? op : VK_ATTACHMENT_LOAD_OP_LOAD;
}

static VkAttachmentStoreOp
store_op(uint32_t last, const struct agxv_rp_attachment *a, VkAttachmentStoreOp op)
{
   return a->last_use <= last ? op : VK_ATTACHMENT_STORE_OP_STORE;
}

/* Whether subpass s renders to attachment a (colour, resolve, depth/stencil). */
static bool
subpass_writes(const struct agxv_rp_subpass *sp, uint32_t a)
{
   for (uint32_t i = 0; i < sp->color_count; i++)
      if (sp->color[i] == a || sp->resolve[i] == a)
         return true;
   return sp->depth_stencil == a || sp->zs_resolve == a;
}

/* Multiview: the load op of an attachment applies to each view in the
 * first subpass whose view mask has it (Vulkan spec, "Render Pass Load
 * Operations": "the load operation for each view occurs in the first
 * subpass that uses the view"; Mesa's vk_render_pass.c tracks the views
 * loaded per attachment the same way). The first subpass using the
 * attachment takes its load op as a dynamic rendering; views a later
 * subpass adds are cleared in memory before it (it loads them), the way
 * partial render areas are (agxv_clear.h). */
static void
clear_new_views(struct agxv_cmd_buffer *cmd, uint32_t a, const struct agxv_rp_subpass *sp)
{
   const struct agxv_pass_state *ps = &cmd->rendering.pass;
   const struct agxv_render_pass *rp = ps->pass;
   const struct agxv_rp_attachment *att = &rp->attachments[a];
   if (!sp->view_mask || ps->subpass == att->first_use)
      return;
   uint32_t before = 0;
   for (uint32_t t = 0; t < ps->subpass; t++)
      if (subpass_writes(&rp->subpasses[t], a))
         before |= rp->subpasses[t].view_mask;
   uint32_t views = sp->view_mask & ~before;
   if (!views)
      return;
   const struct agxv_image_view *view = ps->views[a];
   if (a == sp->depth_stencil) {
      if (sp->depth_format != VK_FORMAT_UNDEFINED && att->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
         agxv_clear_view_rect(cmd, view, VK_IMAGE_ASPECT_DEPTH_BIT, &ps->clears[a], ps->area, 0, 1,
                              views);
      if (sp->stencil_format != VK_FORMAT_UNDEFINED &&
          att->stencil_load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
         agxv_clear_view_rect(cmd, view, VK_IMAGE_ASPECT_STENCIL_BIT, &ps->clears[a], ps->area, 0,
                              1, views);
   } else if (att->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR) {
      agxv_clear_view_rect(cmd, view, VK_IMAGE_ASPECT_COLOR_BIT, &ps->clears[a], ps->area, 0, 1,
                           views);
   }
}

/* Colour attachment i of the group's rendering (agxv_render_pass_group_colors). */
static void
color_attachment(struct agxv_cmd_buffer *cmd, uint32_t a, const struct agxv_rp_subpass *last_sp,
                 uint32_t first, uint32_t last, VkRenderingAttachmentInfo *out)
{
   const struct agxv_pass_state *ps = &cmd->rendering.pass;
   const struct agxv_render_pass *rp = ps->pass;
   const struct agxv_rp_attachment *att = &rp->attachments[a];
   *out = (VkRenderingAttachmentInfo){
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .imageView = agxv_image_view_to_handle(ps->views[a]),
      .loadOp = load_op(first, att, att->load_op),
      .storeOp = store_op(last, att, att->store_op),
      .clearValue = ps->clears[a],
   };
   /* resolves: the group's last subpass's (agxv_render_pass_merge.c) */
   for (uint32_t i = 0; i < last_sp->color_count; i++) {
      if (last_sp->color[i] != a || last_sp->resolve[i] == UNUSED_ATT)
         continue;
      out->resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
      out->resolveImageView = agxv_image_view_to_handle(ps->views[last_sp->resolve[i]]);
      out->resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL;
   }
}

/* The current subpass's place in its group's rendering (the subpass's
 * colour attachments among the group's). */
static void
set_subpass(struct agxv_cmd_buffer *cmd)
{
   const struct agxv_pass_state *ps = &cmd->rendering.pass;
   const struct agxv_render_pass *rp = ps->pass;
   const struct agxv_rp_subpass *sp = &rp->subpasses[ps->subpass];
   if (sp->group_first == sp->group_last || !cmd->rendering.active)
      return;
   uint32_t colors[AGXV_MAX_RTS], rts[AGXV_MAX_RTS];
   uint32_t n = agxv_render_pass_group_colors(rp, sp->group_first, sp->group_last, colors);
   for (uint32_t j = 0; j < sp->color_count; j++) {
      rts[j] = UINT8_MAX;
      for (uint32_t k = 0; k < n && k < AGXV_MAX_RTS; k++)
         if (colors[k] == sp->color[j])
            rts[j] = k;
   }
   struct agxv_subpass_tiles tiles;
   agxv_render_pass_subpass_tiles(rp, ps->subpass, &tiles);
   agxv_rendering_set_subpass(&cmd->rendering, &tiles, rts, sp->color_count,
                              sp->depth_format != VK_FORMAT_UNDEFINED,
                              sp->stencil_format != VK_FORMAT_UNDEFINED);
}

/* A depth/stencil resolve attachment whose first use is subpass s and whose
 * aspect is not resolved there (resolve mode NONE) keeps its load op: a
 * resolve attachment is "used" by the subpass (Vulkan spec, "Render Pass
 * Load Operations" happen in the first subpass using the attachment), so a
 * CLEAR load op clears that aspect's render area; the resolved aspects are
 * overwritten by the resolve (agxv_resolve.c). The resolve view is not a
 * rendering attachment, so it is cleared in memory before the rendering,
 * the way new multiview views are (clear_new_views). */
static void
clear_zs_resolve(struct agxv_cmd_buffer *cmd, uint32_t s)
{
   const struct agxv_pass_state *ps = &cmd->rendering.pass;
   const struct agxv_render_pass *rp = ps->pass;
   const struct agxv_rp_subpass *sp = &rp->subpasses[s];
   uint32_t a = sp->zs_resolve;
   if (a == UNUSED_ATT || rp->attachments[a].first_use != s)
      return;
   const struct agxv_rp_attachment *att = &rp->attachments[a];
   unsigned depth_bytes = 0, stencil_bytes = 0;
   agxv_zs_format_planes(att->format, &depth_bytes, &stencil_bytes);
   uint32_t layers = sp->view_mask ? 1 : ps->layers;
   if (depth_bytes && sp->depth_resolve_mode == VK_RESOLVE_MODE_NONE &&
       att->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
      agxv_clear_view_rect(cmd, ps->views[a], VK_IMAGE_ASPECT_DEPTH_BIT, &ps->clears[a], ps->area,
                           0, layers, sp->view_mask);
   if (stencil_bytes && sp->stencil_resolve_mode == VK_RESOLVE_MODE_NONE &&
       att->stencil_load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
      agxv_clear_view_rect(cmd, ps->views[a], VK_IMAGE_ASPECT_STENCIL_BIT, &ps->clears[a], ps->area,
                           0, layers, sp->view_mask);
}

/* Begins the current subpass's group of subpasses (one subpass unless
 * merged, agxv_render_pass_merge.c) as a dynamic rendering. */
static void
begin_subpass(struct agxv_cmd_buffer *cmd)
{
   const struct agxv_pass_state *ps = &cmd->rendering.pass;
   const struct agxv_render_pass *rp = ps->pass;
   const struct agxv_rp_subpass *sp = &rp->subpasses[ps->subpass];
   uint32_t first = sp->group_first, last = sp->group_last;
   const struct agxv_rp_subpass *last_sp = &rp->subpasses[last];
   VkRenderingAttachmentInfo color[AGXV_MAX_RTS], depth, stencil;
   uint32_t color_count = sp->color_count;
   if (first == last) {
      for (uint32_t i = 0; i < sp->color_count; i++) {
         uint32_t a = sp->color[i];
         color[i] = (VkRenderingAttachmentInfo){
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
            .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
         };
         if (a == UNUSED_ATT)
            continue;
         clear_new_views(cmd, a, sp);
         color_attachment(cmd, a, sp, first, last, &color[i]);
      }
   } else {
      uint32_t colors[AGXV_MAX_RTS];
      color_count = agxv_render_pass_group_colors(rp, first, last, colors);
      for (uint32_t k = 0; k < color_count && k < AGXV_MAX_RTS; k++)
         color_attachment(cmd, colors[k], last_sp, first, last, &color[k]);
   }
   VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = ps->area,
      .layerCount = sp->view_mask ? 1 : ps->layers,
      .viewMask = sp->view_mask,
      .colorAttachmentCount = color_count,
      .pColorAttachments = color,
   };
   uint32_t z = agxv_render_pass_group_depth(rp, first, last);
   if (z != UNUSED_ATT) {
      const struct agxv_rp_attachment *att = &rp->attachments[z];
      unsigned depth_bytes = 0, stencil_bytes = 0;
      agxv_zs_format_planes(att->format, &depth_bytes, &stencil_bytes);
      clear_new_views(cmd, z, sp);
      VkRenderingAttachmentInfo base = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
         .imageView = agxv_image_view_to_handle(ps->views[z]),
         .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
         .clearValue = ps->clears[z],
      };
      VkImageView resolve = last_sp->zs_resolve != UNUSED_ATT
                               ? agxv_image_view_to_handle(ps->views[last_sp->zs_resolve])
                               : VK_NULL_HANDLE;
      /* Only the aspects of the resolve attachment's format are resolved: it
       * may have fewer than the multisampled one (Vulkan spec,
       * VkSubpassDescriptionDepthStencilResolve: "if the format of
       * pDepthStencilResolveAttachment has a depth component", e.g. S8_UINT
       * for D32_SFLOAT_S8_UINT in dEQP's depth_stencil_resolve
       * compatibility_* cases) */
      unsigned resolve_depth = 0, resolve_stencil = 0;
      if (resolve)
         agxv_zs_format_planes(rp->attachments[last_sp->zs_resolve].format, &resolve_depth,
                               &resolve_stencil);
      if (depth_bytes) {
         depth = base;
         depth.loadOp = load_op(first, att, att->load_op);
         depth.storeOp = store_op(last, att, att->store_op);
         if (resolve && resolve_depth && last_sp->depth_resolve_mode != VK_RESOLVE_MODE_NONE) {
            depth.resolveMode = last_sp->depth_resolve_mode;
            depth.resolveImageView = resolve;
            depth.resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL;
         }
         ri.pDepthAttachment = &depth;
      }
      if (stencil_bytes) {
         stencil = base;
         stencil.loadOp = load_op(first, att, att->stencil_load_op);
         stencil.storeOp = store_op(last, att, att->stencil_store_op);
         if (resolve && resolve_stencil && last_sp->stencil_resolve_mode != VK_RESOLVE_MODE_NONE) {
            stencil.resolveMode = last_sp->stencil_resolve_mode;
            stencil.resolveImageView = resolve;
            stencil.resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL;
         }
         ri.pStencilAttachment = &stencil;
      }
   }
   for (uint32_t s = first; s <= last; s++)
      clear_zs_resolve(cmd, s);
   agxv_CmdBeginRendering(agxv_cmd_buffer_to_handle(cmd), &ri);
   set_subpass(cmd);
}

static VkResult
begin_pass(struct agxv_cmd_buffer *cmd, const VkRenderPassBeginInfo *info)
{
   struct agxv_pass_state *ps = &cmd->rendering.pass;
   const struct agxv_render_pass *rp = agxv_render_pass_from_handle(info->renderPass);
   const struct agxv_framebuffer *fb = agxv_framebuffer_from_handle(info->framebuffer);
   if (!rp || !fb || !rp->subpass_count)
      return agxv_error(VK_ERROR_UNKNOWN, "vkCmdBeginRenderPass without a render pass/framebuffer");
   if (cmd->rendering.active || ps->pass)
      return agxv_error(VK_ERROR_UNKNOWN, "vkCmdBeginRenderPass inside a render pass");
   const VkRenderPassAttachmentBeginInfo *ab =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO);
   uint32_t n = rp->attachment_count;
   if (fb->attachment_count < n || (fb->imageless && (!ab || ab->attachmentCount < n)))
      return agxv_error(VK_ERROR_UNKNOWN, "framebuffer with %u attachments for a pass of %u",
                        fb->imageless && ab ? ab->attachmentCount : fb->attachment_count, n);
   struct agxv_upload_ptr views = {0}, clears = {0};
   if (n) {
      VkResult result = agxv_upload_alloc(&cmd->data, n * sizeof(void *), 8, &views);
      if (result == VK_SUCCESS)
         result = agxv_upload_alloc(&cmd->data, n * sizeof(VkClearValue), 8, &clears);
      if (result != VK_SUCCESS)
         return result;
   }
   *ps = (struct agxv_pass_state){
      .pass = rp,
      .layers = fb->layers ? fb->layers : 1,
      .area = info->renderArea,
      .views = views.cpu,
      .clears = clears.cpu,
   };
   for (uint32_t i = 0; i < n; i++) {
      ps->views[i] =
         fb->imageless ? agxv_image_view_from_handle(ab->pAttachments[i]) : fb->views[i];
      if (!ps->views[i])
         return agxv_error(VK_ERROR_UNKNOWN, "attachment %u has no image view", i);
      memset(&ps->clears[i], 0, sizeof(VkClearValue));
      if (i < info->clearValueCount && info->pClearValues)
         ps->clears[i] = info->pClearValues[i];
   }
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBeginRenderPass2(VkCommandBuffer commandBuffer, const VkRenderPassBeginInfo *info,
                         const VkSubpassBeginInfo *subpass)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   VkResult result = begin_pass(cmd, info);
   if (result != VK_SUCCESS) {
      cmd->rendering.pass.pass = NULL;
      agxv_cmd_set_error(cmd, result);
      return;
   }
   begin_subpass(cmd);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBeginRenderPass(VkCommandBuffer commandBuffer, const VkRenderPassBeginInfo *info,
                        VkSubpassContents contents)
{
   VkSubpassBeginInfo sb = {.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO, .contents = contents};
   agxv_CmdBeginRenderPass2(commandBuffer, info, &sb);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdNextSubpass2(VkCommandBuffer commandBuffer, const VkSubpassBeginInfo *begin,
                     const VkSubpassEndInfo *end)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_pass_state *ps = &cmd->rendering.pass;
   if (!ps->pass || ps->subpass + 1 >= ps->pass->subpass_count) {
      agxv_cmd_set_error(cmd,
                         agxv_error(VK_ERROR_UNKNOWN, "vkCmdNextSubpass past the last subpass"));
      return;
   }
   /* The dependency between the subpasses needs no words
    * (agxv_render_pass.h): the next subpass is in the same render command
    * (merged: the tilebuffer's pixel ordering), or a new one, which waits
    * for this one. */
   if (ps->pass->subpasses[ps->subpass].group_last > ps->subpass) {
      ps->subpass++;
      set_subpass(cmd);
      return;
   }
   agxv_CmdEndRendering(commandBuffer);
   ps->subpass++;
   begin_subpass(cmd);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdNextSubpass(VkCommandBuffer commandBuffer, VkSubpassContents contents)
{
   VkSubpassBeginInfo sb = {.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO, .contents = contents};
   VkSubpassEndInfo se = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
   agxv_CmdNextSubpass2(commandBuffer, &sb, &se);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdEndRenderPass2(VkCommandBuffer commandBuffer, const VkSubpassEndInfo *end)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   if (!cmd->rendering.pass.pass)
      return;
   agxv_CmdEndRendering(commandBuffer);
   memset(&cmd->rendering.pass, 0, sizeof(cmd->rendering.pass));
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdEndRenderPass(VkCommandBuffer commandBuffer)
{
   VkSubpassEndInfo se = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
   agxv_CmdEndRenderPass2(commandBuffer, &se);
}
