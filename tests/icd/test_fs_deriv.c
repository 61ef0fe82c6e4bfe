/*
 * Fragment-shader derivatives through the driver: implicit-LOD sampling and dFdx/dFdy/fwidth,
 * helper lanes of partly covered quads included, and a vertex shader whose positions come
 * from a constant array indexed by gl_VertexIndex and whose flat output is read from a local
 * array indexed dynamically (the per-thread stack and the render command's helper program).
 *
 * One triangle (screen (0, 0), (66, 64), (0, 64) in a 64x64 target: a diagonal edge that
 * never passes through a pixel centre) is drawn twice:
 *  - shaders/deriv_mip.frag samples a 64x64 texture whose 7 levels are flat, distinct colours,
 *    at coordinates f(p) = 2^(6p/64) / (6 ln 2) of the pixel position (nearest filtering and
 *    mip selection, bias 0 and 1 from a push constant). The CPU reference takes Vulkan's LOD
 *    from the differences of f across each 2x2 quad (lambda = log2(64 max(du/dx, dv/dy)) +
 *    bias, level ceil(lambda + 0.5) - 1 clamped to [0, 6]); a level within a quarter LOD of
 *    the reference's is accepted (Vulkan's LOD precision), and on agx-vk at least 90 % must
 *    match exactly. At least 5 levels must appear. A third draw demotes a checkerboard of
 *    pixels to helpers first: they keep the clear colour, the others the same levels. A
 *    fourth samples only in a branch taken by half of every quad (coordinates computed
 *    inside it): any level's colour there (Vulkan leaves that LOD undefined), no fault.
 *  - shaders/deriv_grad.frag writes dFdx / dFdy / fwidth / fine derivatives of known
 *    polynomials of gl_FragCoord, the vertex shader's tag and textureQueryLod at
 *    deriv_mip.frag's coordinates (the level accessed; the LOD within 0.1), one per draw to an R32
 *    float target; the reference evaluates the same differences across the quad.
 * Pixels outside the triangle must keep the clear colour.
 *
 * test_fs_deriv VS.spv MIP.spv GRAD.spv [--validation] [--reference]
 */
#include <math.h>
#include <string.h>

#include "agx_vk_gfx.h"

static struct agx_vk_ctx C;

#define W 64
#define H 64
#define SIZE 64
#define LEVELS 7

struct push {
   float bias, scale;
   int32_t shift, comp; /* comp: the component deriv_grad.frag writes */
};

static const uint8_t level_colour[LEVELS][4] = {
   {0, 255, 50, 255},   {40, 225, 200, 255},  {80, 195, 50, 255}, {120, 165, 200, 255},
   {160, 135, 50, 255}, {200, 105, 200, 255}, {240, 75, 50, 255},
};

/* Inside the triangle (0, 0), (66, 64), (0, 64): above the diagonal y = 64 x / 66. */
static bool
covered(int x, int y)
{
   return (y + 0.5) * 66.0 > (x + 0.5) * 64.0;
}

static double
f(double p)
{
   return exp2(p * 6.0 / 64.0) / (6.0 * log(2.0));
}

/* The first pixel centre of the quad holding coordinate p. */
static double
quad0(int p)
{
   return (double)(p & ~1) + 0.5;
}

static int
level_of(double lambda)
{
   if (lambda <= 0)
      return 0;
   int d = (int)ceil(lambda + 0.5) - 1;
   return d < 0 ? 0 : d > LEVELS - 1 ? LEVELS - 1 : d;
}

static VkPipeline
make_pipeline(VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs, VkFormat format)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, vs, fs, format);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   return agx_vk_gfx_create(&C, &b);
}

/* The texture: level l filled with level_colour[l]. */
static struct agx_vk_image
make_texture(void)
{
   struct agx_vk_image t;
   agx_vk_image_create(&C,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = SIZE,
                                                   .height = SIZE,
                                                   .levels = LEVELS,
                                                   .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                                            VK_IMAGE_USAGE_SAMPLED_BIT},
                       &t);
   struct agx_vk_buffer up = agx_vk_buffer(&C, SIZE * SIZE * 4 * 2);
   VkBufferImageCopy regions[LEVELS];
   size_t off = 0;
   for (uint32_t l = 0; l < LEVELS; l++) {
      uint32_t n = SIZE >> l;
      regions[l] = (VkBufferImageCopy){.bufferOffset = off,
                                       .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1},
                                       .imageExtent = {n, n, 1}};
      for (uint32_t i = 0; i < n * n; i++, off += 4)
         memcpy(up.map + off, level_colour[l], 4);
   }
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, t.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_COPY_WRITE);
   vkCmdCopyBufferToImage(cb, up.buf, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, LEVELS,
                          regions);
   agx_vk_barrier(cb, t.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, AGX_VK_COPY_WRITE,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                                         VK_ACCESS_2_SHADER_SAMPLED_READ_BIT});
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_buffer_free(&C, &up);
   return t;
}

/* Draws the triangle with `pipe` into a fresh target of `format` cleared to `clear` and
 * copies it to `out`. */
static void
draw(VkPipeline pipe, VkPipelineLayout layout, VkDescriptorSet set, VkFormat format,
     const float clear[4], const struct push *push, struct agx_vk_buffer *out)
{
   struct agx_vk_image rt;
   agx_vk_color_target(&C, format, W, H, &rt);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue cv;
   memcpy(cv.float32, clear, 16);
   agx_vk_begin_color_pass(cb, &rt, &cv);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      sizeof(*push), push);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, rt.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &rt, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, out->buf, 0);
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_image_free(&C, &rt);
}

/* The level whose colour a texel has, or -1. */
static int
level_from_colour(const uint8_t *p)
{
   for (int l = 0; l < LEVELS; l++) {
      bool same = true;
      for (int c = 0; c < 4; c++)
         same &= abs((int)p[c] - (int)level_colour[l][c]) <= 1;
      if (same)
         return l;
   }
   return -1;
}

static unsigned
check_mip(const uint8_t *img, float bias, bool demote)
{
   unsigned bad = 0, exact = 0, inside = 0, seen = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         const uint8_t *p = img + 4 * (y * W + x);
         if (!covered(x, y) || (demote && ((x ^ y) & 1))) {
            /* the clear colour (0.1, 0.2, 0.3, 0.4) */
            static const uint8_t cc[4] = {26, 51, 77, 102};
            bool ok = true;
            for (int c = 0; c < 4; c++)
               ok &= abs((int)p[c] - cc[c]) <= 1;
            if (!ok && bad++ < 8)
               fprintf(stderr, "bias %g: pixel (%d, %d) outside the triangle changed\n", bias, x,
                       y);
            continue;
         }
         inside++;
         double x0 = quad0(x), y0 = quad0(y);
         double du = f(x0 + 1) - f(x0), dv = f(y0 + 1) - f(y0);
         double lambda = log2(SIZE * (du > dv ? du : dv)) + bias;
         int want = level_of(lambda), lo = level_of(lambda - 0.25), hi = level_of(lambda + 0.25);
         int got = level_from_colour(p);
         if (got >= 0)
            seen |= 1u << got;
         exact += got == want;
         if ((got < lo || got > hi) && bad++ < 8)
            fprintf(stderr, "bias %g: pixel (%d, %d) level %d, want %d (LOD %.3f)\n", bias, x, y,
                    got, want, lambda);
      }
   }
   unsigned levels = (unsigned)__builtin_popcount(seen);
   printf("bias %g%s: %u of %u pixels at the exact level, %u levels, %u mismatches\n", bias,
          demote ? " (demoted checkerboard)" : "", exact, inside, levels, bad);
   if (levels < 5)
      bad++;
   if (!C.reference && exact * 10 < inside * 9)
      bad++;
   return bad;
}

static bool
close_to(float got, double want)
{
   return fabs(got - want) <= 1e-3 * (fabs(want) > 1 ? fabs(want) : 1);
}

static unsigned
check_grad(const float *img, unsigned c, float tag)
{
   unsigned bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         float got = img[y * W + x];
         double want[6] = {-7, -7, -7, -7, -7, -7};
         if (covered(x, y)) {
            double x0 = quad0(x), px = x + 0.5, py = y + 0.5;
            double dx = 0.01 * ((x0 + 1) * (x0 + 1) - x0 * x0);
            want[0] = dx;
            want[1] = 3.0 + 100.0 * (fabs(dx) + 3.0);
            want[2] = py + 1000.0 * px; /* fine: the pixel's own row and column */
            want[3] = tag;
            /* textureQueryLod: (LOD clamped to the levels, LOD) */
            double y0 = quad0(y), du = f(x0 + 1) - f(x0), dv = f(y0 + 1) - f(y0);
            double lambda = log2(SIZE * (du > dv ? du : dv));
            want[4] = level_of(lambda); /* the level accessed: nearest mip filtering */
            want[5] = lambda;
            if (c == 4 && got != (float)want[4] &&
                (got == (float)level_of(lambda - 0.1) || got == (float)level_of(lambda + 0.1)))
               want[4] = got; /* within the LOD precision of a level boundary */
         }
         /* LOD precision: Vulkan leaves it to the implementation */
         bool ok = c == 5 ? fabs(got - want[c]) <= 0.1 : close_to(got, want[c]);
         if (!ok && bad++ < 8)
            fprintf(stderr, "component %u, pixel (%d, %d): %g, want %g\n", c, x, y, got, want[c]);
      }
   }
   printf("derivatives, component %u: %u mismatches\n", c, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 4);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .shaderDemoteToHelperInvocation = VK_TRUE,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device(&C, &f13, 0, NULL);

   struct agx_vk_image tex = make_texture();
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_NEAREST,
                              .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .maxLod = VK_LOD_CLAMP_NONE};
   VkSampler samp;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp));
   struct agx_vk_set ds;
   agx_vk_set_create(&C, 1,
                     &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                              VK_SHADER_STAGE_FRAGMENT_BIT},
                     &ds);
   VkPipelineLayout layout = agx_vk_pipeline_layout(
      &C, 1, &ds.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
      sizeof(struct push));
   agx_vk_set_image(&C, &ds, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samp, tex.view,
                    VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
   VkDescriptorSet set = ds.set;

   VkShaderModule vs = agx_vk_shader(&C, argv[1]), mip = agx_vk_shader(&C, argv[2]),
                  grad = agx_vk_shader(&C, argv[3]);
   VkPipeline mip_pipe = make_pipeline(layout, vs, mip, VK_FORMAT_R8G8B8A8_UNORM);
   VkPipeline grad_pipe = make_pipeline(layout, vs, grad, VK_FORMAT_R32_SFLOAT);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&C, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

   unsigned bad = 0;
   const float clear8[4] = {0.1f, 0.2f, 0.3f, 0.4f}, clear32[4] = {-7, -7, -7, -7};
   /* sampling in non-uniform control flow within each quad: any level's colour where the
    * branch samples (Vulkan leaves the LOD undefined), magenta elsewhere; no fault */
   {
      struct push pc = {.bias = 0, .scale = 0.5f, .shift = 2, .comp = 2};
      draw(mip_pipe, layout, set, VK_FORMAT_R8G8B8A8_UNORM, clear8, &pc, &out);
      unsigned wrong = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint8_t *p = out.map + 4 * (y * W + x);
            bool ok = !covered(x, y) || ((x ^ y) & 1) ? true : level_from_colour(p) >= 0;
            if (covered(x, y) && ((x ^ y) & 1))
               ok = p[0] == 255 && p[1] == 0 && p[2] == 255 && p[3] == 255;
            if (!ok && wrong++ < 8)
               fprintf(stderr, "non-uniform sample: pixel (%d, %d) = (%u, %u, %u, %u)\n", x, y,
                       p[0], p[1], p[2], p[3]);
         }
      printf("non-uniform sampling: %u mismatches\n", wrong);
      bad += wrong;
   }
   /* bias 0, bias 1, bias 0 with a checkerboard of demoted pixels */
   for (int b = 0; b < 3; b++) {
      struct push pc = {.bias = (float)(b & 1), .scale = 0.5f, .shift = 2, .comp = b == 2};
      draw(mip_pipe, layout, set, VK_FORMAT_R8G8B8A8_UNORM, clear8, &pc, &out);
      bad += check_mip(out.map, pc.bias, b == 2);
   }
   /* tag = t[(0 + shift) % 3] of the provoking vertex, t[i] = (i + 1) scale */
   for (unsigned comp = 0; comp < 6; comp++) {
      struct push pc = {.bias = 0, .scale = 0.5f, .shift = 2, .comp = (int32_t)comp};
      draw(grad_pipe, layout, set, VK_FORMAT_R32_SFLOAT, clear32, &pc, &out);
      bad += check_grad(out.ptr, comp, 1.5f);
   }
   CHECK(bad == 0);

   agx_vk_buffer_free(&C, &out);
   vkDestroyPipeline(C.dev, mip_pipe, NULL);
   vkDestroyPipeline(C.dev, grad_pipe, NULL);
   vkDestroyShaderModule(C.dev, vs, NULL);
   vkDestroyShaderModule(C.dev, mip, NULL);
   vkDestroyShaderModule(C.dev, grad, NULL);
   agx_vk_set_free(&C, &ds);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroySampler(C.dev, samp, NULL);
   agx_vk_image_free(&C, &tex);
   return agx_vk_ctx_finish(&C);
}
