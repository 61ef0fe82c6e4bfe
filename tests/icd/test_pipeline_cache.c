/*
 * The pipeline cache, through the driver's own entry points (so its hit
 * counters and the device's compile counter are visible): a cache filled
 * by one pipeline serves it again, its data makes a second cache that
 * serves the same machine code (main program and preamble) and shader
 * information without compiling, every corrupted or
 * truncated copy of that data gives an empty cache (never a crash),
 * specialization is part of the key, merging deduplicates, short buffers
 * give VK_INCOMPLETE, and threads share one cache. With CONST_TABLE_SPV
 * (tests/compiler's const_table.comp), a shader's constant data (after its
 * code in the same blob) and its placement survive the serialized data.
 *
 * test_pipeline_cache FILL_SPV [CONST_TABLE_SPV]
 */
#include <pthread.h>
#include <string.h>

#include "agxv_bo.h"
#include "agx_internal_test.h"
#include "agxv_pipeline.h"
#include "agxv_pipeline_cache.h"
#include "const_table_ref.h"

static struct agx_test_device T;
static VkShaderModule module;
static VkPipelineLayout layout;

static VkPipeline
make_pipeline(VkPipelineCache cache, const VkSpecializationInfo *spec)
{
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main",
                .pSpecializationInfo = spec},
      .layout = layout,
   };
   VkPipeline p;
   CHECK(agxv_CreateComputePipelines(T.vk, cache, 1, &cpci, NULL, &p) == VK_SUCCESS);
   return p;
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

static uint32_t
entries(VkPipelineCache c)
{
   return agxv_pipeline_cache_from_handle(c)->count;
}

/* The pipeline's machine code as the GPU sees it. */
static uint8_t *
code_of(VkPipeline p, uint32_t *size)
{
   struct agxv_pipeline *pl = agxv_pipeline_from_handle(p);
   uint8_t *code = malloc(pl->shaders[AGXV_STAGE_COMPUTE].code_size);
   CHECK(code && agxv_bo_read_va(T.dev, pl->shaders[AGXV_STAGE_COMPUTE].code->va, code,
                                 pl->shaders[AGXV_STAGE_COMPUTE].code_size));
   *size = pl->shaders[AGXV_STAGE_COMPUTE].code_size;
   return code;
}

static VkPipelineCache shared;

/* The constant tables of const_table.comp through a cache's serialized data. */
static void
check_const_data(const char *path)
{
   FILE *f = fopen(path, "rb");
   CHECK(f != NULL);
   static uint32_t words[16384];
   size_t spv_size = fread(words, 1, sizeof(words), f);
   fclose(f);
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size,
                                    .pCode = words};
   VkShaderModule m;
   CHECK(agxv_CreateShaderModule(T.vk, &smci, NULL, &m) == VK_SUCCESS);
   VkDescriptorSetLayoutBinding b[2] = {{.binding = 0,
                                         .descriptorCount = 1,
                                         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                         .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT},
                                        {.binding = 1,
                                         .descriptorCount = 1,
                                         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                         .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT}};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 2,
                                          .pBindings = b};
   VkDescriptorSetLayout sl;
   CHECK(agxv_CreateDescriptorSetLayout(T.vk, &lci, NULL, &sl) == VK_SUCCESS);
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl};
   VkPipelineLayout pl;
   CHECK(agxv_CreatePipelineLayout(T.vk, &plci, NULL, &pl) == VK_SUCCESS);
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = m,
                .pName = "main"},
      .layout = pl,
   };
   VkPipelineCache a = make_cache(NULL, 0);
   VkPipeline pa, pb;
   CHECK(agxv_CreateComputePipelines(T.vk, a, 1, &cpci, NULL, &pa) == VK_SUCCESS);
   size_t size = 0;
   CHECK(agxv_GetPipelineCacheData(T.vk, a, &size, NULL) == VK_SUCCESS);
   uint8_t *data = malloc(size);
   CHECK(data && agxv_GetPipelineCacheData(T.vk, a, &size, data) == VK_SUCCESS);
   VkPipelineCache bc = make_cache(data, size);
   uint32_t c0 = T.dev->compute_compiles;
   CHECK(agxv_CreateComputePipelines(T.vk, bc, 1, &cpci, NULL, &pb) == VK_SUCCESS);
   CHECK(T.dev->compute_compiles == c0 && agxv_pipeline_cache_from_handle(bc)->hits == 1);
   const struct agxv_shader_info *ia =
      &agxv_pipeline_from_handle(pa)->shaders[AGXV_STAGE_COMPUTE].info;
   const struct agxv_shader_info *ib =
      &agxv_pipeline_from_handle(pb)->shaders[AGXV_STAGE_COMPUTE].info;
   CHECK(memcmp(ia, ib, sizeof(*ia)) == 0);
   CHECK(ib->const_data_size == CONST_TABLE_DATA_SIZE && ib->shared_size == 0);
   uint32_t sa, sb;
   uint8_t *ca = code_of(pa, &sa), *cb = code_of(pb, &sb);
   CHECK(sa == sb && memcmp(ca, cb, sa) == 0 && ib->const_data_offset + ib->const_data_size <= sb);
   /* the table's first words, where the root uniforms will point */
   uint32_t w;
   memcpy(&w, cb + ib->const_data_offset, 4);
   CHECK(w == const_table_entry(0) || w == 0x3f000000u /* VTABLE[0].x = 0.5 placed first */);
   uint32_t const_size = ib->const_data_size;
   free(ca);
   free(cb);
   free(data);
   agxv_DestroyPipeline(T.vk, pa, NULL);
   agxv_DestroyPipeline(T.vk, pb, NULL);
   agxv_DestroyPipelineCache(T.vk, a, NULL);
   agxv_DestroyPipelineCache(T.vk, bc, NULL);
   agxv_DestroyPipelineLayout(T.vk, pl, NULL);
   agxv_DestroyDescriptorSetLayout(T.vk, sl, NULL);
   agxv_DestroyShaderModule(T.vk, m, NULL);
   printf("constant data (%u bytes) round-trips through the cache data\n", const_size);
}

static void *
thread_main(void *arg)
{
   for (int i = 0; i < 8; i++)
      agxv_DestroyPipeline(T.vk, make_pipeline(shared, NULL), NULL);
   return NULL;
}

int
main(int argc, char **argv)
{
   CHECK(argc == 2 || argc == 3);
   FILE *f = fopen(argv[1], "rb");
   CHECK(f != NULL);
   static uint32_t words[16384];
   size_t spv_size = fread(words, 1, sizeof(words), f);
   fclose(f);

   T = agx_test_device_create();
   VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                    .codeSize = spv_size,
                                    .pCode = words};
   CHECK(agxv_CreateShaderModule(T.vk, &smci, NULL, &module) == VK_SUCCESS);
   VkDescriptorSetLayoutBinding b = {.binding = 0,
                                     .descriptorCount = 1,
                                     .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                     .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VkDescriptorSetLayout sl;
   CHECK(agxv_CreateDescriptorSetLayout(T.vk, &lci, NULL, &sl) == VK_SUCCESS);
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &sl};
   CHECK(agxv_CreatePipelineLayout(T.vk, &plci, NULL, &layout) == VK_SUCCESS);
   uint32_t *compiles = &T.dev->compute_compiles;

   /* Fill a cache; the second creation is served by it. */
   VkPipelineCache a = make_cache(NULL, 0);
   uint32_t c0 = *compiles;
   VkPipeline pa = make_pipeline(a, NULL);
   CHECK(*compiles == c0 + 1 && entries(a) == 1);
   VkPipeline pa2 = make_pipeline(a, NULL);
   CHECK(*compiles == c0 + 1 && agxv_pipeline_cache_from_handle(a)->hits == 1);

   /* Its data makes a cache that serves identical code without compiling. */
   size_t size = 0;
   CHECK(agxv_GetPipelineCacheData(T.vk, a, &size, NULL) == VK_SUCCESS && size > 36);
   uint8_t *data = malloc(size);
   CHECK(agxv_GetPipelineCacheData(T.vk, a, &size, data) == VK_SUCCESS);
   VkPipelineCache bc = make_cache(data, size);
   CHECK(entries(bc) == 1);
   VkPipeline pb = make_pipeline(bc, NULL);
   CHECK(*compiles == c0 + 1 && agxv_pipeline_cache_from_handle(bc)->hits == 1);
   uint32_t sa, sb;
   uint8_t *ca = code_of(pa, &sa), *cb = code_of(pb, &sb);
   CHECK(sa == sb && memcmp(ca, cb, sa) == 0);
   CHECK(memcmp(&agxv_pipeline_from_handle(pa)->shaders[AGXV_STAGE_COMPUTE].info,
                &agxv_pipeline_from_handle(pb)->shaders[AGXV_STAGE_COMPUTE].info,
                sizeof(struct agxv_shader_info)) == 0);
   /* fill's descriptor load goes to a preamble: its code and its info
    * (offset, registers, uniforms) came back from the serialized data */
   const struct agxv_shader_info *ib =
      &agxv_pipeline_from_handle(pb)->shaders[AGXV_STAGE_COMPUTE].info;
   CHECK(ib->preamble_offset != 0 && ib->preamble_offset < sb && ib->preamble_gpr_halves != 0 &&
         ib->uniform_halves > AGX_ABI_UNIFORM_SIZE / 2);
   free(ca);
   free(cb);

   /* Specialization is part of the key. */
   uint32_t spec_value = 7;
   VkSpecializationMapEntry me = {.constantID = 3, .offset = 0, .size = 4};
   VkSpecializationInfo si = {.mapEntryCount = 1,
                              .pMapEntries = &me,
                              .dataSize = 4,
                              .pData = &spec_value};
   VkPipeline ps = make_pipeline(a, &si);
   CHECK(*compiles == c0 + 2 && entries(a) == 2);

   /* Every single corrupted byte and every truncation: an empty cache,
    * and pipelines still compile from it. */
   uint8_t *bad = malloc(size);
   for (size_t i = 0; i < size; i++) {
      memcpy(bad, data, size);
      bad[i] ^= 0x41;
      VkPipelineCache c = make_cache(bad, size);
      CHECK(entries(c) == 0);
      agxv_DestroyPipelineCache(T.vk, c, NULL);
   }
   for (size_t len = 1; len < size; len++) {
      VkPipelineCache c = make_cache(data, len);
      CHECK(entries(c) == 0);
      agxv_DestroyPipelineCache(T.vk, c, NULL);
   }
   memcpy(bad, data, size);
   bad[size / 2] ^= 1;
   VkPipelineCache corrupt = make_cache(bad, size);
   agxv_DestroyPipeline(T.vk, make_pipeline(corrupt, NULL), NULL);
   CHECK(*compiles == c0 + 3 && entries(corrupt) == 1);
   agxv_DestroyPipelineCache(T.vk, corrupt, NULL);
   free(bad);

   /* Short buffers: header + count only, or nothing. */
   size_t small = 36;
   uint8_t head[36];
   CHECK(agxv_GetPipelineCacheData(T.vk, a, &small, head) == VK_INCOMPLETE && small == 36);
   VkPipelineCache empty = make_cache(head, small);
   CHECK(entries(empty) == 0);
   small = 20;
   CHECK(agxv_GetPipelineCacheData(T.vk, a, &small, head) == VK_INCOMPLETE && small == 0);

   /* Merge: a (2 entries) and bc (1, the same as one of a's) into empty. */
   VkPipelineCache srcs[2] = {a, bc};
   CHECK(agxv_MergePipelineCaches(T.vk, empty, 2, srcs) == VK_SUCCESS);
   CHECK(entries(empty) == 2);
   agxv_DestroyPipeline(T.vk, make_pipeline(empty, &si), NULL);
   CHECK(*compiles == c0 + 3);

   /* Threads sharing a cache end with one entry. */
   shared = make_cache(NULL, 0);
   pthread_t th[4];
   for (int i = 0; i < 4; i++)
      CHECK(pthread_create(&th[i], NULL, thread_main, NULL) == 0);
   for (int i = 0; i < 4; i++)
      pthread_join(th[i], NULL);
   struct agxv_pipeline_cache *sh = agxv_pipeline_cache_from_handle(shared);
   CHECK(sh->count == 1 && sh->hits + sh->misses == 32 && sh->misses >= 1);
   printf("pipeline cache: %u compiles, shared cache %u hits / %u misses, data %zu bytes\n",
          *compiles - c0, sh->hits, sh->misses, size);

   agxv_DestroyPipelineCache(T.vk, shared, NULL);
   agxv_DestroyPipelineCache(T.vk, empty, NULL);
   agxv_DestroyPipeline(T.vk, pa, NULL);
   agxv_DestroyPipeline(T.vk, pa2, NULL);
   agxv_DestroyPipeline(T.vk, pb, NULL);
   agxv_DestroyPipeline(T.vk, ps, NULL);
   agxv_DestroyPipelineCache(T.vk, a, NULL);
   agxv_DestroyPipelineCache(T.vk, bc, NULL);
   free(data);
   agxv_DestroyPipelineLayout(T.vk, layout, NULL);
   agxv_DestroyDescriptorSetLayout(T.vk, sl, NULL);
   agxv_DestroyShaderModule(T.vk, module, NULL);
   if (argc == 3)
      check_const_data(argv[2]);
   agx_test_device_destroy(&T);
   printf("ok\n");
   return 0;
}
