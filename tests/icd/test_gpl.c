/*
 * Graphics pipeline libraries through the loader (VK_EXT_graphics_pipeline_library,
 * VK_KHR_pipeline_library): the four parts built as separate libraries
 * (vertex input interface, pre-rasterization shaders, fragment shader,
 * fragment output interface; shader modules destroyed right after), linked
 * fast and with link-time optimisation, drawing rectangles of vertex
 * attributes into a 64x64 R8G8B8A8_UNORM attachment compared with a CPU
 * reference (one unorm step of tolerance) and with the same pipeline built
 * monolithically. The same vertex input, pre-rasterization and fragment
 * shader libraries are linked twice with two output interfaces (plain
 * writes; additive blending over the clear colour), all through a pipeline
 * cache; a library made of two libraries linked with the other two. A pre-rasterization
 * library with a geometry shader (points become 8x8 squares), and
 * libraries whose layouts have independent sets (set 0 in the vertex
 * shader's, set 1 in the fragment shader's), and one whose vertex shader
 * captures transform feedback (checked word for word). Output interfaces of
 * 4 and 1 samples with alpha to coverage, a sample mask or alpha to one,
 * fast-linked with a fragment shader library without multisample state
 * (compiling nothing: the output epilog applies that state), resolved and
 * compared with a CPU reference. Creation feedback of
 * a link must be valid.
 *
 * On agx-vk (not --reference) the test also counts the main shaders the
 * driver compiles: AGX_DEBUG=shaders makes it print `agx: shader "NAME"`
 * for each compilation, and stderr is captured around every pipeline
 * creation. A library with a shader compiles it once, a fast link compiles
 * nothing, an optimised link compiles both stages again.
 *
 * test_gpl VBO_VERT DRAW_FRAG GS_QUAD_GEOM SETS_VERT SETS_FRAG XFB_VERT [--validation]
 *          [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_debug.h"
#include "agx_vk_gfx.h"

#define W 64
#define H 64

static struct agx_vk_ctx c;
static struct agx_vk_image image;
static struct agx_vk_buffer out;
static const VkFormat colour_format = VK_FORMAT_R8G8B8A8_UNORM;
static const float clear_colour[4] = {0.0f, 0.0f, 128.0f / 255.0f, 1.0f};
static const uint8_t clear_rgba[4] = {0, 0, 128, 255};

/* --- compile counting (agx-vk only) ------------------------------------------ */

static struct agx_vk_capture capture;
/* the line the driver prints for each counted event (AGX_DEBUG=shaders) */
static const char counted_line[] = "agx: shader \"";

static unsigned bad;

static void
expect_compiles(const char *what, unsigned got, unsigned want)
{
   if (c.reference || got == want)
      return;
   printf("  %s: %u shaders compiled, want %u\n", what, got, want);
   bad++;
}

/* --- pipelines ------------------------------------------------------------- */

static VkShaderModule
module(const char *path)
{
   size_t size;
   uint32_t *words = agx_vk_read_spv(path, &size);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = words};
   VkShaderModule m;
   VK_OK(vkCreateShaderModule(c.dev, &ci, NULL, &m));
   free(words);
   return m;
}

/* Everything a test pipeline is made of. */
struct desc {
   VkPrimitiveTopology topology;
   VkShaderModule vs, gs, fs;
   bool blend;   /* additive (ONE, ONE) instead of plain writes */
   bool no_vi;   /* no vertex attributes */
   bool discard; /* rasterizer discard */
   VkPipelineLayout layout;
   /* multisample state (samples 0: 1): of the output interface, and of the
    * fragment shader part unless fs_no_ms (NULL there) */
   VkSampleCountFlagBits samples;
   bool a2c, a2o, fs_no_ms;
   VkSampleMask sample_mask; /* 0: no pSampleMask */
};

static const VkVertexInputBindingDescription vi_bind[2] = {
   {0, 8, VK_VERTEX_INPUT_RATE_VERTEX},
   {1, 4, VK_VERTEX_INPUT_RATE_VERTEX},
};
static const VkVertexInputAttributeDescription vi_attr[2] = {
   {0, 0, VK_FORMAT_R32G32_SFLOAT, 0},
   {1, 1, VK_FORMAT_R8G8B8A8_UNORM, 0},
};

/* The create info of `parts` of d (all four: a monolithic pipeline), the
 * structures it points at in *st. */
struct states {
   VkPipelineShaderStageCreateInfo stages[3];
   VkPipelineVertexInputStateCreateInfo vi;
   VkPipelineInputAssemblyStateCreateInfo ia;
   VkViewport vpv;
   VkRect2D sc;
   VkPipelineViewportStateCreateInfo vp;
   VkPipelineRasterizationStateCreateInfo rs;
   VkPipelineMultisampleStateCreateInfo ms;
   VkSampleMask mask;
   VkPipelineDepthStencilStateCreateInfo ds;
   VkPipelineColorBlendAttachmentState att;
   VkPipelineColorBlendStateCreateInfo cb;
   VkPipelineRenderingCreateInfo ri;
   VkGraphicsPipelineLibraryCreateInfoEXT gpl;
};

static VkGraphicsPipelineCreateInfo
create_info(const struct desc *d, VkGraphicsPipelineLibraryFlagsEXT parts, struct states *st)
{
   memset(st, 0, sizeof(*st));
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
   st->ri =
      (VkPipelineRenderingCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                      .colorAttachmentCount = 1,
                                      .pColorAttachmentFormats = &colour_format};
   /* the attachment formats: the output interface's (and a monolithic pipeline's) */
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT)
      ci.pNext = &st->ri;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT) {
      st->vi = (VkPipelineVertexInputStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
         .vertexBindingDescriptionCount = d->no_vi ? 0 : 2,
         .pVertexBindingDescriptions = vi_bind,
         .vertexAttributeDescriptionCount = d->no_vi ? 0 : 2,
         .pVertexAttributeDescriptions = vi_attr};
      st->ia = (VkPipelineInputAssemblyStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
         .topology = d->topology};
      ci.pVertexInputState = &st->vi;
      ci.pInputAssemblyState = &st->ia;
   }
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT) {
      st->stages[ci.stageCount++] = (VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = d->vs,
         .pName = "main"};
      if (d->gs)
         st->stages[ci.stageCount++] = (VkPipelineShaderStageCreateInfo){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_GEOMETRY_BIT,
            .module = d->gs,
            .pName = "main"};
      st->vpv = (VkViewport){0, 0, W, H, 0, 1};
      st->sc = (VkRect2D){{0, 0}, {W, H}};
      st->vp = (VkPipelineViewportStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
         .viewportCount = 1,
         .pViewports = &st->vpv,
         .scissorCount = 1,
         .pScissors = &st->sc};
      st->rs = (VkPipelineRasterizationStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
         .rasterizerDiscardEnable = d->discard,
         .polygonMode = VK_POLYGON_MODE_FILL,
         .lineWidth = 1.0f};
      ci.pViewportState = &st->vp;
      ci.pRasterizationState = &st->rs;
      ci.layout = d->layout;
   }
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT) {
      st->stages[ci.stageCount++] = (VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = d->fs,
         .pName = "main"};
      ci.layout = d->layout;
      st->ds = (VkPipelineDepthStencilStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
      ci.pDepthStencilState = &st->ds;
   }
   bool fs_ms = (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT) && !d->fs_no_ms;
   if (fs_ms || (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT)) {
      st->mask = d->sample_mask;
      st->ms = (VkPipelineMultisampleStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
         .rasterizationSamples = d->samples ? d->samples : VK_SAMPLE_COUNT_1_BIT,
         .pSampleMask = d->sample_mask ? &st->mask : NULL,
         .alphaToCoverageEnable = d->a2c,
         .alphaToOneEnable = d->a2o};
      ci.pMultisampleState = &st->ms;
   }
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT) {
      st->att = (VkPipelineColorBlendAttachmentState){.colorWriteMask = 0xF};
      if (d->blend) {
         st->att.blendEnable = VK_TRUE;
         st->att.srcColorBlendFactor = st->att.dstColorBlendFactor = VK_BLEND_FACTOR_ONE;
         st->att.srcAlphaBlendFactor = st->att.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
         st->att.colorBlendOp = st->att.alphaBlendOp = VK_BLEND_OP_ADD;
      }
      st->cb = (VkPipelineColorBlendStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
         .attachmentCount = 1,
         .pAttachments = &st->att};
      ci.pColorBlendState = &st->cb;
   }
   ci.pStages = st->stages;
   return ci;
}

/* The pipeline cache every creation passes (VK_NULL_HANDLE: none). */
static VkPipelineCache cache;

static VkPipeline
create(const VkGraphicsPipelineCreateInfo *ci, unsigned *compiles)
{
   VkPipeline p;
   agx_vk_capture_begin(&capture, c.reference);
   VkResult r = vkCreateGraphicsPipelines(c.dev, cache, 1, ci, NULL, &p);
   unsigned n = agx_vk_capture_end(&capture, counted_line);
   VK_OK(r);
   if (compiles)
      *compiles = n;
   return p;
}

/* A library of one part of d. */
static VkPipeline
library(const struct desc *d, VkGraphicsPipelineLibraryFlagsEXT part, unsigned *compiles)
{
   struct states st;
   VkGraphicsPipelineCreateInfo ci = create_info(d, part, &st);
   st.gpl = (VkGraphicsPipelineLibraryCreateInfoEXT){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT,
      .pNext = (void *)ci.pNext,
      .flags = part};
   ci.pNext = &st.gpl;
   ci.flags = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR |
              VK_PIPELINE_CREATE_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT;
   return create(&ci, compiles);
}

/* Links n libraries with flags (LINK_TIME_OPTIMIZATION or not; LIBRARY:
 * into a bigger library); checks the creation feedback. */
static VkPipeline
link_n(const VkPipeline *libs, uint32_t n, VkPipelineLayout layout, VkPipelineCreateFlags flags,
       unsigned *compiles)
{
   VkPipelineCreationFeedback fb = {0};
   VkPipelineCreationFeedbackCreateInfo fbi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO,
      .pPipelineCreationFeedback = &fb};
   VkPipelineLibraryCreateInfoKHR li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR,
                                        .pNext = &fbi,
                                        .libraryCount = n,
                                        .pLibraries = libs};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &li,
                                      .flags = flags,
                                      .layout = layout};
   VkPipeline p = create(&ci, compiles);
   if (!(fb.flags & VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT)) {
      printf("  link: creation feedback not valid (flags 0x%x)\n", fb.flags);
      bad++;
   }
   return p;
}

/* Links the four libraries into a pipeline, fast or optimised. */
static VkPipeline
link_libs(const VkPipeline libs[4], VkPipelineLayout layout, bool lto, unsigned *compiles)
{
   return link_n(libs, 4, layout, lto ? VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT : 0,
                 compiles);
}

/* --- drawing ------------------------------------------------------------------ */

struct rect {
   int x0, y0, x1, y1;
   uint8_t rgba[4];
};

static void
setup(void)
{
   agx_vk_color_target(&c, colour_format, W, H, &image);
   out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

/* A fresh target, then rendering to it cleared to `clear`. */
static void
begin_pass(VkCommandBuffer cb, const VkClearColorValue *clear)
{
   agx_vk_barrier(cb, image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, 0}, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(image.view, clear);
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &att});
}

/* The vertices of rectangles (two triangles each, pixel corners) or of
 * points (pixel centres x0, y0) in two vertex buffers. */
struct verts {
   struct agx_vk_buffer pos, col;
   uint32_t count;
};

static struct verts
make_verts(const struct rect *r, uint32_t n, bool points)
{
   struct verts v = {.count = points ? n : 6 * n};
   v.pos = agx_vk_buffer_usage(&c, 8 * v.count, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   v.col = agx_vk_buffer_usage(&c, 4 * v.count, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   float *p = v.pos.ptr;
   uint8_t *col = v.col.map;
   for (uint32_t i = 0; i < n; i++) {
      if (points) {
         p[2 * i] = (r[i].x0 + 0.5f) / (W / 2) - 1.0f;
         p[2 * i + 1] = (r[i].y0 + 0.5f) / (H / 2) - 1.0f;
         memcpy(col + 4 * i, r[i].rgba, 4);
         continue;
      }
      const int xs[6] = {r[i].x0, r[i].x1, r[i].x0, r[i].x1, r[i].x1, r[i].x0};
      const int ys[6] = {r[i].y0, r[i].y0, r[i].y1, r[i].y0, r[i].y1, r[i].y1};
      for (int k = 0; k < 6; k++) {
         p[2 * (6 * i + k)] = (float)xs[k] / (W / 2) - 1.0f;
         p[2 * (6 * i + k) + 1] = (float)ys[k] / (H / 2) - 1.0f;
         memcpy(col + 4 * (6 * i + k), r[i].rgba, 4);
      }
   }
   return v;
}

static void
free_verts(struct verts *v)
{
   agx_vk_buffer_free(&c, &v->pos);
   agx_vk_buffer_free(&c, &v->col);
}

/* Draws with p (cleared to clear_colour; sets bound when layout is given)
 * and reads the image back. */
static void
render(VkPipeline p, const struct verts *v, VkPipelineLayout layout, const VkDescriptorSet *sets,
       uint32_t nsets, uint8_t *img)
{
   memset(out.ptr, 0xAB, W * H * 4);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue cv;
   memcpy(cv.float32, clear_colour, sizeof(clear_colour));
   begin_pass(cb, &cv);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   if (nsets)
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, nsets, sets, 0, NULL);
   VkBuffer bufs[2] = {v->pos.buf, v->col.buf};
   VkDeviceSize offs[2] = {0, 0};
   vkCmdBindVertexBuffers(cb, 0, 2, bufs, offs);
   vkCmdDraw(cb, v->count, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, image.image, VK_IMAGE_ASPECT_COLOR_BIT,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, out.buf, 0);
   VK_OK(agx_vk_submit_wait(&c, cb));
   memcpy(img, out.ptr, W * H * 4);
}

/* The reference: the rectangles over the clear colour, each pixel's colour
 * added to the clear colour (saturating) when blend is set. */
static void
reference(const struct rect *r, uint32_t n, bool blend, uint8_t *img)
{
   for (int i = 0; i < W * H; i++)
      memcpy(img + 4 * i, clear_rgba, 4);
   for (uint32_t q = 0; q < n; q++)
      for (int y = r[q].y0; y < r[q].y1; y++)
         for (int x = r[q].x0; x < r[q].x1; x++)
            for (int k = 0; k < 4; k++) {
               int v = r[q].rgba[k] + (blend ? clear_rgba[k] : 0);
               img[4 * (y * W + x) + k] = (uint8_t)(v > 255 ? 255 : v);
            }
}

static void
compare(const char *name, const uint8_t *got, const uint8_t *want)
{
   unsigned wrong = 0;
   for (int i = 0; i < W * H; i++) {
      int err = 0;
      for (int k = 0; k < 4; k++) {
         int d = abs((int)got[4 * i + k] - (int)want[4 * i + k]);
         err = d > err ? d : err;
      }
      if (err > 1 && wrong++ < 4)
         printf("  %s: pixel (%d,%d) got %u %u %u %u want %u %u %u %u\n", name, i % W, i / W,
                got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], want[4 * i],
                want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
   }
   if (wrong) {
      printf("  %s: %u pixels wrong\n", name, wrong);
      bad++;
   }
}

static const struct rect rects[2] = {
   {4, 6, 28, 30, {200, 40, 60, 255}},
   {34, 20, 60, 58, {30, 180, 90, 255}},
};

/* --- the cases ----------------------------------------------------------------- */

static const VkGraphicsPipelineLibraryFlagsEXT parts[4] = {
   VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT,
   VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT,
   VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT,
   VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT,
};
static const unsigned part_compiles[4] = {0, 1, 1, 0};
static const char *const part_names[4] = {"vertex input", "pre-rasterization", "fragment shader",
                                          "fragment output"};

/* Four libraries, two output interfaces: fast links with both, an
 * optimised link, the monolithic pipeline. */
static void
test_basic(const char *vs_path, const char *fs_path)
{
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   /* every library and link of this case goes through a pipeline cache */
   VkPipelineCacheCreateInfo pcci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
   VK_OK(vkCreatePipelineCache(c.dev, &pcci, NULL, &cache));
   struct desc d = {.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
                    .vs = module(vs_path),
                    .fs = module(fs_path),
                    .layout = layout};
   VkPipeline libs[4], blend_fo;
   for (int i = 0; i < 4; i++) {
      unsigned n;
      libs[i] = library(&d, parts[i], &n);
      expect_compiles(part_names[i], n, part_compiles[i]);
   }
   struct desc db = d;
   db.blend = true;
   unsigned n;
   blend_fo = library(&db, parts[3], &n);
   expect_compiles("blending output", n, 0);
   /* the libraries keep what they need of the modules */
   vkDestroyShaderModule(c.dev, d.vs, NULL);
   vkDestroyShaderModule(c.dev, d.fs, NULL);

   static uint8_t got[W * H * 4], want[W * H * 4], mono[W * H * 4];
   struct verts v = make_verts(rects, 2, false);

   VkPipeline fast = link_libs(libs, layout, false, &n);
   expect_compiles("fast link", n, 0);
   reference(rects, 2, false, want);
   render(fast, &v, layout, NULL, 0, got);
   compare("fast link", got, want);

   VkPipeline libs_b[4] = {libs[0], libs[1], libs[2], blend_fo};
   VkPipeline fast_b = link_libs(libs_b, layout, false, &n);
   expect_compiles("fast link, blending", n, 0);
   uint8_t *want_b = malloc(W * H * 4);
   CHECK(want_b != NULL);
   reference(rects, 2, true, want_b);
   render(fast_b, &v, layout, NULL, 0, got);
   compare("fast link, blending", got, want_b);
   /* the first link again after the second (nothing shared went stale) */
   render(fast, &v, layout, NULL, 0, got);
   compare("fast link again", got, want);

   VkPipeline opt = link_libs(libs, layout, true, &n);
   expect_compiles("optimised link", n, 2);
   render(opt, &v, layout, NULL, 0, got);
   compare("optimised link", got, want);

   /* a library of libraries (vertex input + pre-rasterization), linked
    * with the other two */
   VkPipeline vi_pre = link_n(libs, 2, layout,
                              VK_PIPELINE_CREATE_LIBRARY_BIT_KHR |
                                 VK_PIPELINE_CREATE_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT,
                              &n);
   expect_compiles("library of two libraries", n, 0);
   VkPipeline three[3] = {vi_pre, libs[2], libs[3]};
   VkPipeline nested = link_n(three, 3, layout, 0, &n);
   expect_compiles("fast link of three libraries", n, 0);
   render(nested, &v, layout, NULL, 0, got);
   compare("fast link of a library of libraries", got, want);
   vkDestroyPipeline(c.dev, nested, NULL);
   vkDestroyPipeline(c.dev, vi_pre, NULL);

   /* the same pipeline built monolithically draws the same pixels */
   d.vs = module(vs_path);
   d.fs = module(fs_path);
   struct states st;
   VkGraphicsPipelineCreateInfo ci = create_info(&d, 0xF, &st);
   VkPipeline whole = create(&ci, &n);
   /* served by the pipeline cache: the optimised link compiled the same
    * main programs with the same state */
   expect_compiles("monolithic", n, 0);
   render(whole, &v, layout, NULL, 0, mono);
   compare("monolithic", mono, want);
   render(fast, &v, layout, NULL, 0, got);
   if (memcmp(got, mono, sizeof(got))) {
      printf("  fast link and monolithic pipeline draw different pixels\n");
      bad++;
   }

   vkDestroyPipeline(c.dev, whole, NULL);
   vkDestroyPipeline(c.dev, opt, NULL);
   vkDestroyPipeline(c.dev, fast_b, NULL);
   vkDestroyPipeline(c.dev, fast, NULL);
   vkDestroyPipeline(c.dev, blend_fo, NULL);
   for (int i = 0; i < 4; i++)
      vkDestroyPipeline(c.dev, libs[i], NULL);
   vkDestroyShaderModule(c.dev, d.vs, NULL);
   vkDestroyShaderModule(c.dev, d.fs, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   size_t cache_size = 0;
   VK_OK(vkGetPipelineCacheData(c.dev, cache, &cache_size, NULL));
   CHECK(cache_size >= 32); /* at least the header */
   vkDestroyPipelineCache(c.dev, cache, NULL);
   cache = VK_NULL_HANDLE;
   free(want_b);
   free_verts(&v);
}

/* The multisample state only in the output interface (the fragment shader
 * library has none: Vulkan needs it there only for sample shading), as a
 * DXVK-like client links it: output libraries of 4 samples with alpha to
 * coverage, a sample mask, alpha to one, and of 1 sample with alpha to
 * coverage, each fast-linked with the same three libraries. The output
 * epilog applies that state, so no link compiles a shader; each draw is
 * resolved and compared with a CPU reference (alpha 0 and 1 only for
 * alpha to coverage: Vulkan fixes no mapping in between), and with the
 * monolithic pipeline of the same state. */
static uint8_t ms_rgba[2][4] = {{200, 40, 60, 255}, {30, 180, 90, 0}};

/* Draws the rectangles with p into a target of `samples` samples resolved
 * into `image` (cleared to clear_colour), read back into img. */
static void
render_ms(VkPipeline p, const struct verts *v, VkSampleCountFlagBits samples, uint8_t *img)
{
   struct agx_vk_image ms = {0};
   if (samples != VK_SAMPLE_COUNT_1_BIT)
      agx_vk_image_create(&c,
                          &(struct agx_vk_image_desc){.format = colour_format,
                                                      .width = W,
                                                      .height = H,
                                                      .samples = samples,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                          &ms);
   memset(out.ptr, 0xAB, W * H * 4);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue cv;
   memcpy(cv.float32, clear_colour, sizeof(clear_colour));
   agx_vk_barrier(cb, image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, 0}, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(image.view, &cv);
   if (ms.image) {
      agx_vk_barrier(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                     (struct agx_vk_access){VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, 0},
                     AGX_VK_COLOR_WRITE);
      att = agx_vk_color_attachment(ms.view, &cv);
      att.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
      att.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
      att.resolveImageView = image.view;
      att.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   }
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &att});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   VkBuffer bufs[2] = {v->pos.buf, v->col.buf};
   VkDeviceSize offs[2] = {0, 0};
   vkCmdBindVertexBuffers(cb, 0, 2, bufs, offs);
   vkCmdDraw(cb, v->count, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, image.image, VK_IMAGE_ASPECT_COLOR_BIT,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, out.buf, 0);
   VK_OK(agx_vk_submit_wait(&c, cb));
   memcpy(img, out.ptr, W * H * 4);
   agx_vk_image_free(&c, &ms);
}

/* The reference of a case: per rectangle, the fraction of the 4 (or 1)
 * samples it covers (alpha to coverage: all or none by its alpha; the
 * sample mask: its bits) averaged with the clear colour; alpha to one
 * writes alpha 1. */
static void
ms_reference(const struct desc *d, uint8_t *img)
{
   struct rect r[2] = {{4, 6, 28, 30, {0}}, {34, 20, 60, 58, {0}}};
   unsigned n = d->samples ? (unsigned)d->samples : 1;
   for (int i = 0; i < W * H; i++)
      memcpy(img + 4 * i, clear_rgba, 4);
   for (int q = 0; q < 2; q++) {
      unsigned covered = n;
      if (d->a2c && ms_rgba[q][3] == 0)
         covered = 0;
      if (d->sample_mask && covered)
         covered = (unsigned)__builtin_popcount(d->sample_mask & ((1u << n) - 1));
      for (int y = r[q].y0; y < r[q].y1; y++)
         for (int x = r[q].x0; x < r[q].x1; x++)
            for (int k = 0; k < 4; k++) {
               int v = k == 3 && d->a2o ? 255 : ms_rgba[q][k];
               float f = ((float)v * covered + (float)clear_rgba[k] * (n - covered)) / n;
               img[4 * (y * W + x) + k] = (uint8_t)(f + 0.5f);
            }
   }
}

static void
test_coverage(const char *vs_path, const char *fs_path, bool alpha_to_one)
{
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   struct desc d = {.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
                    .vs = module(vs_path),
                    .fs = module(fs_path),
                    .layout = layout,
                    .fs_no_ms = true};
   VkPipeline libs[4];
   for (int i = 0; i < 3; i++)
      libs[i] = library(&d, parts[i], NULL);
   const struct rect rs[2] = {{4, 6, 28, 30, {0}}, {34, 20, 60, 58, {0}}};
   struct rect vr[2];
   for (int q = 0; q < 2; q++) {
      vr[q] = rs[q];
      memcpy(vr[q].rgba, ms_rgba[q], 4);
   }
   struct verts v = make_verts(vr, 2, false);
   static uint8_t got[W * H * 4], want[W * H * 4], mono[W * H * 4];
   const struct {
      const char *name;
      VkSampleCountFlagBits samples;
      bool a2c, a2o;
      VkSampleMask mask;
   } cases[] = {
      {"4 samples, alpha to coverage", VK_SAMPLE_COUNT_4_BIT, true, false, 0},
      {"4 samples, sample mask 0x9", VK_SAMPLE_COUNT_4_BIT, false, false, 0x9},
      {"4 samples, alpha to one", VK_SAMPLE_COUNT_4_BIT, false, true, 0},
      {"4 samples, alpha to coverage, sample mask 0x7", VK_SAMPLE_COUNT_4_BIT, true, false, 0x7},
      {"1 sample, alpha to coverage", VK_SAMPLE_COUNT_1_BIT, true, false, 0},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (cases[i].a2o && !alpha_to_one)
         continue;
      struct desc fo = d;
      fo.samples = cases[i].samples;
      fo.a2c = cases[i].a2c;
      fo.a2o = cases[i].a2o;
      fo.sample_mask = cases[i].mask;
      fo.fs_no_ms = false;
      unsigned n;
      libs[3] = library(&fo, parts[3], &n);
      VkPipeline fast = link_libs(libs, layout, false, &n);
      char what[128];
      snprintf(what, sizeof(what), "fast link, %s", cases[i].name);
      expect_compiles(what, n, 0);
      ms_reference(&fo, want);
      render_ms(fast, &v, cases[i].samples, got);
      compare(what, got, want);
      /* the monolithic pipeline of the same state */
      struct states st;
      VkGraphicsPipelineCreateInfo ci = create_info(&fo, 0xF, &st);
      VkPipeline whole = create(&ci, NULL);
      render_ms(whole, &v, cases[i].samples, mono);
      snprintf(what, sizeof(what), "monolithic, %s", cases[i].name);
      compare(what, mono, want);
      vkDestroyPipeline(c.dev, whole, NULL);
      vkDestroyPipeline(c.dev, fast, NULL);
      vkDestroyPipeline(c.dev, libs[3], NULL);
   }
   for (int i = 0; i < 3; i++)
      vkDestroyPipeline(c.dev, libs[i], NULL);
   vkDestroyShaderModule(c.dev, d.vs, NULL);
   vkDestroyShaderModule(c.dev, d.fs, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   free_verts(&v);
}

/* A pre-rasterization library with a geometry shader: two points become
 * 8x8 squares in the point's red and green, blue = primitive ID / 8. */
static void
test_gs(const char *vs_path, const char *gs_path, const char *fs_path)
{
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   struct desc d = {.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
                    .vs = module(vs_path),
                    .gs = module(gs_path),
                    .fs = module(fs_path),
                    .layout = layout};
   VkPipeline libs[4];
   for (int i = 0; i < 4; i++)
      libs[i] = library(&d, parts[i], NULL);
   vkDestroyShaderModule(c.dev, d.vs, NULL);
   vkDestroyShaderModule(c.dev, d.gs, NULL);
   vkDestroyShaderModule(c.dev, d.fs, NULL);
   const struct rect pts[2] = {{16, 16, 0, 0, {250, 10, 0, 255}},
                               {40, 44, 0, 0, {20, 220, 0, 255}}};
   struct rect squares[2];
   for (int i = 0; i < 2; i++) {
      squares[i] = (struct rect){pts[i].x0 - 4,
                                 pts[i].y0 - 4,
                                 pts[i].x0 + 4,
                                 pts[i].y0 + 4,
                                 {pts[i].rgba[0], pts[i].rgba[1], (uint8_t)(i * 32), 255}};
   }
   static uint8_t got[W * H * 4], want[W * H * 4];
   reference(squares, 2, false, want);
   struct verts v = make_verts(pts, 2, true);
   VkPipeline fast = link_libs(libs, layout, false, NULL);
   render(fast, &v, layout, NULL, 0, got);
   compare("geometry shader, fast link", got, want);
   VkPipeline opt = link_libs(libs, layout, true, NULL);
   render(opt, &v, layout, NULL, 0, got);
   compare("geometry shader, optimised link", got, want);
   vkDestroyPipeline(c.dev, opt, NULL);
   vkDestroyPipeline(c.dev, fast, NULL);
   for (int i = 0; i < 4; i++)
      vkDestroyPipeline(c.dev, libs[i], NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   free_verts(&v);
}

/* Independent set layouts: the vertex shader's library knows set 0 only,
 * the fragment shader's set 1 only; the link's layout has both. */
static void
test_sets(const char *vs_path, const char *fs_path)
{
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                                     NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VkDescriptorSetLayout sl[2];
   b.stageFlags = VK_SHADER_STAGE_VERTEX_BIT;
   VK_OK(vkCreateDescriptorSetLayout(c.dev, &dci, NULL, &sl[0]));
   b.stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT;
   VK_OK(vkCreateDescriptorSetLayout(c.dev, &dci, NULL, &sl[1]));
   VkDescriptorSetLayout pre_sets[1] = {sl[0]}, fs_sets[2] = {VK_NULL_HANDLE, sl[1]};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .flags = VK_PIPELINE_LAYOUT_CREATE_INDEPENDENT_SETS_BIT_EXT,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = pre_sets};
   VkPipelineLayout pre_layout, fs_layout, layout;
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &pre_layout));
   lci.setLayoutCount = 2;
   lci.pSetLayouts = fs_sets;
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &fs_layout));
   lci.pSetLayouts = sl;
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &layout));

   struct desc d = {.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
                    .vs = module(vs_path),
                    .fs = module(fs_path)};
   VkPipeline libs[4];
   unsigned n;
   for (int i = 0; i < 4; i++) {
      d.layout = i == 1 ? pre_layout : i == 2 ? fs_layout : VK_NULL_HANDLE;
      libs[i] = library(&d, parts[i], &n);
      expect_compiles(part_names[i], n, part_compiles[i]);
   }
   vkDestroyShaderModule(c.dev, d.vs, NULL);
   vkDestroyShaderModule(c.dev, d.fs, NULL);

   /* set 0: offset (0.25, 0) = 8 pixels right; set 1: tint (0.5, 1, 1, 1) */
   struct agx_vk_buffer ubo = agx_vk_buffer(&c, 512);
   const float offset[4] = {0.25f, 0.0f, 0.0f, 0.0f}, tint[4] = {0.5f, 1.0f, 1.0f, 1.0f};
   memcpy(ubo.map, offset, sizeof(offset));
   memcpy(ubo.map + 256, tint, sizeof(tint));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(c.dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 2,
                                     .pSetLayouts = sl};
   VkDescriptorSet sets[2];
   VK_OK(vkAllocateDescriptorSets(c.dev, &ai, sets));
   VkDescriptorBufferInfo bi[2] = {{ubo.buf, 0, 16}, {ubo.buf, 256, 16}};
   VkWriteDescriptorSet w[2];
   for (int i = 0; i < 2; i++)
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = sets[i],
                                    .descriptorCount = 1,
                                    .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                    .pBufferInfo = &bi[i]};
   vkUpdateDescriptorSets(c.dev, 2, w, 0, NULL);

   struct rect moved[2];
   for (int i = 0; i < 2; i++) {
      moved[i] = rects[i];
      moved[i].x0 += 8;
      moved[i].x1 = moved[i].x1 + 8 > W ? W : moved[i].x1 + 8;
      moved[i].rgba[0] = (uint8_t)((rects[i].rgba[0] + 1) / 2);
   }
   static uint8_t got[W * H * 4], want[W * H * 4];
   reference(moved, 2, false, want);
   struct verts v = make_verts(rects, 2, false);
   VkPipeline fast = link_libs(libs, layout, false, &n);
   expect_compiles("independent sets, fast link", n, 0);
   render(fast, &v, layout, sets, 2, got);
   compare("independent sets, fast link", got, want);
   VkPipeline opt = link_libs(libs, layout, true, &n);
   expect_compiles("independent sets, optimised link", n, 2);
   render(opt, &v, layout, sets, 2, got);
   compare("independent sets, optimised link", got, want);

   vkDestroyPipeline(c.dev, opt, NULL);
   vkDestroyPipeline(c.dev, fast, NULL);
   for (int i = 0; i < 4; i++)
      vkDestroyPipeline(c.dev, libs[i], NULL);
   vkDestroyDescriptorPool(c.dev, pool, NULL);
   agx_vk_buffer_free(&c, &ubo);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyPipelineLayout(c.dev, fs_layout, NULL);
   vkDestroyPipelineLayout(c.dev, pre_layout, NULL);
   vkDestroyDescriptorSetLayout(c.dev, sl[0], NULL);
   vkDestroyDescriptorSetLayout(c.dev, sl[1], NULL);
   free_verts(&v);
}

/* Draws three points with p capturing transform feedback and checks the
 * words (see test_xfb). */
static void
xfb_capture(VkPipeline p, const char *name)
{
   struct agx_vk_buffer xb =
      agx_vk_buffer_usage(&c, 256, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT);
   memset(xb.map, 0xA5, 256);
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb =
      (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(
         c.dev, "vkCmdBindTransformFeedbackBuffersEXT");
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb =
      (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(c.dev,
                                                              "vkCmdBeginTransformFeedbackEXT");
   PFN_vkCmdEndTransformFeedbackEXT end_xfb =
      (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(c.dev, "vkCmdEndTransformFeedbackEXT");
   CHECK(bind_xfb && begin_xfb && end_xfb);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   begin_pass(cb, &(VkClearColorValue){0});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   VkBuffer xbufs[2] = {xb.buf, xb.buf};
   VkDeviceSize offs[2] = {0, 128}, sizes[2] = {96, 60};
   bind_xfb(cb, 0, 2, xbufs, offs, sizes);
   begin_xfb(cb, 0, 0, NULL, NULL);
   vkCmdDraw(cb, 3, 1, 0, 0);
   end_xfb(cb, 0, 0, NULL, NULL);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_XFB_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(&c, cb));
   const float *got = xb.ptr;
   unsigned wrong = 0;
   for (int v = 0; v < 3; v++) {
      const float want[8] = {
         (v + 0.5f) / 8.0f - 1.0f, 0.5f / 8.0f - 1.0f, 0.0f, 1.0f, (float)v, 0.0f, 10.0f * v, 7.0f};
      for (int k = 0; k < 8; k++)
         if (got[8 * v + k] != want[k] && wrong++ < 4)
            printf("  %s: vertex %d word %d got %g want %g\n", name, v, k, got[8 * v + k], want[k]);
   }
   /* buffer 1 at 128, stride 20: b = (v + 100, 200, 3.5) at 4, c = 3 v at 16 */
   for (int v = 0; v < 3; v++) {
      const float want[4] = {v + 100.0f, 200.0f, 3.5f, 3.0f * v};
      for (int k = 0; k < 4; k++)
         if (got[32 + 5 * v + 1 + k] != want[k] && wrong++ < 8)
            printf("  %s: buffer 1 vertex %d word %d got %g want %g\n", name, v, k + 1,
                   got[32 + 5 * v + 1 + k], want[k]);
   }
   const uint32_t *words = xb.ptr;
   if (words[24] != 0xA5A5A5A5u || words[32] != 0xA5A5A5A5u || words[47] != 0xA5A5A5A5u) {
      printf("  %s: wrote outside the captured words\n", name);
      wrong++;
   }
   if (wrong)
      bad++;
   agx_vk_buffer_free(&c, &xb);
}

/* Transform feedback of a vertex shader from a pre-rasterization library
 * (xfb.vert: buffer 0, stride 32, holds gl_Position and `a` of vertex v of
 * instance 0: ((v + 0.5) / 8 - 1, 0.5 / 8 - 1, 0, 1) and (v, 0, 10 v, 7);
 * buffer 1, stride 20, b and c), three points through a fast link, and
 * through a link of a vertex input and a rasterizer-discard
 * pre-rasterization library only. */
static void
test_xfb(const char *vs_path, const char *fs_path)
{
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   struct desc d = {.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
                    .no_vi = true,
                    .vs = module(vs_path),
                    .fs = module(fs_path),
                    .layout = layout};
   VkPipeline libs[4];
   for (int i = 0; i < 4; i++)
      libs[i] = library(&d, parts[i], NULL);
   vkDestroyShaderModule(c.dev, d.vs, NULL);
   vkDestroyShaderModule(c.dev, d.fs, NULL);
   unsigned n;
   VkPipeline p = link_libs(libs, layout, false, &n);
   printf("transform feedback, fast link: %u shaders compiled (the software vertex shader)\n", n);
   xfb_capture(p, "transform feedback");
   /* rasterizer discard: the vertex input and pre-rasterization parts only
    * (not under --validation: the system's layer (1.3.239) crashes in
    * vkCmdDraw with such a pipeline) */
   if (c.validation) {
      vkDestroyPipeline(c.dev, p, NULL);
      for (int i = 0; i < 4; i++)
         vkDestroyPipeline(c.dev, libs[i], NULL);
      vkDestroyPipelineLayout(c.dev, layout, NULL);
      return;
   }
   d.vs = module(vs_path);
   d.discard = true;
   VkPipeline pre_discard = library(&d, parts[1], NULL);
   vkDestroyShaderModule(c.dev, d.vs, NULL);
   VkPipeline two[2] = {libs[0], pre_discard};
   VkPipeline q = link_n(two, 2, layout, 0, NULL);
   xfb_capture(q, "transform feedback, rasterizer discard");
   vkDestroyPipeline(c.dev, q, NULL);
   vkDestroyPipeline(c.dev, pre_discard, NULL);
   vkDestroyPipeline(c.dev, p, NULL);
   for (int i = 0; i < 4; i++)
      vkDestroyPipeline(c.dev, libs[i], NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
}

int
main(int argc, char **argv)
{
   const char *paths[6];
   int np = 0;
   for (int i = 1; i < argc; i++)
      if (argv[i][0] != '-' && np < 6)
         paths[np++] = argv[i];
   if (np != 6) {
      fprintf(stderr, "usage: test_gpl VBO_VERT DRAW_FRAG GS_QUAD SETS_VERT SETS_FRAG XFB_VERT "
                      "[--validation] [--reference]\n");
      return 2;
   }
   /* every compilation of a main shader prints a line (counted above) */
   agx_vk_debug_add("shaders");
   agx_vk_ctx_instance(&c, argc, argv);
   const char *exts[3] = {"VK_KHR_pipeline_library", "VK_EXT_graphics_pipeline_library",
                          "VK_EXT_transform_feedback"};
   if (!agx_vk_ctx_has_extension(&c, exts[0]) || !agx_vk_ctx_has_extension(&c, exts[1])) {
      printf("graphics pipeline libraries not offered\n");
      agx_vk_ctx_finish(&c);
      return 1;
   }
   VkPhysicalDeviceGraphicsPipelineLibraryPropertiesEXT props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &props};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   bool has_xfb = agx_vk_ctx_has_extension(&c, exts[2]);
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
   VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT gpl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT,
      .pNext = has_xfb ? &xfb : NULL};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &gpl};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   printf("graphicsPipelineLibrary %u, fast linking %u, independent interpolation %u\n",
          gpl.graphicsPipelineLibrary, props.graphicsPipelineLibraryFastLinking,
          props.graphicsPipelineLibraryIndependentInterpolationDecoration);
   CHECK(gpl.graphicsPipelineLibrary);
   /* agx-vk: fast links compile no main shader (checked below) */
   if (!c.reference)
      CHECK(props.graphicsPipelineLibraryFastLinking);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &gpl,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.geometryShader = f2.features.geometryShader,
                                   .alphaToOne = f2.features.alphaToOne};
   has_xfb = has_xfb && xfb.transformFeedback;
   xfb = (VkPhysicalDeviceTransformFeedbackFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = has_xfb};
   gpl.pNext = has_xfb ? &xfb : NULL;
   agx_vk_ctx_device_features(&c, &f13, &f10, has_xfb ? 3 : 2, exts);
   setup();
   test_basic(paths[0], paths[1]);
   test_coverage(paths[0], paths[1], f10.alphaToOne);
   if (f10.geometryShader)
      test_gs(paths[0], paths[2], paths[1]);
   else
      printf("geometryShader not offered: no geometry shader library\n");
   test_sets(paths[3], paths[4]);
   if (has_xfb)
      test_xfb(paths[5], paths[1]);
   else
      printf("transformFeedback not offered: no transform feedback library\n");
   agx_vk_image_free(&c, &image);
   agx_vk_buffer_free(&c, &out);
   int ret = agx_vk_ctx_finish(&c);
   printf("%u failures\n", bad);
   return bad || ret ? 1 : 0;
}
