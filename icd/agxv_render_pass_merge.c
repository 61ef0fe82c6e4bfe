/*
 * Subpass merging (agxv_render_pass.h): consecutive subpasses of a render
 * pass that can keep their attachments in one tilebuffer are recorded as
 * one dynamic rendering, one render command; the attachments an input
 * attachment reads stay in the tilebuffer and are read with ld_tile
 * (agxv_subpass_tiles, compiler agx_spirv_options.tile_inputs).
 *
 * Facts: the tilebuffer holds every colour attachment of a render command
 * for the whole command, laid out by the driver (graphics.md §5.2, Mesa
 * src/asahi/lib/agx_tilebuffer.c); the fragment shader reads the current
 * pixel's tile contents with ld_tile after wait_pix, which orders it after
 * the earlier fragments at that pixel (graphics.md §4.3, Mesa
 * agx_nir_lower_tilebuffer.c load_output); a fragment that loads the tile,
 * or leaves a bound render target unwritten, makes the pass translucent
 * (no hidden-surface removal of earlier fragments, graphics.md §1.4).
 * Depth/stencil stay in ZLS buffers: a subpass reading the group's depth
 * attachment as an input attachment starts a new group. Mesa's common
 * vk_render_pass.c, which Honeykrisp uses, records every subpass as a
 * rendering of its own and reads input attachments as textures; merging is
 * our own (the choice of when to merge is ours).
 *
 * Assumes: subpasses of one group share the render area, layers and sample
 * count; a group ends at a subpass with resolves (done after the render
 * command, agxv_resolve.c) and multiview subpasses are never merged
 * (agxv_multiview.c replays draws per view with view masks per subpass).
 */
#include <string.h>

#include "agxv_format.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_render_pass.h"

#define UNUSED_ATT VK_ATTACHMENT_UNUSED

/* Accesses to attachments at the fragment's own pixel (framebuffer-local):
 * a dependency with only these is kept by the pixel ordering of one render
 * command. */
#define LOCAL_ACCESS                                                                         \
   (VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT |          \
    VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | \
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT)

void
agxv_render_pass_dependency(struct agxv_render_pass *rp, uint32_t src, uint32_t dst,
                            VkAccessFlags2 src_access, VkAccessFlags2 dst_access)
{
   if (src == VK_SUBPASS_EXTERNAL || dst == VK_SUBPASS_EXTERNAL || src >= dst ||
       dst >= rp->subpass_count)
      return;
   /* e.g. a sampled or storage read of what an earlier subpass rendered:
    * the attachments must be in memory */
   if ((src_access | dst_access) & ~(VkAccessFlags2)LOCAL_ACCESS)
      rp->subpasses[dst].split_before = true;
}

uint32_t
agxv_render_pass_group_colors(const struct agxv_render_pass *rp, uint32_t first, uint32_t last,
                              uint32_t out[AGXV_MAX_RTS])
{
   uint32_t n = 0;
   for (uint32_t s = first; s <= last; s++) {
      const struct agxv_rp_subpass *sp = &rp->subpasses[s];
      for (uint32_t i = 0; i < sp->color_count; i++) {
         uint32_t a = sp->color[i], k = 0;
         if (a == UNUSED_ATT)
            continue;
         while (k < n && out[k] != a)
            k++;
         if (k < n)
            continue;
         if (n == AGXV_MAX_RTS)
            return AGXV_MAX_RTS + 1; /* too many: never a group */
         out[n++] = a;
      }
   }
   return n;
}

uint32_t
agxv_render_pass_group_depth(const struct agxv_render_pass *rp, uint32_t first, uint32_t last)
{
   for (uint32_t s = first; s <= last; s++)
      if (rp->subpasses[s].depth_stencil != UNUSED_ATT)
         return rp->subpasses[s].depth_stencil;
   return UNUSED_ATT;
}

uint32_t
agxv_render_pass_group_samples(const struct agxv_render_pass *rp, uint32_t first, uint32_t last)
{
   for (uint32_t s = first; s <= last; s++) {
      const struct agxv_rp_subpass *sp = &rp->subpasses[s];
      for (uint32_t i = 0; i < sp->color_count; i++)
         if (sp->color[i] != UNUSED_ATT)
            return (uint32_t)rp->attachments[sp->color[i]].samples;
      if (sp->depth_stencil != UNUSED_ATT)
         return (uint32_t)rp->attachments[sp->depth_stencil].samples;
   }
   return 1;
}

static uint32_t
index_of(const uint32_t *list, uint32_t n, uint32_t a)
{
   for (uint32_t k = 0; k < n; k++)
      if (list[k] == a)
         return k;
   return UINT32_MAX;
}

/* The group's tilebuffer; false if its colour attachments do not fit
 * (more than AGXV_MAX_RTS, a format the tilebuffer does not take, or a
 * spilled render target). */
static bool
group_layout(const struct agxv_render_pass *rp, uint32_t first, uint32_t last,
             struct agx_tilebuffer_layout *tib, uint32_t colors[AGXV_MAX_RTS], uint32_t *count)
{
   uint32_t n = agxv_render_pass_group_colors(rp, first, last, colors);
   if (n > AGXV_MAX_RTS)
      return false;
   VkFormat formats[AGXV_MAX_RTS] = {VK_FORMAT_UNDEFINED};
   for (uint32_t k = 0; k < n; k++)
      formats[k] = rp->attachments[colors[k]].format;
   if (!agxv_tib_layout(tib, formats, n, agxv_render_pass_group_samples(rp, first, last)))
      return false;
   for (uint32_t k = 0; k < n; k++)
      if (tib->spilled[k])
         return false;
   *count = n;
   return true;
}

/* One subpass's own conditions for sharing a group. */
static bool
subpass_mergeable(const struct agxv_render_pass *rp, uint32_t s, uint32_t depth, uint32_t samples)
{
   const struct agxv_rp_subpass *sp = &rp->subpasses[s];
   if (sp->view_mask || sp->input_count > AGXV_MAX_RTS)
      return false;
   if (sp->depth_stencil != UNUSED_ATT && sp->depth_stencil != depth)
      return false;
   bool any = sp->depth_stencil != UNUSED_ATT;
   if (any && (uint32_t)rp->attachments[sp->depth_stencil].samples != samples)
      return false;
   for (uint32_t i = 0; i < sp->color_count; i++) {
      if (sp->color[i] == UNUSED_ATT)
         continue;
      any = true;
      if ((uint32_t)rp->attachments[sp->color[i]].samples != samples)
         return false;
   }
   /* the group's depth/stencil lives in ZLS buffers, not in memory */
   for (uint32_t i = 0; i < sp->input_count; i++)
      if (sp->input[i] != UNUSED_ATT && sp->input[i] == depth)
         return false;
   return any;
}

static bool
has_resolves(const struct agxv_rp_subpass *sp)
{
   for (uint32_t i = 0; i < sp->color_count; i++)
      if (sp->resolve[i] != UNUSED_ATT)
         return true;
   return sp->zs_resolve != UNUSED_ATT;
}

/* Can subpasses [first, last] be one render command? */
static bool
can_group(const struct agxv_render_pass *rp, uint32_t first, uint32_t last)
{
   uint32_t depth = agxv_render_pass_group_depth(rp, first, last);
   uint32_t samples = agxv_render_pass_group_samples(rp, first, last);
   for (uint32_t s = first; s <= last; s++) {
      if (s > first && rp->subpasses[s].split_before)
         return false;
      if (s < last && has_resolves(&rp->subpasses[s]))
         return false;
      if (!subpass_mergeable(rp, s, depth, samples))
         return false;
   }
   struct agx_tilebuffer_layout tib;
   uint32_t colors[AGXV_MAX_RTS], n;
   if (!group_layout(rp, first, last, &tib, colors, &n))
      return false;
   return true;
}

void
agxv_render_pass_merge(struct agxv_render_pass *rp)
{
   uint32_t first = 0;
   for (uint32_t s = 0; s < rp->subpass_count; s++) {
      if (s > first && !can_group(rp, first, s))
         first = s;
      rp->subpasses[s].group_first = first;
   }
   uint32_t last = rp->subpass_count ? rp->subpass_count - 1 : 0;
   for (uint32_t s = rp->subpass_count; s-- > 0;) {
      rp->subpasses[s].group_last = last;
      if (rp->subpasses[s].group_first == s)
         last = s ? s - 1 : 0;
   }
}

void
agxv_render_pass_subpass_tiles(const struct agxv_render_pass *rp, uint32_t s,
                               struct agxv_subpass_tiles *out)
{
   memset(out, 0, sizeof(*out));
   const struct agxv_rp_subpass *sp = &rp->subpasses[s];
   if (sp->group_first == sp->group_last)
      return;
   struct agx_tilebuffer_layout tib;
   uint32_t colors[AGXV_MAX_RTS], n;
   if (!group_layout(rp, sp->group_first, sp->group_last, &tib, colors, &n))
      return; /* (the merge checked it) */
   out->merged = true;
   out->view = tib;
   out->view.num_rts = (uint8_t)sp->color_count;
   memset(out->view.format, 0, sizeof(out->view.format));
   memset(out->view.offset_B, 0, sizeof(out->view.offset_B));
   memset(out->view.spilled, 0, sizeof(out->view.spilled));
   uint32_t bound = 0;
   for (uint32_t j = 0; j < sp->color_count; j++) {
      uint32_t k = sp->color[j] == UNUSED_ATT ? UINT32_MAX : index_of(colors, n, sp->color[j]);
      if (k == UINT32_MAX)
         continue;
      out->view.format[j] = tib.format[k];
      out->view.offset_B[j] = tib.offset_B[k];
      bound |= 1u << k;
   }
   out->other_rts = bound != (1u << n) - 1;
   for (uint32_t i = 0; i < sp->input_count && i < AGXV_MAX_RTS; i++) {
      uint32_t k = sp->input[i] == UNUSED_ATT ? UINT32_MAX : index_of(colors, n, sp->input[i]);
      if (k == UINT32_MAX)
         continue;
      out->inputs[i].format = tib.format[k];
      out->inputs[i].offset_B = tib.offset_B[k];
   }
}
