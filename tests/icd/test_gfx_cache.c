/*
 * The pipeline cache for graphics pipelines (icd/agxv_graphics_pipeline_cache.c),
 * through the driver's own entry points (so the device's compile counter,
 * the cache's entries and the uploaded code are visible):
 *  - a pipeline created with an empty cache compiles its vertex and fragment
 *    main programs (2 compiles, 2 entries) and its creation feedback has no
 *    cache hit; its stages' feedback is valid without the hit bit;
 *  - the same create info again compiles nothing: the pipeline feedback has
 *    APPLICATION_PIPELINE_CACHE_HIT, both stages too, and the uploaded code
 *    and the linkage (UVS layout, CF bindings, pass type) equal the first's;
 *  - the cache's data makes a second cache that serves it the same way;
 *  - alpha to coverage changes only the fragment shader's key: the vertex
 *    stage hits, the fragment stage is compiled (no pipeline hit bit);
 *  - FAIL_ON_PIPELINE_COMPILE_REQUIRED gives VK_PIPELINE_COMPILE_REQUIRED
 *    (and a null handle) when something must be compiled, success when the
 *    cache holds everything;
 *  - without a cache the feedback never reports a hit.
 * test_gfx_cache VBO_VERT_SPV DRAW_FRAG_SPV
 */
#include <string.h>

#include "agx_internal_test.h"
#include "agxv_bo.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_pipeline_cache.h"

static struct agx_test_device T;
static VkShaderModule vs_mod, fs_mod;
static VkPipelineLayout layout;

static VkShaderModule
module(const char *path)
{
   FILE *f = fopen(path, "rb");
   CHECK(f);
   uint32_t *words = malloc(1 << 20);
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

/* vbo.vert + draw.frag into R8G8B8A8_UNORM; a2c: alpha to coverage.
 * Returns the result; fb/stage_fb receive the creation feedback. */
static VkResult
make(VkPipelineCache cache, bool a2c, VkPipelineCreateFlags flags, VkPipelineCreationFeedback *fb,
     VkPipelineCreationFeedback stage_fb[2], VkPipeline *p)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs_mod,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = fs_mod,
       .pName = "main"},
   };
   VkVertexInputBindingDescription b[2] = {{0, 8, VK_VERTEX_INPUT_RATE_VERTEX},
                                           {1, 4, VK_VERTEX_INPUT_RATE_VERTEX}};
   VkVertexInputAttributeDescription a[2] = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0},
                                             {1, 1, VK_FORMAT_R8G8B8A8_UNORM, 0}};
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 2,
      .pVertexBindingDescriptions = b,
      .vertexAttributeDescriptionCount = 2,
      .pVertexAttributeDescriptions = a};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport vpv = {0, 0, 64, 64, 0, 1};
   VkRect2D sc = {{0, 0}, {64, 64}};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .pViewports = &vpv,
                                           .scissorCount = 1,
                                           .pScissors = &sc};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
      .alphaToCoverageEnable = a2c};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format};
   /* garbage the driver must overwrite or leave alone consistently */
   memset(fb, 0x5A, sizeof(*fb));
   memset(stage_fb, 0x5A, 2 * sizeof(*stage_fb));
   VkPipelineCreationFeedbackCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO,
      .pNext = &ri,
      .pPipelineCreationFeedback = fb,
      .pipelineStageCreationFeedbackCount = 2,
      .pPipelineStageCreationFeedbacks = stage_fb};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &fci,
                                      .flags = flags,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vp,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pColorBlendState = &cb,
                                      .layout = layout};
   return agxv_CreateGraphicsPipelines(T.vk, cache, 1, &ci, NULL, p);
}

static VkPipelineCache
make_cache(const void *data, size_t size)
{
   VkPipelineCacheCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                   .initialDataSize = size,
                                   .pInitialData = data};
   VkPipelineCache c;
   CHECK(agxv_CreatePipelineCache(T.vk, &ci, NULL, &c) == VK_SUCCESS);
   return c;
}

/* A stage's machine code as the GPU sees it equals the other pipeline's. */
static void
check_same_code(VkPipeline pa, VkPipeline pb, enum agxv_stage stage)
{
   const struct agxv_shader *a = agxv_pipeline_shader(agxv_pipeline_from_handle(pa), stage);
   const struct agxv_shader *b = agxv_pipeline_shader(agxv_pipeline_from_handle(pb), stage);
   CHECK(a && b && a->code_size == b->code_size && a->code_size > 0);
   CHECK(memcmp(&a->info, &b->info, sizeof(a->info)) == 0);
   uint8_t *ca = malloc(a->code_size), *cbuf = malloc(b->code_size);
   CHECK(ca && cbuf && agxv_bo_read_va(T.dev, a->code->va, ca, a->code_size) &&
         agxv_bo_read_va(T.dev, b->code->va, cbuf, b->code_size));
   CHECK(memcmp(ca, cbuf, a->code_size) == 0);
   free(ca);
   free(cbuf);
}

/* The linkage draws use (what the cache's interface bytes restore). */
static void
check_same_linkage(VkPipeline pa, VkPipeline pb)
{
   const struct agxv_graphics_pipeline *a = agxv_pipeline_from_handle(pa)->gfx;
   const struct agxv_graphics_pipeline *b = agxv_pipeline_from_handle(pb)->gfx;
   CHECK(a->uvs.size == b->uvs.size && a->uvs.size > 0);
   CHECK(memcmp(&a->uvs, &b->uvs, sizeof(a->uvs)) == 0);
   CHECK(a->has_fs && b->has_fs && a->fs.num_cf_bindings == b->fs.num_cf_bindings &&
         a->fs.num_cf_bindings > 0);
   CHECK(memcmp(a->fs.cf, b->fs.cf, sizeof(a->fs.cf)) == 0);
   CHECK(a->pass_type == b->pass_type && a->has_vbo && b->has_vbo);
}

#define HIT VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT
#define VALID VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VBO_VERT_SPV DRAW_FRAG_SPV\n", argv[0]);
      return 2;
   }
   T = agx_test_device_create();
   vs_mod = module(argv[1]);
   fs_mod = module(argv[2]);
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   CHECK(agxv_CreatePipelineLayout(T.vk, &lci, NULL, &layout) == VK_SUCCESS);
   VkPipelineCreationFeedback fb, sfb[2];
   uint32_t *compiles = &T.dev->graphics_compiles;

   /* an empty cache: both main programs compiled and stored */
   VkPipelineCache a = make_cache(NULL, 0);
   struct agxv_pipeline_cache *ca = agxv_pipeline_cache_from_handle(a);
   VkPipeline p0, p1, p2, p3, p4;
   uint32_t c0 = *compiles;
   CHECK(make(a, false, 0, &fb, sfb, &p0) == VK_SUCCESS);
   CHECK(*compiles == c0 + 2 && ca->count == 2 && ca->misses == 2 && ca->hits == 0);
   CHECK(fb.flags == VALID && fb.duration > 0);
   CHECK(sfb[0].flags == VALID && sfb[1].flags == VALID && sfb[0].duration > 0);

   /* the same again: served by the cache */
   CHECK(make(a, false, 0, &fb, sfb, &p1) == VK_SUCCESS);
   CHECK(*compiles == c0 + 2 && ca->count == 2 && ca->hits == 2);
   CHECK(fb.flags == (VALID | HIT));
   CHECK(sfb[0].flags == (VALID | HIT) && sfb[1].flags == (VALID | HIT));
   check_same_code(p0, p1, AGXV_STAGE_VERTEX);
   check_same_code(p0, p1, AGXV_STAGE_FRAGMENT);
   check_same_linkage(p0, p1);

   /* through the cache's data */
   size_t size = 0;
   CHECK(agxv_GetPipelineCacheData(T.vk, a, &size, NULL) == VK_SUCCESS && size > 64);
   uint8_t *data = malloc(size);
   CHECK(data && agxv_GetPipelineCacheData(T.vk, a, &size, data) == VK_SUCCESS);
   VkPipelineCache b = make_cache(data, size);
   struct agxv_pipeline_cache *cbc = agxv_pipeline_cache_from_handle(b);
   CHECK(cbc->count == 2);
   CHECK(make(b, false, 0, &fb, sfb, &p2) == VK_SUCCESS);
   CHECK(*compiles == c0 + 2 && cbc->hits == 2 && fb.flags == (VALID | HIT));
   check_same_code(p0, p2, AGXV_STAGE_VERTEX);
   check_same_code(p0, p2, AGXV_STAGE_FRAGMENT);
   check_same_linkage(p0, p2);
   /* a corrupted byte in an entry's interface bytes: an empty cache */
   data[size - AGXV_SHA1_SIZE - 8] ^= 0x40;
   VkPipelineCache bad = make_cache(data, size);
   CHECK(agxv_pipeline_cache_from_handle(bad)->count == 0);
   agxv_DestroyPipelineCache(T.vk, bad, NULL);

   /* alpha to coverage: the fragment shader's key only */
   VkPipeline none = (VkPipeline)(uintptr_t)0x1234;
   CHECK(make(a, true, VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT, &fb, sfb, &none) ==
         VK_PIPELINE_COMPILE_REQUIRED);
   CHECK(none == VK_NULL_HANDLE && *compiles == c0 + 2);
   CHECK(make(a, true, 0, &fb, sfb, &p3) == VK_SUCCESS);
   CHECK(*compiles == c0 + 3 && ca->count == 3);
   CHECK(fb.flags == VALID);
   CHECK(sfb[0].flags == (VALID | HIT) && sfb[1].flags == VALID);
   check_same_code(p0, p3, AGXV_STAGE_VERTEX);
   /* now everything is there: FAIL_ON_PIPELINE_COMPILE_REQUIRED succeeds */
   CHECK(make(a, true, VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT, &fb, sfb, &p4) ==
         VK_SUCCESS);
   CHECK(*compiles == c0 + 3 && fb.flags == (VALID | HIT));
   agxv_DestroyPipeline(T.vk, p4, NULL);

   /* no cache: compiled, no hit */
   CHECK(make(VK_NULL_HANDLE, false, 0, &fb, sfb, &p4) == VK_SUCCESS);
   CHECK(*compiles == c0 + 5 && fb.flags == VALID);
   CHECK(make(VK_NULL_HANDLE, false, VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT, &fb,
              sfb, &none) == VK_PIPELINE_COMPILE_REQUIRED);

   VkPipeline all[] = {p0, p1, p2, p3, p4};
   for (unsigned i = 0; i < 5; i++)
      agxv_DestroyPipeline(T.vk, all[i], NULL);
   free(data);
   printf("graphics pipeline cache: %u compiles for 5 pipelines, cache %u entries, %u hits / %u "
          "misses\n",
          *compiles - c0, ca->count, ca->hits, ca->misses);
   agxv_DestroyPipelineCache(T.vk, a, NULL);
   agxv_DestroyPipelineCache(T.vk, b, NULL);
   agxv_DestroyPipelineLayout(T.vk, layout, NULL);
   agxv_DestroyShaderModule(T.vk, vs_mod, NULL);
   agxv_DestroyShaderModule(T.vk, fs_mod, NULL);
   agx_test_device_destroy(&T);
   return 0;
}
