/*
 * Pipelines of equal compiled programs share one uploaded code copy
 * (icd/agxv_shared_code.c), through the driver's own entry points (so the
 * code BOs and the device's upload counter are visible):
 *  - pipelines A and B with the same shaders (differing in culling only)
 *    hold the same vertex and fragment code BOs, and creating B uploads
 *    nothing; pipeline C with another fragment shader has its own
 *    fragment code BO (one more upload);
 *  - a pass drawing with A, B, A, B and one drawing with C give the CPU
 *    reference (left half of the 32x16 target the shader's colour, right
 *    half the clear colour: pixel centres at +0.5, the edge x = 16 between
 *    columns 15 and 16);
 *  - after A is destroyed, B's code BOs still hold the same bytes and B
 *    still draws the reference; destroying B and C frees the shared code
 *    (no upload is left over).
 * Assumes: the simulator device of agx_internal_test.h; memory type 0 is
 * host visible and coherent (as the other internal tests assume).
 * test_pipeline_share SHARE_VERT_SPV SHARE_RED_FRAG_SPV SHARE_GREEN_FRAG_SPV
 */
#include <string.h>

#include "agx_internal_test.h"
#include "agxv_bo.h"
#include "agxv_pipeline.h"

#define W 32
#define H 16

static struct agx_test_device T;
static VkPipelineLayout layout;

static VkShaderModule
module(const char *path)
{
   FILE *f = fopen(path, "rb");
   CHECK(f);
   uint32_t *words = malloc(1 << 20);
   CHECK(words);
   size_t size = fread(words, 1, 1 << 20, f);
   fclose(f);
   CHECK(size > 20 && size % 4 == 0);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = words};
   VkShaderModule m;
   CHECK(agxv_CreateShaderModule(T.vk, &ci, NULL, &m) == VK_SUCCESS);
   free(words);
   return m;
}

static VkPipeline
make(VkShaderModule vs, VkShaderModule fs, VkCullModeFlags cull)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = fs,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport vpv = {0, 0, W, H, 0, 1};
   VkRect2D sc = {{0, 0}, {W, H}};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .pViewports = &vpv,
                                           .scissorCount = 1,
                                           .pScissors = &sc};
   /* the triangles are clockwise in framebuffer space: front facing */
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .cullMode = cull,
      .frontFace = VK_FRONT_FACE_CLOCKWISE,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vp,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pColorBlendState = &cb,
                                      .layout = layout};
   VkPipeline p;
   CHECK(agxv_CreateGraphicsPipelines(T.vk, VK_NULL_HANDLE, 1, &ci, NULL, &p) == VK_SUCCESS);
   return p;
}

static const struct agxv_shader *
shader(VkPipeline p, enum agxv_stage stage)
{
   const struct agxv_shader *s = agxv_pipeline_shader(agxv_pipeline_from_handle(p), stage);
   CHECK(s && s->code && s->code_size > 0);
   return s;
}

/* The bytes of a stage's code BO (malloc'ed). */
static uint8_t *
code_bytes(const struct agxv_shader *s)
{
   uint8_t *b = malloc(s->code_size);
   CHECK(b && agxv_bo_read_va(T.dev, s->code->va, b, s->code_size));
   return b;
}

struct target {
   VkImage image;
   VkImageView view;
   VkDeviceMemory mem, buf_mem;
   VkBuffer buf;
   uint8_t *pixels;
};

static struct target
make_target(void)
{
   struct target r;
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
   CHECK(agxv_CreateImage(T.vk, &ici, NULL, &r.image) == VK_SUCCESS);
   VkMemoryRequirements req;
   agxv_GetImageMemoryRequirements(T.vk, r.image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size};
   CHECK(agxv_AllocateMemory(T.vk, &mai, NULL, &r.mem) == VK_SUCCESS);
   CHECK(agxv_BindImageMemory(T.vk, r.image, r.mem, 0) == VK_SUCCESS);
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = r.image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   CHECK(agxv_CreateImageView(T.vk, &vci, NULL, &r.view) == VK_SUCCESS);
   VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                             .size = W * H * 4,
                             .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   CHECK(agxv_CreateBuffer(T.vk, &bci, NULL, &r.buf) == VK_SUCCESS);
   agxv_GetBufferMemoryRequirements(T.vk, r.buf, &req);
   mai.allocationSize = req.size;
   CHECK(agxv_AllocateMemory(T.vk, &mai, NULL, &r.buf_mem) == VK_SUCCESS);
   CHECK(agxv_BindBufferMemory(T.vk, r.buf, r.buf_mem, 0) == VK_SUCCESS);
   CHECK(agxv_MapMemory(T.vk, r.buf_mem, 0, VK_WHOLE_SIZE, 0, (void **)&r.pixels) == VK_SUCCESS);
   return r;
}

static void
free_target(struct target *r)
{
   agxv_DestroyImageView(T.vk, r->view, NULL);
   agxv_DestroyImage(T.vk, r->image, NULL);
   agxv_FreeMemory(T.vk, r->mem, NULL);
   agxv_DestroyBuffer(T.vk, r->buf, NULL);
   agxv_FreeMemory(T.vk, r->buf_mem, NULL);
}

static void
barrier(VkCommandBuffer cb, VkImage image, VkPipelineStageFlags2 src_stage,
        VkAccessFlags2 src_access, VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access,
        VkImageLayout from, VkImageLayout to)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = src_stage,
                              .srcAccessMask = src_access,
                              .dstStageMask = dst_stage,
                              .dstAccessMask = dst_access,
                              .oldLayout = from,
                              .newLayout = to,
                              .image = image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   agxv_CmdPipelineBarrier2(cb, &di);
}

/* Clears the target to blue, draws the left half with each pipeline in
 * turn (6 vertices each), reads back and compares with the reference. */
static void
draw_and_check(VkCommandPool pool, struct target *rt, const VkPipeline *pipes, unsigned n,
               const uint8_t colour[4])
{
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   CHECK(agxv_AllocateCommandBuffers(T.vk, &cai, &cb) == VK_SUCCESS);
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   barrier(cb, rt->image, VK_PIPELINE_STAGE_2_NONE, 0,
           VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
           VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
   VkRenderingAttachmentInfo att = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                    .imageView = rt->view,
                                    .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                    .clearValue.color = {{0.0f, 0.0f, 1.0f, 1.0f}}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &att};
   agxv_CmdBeginRendering(cb, &ri);
   for (unsigned i = 0; i < n; i++) {
      agxv_CmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i]);
      agxv_CmdDraw(cb, 6, 1, 0, 0);
   }
   agxv_CmdEndRendering(cb);
   barrier(cb, rt->image, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
           VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
           VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   VkBufferImageCopy bic = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                            .imageExtent = {W, H, 1}};
   agxv_CmdCopyImageToBuffer(cb, rt->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, rt->buf, 1, &bic);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   agxv_CmdPipelineBarrier2(cb, &di);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);
   memset(rt->pixels, 0x77, W * H * 4);
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb};
   CHECK(agxv_QueueSubmit(T.queue, 1, &si, VK_NULL_HANDLE) == VK_SUCCESS);
   CHECK(agxv_QueueWaitIdle(T.queue) == VK_SUCCESS);
   const uint8_t blue[4] = {0, 0, 255, 255};
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         /* the rectangle covers x in [0, 16): centres 0.5 .. 15.5 */
         const uint8_t *want = x + 0.5 < W / 2 ? colour : blue;
         const uint8_t *got = rt->pixels + 4 * (y * W + x);
         if (memcmp(got, want, 4)) {
            fprintf(stderr, "pixel %u,%u: %u %u %u %u, want %u %u %u %u\n", x, y, got[0], got[1],
                    got[2], got[3], want[0], want[1], want[2], want[3]);
            exit(1);
         }
      }
   }
   agxv_FreeCommandBuffers(T.vk, pool, 1, &cb);
}

int
main(int argc, char **argv)
{
   CHECK(argc == 4);
   T = agx_test_device_create();
   VkShaderModule vs = module(argv[1]), red = module(argv[2]), green = module(argv[3]);
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   CHECK(agxv_CreatePipelineLayout(T.vk, &lci, NULL, &layout) == VK_SUCCESS);

   /* A and B: the same programs, one copy. */
   uint32_t uploads0 = T.dev->shared_code_uploads;
   VkPipeline a = make(vs, red, VK_CULL_MODE_NONE);
   uint32_t uploads_a = T.dev->shared_code_uploads;
   CHECK(uploads_a >= uploads0 + 2);
   VkPipeline b = make(vs, red, VK_CULL_MODE_BACK_BIT);
   CHECK(T.dev->shared_code_uploads == uploads_a);
   CHECK(shader(a, AGXV_STAGE_VERTEX)->code == shader(b, AGXV_STAGE_VERTEX)->code);
   CHECK(shader(a, AGXV_STAGE_FRAGMENT)->code == shader(b, AGXV_STAGE_FRAGMENT)->code);
   /* C: another fragment shader, its own code */
   VkPipeline c = make(vs, green, VK_CULL_MODE_NONE);
   CHECK(T.dev->shared_code_uploads >= uploads_a + 1);
   CHECK(shader(c, AGXV_STAGE_FRAGMENT)->code != shader(a, AGXV_STAGE_FRAGMENT)->code);
   uint8_t *red_code = code_bytes(shader(b, AGXV_STAGE_FRAGMENT));
   uint8_t *vs_code = code_bytes(shader(b, AGXV_STAGE_VERTEX));
   uint8_t *green_code = code_bytes(shader(c, AGXV_STAGE_FRAGMENT));
   CHECK(shader(c, AGXV_STAGE_FRAGMENT)->code_size != shader(b, AGXV_STAGE_FRAGMENT)->code_size ||
         memcmp(red_code, green_code, shader(c, AGXV_STAGE_FRAGMENT)->code_size));

   VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   CHECK(agxv_CreateCommandPool(T.vk, &pci, NULL, &pool) == VK_SUCCESS);
   struct target rt = make_target();
   const uint8_t red_px[4] = {255, 0, 0, 255}, green_px[4] = {0, 255, 0, 255};
   VkPipeline abab[4] = {a, b, a, b};
   draw_and_check(pool, &rt, abab, 4, red_px);
   draw_and_check(pool, &rt, &c, 1, green_px);
   VkPipeline bc[2] = {b, c}, cb_[2] = {c, b};
   draw_and_check(pool, &rt, bc, 2, green_px);
   draw_and_check(pool, &rt, cb_, 2, red_px);

   /* A gone: B's code is intact and B still draws. */
   agxv_DestroyPipeline(T.vk, a, NULL);
   uint8_t *after = code_bytes(shader(b, AGXV_STAGE_FRAGMENT));
   CHECK(memcmp(after, red_code, shader(b, AGXV_STAGE_FRAGMENT)->code_size) == 0);
   free(after);
   after = code_bytes(shader(b, AGXV_STAGE_VERTEX));
   CHECK(memcmp(after, vs_code, shader(b, AGXV_STAGE_VERTEX)->code_size) == 0);
   free(after);
   draw_and_check(pool, &rt, &b, 1, red_px);
   draw_and_check(pool, &rt, bc, 2, green_px);

   /* a pipeline made again after A's destruction shares B's copy */
   uint32_t uploads_b = T.dev->shared_code_uploads;
   VkPipeline a2 = make(vs, red, VK_CULL_MODE_NONE);
   CHECK(T.dev->shared_code_uploads == uploads_b);
   CHECK(shader(a2, AGXV_STAGE_FRAGMENT)->code == shader(b, AGXV_STAGE_FRAGMENT)->code);
   agxv_DestroyPipeline(T.vk, b, NULL);
   draw_and_check(pool, &rt, &a2, 1, red_px);
   agxv_DestroyPipeline(T.vk, a2, NULL);
   agxv_DestroyPipeline(T.vk, c, NULL);
   /* every pipeline's code is freed: a new one uploads again */
   VkPipeline a3 = make(vs, red, VK_CULL_MODE_NONE);
   CHECK(T.dev->shared_code_uploads >= uploads_b + 2);
   draw_and_check(pool, &rt, &a3, 1, red_px);
   agxv_DestroyPipeline(T.vk, a3, NULL);

   free(red_code);
   free(vs_code);
   free(green_code);
   free_target(&rt);
   agxv_DestroyCommandPool(T.vk, pool, NULL);
   agxv_DestroyPipelineLayout(T.vk, layout, NULL);
   agxv_DestroyShaderModule(T.vk, vs, NULL);
   agxv_DestroyShaderModule(T.vk, red, NULL);
   agxv_DestroyShaderModule(T.vk, green, NULL);
   agx_test_device_destroy(&T);
   printf("pipeline share: OK\n");
   return 0;
}
