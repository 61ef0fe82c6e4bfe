/*
 * Vertex buffers through the loader (the vertex-fetch prolog): scenes of
 * axis-aligned rectangles (two triangles each, corners on pixel corners so
 * no pixel centre lies on an edge) whose positions and colours come from
 * vertex attributes, into a 64x64 R8G8B8A8_UNORM attachment, compared with
 * a CPU reference that fills the same rectangles with the colours the
 * attribute formats decode to (Vulkan "Fixed-Point Data Conversions"), one
 * unorm step of tolerance. Scenes: R32G32_SFLOAT positions + R8G8B8A8_UNORM
 * colours in two bindings (vkCmdBindVertexBuffers); one interleaved binding
 * with a 20-byte stride, attribute offsets 4 / 12 and a binding offset of 8
 * (vkCmdBindVertexBuffers2 with a size); per-instance colour and offset
 * (input rate INSTANCE, firstInstance 1); the colour binding bound again
 * at another offset between two draws (nothing else changes); an indexed draw with vertexOffset; R32G32B32_SFLOAT positions (z
 * added to blue) with R16G16_SNORM colours; R8G8B8A8_UINT to a flat uvec4
 * varying; with robustBufferAccess, a colour range ending inside an
 * element (agx-vk only: elements past the clamp read zeros); instance
 * divisors 3, 1 and 0 (VK_EXT_vertex_attribute_divisor) from firstInstance 2;
 * attribute offsets of 1024 and 2044 in a 2048-byte element; colours in
 * B8G8R8A8_UNORM, A8B8G8R8_UNORM_PACK32, A2B10G10R10_UNORM_PACK32 and
 * A2B10G10R10_UINT_PACK32. Also checks VERTEX_BUFFER format features.
 *
 * test_vertex_input VBO_VERT VBO_INST_VERT VBO_INT_VERT DRAW_FRAG VBO_INT_FRAG
 *                   [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

static bool maintenance5; /* VK_KHR_maintenance5 enabled on the device */

#define W 64
#define H 64

struct rect {
   int x0, y0, x1, y1; /* pixels [x0, x1) x [y0, y1) */
   uint8_t rgba[4];    /* the colour the reference expects */
};

struct scene {
   const char *name;
   VkShaderModule vs, fs;
   uint32_t nbind, nattr;
   VkVertexInputBindingDescription bind[3];
   VkVertexInputAttributeDescription attr[3];
   const void *data[3]; /* per binding: bytes copied to its buffer */
   uint32_t size[3];
   VkDeviceSize offset[3]; /* binding offsets */
   bool bind2;             /* vkCmdBindVertexBuffers2 with sizes */
   VkDeviceSize range[3];  /* bind2: the bound size (0: size[b]) */
   const uint32_t *idx;    /* vkCmdDrawIndexed of `vertices` indices when set */
   int32_t vertex_offset;
   uint32_t vertices, instances, first_instance;
   /* split > 0: vertices [0, split) drawn, then the last binding bound
    * again at rebind_offset (nothing else changes), then [split, vertices). */
   uint32_t split;
   VkDeviceSize rebind_offset;
   const struct rect *rects;
   uint32_t nrects;
   /* VK_EXT_vertex_attribute_divisor: divisors of per-instance bindings */
   uint32_t ndiv;
   VkVertexInputBindingDivisorDescriptionEXT div[3];
};

static struct agx_vk_ctx c;
static struct agx_vk_image image;
static VkPipelineLayout layout;
static struct agx_vk_buffer out;

static void
setup(void)
{
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &image);
   layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

static VkPipeline
pipeline(const struct scene *s)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, s->vs, s->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   VkPipelineVertexInputDivisorStateCreateInfoEXT div = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
      .vertexBindingDivisorCount = s->ndiv,
      .pVertexBindingDivisors = s->div};
   b.vi.pNext = s->ndiv ? &div : NULL;
   b.vi.vertexBindingDescriptionCount = s->nbind;
   b.vi.pVertexBindingDescriptions = s->bind;
   b.vi.vertexAttributeDescriptionCount = s->nattr;
   b.vi.pVertexAttributeDescriptions = s->attr;
   return agx_vk_gfx_create(&c, &b);
}

/* Renders a scene (cleared to transparent black) and reads it back. */
static void
render(const struct scene *s, uint8_t *img)
{
   struct agx_vk_buffer vb[3];
   VkBuffer bufs[3];
   VkDeviceSize sizes[3], strides[3];
   for (uint32_t b = 0; b < s->nbind; b++) {
      vb[b] =
         agx_vk_buffer_usage(&c, s->offset[b] + s->size[b] + 64, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
      memset(vb[b].map, 0xEE, vb[b].size); /* bytes outside the attributes */
      memcpy(vb[b].map + s->offset[b], s->data[b], s->size[b]);
      bufs[b] = vb[b].buf;
      sizes[b] = s->range[b] ? s->range[b] : s->size[b];
      strides[b] = s->bind[b].stride;
   }
   memset(out.ptr, 0xAB, W * H * 4);
   VkPipeline p = pipeline(s);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, 0}, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(image.view, &(VkClearColorValue){0});
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &att});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   if (s->bind2) {
      /* strides NULL: the pipeline's (they are static) */
      (void)strides;
      vkCmdBindVertexBuffers2(cb, 0, s->nbind, bufs, s->offset, sizes, NULL);
   } else {
      vkCmdBindVertexBuffers(cb, 0, s->nbind, bufs, s->offset);
   }
   struct agx_vk_buffer ib = {0};
   if (s->idx) {
      ib = agx_vk_buffer_usage(&c, 4 * s->vertices, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
      memcpy(ib.map, s->idx, 4 * s->vertices);
      vkCmdBindIndexBuffer(cb, ib.buf, 0, VK_INDEX_TYPE_UINT32);
      vkCmdDrawIndexed(cb, s->vertices, s->instances ? s->instances : 1, 0, s->vertex_offset,
                       s->first_instance);
   } else if (s->split) {
      vkCmdDraw(cb, s->split, 1, 0, 0);
      uint32_t last = s->nbind - 1;
      vkCmdBindVertexBuffers(cb, last, 1, &bufs[last], &s->rebind_offset);
      vkCmdDraw(cb, s->vertices - s->split, 1, s->split, 0);
   } else {
      vkCmdDraw(cb, s->vertices, s->instances ? s->instances : 1, 0, s->first_instance);
   }
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, image.image, VK_IMAGE_ASPECT_COLOR_BIT,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, out.buf, 0);
   VK_OK(agx_vk_submit_wait(&c, cb));
   memcpy(img, out.ptr, W * H * 4);
   vkDestroyPipeline(c.dev, p, NULL);
   if (s->idx)
      agx_vk_buffer_free(&c, &ib);
   for (uint32_t b = 0; b < s->nbind; b++)
      agx_vk_buffer_free(&c, &vb[b]);
}

/* Compares with the reference: the rectangles in order over transparent black. */
static unsigned
check(const struct scene *s)
{
   static uint8_t got[W * H * 4], want[W * H * 4];
   memset(want, 0, sizeof(want));
   for (uint32_t r = 0; r < s->nrects; r++)
      for (int y = s->rects[r].y0; y < s->rects[r].y1; y++)
         for (int x = s->rects[r].x0; x < s->rects[r].x1; x++)
            memcpy(want + 4 * (y * W + x), s->rects[r].rgba, 4);
   render(s, got);
   unsigned bad = 0;
   for (int i = 0; i < W * H; i++) {
      int err = 0;
      for (int k = 0; k < 4; k++) {
         int d = abs((int)got[4 * i + k] - (int)want[4 * i + k]);
         err = d > err ? d : err;
      }
      if (err > 1 && bad++ < 4)
         printf("  %s: pixel (%d,%d) got %u %u %u %u want %u %u %u %u\n", s->name, i % W, i / W,
                got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], want[4 * i],
                want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
   }
   printf("%s %s: %u of %d pixels differ\n", bad ? "FAIL" : "ok", s->name, bad, W * H);
   return bad ? 1 : 0;
}

/* Clip-space coordinate of a pixel corner. */
static float
nx(int px)
{
   return (float)px / (W / 2) - 1.0f;
}

/* The six corners (two triangles) of a rectangle in clip space, xy pairs. */
static void
quad(const struct rect *r, float *xy)
{
   const int c[6][2] = {{r->x0, r->y0}, {r->x1, r->y0}, {r->x0, r->y1},
                        {r->x1, r->y0}, {r->x1, r->y1}, {r->x0, r->y1}};
   for (int i = 0; i < 6; i++) {
      xy[2 * i] = nx(c[i][0]);
      xy[2 * i + 1] = nx(c[i][1]);
   }
}

static uint8_t
unorm8(double v)
{
   return (uint8_t)floor((v < 0 ? 0 : v > 1 ? 1 : v) * 255.0 + 0.5);
}

int
main(int argc, char **argv)
{
   if (argc < 6) {
      fprintf(stderr,
              "usage: %s VBO_VERT VBO_INST_VERT VBO_INT_VERT DRAW_FRAG VBO_INT_FRAG "
              "[--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   /* VK_EXT_vertex_attribute_divisor with zero divisors (vkd3d-proton
    * requires both features) */
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &divf};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!agx_vk_ctx_has_extension(&c, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME) ||
       !divf.vertexAttributeInstanceRateDivisor || !divf.vertexAttributeInstanceRateZeroDivisor) {
      fprintf(stderr, "VK_EXT_vertex_attribute_divisor (with zero divisors) not advertised\n");
      return 1;
   }
   VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT divp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &divp};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   CHECK(divp.maxVertexAttribDivisor >= 3);
   f13.pNext = &divf;
   /* robustBufferAccess: the clamp scene reads past a binding's range */
   VkPhysicalDeviceFeatures feat = {.robustBufferAccess = VK_TRUE};
   /* VK_KHR_maintenance5 (scene 6b: VK_WHOLE_SIZE in vkCmdBindVertexBuffers2)
    * when offered, except under the 1.3.239 validation layer, which predates
    * it and flags the size */
   const char *exts[] = {VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, "VK_KHR_maintenance5"};
   maintenance5 = agx_vk_ctx_has_extension(&c, exts[1]) && !c.validation;
   agx_vk_ctx_device_features(&c, &f13, &feat, maintenance5 ? 2 : 1, exts);
   setup();
   VkShaderModule vs = agx_vk_shader(&c, argv[1]), vs_inst = agx_vk_shader(&c, argv[2]),
                  vs_int = agx_vk_shader(&c, argv[3]);
   VkShaderModule fs = agx_vk_shader(&c, argv[4]), fs_int = agx_vk_shader(&c, argv[5]);
   unsigned bad = 0;

   /* Format features: the formats drawn here take VERTEX_BUFFER; on
    * agx-vk, formats the prolog does not convert do not. */
   const VkFormat vfmt[] = {VK_FORMAT_R32G32_SFLOAT,          VK_FORMAT_R8G8B8A8_UNORM,
                            VK_FORMAT_R32G32B32_SFLOAT,       VK_FORMAT_R16G16_SNORM,
                            VK_FORMAT_R8G8B8A8_UINT,          VK_FORMAT_B8G8R8A8_UNORM,
                            VK_FORMAT_A8B8G8R8_UNORM_PACK32,  VK_FORMAT_A2B10G10R10_UNORM_PACK32,
                            VK_FORMAT_A2B10G10R10_UINT_PACK32};
   const VkFormat novfmt[] = {VK_FORMAT_A2R10G10B10_UNORM_PACK32, VK_FORMAT_R8G8B8_UNORM,
                              VK_FORMAT_R16G16B16_SFLOAT, VK_FORMAT_R64_SFLOAT};
   for (unsigned i = 0; i < sizeof(novfmt) / sizeof(novfmt[0]) && !c.reference; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(c.pdev, novfmt[i], &fp);
      if (fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) {
         printf("FAIL format %d has VERTEX_BUFFER, the prolog does not convert it\n", novfmt[i]);
         bad++;
      }
   }
   for (unsigned i = 0; i < sizeof(vfmt) / sizeof(vfmt[0]); i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(c.pdev, vfmt[i], &fp);
      if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)) {
         printf("FAIL format %d has no VERTEX_BUFFER feature\n", vfmt[i]);
         bad++;
      }
   }

   /* 1. Two bindings: R32G32_SFLOAT positions, R8G8B8A8_UNORM colours. */
   struct rect r1[2] = {{4, 4, 30, 20, {255, 0, 0, 255}}, {20, 10, 60, 50, {10, 200, 30, 128}}};
   float pos1[24];
   uint8_t col1[12][4];
   for (int q = 0; q < 2; q++) {
      quad(&r1[q], pos1 + 12 * q);
      for (int v = 0; v < 6; v++)
         memcpy(col1[6 * q + v], r1[q].rgba, 4);
   }
   struct scene s1 = {
      .name = "two bindings",
      .vs = vs,
      .fs = fs,
      .nbind = 2,
      .nattr = 2,
      .bind = {{0, 8, VK_VERTEX_INPUT_RATE_VERTEX}, {1, 4, VK_VERTEX_INPUT_RATE_VERTEX}},
      .attr = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0}, {1, 1, VK_FORMAT_R8G8B8A8_UNORM, 0}},
      .data = {pos1, col1},
      .size = {sizeof(pos1), sizeof(col1)},
      .vertices = 12,
      .rects = r1,
      .nrects = 2};
   bad += check(&s1);

   /* 1b. The same, the colour binding bound again between the two quads'
    * draws at an offset of 12 elements: the second quad's colours come
    * from elements 18..23 (its own elements 6..11 hold magenta). */
   uint8_t col1b[24][4];
   for (int v = 0; v < 24; v++) {
      static const uint8_t magenta[4] = {255, 0, 255, 255};
      memcpy(col1b[v], v < 6 ? r1[0].rgba : v >= 18 ? r1[1].rgba : magenta, 4);
   }
   struct scene s1b = s1;
   s1b.name = "two bindings, colours bound again between draws";
   s1b.data[1] = col1b;
   s1b.size[1] = sizeof(col1b);
   s1b.split = 6;
   s1b.rebind_offset = 12 * 4;
   bad += check(&s1b);

   /* 2. Interleaved: 20-byte elements {4 pad, float x y, rgba8, 4 pad},
    * binding offset 8, vkCmdBindVertexBuffers2 with the exact size. */
   struct rect r2[2] = {{0, 32, 32, 64, {0, 0, 255, 255}}, {8, 40, 56, 60, {90, 180, 45, 255}}};
   uint8_t il[12 * 20];
   memset(il, 0x77, sizeof(il));
   for (int q = 0; q < 2; q++) {
      float xy[12];
      quad(&r2[q], xy);
      for (int v = 0; v < 6; v++) {
         memcpy(il + 20 * (6 * q + v) + 4, xy + 2 * v, 8);
         memcpy(il + 20 * (6 * q + v) + 12, r2[q].rgba, 4);
      }
   }
   struct scene s2 = {
      .name = "interleaved, stride 20, offsets",
      .vs = vs,
      .fs = fs,
      .nbind = 1,
      .nattr = 2,
      .bind = {{0, 20, VK_VERTEX_INPUT_RATE_VERTEX}},
      .attr = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 4}, {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 12}},
      .data = {il},
      .size = {sizeof(il)},
      .offset = {8},
      .bind2 = true,
      .vertices = 12,
      .rects = r2,
      .nrects = 2};
   bad += check(&s2);

   /* 3. Per instance: one quad, colours and offsets per instance, three
    * instances from firstInstance 1 (elements 1..3; element 0 unused). */
   struct rect base = {2, 2, 14, 14, {0}};
   float pos3[12];
   quad(&base, pos3);
   uint8_t col3[4][4] = {{1, 1, 1, 1}, {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255}};
   float off3[4][2] = {{0.5f, 0.5f}, {0, 0}, {0.5f, 0.25f}, {1.0f, 1.0f}};
   struct rect r3[3];
   for (int i = 0; i < 3; i++) {
      int dx = (int)(off3[i + 1][0] * 32), dy = (int)(off3[i + 1][1] * 32);
      r3[i] = (struct rect){base.x0 + dx, base.y0 + dy, base.x1 + dx, base.y1 + dy, {0}};
      memcpy(r3[i].rgba, col3[i + 1], 4);
   }
   struct scene s3 = {.name = "per-instance attributes",
                      .vs = vs_inst,
                      .fs = fs,
                      .nbind = 3,
                      .nattr = 3,
                      .bind = {{0, 8, VK_VERTEX_INPUT_RATE_VERTEX},
                               {1, 4, VK_VERTEX_INPUT_RATE_INSTANCE},
                               {2, 8, VK_VERTEX_INPUT_RATE_INSTANCE}},
                      .attr = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0},
                               {1, 1, VK_FORMAT_R8G8B8A8_UNORM, 0},
                               {2, 2, VK_FORMAT_R32G32_SFLOAT, 0}},
                      .data = {pos3, col3, off3},
                      .size = {sizeof(pos3), sizeof(col3), sizeof(off3)},
                      .vertices = 6,
                      .instances = 3,
                      .first_instance = 1,
                      .rects = r3,
                      .nrects = 3};
   bad += check(&s3);

   /* 4. R32G32B32_SFLOAT positions (z = 0.2 added to blue) and
    * R16G16_SNORM colours (blue 0, alpha 1 filled in). */
   struct rect r4[1] = {{16, 8, 48, 40, {0}}};
   float pos4[6][3];
   float xy4[12];
   quad(&r4[0], xy4);
   for (int v = 0; v < 6; v++)
      pos4[v][0] = xy4[2 * v], pos4[v][1] = xy4[2 * v + 1], pos4[v][2] = 0.2f;
   int16_t col4[6][2];
   for (int v = 0; v < 6; v++)
      col4[v][0] = 16000, col4[v][1] = -5000; /* negative: clamps to 0 in the attachment */
   r4[0].rgba[0] = unorm8(16000.0 / 32767.0);
   r4[0].rgba[1] = 0;
   r4[0].rgba[2] = unorm8(0.2f);
   r4[0].rgba[3] = 255;
   struct scene s4 = {
      .name = "R32G32B32_SFLOAT + R16G16_SNORM",
      .vs = vs,
      .fs = fs,
      .nbind = 2,
      .nattr = 2,
      .bind = {{0, 12, VK_VERTEX_INPUT_RATE_VERTEX}, {1, 4, VK_VERTEX_INPUT_RATE_VERTEX}},
      .attr = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0}, {1, 1, VK_FORMAT_R16G16_SNORM, 0}},
      .data = {pos4, col4},
      .size = {sizeof(pos4), sizeof(col4)},
      .vertices = 6,
      .rects = r4,
      .nrects = 1};
   bad += check(&s4);

   /* 5. R8G8B8A8_UINT -> flat uvec4 varying -> / 255. */
   struct rect r5[1] = {{30, 2, 62, 30, {51, 102, 204, 255}}};
   float pos5[12];
   quad(&r5[0], pos5);
   uint8_t col5[6][4];
   for (int v = 0; v < 6; v++)
      memcpy(col5[v], r5[0].rgba, 4);
   struct scene s5 = {
      .name = "R8G8B8A8_UINT flat",
      .vs = vs_int,
      .fs = fs_int,
      .nbind = 2,
      .nattr = 2,
      .bind = {{0, 8, VK_VERTEX_INPUT_RATE_VERTEX}, {1, 4, VK_VERTEX_INPUT_RATE_VERTEX}},
      .attr = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0}, {1, 1, VK_FORMAT_R8G8B8A8_UINT, 0}},
      .data = {pos5, col5},
      .size = {sizeof(pos5), sizeof(col5)},
      .vertices = 6,
      .rects = r5,
      .nrects = 1};
   bad += check(&s5);

   /* 6. The element clamp (agx-vk only: Vulkan lets robust out-of-range
    * vertex reads return any in-range value too; the prolog returns zeros
    * with the missing components filled, robustBufferAccess2's rule, so
    * (0, 0, 0, 0) for RGBA8): scene 1 with the colours' range
    * (BindVertexBuffers2 size) holding the first quad's colours and 3 bytes
    * of the next one, so the second quad is transparent black. */
   struct rect r6[2] = {r1[0], {20, 10, 60, 50, {0, 0, 0, 0}}};
   struct scene s6 = s1;
   s6.name = "element clamp (robust)";
   s6.range[1] = 6 * 4 + 3;
   s6.bind2 = true;
   s6.rects = r6;
   if (!c.reference)
      bad += check(&s6);

   /* 6b. vkCmdBindVertexBuffers2 with VK_WHOLE_SIZE sizes (VK_KHR_maintenance5):
    * the rest of each buffer is bound, so scene 1's image (a size taken as 0
    * would make every read out of range). */
   struct scene s6b = s1;
   s6b.name = "bind2 VK_WHOLE_SIZE (maintenance5)";
   s6b.range[0] = s6b.range[1] = VK_WHOLE_SIZE;
   s6b.bind2 = true;
   if (maintenance5)
      bad += check(&s6b);
   else
      printf("skipped %s: VK_KHR_maintenance5 not enabled\n", s6b.name);

   /* 7. Indexed with vertexOffset 3: scene 1's vertices behind three
    * others, indices reversed per quad (same triangles, other order). */
   float pos7[30];
   uint8_t col7[15][4];
   memset(pos7, 0, sizeof(pos7));
   memset(col7, 0x55, sizeof(col7));
   memcpy(pos7 + 6, pos1, sizeof(pos1));
   memcpy(col7[3], col1, sizeof(col1));
   uint32_t idx7[12] = {5, 4, 3, 2, 1, 0, 11, 10, 9, 8, 7, 6};
   struct scene s7 = s1;
   s7.name = "indexed, vertexOffset 3";
   s7.data[0] = pos7;
   s7.data[1] = col7;
   s7.size[0] = sizeof(pos7);
   s7.size[1] = sizeof(col7);
   s7.idx = idx7;
   s7.vertex_offset = 3;
   bad += check(&s7);

   /* 8. Divisors (VK_EXT_vertex_attribute_divisor; Vulkan "Vertex Input
    * Address Calculation": element = firstInstance + (InstanceIndex -
    * firstInstance) / divisor, firstInstance for divisor 0): six instances
    * from firstInstance 2, offsets per instance (divisor 1: elements 2..7),
    * colours with divisor 3 (elements 2, 2, 2, 3, 3, 3). */
   float off8[8][2];
   uint8_t col8[4][4] = {{1, 1, 1, 1}, {1, 1, 1, 1}, {255, 255, 0, 255}, {0, 255, 255, 255}};
   struct rect r8[6];
   for (int i = 0; i < 8; i++)
      off8[i][0] = (float)(i % 4) * 0.5f, off8[i][1] = (float)(i / 4) * 0.5f;
   for (int i = 0; i < 6; i++) {
      int e = 2 + i, dx = (e % 4) * 16, dy = (e / 4) * 16;
      r8[i] = (struct rect){base.x0 + dx, base.y0 + dy, base.x1 + dx, base.y1 + dy, {0}};
      memcpy(r8[i].rgba, col8[2 + i / 3], 4);
   }
   struct scene s8 = s3;
   s8.name = "instance divisors 3 and 1";
   s8.data[1] = col8, s8.size[1] = sizeof(col8);
   s8.data[2] = off8, s8.size[2] = sizeof(off8);
   s8.instances = 6, s8.first_instance = 2;
   s8.ndiv = 2;
   s8.div[0] = (VkVertexInputBindingDivisorDescriptionEXT){1, 3};
   s8.div[1] = (VkVertexInputBindingDivisorDescriptionEXT){2, 1};
   s8.rects = r8, s8.nrects = 6;
   bad += check(&s8);

   /* 9. Divisor 0: every instance reads element firstInstance (2) of the
    * colours. */
   struct rect r9[6];
   for (int i = 0; i < 6; i++) {
      r9[i] = r8[i];
      memcpy(r9[i].rgba, col8[2], 4);
   }
   struct scene s9 = s8;
   s9.name = "instance divisor 0";
   s9.div[0].divisor = 0;
   s9.rects = r9;
   bad += check(&s9);

   /* 10. Attribute offsets past byte 255 (dEQP's mat4 columns after other
    * attributes in one binding; pipeline creation failed for elements over
    * 255 bytes): a 2048-byte stride (maxVertexInputBindingStride),
    * positions at 1024, colours at 2044. */
   static uint8_t far10[12 * 2048];
   memset(far10, 0x33, sizeof(far10));
   for (int q = 0; q < 2; q++) {
      float xy[12];
      quad(&r1[q], xy);
      for (int v = 0; v < 6; v++) {
         memcpy(far10 + 2048 * (6 * q + v) + 1024, xy + 2 * v, 8);
         memcpy(far10 + 2048 * (6 * q + v) + 2044, r1[q].rgba, 4);
      }
   }
   struct scene s10 = {
      .name = "attribute offsets 1024 and 2044",
      .vs = vs,
      .fs = fs,
      .nbind = 1,
      .nattr = 2,
      .bind = {{0, 2048, VK_VERTEX_INPUT_RATE_VERTEX}},
      .attr = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 1024}, {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 2044}},
      .data = {far10},
      .size = {sizeof(far10)},
      .vertices = 12,
      .rects = r1,
      .nrects = 2};
   bad += check(&s10);

   /* 11-13. Colours in B8G8R8A8_UNORM (memory B, G, R, A),
    * A8B8G8R8_UNORM_PACK32 (R in the low byte) and A2B10G10R10_UNORM_PACK32
    * (10-bit R, G, B from bit 0, 2-bit A; Vulkan "Packed Formats"). */
   struct rect r11[3] = {{2, 2, 20, 20, {200, 100, 50, 255}},
                         {22, 2, 40, 20, {10, 220, 130, 64}},
                         {42, 2, 62, 20, {0, 0, 0, 0}}};
   uint32_t rgb10[3] = {700, 300, 1000}, a2 = 2;
   for (int k = 0; k < 3; k++)
      r11[2].rgba[k] = unorm8(rgb10[k] / 1023.0);
   r11[2].rgba[3] = unorm8(a2 / 3.0);
   float pos11[36];
   for (int q = 0; q < 3; q++)
      quad(&r11[q], pos11 + 12 * q);
   uint8_t col11[18][4];
   for (int v = 0; v < 6; v++) {
      const uint8_t *c0 = r11[0].rgba, *c1 = r11[1].rgba;
      uint8_t bgra[4] = {c0[2], c0[1], c0[0], c0[3]};
      memcpy(col11[v], bgra, 4);
      memcpy(col11[6 + v], c1, 4);
      uint32_t w = rgb10[0] | rgb10[1] << 10 | rgb10[2] << 20 | a2 << 30;
      memcpy(col11[12 + v], &w, 4);
   }
   static const VkFormat f11[3] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_A8B8G8R8_UNORM_PACK32,
                                   VK_FORMAT_A2B10G10R10_UNORM_PACK32};
   static const char *const n11[3] = {"B8G8R8A8_UNORM colours", "A8B8G8R8_UNORM_PACK32 colours",
                                      "A2B10G10R10_UNORM_PACK32 colours"};
   for (int q = 0; q < 3; q++) {
      struct scene s11 = {
         .name = n11[q],
         .vs = vs,
         .fs = fs,
         .nbind = 2,
         .nattr = 2,
         .bind = {{0, 8, VK_VERTEX_INPUT_RATE_VERTEX}, {1, 4, VK_VERTEX_INPUT_RATE_VERTEX}},
         .attr = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0}, {1, 1, f11[q], 0}},
         .data = {pos11 + 12 * q, col11[6 * q]},
         .size = {48, 24},
         .vertices = 6,
         .rects = &r11[q],
         .nrects = 1};
      bad += check(&s11);
   }

   /* 14. A2B10G10R10_UINT_PACK32 -> flat uvec4 varying -> / 255. */
   struct rect r14[1] = {{30, 34, 62, 62, {51, 102, 204, 3}}};
   float pos14[12];
   quad(&r14[0], pos14);
   uint32_t col14[6];
   for (int v = 0; v < 6; v++)
      col14[v] = 51u | 102u << 10 | 204u << 20 | 3u << 30;
   struct scene s14 = {
      .name = "A2B10G10R10_UINT_PACK32 flat",
      .vs = vs_int,
      .fs = fs_int,
      .nbind = 2,
      .nattr = 2,
      .bind = {{0, 8, VK_VERTEX_INPUT_RATE_VERTEX}, {1, 4, VK_VERTEX_INPUT_RATE_VERTEX}},
      .attr = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0}, {1, 1, VK_FORMAT_A2B10G10R10_UINT_PACK32, 0}},
      .data = {pos14, col14},
      .size = {sizeof(pos14), sizeof(col14)},
      .vertices = 6,
      .rects = r14,
      .nrects = 1};
   bad += check(&s14);

   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, vs_inst, NULL);
   vkDestroyShaderModule(c.dev, vs_int, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   vkDestroyShaderModule(c.dev, fs_int, NULL);
   agx_vk_image_free(&c, &image);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   agx_vk_buffer_free(&c, &out);
   int ret = agx_vk_ctx_finish(&c);
   printf("%u failures\n", bad);
   return bad || ret ? 1 : 0;
}
