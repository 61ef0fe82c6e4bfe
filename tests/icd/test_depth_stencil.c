/*
 * Depth/stencil through the loader (issue 19 item 1): D16_UNORM, S8_UINT and
 * D32_SFLOAT_S8_UINT attachments rendered with dynamic rendering, then the
 * colour attachment and each depth/stencil aspect copied to buffers
 * (vkCmdCopyImageToBuffer with the DEPTH or STENCIL aspect) and compared
 * with a CPU model written here from the Vulkan specification ("Depth
 * Test", "Stencil Test": (reference & compareMask) op (stencil &
 * compareMask), the fail / depth-fail / pass ops, write masks, front and
 * back state by facing; D16 depth converted to 16-bit unorm before the
 * test and stored so).
 *
 * Every draw is an axis-aligned rectangle of two triangles whose edges lie
 * a quarter pixel off pixel centres (coverage is exact), of one colour,
 * front- or back-facing by its winding, with z constant or linear in x.
 * Scenes:
 * - stencil truth table on D32_SFLOAT_S8_UINT: 160 cells of 4x4 pixels,
 *   each compare op x each stencil op (as fail, pass and depth-fail op) on
 *   front and back faces, compare/write masks and references varying,
 *   two draws per cell (the second changes only the reference), the other
 *   face's state set to something else; all of it dynamic state
 *   (STENCIL_OP, COMPARE_MASK, WRITE_MASK, REFERENCE, STENCIL_TEST_ENABLE
 *   off for the last 32 cells, DEPTH_* too); both aspects stored;
 * - the same on S8_UINT alone (no depth: the depth test passes);
 * - static stencil state: 16 pipelines without dynamic stencil state;
 * - a second rendering LOADing depth and stencil the first STOREd;
 * - D16: depth functions (dynamic compare op), sloped z, writes off, then
 *   a second rendering loading the stored depth;
 * - clear values stored without draws (D16, D32_S8, S8);
 * - depth and stencil uploaded with vkCmdCopyBufferToImage, then loaded by
 *   a rendering; vkCmdClearDepthStencilImage on each aspect;
 * - occlusion queries (issue 20 item 5): passing samples counted by a CPU
 *   depth model, precise ones compared exactly (see occlusion()).
 *
 * test_depth_stencil DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 40
#define CELL 4
#define CELLS_X (W / CELL)
#define MAX_DRAWS 512

struct vtx {
   float pos[4];
   float col[4];
};

/* Depth/stencil state of one draw (Vulkan's terms). */
struct zs_state {
   bool depth_test, depth_write;
   VkCompareOp depth_op;
   bool stencil_test;
   VkStencilOpState front, back;
};

struct draw {
   float x0, y0, x1, y1; /* framebuffer coordinates, edges off pixel centres */
   float z0, z1;         /* z at x0 and at x1 */
   bool back;            /* back-facing (front face is counter-clockwise) */
   uint8_t col[4];
   struct zs_state zs;
   int pipeline; /* -1: the dynamic pipeline; else a static pipeline with zs */
};

/* One rendering: attachments, their load/store ops and clear values. */
struct pass {
   const char *name;
   VkFormat zs_format; /* D16_UNORM, S8_UINT or D32_SFLOAT_S8_UINT */
   bool load;          /* loadOp LOAD for colour, depth and stencil; else CLEAR */
   bool store;         /* storeOp STORE for depth and stencil (colour always) */
   float clear_depth;
   uint32_t clear_stencil;
   struct draw draws[MAX_DRAWS];
   uint32_t n;
};

static bool
has_depth(VkFormat f)
{
   return f != VK_FORMAT_S8_UINT;
}

static bool
has_stencil(VkFormat f)
{
   return f != VK_FORMAT_D16_UNORM;
}

/* ---- the CPU model ----------------------------------------------------- */

struct model {
   double depth[W * H]; /* as stored (D16: a multiple of 1/65535) */
   uint8_t stencil[W * H];
   uint8_t col[W * H * 4];
   uint8_t ambiguous[W * H]; /* depth test too close to call (sloped D16) */
   uint8_t inexact[W * H];   /* depth written by a sloped draw: +-1 unit (D16 rounding) */
};

static double
quantize(VkFormat f, double z)
{
   z = z < 0 ? 0 : z > 1 ? 1 : z;
   if (f == VK_FORMAT_D16_UNORM)
      return nearbyint(z * 65535.0) / 65535.0;
   return (double)(float)z;
}

static bool
compare(VkCompareOp op, double a, double b)
{
   switch (op) {
   case VK_COMPARE_OP_NEVER:
      return false;
   case VK_COMPARE_OP_LESS:
      return a < b;
   case VK_COMPARE_OP_EQUAL:
      return a == b;
   case VK_COMPARE_OP_LESS_OR_EQUAL:
      return a <= b;
   case VK_COMPARE_OP_GREATER:
      return a > b;
   case VK_COMPARE_OP_NOT_EQUAL:
      return a != b;
   case VK_COMPARE_OP_GREATER_OR_EQUAL:
      return a >= b;
   default:
      return true;
   }
}

static uint8_t
stencil_op(VkStencilOp op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case VK_STENCIL_OP_ZERO:
      return 0;
   case VK_STENCIL_OP_REPLACE:
      return ref;
   case VK_STENCIL_OP_INCREMENT_AND_CLAMP:
      return s == 255 ? 255 : s + 1;
   case VK_STENCIL_OP_DECREMENT_AND_CLAMP:
      return s == 0 ? 0 : s - 1;
   case VK_STENCIL_OP_INVERT:
      return (uint8_t)~s;
   case VK_STENCIL_OP_INCREMENT_AND_WRAP:
      return (uint8_t)(s + 1);
   case VK_STENCIL_OP_DECREMENT_AND_WRAP:
      return (uint8_t)(s - 1);
   default:
      return s;
   }
}

static void
model_clear(struct model *m, const struct pass *p)
{
   if (p->load)
      return; /* ambiguous pixels stay so */
   memset(m->ambiguous, 0, sizeof(m->ambiguous));
   memset(m->inexact, 0, sizeof(m->inexact));
   for (int i = 0; i < W * H; i++) {
      m->depth[i] = quantize(p->zs_format, p->clear_depth);
      m->stencil[i] = (uint8_t)p->clear_stencil;
      m->col[4 * i] = m->col[4 * i + 1] = m->col[4 * i + 2] = 0;
      m->col[4 * i + 3] = 255;
   }
}

static void
model_draw(struct model *m, VkFormat f, const struct draw *d)
{
   const struct zs_state *zs = &d->zs;
   const VkStencilOpState *st = d->back ? &zs->back : &zs->front;
   bool z_on = has_depth(f) && zs->depth_test, s_on = has_stencil(f) && zs->stencil_test;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         double px = x + 0.5, py = y + 0.5;
         if (px < d->x0 || px > d->x1 || py < d->y0 || py > d->y1)
            continue;
         int i = y * W + x;
         double z = quantize(f, d->z0 + (px - d->x0) / (d->x1 - d->x0) * (d->z1 - d->z0));
         bool zpass = true;
         if (z_on) {
            bool fuzzy = f == VK_FORMAT_D16_UNORM && (d->z0 != d->z1 || m->inexact[i]);
            if (fuzzy && fabs(z - m->depth[i]) < 1.5 / 65535)
               m->ambiguous[i] = 1;
            zpass = compare(zs->depth_op, z, m->depth[i]);
         }
         bool spass = true;
         if (s_on) {
            uint8_t s = m->stencil[i];
            spass = compare(st->compareOp, st->reference & st->compareMask, s & st->compareMask);
            VkStencilOp op = !spass ? st->failOp : !zpass ? st->depthFailOp : st->passOp;
            uint8_t nv = stencil_op(op, s, (uint8_t)st->reference);
            m->stencil[i] = (uint8_t)((s & ~st->writeMask) | (nv & st->writeMask));
         }
         if (!zpass || !spass)
            continue;
         if (z_on && zs->depth_write) {
            m->depth[i] = z;
            m->inexact[i] = d->z0 != d->z1;
         }
         memcpy(&m->col[4 * i], d->col, 4);
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
   struct agx_vk_buffer vb, out_col, out_z, out_s, up;
   struct agx_vk_image color;
};

struct zs_image {
   VkFormat format;
   struct agx_vk_image img;
   bool used; /* has content (layout GENERAL) */
};

static void
make_image(struct agx_vk_ctx *c, VkFormat format, VkImageUsageFlags usage, struct agx_vk_image *img)
{
   bool zs = format != VK_FORMAT_R8G8B8A8_UNORM;
   VkImageAspectFlags aspects = !zs ? VK_IMAGE_ASPECT_COLOR_BIT
                                    : (has_depth(format) ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
                                         (has_stencil(format) ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = format,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = usage |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                   .aspect = aspects},
                       img);
}

static void
zs_image_init(struct gpu *g, struct zs_image *z, VkFormat format)
{
   memset(z, 0, sizeof(*z));
   z->format = format;
   make_image(g->c, format, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, &z->img);
}

static void
zs_image_finish(struct gpu *g, struct zs_image *z)
{
   agx_vk_image_free(g->c, &z->img);
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   g->layout = agx_vk_pipeline_layout(c, 1, &g->dsl, VK_SHADER_STAGE_VERTEX_BIT, 16);
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
   g->vb = agx_vk_buffer(c, MAX_DRAWS * 6 * sizeof(struct vtx));
   VkBufferUsageFlags tu = VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
   g->out_col = agx_vk_buffer_usage(c, W * H * 4, tu);
   g->out_z = agx_vk_buffer_usage(c, W * H * 4, tu);
   g->out_s = agx_vk_buffer_usage(c, W * H, tu);
   g->up = agx_vk_buffer_usage(c, W * H * 4, tu);
   VkDescriptorBufferInfo bi = {g->vb.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = g->set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c->dev, 1, &wr, 0, NULL);
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &g->color);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_image_free(g->c, &g->color);
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out_col);
   agx_vk_buffer_free(g->c, &g->out_z);
   agx_vk_buffer_free(g->c, &g->out_s);
   agx_vk_buffer_free(g->c, &g->up);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

/* A pipeline for a depth/stencil format: every depth/stencil state dynamic
 * (zs == NULL), or all of it static from *zs. */
static VkPipeline
pipeline(struct gpu *g, VkFormat zs_format, const struct zs_state *zs)
{
   static const VkDynamicState dyn[] = {
      VK_DYNAMIC_STATE_VIEWPORT,           VK_DYNAMIC_STATE_SCISSOR,
      VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,  VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE,
      VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,   VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
      VK_DYNAMIC_STATE_STENCIL_OP,         VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK,
      VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, VK_DYNAMIC_STATE_STENCIL_REFERENCE};
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   if (zs) {
      b.ds.depthTestEnable = zs->depth_test;
      b.ds.depthWriteEnable = zs->depth_write;
      b.ds.depthCompareOp = zs->depth_op;
      b.ds.stencilTestEnable = zs->stencil_test;
      b.ds.front = zs->front;
      b.ds.back = zs->back;
   } else {
      memcpy(b.dynamic, dyn, sizeof(dyn));
      b.dyn.dynamicStateCount = sizeof(dyn) / sizeof(dyn[0]);
   }
   b.ri.depthAttachmentFormat = has_depth(zs_format) ? zs_format : VK_FORMAT_UNDEFINED;
   b.ri.stencilAttachmentFormat = has_stencil(zs_format) ? zs_format : VK_FORMAT_UNDEFINED;
   return agx_vk_gfx_create(g->c, &b);
}

static void
barrier(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspects, bool fresh)
{
   /* Everything before, everything after: the scenes care about values. */
   agx_vk_barrier(cb, image, aspects, fresh ? VK_IMAGE_LAYOUT_UNDEFINED : VK_IMAGE_LAYOUT_GENERAL,
                  VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
}

static VkImageAspectFlags
zs_aspects(VkFormat f)
{
   return (has_depth(f) ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
          (has_stencil(f) ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
}

/* Copies the colour image and each aspect of z to the output buffers. */
static void
copy_out(struct gpu *g, VkCommandBuffer cb, const struct zs_image *z)
{
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   if (g->color.image)
      vkCmdCopyImageToBuffer(cb, g->color.image, VK_IMAGE_LAYOUT_GENERAL, g->out_col.buf, 1, &r);
   if (has_depth(z->format)) {
      r.imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
      vkCmdCopyImageToBuffer(cb, z->img.image, VK_IMAGE_LAYOUT_GENERAL, g->out_z.buf, 1, &r);
   }
   if (has_stencil(z->format)) {
      r.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
      vkCmdCopyImageToBuffer(cb, z->img.image, VK_IMAGE_LAYOUT_GENERAL, g->out_s.buf, 1, &r);
   }
   agx_vk_memory_barrier(
      cb,
      (struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT},
      AGX_VK_HOST_READ);
}

/* Vertices of a rectangle's two triangles with the draw's facing (Vulkan:
 * counter-clockwise = positive area with y down, "Basic Polygon
 * Rasterization"). */
static void
rect_vertices(const struct draw *d, struct vtx out[6])
{
   float x[4] = {d->x0, d->x1, d->x1, d->x0}, y[4] = {d->y0, d->y0, d->y1, d->y1};
   float z[4] = {d->z0, d->z1, d->z1, d->z0};
   /* (x0,y0) (x1,y0) (x1,y1): area -1/2 sum(x_i y_i+1 - x_i+1 y_i) < 0 with y
    * down: clockwise. Back-facing keeps that order, front-facing reverses. */
   static const int cw[6] = {0, 1, 2, 0, 2, 3}, ccw[6] = {0, 2, 1, 0, 3, 2};
   const int *o = d->back ? cw : ccw;
   for (int i = 0; i < 6; i++) {
      int k = o[i];
      out[i] = (struct vtx){
         {x[k] * 2 / W - 1, y[k] * 2 / H - 1, z[k], 1},
         {d->col[0] / 255.0f, d->col[1] / 255.0f, d->col[2] / 255.0f, d->col[3] / 255.0f}};
   }
}

static void
set_dynamic(VkCommandBuffer cb, const struct zs_state *zs)
{
   vkCmdSetDepthTestEnable(cb, zs->depth_test);
   vkCmdSetDepthWriteEnable(cb, zs->depth_write);
   vkCmdSetDepthCompareOp(cb, zs->depth_op);
   vkCmdSetStencilTestEnable(cb, zs->stencil_test);
   const VkStencilOpState *f = &zs->front, *b = &zs->back;
   vkCmdSetStencilOp(cb, VK_STENCIL_FACE_FRONT_BIT, f->failOp, f->passOp, f->depthFailOp,
                     f->compareOp);
   vkCmdSetStencilOp(cb, VK_STENCIL_FACE_BACK_BIT, b->failOp, b->passOp, b->depthFailOp,
                     b->compareOp);
   vkCmdSetStencilCompareMask(cb, VK_STENCIL_FACE_FRONT_BIT, f->compareMask);
   vkCmdSetStencilCompareMask(cb, VK_STENCIL_FACE_BACK_BIT, b->compareMask);
   vkCmdSetStencilWriteMask(cb, VK_STENCIL_FACE_FRONT_BIT, f->writeMask);
   vkCmdSetStencilWriteMask(cb, VK_STENCIL_FACE_BACK_BIT, b->writeMask);
   vkCmdSetStencilReference(cb, VK_STENCIL_FACE_FRONT_BIT, f->reference);
   vkCmdSetStencilReference(cb, VK_STENCIL_FACE_BACK_BIT, b->reference);
}

/* Records and runs one rendering over z, then the copies out. */
static void
render(struct gpu *g, const struct pass *p, struct zs_image *z, bool fresh_color)
{
   struct agx_vk_ctx *c = g->c;
   struct vtx *v = g->vb.ptr;
   VkPipeline dyn = pipeline(g, z->format, NULL);
   VkPipeline stat[MAX_DRAWS] = {0};
   for (uint32_t i = 0; i < p->n; i++) {
      rect_vertices(&p->draws[i], v + 6 * i);
      if (p->draws[i].pipeline >= 0)
         stat[i] = pipeline(g, z->format, &p->draws[i].zs);
   }
   memset(g->out_col.ptr, 0xCD, W * H * 4);
   memset(g->out_z.ptr, 0xCD, W * H * 4);
   memset(g->out_s.ptr, 0xCD, W * H);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, g->color.image, VK_IMAGE_ASPECT_COLOR_BIT, fresh_color);
   barrier(cb, z->img.image, zs_aspects(z->format), !z->used);
   z->used = true;
   VkAttachmentLoadOp load = p->load ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR;
   VkRenderingAttachmentInfo catt =
      agx_vk_color_attachment(g->color.view, &(VkClearColorValue){.float32 = {0, 0, 0, 1}});
   catt.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
   catt.loadOp = load;
   VkRenderingAttachmentInfo zatt =
      agx_vk_depth_attachment(z->img.view, VK_IMAGE_LAYOUT_GENERAL,
                              &(VkClearDepthStencilValue){p->clear_depth, p->clear_stencil});
   zatt.loadOp = load;
   zatt.storeOp = p->store ? VK_ATTACHMENT_STORE_OP_STORE : VK_ATTACHMENT_STORE_OP_DONT_CARE;
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W,
                                     .height = H,
                                     .color_count = 1,
                                     .colors = &catt,
                                     .depth = has_depth(z->format) ? &zatt : NULL,
                                     .stencil = has_stencil(z->format) ? &zatt : NULL});
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   VkPipeline bound = VK_NULL_HANDLE;
   for (uint32_t i = 0; i < p->n; i++) {
      const struct draw *d = &p->draws[i];
      VkPipeline want = d->pipeline >= 0 ? stat[i] : dyn;
      if (want != bound) {
         vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, want);
         agx_vk_viewport_scissor(cb, W, H);
         bound = want;
      }
      if (d->pipeline < 0)
         set_dynamic(cb, &d->zs);
      vkCmdDraw(cb, 6, 1, 6 * i, 0);
   }
   vkCmdEndRendering(cb);
   barrier(cb, g->color.image, VK_IMAGE_ASPECT_COLOR_BIT, false);
   barrier(cb, z->img.image, zs_aspects(z->format), false);
   copy_out(g, cb, z);
   VK_OK(agx_vk_submit_wait(c, cb)); /* ends, submits, waits, frees */
   vkDestroyPipeline(c->dev, dyn, NULL);
   for (uint32_t i = 0; i < p->n; i++)
      if (stat[i])
         vkDestroyPipeline(c->dev, stat[i], NULL);
}

/* ---- comparison ------------------------------------------------------------- */

static unsigned total_pixels, total_mismatches;

/* Compares the copied-out colour and aspects with the model; with
 * check_color false only the aspects. */
static unsigned
compare_out(struct gpu *g, const char *name, const struct model *m, VkFormat f, bool check_color,
            bool check_depth, bool check_stencil)
{
   unsigned bad = 0, shown = 0, n = 0;
   const uint8_t *col = g->out_col.ptr, *st = g->out_s.ptr;
   for (int i = 0; i < W * H; i++) {
      if (m->ambiguous[i])
         continue;
      n++;
      char what[96] = "";
      if (check_color && memcmp(col + 4 * i, m->col + 4 * i, 4))
         snprintf(what, sizeof(what), "colour %02x%02x%02x%02x, expected %02x%02x%02x%02x",
                  col[4 * i], col[4 * i + 1], col[4 * i + 2], col[4 * i + 3], m->col[4 * i],
                  m->col[4 * i + 1], m->col[4 * i + 2], m->col[4 * i + 3]);
      if (check_depth && has_depth(f)) {
         double got;
         if (f == VK_FORMAT_D16_UNORM)
            got = ((const uint16_t *)g->out_z.ptr)[i] / 65535.0;
         else
            got = ((const float *)g->out_z.ptr)[i];
         double tol = m->inexact[i] ? 1.5 / 65535 : 0;
         if (fabs(got - m->depth[i]) > tol)
            snprintf(what, sizeof(what), "depth %.8f, expected %.8f", got, m->depth[i]);
      }
      if (check_stencil && has_stencil(f) && st[i] != m->stencil[i])
         snprintf(what, sizeof(what), "stencil 0x%02x, expected 0x%02x", st[i], m->stencil[i]);
      if (!what[0])
         continue;
      bad++;
      if (shown++ < 8)
         printf("  %s: pixel (%d, %d): %s\n", name, i % W, i / W, what);
   }
   total_pixels += n;
   total_mismatches += bad;
   printf("%s: %u pixels, %u mismatches\n", name, n, bad);
   return bad != 0;
}

static unsigned
run(struct gpu *g, struct pass *p, struct zs_image *z, struct model *m, bool fresh_color)
{
   model_clear(m, p);
   for (uint32_t i = 0; i < p->n; i++)
      model_draw(m, p->zs_format, &p->draws[i]);
   render(g, p, z, fresh_color);
   return compare_out(g, p->name, m, p->zs_format, true, p->store, p->store);
}

/* ---- scenes ------------------------------------------------------------------- */

static struct draw
cell_rect(unsigned k)
{
   float x = (float)(k % CELLS_X * CELL), y = (float)(k / CELLS_X * CELL);
   return (struct draw){.x0 = x + 0.25f,
                        .y0 = y + 0.25f,
                        .x1 = x + CELL - 0.25f,
                        .y1 = y + CELL - 0.25f,
                        .pipeline = -1};
}

/* The truth table: 160 cells, two draws each. */
static void
truth_table(struct pass *p, bool static_state)
{
   static const uint8_t refs[8] = {0x5A, 0x5B, 0x59, 0x00, 0xFF, 0xA5, 0x55, 0x3C};
   static const uint8_t cmasks[3] = {0xFF, 0x0F, 0xF0}, wmasks[3] = {0xFF, 0x33, 0x0F};
   unsigned cells = static_state ? 16 : (W / CELL) * (H / CELL);
   p->n = 0;
   for (unsigned k = 0; k < cells; k++) {
      unsigned cmp = k % 8, op = (k / 8) % 8;
      bool back = (k / 64) % 2;
      if (static_state) /* 16 pipelines: every compare op and op, both faces */
         cmp = k % 8, op = (k * 3) % 8, back = k >= 8;
      struct zs_state zs = {.depth_test = true,
                            .depth_write = true,
                            .depth_op = VK_COMPARE_OP_LESS,
                            .stencil_test = k < 128};
      VkStencilOpState mine = {.failOp = (VkStencilOp)op,
                               .passOp = (VkStencilOp)((op + 3) % 8),
                               .depthFailOp = (VkStencilOp)((op + 5) % 8),
                               .compareOp = (VkCompareOp)cmp,
                               .compareMask = cmasks[k % 3],
                               .writeMask = wmasks[(k / 3) % 3],
                               .reference = refs[(k * 5) % 8]};
      /* The other face: a state that would leave other values. */
      VkStencilOpState other = {.failOp = VK_STENCIL_OP_INVERT,
                                .passOp = VK_STENCIL_OP_INVERT,
                                .depthFailOp = VK_STENCIL_OP_INVERT,
                                .compareOp = VK_COMPARE_OP_ALWAYS,
                                .compareMask = 0xFF,
                                .writeMask = 0xFF,
                                .reference = 0x11};
      zs.front = back ? other : mine;
      zs.back = back ? mine : other;
      struct draw a = cell_rect(k);
      a.back = back;
      a.z0 = a.z1 = (k & 1) ? 0.25f : 0.75f;
      a.col[0] = (uint8_t)k, a.col[1] = 1, a.col[2] = 0x40, a.col[3] = 255;
      a.zs = zs;
      a.pipeline = static_state ? (int)k : -1;
      struct draw b = a;
      b.z0 = b.z1 = ((k >> 1) & 1) ? 0.375f : 0.625f;
      b.col[1] = 2;
      /* the second draw changes the reference only (dynamic), or is the
       * same static pipeline */
      if (!static_state) {
         if (back)
            b.zs.back.reference ^= 0x01;
         else
            b.zs.front.reference ^= 0x01;
      }
      p->draws[p->n++] = a;
      p->draws[p->n++] = b;
   }
}

/* Over the whole framebuffer: stencil EQUAL 0x5A (masked 0xFF) and depth
 * LESS, replacing stencil by 0x77 where both pass. */
static void
second_pass(struct pass *p)
{
   p->n = 0;
   struct zs_state zs = {.depth_test = true,
                         .depth_write = true,
                         .depth_op = VK_COMPARE_OP_LESS,
                         .stencil_test = true};
   zs.front = (VkStencilOpState){VK_STENCIL_OP_KEEP,
                                 VK_STENCIL_OP_REPLACE,
                                 VK_STENCIL_OP_INCREMENT_AND_WRAP,
                                 VK_COMPARE_OP_EQUAL,
                                 0xFF,
                                 0xFF,
                                 0x5A};
   zs.back = zs.front;
   struct draw d = {.x0 = 0.25f,
                    .y0 = 0.25f,
                    .x1 = W - 0.25f,
                    .y1 = H - 0.25f,
                    .z0 = 0.5f,
                    .z1 = 0.5f,
                    .col = {0xEE, 0x33, 0x99, 0xFF},
                    .zs = zs,
                    .pipeline = -1};
   p->draws[p->n++] = d;
   d.zs.front.reference = d.zs.back.reference = 0x77;
   d.zs.front.passOp = d.zs.back.passOp = VK_STENCIL_OP_INVERT;
   d.z0 = d.z1 = 0.4375f;
   d.col[0] = 0x11;
   p->draws[p->n++] = d;
}

/* D16: rectangles with each depth function, sloped z, writes off. */
static void
d16_scene(struct pass *p, bool second)
{
   static const VkCompareOp ops[8] = {
      VK_COMPARE_OP_LESS,   VK_COMPARE_OP_GREATER,          VK_COMPARE_OP_EQUAL,
      VK_COMPARE_OP_ALWAYS, VK_COMPARE_OP_LESS_OR_EQUAL,    VK_COMPARE_OP_NOT_EQUAL,
      VK_COMPARE_OP_NEVER,  VK_COMPARE_OP_GREATER_OR_EQUAL,
   };
   p->n = 0;
   for (unsigned i = 0; i < 16; i++) {
      /* horizontal bands 4.5 pixels high, 2 apart (overlapping) */
      struct draw d = {.x0 = 2.25f + (i % 3) * 4,
                       .x1 = W - 2.25f - (i % 5) * 3,
                       .y0 = 0.25f + i * 2.0f,
                       .y1 = 4.75f + i * 2.0f,
                       .pipeline = -1};
      /* a level that equals the cleared 0.6 in D16, or a slope through it */
      double level = nearbyint(0.6 * 65535.0) / 65535.0;
      if (i % 4 == 2) {
         d.z0 = d.z1 = (float)level;
      } else {
         d.z0 = 0.2f + 0.05f * (i % 7);
         d.z1 = 0.95f - 0.04f * (i % 6);
      }
      if (second)
         d.z0 = d.z1 = 0.55f - 0.01f * i;
      d.zs = (struct zs_state){.depth_test = i != 13, /* one draw without the test */
                               .depth_write = i % 5 != 4,
                               .depth_op = second ? VK_COMPARE_OP_LESS : ops[i % 8]};
      d.back = i % 2;
      d.col[0] = (uint8_t)(16 * i), d.col[1] = second ? 0x80 : 0x20, d.col[2] = 3, d.col[3] = 255;
      p->draws[p->n++] = d;
   }
}

/* Uploads depth and stencil patterns with vkCmdCopyBufferToImage, or clears
 * the image with vkCmdClearDepthStencilImage, and checks the copies back;
 * the model holds the expected values afterwards. */
static unsigned
upload(struct gpu *g, struct zs_image *z, struct model *m, bool clear)
{
   struct agx_vk_ctx *c = g->c;
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, z->img.image, zs_aspects(z->format), !z->used);
   z->used = true;
   memset(m->ambiguous, 0, sizeof(m->ambiguous));
   memset(m->inexact, 0, sizeof(m->inexact));
   VkClearDepthStencilValue cv = {0.8125f, 0xC3};
   if (clear) {
      VkImageSubresourceRange r = {zs_aspects(z->format), 0, 1, 0, 1};
      vkCmdClearDepthStencilImage(cb, z->img.image, VK_IMAGE_LAYOUT_GENERAL, &cv, 1, &r);
   }
   for (int i = 0; i < W * H; i++) {
      uint32_t h = agx_vk_hash((uint32_t)i + 77);
      m->stencil[i] = clear ? (uint8_t)cv.stencil : (uint8_t)h;
      double zv = clear ? cv.depth : (h >> 8 & 0xFFFF) / 65535.0;
      m->depth[i] = quantize(z->format, zv);
   }
   if (!clear) {
      /* depth first (D16 as 16-bit words, D32 as floats), then stencil at a
       * later offset of the same buffer (a multiple of 4) */
      uint8_t *up = g->up.ptr;
      for (int i = 0; i < W * H && has_depth(z->format); i++) {
         if (z->format == VK_FORMAT_D16_UNORM)
            ((uint16_t *)up)[i] = (uint16_t)nearbyint(m->depth[i] * 65535.0);
         else
            ((float *)up)[i] = (float)m->depth[i];
      }
      VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
                             .imageExtent = {W, H, 1}};
      if (has_depth(z->format))
         vkCmdCopyBufferToImage(cb, g->up.buf, z->img.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
      /* stencil through a second buffer region after a barrier-free reuse:
       * the host writes both before submitting */
      struct agx_vk_buffer *sb = &g->out_s; /* reused as the stencil source */
      memcpy(sb->ptr, m->stencil, W * H);
      r.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
      if (has_stencil(z->format))
         vkCmdCopyBufferToImage(cb, sb->buf, z->img.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   }
   barrier(cb, z->img.image, zs_aspects(z->format), false);
   VkImage keep = g->color.image;
   g->color.image = VK_NULL_HANDLE;  /* no colour copy */
   VK_OK(agx_vk_submit_wait(c, cb)); /* ends, submits, waits, frees */
   memset(g->out_z.ptr, 0xCD, W * H * 4);
   memset(g->out_s.ptr, 0xCD, W * H);
   cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   copy_out(g, cb, z);
   VK_OK(agx_vk_submit_wait(c, cb)); /* ends, submits, waits, frees */
   g->color.image = keep;
   char name[64];
   snprintf(name, sizeof(name), "%s %s", clear ? "vkCmdClearDepthStencilImage" : "upload",
            z->format == VK_FORMAT_D16_UNORM ? "D16"
            : z->format == VK_FORMAT_S8_UINT ? "S8"
                                             : "D32S8");
   return compare_out(g, name, m, z->format, false, true, true);
}

/* ---- occlusion queries --------------------------------------------------- */

/* One draw of the occlusion scene and the query it counts into. */
struct oq_draw {
   float x0, y0, x1, y1, z;
   int pool, query; /* pool -1: no query; queries span the draws naming them */
   bool precise;
};

/* Passing samples of each draw under depth test LESS with writes, from a
 * cleared depth of 0.5 (coverage: pixel centres inside [x0, x1) x [y0, y1)). */
static void
oq_model(const struct oq_draw *d, uint32_t n, uint64_t counts[2][8])
{
   static float depth[W * H];
   for (int i = 0; i < W * H; i++)
      depth[i] = 0.5f;
   for (uint32_t k = 0; k < n; k++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            float cx = x + 0.5f, cy = y + 0.5f;
            if (cx < d[k].x0 || cx >= d[k].x1 || cy < d[k].y0 || cy >= d[k].y1 ||
                !(d[k].z < depth[y * W + x]))
               continue;
            depth[y * W + x] = d[k].z;
            if (d[k].pool >= 0)
               counts[d[k].pool][d[k].query]++;
         }
}

static VkQueryPool
oq_pool(struct agx_vk_ctx *c, uint32_t count)
{
   VkQueryPoolCreateInfo qi = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                               .queryType = VK_QUERY_TYPE_OCCLUSION,
                               .queryCount = count};
   VkQueryPool pool;
   VK_OK(vkCreateQueryPool(c->dev, &qi, NULL, &pool));
   return pool;
}

/* Checks one query result: exact for precise queries, else zero/nonzero. */
static unsigned
oq_check(const char *what, int pool, int q, bool precise, uint64_t got, uint64_t want)
{
   bool ok = precise ? got == want : (got != 0) == (want != 0);
   if (!ok)
      printf("occlusion %s: pool %d query %d = %llu, expected %s%llu\n", what, pool, q,
             (unsigned long long)got, precise ? "" : "zero/nonzero like ",
             (unsigned long long)want);
   return !ok;
}

/*
 * One command buffer, D32S8 depth cleared to 0.5, depth test LESS with
 * writes: pool 0 query 0 a 16x10 rectangle in front, query 1 a draw fully
 * behind (0), query 2 spanning two overlapping draws, an unqueried draw,
 * query 3 non-precise, a query of pool 1 in the same pass (partly hidden),
 * query 4 non-precise and rejected (0); then pool 1 query 1 begun outside a
 * second rendering (LOAD) and ended after it. Pool 0 query 5 is reset and
 * never begun. Results: vkCmdCopyQueryPoolResults (64-bit + availability,
 * 32-bit), vkGetQueryPoolResults (WAIT, 64-bit; without WAIT for query 5).
 */
static unsigned
occlusion(struct gpu *g, struct zs_image *z)
{
   struct agx_vk_ctx *c = g->c;
   static const struct oq_draw d[] = {
      {4.25f, 2.25f, 20.25f, 12.25f, 0.25f, 0, 0, true},
      {2.25f, 2.25f, 30.25f, 20.25f, 0.75f, 0, 1, true},
      {30.25f, 20.25f, 40.25f, 30.25f, 0.3f, 0, 2, true},
      {34.25f, 24.25f, 50.25f, 34.25f, 0.2f, 0, 2, true},
      {50.25f, 2.25f, 60.25f, 8.25f, 0.1f, -1, 0, false},
      {0.25f, 30.25f, 8.25f, 38.25f, 0.4f, 0, 3, false},
      {10.25f, 6.25f, 26.25f, 16.25f, 0.35f, 1, 0, true},
      {0.25f, 0.25f, 64.25f, 40.25f, 0.9f, 0, 4, false},
      /* second rendering */
      {12.25f, 14.25f, 44.25f, 30.25f, 0.28f, 1, 1, true},
   };
   const uint32_t n = sizeof(d) / sizeof(d[0]), first_pass = n - 1;
   uint64_t want[2][8] = {{0}};
   oq_model(d, n, want);
   VkQueryPool pools[2] = {oq_pool(c, 6), oq_pool(c, 2)};
   struct vtx *v = g->vb.ptr;
   for (uint32_t i = 0; i < n; i++) {
      struct draw r = {d[i].x0, d[i].y0, d[i].x1, d[i].y1, d[i].z, d[i].z};
      rect_vertices(&r, v + 6 * i);
   }
   struct agx_vk_buffer out = agx_vk_buffer(c, 6 * 16 + 6 * 4);
   memset(out.ptr, 0xEE, out.size);
   VkPipeline pipe = pipeline(g, z->format, NULL);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, pools[0], 0, 6);
   vkCmdResetQueryPool(cb, pools[1], 0, 2);
   barrier(cb, g->color.image, VK_IMAGE_ASPECT_COLOR_BIT, true);
   barrier(cb, z->img.image, zs_aspects(z->format), !z->used);
   z->used = true;
   VkRenderingAttachmentInfo catt = agx_vk_color_attachment(g->color.view, &(VkClearColorValue){0});
   catt.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
   VkRenderingAttachmentInfo zatt = agx_vk_depth_attachment(z->img.view, VK_IMAGE_LAYOUT_GENERAL,
                                                            &(VkClearDepthStencilValue){0.5f, 0});
   const struct agx_vk_rendering ri = {.width = W,
                                       .height = H,
                                       .color_count = 1,
                                       .colors = &catt,
                                       .depth = &zatt,
                                       .stencil = &zatt};
   const struct zs_state zs = {.depth_test = true,
                               .depth_write = true,
                               .depth_op = VK_COMPARE_OP_LESS};
   float push[4] = {0};
   for (int pass = 0; pass < 2; pass++) {
      if (pass == 1) {
         barrier(cb, z->img.image, zs_aspects(z->format), false);
         catt.loadOp = zatt.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
         vkCmdBeginQuery(cb, pools[1], 1, VK_QUERY_CONTROL_PRECISE_BIT);
      }
      agx_vk_begin_rendering(cb, &ri);
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0,
                              NULL);
      vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
      agx_vk_viewport_scissor(cb, W, H);
      set_dynamic(cb, &zs);
      uint32_t from = pass ? first_pass : 0, to = pass ? n : first_pass;
      for (uint32_t i = from; i < to; i++) {
         bool opens = pass == 0 && d[i].pool >= 0 &&
                      (i == 0 || d[i - 1].pool != d[i].pool || d[i - 1].query != d[i].query);
         bool closes = pass == 0 && d[i].pool >= 0 &&
                       (i + 1 == to || d[i + 1].pool != d[i].pool || d[i + 1].query != d[i].query);
         if (opens)
            vkCmdBeginQuery(cb, pools[d[i].pool], d[i].query,
                            d[i].precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
         vkCmdDraw(cb, 6, 1, 6 * i, 0);
         if (closes)
            vkCmdEndQuery(cb, pools[d[i].pool], d[i].query);
      }
      vkCmdEndRendering(cb);
      if (pass == 1)
         vkCmdEndQuery(cb, pools[1], 1);
   }
   vkCmdCopyQueryPoolResults(cb, pools[0], 0, 6, out.buf, 0, 16,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkCmdCopyQueryPoolResults(cb, pools[0], 0, 5, out.buf, 6 * 16, 4, VK_QUERY_RESULT_WAIT_BIT);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = 0;
   const uint64_t *o64 = out.ptr;
   const uint32_t *o32 = (const uint32_t *)(out.map + 6 * 16);
   for (int q = 0; q < 5; q++) {
      bool precise = q != 3 && q != 4;
      bad += oq_check("copy 64", 0, q, precise, o64[2 * q], want[0][q]);
      bad += oq_check("copy availability", 0, q, true, o64[2 * q + 1], 1);
      bad += oq_check("copy 32", 0, q, precise, o32[q], want[0][q]);
   }
   bad += oq_check("copy availability (never begun)", 0, 5, true, o64[11], 0);
   uint64_t r[6] = {0};
   VK_OK(vkGetQueryPoolResults(c->dev, pools[0], 0, 5, sizeof(r), r, 8,
                               VK_QUERY_RESULT_WAIT_BIT | VK_QUERY_RESULT_64_BIT));
   for (int q = 0; q < 5; q++)
      bad += oq_check("get", 0, q, q != 3 && q != 4, r[q], want[0][q]);
   VK_OK(vkGetQueryPoolResults(c->dev, pools[1], 0, 2, sizeof(r), r, 8,
                               VK_QUERY_RESULT_WAIT_BIT | VK_QUERY_RESULT_64_BIT));
   for (int q = 0; q < 2; q++)
      bad += oq_check("get", 1, q, true, r[q], want[1][q]);
   uint64_t na[2] = {7, 7};
   CHECK(vkGetQueryPoolResults(c->dev, pools[0], 5, 1, sizeof(na), na, 16,
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT) ==
         VK_NOT_READY);
   bad += oq_check("get availability (never begun)", 0, 5, true, na[1], 0);
   printf("occlusion: pool 0 %llu %llu %llu %llu %llu, pool 1 %llu %llu: %s\n",
          (unsigned long long)want[0][0], (unsigned long long)want[0][1],
          (unsigned long long)want[0][2], (unsigned long long)want[0][3],
          (unsigned long long)want[0][4], (unsigned long long)want[1][0],
          (unsigned long long)want[1][1], bad ? "MISMATCH" : "ok");
   vkDestroyPipeline(c->dev, pipe, NULL);
   vkDestroyQueryPool(c->dev, pools[0], NULL);
   vkDestroyQueryPool(c->dev, pools[1], NULL);
   agx_vk_buffer_free(c, &out);
   return bad;
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
   VkPhysicalDeviceFeatures f10 = {.occlusionQueryPrecise = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   const VkFormat formats[3] = {VK_FORMAT_D16_UNORM, VK_FORMAT_S8_UINT,
                                VK_FORMAT_D32_SFLOAT_S8_UINT};
   bool supported[3];
   for (int i = 0; i < 3; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(c.pdev, formats[i], &fp);
      const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                        VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                        VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
      supported[i] = (fp.optimalTilingFeatures & need) == need;
      /* agx-vk must have all three; a reference may lack S8_UINT */
      if (!supported[i] && !c.reference) {
         printf("format %d is not a depth/stencil attachment with copies\n", formats[i]);
         return 1;
      }
   }
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static struct pass p;
   static struct model m;
   unsigned bad = 0;
   struct zs_image ds, s8, d16;
   zs_image_init(&g, &ds, VK_FORMAT_D32_SFLOAT_S8_UINT);
   zs_image_init(&g, &d16, VK_FORMAT_D16_UNORM);
   if (supported[1])
      zs_image_init(&g, &s8, VK_FORMAT_S8_UINT);

   /* Clear values stored without draws (empty tiles: PROCESS_EMPTY_TILES). */
   p = (struct pass){.name = "clear D32S8 0.3125/0xa5",
                     .zs_format = ds.format,
                     .store = true,
                     .clear_depth = 0.3125f,
                     .clear_stencil = 0xA5};
   bad += run(&g, &p, &ds, &m, true);
   p = (struct pass){.name = "clear D16 0.75",
                     .zs_format = d16.format,
                     .store = true,
                     .clear_depth = 0.75f};
   bad += run(&g, &p, &d16, &m, false);
   if (supported[1]) {
      p = (struct pass){.name = "clear S8 0x3c",
                        .zs_format = s8.format,
                        .store = true,
                        .clear_stencil = 0x3C};
      bad += run(&g, &p, &s8, &m, false);
   }

   /* The truth table on D32S8, then a second rendering loading it. */
   p = (struct pass){.name = "stencil truth table D32S8 (dynamic)",
                     .zs_format = ds.format,
                     .store = true,
                     .clear_depth = 0.5f,
                     .clear_stencil = 0x5A};
   truth_table(&p, false);
   bad += run(&g, &p, &ds, &m, false);
   p = (struct pass){.name = "D32S8 LOAD + stencil EQUAL, depth LESS",
                     .zs_format = ds.format,
                     .load = true,
                     .store = true};
   second_pass(&p);
   bad += run(&g, &p, &ds, &m, false);
   p = (struct pass){.name = "stencil static state D32S8 (16 pipelines)",
                     .zs_format = ds.format,
                     .store = true,
                     .clear_depth = 0.5f,
                     .clear_stencil = 0x5A};
   truth_table(&p, true);
   bad += run(&g, &p, &ds, &m, false);
   if (supported[1]) {
      p = (struct pass){.name = "stencil truth table S8",
                        .zs_format = s8.format,
                        .store = true,
                        .clear_stencil = 0x5A};
      truth_table(&p, false);
      bad += run(&g, &p, &s8, &m, false);
      p = (struct pass){.name = "S8 LOAD + stencil EQUAL",
                        .zs_format = s8.format,
                        .load = true,
                        .store = true};
      second_pass(&p);
      bad += run(&g, &p, &s8, &m, false);
   }

   /* D16 depth functions, then loaded by a second rendering. */
   p = (struct pass){.name = "D16 depth functions",
                     .zs_format = d16.format,
                     .store = true,
                     .clear_depth = 0.6f};
   d16_scene(&p, false);
   bad += run(&g, &p, &d16, &m, false);
   p = (struct pass){.name = "D16 LOAD + LESS",
                     .zs_format = d16.format,
                     .load = true,
                     .store = true};
   d16_scene(&p, true);
   bad += run(&g, &p, &d16, &m, false);

   /* Copies into each aspect, then a rendering loading them; clears. */
   bad += upload(&g, &ds, &m, false);
   p = (struct pass){.name = "D32S8 uploaded, LOAD + tests",
                     .zs_format = ds.format,
                     .load = true,
                     .store = true};
   second_pass(&p);
   p.draws[0].zs.front.compareMask = p.draws[0].zs.back.compareMask = 0xC0;
   p.draws[0].zs.front.reference = p.draws[0].zs.back.reference = 0x40;
   bad += run(&g, &p, &ds, &m, false);
   bad += upload(&g, &d16, &m, false);
   bad += upload(&g, &ds, &m, true);
   bad += upload(&g, &d16, &m, true);
   if (supported[1]) {
      bad += upload(&g, &s8, &m, false);
      bad += upload(&g, &s8, &m, true);
   }

   bad += occlusion(&g, &ds);

   zs_image_finish(&g, &ds);
   zs_image_finish(&g, &d16);
   if (supported[1])
      zs_image_finish(&g, &s8);
   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   printf("total: %u pixels compared, %u mismatches\n", total_pixels, total_mismatches);
   return bad || ret ? 1 : 0;
}
