/*
 * Rasterisation features DXVK requires (issue 19 item 5, clients.md §1),
 * through the loader: depthClamp, depthClipEnable (VK_EXT_depth_clip_enable),
 * depthBiasClamp, fillModeNonSolid (polygon modes line and point), dualSrcBlend,
 * multiViewport with gl_ViewportIndex written by the vertex shader
 * (shaderOutputViewportIndex) and shaderClipDistance.
 *
 * Every draw is an axis-aligned quad (two triangles) of one colour and one
 * clip-space z whose edges lie a quarter pixel off pixel centres, so
 * coverage is exact; the CPU reference (written here from the Vulkan
 * specification: "Primitive Clipping", "Depth Clamping and Range",
 * "Depth Bias", "Polygon Mode", "Controlling the Viewport") lists per draw
 * the window-space pixel rectangle it must cover, its colour and its depth
 * (depth test ALWAYS with writes on, so the last draw wins), and both the
 * R8G8B8A8_UNORM colour and the D32_SFLOAT depth attachment are copied out
 * and compared pixel by pixel. The vertex shader (raster.vert) reads
 * position, colour, two clip distances and the viewport index per vertex.
 *
 * Scenes: depth clamp to the viewport's depth range with clipping off,
 * clamp with clipping explicitly on (clipped), neither (unclipped, depth
 * outside the viewport range kept); depth bias clamped from above and
 * below; polygon mode POINT with back-face culling (vertices of the front
 * triangle only); polygon mode LINE (axis-aligned edges covered, interior
 * empty; pixels next to the diagonal and the ends are not compared, where
 * line rasterisation rules may differ); four viewports with their own depth
 * ranges and scissors, selected by the vertex shader; one and two clip
 * distances; dual-source blending (dualSrcBlend, dual.frag); a rendering with loadOp/storeOp NONE (VK_EXT_load_store_op_none)
 * after the depth clamp scene leaves both attachments as they were.
 *
 * Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_raster_features RASTER_VERT_SPV DRAW_FRAG_SPV DUAL_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 64
#define H 64
#define MAX_VERTS 256
#define MAX_DRAWS 16
#define MAX_PIPES 16
#define MAX_RECTS 16

struct vtx {
   float pos[4], col[4], extra[4];
};

/* Pipeline state that varies between draws (everything else is fixed). */
struct pipe_cfg {
   VkBool32 clamp;       /* depthClampEnable */
   int clip;             /* VkPipelineRasterizationDepthClipStateCreateInfoEXT: -1 none */
   VkPolygonMode mode;   /* polygonMode */
   VkCullModeFlags cull; /* cullMode (front face counter-clockwise) */
   VkBool32 bias;        /* depthBiasEnable (factors are dynamic) */
   VkBool32 dual;        /* dual.frag with the dual-source blend of scene_dual_source */
};

struct draw {
   struct pipe_cfg cfg;
   uint32_t first, count;
   uint32_t nvp; /* viewports (and scissors); 0: the whole framebuffer */
   VkViewport vp[4];
   VkRect2D sc[4];
   float bias_const, bias_clamp;
};

/* What the reference paints: pixels [x0, x1) x [y0, y1). */
struct rect {
   int x0, y0, x1, y1;
   uint8_t col[4];
   float depth;
};

struct scene {
   const char *name;
   struct vtx v[MAX_VERTS];
   uint32_t nv;
   struct draw d[MAX_DRAWS];
   uint32_t nd;
   struct rect r[MAX_RECTS];
   uint32_t nr;
   /* then a second rendering without draws whose colour and depth
    * attachments have loadOp NONE and storeOp NONE (the contents stay) */
   bool none_pass;
   uint32_t none_pass_draw; /* the draw repeated there with an empty scissor */
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs, fs_dual;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct pipe_cfg cfgs[MAX_PIPES];
   VkPipeline pipes[MAX_PIPES];
   unsigned npipes;
   struct agx_vk_buffer vb, out_c, out_z;
   VkImage image[2];
   VkDeviceMemory mem[2];
   VkImageView view[2];
};

static const float clear[4] = {0.2f, 0.2f, 0.2f, 1.0f};
static const uint8_t clear8[4] = {51, 51, 51, 255};

/* ---- scene building ---------------------------------------------------- */

/* Pixel coordinate p of a viewport of `size` pixels -> NDC. */
static float
ndc(float p, float size)
{
   return p * 2.0f / size - 1.0f;
}

/* Clip distance d = a x + b y + c of the NDC position (w = 1). */
struct plane {
   float a, b, c;
};
static const struct plane keep = {0, 0, 1};

static void
vertex(struct scene *s, float x, float y, float z, const float col[4], struct plane p0,
       struct plane p1, float vpi)
{
   struct vtx *v = &s->v[s->nv++];
   *v = (struct vtx){{x, y, z, 1}, {col[0], col[1], col[2], col[3]}, {0}};
   v->extra[0] = p0.a * x + p0.b * y + p0.c;
   v->extra[1] = p1.a * x + p1.b * y + p1.c;
   v->extra[2] = vpi;
}

/* A quad over viewport pixels [x0, x1) x [y0, y1) of a size x size viewport. */
static void
quad(struct scene *s, float size, float x0, float y0, float x1, float y1, float z,
     const float col[4], struct plane p0, struct plane p1, float vpi)
{
   float X0 = ndc(x0, size), X1 = ndc(x1, size), Y0 = ndc(y0, size), Y1 = ndc(y1, size);
   vertex(s, X0, Y0, z, col, p0, p1, vpi);
   vertex(s, X1, Y0, z, col, p0, p1, vpi);
   vertex(s, X0, Y1, z, col, p0, p1, vpi);
   vertex(s, X1, Y0, z, col, p0, p1, vpi);
   vertex(s, X1, Y1, z, col, p0, p1, vpi);
   vertex(s, X0, Y1, z, col, p0, p1, vpi);
}

static struct draw *
add_draw(struct scene *s, struct pipe_cfg cfg, uint32_t first)
{
   struct draw *d = &s->d[s->nd++];
   memset(d, 0, sizeof(*d));
   d->cfg = cfg;
   d->first = first;
   d->count = s->nv - first;
   return d;
}

static uint8_t
unorm8(float f)
{
   return (uint8_t)lrintf(f * 255.0f);
}

/* Pixels whose centres lie in [x0, x1) x [y0, y1) (window coordinates). */
static void
expect(struct scene *s, float x0, float y0, float x1, float y1, const float col[4], float depth)
{
   struct rect *r = &s->r[s->nr++];
   r->x0 = (int)ceilf(x0 - 0.5f), r->x1 = (int)ceilf(x1 - 0.5f);
   r->y0 = (int)ceilf(y0 - 0.5f), r->y1 = (int)ceilf(y1 - 0.5f);
   for (int i = 0; i < 4; i++)
      r->col[i] = unorm8(col[i]);
   r->depth = depth;
}

static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
static const float yellow[4] = {1, 1, 0, 1}, cyan[4] = {0, 1, 1, 1}, white[4] = {1, 1, 1, 1};
static const struct pipe_cfg base = {.clip = -1, .mode = VK_POLYGON_MODE_FILL};

/* Viewport depth range [0.25, 0.75] throughout. */
static void
scene_depth_clamp(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "depth_clamp_clip";
   VkViewport vp = {0, 0, W, H, 0.25f, 0.75f};
   struct pipe_cfg clamp = base, clamp_clip = base, plain = base, no_clip = base;
   clamp.clamp = VK_TRUE;                           /* clamp, so no depth clipping */
   clamp_clip.clamp = VK_TRUE, clamp_clip.clip = 1; /* clamp and explicit clipping */
   no_clip.clip = 0;                                /* neither */
   struct {
      struct pipe_cfg cfg;
      float x, y, z;
      const float *col;
      bool drawn;
      float depth;
   } q[] = {
      {clamp, 4, 4, 1.5f, red, true, 0.75f},       /* clamped to maxDepth */
      {clamp, 24, 4, -0.5f, green, true, 0.25f},   /* clamped to minDepth */
      {clamp, 44, 4, 0.5f, blue, true, 0.5f},      /* inside: 0.25 + 0.5 x 0.5 */
      {clamp_clip, 4, 24, 1.5f, yellow, false, 0}, /* clipped despite the clamp */
      {plain, 24, 24, 1.5f, cyan, false, 0},       /* clipped */
      {no_clip, 44, 24, 1.2f, white, true, 0.85f}, /* kept, not clamped to the range */
      {no_clip, 4, 44, -0.2f, red, true, 0.15f},   /* likewise below */
   };
   for (unsigned i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
      uint32_t first = s->nv;
      quad(s, W, q[i].x + 0.25f, q[i].y + 0.25f, q[i].x + 16.25f, q[i].y + 16.25f, q[i].z, q[i].col,
           keep, keep, 0);
      struct draw *d = add_draw(s, q[i].cfg, first);
      d->nvp = 1, d->vp[0] = vp, d->sc[0] = (VkRect2D){{0, 0}, {W, H}};
      if (q[i].drawn)
         expect(s, q[i].x + 0.25f, q[i].y + 0.25f, q[i].x + 16.25f, q[i].y + 16.25f, q[i].col,
                q[i].depth);
   }
}

static void
scene_depth_bias(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "depth_bias_clamp";
   struct pipe_cfg bias = base;
   bias.bias = VK_TRUE;
   /* o = min(m x slope + r x constant, clamp) for clamp > 0, max(..) for
    * clamp < 0; r x 1e8 (r = 2^-25 or 2^-24 for these z) exceeds every clamp here. */
   struct {
      float x, z, constant, clamp_, depth;
      const float *col;
   } q[] = {
      {4, 0.25f, 1e8f, 0.0625f, 0.3125f, red},
      {24, 0.5f, -1e8f, -0.125f, 0.375f, green},
      {44, 0.75f, 1e8f, 0.125f, 0.875f, blue},
   };
   for (unsigned i = 0; i < 3; i++) {
      uint32_t first = s->nv;
      quad(s, W, q[i].x + 0.25f, 8.25f, q[i].x + 16.25f, 40.25f, q[i].z, q[i].col, keep, keep, 0);
      struct draw *d = add_draw(s, bias, first);
      d->bias_const = q[i].constant, d->bias_clamp = q[i].clamp_;
      expect(s, q[i].x + 0.25f, 8.25f, q[i].x + 16.25f, 40.25f, q[i].col, q[i].depth);
   }
}

/* Polygon mode POINT: points of size 1 at the vertices (pixel centres) of
 * the front-facing triangle; the back-facing one is culled first. */
static void
scene_polygon_point(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "polygon_mode_point";
   struct pipe_cfg pt = base;
   pt.mode = VK_POLYGON_MODE_POINT;
   pt.cull = VK_CULL_MODE_BACK_BIT;
   /* counter-clockwise in framebuffer space (y down): front */
   const float f[3][2] = {{10.5f, 10.5f}, {10.5f, 30.5f}, {30.5f, 10.5f}};
   /* clockwise: back, culled */
   const float b[3][2] = {{40.5f, 40.5f}, {60.5f, 40.5f}, {40.5f, 60.5f}};
   uint32_t first = s->nv;
   for (int i = 0; i < 3; i++)
      vertex(s, ndc(f[i][0], W), ndc(f[i][1], H), 0.5f, green, keep, keep, 0);
   for (int i = 0; i < 3; i++)
      vertex(s, ndc(b[i][0], W), ndc(b[i][1], H), 0.5f, red, keep, keep, 0);
   add_draw(s, pt, first);
   for (int i = 0; i < 3; i++)
      expect(s, f[i][0] - 0.5f, f[i][1] - 0.5f, f[i][0] + 0.5f, f[i][1] + 0.5f, green, 0.5f);
}

/* Four 32 x 32 viewports (quadrants), depth ranges [0.1 i, 0.1 i + 0.1],
 * viewport 3's scissor only its bottom-right 16 x 16 pixels; quad i goes to
 * viewport i through gl_ViewportIndex. */
static void
scene_multi_viewport(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "multi_viewport";
   const float *cols[4] = {red, green, blue, yellow};
   uint32_t first = s->nv;
   for (int i = 0; i < 4; i++)
      quad(s, 32, 8.25f, 8.25f, 24.25f, 24.25f, 0.5f, cols[i], keep, keep, (float)i);
   struct draw *d = add_draw(s, base, first);
   d->nvp = 4;
   for (int i = 0; i < 4; i++) {
      int ox = 32 * (i & 1), oy = 32 * (i >> 1);
      d->vp[i] = (VkViewport){(float)ox, (float)oy, 32, 32, 0.1f * i, 0.1f * i + 0.1f};
      d->sc[i] = i == 3 ? (VkRect2D){{48, 48}, {16, 16}} : (VkRect2D){{ox, oy}, {32, 32}};
      float x0 = ox + 8.25f, y0 = oy + 8.25f;
      if (i == 3)
         x0 = y0 = 48.0f;
      expect(s, x0, y0, ox + 24.25f, oy + 24.25f, cols[i], 0.1f * i + 0.05f);
   }
}

/* Clip distances: plane 0 keeps x > 32.25 of the first quad; planes 0 and 1
 * keep x < 20.25 and y > 44.25 of the second. */
static void
scene_clip_distance(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "clip_distance";
   uint32_t first = s->nv;
   struct plane right = {1, 0, -ndc(32.25f, W)};
   quad(s, W, 4.25f, 4.25f, 60.25f, 28.25f, 0.5f, green, right, keep, 0);
   struct plane left = {-1, 0, ndc(20.25f, W)}, below = {0, 1, -ndc(44.25f, H)};
   quad(s, W, 4.25f, 36.25f, 60.25f, 60.25f, 0.25f, blue, left, below, 0);
   add_draw(s, base, first);
   expect(s, 32.25f, 4.25f, 60.25f, 28.25f, green, 0.5f);
   expect(s, 4.25f, 44.25f, 20.25f, 60.25f, blue, 0.25f);
}

/* Dual-source blending over the clear colour (0.2, 0.2, 0.2, 1): rgb =
 * src0 x src1.rgb + dst x (1 - src1.a), src1 = (0.5, 0.25, 0.75, 0.25)
 * (dual.frag), alpha = src0.a. */
static void
scene_dual_source(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "dual_source_blend";
   struct pipe_cfg dual = base;
   dual.dual = VK_TRUE;
   const float *cols[2] = {red, cyan};
   const float s1[4] = {0.5f, 0.25f, 0.75f, 0.25f};
   for (int i = 0; i < 2; i++) {
      uint32_t first = s->nv;
      quad(s, W, 8.25f + 24 * i, 8.25f, 28.25f + 24 * i, 40.25f, 0.5f, cols[i], keep, keep, 0);
      add_draw(s, dual, first);
      float want[4];
      for (int k = 0; k < 3; k++)
         want[k] = cols[i][k] * s1[k] + clear[k] * (1.0f - s1[3]);
      want[3] = cols[i][3];
      expect(s, 8.25f + 24 * i, 8.25f, 28.25f + 24 * i, 40.25f, want, 0.5f);
   }
}

/* ---- GPU side -------------------------------------------------------------- */

static VkPipeline
make_pipeline(struct gpu *g, const struct pipe_cfg *cfg)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = g->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = cfg->dual ? g->fs_dual : g->fs,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkPipelineViewportStateCreateInfo vps = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
   VkPipelineRasterizationDepthClipStateCreateInfoEXT clip = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT,
      .depthClipEnable = cfg->clip == 1};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .pNext = cfg->clip >= 0 ? &clip : NULL,
      .depthClampEnable = cfg->clamp,
      .polygonMode = cfg->mode,
      .cullMode = cfg->cull,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .depthBiasEnable = cfg->bias,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = VK_TRUE,
      .depthWriteEnable = VK_TRUE,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   if (cfg->dual)
      att = (VkPipelineColorBlendAttachmentState){.blendEnable = VK_TRUE,
                                                  .srcColorBlendFactor = VK_BLEND_FACTOR_SRC1_COLOR,
                                                  .dstColorBlendFactor =
                                                     VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA,
                                                  .colorBlendOp = VK_BLEND_OP_ADD,
                                                  .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                                  .dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO,
                                                  .alphaBlendOp = VK_BLEND_OP_ADD,
                                                  .colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT,
                           VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT, VK_DYNAMIC_STATE_DEPTH_BIAS};
   VkPipelineDynamicStateCreateInfo dy = {.sType =
                                             VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                          .dynamicStateCount = 3,
                                          .pDynamicStates = dyn};
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format,
                                       .depthAttachmentFormat = VK_FORMAT_D32_SFLOAT};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vps,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pDepthStencilState = &ds,
                                      .pColorBlendState = &cb,
                                      .pDynamicState = &dy,
                                      .layout = g->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static VkPipeline
get_pipeline(struct gpu *g, const struct pipe_cfg *cfg)
{
   for (unsigned i = 0; i < g->npipes; i++)
      if (!memcmp(&g->cfgs[i], cfg, sizeof(*cfg)))
         return g->pipes[i];
   CHECK(g->npipes < MAX_PIPES);
   g->cfgs[g->npipes] = *cfg;
   g->pipes[g->npipes] = make_pipeline(g, cfg);
   return g->pipes[g->npipes++];
}

static void
make_image(struct gpu *g, unsigned i, VkFormat format, VkImageUsageFlags usage,
           VkImageAspectFlags aspect)
{
   VkDevice dev = g->c->dev;
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = format,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
   VK_OK(vkCreateImage(dev, &ici, NULL, &g->image[i]));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(dev, g->image[i], &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(g->c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(dev, &mai, NULL, &g->mem[i]));
   VK_OK(vkBindImageMemory(dev, g->image[i], g->mem[i], 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = g->image[i],
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = format,
                                .subresourceRange = {aspect, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(dev, &vci, NULL, &g->view[i]));
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   g->fs_dual = agx_vk_shader(c, spv[2]);
   VkDescriptorSetLayoutBinding b = {.binding = 0,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                     .descriptorCount = 1,
                                     .stageFlags = VK_SHADER_STAGE_VERTEX_BIT};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &g->dsl};
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
   g->vb = agx_vk_buffer(c, MAX_VERTS * sizeof(struct vtx));
   VkDescriptorBufferInfo bi = {g->vb.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = g->set,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c->dev, 1, &w, 0, NULL);
   g->out_c = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   g->out_z = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   make_image(g, 0, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
              VK_IMAGE_ASPECT_COLOR_BIT);
   make_image(g, 1, VK_FORMAT_D32_SFLOAT, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
              VK_IMAGE_ASPECT_DEPTH_BIT);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   for (int i = 0; i < 2; i++) {
      vkDestroyImageView(d, g->view[i], NULL);
      vkDestroyImage(d, g->image[i], NULL);
      vkFreeMemory(d, g->mem[i], NULL);
   }
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out_c);
   agx_vk_buffer_free(g->c, &g->out_z);
   for (unsigned i = 0; i < g->npipes; i++)
      vkDestroyPipeline(d, g->pipes[i], NULL);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
   vkDestroyShaderModule(d, g->fs_dual, NULL);
}

static void
barrier(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspect, VkImageLayout from,
        VkImageLayout to, VkPipelineStageFlags2 src_stage, VkAccessFlags2 src,
        VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst)
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
                              .subresourceRange = {aspect, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

static void
render(struct gpu *g, const struct scene *s, uint8_t *col, float *depth)
{
   struct agx_vk_ctx *c = g->c;
   memcpy(g->vb.ptr, s->v, s->nv * sizeof(struct vtx));
   memset(g->out_c.ptr, 0xAB, W * H * 4);
   memset(g->out_z.ptr, 0xAB, W * H * 4);
   VkPipeline pipes[MAX_DRAWS];
   for (uint32_t i = 0; i < s->nd; i++)
      pipes[i] = get_pipeline(g, &s->d[i].cfg);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   const VkPipelineStageFlags2 zs_stages =
      VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
   barrier(cb, g->image[0], VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
           VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT, 0,
           VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
   barrier(cb, g->image[1], VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
           VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT, 0, zs_stages,
           VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
   VkRenderingAttachmentInfo att = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                    .imageView = g->view[0],
                                    .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(att.clearValue.color.float32, clear, sizeof(clear));
   VkRenderingAttachmentInfo zatt = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                     .imageView = g->view[1],
                                     .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                     .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                     .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                     .clearValue.depthStencil = {1.0f, 0}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &att,
                         .pDepthAttachment = &zatt};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   for (uint32_t i = 0; i < s->nd; i++) {
      const struct draw *d = &s->d[i];
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i]);
      VkViewport full = {0, 0, W, H, 0, 1};
      VkRect2D all = {{0, 0}, {W, H}};
      vkCmdSetViewportWithCount(cb, d->nvp ? d->nvp : 1, d->nvp ? d->vp : &full);
      vkCmdSetScissorWithCount(cb, d->nvp ? d->nvp : 1, d->nvp ? d->sc : &all);
      vkCmdSetDepthBias(cb, d->bias_const, d->bias_clamp, 0.0f);
      vkCmdDraw(cb, d->count, 1, d->first, 0);
   }
   vkCmdEndRendering(cb);
   if (s->none_pass) {
      VkMemoryBarrier2 ab = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
         .srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT | zs_stages,
         .srcAccessMask =
            VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
         .dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT | zs_stages,
         .dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
                          VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};
      VkDependencyInfo adi = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                              .memoryBarrierCount = 1,
                              .pMemoryBarriers = &ab};
      vkCmdPipelineBarrier2(cb, &adi);
      att.loadOp = zatt.loadOp = VK_ATTACHMENT_LOAD_OP_NONE_EXT;
      att.storeOp = zatt.storeOp = VK_ATTACHMENT_STORE_OP_NONE_EXT;
      vkCmdBeginRendering(cb, &ri);
      /* a draw that writes nothing (an empty scissor), so the rendering
       * has work in the tiles the draw touches */
      const struct draw *d = &s->d[s->none_pass_draw];
      VkRect2D empty = {{0, 0}, {0, 0}};
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[s->none_pass_draw]);
      vkCmdSetViewportWithCount(cb, d->nvp, d->vp);
      vkCmdSetScissorWithCount(cb, 1, &empty);
      vkCmdDraw(cb, d->count, 1, d->first, 0);
      vkCmdEndRendering(cb);
   }
   barrier(cb, g->image[0], VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
           VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
           VK_ACCESS_2_TRANSFER_READ_BIT);
   barrier(cb, g->image[1], VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, zs_stages,
           VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
           VK_ACCESS_2_TRANSFER_READ_BIT);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, g->image[0], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, g->out_c.buf, 1,
                          &region);
   region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
   vkCmdCopyImageToBuffer(cb, g->image[1], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, g->out_z.buf, 1,
                          &region);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di);
   VK_OK(agx_vk_submit_wait(c, cb));
   memcpy(col, g->out_c.ptr, W * H * 4);
   memcpy(depth, g->out_z.ptr, W * H * 4);
}

/* The reference: clear, then the rectangles in order. */
static void
reference(const struct scene *s, uint8_t *col, float *depth)
{
   for (int i = 0; i < W * H; i++) {
      memcpy(&col[4 * i], clear8, 4);
      depth[i] = 1.0f;
   }
   for (uint32_t k = 0; k < s->nr; k++) {
      const struct rect *r = &s->r[k];
      for (int y = r->y0; y < r->y1; y++) {
         for (int x = r->x0; x < r->x1; x++) {
            memcpy(&col[4 * (y * W + x)], r->col, 4);
            depth[y * W + x] = r->depth;
         }
      }
   }
}

static bool
pixel_differs(const uint8_t *got, const uint8_t *want, float gz, float wz)
{
   bool diff = fabsf(gz - wz) > 1e-6f;
   for (int c = 0; c < 4; c++)
      diff |= abs((int)got[c] - (int)want[c]) > 1;
   return diff;
}

static unsigned
report(const char *name, int x, int y, const uint8_t *got, float gz, const uint8_t *want, float wz,
       unsigned bad)
{
   if (bad < 5)
      fprintf(stderr,
              "  %s: pixel (%d, %d) = %u %u %u %u depth %.7g, want %u %u %u %u depth %.7g\n", name,
              x, y, got[0], got[1], got[2], got[3], gz, want[0], want[1], want[2], want[3], wz);
   return bad + 1;
}

static unsigned
check_scene(struct gpu *g, const struct scene *s)
{
   static uint8_t got[W * H * 4], want[W * H * 4];
   static float gz[W * H], wz[W * H];
   render(g, s, got, gz);
   reference(s, want, wz);
   unsigned bad = 0, covered = 0;
   for (int i = 0; i < W * H; i++) {
      covered += memcmp(&want[4 * i], clear8, 4) != 0;
      if (pixel_differs(&got[4 * i], &want[4 * i], gz[i], wz[i]))
         bad = report(s->name, i % W, i / W, &got[4 * i], gz[i], &want[4 * i], wz[i], bad);
   }
   printf("%s %s: %u pixels differ (%u covered)\n", bad ? "FAIL" : "ok", s->name, bad, covered);
   return bad ? 1 : 0;
}

/* Polygon mode LINE on the triangle (8.5, 8.5), (40.5, 8.5), (8.5, 40.5)
 * (vertices at pixel centres): row 8 and column 8 are covered away from
 * their ends, pixels two or more pixels from every edge are not. */
static unsigned
check_polygon_line(struct gpu *g)
{
   static struct scene s;
   memset(&s, 0, sizeof(s));
   s.name = "polygon_mode_line";
   struct pipe_cfg line = base;
   line.mode = VK_POLYGON_MODE_LINE;
   const float v[3][2] = {{8.5f, 8.5f}, {40.5f, 8.5f}, {8.5f, 40.5f}};
   for (int i = 0; i < 3; i++)
      vertex(&s, ndc(v[i][0], W), ndc(v[i][1], H), 0.5f, cyan, keep, keep, 0);
   add_draw(&s, line, 0);
   static uint8_t got[W * H * 4];
   static float gz[W * H];
   render(g, &s, got, gz);
   unsigned bad = 0, covered = 0;
   uint8_t c8[4] = {0, 255, 255, 255};
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         const uint8_t *px = &got[4 * (y * W + x)];
         float z = gz[y * W + x];
         bool on_edge = (y == 8 && x >= 10 && x <= 38) || (x == 8 && y >= 10 && y <= 38);
         /* distance of the pixel centre from the diagonal x + y = 48 */
         float diag = fabsf((x + 0.5f) + (y + 0.5f) - 49.0f) / sqrtf(2.0f);
         bool empty = x < 6 || y < 6 ||
                      (x >= 11 && y >= 11 && (x + 0.5f) + (y + 0.5f) < 49.0f && diag >= 2.0f) ||
                      ((x + 0.5f) + (y + 0.5f) > 49.0f && diag >= 2.0f);
         covered += on_edge;
         if (on_edge && pixel_differs(px, c8, z, 0.5f))
            bad = report(s.name, x, y, px, z, c8, 0.5f, bad);
         if (empty && pixel_differs(px, clear8, z, 1.0f))
            bad = report(s.name, x, y, px, z, clear8, 1.0f, bad);
      }
   }
   printf("%s %s: %u pixels differ (%u checked on edges)\n", bad ? "FAIL" : "ok", s.name, bad,
          covered);
   return bad ? 1 : 0;
}

static bool
has_features(struct agx_vk_ctx *c)
{
   VkPhysicalDeviceDepthClipEnableFeaturesEXT dce = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &dce};
   VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                  .pNext = &f12};
   vkGetPhysicalDeviceFeatures2(c->pdev, &f);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c->pdev, &props);
   bool ok =
      f.features.depthClamp && f.features.depthBiasClamp && f.features.fillModeNonSolid &&
      f.features.multiViewport && f.features.shaderClipDistance && f12.shaderOutputViewportIndex &&
      dce.depthClipEnable && agx_vk_ctx_has_extension(c, VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME) &&
      (c->reference || agx_vk_ctx_has_extension(c, VK_EXT_LOAD_STORE_OP_NONE_EXTENSION_NAME)) &&
      props.limits.maxViewports >= 16 && props.limits.maxClipDistances >= 2;
   if (!ok)
      fprintf(stderr, "rasterisation features or limits not advertised\n");
   return ok;
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(
         stderr,
         "usage: %s RASTER_VERT_SPV DRAW_FRAG_SPV DUAL_FRAG_SPV [--validation] [--reference]\n",
         argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   if (!has_features(&c))
      return 1;
   VkPhysicalDeviceDepthClipEnableFeaturesEXT dce = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT,
      .depthClipEnable = VK_TRUE};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &dce,
                                           .shaderOutputViewportIndex = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.depthClamp = VK_TRUE,
                                   .depthBiasClamp = VK_TRUE,
                                   .fillModeNonSolid = VK_TRUE,
                                   .multiViewport = VK_TRUE,
                                   .shaderClipDistance = VK_TRUE,
                                   .dualSrcBlend = VK_TRUE};
   const char *exts[] = {VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME,
                         VK_EXT_LOAD_STORE_OP_NONE_EXTENSION_NAME};
   /* lavapipe (Mesa 22.3) has no VK_EXT_load_store_op_none */
   bool none = agx_vk_ctx_has_extension(&c, VK_EXT_LOAD_STORE_OP_NONE_EXTENSION_NAME);
   agx_vk_ctx_device_features(&c, &f13, &f10, none ? 2 : 1, exts);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static struct scene s;
   unsigned bad = 0;
   void (*scenes[])(struct scene *) = {scene_depth_clamp,   scene_depth_bias,
                                       scene_polygon_point, scene_multi_viewport,
                                       scene_clip_distance, scene_dual_source};
   for (unsigned i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
      scenes[i](&s);
      bad += check_scene(&g, &s);
   }
   if (none) {
      scene_depth_clamp(&s);
      s.name = "load_store_op_none";
      s.none_pass = true;
      s.none_pass_draw = 0;
      bad += check_scene(&g, &s);
   } else {
      printf("skipped load_store_op_none: VK_EXT_load_store_op_none not offered\n");
   }
   bad += check_polygon_line(&g);
   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
