/*
 * gl_ViewportIndex read by a fragment shader (SPIR-V BuiltIn ViewportIndex
 * as a Fragment input; issue 18) through the loader, with the vertex
 * shader, a geometry shader or a tessellation evaluation shader as the
 * last pre-rasterisation stage, under multiview, and with a last stage
 * that has no ViewportIndex output (Vulkan, "ViewportIndex": the first
 * viewport is then used, and the fragment shader's ViewportIndex is "the
 * viewport index of the primitive that the fragment invocation belongs
 * to", 0).
 *
 * Every scene draws four quads (quad q: vertices 6q .. 6q + 5, two
 * triangles covering NDC [-1, 1]^2, so the whole of its viewport) into a
 * 32 x 32 R32G32B32A32_UINT attachment with four static viewports, each a
 * 16 x 16 quadrant: viewport i covers quadrant PERM[i] (not the identity,
 * so a wrong index lands elsewhere). fsvp.frag writes (ViewportIndex, the
 * flat tag 100 + q, the smooth colour's green 20 + 50 q, 1000 + ViewIndex).
 * The last stage sends quad q to viewport (q + 1) % 4 (fsvp_vp.vert),
 * (q + 2) % 4 (fsvp.geom), (q + 3) % 4 (fsvp.tese), or writes no index
 * (fsvp.vert alone: every quad to viewport 0, the last one drawn wins).
 * The CPU model paints the quadrants in draw order; every pixel of every
 * layer is compared exactly (quadrant edges are on pixel boundaries).
 * Multiview: view mask 0b11 into a 2-layer image, each layer the same
 * quadrants with its view index.
 *
 * test_fs_viewport VP_VERT NOVP_VERT FRAG GEOM TESC TESE [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 32
#define H 32
#define QUADS 4
#define MAX_LAYERS 2

static const unsigned PERM[4] = {3, 0, 2, 1};
static const uint32_t CLEAR = 7;

enum path {
   PATH_VS,
   PATH_VS_NO_VP,
   PATH_GS,
   PATH_TESS,
   PATH_MULTIVIEW,
   PATH_GPL_VS, /* libraries, fast link */
   PATH_GPL_VS_NO_VP,
   PATH_GPL_LTO_VS, /* libraries, link-time optimisation */
   PATH_GPL_LTO_VS_NO_VP,
   PATH_COUNT
};
static const char *const path_name[PATH_COUNT] = {"vs",
                                                  "vs_without_index",
                                                  "gs",
                                                  "tess",
                                                  "multiview",
                                                  "gpl_vs",
                                                  "gpl_vs_without_index",
                                                  "gpl_lto_vs",
                                                  "gpl_lto_vs_without_index"};

static bool
is_gpl(enum path p)
{
   return p >= PATH_GPL_VS;
}

/* The parts of a pipeline as libraries: vertex input, pre-rasterization
 * with fsvp_vp.vert / fsvp.vert, fragment shader, output interface. */
enum lib { LIB_VI, LIB_PRE_VP, LIB_PRE_NO_VP, LIB_FS, LIB_OUT, LIB_COUNT };

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vp_vert, novp_vert, frag, geom, tesc, tese;
   VkPipelineLayout layout;
   struct agx_vk_buffer out;
   struct agx_vk_image image;
   VkPipeline libs[LIB_COUNT]; /* VK_NULL_HANDLE without graphics pipeline libraries */
};

/* The viewport quad q is sent to on `path` (CPU side of the shaders). */
static unsigned
viewport_of(enum path p, unsigned q)
{
   switch (p) {
   case PATH_VS:
   case PATH_MULTIVIEW:
   case PATH_GPL_VS:
   case PATH_GPL_LTO_VS:
      return (q + 1) % 4;
   case PATH_GS:
      return (q + 2) % 4;
   case PATH_TESS:
      return (q + 3) % 4;
   default:
      return 0;
   }
}

/* The states of every scene: vertex shader vs, fsvp.frag, the four viewports. */
static void
fill(struct gpu *g, struct agx_vk_gfx *b, VkShaderModule vs)
{
   agx_vk_gfx_defaults(b, g->layout, vs, g->frag, VK_FORMAT_R32G32B32A32_UINT);
   agx_vk_gfx_fixed_viewport(b, W, H);
   for (unsigned i = 0; i < 4; i++) {
      int x = 16 * (int)(PERM[i] % 2), y = 16 * (int)(PERM[i] / 2);
      b->viewports[i] = (VkViewport){(float)x, (float)y, 16, 16, 0, 1};
      b->scissors[i] = (VkRect2D){{x, y}, {16, 16}};
   }
   b->vp.viewportCount = b->vp.scissorCount = 4;
}

/* Library `l` (the states of the other parts are ignored, VkGraphicsPipelineCreateInfo). */
static VkPipeline
make_library(struct gpu *g, enum lib l)
{
   static const VkGraphicsPipelineLibraryFlagsEXT part[LIB_COUNT] = {
      VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT};
   struct agx_vk_gfx b;
   fill(g, &b, l == LIB_PRE_VP ? g->vp_vert : g->novp_vert);
   if (l != LIB_PRE_VP && l != LIB_PRE_NO_VP)
      agx_vk_gfx_stage(&b, AGX_VK_VS, VK_NULL_HANDLE);
   if (l != LIB_FS)
      agx_vk_gfx_stage(&b, AGX_VK_FS, VK_NULL_HANDLE);
   VkGraphicsPipelineLibraryCreateInfoEXT gpl = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT,
      .flags = part[l]};
   b.ri.pNext = &gpl;
   /* the attachment formats belong to the output interface (the validation
    * layers take a pre-rasterization library with colour formats for one
    * that needs a colour blend state) */
   if (l == LIB_PRE_VP || l == LIB_PRE_NO_VP)
      b.ri.colorAttachmentCount = 0;
   b.ci.flags = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR |
                VK_PIPELINE_CREATE_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT;
   return agx_vk_gfx_create(g->c, &b);
}

/* The four libraries of path p linked, fast or optimised. */
static VkPipeline
link_libraries(struct gpu *g, enum path p)
{
   bool vp = p == PATH_GPL_VS || p == PATH_GPL_LTO_VS;
   bool lto = p == PATH_GPL_LTO_VS || p == PATH_GPL_LTO_VS_NO_VP;
   VkPipeline libs[4] = {g->libs[LIB_VI], g->libs[vp ? LIB_PRE_VP : LIB_PRE_NO_VP], g->libs[LIB_FS],
                         g->libs[LIB_OUT]};
   VkPipelineLibraryCreateInfoKHR li = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR,
                                        .libraryCount = 4,
                                        .pLibraries = libs};
   VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &li,
      .flags = lto ? VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT : 0,
      .layout = g->layout};
   VkPipeline pipe;
   VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &pipe));
   return pipe;
}

static VkPipeline
make_pipeline(struct gpu *g, enum path p)
{
   if (is_gpl(p))
      return link_libraries(g, p);
   struct agx_vk_gfx b;
   fill(g, &b, p == PATH_VS || p == PATH_MULTIVIEW ? g->vp_vert : g->novp_vert);
   if (p == PATH_GS)
      agx_vk_gfx_stage(&b, AGX_VK_GS, g->geom);
   if (p == PATH_TESS) {
      agx_vk_gfx_stage(&b, AGX_VK_TCS, g->tesc);
      agx_vk_gfx_stage(&b, AGX_VK_TES, g->tese);
      b.ia.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
      b.ts.patchControlPoints = 3;
   }
   if (p == PATH_MULTIVIEW)
      b.ri.viewMask = 0x3;
   return agx_vk_gfx_create(g->c, &b);
}

static unsigned
check(struct gpu *g, enum path p)
{
   unsigned layers = p == PATH_MULTIVIEW ? 2 : 1;
   struct agx_vk_ctx *c = g->c;
   VkPipeline pipe = make_pipeline(g, p);
   memset(g->out.ptr, 0xCD, W * H * 16 * MAX_LAYERS);
   VkCommandBuffer cmd = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cmd, g->image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo a = agx_vk_color_attachment(
      g->image.view, &(VkClearColorValue){.uint32 = {CLEAR, CLEAR, CLEAR, CLEAR}});
   agx_vk_begin_rendering(cmd,
                          &(struct agx_vk_rendering){.width = W,
                                                     .height = H,
                                                     .layers = 1,
                                                     .color_count = 1,
                                                     .colors = &a,
                                                     .view_mask = p == PATH_MULTIVIEW ? 3 : 0});
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdDraw(cmd, 6 * QUADS, 1, 0, 0);
   vkCmdEndRendering(cmd);
   agx_vk_readback(cmd, &g->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                   &g->out);
   VK_OK(agx_vk_submit_wait(c, cmd));

   /* CPU model: the quadrants in draw order */
   static uint32_t want[MAX_LAYERS][H][W][4];
   for (unsigned l = 0; l < layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            for (int k = 0; k < 4; k++)
               want[l][y][x][k] = CLEAR;
   for (unsigned l = 0; l < layers; l++)
      for (unsigned q = 0; q < QUADS; q++) {
         unsigned vp = viewport_of(p, q), quad = PERM[vp];
         for (int y = 16 * (int)(quad / 2); y < 16 * (int)(quad / 2) + 16; y++)
            for (int x = 16 * (int)(quad % 2); x < 16 * (int)(quad % 2) + 16; x++) {
               uint32_t *v = want[l][y][x];
               v[0] = vp;
               v[1] = 100 + q;
               v[2] = 20 + 50 * q;
               v[3] = 1000 + l;
            }
      }
   unsigned bad = 0, shown = 0;
   const uint32_t *px = g->out.ptr;
   for (unsigned l = 0; l < layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint32_t *got = px + 4 * ((l * H + y) * W + x);
            if (!memcmp(got, want[l][y][x], 16))
               continue;
            bad++;
            if (shown++ < 6)
               printf("%s: layer %u pixel (%d, %d): %u %u %u %u, expected %u %u %u %u\n",
                      path_name[p], l, x, y, got[0], got[1], got[2], got[3], want[l][y][x][0],
                      want[l][y][x][1], want[l][y][x][2], want[l][y][x][3]);
         }
   printf("%s: %u pixels, %u mismatches\n", path_name[p], W * H * layers, bad);
   vkDestroyPipeline(c->dev, pipe, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 7) {
      fprintf(stderr,
              "usage: %s VP_VERT NOVP_VERT FRAG GEOM TESC TESE [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features s11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceVulkan12Features s12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &s11};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &s12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!f2.features.multiViewport || !s12.shaderOutputViewportIndex ||
       !f2.features.geometryShader || !s11.multiview) {
      fprintf(stderr,
              "multiViewport, shaderOutputViewportIndex, geometryShader or multiview missing\n");
      return 1;
   }
   bool tess = f2.features.tessellationShader;
   if (!tess)
      printf("skip: tessellationShader not advertised\n");
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .multiview = VK_TRUE};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &f11,
                                           .shaderOutputViewportIndex = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.multiViewport = VK_TRUE,
                                   .geometryShader = VK_TRUE,
                                   .tessellationShader = tess};
   const char *exts[2] = {"VK_KHR_pipeline_library", "VK_EXT_graphics_pipeline_library"};
   VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT gplf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT};
   if (agx_vk_ctx_has_extension(&c, exts[0]) && agx_vk_ctx_has_extension(&c, exts[1])) {
      f2.pNext = &gplf;
      vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   }
   bool gpl = gplf.graphicsPipelineLibrary;
   if (!gpl)
      printf("skip: graphics pipeline libraries not offered\n");
   /* agx-vk offers them (the library scenes are what this test is for there) */
   if (!c.reference)
      CHECK(gpl);
   gplf = (VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT,
      .graphicsPipelineLibrary = VK_TRUE};
   f11.pNext = gpl ? &gplf : NULL;
   agx_vk_ctx_device_features(&c, &f13, &f10, gpl ? 2 : 0, exts);

   struct gpu g = {.c = &c};
   g.vp_vert = agx_vk_shader(&c, argv[1]);
   g.novp_vert = agx_vk_shader(&c, argv[2]);
   g.frag = agx_vk_shader(&c, argv[3]);
   g.geom = agx_vk_shader(&c, argv[4]);
   g.tesc = agx_vk_shader(&c, argv[5]);
   g.tese = agx_vk_shader(&c, argv[6]);
   g.layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   g.out = agx_vk_buffer_usage(&c, W * H * 16 * MAX_LAYERS, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R32G32B32A32_UINT,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = MAX_LAYERS,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &g.image);
   for (int l = 0; gpl && l < LIB_COUNT; l++)
      g.libs[l] = make_library(&g, (enum lib)l);
   unsigned bad = 0;
   for (int p = 0; p < PATH_COUNT; p++) {
      if ((p == PATH_TESS && !tess) || (is_gpl((enum path)p) && !gpl))
         continue;
      bad += check(&g, (enum path)p);
   }
   for (int l = 0; l < LIB_COUNT; l++)
      vkDestroyPipeline(c.dev, g.libs[l], NULL);
   agx_vk_image_free(&c, &g.image);
   agx_vk_buffer_free(&c, &g.out);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   VkShaderModule mods[] = {g.vp_vert, g.novp_vert, g.frag, g.geom, g.tesc, g.tese};
   for (unsigned i = 0; i < sizeof(mods) / sizeof(mods[0]); i++)
      vkDestroyShaderModule(c.dev, mods[i], NULL);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
