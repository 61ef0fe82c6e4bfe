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
 * (gl_InstanceIndex, firstInstance), indirect draws (records with
 * firstVertex/firstInstance, indexed with vertexOffset), back/front culling with both front faces, a viewport
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
 * Varying scenes (varyings.vert/frag): flat (provoking vertex = first),
 * noperspective and smooth varyings and gl_FragCoord.z in one shader.
 *
 * MRT scene (mrt.frag): attachments RGBA8 / none / R32F, both compared.
 *
 * Blend scenes: translucent triangles blended over the clear colour (alpha
 * over, additive, constant colour static and dynamic, reverse subtract
 * with MAX, write mask RG, MRT with a different state per attachment),
 * compared with a CPU model of Vulkan's blend factors and operations.
 *
 * State scenes (the driver re-emits only what changed between draws):
 * several draws in one pass with one piece of state changed alone before
 * each (push constants, firstInstance, the descriptor set and back, the
 * dynamic viewport, dynamic blend constants, a switch between two
 * pipelines and back, A/B/A/B, that differ in culling and blend epilog).
 *
 * test_draw DRAW_VERT_SPV DRAW_FRAG_SPV VARYINGS_VERT_SPV VARYINGS_FRAG_SPV
 *           MRT_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

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
   uint32_t first_instance;      /* firstInstance (gl_InstanceIndex includes it) */
   bool indirect;                /* vkCmdDraw(Indexed)Indirect, one record per draw */
   bool mrt;      /* mrt.frag: colour to attachment 0, red to attachment 2 (R32F), 1 unused */
   bool varyings; /* varyings.vert/frag: R flat (provoking = first vertex), G
                     noperspective, B smooth, A = FragCoord.z */
   bool restart;  /* primitive restart (index 0xFFFFFFFF) */
   /* Blend state of attachment 0 (and of attachment 2 in MRT scenes);
    * NULL: blending off, all components written. */
   const VkPipelineColorBlendAttachmentState *blend, *blend2;
   float blend_const[4];
   bool dyn_blend_const; /* vkCmdSetBlendConstants (the pipeline's are 0.9) */
   /* Steps: one vkCmdDraw each, in one pass, after setting only the state
    * the step names (a cache-test scene; see struct step). */
   const struct step *steps;
   uint32_t nsteps;
   const struct vtx *v2;     /* the vertices set 2 reads (steps with set2) */
   VkCullModeFlags alt_cull; /* the second pipeline (steps with alt) */
   const VkPipelineColorBlendAttachmentState *alt_blend;
};

/* One draw of a steps scene: vertices [first, first + count) of one
 * instance (gl_InstanceIndex = first_instance, so the push-constant offset
 * moves it by first_instance x offset), with the viewport, push constants,
 * blend constants (dyn_blend_const scenes), descriptor set and pipeline
 * given here; the GPU side sets each of them only when it differs from the
 * step before (the first step sets all). */
struct step {
   uint32_t first, count, first_instance;
   float offset[2];
   VkViewport vp; /* width 0: the framebuffer */
   float blend_const[4];
   bool set2; /* descriptor set 2: vertices from scene.v2 */
   bool alt;  /* the scene's second pipeline (alt_cull, alt_blend) */
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

/* The reference's values before 8-bit encoding (the destination of float
 * attachments, which keep more than 8 bits). */
static double lin[W * H * 4];

static bool
is_float(VkFormat f)
{
   return f == VK_FORMAT_R16G16B16A16_SFLOAT || f == VK_FORMAT_R32_SFLOAT;
}

static double
clamp01(double v)
{
   return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* Vulkan "Blend Factors" for channel c (3: alpha). */
static double
factor(VkBlendFactor f, const double *sc, const double *dc, const double *k, int c)
{
   int a = c == 3;
   switch (f) {
   case VK_BLEND_FACTOR_ZERO:
      return 0;
   case VK_BLEND_FACTOR_ONE:
      return 1;
   case VK_BLEND_FACTOR_SRC_COLOR:
      return sc[c];
   case VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR:
      return 1 - sc[c];
   case VK_BLEND_FACTOR_DST_COLOR:
      return dc[c];
   case VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR:
      return 1 - dc[c];
   case VK_BLEND_FACTOR_SRC_ALPHA:
      return sc[3];
   case VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA:
      return 1 - sc[3];
   case VK_BLEND_FACTOR_DST_ALPHA:
      return dc[3];
   case VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA:
      return 1 - dc[3];
   case VK_BLEND_FACTOR_CONSTANT_COLOR:
      return k[c];
   case VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR:
      return 1 - k[c];
   case VK_BLEND_FACTOR_CONSTANT_ALPHA:
      return k[3];
   case VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA:
      return 1 - k[3];
   case VK_BLEND_FACTOR_SRC_ALPHA_SATURATE:
      return a ? 1 : (sc[3] < 1 - dc[3] ? sc[3] : 1 - dc[3]);
   default:
      return NAN; /* not used by the scenes */
   }
}

/* Vulkan "Blend Operations". */
static double
blend_op(VkBlendOp op, double s, double fs, double d, double fd)
{
   switch (op) {
   case VK_BLEND_OP_ADD:
      return s * fs + d * fd;
   case VK_BLEND_OP_SUBTRACT:
      return s * fs - d * fd;
   case VK_BLEND_OP_REVERSE_SUBTRACT:
      return d * fd - s * fs;
   case VK_BLEND_OP_MIN:
      return s < d ? s : d;
   case VK_BLEND_OP_MAX:
      return s > d ? s : d;
   default:
      return NAN;
   }
}

/* Writes a fragment's colour to pixel i of the reference: blending with
 * what is there (unorm attachments: source, constants and result clamped
 * to [0, 1], the destination as stored in 8 bits), then the write mask. */
static void
put(const struct scene *s, int i, const double *src_in, uint8_t *img)
{
   const VkPipelineColorBlendAttachmentState *b = s->blend;
   uint8_t *o = img + 4 * i;
   double *l = lin + 4 * i;
   bool unorm = !is_float(s->format);
   double sc[4], dc[4], k[4];
   for (int c = 0; c < 4; c++) {
      sc[c] = unorm ? clamp01(src_in[c]) : src_in[c];
      dc[c] = unorm ? o[c] / 255.0 : l[c];
      k[c] = unorm ? clamp01(s->blend_const[c]) : s->blend_const[c];
   }
   if (s->format == VK_FORMAT_R32_SFLOAT)
      dc[1] = dc[2] = 0, dc[3] = 1; /* missing components */
   for (int c = 0; c < 4; c++) {
      if (b && !(b->colorWriteMask & (1u << c)))
         continue;
      double v = sc[c];
      if (b && b->blendEnable) {
         int a = c == 3;
         v = blend_op(a ? b->alphaBlendOp : b->colorBlendOp, sc[c],
                      factor(a ? b->srcAlphaBlendFactor : b->srcColorBlendFactor, sc, dc, k, c),
                      dc[c],
                      factor(a ? b->dstAlphaBlendFactor : b->dstColorBlendFactor, sc, dc, k, c));
      }
      l[c] = v;
      o[c] = encode8(s->format, c, v);
      if (s->format == VK_FORMAT_R32_SFLOAT && c > 0)
         o[c] = c == 3 ? 255 : 0;
   }
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
         if (s->varyings) {
            o[0] = unorm8(t[0].col[0]);
            o[1] = unorm8(l[0] * t[0].col[1] + l[1] * t[1].col[1] + l[2] * t[2].col[1]);
            double b = 0;
            for (int i = 0; i < 3; i++)
               b += l[i] / t[i].w / sum * t[i].col[2];
            o[2] = unorm8(b);
            o[3] = unorm8(l[0] * t[0].z + l[1] * t[1].z + l[2] * t[2].z);
            continue;
         }
         double src[4];
         for (int c = 0; c < 4; c++) {
            src[c] = 0;
            for (int i = 0; i < 3; i++)
               src[c] += l[i] / t[i].w / sum * t[i].col[c];
         }
         put(s, y * W + x, src, img);
      }
   }
}

/* Rasterises vertices/indices [first, end) of s, every instance, into img. */
static void
ref_range(const struct scene *s, uint32_t first, uint32_t end, uint8_t *img)
{
   for (uint32_t inst = 0; inst < (s->instances ? s->instances : 1); inst++) {
      /* vertices of the range, split into strips/fans at restarts */
      uint32_t ids[64], m = 0;
      for (uint32_t k = first; k <= end; k++) {
         uint32_t id = k < end && s->nidx ? s->idx[k] : k;
         if (k < end && !(s->restart && id == 0xFFFFFFFFu)) {
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
            uint32_t k2 = inst + s->first_instance;
            struct fbv t[3] = {transform(s, ids[a], k2), transform(s, ids[b], k2),
                               transform(s, ids[c], k2)};
            ref_triangle(s, t, img);
         }
         m = 0;
      }
   }
}

/* The expected image; with s->load, img holds the previous result. */
static void
reference(const struct scene *s, uint8_t *img)
{
   for (int i = 0; i < W * H && !s->load; i++)
      for (int c = 0; c < 4; c++) {
         img[4 * i + c] = s->format == VK_FORMAT_R32_SFLOAT && c > 0
                             ? (c == 3 ? 255 : 0)
                             : encode8(s->format, c, s->clear[c]);
         lin[4 * i + c] = s->clear[c];
      }
   memset(ambiguous, 0, sizeof(ambiguous));
   for (int i = 0; i < W * H && !s->depth_load; i++)
      zbuf[i] = 1.0;
   if (s->nsteps) {
      /* each step is the scene with that step's state, one instance */
      for (uint32_t i = 0; i < s->nsteps; i++) {
         const struct step *st = &s->steps[i];
         struct scene t = *s;
         t.instances = 1;
         t.first_instance = st->first_instance;
         t.offset[0] = st->offset[0], t.offset[1] = st->offset[1];
         t.vp = st->vp;
         memcpy(t.blend_const, st->blend_const, sizeof(t.blend_const));
         if (st->set2)
            t.v = s->v2;
         if (st->alt)
            t.cull = s->alt_cull, t.blend = s->alt_blend;
         ref_range(&t, st->first, st->first + st->count, img);
      }
      return;
   }
   uint32_t n = s->nidx ? s->nidx : s->nv;
   uint32_t split = s->split ? s->split : n;
   ref_range(s, 0, split, img);
   ref_range(s, split, n, img);
}

/* ---- the GPU side ---------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs, vs2, fs2, fs3;
   struct agx_vk_buffer out2, ind;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set, set2; /* the vertex buffer's first / second half */
   struct agx_vk_buffer vb, ib, out;
   struct agx_vk_image color, depth;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   g->vs2 = agx_vk_shader(c, spv[2]);
   g->fs2 = agx_vk_shader(c, spv[3]);
   g->fs3 = agx_vk_shader(c, spv[4]);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                                     NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   g->layout = agx_vk_pipeline_layout(
      c, 1, &g->dsl, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 16);
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &g->pool));
   VkDescriptorSetLayout layouts[2] = {g->dsl, g->dsl};
   VkDescriptorSet sets[2];
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = g->pool,
                                     .descriptorSetCount = 2,
                                     .pSetLayouts = layouts};
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, sets));
   g->set = sets[0], g->set2 = sets[1];
   g->vb = agx_vk_buffer(c, 4096);
   g->ib = agx_vk_buffer_usage(c, 1024, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   g->out = agx_vk_buffer_usage(c, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   g->out2 = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   g->ind = agx_vk_buffer_usage(c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   VkDescriptorBufferInfo bi[2] = {{g->vb.buf, 0, VK_WHOLE_SIZE}, {g->vb.buf, 2048, 2048}};
   VkWriteDescriptorSet wr[2] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = g->set,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi[0]},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = g->set2,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi[1]}};
   vkUpdateDescriptorSets(c->dev, 2, wr, 0, NULL);

   agx_vk_color_target(c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &g->color);
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){.format = VK_FORMAT_D32_SFLOAT,
                                  .width = W,
                                  .height = H,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                  .aspect = VK_IMAGE_ASPECT_DEPTH_BIT},
      &g->depth);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_image_free(g->c, &g->depth);
   agx_vk_image_free(g->c, &g->color);
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->ib);
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
   vkDestroyShaderModule(d, g->vs2, NULL);
   vkDestroyShaderModule(d, g->fs2, NULL);
   vkDestroyShaderModule(d, g->fs3, NULL);
   agx_vk_buffer_free(g->c, &g->out2);
   agx_vk_buffer_free(g->c, &g->ind);
}

static VkPipeline
pipeline(struct gpu *g, const struct scene *s)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, s->varyings ? g->vs2 : g->vs,
                       s->varyings ? g->fs2
                       : s->mrt    ? g->fs3
                                   : g->fs,
                       s->format ? s->format : VK_FORMAT_R8G8B8A8_UNORM);
   b.ia.topology = s->topology ? s->topology : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   b.ia.primitiveRestartEnable = s->restart;
   b.rs.cullMode = s->cull;
   b.rs.frontFace = s->front;
   if (s->blend)
      b.att[0] = *s->blend;
   if (s->blend2)
      b.att[2] = *s->blend2;
   b.cb.attachmentCount = s->mrt ? 3 : 1;
   memcpy(b.cb.blendConstants, s->blend_const, sizeof(b.cb.blendConstants));
   if (s->dyn_blend_const) {
      b.cb.blendConstants[0] = b.cb.blendConstants[1] = b.cb.blendConstants[2] =
         b.cb.blendConstants[3] = 0.9f; /* ignored: dynamic */
      b.dynamic[b.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_BLEND_CONSTANTS;
   }
   b.ds.depthTestEnable = s->depth;
   b.ds.depthWriteEnable = s->depth;
   b.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   b.color_formats[1] = VK_FORMAT_UNDEFINED;
   b.color_formats[2] = VK_FORMAT_R32_SFLOAT;
   b.ri.colorAttachmentCount = s->mrt ? 3 : 1;
   b.ri.depthAttachmentFormat = s->depth ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_UNDEFINED;
   return agx_vk_gfx_create(g->c, &b);
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

/* The draws of a steps scene, after render() bound pipeline p, set 1, the
 * scene's push constants, viewport and scissor: each step sets only the
 * state that differs from the step before, so a driver that keeps state
 * between draws must notice each change alone. */
static void
draw_steps(struct gpu *g, const struct scene *s, VkCommandBuffer cb, VkPipeline p, VkPipeline p2)
{
   const struct step *prev = NULL;
   for (uint32_t i = 0; i < s->nsteps; i++) {
      const struct step *st = &s->steps[i];
      if (!prev || prev->alt != st->alt)
         vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, st->alt ? p2 : p);
      if (!prev || prev->set2 != st->set2)
         vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1,
                                 st->set2 ? &g->set2 : &g->set, 0, NULL);
      if (!prev || memcmp(prev->offset, st->offset, sizeof(st->offset))) {
         float push[4] = {st->offset[0], st->offset[1], 0, 0};
         vkCmdPushConstants(cb, g->layout,
                            VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16, push);
      }
      if (!prev || memcmp(&prev->vp, &st->vp, sizeof(st->vp))) {
         struct scene t = *s;
         t.vp = st->vp;
         VkViewport vp = viewport_of(&t);
         vkCmdSetViewport(cb, 0, 1, &vp);
      }
      if (s->dyn_blend_const &&
          (!prev || memcmp(prev->blend_const, st->blend_const, sizeof(st->blend_const))))
         vkCmdSetBlendConstants(cb, st->blend_const);
      vkCmdDraw(cb, st->count, 1, st->first, st->first_instance);
      prev = st;
   }
}

/* Renders the scene and reads the attachment back into img (and, for MRT,
 * attachment 2 into img2). */
static void
render(struct gpu *g, const struct scene *s, uint8_t *img, uint8_t *img2)
{
   struct agx_vk_ctx *c = g->c;
   memcpy(g->vb.ptr, s->v, s->nv * sizeof(struct vtx));
   if (s->v2)
      memcpy((uint8_t *)g->vb.ptr + 2048, s->v2, s->nv * sizeof(struct vtx));
   if (s->nidx)
      memcpy(g->ib.ptr, s->idx, s->nidx * 4);
   memset(g->out.ptr, 0xAB, W * H * 16);
   VkPipeline p = pipeline(g, s), p2 = VK_NULL_HANDLE;
   if (s->alt_cull || s->alt_blend) {
      struct scene alt = *s;
      alt.cull = s->alt_cull;
      alt.blend = s->alt_blend;
      p2 = pipeline(g, &alt);
   }
   /* Formats other than the default render to an image of their own. */
   struct agx_vk_image own = {0}, second = {0};
   if (s->format)
      agx_vk_color_target(c, s->format, W, H, &own);
   if (s->mrt)
      agx_vk_color_target(c, VK_FORMAT_R32_SFLOAT, W, H, &second);
   const struct agx_vk_image *target = s->format ? &own : &g->color;
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   /* LOAD keeps what the previous scene's copy left (transfer source). */
   agx_vk_barrier(cb, target->image, VK_IMAGE_ASPECT_COLOR_BIT,
                  s->load ? VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL : VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, 0}, AGX_VK_COLOR_RW);
   VkClearColorValue cv;
   memcpy(cv.float32, s->clear, 16);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(target->view, &cv);
   if (s->load)
      att.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
   VkRenderingAttachmentInfo atts[3] = {att, att, att};
   atts[1].imageView = VK_NULL_HANDLE;
   atts[2].imageView = second.view;
   atts[2].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
   if (s->mrt)
      agx_vk_barrier(cb, second.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo zatt =
      agx_vk_depth_attachment(g->depth.view, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                              &(VkClearDepthStencilValue){1.0f, 0});
   if (s->depth_load)
      zatt.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
   if (!s->depth_store)
      zatt.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
   if (s->depth)
      agx_vk_barrier(cb, g->depth.image, VK_IMAGE_ASPECT_DEPTH_BIT,
                     s->depth_load ? VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL
                                   : VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                     (struct agx_vk_access){VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                            VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT},
                     (struct agx_vk_access){VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT,
                                            AGX_VK_DEPTH_RW.access});
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = s->mrt ? 3 : 1,
                                                         .colors = atts,
                                                         .depth = s->depth ? &zatt : NULL});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   float push[4] = {s->offset[0], s->offset[1], 0, 0};
   if (s->mrt)
      push[2] = 0.25f; /* mrt.frag adds it to attachment 2 */
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      16, push);
   VkViewport vp = viewport_of(s);
   VkRect2D sc = scissor_of(s);
   vkCmdSetViewport(cb, 0, 1, &vp);
   vkCmdSetScissor(cb, 0, 1, &sc);
   if (s->dyn_blend_const)
      vkCmdSetBlendConstants(cb, s->blend_const);
   if (s->nsteps)
      draw_steps(g, s, cb, p, p2);
   uint32_t instances = s->instances ? s->instances : 1;
   uint32_t n = s->nsteps ? 0 : s->nidx ? s->nidx : s->nv, split = s->split ? s->split : n;
   uint32_t ranges[2][2] = {{0, split}, {split, n}};
   if (s->nidx)
      vkCmdBindIndexBuffer(cb, g->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   uint32_t records = 0, *rec = g->ind.ptr;
   for (unsigned d = 0; d < 2; d++) {
      uint32_t count = ranges[d][1] - ranges[d][0];
      if (!count)
         continue;
      if (s->indirect && s->nidx) {
         /* VkDrawIndexedIndirectCommand */
         uint32_t r[5] = {count, instances, ranges[d][0], (uint32_t)s->vertex_offset,
                          s->first_instance};
         memcpy(rec + 5 * records++, r, sizeof(r));
      } else if (s->indirect) {
         /* VkDrawIndirectCommand, 20-byte stride like the indexed ones */
         uint32_t r[4] = {count, instances, ranges[d][0], s->first_instance};
         memcpy(rec + 5 * records++, r, sizeof(r));
      } else if (s->nidx) {
         vkCmdDrawIndexed(cb, count, instances, ranges[d][0], s->vertex_offset, s->first_instance);
      } else {
         vkCmdDraw(cb, count, instances, ranges[d][0], s->first_instance);
      }
   }
   /* one record per call (no multiDrawIndirect) */
   for (uint32_t r = 0; r < records; r++) {
      if (s->nidx)
         vkCmdDrawIndexedIndirect(cb, g->ind.buf, 20 * r, 1, 20);
      else
         vkCmdDrawIndirect(cb, g->ind.buf, 20 * r, 1, 20);
   }
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, target->image, VK_IMAGE_ASPECT_COLOR_BIT,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, target, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, g->out.buf, 0);
   if (s->mrt) {
      agx_vk_barrier(cb, second.image, VK_IMAGE_ASPECT_COLOR_BIT,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                     AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
      agx_vk_copy_to_buffer(cb, &second, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, g->out2.buf,
                            0);
   }
   VK_OK(agx_vk_submit_wait(c, cb));
   to_rgba8(s->format, g->out.ptr, img);
   if (s->mrt) {
      to_rgba8(VK_FORMAT_R32_SFLOAT, g->out2.ptr, img2);
      agx_vk_image_free(c, &second);
   }
   vkDestroyPipeline(c->dev, p, NULL);
   if (p2)
      vkDestroyPipeline(c->dev, p2, NULL);
   if (s->format)
      agx_vk_image_free(c, &own);
}

static unsigned total_pixels, total_mismatches, worst_error;
/* Largest channel difference accepted: 1 unorm step; 2 for blend scenes on
 * lavapipe (--reference), whose 8-bit blending rounds each layer. */
static unsigned tolerance = 1;
static uint8_t got_prev[W * H * 4];

/* Compares an image with its reference; returns the mismatching pixels. */
static unsigned
compare(const char *name, const uint8_t *got, const uint8_t *want)
{
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
      if (err > tolerance) {
         if (bad < 8)
            fprintf(stderr, "%s: pixel (%d, %d): got %3u %3u %3u %3u, expected %3u %3u %3u %3u\n",
                    name, i % W, i / W, got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3],
                    want[4 * i], want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
         bad++;
      }
   }
   printf("%-24s %u pixels compared, %u mismatches, max channel error %u\n", name, W * H - skipped,
          bad, maxerr);
   total_pixels += W * H - skipped;
   total_mismatches += bad;
   worst_error = maxerr > worst_error ? maxerr : worst_error;
   return bad;
}

/* Renders and compares; returns the mismatching pixels. */
static unsigned
check_scene(struct gpu *g, const struct scene *s)
{
   static uint8_t got[W * H * 4], want[W * H * 4], got2[W * H * 4], want2[W * H * 4];
   tolerance = (s->blend || s->blend2 || s->alt_blend) && g->c->reference ? 2 : 1;
   render(g, s, got, got2);
   /* LOAD: the reference continues from what the GPU left (checked by the
    * previous scene). */
   if (s->load)
      memcpy(want, got_prev, sizeof(want));
   reference(s, want);
   memcpy(got_prev, got, sizeof(got_prev));
   unsigned bad = compare(s->name, got, want);
   if (s->mrt) {
      /* attachment 2: the red channel as R32_SFLOAT */
      struct scene r = *s;
      r.format = VK_FORMAT_R32_SFLOAT;
      /* mrt.frag: red x 0.5 + push constant z (0.25) x vertex 0's w (1,
       * read from the storage buffer): affine, so it commutes with the
       * interpolation */
      static struct vtx v2[64];
      for (uint32_t i = 0; i < s->nv; i++) {
         v2[i] = s->v[i];
         v2[i].col[0] = s->v[i].col[0] * 0.5f + 0.25f * s->v[0].pos[3];
      }
      r.v = v2;
      r.blend = s->blend2;
      reference(&r, want2);
      bad += compare("  attachment 2 (R32F)", got2, want2);
   }
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
   if (argc < 6) {
      fprintf(
         stderr,
         "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV VARYINGS_VERT_SPV VARYINGS_FRAG_SPV MRT_FRAG_SPV "
         "[--validation] [--reference]\n",
         argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   /* The MRT scene writes location 1, which has no attachment
    * (VK_FORMAT_UNDEFINED: valid, the output is dropped); the layer warns. */
   agx_vk_ctx_allow(&c, "UNASSIGNED-CoreValidation-Shader-InterfaceTypeMismatch");
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   /* independentBlend: the MRT blend scene's two attachments differ. */
   VkPhysicalDeviceFeatures f10 = {.independentBlend = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
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

   /* Flat, noperspective, smooth and FragCoord.z in one shader, with w != 1
    * and varying depth. */
   struct vtx pv[6] = {V(2, 2, 0.5, 1, 0, 0),       V(62, 6, 4, 0, 1, 0),  V(6, 62, 2, 0, 0, 1),
                       V(62, 6, 4, 0.25f, 1, 0.5f), V(60, 60, 1, 1, 1, 1), V(6, 62, 2, 0.5f, 0, 1)};
   pv[1].pos[2] = 0.1f * pv[1].pos[3];
   pv[3].pos[2] = 0.1f * pv[3].pos[3];
   pv[4].pos[2] = 0.9f;
   struct scene vary = {.name = "flat/linear/smooth/z",
                        .clear = {0, 0, 0, 0},
                        .v = pv,
                        .nv = 6,
                        .front = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                        .varyings = true};
   bad += check_scene(&g, &vary);

   /* firstInstance 2 (gl_InstanceIndex = 2 + k), direct then indirect;
    * indexed indirect in two records with a vertex offset. */
   struct scene inst2 = instanced;
   inst2.name = "firstInstance 2";
   inst2.instances = 3;
   inst2.first_instance = 2;
   bad += check_scene(&g, &inst2);
   inst2.name = "indirect, firstInstance 2";
   inst2.indirect = true;
   bad += check_scene(&g, &inst2);
   struct scene ind = indexed;
   ind.name = "indexed indirect x2";
   ind.indirect = true;
   ind.instances = 2;
   ind.first_instance = 1;
   ind.offset[0] = 4.0f / W * 2;
   bad += check_scene(&g, &ind);

   /* Several attachments: RGBA8 at location 0, none at 1 (the shader's
    * output there is dropped), R32F at 2. */
   struct scene mrt = overlap;
   mrt.name = "MRT (0, hole, 2)";
   mrt.split = 0;
   mrt.mrt = true;
   bad += check_scene(&g, &mrt);

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

   /* Blending (Vulkan "Blending"), compared with the CPU model above:
    * overlapping translucent triangles (alpha 0.5 / 0.75 / 0.25, drawn in
    * order over a cleared background) with alpha blending, additive
    * blending (clamped), constant-colour factors (static, then
    * vkCmdSetBlendConstants), reverse subtract with MAX alpha, a write
    * mask of R and G only, and two attachments with different states. */
   struct vtx bv[9];
   memcpy(bv, three, sizeof(bv));
   static const float alphas[3] = {0.5f, 0.75f, 0.25f};
   for (int i = 0; i < 9; i++)
      bv[i].col[3] = alphas[i / 3];
   const VkPipelineColorBlendAttachmentState over = {
      .blendEnable = VK_TRUE,
      .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
      .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      .colorBlendOp = VK_BLEND_OP_ADD,
      .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
      .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      .alphaBlendOp = VK_BLEND_OP_ADD,
      .colorWriteMask = 0xF};
   const VkPipelineColorBlendAttachmentState add = {.blendEnable = VK_TRUE,
                                                    .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                                    .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                                    .colorBlendOp = VK_BLEND_OP_ADD,
                                                    .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                                    .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                                    .alphaBlendOp = VK_BLEND_OP_ADD,
                                                    .colorWriteMask = 0xF};
   const VkPipelineColorBlendAttachmentState konst = {
      .blendEnable = VK_TRUE,
      .srcColorBlendFactor = VK_BLEND_FACTOR_CONSTANT_COLOR,
      .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR,
      .colorBlendOp = VK_BLEND_OP_ADD,
      .srcAlphaBlendFactor = VK_BLEND_FACTOR_CONSTANT_ALPHA,
      .dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO,
      .alphaBlendOp = VK_BLEND_OP_ADD,
      .colorWriteMask = 0xF};
   const VkPipelineColorBlendAttachmentState revsub = {
      .blendEnable = VK_TRUE,
      .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
      .dstColorBlendFactor = VK_BLEND_FACTOR_DST_ALPHA,
      .colorBlendOp = VK_BLEND_OP_REVERSE_SUBTRACT,
      .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
      .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
      .alphaBlendOp = VK_BLEND_OP_MAX,
      .colorWriteMask = 0xF};
   const VkPipelineColorBlendAttachmentState rg = {.colorWriteMask = VK_COLOR_COMPONENT_R_BIT |
                                                                     VK_COLOR_COMPONENT_G_BIT};
   struct scene bl = {.name = "blend: alpha over",
                      .clear = {0.25f, 0.5f, 0.75f, 0.5f},
                      .v = bv,
                      .nv = 9,
                      .front = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                      .blend = &over};
   bad += check_scene(&g, &bl);
   bl.name = "blend: additive";
   bl.blend = &add;
   bl.clear[0] = 0.125f;
   bad += check_scene(&g, &bl);
   bl.name = "blend: constant colour";
   bl.blend = &konst;
   bl.blend_const[0] = 0.25f, bl.blend_const[1] = 0.5f, bl.blend_const[2] = 0.75f,
   bl.blend_const[3] = 0.625f;
   bad += check_scene(&g, &bl);
   bl.name = "blend: dynamic constants";
   bl.dyn_blend_const = true;
   bl.blend_const[0] = 0.875f, bl.blend_const[1] = 0.125f, bl.blend_const[2] = 0.375f,
   bl.blend_const[3] = 0.25f;
   bad += check_scene(&g, &bl);
   bl.dyn_blend_const = false;
   bl.name = "blend: rev-subtract, MAX";
   bl.blend = &revsub;
   bl.clear[0] = 1, bl.clear[1] = 0.75f, bl.clear[2] = 0.5f, bl.clear[3] = 0.75f;
   bad += check_scene(&g, &bl);
   bl.name = "write mask RG";
   bl.blend = &rg;
   bad += check_scene(&g, &bl);
   /* Attachment 0 alpha-blended, attachment 2 (R32F: not clamped, read back
    * clamped to [0, 1]) additive over a clear of 0.25. */
   struct scene mb = bl;
   mb.name = "MRT blend (over, add)";
   mb.mrt = true;
   mb.blend = &over;
   mb.blend2 = &add;
   mb.clear[0] = 0.25f, mb.clear[1] = 0, mb.clear[2] = 0, mb.clear[3] = 0;
   bad += check_scene(&g, &mb);

   /* State changes between draws of one pass, each alone (the driver
    * re-emits only what changed: a stale copy shows up here). */
   const float px = 2.0f / W, py = 2.0f / H; /* one pixel in clip space */
   struct vtx two[6] = {V(2.5, 2.5, 1, 1, 0, 0),  V(14.5, 2.5, 1, 0, 1, 0),
                        V(2.5, 14.5, 1, 0, 0, 1), V(20.5, 2.5, 1, 1, 1, 0),
                        V(30.5, 2.5, 1, 0, 1, 1), V(20.5, 12.5, 1, 1, 0, 1)};
   /* push constants only: the same triangle at three offsets (firstInstance 1) */
   const struct step push_steps[3] = {
      {.count = 3, .first_instance = 1, .offset = {8 * px, 12 * py}},
      {.count = 3, .first_instance = 1, .offset = {24 * px, 4 * py}},
      {.count = 3, .first_instance = 1, .offset = {40 * px, 30 * py}}};
   struct scene cache = {.name = "state: push constants",
                         .clear = {0.1f, 0.2f, 0.3f, 1},
                         .v = two,
                         .nv = 6,
                         .front = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                         .steps = push_steps,
                         .nsteps = 3};
   bad += check_scene(&g, &cache);
   /* firstInstance only (the push-constant offset stays) */
   const struct step inst_steps[3] = {
      {.count = 3, .first_instance = 0, .offset = {10 * px, 9 * py}},
      {.count = 3, .first_instance = 1, .offset = {10 * px, 9 * py}},
      {.count = 3, .first_instance = 3, .offset = {10 * px, 9 * py}}};
   cache.name = "state: firstInstance";
   cache.steps = inst_steps;
   bad += check_scene(&g, &cache);
   /* descriptor set: set 1, set 2 (other vertices), set 1 again (other range) */
   struct vtx two2[6];
   for (int i = 0; i < 6; i++) {
      two2[i] = two[i];
      two2[i].pos[1] += 40 * py;
      two2[i].col[0] = 1 - two[i].col[0];
   }
   const struct step set_steps[3] = {{.count = 3},
                                     {.count = 3, .set2 = true},
                                     {.first = 3, .count = 3}};
   cache.name = "state: descriptor set";
   cache.steps = set_steps;
   cache.v2 = two2;
   bad += check_scene(&g, &cache);
   /* sets in turn, then each again with more vertices: the roots of the
    * last two draws equal those of the first two (a driver may reuse
    * them; taking the other set's shows as the wrong second triangle) */
   const struct step set_turn_steps[4] = {{.count = 3},
                                          {.count = 3, .set2 = true},
                                          {.count = 6},
                                          {.count = 6, .set2 = true}};
   cache.name = "state: descriptor sets in turn";
   cache.steps = set_turn_steps;
   cache.nsteps = 4;
   bad += check_scene(&g, &cache);
   cache.nsteps = 3;
   cache.v2 = NULL;
   /* dynamic viewport: the pair into three quadrants */
   const struct step vp_steps[3] = {{.count = 6, .vp = {0, 0, 32, 32, 0, 1}},
                                    {.count = 6, .vp = {32, 0, 32, 32, 0, 1}},
                                    {.count = 6, .vp = {0, 32, 32, 32, 0, 1}}};
   cache.name = "state: dynamic viewport";
   cache.steps = vp_steps;
   bad += check_scene(&g, &cache);
   /* dynamic blend constants: constant-colour blending, constants per draw */
   struct scene bc = {.name = "state: blend constants",
                      .clear = {0.25f, 0.5f, 0.75f, 0.5f},
                      .v = bv,
                      .nv = 9,
                      .front = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                      .blend = &konst,
                      .dyn_blend_const = true,
                      .nsteps = 3};
   const struct step bc_steps[3] = {
      {.count = 3, .blend_const = {0.25f, 0.5f, 0.75f, 0.625f}},
      {.first = 3, .count = 3, .blend_const = {0.875f, 0.125f, 0.375f, 0.25f}},
      {.first = 6, .count = 3, .blend_const = {0.25f, 0.5f, 0.75f, 0.625f}}};
   bc.steps = bc_steps;
   bad += check_scene(&g, &bc);
   /* pipeline switch and back: A (no culling, no blending), B (back faces
    * culled, additive: another fragment epilog), A, B; a back-facing
    * triangle (top left) and a front-facing one (top right), moved down by
    * the push-constant offset in steps 2 and 3. */
   struct vtx quads[6] = {V(4, 4, 1, 0.4f, 0.2f, 0.1f),   V(28, 4, 1, 0.4f, 0.2f, 0.1f),
                          V(4, 28, 1, 0.4f, 0.2f, 0.1f),  V(36, 4, 1, 0.1f, 0.3f, 0.4f),
                          V(36, 28, 1, 0.1f, 0.3f, 0.4f), V(60, 4, 1, 0.1f, 0.3f, 0.4f)};
   const struct step pipe_steps[4] = {
      {.count = 6},
      {.count = 6, .first_instance = 1, .offset = {0, 32 * py}, .alt = true},
      {.count = 6, .first_instance = 1, .offset = {0, 32 * py}},
      {.count = 6, .alt = true}};
   struct scene ps = {.name = "state: pipeline A/B/A/B",
                      .clear = {0.1f, 0.1f, 0.1f, 1},
                      .v = quads,
                      .nv = 6,
                      .front = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                      .steps = pipe_steps,
                      .nsteps = 4,
                      .alt_cull = VK_CULL_MODE_BACK_BIT,
                      .alt_blend = &add};
   bad += check_scene(&g, &ps);

   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   printf("total: %u pixels compared, %u mismatches, max channel error %u\n", total_pixels,
          total_mismatches, worst_error);
   return bad || ret ? 1 : 0;
}
