/*
 * Clip and cull distances through the loader (issues 17 item 4, 18 item 1,
 * 19 item 5): fragment shaders reading gl_ClipDistance / gl_CullDistance
 * and primitives culled by gl_CullDistance (shaderCullDistance), with the
 * vertex shader, a geometry shader or a tessellation evaluation shader
 * (when tessellationShader is advertised)
 * as the last pre-rasterisation stage.
 *
 * Every draw is a triangle list into a 32 x 32 R16G16B16A16_SFLOAT
 * attachment (half floats suffice for the values compared here)
 * and a D32_SFLOAT one (depth test ALWAYS, writes on, z = 0.5, cleared to 1); clip_cull.frag writes (ClipDistance[0], ClipDistance[1],
 * CullDistance[0], CullDistance[1]) as its colour, clip_cull_const.frag a
 * constant (it reads none of them). The CPU reference is written here from
 * the Vulkan specification ("Primitive Clipping": a primitive is discarded
 * when, for some cull distance, all its vertices' values are negative; the
 * half-space where a clip distance is negative is clipped away; built-in
 * inputs are interpolated like other perspective varyings): with w = 1
 * the values at a pixel centre are the barycentric combination of the
 * vertices'. Pixels whose centre lies within 0.05 pixel of a triangle edge
 * or where an interpolated clip distance is within 0.01 of zero are not
 * compared (edge rules); every other pixel is, against the clear colour or
 * the expected values (within 4e-3: half floats up to 4).
 *
 * A pipeline without a fragment shader (colour write mask 0) must still
 * cull: its depths show it.
 * Scenes: "clip_read": two triangles covering the frame whose distances are
 * affine in the position, ClipDistance[0] negative right of x = 20.3;
 * "cull": sixteen triangles in 8 x 8 cells, each with its own cull pattern
 * (one index all negative, the other or both, zero values (not negative),
 * mixed signs on both indices, tiny negative and positive values, partly
 * and wholly clipped ones). Each scene is drawn with VS + clip_cull.frag,
 * VS + clip_cull_const.frag, the VS alone, VS + GS (clip_cull.geom, a pass-through) and
 * VS + tessellation (clip_cull.tesc passes the clip distances through
 * gl_out[] and the cull distances as a user output, clip_cull.tese writes
 * both; levels 1, one triangle per patch).
 *
 * Transform feedback (when VK_EXT_transform_feedback is offered): all eight
 * clip distances of clip_cull_xfb.vert captured (the software vertex
 * shader's records of words 4-7), compared with the shader's formula.
 *
 * test_clip_cull VERT FRAG CONST_FRAG GEOM TESC TESE XFB_VERT [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 32
#define H 32
#define MAX_TRIS 32
#define EDGE_EPS 0.05
#define CLIP_EPS 0.01
#define TOLERANCE 4e-3

/* A vertex: clip position (pixel coordinates here, converted when uploaded)
 * and (ClipDistance[0..1], CullDistance[0..1]). */
struct vtx {
   float x, y;
   float d[4];
};

struct scene {
   const char *name;
   struct vtx v[3 * MAX_TRIS];
   unsigned ntris;
};

enum path {
   PATH_VS,
   PATH_VS_CONST,
   PATH_NO_FS,
   PATH_GS,
   PATH_TESS,
   PATH_COUNT,
   PATH_XFB = PATH_COUNT
};
static const char *const path_name[PATH_COUNT] = {"vs", "vs_const_fs", "vs_no_fs", "gs", "tess"};

static const float clear[4] = {-9.0f, -9.0f, -9.0f, -9.0f};
static const float const_colour[4] = {0.25f, 0.5f, 0.75f, 1.0f};

/* Signed distance (pixels) of p from the edge a -> b, positive inside a
 * triangle of orientation `sign`. */
static double
edge(const struct vtx *a, const struct vtx *b, double px, double py, double sign)
{
   double ex = b->x - a->x, ey = b->y - a->y;
   return sign * ((px - a->x) * ey - (py - a->y) * ex) / sqrt(ex * ex + ey * ey);
}

static bool
culled(const struct vtx *t)
{
   for (int k = 2; k < 4; k++)
      if (t[0].d[k] < 0 && t[1].d[k] < 0 && t[2].d[k] < 0)
         return true;
   return false;
}

/* Expected values of pixel (x, y) (out: the interpolated distances):
 * -1 when it is not compared, 0 when nothing covers it, 1 when drawn. */
static int
expected(const struct scene *s, int x, int y, float out[4])
{
   double px = x + 0.5, py = y + 0.5;
   for (unsigned i = 0; i < s->ntris; i++) {
      const struct vtx *t = &s->v[3 * i];
      double area = (t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[2].x - t[0].x) * (t[1].y - t[0].y);
      double sign = area > 0 ? -1.0 : 1.0;
      double e[3] = {edge(&t[1], &t[2], px, py, sign), edge(&t[2], &t[0], px, py, sign),
                     edge(&t[0], &t[1], px, py, sign)};
      double m = fmin(e[0], fmin(e[1], e[2]));
      if (m < -EDGE_EPS)
         continue;
      if (m < EDGE_EPS)
         return -1;
      /* barycentrics of the pixel centre */
      double l1 = ((px - t[0].x) * (t[2].y - t[0].y) - (t[2].x - t[0].x) * (py - t[0].y)) / area;
      double l2 = ((t[1].x - t[0].x) * (py - t[0].y) - (px - t[0].x) * (t[1].y - t[0].y)) / area;
      double l0 = 1.0 - l1 - l2;
      double v[4];
      for (int k = 0; k < 4; k++)
         v[k] = l0 * t[0].d[k] + l1 * t[1].d[k] + l2 * t[2].d[k];
      if (culled(t))
         return 0;
      for (int k = 0; k < 2; k++) {
         if (fabs(v[k]) < CLIP_EPS)
            return -1;
         if (v[k] < 0)
            return 0; /* clipped away */
      }
      for (int k = 0; k < 4; k++)
         out[k] = (float)v[k];
      return 1;
   }
   return 0;
}

static float
half_to_float(uint16_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   float v = e == 0    ? ldexpf((float)m, -24)
             : e == 31 ? INFINITY
                       : ldexpf((float)(m | 1024), e - 25);
   return (h & 0x8000) ? -v : v;
}

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs, fs_const, gs, tesc, tese, vs_xfb;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct agx_vk_buffer vb, out;
   struct agx_vk_image image, depth;
};

static void
make_image(struct agx_vk_ctx *c, VkFormat format, VkImageUsageFlags usage,
           VkImageAspectFlags aspect, struct agx_vk_image *img)
{
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = format,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                                   .aspect = aspect},
                       img);
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   g->fs_const = agx_vk_shader(c, spv[2]);
   g->gs = agx_vk_shader(c, spv[3]);
   g->tesc = agx_vk_shader(c, spv[4]);
   g->tese = agx_vk_shader(c, spv[5]);
   g->vs_xfb = agx_vk_shader(c, spv[6]);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   g->layout = agx_vk_pipeline_layout(c, 1, &g->dsl, 0, 0);
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
   g->vb = agx_vk_buffer(c, 3 * MAX_TRIS * 32);
   g->out = agx_vk_buffer_usage(c, W * H * 12, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkDescriptorBufferInfo bi = {g->vb.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = g->set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c->dev, 1, &wr, 0, NULL);
   make_image(c, VK_FORMAT_R16G16B16A16_SFLOAT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
              VK_IMAGE_ASPECT_COLOR_BIT, &g->image);
   make_image(c, VK_FORMAT_D32_SFLOAT, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
              VK_IMAGE_ASPECT_DEPTH_BIT, &g->depth);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_image_free(g->c, &g->image);
   agx_vk_image_free(g->c, &g->depth);
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   VkShaderModule m[7] = {g->vs, g->fs, g->fs_const, g->gs, g->tesc, g->tese, g->vs_xfb};
   for (int i = 0; i < 7; i++)
      vkDestroyShaderModule(d, m[i], NULL);
}

static VkPipeline
pipeline(struct gpu *g, enum path p)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, p == PATH_XFB ? g->vs_xfb : g->vs,
                       p == PATH_NO_FS || p == PATH_XFB ? VK_NULL_HANDLE
                       : p == PATH_VS_CONST             ? g->fs_const
                                                        : g->fs,
                       VK_FORMAT_R16G16B16A16_SFLOAT);
   if (p == PATH_GS)
      agx_vk_gfx_stage(&b, AGX_VK_GS, g->gs);
   if (p == PATH_TESS) {
      agx_vk_gfx_stage(&b, AGX_VK_TCS, g->tesc);
      agx_vk_gfx_stage(&b, AGX_VK_TES, g->tese);
      b.ia.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
      b.ts.patchControlPoints = 3;
   }
   b.rs.rasterizerDiscardEnable = p == PATH_XFB;
   /* without a fragment shader the colours are undefined: not written */
   b.att[0].colorWriteMask = p == PATH_NO_FS || p == PATH_XFB ? 0 : 0xF;
   b.ds.depthTestEnable = VK_TRUE;
   b.ds.depthWriteEnable = VK_TRUE;
   b.ds.depthCompareOp = VK_COMPARE_OP_ALWAYS;
   b.ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
   return agx_vk_gfx_create(g->c, &b);
}

/* Draws the scene on path p; img receives W x H RGBA pixels (as floats),
 * depth their depths. */
static void
render(struct gpu *g, const struct scene *s, enum path p, float *img, float *depth)
{
   struct agx_vk_ctx *c = g->c;
   float *v = g->vb.ptr;
   for (unsigned i = 0; i < 3 * s->ntris; i++) {
      const float pos[4] = {s->v[i].x / (W / 2) - 1.0f, s->v[i].y / (H / 2) - 1.0f, 0.5f, 1.0f};
      memcpy(v + 8 * i, pos, 16);
      memcpy(v + 8 * i + 4, s->v[i].d, 16);
   }
   memset(g->out.ptr, 0xAB, W * H * 12);
   VkPipeline pipe = pipeline(g, p);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   const struct agx_vk_access copy_stage = {VK_PIPELINE_STAGE_2_COPY_BIT, 0};
   agx_vk_barrier(cb, g->image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, copy_stage, AGX_VK_COLOR_WRITE);
   agx_vk_barrier(cb, g->depth.image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, copy_stage, AGX_VK_DEPTH_RW);
   VkRenderingAttachmentInfo datt =
      agx_vk_depth_attachment(g->depth.view, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                              &(VkClearDepthStencilValue){1.0f, 0});
   VkClearColorValue cv;
   memcpy(cv.float32, clear, 16);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(g->image.view, &cv);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 1,
                                                         .colors = &att,
                                                         .depth = &datt});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdDraw(cb, 3 * s->ntris, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, g->image.image, VK_IMAGE_ASPECT_COLOR_BIT,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
   agx_vk_barrier(cb, g->depth.image, VK_IMAGE_ASPECT_DEPTH_BIT,
                  VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  AGX_VK_DEPTH_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &g->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, g->out.buf, 0);
   agx_vk_copy_to_buffer(cb, &g->depth, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, g->out.buf,
                         W * H * 8);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   vkDestroyPipeline(c->dev, pipe, NULL);
   const uint16_t *h = g->out.ptr;
   for (int i = 0; i < W * H * 4; i++)
      img[i] = half_to_float(h[i]);
   memcpy(depth, g->out.map + W * H * 8, W * H * 4);
}

static unsigned
check(struct gpu *g, const struct scene *s, enum path p)
{
   static float got[W * H * 4], got_depth[W * H];
   render(g, s, p, got, got_depth);
   unsigned bad = 0, compared = 0, drawn = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         float v[4], want[4];
         int e = expected(s, x, y, v);
         if (e < 0)
            continue;
         /* colours: the distances, the constant, or the clear colour (no FS
          * writes none); depths 0.5 where drawn */
         for (int k = 0; k < 4; k++)
            want[k] = e == 0 || p == PATH_NO_FS ? clear[k]
                      : p == PATH_VS_CONST      ? const_colour[k]
                                                : v[k];
         float want_depth = e ? 0.5f : 1.0f;
         const float *px = &got[4 * (y * W + x)];
         bool diff = !(fabsf(got_depth[y * W + x] - want_depth) <= 1e-6f);
         for (int k = 0; k < 4; k++)
            diff |= !(fabsf(px[k] - want[k]) <= TOLERANCE);
         compared++;
         drawn += e;
         if (diff && bad++ < 5)
            fprintf(stderr,
                    "  %s/%s: pixel (%d, %d) = %g %g %g %g depth %g, want %g %g %g %g depth %g\n",
                    s->name, path_name[p], x, y, px[0], px[1], px[2], px[3], got_depth[y * W + x],
                    want[0], want[1], want[2], want[3], want_depth);
      }
   printf("%s %s/%s: %u of %u compared pixels differ (%u drawn)\n", bad ? "FAIL" : "ok", s->name,
          path_name[p], bad, compared, drawn);
   return bad ? 1 : 0;
}

/* Transform feedback of the eight clip distances of three vertices. */
static unsigned
check_xfb(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb =
      (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(
         c->dev, "vkCmdBindTransformFeedbackBuffersEXT");
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb =
      (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(c->dev,
                                                              "vkCmdBeginTransformFeedbackEXT");
   PFN_vkCmdEndTransformFeedbackEXT end_xfb =
      (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(c->dev, "vkCmdEndTransformFeedbackEXT");
   struct agx_vk_buffer x =
      agx_vk_buffer_usage(c, 256, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT);
   memset(x.ptr, 0, 256);
   VkPipeline pipe = pipeline(g, PATH_XFB);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, g->image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, 0}, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(g->image.view, NULL);
   att.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
   att.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &att});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   VkDeviceSize zero = 0, size = 256;
   bind_xfb(cb, 0, 1, &x.buf, &zero, &size);
   begin_xfb(cb, 0, 0, NULL, NULL);
   vkCmdDraw(cb, 3, 1, 0, 0);
   end_xfb(cb, 0, 0, NULL, NULL);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb,
                         (struct agx_vk_access){VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT,
                                                VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT},
                         AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));
   vkDestroyPipeline(c->dev, pipe, NULL);
   unsigned bad = 0;
   const float *f = x.ptr;
   for (int v = 0; v < 3; v++)
      for (int k = 0; k < 8; k++) {
         float want = 10.0f * (float)v + (float)k + 1.0f;
         if (f[8 * v + k] != want && bad++ < 5)
            fprintf(stderr, "  xfb: vertex %d ClipDistance[%d] = %g, want %g\n", v, k, f[8 * v + k],
                    want);
      }
   agx_vk_buffer_free(c, &x);
   printf("%s xfb_clip_distances: %u of 24 words differ\n", bad ? "FAIL" : "ok", bad);
   return bad ? 1 : 0;
}

/* Two triangles covering the frame; distances affine in the position. */
static void
scene_clip_read(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "clip_read";
   static const float corner[6][2] = {{0, 0}, {W, 0}, {0, H}, {W, 0}, {W, H}, {0, H}};
   for (int i = 0; i < 6; i++) {
      float x = corner[i][0], y = corner[i][1];
      s->v[i] = (struct vtx){x, y, {(20.3f - x) / 8, 0.5f + y / 16, 1 - x / 16, y / 8 - 1}};
   }
   s->ntris = 2;
}

/* Sixteen triangles in 8 x 8 cells with their own (clip, cull) patterns:
 * per triangle ClipDistance[0] of the three vertices, CullDistance[0],
 * CullDistance[1] (ClipDistance[1] is 2 everywhere). */
static void
scene_cull(struct scene *s)
{
   memset(s, 0, sizeof(*s));
   s->name = "cull";
   static const float pat[16][3][3] = {
      {{1, 1, 1}, {-1, -2, -0.5f}, {1, 1, 1}},          /* index 0 all negative: culled */
      {{1, 1, 1}, {1, 2, 3}, {-1, -1, -1}},             /* index 1 all negative: culled */
      {{1, 1, 1}, {-1, -1, 0}, {1, 1, 1}},              /* a zero is not negative: kept */
      {{1, 1, 1}, {-1, 1, -1}, {1, -1, -1}},            /* mixed on both: kept */
      {{1, 1, 1}, {0.5f, 1, 2}, {3, 2, 1}},             /* all positive: kept */
      {{1, 1, 1}, {-1, -1, -1}, {-2, -2, -2}},          /* both: culled */
      {{1, 1, 1}, {-0.001f, -5, -3}, {1, 1, 1}},        /* barely negative: culled */
      {{1, 1, 1}, {2, -1, -1}, {-1, -1, 3}},            /* different vertices: kept */
      {{1, 1, 1}, {1, 1, 1}, {-1e-6f, -1e-6f, -1e-6f}}, /* tiny negative: culled */
      {{1, 1, 1}, {1e-6f, -1, -1}, {1, 1, 1}},          /* tiny positive: kept */
      {{-1, 1, 1}, {1, -1, 1}, {1, 1, -1}},             /* partly clipped, kept */
      {{-1, -1, -1}, {1, 1, 1}, {1, 1, 1}},             /* wholly clipped */
      {{-1, 2, 2}, {-1, -1, -1}, {1, 1, 1}},            /* partly clipped and culled */
      {{2, 2, 2}, {-3, 4, -3}, {0.25f, 0.5f, 0.75f}},   /* kept */
      {{1, 1, 1}, {-1, -1, -1}, {-1, -1, 2}},           /* culled by index 0 only */
      {{3, -1, 1}, {-1, 2, -1}, {2, -1, 2}},            /* partly clipped, kept */
   };
   for (int i = 0; i < 16; i++) {
      float cx = (float)(8 * (i % 4)), cy = (float)(8 * (i / 4));
      /* a right triangle whose vertices lie a quarter pixel off centres */
      const float xy[3][2] = {{cx + 0.75f, cy + 0.75f},
                              {cx + 7.25f, cy + 1.25f},
                              {cx + 1.25f, cy + 7.25f}};
      for (int k = 0; k < 3; k++)
         s->v[3 * i + k] =
            (struct vtx){xy[k][0], xy[k][1], {pat[i][0][k], 2.0f, pat[i][1][k], pat[i][2][k]}};
   }
   s->ntris = 16;
}

int
main(int argc, char **argv)
{
   if (argc < 8) {
      fprintf(stderr,
              "usage: %s VERT FRAG CONST_FRAG GEOM TESC TESE XFB_VERT [--validation] "
              "[--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures supported;
   vkGetPhysicalDeviceFeatures(c.pdev, &supported);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pdev, &props);
   unsigned bad = 0;
   if (!supported.shaderClipDistance || !supported.shaderCullDistance ||
       !supported.geometryShader) {
      fprintf(stderr, "shaderClipDistance, shaderCullDistance or geometryShader not advertised\n");
      return 1;
   }
   /* Vulkan's minimums (8 each); agx-vk: 8 clip + cull in all */
   if (props.limits.maxClipDistances < 8 || props.limits.maxCullDistances < 8 ||
       props.limits.maxCombinedClipAndCullDistances < 8) {
      fprintf(stderr, "clip/cull limits %u %u %u below 8\n", props.limits.maxClipDistances,
              props.limits.maxCullDistances, props.limits.maxCombinedClipAndCullDistances);
      bad++;
   }
   bool tess = supported.tessellationShader;
   if (!tess)
      printf("skip: tessellationShader not advertised\n");
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.shaderClipDistance = VK_TRUE,
                                   .shaderCullDistance = VK_TRUE,
                                   .geometryShader = VK_TRUE,
                                   .tessellationShader = tess};
   bool xfb = agx_vk_ctx_has_extension(&c, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME);
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE};
   if (xfb)
      f13.pNext = &xf;
   else
      printf("skip: VK_EXT_transform_feedback not offered\n");
   const char *exts[] = {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME};
   agx_vk_ctx_device_features(&c, &f13, &f10, xfb ? 1 : 0, exts);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static struct scene s;
   void (*scenes[2])(struct scene *) = {scene_clip_read, scene_cull};
   for (int i = 0; i < 2; i++) {
      scenes[i](&s);
      for (int p = 0; p < PATH_COUNT; p++)
         if (p != PATH_TESS || tess)
            bad += check(&g, &s, (enum path)p);
   }
   if (xfb)
      bad += check_xfb(&g);
   gpu_finish(&g);
   return agx_vk_ctx_finish(&c) || bad ? 1 : 0;
}
