/*
 * Triangles through the loader (issue 19, first milestone): dynamic
 * rendering into an R8G8B8A8_UNORM colour attachment (optimal tiling),
 * cleared by loadOp CLEAR, drawn with vkCmdDraw / vkCmdDrawIndexed, copied to
 * a buffer and compared pixel by pixel with a CPU rasteriser written here:
 * Vulkan's viewport transform, facing and culling, pixel centres at +0.5,
 * the top-left tie-breaking rule on edges (graphics.md §3.3; every vertex
 * lies on a 1/16 pixel grid so sub-pixel snapping changes nothing),
 * perspective-correct interpolation of the colour varying (Vulkan
 * "Basic Polygon Rasterization"), the viewport and scissor, and primitives
 * drawn in order (the last one covering a pixel wins). Colours may differ
 * by one unorm step (rounding of the interpolation). Scenes: one triangle,
 * overlapping triangles (one draw, two draws), perspective (w from 0.5 to
 * 4), indexed with a vertex offset (one and two draws), instanced
 * (gl_InstanceIndex), back/front culling with both front faces, a viewport
 * with a scissor, loadOp LOAD over the previous result, a D32_SFLOAT depth
 * attachment with test LESS (cleared, stored, then loaded by a second
 * pass; window z interpolated linearly in screen space, pixels within 1e-5
 * of the stored depth not compared), triangle strips / fans / an indexed
 * strip with primitive restart, and the overlap scene into B8G8R8A8_UNORM,
 * R8G8B8A8_SRGB (reference sRGB-encoded), R16G16B16A16_SFLOAT and
 * R32_SFLOAT attachments (read back, converted to unorm8).
 *
 * Vertex data comes from a storage buffer read with gl_VertexIndex (no
 * vertex-fetch prolog yet); instances move by a push-constant offset.
 * The same program runs on lavapipe (--reference) and under the validation
 * layer.
 *
 * test_draw DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 64
#define H 64
#define MAX_PRIMS 16

struct vtx {
   float pos[4];
   float col[4];
};

struct scene {
   const char *name;
   float clear[4];
   const struct vtx *v;
   uint32_t nv;
   const uint32_t *idx; /* indexed draw when nidx > 0 */
   uint32_t nidx;
   int32_t vertex_offset;
   uint32_t instances;
   float offset[2]; /* per-instance clip-space offset */
   VkCullModeFlags cull;
   VkFrontFace front;
   VkViewport vp;    /* width 0: the whole framebuffer */
   VkRect2D scissor; /* width 0: the whole framebuffer */
   uint32_t split;   /* > 0: two draws, vertices/indices [0, split) and [split, n) */
   bool load;        /* loadOp LOAD: draws over the previous scene's result */
   /* Depth: a D32_SFLOAT attachment, test LESS with writes; cleared to 1
    * (or loaded: depth_load), stored when depth_store. */
   bool depth, depth_load, depth_store;
   VkPrimitiveTopology topology; /* 0 (POINT_LIST, not drawn here): triangle list */
   VkFormat format;              /* colour attachment; 0: R8G8B8A8_UNORM */
   bool restart;                 /* primitive restart (index 0xFFFFFFFF) */
};

/* The reference depth buffer (kept across scenes for depth_load) and the
 * pixels whose depth test is too close to call (|z - stored| < 1e-5: the
 * hardware interpolates z in f32), not compared. */
static double zbuf[W * H];
static uint8_t ambiguous[W * H];

/* Framebuffer position of a clip-space vertex (Vulkan viewport transform). */
struct fbv {
   double x, y, z, w;
   const float *col;
};

static VkViewport
viewport_of(const struct scene *s)
{
   if (s->vp.width > 0)
      return s->vp;
   return (VkViewport){0, 0, W, H, 0, 1};
}

static VkRect2D
scissor_of(const struct scene *s)
{
   if (s->scissor.extent.width > 0)
      return s->scissor;
   return (VkRect2D){{0, 0}, {W, H}};
}

static struct fbv
transform(const struct scene *s, uint32_t vi, uint32_t inst)
{
   const struct vtx *v = &s->v[vi];
   VkViewport vp = viewport_of(s);
   double w = v->pos[3];
   double x = (v->pos[0] + s->offset[0] * inst * w) / w,
          y = (v->pos[1] + s->offset[1] * inst * w) / w;
   return (struct fbv){vp.x + (x + 1) * vp.width / 2, vp.y + (y + 1) * vp.height / 2, v->pos[2] / w,
                       w, v->col};
}

/* Edge function of (a, b) at p. */
static double
edge(const struct fbv *a, const struct fbv *b, double px, double py)
{
   return (b->x - a->x) * (py - a->y) - (b->y - a->y) * (px - a->x);
}

/* Whether a sample exactly on edge (a, b) of a triangle with third vertex c
 * is covered: top edges (horizontal, the triangle below, y down) and left
 * edges (the triangle to their right). */
static int
top_left(const struct fbv *a, const struct fbv *b, const struct fbv *c)
{
   double fc = edge(a, b, c->x, c->y);
   if (a->y == b->y)
      return c->y > a->y;
   return (fc > 0) == (a->y - b->y > 0);
}

static uint8_t
unorm8(double v)
{
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   return (uint8_t)floor(v * 255.0 + 0.5);
}

/* sRGB encoding of a linear value (Vulkan "sRGB transfer functions"). */
static uint8_t
srgb8(double v)
{
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   return unorm8(v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055);
}

/* The 8-bit value the reference keeps for channel c of a format. */
static uint8_t
encode8(VkFormat f, unsigned c, double v)
{
   return f == VK_FORMAT_R8G8B8A8_SRGB && c < 3 ? srgb8(v) : unorm8(v);
}

/* Rasterises one triangle into the reference image. */
static void
ref_triangle(const struct scene *s, const struct fbv t[3], uint8_t *img)
{
   /* Vulkan: a = -1/2 sum(x_i y_i+1 - x_i+1 y_i); counter-clockwise front
    * faces have a > 0. */
   double a = 0;
   for (int i = 0; i < 3; i++)
      a += t[i].x * t[(i + 1) % 3].y - t[(i + 1) % 3].x * t[i].y;
   a = -a / 2;
   if (a == 0)
      return;
   int front = s->front == VK_FRONT_FACE_COUNTER_CLOCKWISE ? a > 0 : a < 0;
   if ((s->cull & VK_CULL_MODE_FRONT_BIT) && front)
      return;
   if ((s->cull & VK_CULL_MODE_BACK_BIT) && !front)
      return;
   VkViewport vp = viewport_of(s);
   VkRect2D sc = scissor_of(s);
   double area = edge(&t[0], &t[1], t[2].x, t[2].y);
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         double px = x + 0.5, py = y + 0.5;
         if (px < vp.x || px >= vp.x + vp.width || py < vp.y || py >= vp.y + vp.height)
            continue;
         if (x < sc.offset.x || x >= sc.offset.x + (int)sc.extent.width || y < sc.offset.y ||
             y >= sc.offset.y + (int)sc.extent.height)
            continue;
         double l[3];
         int in = 1;
         for (int e = 0; e < 3 && in; e++) {
            const struct fbv *p0 = &t[(e + 1) % 3], *p1 = &t[(e + 2) % 3];
            double f = edge(p0, p1, px, py) / area; /* barycentric of vertex e */
            l[e] = f;
            if (f < 0 || (f == 0 && !top_left(p0, p1, &t[e])))
               in = 0;
         }
         if (!in)
            continue;
         if (s->depth) {
            /* window z: screen-space linear (Vulkan), minDepth 0, maxDepth 1 */
            double z = l[0] * t[0].z + l[1] * t[1].z + l[2] * t[2].z;
            if (fabs(z - zbuf[y * W + x]) < 1e-5)
               ambiguous[y * W + x] = 1;
            if (!(z < zbuf[y * W + x]))
               continue;
            zbuf[y * W + x] = (float)z;
         }
         /* perspective correction */
         double sum = 0;
         for (int i = 0; i < 3; i++)
            sum += l[i] / t[i].w;
         uint8_t *o = img + 4 * (y * W + x);
         for (int c = 0; c < 4; c++) {
            double v = 0;
            for (int i = 0; i < 3; i++)
               v += l[i] / t[i].w / sum * t[i].col[c];
            o[c] = encode8(s->format, c, v);
            if (s->format == VK_FORMAT_R32_SFLOAT && c > 0)
               o[c] = c == 3 ? 255 : 0;
         }
      }
   }
}

/* The expected image; with s->load, img holds the previous result. */
static void
reference(const struct scene *s, uint8_t *img)
{
   for (int i = 0; i < W * H && !s->load; i++)
      for (int c = 0; c < 4; c++)
         img[4 * i + c] = s->format == VK_FORMAT_R32_SFLOAT && c > 0
                             ? (c == 3 ? 255 : 0)
                             : encode8(s->format, c, s->clear[c]);
   memset(ambiguous, 0, sizeof(ambiguous));
   for (int i = 0; i < W * H && !s->depth_load; i++)
      zbuf[i] = 1.0;
   uint32_t n = s->nidx ? s->nidx : s->nv;
   uint32_t ranges[2][2] = {{0, s->split ? s->split : n}, {s->split ? s->split : n, n}};
   for (unsigned d = 0; d < 2; d++) {
      for (uint32_t inst = 0; inst < (s->instances ? s->instances : 1); inst++) {
         /* vertices of the range, split into strips/fans at restarts */
         uint32_t ids[64], m = 0;
         for (uint32_t k = ranges[d][0]; k <= ranges[d][1]; k++) {
            uint32_t id = k < ranges[d][1] && s->nidx ? s->idx[k] : k;
            if (k < ranges[d][1] && !(s->restart && id == 0xFFFFFFFFu)) {
               ids[m++] = s->nidx ? id + (uint32_t)s->vertex_offset : id;
               continue;
            }
            /* assemble ids[0..m) (Vulkan "Primitive Topologies") */
            for (uint32_t i = 0; m >= 3 && i + 2 < m; i++) {
               uint32_t a, b, c;
               if (s->topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP) {
                  a = i + (i & 1), b = i + 1 - (i & 1), c = i + 2;
               } else if (s->topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN) {
                  a = i + 1, b = i + 2, c = 0;
               } else {
                  if (i % 3)
                     continue;
                  a = i, b = i + 1, c = i + 2;
               }
               struct fbv t[3] = {transform(s, ids[a], inst), transform(s, ids[b], inst),
                                  transform(s, ids[c], inst)};
               ref_triangle(s, t, img);
            }
            m = 0;
         }
      }
   }
}

/* ---- the GPU side ---------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct agx_vk_buffer vb, ib, out;
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
   VkImage zimage;
   VkDeviceMemory zmem;
   VkImageView zview;
};

static VkShaderModule
module(struct agx_vk_ctx *c, const char *path)
{
   size_t size;
   uint32_t *words = agx_vk_read_spv(path, &size);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = words};
   VkShaderModule m;
   VK_OK(vkCreateShaderModule(c->dev, &ci, NULL, &m));
   free(words);
   return m;
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, const char *vs, const char *fs)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = module(c, vs);
   g->fs = module(c, fs);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   VkPushConstantRange pcr = {VK_SHADER_STAGE_VERTEX_BIT, 0, 16};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &g->dsl,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pcr};
   VK_OK(vkCreatePipelineLayout(c->dev, &lci, NULL, &g->layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &g->pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = g->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &g->dsl};
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &g->set));
   g->vb = agx_vk_buffer(c, 4096);
   g->ib = agx_vk_buffer_usage(c, 1024, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   g->out = agx_vk_buffer_usage(c, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkDescriptorBufferInfo bi = {g->vb.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = g->set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c->dev, 1, &wr, 0, NULL);

   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VK_OK(vkCreateImage(c->dev, &ici, NULL, &g->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, g->image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, &g->mem));
   VK_OK(vkBindImageMemory(c->dev, g->image, g->mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = g->image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, &g->view));

   ici.format = VK_FORMAT_D32_SFLOAT;
   ici.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   VK_OK(vkCreateImage(c->dev, &ici, NULL, &g->zimage));
   vkGetImageMemoryRequirements(c->dev, g->zimage, &req);
   mai.allocationSize = req.size;
   mai.memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0);
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, &g->zmem));
   VK_OK(vkBindImageMemory(c->dev, g->zimage, g->zmem, 0));
   vci.image = g->zimage;
   vci.format = VK_FORMAT_D32_SFLOAT;
   vci.subresourceRange.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, &g->zview));
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   vkDestroyImageView(d, g->zview, NULL);
   vkDestroyImage(d, g->zimage, NULL);
   vkFreeMemory(d, g->zmem, NULL);
   vkDestroyImageView(d, g->view, NULL);
   vkDestroyImage(d, g->image, NULL);
   vkFreeMemory(d, g->mem, NULL);
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->ib);
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

static VkPipeline
pipeline(struct gpu *g, const struct scene *s)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = g->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = g->fs,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = s->topology ? s->topology : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
      .primitiveRestartEnable = s->restart};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .scissorCount = 1};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = s->cull,
      .frontFace = s->front,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkDynamicState dyn[2] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
   VkPipelineDynamicStateCreateInfo ds = {.sType =
                                             VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                          .dynamicStateCount = 2,
                                          .pDynamicStates = dyn};
   VkPipelineDepthStencilStateCreateInfo zs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = s->depth,
      .depthWriteEnable = s->depth,
      .depthCompareOp = VK_COMPARE_OP_LESS};
   VkFormat format = s->format ? s->format : VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format,
                                       .depthAttachmentFormat =
                                          s->depth ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_UNDEFINED};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vp,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pDepthStencilState = s->depth ? &zs : NULL,
                                      .pColorBlendState = &cb,
                                      .pDynamicState = &ds,
                                      .layout = g->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
image_barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from, VkImageLayout to,
              VkPipelineStageFlags2 src_stage, VkAccessFlags2 src, VkPipelineStageFlags2 dst_stage,
              VkAccessFlags2 dst)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = src_stage,
                              .srcAccessMask = src,
                              .dstStageMask = dst_stage,
                              .dstAccessMask = dst,
                              .oldLayout = from,
                              .newLayout = to,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

/* A colour attachment of another format. */
static void
make_color(struct agx_vk_ctx *c, VkFormat format, VkImage *image, VkDeviceMemory *mem,
           VkImageView *view)
{
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = format,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VK_OK(vkCreateImage(c->dev, &ici, NULL, image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, *image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, mem));
   VK_OK(vkBindImageMemory(c->dev, *image, *mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = *image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = format,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, view));
}

static double
half_to_double(uint16_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   double v = e == 0 ? ldexp(m, -24) : e == 31 ? INFINITY : ldexp(1024 + m, e - 25);
   return h & 0x8000 ? -v : v;
}

/* Texels read back -> the reference's RGBA8 form (float formats as unorm8;
 * BGRA swapped; a missing channel as the reference's: R32 reads G = B = 0,
 * A = 1). */
static void
to_rgba8(VkFormat f, const uint8_t *src, uint8_t *img)
{
   for (int i = 0; i < W * H; i++) {
      uint8_t *o = img + 4 * i;
      if (f == VK_FORMAT_B8G8R8A8_UNORM) {
         o[0] = src[4 * i + 2], o[1] = src[4 * i + 1], o[2] = src[4 * i], o[3] = src[4 * i + 3];
      } else if (f == VK_FORMAT_R16G16B16A16_SFLOAT) {
         for (int c = 0; c < 4; c++) {
            uint16_t h;
            memcpy(&h, src + 8 * i + 2 * c, 2);
            o[c] = unorm8(half_to_double(h));
         }
      } else if (f == VK_FORMAT_R32_SFLOAT) {
         float v;
         memcpy(&v, src + 4 * i, 4);
         o[0] = unorm8(v);
         o[1] = o[2] = 0, o[3] = 255;
      } else {
         memcpy(o, src + 4 * i, 4);
      }
   }
}

/* Renders the scene and reads the attachment back into img. */
static void
render(struct gpu *g, const struct scene *s, uint8_t *img)
{
   struct agx_vk_ctx *c = g->c;
   memcpy(g->vb.ptr, s->v, s->nv * sizeof(struct vtx));
   if (s->nidx)
      memcpy(g->ib.ptr, s->idx, s->nidx * 4);
   memset(g->out.ptr, 0xAB, W * H * 16);
   VkPipeline p = pipeline(g, s);
   /* Formats other than the default render to an image of their own. */
   VkImage image = g->image;
   VkImageView view = g->view;
   VkDeviceMemory mem = VK_NULL_HANDLE;
   if (s->format)
      make_color(c, s->format, &image, &mem, &view);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   /* LOAD keeps what the previous scene's copy left (transfer source). */
   image_barrier(cb, image,
                 s->load ? VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL : VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT, 0,
                 VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
   VkRenderingAttachmentInfo att = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                    .imageView = view,
                                    .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    .loadOp = s->load ? VK_ATTACHMENT_LOAD_OP_LOAD
                                                      : VK_ATTACHMENT_LOAD_OP_CLEAR,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(att.clearValue.color.float32, s->clear, 16);
   VkRenderingAttachmentInfo zatt = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = g->zview,
      .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
      .loadOp = s->depth_load ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = s->depth_store ? VK_ATTACHMENT_STORE_OP_STORE : VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .clearValue.depthStencil = {1.0f, 0}};
   if (s->depth) {
      VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                                 .srcStageMask = VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                 .srcAccessMask = VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                                 .dstStageMask = VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT,
                                 .dstAccessMask = VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
                                                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT,
                                 .oldLayout = s->depth_load
                                                 ? VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL
                                                 : VK_IMAGE_LAYOUT_UNDEFINED,
                                 .newLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                 .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                 .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                 .image = g->zimage,
                                 .subresourceRange = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1}};
      VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                             .imageMemoryBarrierCount = 1,
                             .pImageMemoryBarriers = &b};
      vkCmdPipelineBarrier2(cb, &di);
   }
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &att,
                         .pDepthAttachment = s->depth ? &zatt : NULL};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   float push[4] = {s->offset[0], s->offset[1], 0, 0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   VkViewport vp = viewport_of(s);
   VkRect2D sc = scissor_of(s);
   vkCmdSetViewport(cb, 0, 1, &vp);
   vkCmdSetScissor(cb, 0, 1, &sc);
   uint32_t instances = s->instances ? s->instances : 1;
   uint32_t n = s->nidx ? s->nidx : s->nv, split = s->split ? s->split : n;
   uint32_t ranges[2][2] = {{0, split}, {split, n}};
   if (s->nidx)
      vkCmdBindIndexBuffer(cb, g->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   for (unsigned d = 0; d < 2; d++) {
      uint32_t count = ranges[d][1] - ranges[d][0];
      if (!count)
         continue;
      if (s->nidx)
         vkCmdDrawIndexed(cb, count, instances, ranges[d][0], s->vertex_offset, 0);
      else
         vkCmdDraw(cb, count, instances, ranges[d][0], 0);
   }
   vkCmdEndRendering(cb);
   image_barrier(
      cb, image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
      VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, g->out.buf, 1, &region);
   VK_OK(agx_vk_submit_wait(c, cb));
   to_rgba8(s->format, g->out.ptr, img);
   vkDestroyPipeline(c->dev, p, NULL);
   if (mem) {
      vkDestroyImageView(c->dev, view, NULL);
      vkDestroyImage(c->dev, image, NULL);
      vkFreeMemory(c->dev, mem, NULL);
   }
}

static unsigned total_pixels, total_mismatches, worst_error;
static uint8_t got_prev[W * H * 4];

/* Renders and compares; returns the mismatching pixels. */
static unsigned
check_scene(struct gpu *g, const struct scene *s)
{
   static uint8_t got[W * H * 4], want[W * H * 4];
   render(g, s, got);
   /* LOAD: the reference continues from what the GPU left (checked by the
    * previous scene). */
   if (s->load)
      memcpy(want, got_prev, sizeof(want));
   reference(s, want);
   memcpy(got_prev, got, sizeof(got_prev));
   unsigned bad = 0, maxerr = 0, skipped = 0;
   for (int i = 0; i < W * H; i++) {
      unsigned err = 0;
      if (ambiguous[i]) {
         skipped++;
         continue;
      }
      for (int c = 0; c < 4; c++) {
         unsigned d = (unsigned)abs((int)got[4 * i + c] - (int)want[4 * i + c]);
         err = d > err ? d : err;
      }
      maxerr = err > maxerr ? err : maxerr;
      if (err > 1) {
         if (bad < 8)
            fprintf(stderr, "%s: pixel (%d, %d): got %3u %3u %3u %3u, expected %3u %3u %3u %3u\n",
                    s->name, i % W, i / W, got[4 * i], got[4 * i + 1], got[4 * i + 2],
                    got[4 * i + 3], want[4 * i], want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
         bad++;
      }
   }
   printf("%-24s %u pixels compared, %u mismatches, max channel error %u\n", s->name,
          W * H - skipped, bad, maxerr);
   total_pixels += W * H - skipped;
   total_mismatches += bad;
   worst_error = maxerr > worst_error ? maxerr : worst_error;
   return bad;
}

/* x, y in framebuffer pixels (1/16 grid) -> clip space at w. */
static struct vtx
V(double x, double y, double w, float r, float gg, float b) {
   struct vtx v = {
      {(float)((x / W * 2 - 1) * w), (float)((y / H * 2 - 1) * w), 0.5f * (float)w, (float)w},
      {r, gg, b, 1.0f}};
   return v;
}

/* The same with window depth z. */
static struct vtx
VZ(double x, double y, double z, float r, float gg, float b) {
   struct vtx v = V(x, y, 1, r, gg, b);
   v.pos[2] = (float)z;
   return v;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device(&c, &f13, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv[1], argv[2]);
   unsigned bad = 0;

   /* One triangle: a horizontal top edge and a vertical left edge through
    * pixel centres (y = 8.5, x = 8.5: the top-left rule covers them), the
    * hypotenuse through pixel centres too (not covered: a right edge). */
   struct vtx tri[3] = {V(8.5, 8.5, 1, 1, 0, 0), V(40.5, 8.5, 1, 0, 1, 0),
                        V(8.5, 40.5, 1, 0, 0, 1)};
   struct scene one = {.name = "triangle",
                       .clear = {0.25f, 0.5f, 0.75f, 1.0f},
                       .v = tri,
                       .nv = 3,
                       .front = VK_FRONT_FACE_COUNTER_CLOCKWISE};
   bad += check_scene(&g, &one);

   /* Overlapping triangles in one draw: the later one wins; a shared edge
    * between the last two (each pixel centre on it covered once). */
   struct vtx three[9] = {
      V(4, 4, 1, 1, 1, 0),      V(60, 10, 1, 1, 0, 1),     V(20, 60, 1, 0, 1, 1),
      V(30.5, 2.5, 1, 1, 0, 0), V(62.5, 40.5, 1, 0, 1, 0), V(10.5, 50.5, 1, 0, 0, 1),
      V(30.5, 2.5, 1, 0, 0, 0), V(10.5, 50.5, 1, 1, 1, 1), V(2.5, 20.5, 1, 0.5f, 0.5f, 0.5f)};
   struct scene overlap = {.name = "overlap",
                           .clear = {0, 0, 0, 0},
                           .v = three,
                           .nv = 9,
                           .front = VK_FRONT_FACE_COUNTER_CLOCKWISE};
   bad += check_scene(&g, &overlap);
   /* The same in two draws (firstVertex 3: the VS's vertex index starts there). */
   overlap.name = "overlap, two draws";
   overlap.split = 3;
   overlap.clear[0] = 1.0f;
   bad += check_scene(&g, &overlap);

   /* Perspective: w from 0.5 to 4, the colour interpolated perspective-correctly. */
   struct vtx persp[6] = {V(2, 2, 0.5, 1, 0, 0), V(62, 6, 4, 0, 1, 0),  V(6, 62, 2, 0, 0, 1),
                          V(62, 6, 4, 0, 1, 0),  V(60, 60, 1, 1, 1, 1), V(6, 62, 2, 0, 0, 1)};
   struct scene perspective = {.name = "perspective w != 1",
                               .clear = {0, 0, 0, 1},
                               .v = persp,
                               .nv = 6,
                               .front = VK_FRONT_FACE_COUNTER_CLOCKWISE};
   bad += check_scene(&g, &perspective);

   /* Indexed: a quad of two triangles sharing vertices, with a vertex offset. */
   struct vtx quadv[6] = {V(0, 0, 1, 0, 0, 0),       V(0, 0, 1, 0, 0, 0),
                          V(8.5, 8.5, 1, 1, 0, 0),   V(56.5, 8.5, 1, 0, 1, 0),
                          V(56.5, 56.5, 1, 0, 0, 1), V(8.5, 56.5, 1, 1, 1, 1)};
   uint32_t quadi[6] = {0, 1, 2, 0, 2, 3};
   struct scene indexed = {.name = "indexed",
                           .clear = {0.5f, 0, 0.5f, 1},
                           .v = quadv,
                           .nv = 6,
                           .idx = quadi,
                           .nidx = 6,
                           .vertex_offset = 2,
                           .front = VK_FRONT_FACE_COUNTER_CLOCKWISE};
   bad += check_scene(&g, &indexed);
   indexed.name = "indexed, two draws";
   indexed.split = 3;
   bad += check_scene(&g, &indexed);

   /* Instanced: gl_InstanceIndex moves each copy by (8, 12) pixels. */
   struct vtx small[3] = {V(2.5, 2.5, 1, 1, 0, 0), V(14.5, 2.5, 1, 0, 1, 0),
                          V(2.5, 14.5, 1, 0, 0, 1)};
   struct scene instanced = {.name = "instanced x5",
                             .clear = {0, 0, 0.25f, 1},
                             .v = small,
                             .nv = 3,
                             .instances = 5,
                             .offset = {8.0f / W * 2, 12.0f / H * 2},
                             .front = VK_FRONT_FACE_COUNTER_CLOCKWISE};
   bad += check_scene(&g, &instanced);

   /* Culling: one triangle of each winding; back faces culled with
    * counter-clockwise and with clockwise front faces, then front faces. */
   struct vtx wind[6] = {V(4, 4, 1, 1, 0, 0),   V(28, 4, 1, 1, 0, 0),  V(4, 28, 1, 1, 0, 0),
                         V(36, 36, 1, 0, 1, 0), V(36, 60, 1, 0, 1, 0), V(60, 36, 1, 0, 1, 0)};
   struct scene cull = {.name = "cull back, ccw front",
                        .clear = {0.1f, 0.1f, 0.1f, 1},
                        .v = wind,
                        .nv = 6,
                        .cull = VK_CULL_MODE_BACK_BIT,
                        .front = VK_FRONT_FACE_COUNTER_CLOCKWISE};
   bad += check_scene(&g, &cull);
   cull.name = "cull back, cw front";
   cull.front = VK_FRONT_FACE_CLOCKWISE;
   bad += check_scene(&g, &cull);
   cull.name = "cull front, ccw front";
   cull.cull = VK_CULL_MODE_FRONT_BIT;
   cull.front = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   bad += check_scene(&g, &cull);

   /* Viewport and scissor: the first scene in a 40x24 viewport at (16, 8),
    * scissored to (4, 12)-(44, 28). */
   struct scene vps = one;
   vps.name = "viewport + scissor";
   vps.vp = (VkViewport){16, 8, 40, 24, 0, 1};
   vps.scissor = (VkRect2D){{4, 12}, {40, 16}};
   bad += check_scene(&g, &vps);

   /* loadOp LOAD: the instanced scene drawn over the previous result. */
   struct scene load = instanced;
   load.name = "load + draw";
   load.load = true;
   bad += check_scene(&g, &load);

   /* Depth LESS: a near triangle, a far one drawn after it (hidden where
    * they overlap), a sloped one through both, then (second pass, depth
    * stored and loaded) a mid-depth one drawn over the first pass. */
   struct vtx zt[9] = {
      VZ(4, 4, 0.25, 1, 0, 0),    VZ(44, 4, 0.25, 1, 0, 0),    VZ(4, 44, 0.25, 1, 0, 0),
      VZ(12, 12, 0.75, 0, 1, 0),  VZ(60, 20, 0.75, 0, 1, 0),   VZ(20, 60, 0.75, 0, 1, 0),
      VZ(2, 30, 0.0625, 0, 0, 1), VZ(62, 26, 0.9375, 0, 0, 1), VZ(30, 62, 0.5, 1, 1, 1)};
   struct scene depth = {.name = "depth LESS",
                         .clear = {0, 0, 0, 1},
                         .v = zt,
                         .nv = 9,
                         .front = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                         .depth = true,
                         .depth_store = true};
   bad += check_scene(&g, &depth);
   struct vtx mid[3] = {VZ(0, 0, 0.5, 1, 1, 0), VZ(64, 0, 0.5, 1, 1, 0), VZ(0, 64, 0.5, 1, 1, 0)};
   struct scene depth2 = {.name = "depth load + LESS",
                          .v = mid,
                          .nv = 3,
                          .front = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                          .load = true,
                          .depth = true,
                          .depth_load = true};
   bad += check_scene(&g, &depth2);

   /* Other colour formats: the overlap scene into BGRA8, sRGB, RGBA16F and
    * R32F attachments (each its own tilebuffer layout and BG/EOT programs). */
   static const VkFormat formats[] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_SRGB,
                                      VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R32_SFLOAT};
   static const char *const format_names[] = {"overlap, B8G8R8A8_UNORM", "overlap, R8G8B8A8_SRGB",
                                              "overlap, R16G16B16A16_SF", "overlap, R32_SFLOAT"};
   for (unsigned i = 0; i < 4; i++) {
      struct scene f = overlap;
      f.split = 0;
      f.clear[0] = 0.3f, f.clear[1] = 0.6f, f.clear[2] = 0.9f, f.clear[3] = 0.5f;
      f.name = format_names[i];
      f.format = formats[i];
      bad += check_scene(&g, &f);
   }

   /* Strips and fans (Vulkan's vertex order: odd strip triangles swap
    * their first two vertices), with culling so the order matters; an
    * indexed strip with primitive restart. */
   struct vtx stripv[7] = {V(2.5, 40.5, 1, 1, 0, 0),  V(2.5, 10.5, 1, 0, 1, 0),
                           V(20.5, 44.5, 1, 0, 0, 1), V(22.5, 6.5, 1, 1, 1, 0),
                           V(40.5, 40.5, 1, 0, 1, 1), V(44.5, 12.5, 1, 1, 0, 1),
                           V(62.5, 30.5, 1, 1, 1, 1)};
   struct scene strip = {.name = "triangle strip",
                         .clear = {0.2f, 0, 0, 1},
                         .v = stripv,
                         .nv = 7,
                         .cull = VK_CULL_MODE_BACK_BIT,
                         .front = VK_FRONT_FACE_CLOCKWISE,
                         .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP};
   bad += check_scene(&g, &strip);
   struct vtx fanv[6] = {V(32, 32, 1, 1, 1, 1), V(60, 32, 1, 1, 0, 0), V(40, 60, 1, 0, 1, 0),
                         V(6, 50, 1, 0, 0, 1),  V(10, 4, 1, 1, 1, 0),  V(50, 2, 1, 0, 1, 1)};
   struct scene fan = {.name = "triangle fan",
                       .clear = {0, 0.2f, 0, 1},
                       .v = fanv,
                       .nv = 6,
                       .cull = VK_CULL_MODE_FRONT_BIT,
                       .front = VK_FRONT_FACE_CLOCKWISE,
                       .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN};
   bad += check_scene(&g, &fan);
   uint32_t restarti[9] = {0, 1, 2, 3, 0xFFFFFFFFu, 3, 4, 5, 6};
   struct scene restart = {.name = "strip with restart",
                           .clear = {0, 0, 0.2f, 1},
                           .v = stripv,
                           .nv = 7,
                           .idx = restarti,
                           .nidx = 9,
                           .front = VK_FRONT_FACE_CLOCKWISE,
                           .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
                           .restart = true};
   bad += check_scene(&g, &restart);

   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   printf("total: %u pixels compared, %u mismatches, max channel error %u\n", total_pixels,
          total_mismatches, worst_error);
   return bad || ret ? 1 : 0;
}
