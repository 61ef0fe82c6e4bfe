/*
 * Graphics scaffolding shared by the loader tests (on top of agx_vk_ctx.h):
 * images with their memory and a view, layout transitions and host
 * barriers, dynamic rendering with cleared or loaded attachments, a
 * graphics pipeline builder with default state the test overrides field by
 * field, and image readback into a host buffer.
 *
 * Assumes: a device made by agx_vk_ctx_device with Vulkan 1.3's
 * dynamicRendering and synchronization2 (the barriers are
 * vkCmdPipelineBarrier2), images in device-local memory (the first memory
 * type the image accepts), readback through vkCmdCopyImageToBuffer into
 * agx_vk_buffer's host-visible coherent memory. These helpers only build
 * what the test describes: what is rendered and what is expected stays in
 * the test, so a broken driver still fails there.
 */
#ifndef AGX_VK_GFX_H
#define AGX_VK_GFX_H

#include "agx_vk_ctx.h"

/* --- Images ------------------------------------------------------------- */

/* What an image looks like. Zero fields take defaults: depth, layers,
 * levels 1; samples 1; aspect of the view COLOR; view type 2D, or 2D_ARRAY
 * when layers > 1 (VK_IMAGE_VIEW_TYPE_1D is 0: make 1D views with
 * agx_vk_image_view); no view at all with no_view. The view covers every
 * level, and every layer for array and cube types, layer 0 otherwise. */
struct agx_vk_image_desc {
   VkFormat format;
   uint32_t width, height, depth, layers, levels;
   VkSampleCountFlagBits samples;
   VkImageUsageFlags usage;
   VkImageCreateFlags flags;
   bool three_d; /* VK_IMAGE_TYPE_3D (and a 3D view); otherwise 2D */
   VkImageViewType view_type;
   VkImageAspectFlags aspect;
   bool no_view;
};

struct agx_vk_image {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
   VkFormat format;
   uint32_t width, height, layers;
   VkImageAspectFlags aspect;
};

/* Creates the image, binds new memory to it and makes its view. */
void agx_vk_image_create(struct agx_vk_ctx *c, const struct agx_vk_image_desc *d,
                         struct agx_vk_image *img);

/* The usual render target: a 2D w x h image of `format`, colour attachment
 * and transfer source, with its view. */
void agx_vk_color_target(struct agx_vk_ctx *c, VkFormat format, uint32_t w, uint32_t h,
                         struct agx_vk_image *img);

/* A view of `image`: `type`, `format`, subresources `range`. */
VkImageView agx_vk_image_view(struct agx_vk_ctx *c, VkImage image, VkImageViewType type,
                              VkFormat format, VkImageSubresourceRange range);

/* Destroys view, image and memory (null handles are skipped). */
void agx_vk_image_free(struct agx_vk_ctx *c, struct agx_vk_image *img);

/* --- Barriers ------------------------------------------------------------ */

/* Both sides of a dependency: stages and accesses (synchronization2). */
struct agx_vk_access {
   VkPipelineStageFlags2 stage;
   VkAccessFlags2 access;
};

/* The usual sides, for the `src`/`dst` arguments below. */
#define AGX_VK_NONE ((struct agx_vk_access){VK_PIPELINE_STAGE_2_NONE, 0})
#define AGX_VK_COLOR_WRITE                                                  \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, \
                           VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT})
#define AGX_VK_COLOR_RW                                                     \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, \
                           VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT |          \
                              VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT})
#define AGX_VK_DEPTH_STAGES \
   (VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT)
#define AGX_VK_DEPTH_WRITE \
   ((struct agx_vk_access){AGX_VK_DEPTH_STAGES, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT})
#define AGX_VK_DEPTH_RW                                                    \
   ((struct agx_vk_access){AGX_VK_DEPTH_STAGES,                            \
                           VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | \
                              VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT})
#define AGX_VK_CLEAR_WRITE \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT})
#define AGX_VK_COPY_READ \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT})
#define AGX_VK_COPY_WRITE \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT})
#define AGX_VK_COMPUTE_WRITE \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_WRITE_BIT})
#define AGX_VK_COMPUTE_SAMPLED                                     \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, \
                           VK_ACCESS_2_SHADER_SAMPLED_READ_BIT})
#define AGX_VK_ALL_WRITE \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT})
#define AGX_VK_ALL_RW                                            \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, \
                           VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT})
#define AGX_VK_ALL_READ \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_READ_BIT})
#define AGX_VK_XFB_WRITE                                                   \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT, \
                           VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT})
#define AGX_VK_HOST_READ \
   ((struct agx_vk_access){VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT})

/* A layout transition of subresources `range` of `image`. */
void agx_vk_barrier_range(VkCommandBuffer cb, VkImage image, VkImageSubresourceRange range,
                          VkImageLayout from, VkImageLayout to, struct agx_vk_access src,
                          struct agx_vk_access dst);

/* The same for every level and layer of aspects `aspect`. */
void agx_vk_barrier(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspect,
                    VkImageLayout from, VkImageLayout to, struct agx_vk_access src,
                    struct agx_vk_access dst);

/* A global memory barrier between `src` and `dst`. */
void agx_vk_memory_barrier(VkCommandBuffer cb, struct agx_vk_access src, struct agx_vk_access dst);

/* Copies' writes (transfer) made visible to host reads. */
void agx_vk_host_barrier(VkCommandBuffer cb);

/* --- Dynamic rendering ---------------------------------------------------- */

/* A colour attachment in COLOR_ATTACHMENT_OPTIMAL, stored: cleared to
 * `clear` when it is not NULL, loaded otherwise. */
VkRenderingAttachmentInfo agx_vk_color_attachment(VkImageView view, const VkClearColorValue *clear);

/* A depth/stencil attachment in `layout`, stored: cleared to `clear` when
 * it is not NULL, loaded otherwise. */
VkRenderingAttachmentInfo agx_vk_depth_attachment(VkImageView view, VkImageLayout layout,
                                                  const VkClearDepthStencilValue *clear);

/* What vkCmdBeginRendering gets: area from (0,0), layers (0 means 1),
 * colour attachments, optional depth and stencil (NULL: none). */
struct agx_vk_rendering {
   uint32_t width, height, layers;
   uint32_t color_count;
   const VkRenderingAttachmentInfo *colors;
   const VkRenderingAttachmentInfo *depth, *stencil;
   uint32_t view_mask;
   VkRenderingFlags flags;
};

void agx_vk_begin_rendering(VkCommandBuffer cb, const struct agx_vk_rendering *r);

/* The first pass on a fresh colour target: `img` from UNDEFINED to
 * COLOR_ATTACHMENT_OPTIMAL (no earlier work to wait for), then rendering
 * to it alone, cleared to `clear`. */
void agx_vk_begin_color_pass(VkCommandBuffer cb, const struct agx_vk_image *img,
                             const VkClearColorValue *clear);

/* Viewport (depth 0..1) and scissor covering w x h from the origin. */
void agx_vk_viewport_scissor(VkCommandBuffer cb, uint32_t w, uint32_t h);

/* --- Graphics pipelines ---------------------------------------------------- */

enum agx_vk_stage { AGX_VK_VS, AGX_VK_TCS, AGX_VK_TES, AGX_VK_GS, AGX_VK_FS, AGX_VK_STAGES };

#define AGX_VK_MAX_COLORS 8
#define AGX_VK_MAX_DYNAMIC 16
#define AGX_VK_MAX_VIEWPORTS 16

/* Every state of a graphics pipeline as plain structs: agx_vk_gfx_defaults
 * fills them, the test changes what its scene needs, agx_vk_gfx_create
 * links the pointers (the test leaves sType and the p* pointers to it,
 * except pNext chains of its own) and creates the pipeline.
 * Defaults: stages with a module set (entry "main"); no vertex input;
 * triangle lists; one viewport and scissor, both dynamic; filled
 * polygons, no culling, counter-clockwise front faces, line width 1; one
 * sample; depth/stencil state all zero (tests off); colour attachment 0
 * writing RGBA without blending; dynamic rendering with one colour format
 * (render_pass set: that subpass instead). Tessellation state is passed
 * only with tessellation stages. */
struct agx_vk_gfx {
   VkPipelineShaderStageCreateInfo stage[AGX_VK_STAGES];
   VkPipelineVertexInputStateCreateInfo vi;
   VkPipelineInputAssemblyStateCreateInfo ia;
   VkPipelineTessellationStateCreateInfo ts;
   VkPipelineViewportStateCreateInfo vp;       /* viewportCount/scissorCount of the arrays below */
   VkViewport viewports[AGX_VK_MAX_VIEWPORTS]; /* static ones (see agx_vk_gfx_fixed_viewport) */
   VkRect2D scissors[AGX_VK_MAX_VIEWPORTS];
   VkPipelineRasterizationStateCreateInfo rs;
   VkPipelineMultisampleStateCreateInfo ms;
   VkPipelineDepthStencilStateCreateInfo ds;
   VkPipelineColorBlendAttachmentState att[AGX_VK_MAX_COLORS];
   VkPipelineColorBlendStateCreateInfo cb; /* attachmentCount: how many of att[] */
   VkDynamicState dynamic[AGX_VK_MAX_DYNAMIC];
   VkPipelineDynamicStateCreateInfo dyn; /* dynamicStateCount: how many of dynamic[] */
   VkFormat color_formats[AGX_VK_MAX_COLORS];
   VkPipelineRenderingCreateInfo ri; /* colorAttachmentCount: how many of color_formats[] */
   VkGraphicsPipelineCreateInfo ci;  /* layout, renderPass, subpass, flags, basePipeline */
};

/* The defaults above for `layout`, vertex and fragment modules (fs may be
 * VK_NULL_HANDLE) and colour format `color` (VK_FORMAT_UNDEFINED: no
 * colour attachment). */
void agx_vk_gfx_defaults(struct agx_vk_gfx *g, VkPipelineLayout layout, VkShaderModule vs,
                         VkShaderModule fs, VkFormat color);

/* Static viewport (depth 0..1) and scissor of w x h from the origin instead
 * of dynamic ones (VIEWPORT and SCISSOR leave the dynamic states). */
void agx_vk_gfx_fixed_viewport(struct agx_vk_gfx *g, uint32_t w, uint32_t h);

/* Sets `stage`'s module (VK_NULL_HANDLE: leaves the stage out). */
void agx_vk_gfx_stage(struct agx_vk_gfx *g, enum agx_vk_stage stage, VkShaderModule module);

/* Links the structs and creates the pipeline (a failed check on error). */
VkPipeline agx_vk_gfx_create(struct agx_vk_ctx *c, struct agx_vk_gfx *g);

/* The same, returning vkCreateGraphicsPipelines' result (*p on success). */
VkResult agx_vk_gfx_try_create(struct agx_vk_ctx *c, struct agx_vk_gfx *g, VkPipeline *p);

/* A pipeline layout of `set_count` set layouts and, with push_size, one
 * push-constant range at offset 0 for `push_stages`. */
VkPipelineLayout agx_vk_pipeline_layout(struct agx_vk_ctx *c, uint32_t set_count,
                                        const VkDescriptorSetLayout *sets,
                                        VkShaderStageFlags push_stages, uint32_t push_size);

/* --- Descriptor sets ------------------------------------------------------ */

/* Binding i of a set: one descriptor of `type` for `stages`. */
struct agx_vk_binding {
   VkDescriptorType type;
   VkShaderStageFlags stages;
};

/* A set layout, a pool for one set of it, and the set. */
struct agx_vk_set {
   VkDescriptorSetLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
};

/* Makes the set of bindings 0..count-1 described by b[]. */
void agx_vk_set_create(struct agx_vk_ctx *c, uint32_t count, const struct agx_vk_binding *b,
                       struct agx_vk_set *s);

/* Points binding `binding` (a buffer type) at the whole of `buf`. */
void agx_vk_set_buffer(struct agx_vk_ctx *c, const struct agx_vk_set *s, uint32_t binding,
                       VkDescriptorType type, VkBuffer buf);

/* Points binding `binding` (an image type) at `view` in `layout` (with
 * `sampler` for combined image samplers, else VK_NULL_HANDLE). */
void agx_vk_set_image(struct agx_vk_ctx *c, const struct agx_vk_set *s, uint32_t binding,
                      VkDescriptorType type, VkSampler sampler, VkImageView view,
                      VkImageLayout layout);

void agx_vk_set_free(struct agx_vk_ctx *c, struct agx_vk_set *s);

/* --- Vertex-stage store tests --------------------------------------------- */

/* The objects of a test whose vertex shader (no fragment stage, rasterizer
 * discard) stores what it fetched into the storage buffer at set 0 binding 0,
 * given its slot in 4 bytes of vertex push constants (test_dyn_stride,
 * test_vidyn): the shader, the set (binding 0: `out`), the layout and two
 * host-visible vertex buffers the test fills. */
struct agx_vk_vs_store {
   VkShaderModule vs;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb[2], out;
};

/* Makes them: the shader from the SPIR-V file vs_path, `out` of out_size
 * bytes, each vertex buffer of vb_size bytes. */
void agx_vk_vs_store_create(struct agx_vk_ctx *c, const char *vs_path, VkDeviceSize out_size,
                            VkDeviceSize vb_size, struct agx_vk_vs_store *o);

void agx_vk_vs_store_free(struct agx_vk_ctx *c, struct agx_vk_vs_store *o);

/* --- Readback --------------------------------------------------------------- */

/* Copies layer `layer` of level 0 of `img` (aspect `aspect`, 0: img->aspect;
 * the whole width x height) in `layout` to `buf` at `offset`, tightly
 * packed. */
void agx_vk_copy_to_buffer(VkCommandBuffer cb, const struct agx_vk_image *img, VkImageLayout layout,
                           VkImageAspectFlags aspect, uint32_t layer, VkBuffer buf,
                           VkDeviceSize offset);

/* The common end of a render: `img` (aspect img->aspect, every layer) from
 * layout `from` after accesses `src` to TRANSFER_SRC_OPTIMAL, copied by one
 * region of all its layers (packed layer after layer) into `out` from
 * offset 0, then made visible to the host. */
void agx_vk_readback(VkCommandBuffer cb, const struct agx_vk_image *img, VkImageLayout from,
                     struct agx_vk_access src, const struct agx_vk_buffer *out);

#endif
