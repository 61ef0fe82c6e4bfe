/*
 * Generic and local pointers and constant data in OpenCL C (kernels/cl_pointers.cl) on the
 * simulator against the host build of the same source: every kernel runs through both of
 * the driver's ways in, a pipeline compiled from SPIR-V at run time (agxv_compile_compute,
 * as Vulkan pipelines are) and the build-time precompiled table (agx-precomp, uploaded by
 * agxv_meta_pipeline_create, as the helper kernels are). Checks the kernel metadata: no
 * threadgroup memory for the __constant tables (which live in the constant data), the
 * __local arguments' slots, and that dispatch-time __local sizes lay out after the
 * kernel's own threadgroup memory without overlap; too much dynamic local memory and a
 * wrong number of sizes are refused.
 * Assumes: the driver's objects linked in; argv[1] is cl_pointers.spv.
 */
#include <stdlib.h>
#include <string.h>

#include "agxv_cmd_buffer.h"
#include "agxv_device_memory.h"
#include "agx_internal_test.h"
#include "agxv_meta.h"
#include "agxv_pipeline.h"
#include "agxv_shader_compile.h"
#include "cl_pointers_host.h"
#include "cl_test_kernels.h"

#define MEM_SIZE 65536u
#define OFF_IN 0u
#define OFF_OUT 8192u
#define OFF_BUF 32768u
#define GROUPS 4u
#define N (GROUPS * CL_POINTERS_GROUP)

static uint32_t *spv;
static size_t spv_words;

static VkResult
submit(struct agx_test_device *t, const struct agxv_pipeline *pipeline, const void *args,
       uint32_t size, const uint32_t *local_sizes, uint32_t local_count)
{
   VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   CHECK(agxv_CreateCommandPool(t->vk, &cpci, NULL, &pool) == VK_SUCCESS);
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .commandBufferCount = 1,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY};
   VkCommandBuffer cb;
   CHECK(agxv_AllocateCommandBuffers(t->vk, &cai, &cb) == VK_SUCCESS);
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_cmd_dispatch_internal_local(agxv_cmd_buffer_from_handle(cb), pipeline, args, size, GROUPS,
                                    local_sizes, local_count);
   VkResult result = agxv_EndCommandBuffer(cb);
   if (result == VK_SUCCESS) {
      VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      VkFence fence;
      CHECK(agxv_CreateFence(t->vk, &fci, NULL, &fence) == VK_SUCCESS);
      VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                         .commandBufferCount = 1,
                         .pCommandBuffers = &cb};
      result = agxv_QueueSubmit(t->queue, 1, &si, fence);
      if (result == VK_SUCCESS)
         result = agxv_WaitForFences(t->vk, 1, &fence, VK_TRUE, 10000000000ull);
      agxv_DestroyFence(t->vk, fence, NULL);
   }
   agxv_DestroyCommandPool(t->vk, pool, NULL);
   return result;
}

/* The kernel's pipeline through one of the two ways in; its launch information in *info. */
static struct agxv_pipeline *
make_pipeline(struct agx_test_device *t, const char *entry, unsigned id, bool precompiled)
{
   struct agxv_pipeline *p = NULL;
   if (precompiled) {
      CHECK(!strcmp(cl_test_kernels[id].name, entry));
      CHECK(agxv_meta_pipeline_create(t->dev, &cl_test_kernels[id], &p) == VK_SUCCESS);
      return p;
   }
   struct agxv_compile_request req = {.words = spv, .word_count = spv_words, .entry = entry};
   struct agxv_compile_result r;
   char err[512] = "";
   if (agxv_compile_compute(&req, &r, err, sizeof(err))) {
      fprintf(stderr, "%s does not compile: %s\n", entry, err);
      exit(1);
   }
   CHECK(agxv_compute_pipeline_create(t->dev, r.code, r.size, &r.info, &t->dev->alloc, &p) ==
         VK_SUCCESS);
   agxv_compile_result_free(&r);
   return p;
}

static void
compare(const char *what, const uint8_t *gpu, const uint32_t *want, uint32_t words)
{
   for (uint32_t i = 0; i < words; i++) {
      uint32_t got;
      memcpy(&got, gpu + OFF_OUT + 4 * i, 4);
      if (got != want[i]) {
         fprintf(stderr, "%s: word %u is 0x%x on the simulator, 0x%x on the host\n", what, i, got,
                 want[i]);
         exit(1);
      }
   }
}

static void
fill_inputs(uint8_t *gpu, uint32_t *host_in, uint32_t seed)
{
   memset(gpu, 0xcd, MEM_SIZE);
   for (uint32_t i = 0; i < N; i++) {
      seed = seed * 1664525u + 1013904223u;
      host_in[i] = seed;
   }
   memcpy(gpu + OFF_IN, host_in, N * 4);
}

static void
check_kernels(struct agx_test_device *t, uint8_t *gpu, uint64_t va, bool precompiled)
{
   const char *way = precompiled ? "precompiled" : "compiled at run time";
   static uint32_t in[N], want[11 * N], buf[N];

   /* One generic helper on global, static __local and dynamic __local memory. */
   struct agxv_pipeline *p = make_pipeline(t, "cl_same_helper", AGX_CL_CL_SAME_HELPER, precompiled);
   CHECK(p->shaders[AGXV_STAGE_COMPUTE].info.num_local_args == 1 &&
         p->shaders[AGXV_STAGE_COMPUTE].info.local_arg_push[0] == 16);
   CHECK(p->shaders[AGXV_STAGE_COMPUTE].info.shared_size == 2 * CL_POINTERS_GROUP * 4 &&
         p->shaders[AGXV_STAGE_COMPUTE].info.const_data_size == 0);
   fill_inputs(gpu, in, 1);
   struct {
      uint64_t out, in, dyn;
   } sh = {va + OFF_OUT, va + OFF_IN, 0};
   const uint32_t sh_local[1] = {2 * CL_POINTERS_GROUP * 4};
   CHECK(submit(t, p, &sh, sizeof(sh), sh_local, 1) == VK_SUCCESS);
   memset(want, 0, sizeof(want));
   cl_host_same_helper(want, in, GROUPS);
   compare("cl_same_helper", gpu, want, 4 * N);
   agxv_pipeline_destroy(t->dev, p, &t->dev->alloc);

   /* Generic pointers selected at run time: global, local, private by argument. */
   p = make_pipeline(t, "cl_select", AGX_CL_CL_SELECT, precompiled);
   CHECK(p->shaders[AGXV_STAGE_COMPUTE].info.num_local_args == 1 &&
         p->shaders[AGXV_STAGE_COMPUTE].info.local_arg_push[0] == 16);
   for (uint32_t mode = 0; mode < 3; mode++) {
      fill_inputs(gpu, in, 2 + mode);
      struct {
         uint64_t out, buf, dyn;
         uint32_t mode, pad;
      } sel = {va + OFF_OUT, va + OFF_BUF, 0, mode, 0};
      const uint32_t sel_local[1] = {CL_POINTERS_GROUP * 4};
      CHECK(submit(t, p, &sel, sizeof(sel), sel_local, 1) == VK_SUCCESS);
      memset(want, 0, sizeof(want));
      memset(buf, 0xcd, sizeof(buf));
      cl_host_select(want, buf, mode, GROUPS);
      char what[64];
      snprintf(what, sizeof(what), "cl_select mode %u", mode);
      compare(what, gpu, want, 11 * N);
      CHECK(!memcmp(gpu + OFF_BUF, buf, sizeof(buf)));
   }
   agxv_pipeline_destroy(t->dev, p, &t->dev->alloc);

   /* Two dynamic __local arguments after the kernel's own __local array, at sizes given
    * at dispatch (exact, and larger with odd sizes). */
   p = make_pipeline(t, "cl_local_args", AGX_CL_CL_LOCAL_ARGS, precompiled);
   CHECK(p->shaders[AGXV_STAGE_COMPUTE].info.num_local_args == 2 &&
         p->shaders[AGXV_STAGE_COMPUTE].info.local_arg_push[0] == 8 &&
         p->shaders[AGXV_STAGE_COMPUTE].info.local_arg_push[1] == 16);
   CHECK(p->shaders[AGXV_STAGE_COMPUTE].info.shared_size == CL_POINTERS_GROUP * 4);
   static const uint32_t sizes[][2] = {{4 * CL_POINTERS_GROUP * 4, 2 * CL_POINTERS_GROUP * 4},
                                       {1001, 517}};
   for (unsigned s = 0; s < 2; s++) {
      fill_inputs(gpu, in, 7);
      struct {
         uint64_t out, a, b;
         uint32_t salt, pad;
      } la = {va + OFF_OUT, 0, 0, 0x1234u + s, 0};
      CHECK(submit(t, p, &la, sizeof(la), sizes[s], 2) == VK_SUCCESS);
      memset(want, 0, sizeof(want));
      cl_host_local_args(want, 0x1234u + s, GROUPS);
      compare("cl_local_args", gpu, want, 3 * N);
   }
   /* Refused: more threadgroup memory than a workgroup has, or the wrong size count. */
   const uint32_t huge[2] = {40000, 30000};
   struct {
      uint64_t out, a, b;
      uint32_t salt, pad;
   } la = {va + OFF_OUT, 0, 0, 1, 0};
   CHECK(submit(t, p, &la, sizeof(la), huge, 2) != VK_SUCCESS);
   CHECK(submit(t, p, &la, sizeof(la), huge, 1) != VK_SUCCESS);
   agxv_pipeline_destroy(t->dev, p, &t->dev->alloc);

   /* 8/16/32-bit fields through a run-time generic struct pointer. */
   p = make_pipeline(t, "cl_generic_types", AGX_CL_CL_GENERIC_TYPES, precompiled);
   for (uint32_t mode = 0; mode < 3; mode++) {
      fill_inputs(gpu, in, 20 + mode);
      static uint8_t recs[N * 8];
      for (uint32_t i = 0; i < sizeof(recs); i++)
         recs[i] = (uint8_t)(i * 37u + mode);
      memcpy(gpu + OFF_BUF, recs, sizeof(recs));
      struct {
         uint64_t out, recs, lrec;
         uint32_t mode, pad;
      } gt = {va + OFF_OUT, va + OFF_BUF, 0, mode, 0};
      const uint32_t gt_local[1] = {CL_POINTERS_GROUP * 8};
      CHECK(submit(t, p, &gt, sizeof(gt), gt_local, 1) == VK_SUCCESS);
      memset(want, 0, sizeof(want));
      cl_host_generic_types(want, recs, mode, GROUPS);
      char what[64];
      snprintf(what, sizeof(what), "cl_generic_types mode %u", mode);
      compare(what, gpu, want, 4 * N);
      CHECK(!memcmp(gpu + OFF_BUF, recs, sizeof(recs)));
   }
   agxv_pipeline_destroy(t->dev, p, &t->dev->alloc);

   /* __constant tables indexed dynamically: constant data, no threadgroup memory. */
   p = make_pipeline(t, "cl_const_table", AGX_CL_CL_CONST_TABLE, precompiled);
   CHECK(p->shaders[AGXV_STAGE_COMPUTE].info.shared_size == 0 &&
         p->shaders[AGXV_STAGE_COMPUTE].info.scratch_size == 0 &&
         p->shaders[AGXV_STAGE_COMPUTE].info.num_local_args == 0);
   CHECK(p->shaders[AGXV_STAGE_COMPUTE].info.const_data_size >= 64 * 4 + 5 * 8);
   fill_inputs(gpu, in, 9);
   struct {
      uint64_t out, in;
   } ct = {va + OFF_OUT, va + OFF_IN};
   CHECK(submit(t, p, &ct, sizeof(ct), NULL, 0) == VK_SUCCESS);
   memset(want, 0, sizeof(want));
   cl_host_const_table(want, in, GROUPS);
   compare("cl_const_table", gpu, want, 2 * N);
   printf(
      "%s: generic helpers, run-time selected generic pointers (3 modes, 8/16/32-bit "
      "fields), __local arguments, constant tables (%u bytes of constant data, 0 of threadgroup memory) "
      "match the host\n",
      way, p->shaders[AGXV_STAGE_COMPUTE].info.const_data_size);
   agxv_pipeline_destroy(t->dev, p, &t->dev->alloc);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: test_cl_pointers cl_pointers.spv\n");
      return 2;
   }
   FILE *f = fopen(argv[1], "rb");
   CHECK(f != NULL);
   static uint32_t words[1 << 16];
   spv_words = fread(words, 4, sizeof(words) / 4, f);
   fclose(f);
   CHECK(spv_words > 5 && spv_words < sizeof(words) / 4);
   spv = words;

   struct agx_test_device t = agx_test_device_create();
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = MEM_SIZE};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(t.vk, &mai, NULL, &mem) == VK_SUCCESS);
   uint8_t *gpu;
   CHECK(agxv_MapMemory(t.vk, mem, 0, VK_WHOLE_SIZE, 0, (void **)&gpu) == VK_SUCCESS);
   uint64_t va = agxv_device_memory_from_handle(mem)->bo->va;

   check_kernels(&t, gpu, va, false);
   check_kernels(&t, gpu, va, true);

   agxv_FreeMemory(t.vk, mem, NULL);
   agx_test_device_destroy(&t);
   return 0;
}
