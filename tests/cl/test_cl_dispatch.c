/*
 * The driver's helper-kernel launch (agxv_dispatch_kernel) on the simulator, called directly:
 * the indirect-dispatch fix-up packs CDM Global size on the GPU with genxml's packer, and its
 * bytes must equal a CPU run of the same source packing with the C packer; the workgroup
 * counts land where the root uniforms expect them. The query-result copy runs for every flag
 * combination, with separate and interleaved (the driver's) pool layouts, against the CPU run
 * of the same source and a model written from the Vulkan spec. Also checks the build-time metadata of
 * every precompiled kernel and that a too-short argument struct is refused.
 * Then OpenCL.std math through libclc (tests/compiler's libclc_math kernel, argv[1]) compiled
 * by the driver's compile path and run on the simulator, against host libm within OpenCL's
 * ULP bounds.
 * Assumes: the driver's objects linked in (like tests/icd's internal tests).
 */
#include <math.h>
#include <string.h>

#include "agx_cl_host.h"
#include "agx_cl_kernels.h"
#include "agx_adjacency.h"
#include "agx_draw_count.h"
#include "agx_gs_setup.h"
#include "agx_tess_setup.h"
#include "agx_image_blit.h"
#include "agx_stats.h"
#include "agx_xfb_args.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device_memory.h"
#include "agx_internal_test.h"
#include "agx_isa.h"
#include "agxv_meta.h"
#include "agxv_pipeline.h"
#include "agxv_shader_compile.h"

#define OFF_GROUPS 0
#define OFF_GRID 64
#define OFF_COUNT 128
#define MEM_SIZE 4096

_Static_assert(AGX_QUERY_RESULT_64_BIT == VK_QUERY_RESULT_64_BIT, "flag values");
_Static_assert(AGX_QUERY_RESULT_WAIT == VK_QUERY_RESULT_WAIT_BIT, "flag values");
_Static_assert(AGX_QUERY_RESULT_WITH_AVAILABILITY == VK_QUERY_RESULT_WITH_AVAILABILITY_BIT,
               "flag values");
_Static_assert(AGX_QUERY_RESULT_PARTIAL == VK_QUERY_RESULT_PARTIAL_BIT, "flag values");

static const uint32_t *local_sizes; /* run_on: agxv_dispatch_kernel_local with these */
static uint32_t local_count;

static VkResult
run_on(struct agx_test_device *t, const struct agxv_pipeline *pipeline, unsigned kernel,
       uint32_t groups, const void *args, uint32_t size)
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
   if (pipeline)
      agxv_cmd_dispatch_internal(agxv_cmd_buffer_from_handle(cb), pipeline, NULL, 0, args, size,
                                 groups);
   else if (local_sizes)
      agxv_dispatch_kernel_local(agxv_cmd_buffer_from_handle(cb), kernel, groups, args, size,
                                 local_sizes, local_count);
   else
      agxv_dispatch_kernel(agxv_cmd_buffer_from_handle(cb), kernel, groups, args, size);
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

static VkResult
run_kernel(struct agx_test_device *t, unsigned kernel, const void *args, uint32_t size)
{
   return run_on(t, NULL, kernel, 1, args, size);
}

static uint32_t
ulps_from(float got, double want)
{
   float w = (float)want;
   if (got == w)
      return 0;
   int32_t a, b;
   memcpy(&a, &got, 4);
   memcpy(&b, &w, 4);
   if (a < 0)
      a = INT32_MIN - a;
   if (b < 0)
      b = INT32_MIN - b;
   int64_t d = (int64_t)a - b;
   return (uint32_t)(d < 0 ? -d : d);
}

/* erf/cbrt/atan/tanh from libclc on the simulator vs. libm (bounds: 16, 2, 5, 5 ulp). */
static void
check_libclc_math(struct agx_test_device *t, uint8_t *gpu, uint64_t va, const char *spv_path)
{
   FILE *f = fopen(spv_path, "rb");
   CHECK(f != NULL);
   static uint32_t words[1 << 16];
   size_t n = fread(words, 4, sizeof(words) / 4, f);
   fclose(f);
   CHECK(n > 5 && n < sizeof(words) / 4);
   struct agxv_compile_request req = {.words = words, .word_count = n, .entry = "agx_libclc_math"};
   struct agxv_compile_result compiled;
   char err[512] = "";
   if (agxv_compile_compute(&req, &compiled, err, sizeof(err))) {
      fprintf(stderr, "libclc kernel does not compile: %s\n", err);
      exit(1);
   }
   struct agxv_pipeline *pipeline;
   CHECK(agxv_compute_pipeline_create(t->dev, compiled.code, compiled.size, &compiled.info,
                                      &t->dev->alloc, &pipeline) == VK_SUCCESS);
   agxv_compile_result_free(&compiled);

   static const float inputs[] = {0.0f,  -0.0f,  0.5f,  -0.75f, 1.0f,   2.5f, -3.0f,   10.0f,
                                  1e-3f, -1e-5f, 27.0f, -8.0f,  100.0f, 1e6f, -2e-20f, 0.3333f};
   const uint32_t count = sizeof(inputs) / sizeof(inputs[0]);
   memset(gpu, 0xff, MEM_SIZE);
   memcpy(gpu, inputs, sizeof(inputs));
   struct {
      uint64_t out, in;
      uint32_t n, pad;
   } args = {va + 256, va, count, 0};
   CHECK(run_on(t, pipeline, 0, count / 8, &args, sizeof(args)) == VK_SUCCESS);
   static const uint32_t bound[4] = {16, 2, 5, 5};
   static const char *const names[4] = {"erf", "cbrt", "atan", "tanh"};
   uint32_t worst = 0;
   for (uint32_t i = 0; i < count; i++) {
      double x = inputs[i];
      const double want[4] = {erf(x), cbrt(x), atan(x), tanh(x)};
      for (unsigned k = 0; k < 4; k++) {
         float got;
         memcpy(&got, gpu + 256 + (4 * i + k) * 4, 4);
         uint32_t d = ulps_from(got, want[k]);
         if (d > bound[k]) {
            fprintf(stderr, "%s(%g) = %.9g on the simulator, libm %.9g: %u ulp\n", names[k], x, got,
                    want[k], d);
            exit(1);
         }
         worst = d > worst ? d : worst;
      }
   }
   agxv_pipeline_destroy(t->dev, pipeline, &t->dev->alloc);
   printf("libclc erf/cbrt/atan/tanh on the simulator: %u inputs, worst %u ulp\n", count, worst);
}

static void
check_metadata(void)
{
   static const struct {
      unsigned id;
      const char *name;
      uint32_t local_x, args_size;
   } want[] = {
      {AGX_CL_FILL, "agx_fill", AGX_TRANSFER_GROUP_SIZE, 16},
      {AGX_CL_COPY, "agx_copy", AGX_TRANSFER_GROUP_SIZE, 24},
      {AGX_CL_COPY_BYTES, "agx_copy_bytes", AGX_TRANSFER_GROUP_SIZE, 32},
      {AGX_CL_INDIRECT_FIXUP, "agx_indirect_fixup", 1, 40},
      {AGX_CL_COPY_QUERY, "agx_copy_query", AGX_QUERY_GROUP_SIZE, 56},
      {AGX_CL_WAIT_EVENTS, "agx_wait_events", 1, 16},
      {AGX_CL_IMAGE_COPY, "agx_image_copy", AGX_IMAGE_GROUP_SIZE, 104},
      {AGX_CL_IMAGE_CLEAR, "agx_image_clear", AGX_IMAGE_GROUP_SIZE, 80},
      {AGX_CL_IMAGE_RESOLVE, "agx_image_resolve", AGX_IMAGE_GROUP_SIZE, 112},
      {AGX_CL_GS_SETUP_INDIRECT, "agx_gs_setup_indirect", 1, 96},
      {AGX_CL_TESS_SETUP, "agx_tess_setup", 1, 64},
      {AGX_CL_TESS_COUNT_PATCHES, "agx_tess_count_patches", 64, 48},
      {AGX_CL_TESS_ALLOC_PATCHES, "agx_tess_alloc_patches", 1, 48},
      {AGX_CL_TESS_WRITE_PATCHES, "agx_tess_write_patches", 64, 48},
      {AGX_CL_XFB_CAPTURE, "agx_xfb_capture", 32, 80},
      {AGX_CL_XFB_CAPTURE_GS, "agx_xfb_capture_gs", 1, 104},
      {AGX_CL_XFB_ADVANCE, "agx_xfb_advance", 1, 80},
      {AGX_CL_XFB_COUNTERS, "agx_xfb_counters", 1, 48},
      {AGX_CL_XFB_BYTE_COUNT, "agx_xfb_byte_count", 1, 32},
      {AGX_CL_IMAGE_BLIT, "agx_image_blit", AGX_IMAGE_BLIT_GROUP_SIZE, 192},
      {AGX_CL_GS_UNROLL_RESTART, "agx_gs_unroll_restart", 1, 48},
      {AGX_CL_DRAW_COUNT, "agx_draw_count", AGX_DRAW_COUNT_GROUP_SIZE, 40},
      {AGX_CL_GS_HEAP_RESET, "agx_gs_heap_reset", 1, 8},
      {AGX_CL_STATS_DRAW, "agx_stats_draw", 1, 104},
      {AGX_CL_STATS_ADD, "agx_stats_add", 1, 24},
      {AGX_CL_STATS_STRIPS, "agx_stats_strips", 1, 48},
      {AGX_CL_STATS_TESS, "agx_stats_tess", 1, 56},
      {AGX_CL_ADJACENCY, "agx_adjacency", 1, 64},
   };
   CHECK(AGX_CL_KERNEL_COUNT == sizeof(want) / sizeof(want[0]));
   for (unsigned i = 0; i < AGX_CL_KERNEL_COUNT; i++) {
      const struct agx_precompiled_kernel *k = &agx_cl_kernels[want[i].id];
      CHECK(!strcmp(k->name, want[i].name));
      CHECK(k->code_size >= 4 && k->code_size % 2 == 0);
      CHECK(k->local_size[0] == want[i].local_x && k->local_size[1] == 1 && k->local_size[2] == 1);
      CHECK(k->args_size == want[i].args_size);
      CHECK(k->gpr_halves > 0 && k->gpr_halves % 8 == 0);
      /* the tessellator's private arrays live in threadgroup memory (tessellator.cl) */
      bool tessellator =
         want[i].id == AGX_CL_TESS_COUNT_PATCHES || want[i].id == AGX_CL_TESS_WRITE_PATCHES;
      /* the blit spills registers since it inlines the ASTC decoder (agx_blit_astc.h) twice:
       * a stack of at most 512 bytes per thread */
      bool blit = want[i].id == AGX_CL_IMAGE_BLIT;
      CHECK((k->shared_size == 0 || tessellator) &&
            (k->scratch_size == 0 || (blit && k->scratch_size <= 512)));
      /* the geometry setup keeps two small topology tables as constant data,
       * the tessellator its struct initialisers, the blit the BC decoder's
       * tables (agx_blit_bc.h) */
      CHECK((k->const_data_size == 0 || want[i].id == AGX_CL_GS_SETUP_INDIRECT ||
             want[i].id == AGX_CL_GS_UNROLL_RESTART || want[i].id == AGX_CL_IMAGE_BLIT ||
             tessellator) &&
            k->num_local_args == 0);
   }
   /* Structs by value: the kernel reads exactly the C struct. */
   CHECK(agx_cl_kernels[AGX_CL_FILL].args_size == sizeof(struct agx_fill_args));
   CHECK(agx_cl_kernels[AGX_CL_COPY].args_size == sizeof(struct agx_copy_args));
   CHECK(agx_cl_kernels[AGX_CL_COPY_BYTES].args_size == sizeof(struct agx_copy_bytes_args));
   CHECK(agx_cl_kernels[AGX_CL_INDIRECT_FIXUP].args_size == sizeof(struct agx_indirect_args));
   CHECK(agx_cl_kernels[AGX_CL_COPY_QUERY].args_size == sizeof(struct agx_copy_query_args));
   CHECK(agx_cl_kernels[AGX_CL_STATS_DRAW].args_size == sizeof(struct agx_stats_draw_args));
   CHECK(agx_cl_kernels[AGX_CL_STATS_STRIPS].args_size == sizeof(struct agx_stats_strips_args));
   CHECK(agx_cl_kernels[AGX_CL_WAIT_EVENTS].args_size == sizeof(struct agx_wait_events_args));
   CHECK(agx_cl_kernels[AGX_CL_IMAGE_COPY].args_size == sizeof(struct agx_image_copy_args));
   CHECK(agx_cl_kernels[AGX_CL_IMAGE_CLEAR].args_size == sizeof(struct agx_image_clear_args));
   CHECK(agx_cl_kernels[AGX_CL_GS_SETUP_INDIRECT].args_size == sizeof(struct agx_gs_setup_args));
   CHECK(agx_cl_kernels[AGX_CL_TESS_SETUP].args_size == sizeof(struct agx_tess_setup_args));
   CHECK(agx_cl_kernels[AGX_CL_TESS_WRITE_PATCHES].args_size == sizeof(struct agx_tess_patch_args));
   CHECK(agx_cl_kernels[AGX_CL_IMAGE_BLIT].args_size == sizeof(struct agx_image_blit_args));
   CHECK(agx_cl_kernels[AGX_CL_GS_UNROLL_RESTART].args_size == sizeof(struct agx_gs_unroll_args));
   CHECK(agx_cl_kernels[AGX_CL_DRAW_COUNT].args_size == sizeof(struct agx_draw_count_args));
   CHECK(agx_cl_kernels[AGX_CL_ADJACENCY].args_size == sizeof(struct agx_adjacency_args));
   CHECK(agx_cl_kernels[AGX_CL_GS_HEAP_RESET].args_size == sizeof(struct agx_gs_heap_reset_args));
   CHECK(agx_cl_kernels[AGX_CL_XFB_CAPTURE].args_size == sizeof(struct agx_xfb_capture_args));
   CHECK(agx_cl_kernels[AGX_CL_XFB_CAPTURE_GS].args_size == sizeof(struct agx_xfb_capture_gs_args));
   CHECK(agx_cl_kernels[AGX_CL_XFB_COUNTERS].args_size == sizeof(struct agx_xfb_counters_args));
   CHECK(agx_cl_kernels[AGX_CL_XFB_BYTE_COUNT].args_size == sizeof(struct agx_xfb_byte_count_args));
}

/* The event-wait kernel returns once every listed word is set (GPU and CPU runs), and its
 * polling load is a coherent device load (an ordinary one could keep hitting a stale
 * cache line on the GPU). Waits that block are tested through the loader (tests/icd
 * test_events). */
static void
check_wait_events(struct agx_test_device *t, uint8_t *gpu, uint64_t va)
{
   const struct agx_precompiled_kernel *k = &agx_cl_kernels[AGX_CL_WAIT_EVENTS];
   unsigned coherent = 0;
   for (uint32_t pc = 0; pc < k->code_size;) {
      struct agx_isa_instr in;
      int len = agx_isa_decode(k->code + pc, k->code_size - pc, &in);
      CHECK(len > 0);
      coherent += in.op == AGX_OP_DEVICE_LOAD_COHERENT;
      pc += (uint32_t)len;
   }
   CHECK(coherent == 1);

   enum { WORDS = 3072, LIST = 3328, N = 5 };
   static const uint32_t values[N] = {1, 7, 0x80000000u, 1, 0xffffffffu};
   uint64_t list[N];
   uint32_t host_words[N];
   uint64_t host_list[N];
   for (unsigned i = 0; i < N; i++) {
      /* out of order in memory, one event listed twice */
      unsigned slot = i == 4 ? 1 : (i * 3) % N;
      memcpy(gpu + WORDS + slot * 4, &values[slot], 4);
      host_words[slot] = values[slot];
      list[i] = va + WORDS + slot * 4;
      host_list[i] = (uint64_t)(uintptr_t)&host_words[slot];
   }
   memcpy(gpu + LIST, list, sizeof(list));
   for (uint32_t count = 0; count <= N; count++) {
      struct agx_wait_events_args a = {.events = va + LIST, .count = count};
      CHECK(run_kernel(t, AGX_CL_WAIT_EVENTS, &a, sizeof(a)) == VK_SUCCESS);
      struct agx_wait_events_args h = {.events = (uint64_t)(uintptr_t)host_list, .count = count};
      agx_host_wait_events(h);
   }
   printf("event wait kernel: returns on set words (0..%u events), coherent poll\n", N);
}

static void
check_fixup(struct agx_test_device *t, uint8_t *gpu, uint64_t va, const uint32_t groups[3],
            const uint32_t local[3])
{
   static _Alignas(16) uint8_t host[MEM_SIZE];
   for (unsigned i = 0; i < MEM_SIZE; i++)
      host[i] = gpu[i] = (uint8_t)(i * 7 + 1);
   memcpy(gpu + OFF_GROUPS, groups, 12);
   memcpy(host + OFF_GROUPS, groups, 12);
   struct agx_indirect_args args = {.groups = va + OFF_GROUPS,
                                    .grid = va + OFF_GRID,
                                    .num_workgroups = va + OFF_COUNT,
                                    .local_x = local[0],
                                    .local_y = local[1],
                                    .local_z = local[2]};
   CHECK(run_kernel(t, AGX_CL_INDIRECT_FIXUP, &args, sizeof(args)) == VK_SUCCESS);
   args.groups = (uintptr_t)(host + OFF_GROUPS);
   args.grid = (uintptr_t)(host + OFF_GRID);
   args.num_workgroups = (uintptr_t)(host + OFF_COUNT);
   agx_host_indirect_fixup(args);
   if (memcmp(gpu, host, MEM_SIZE)) {
      for (unsigned i = 0; i < MEM_SIZE; i++) {
         if (gpu[i] != host[i])
            fprintf(stderr, "byte %u: GPU 0x%02x, CPU 0x%02x\n", i, gpu[i], host[i]);
      }
      exit(1);
   }
   /* Independently of either packer: the grid is in threads, the count in workgroups. */
   uint32_t grid[3], count[3];
   memcpy(grid, gpu + OFF_GRID, 12);
   memcpy(count, gpu + OFF_COUNT, 12);
   for (unsigned c = 0; c < 3; c++) {
      CHECK(grid[c] == groups[c] * local[c]);
      CHECK(count[c] == groups[c]);
   }
}

/* The adjacency kernel (agx_adjacency.cl) against Vulkan's topology rules
 * ("Primitive Topologies"), each restart-free segment on its own: the vertex
 * numbers (non-indexed) or indices (indexed) of the primitives drawn without
 * their adjacent vertices, lists as lists, strips as strips, 0xFFFFFFFF
 * between strips; the record drawing them; the heap's bottom after it. */
#define ADJ_HEAP 0
#define ADJ_DRAW 16
#define ADJ_OUT 48
#define ADJ_INDICES 128
#define ADJ_BASE 1024
static unsigned
adjacency_reference(uint32_t t, const uint32_t *v, uint32_t n, uint32_t *out, unsigned w)
{
   if (t == 6) { /* line i: (4i+1, 4i+2) */
      for (uint32_t i = 0; i < n / 4; i++) {
         out[w++] = v[4 * i + 1];
         out[w++] = v[4 * i + 2];
      }
   } else if (t == 8) { /* triangle i: (6i, 6i+2, 6i+4) */
      for (uint32_t i = 0; i < n / 6; i++) {
         out[w++] = v[6 * i];
         out[w++] = v[6 * i + 2];
         out[w++] = v[6 * i + 4];
      }
   } else {
      /* line i (i+1, i+2) for i < n-3: the strip v1..v(n-2); triangle i
       * (2i, 2i+2, 2i+4) for i < (n-4)/2: the strip v0, v2, ... */
      uint32_t prims = t == 7 ? (n >= 4 ? n - 3 : 0) : (n >= 6 ? (n - 4) / 2 : 0);
      if (!prims)
         return w;
      if (w)
         out[w++] = 0xFFFFFFFFu;
      for (uint32_t k = 0; k < prims + (t == 7 ? 1 : 2); k++)
         out[w++] = t == 7 ? v[k + 1] : v[2 * k];
   }
   return w;
}

static void
check_adjacency(struct agx_test_device *t, uint8_t *gpu, uint64_t va, uint32_t topology,
                unsigned index_size, bool restart, uint32_t count, uint32_t first,
                uint32_t heap_bottom, uint32_t heap_size)
{
   /* indices 0..99 with a restart every 7th (and two in a row at 20, 21) */
   uint32_t ix[128], restart_index = index_size == 4   ? 0xFFFFFFFFu
                                     : index_size == 2 ? 0xFFFFu
                                                       : 0xFFu;
   for (uint32_t i = 0; i < 128; i++)
      ix[i] = i % 7 == 6 || i == 20 ? restart_index : (i * 13 + 5) & 0x7F;
   memset(gpu, 0xCD, MEM_SIZE);
   for (uint32_t i = 0; i < 128 && index_size; i++)
      memcpy(gpu + ADJ_INDICES + i * index_size, &ix[i], index_size);
   struct agx_gs_heap heap = {.base = va + ADJ_BASE, .bottom = heap_bottom, .size = heap_size};
   memcpy(gpu + ADJ_HEAP, &heap, sizeof(heap));
   /* indexed: count, instances, firstIndex, vertexOffset, firstInstance;
    * non-indexed: count, instances, firstVertex, firstInstance */
   const uint32_t rec[5] = {count, 3, first, index_size ? 0xFFFFFFF0u : 9, 4};
   memcpy(gpu + ADJ_DRAW, rec, sizeof(rec));
   uint32_t bound = 100; /* indices bound: past them they read 0 */
   struct agx_adjacency_args args = {
      .heap = va + ADJ_HEAP,
      .draw = va + ADJ_DRAW,
      .out_draw = va + ADJ_OUT,
      .index_buffer = index_size ? va + ADJ_INDICES : 0,
      .index_bytes = (uint64_t)bound * index_size,
      .index_size = index_size,
      .restart = restart,
      .restart_index = restart_index,
      .topology = topology,
   };
   CHECK(run_on(t, NULL, AGX_CL_ADJACENCY, 1, &args, sizeof(args)) == VK_SUCCESS);

   /* the reference: the draw's vertices split at restarts */
   uint32_t want[512], seg[256], w = 0, n = 0;
   for (uint32_t i = 0; i <= count; i++) {
      uint32_t value = !index_size ? i : first + i < bound ? ix[first + i] : 0;
      if (i < count && !(index_size && restart && value == restart_index)) {
         seg[n++] = value;
         continue;
      }
      w = adjacency_reference(topology, seg, n, want, w);
      n = 0;
   }
   bool fits = heap_bottom + 4 * w <= heap_size;
   w = fits ? w : 0;
   uint32_t o[5];
   memcpy(o, gpu + ADJ_OUT, sizeof(o));
   const uint32_t want_rec[5] = {w, 3, heap_bottom / 4, index_size ? 0xFFFFFFF0u : first,
                                 index_size ? 4 : 9};
   struct agx_gs_heap after;
   memcpy(&after, gpu + ADJ_HEAP, sizeof(after));
   bool ok = !memcmp(o, want_rec, sizeof(o)) && after.bottom == heap_bottom + ((4 * w + 15) & ~15u);
   for (uint32_t i = 0; i < w; i++) {
      uint32_t got;
      memcpy(&got, gpu + ADJ_BASE + heap_bottom + 4 * i, 4);
      if (got != want[i]) {
         fprintf(stderr, "adjacency index %u: got %u want %u\n", i, got, want[i]);
         ok = false;
      }
   }
   if (!ok) {
      fprintf(stderr,
              "adjacency topology %u index size %u restart %d count %u first %u: record %u %u %u "
              "%u %u (want %u %u %u %u %u), heap bottom %u\n",
              topology, index_size, restart, count, first, o[0], o[1], o[2], o[3], o[4],
              want_rec[0], want_rec[1], want_rec[2], want_rec[3], want_rec[4], after.bottom);
      exit(1);
   }
}

/* The draw-count kernel (vkCmdDraw(Indexed)IndirectCount) against the rule of
 * the Vulkan spec: packed record i is application record i (at in + i x stride)
 * for i < min(count, max), zeros up to max, nothing written past max. */
static void
check_draw_count(struct agx_test_device *t, uint8_t *gpu, uint64_t va, uint32_t count, uint32_t max,
                 uint32_t stride, uint32_t words)
{
   const uint32_t in = 64, out = 2048, cnt = 16;
   for (unsigned i = 0; i < MEM_SIZE; i++)
      gpu[i] = (uint8_t)(i * 5 + 3);
   memcpy(gpu + cnt, &count, 4);
   struct agx_draw_count_args args = {.in = va + in,
                                      .out = va + out,
                                      .count = va + cnt,
                                      .stride = stride,
                                      .max_draws = max,
                                      .words = words};
   uint32_t groups = (max + AGX_DRAW_COUNT_GROUP_SIZE - 1) / AGX_DRAW_COUNT_GROUP_SIZE;
   CHECK(run_on(t, NULL, AGX_CL_DRAW_COUNT, groups, &args, sizeof(args)) == VK_SUCCESS);
   uint32_t live = count < max ? count : max;
   for (uint32_t i = 0; i < max + 2; i++) {
      for (uint32_t k = 0; k < words; k++) {
         uint32_t got, want;
         memcpy(&got, gpu + out + 4 * (i * words + k), 4);
         if (i < live) {
            uint32_t b = in + i * stride + 4 * k;
            want = (uint32_t)(uint8_t)(b * 5 + 3) | (uint32_t)(uint8_t)((b + 1) * 5 + 3) << 8 |
                   (uint32_t)(uint8_t)((b + 2) * 5 + 3) << 16 |
                   (uint32_t)(uint8_t)((b + 3) * 5 + 3) << 24;
         } else if (i < max) {
            want = 0;
         } else { /* past maxDrawCount: untouched */
            uint32_t b = out + 4 * (i * words + k);
            want = (uint32_t)(uint8_t)(b * 5 + 3) | (uint32_t)(uint8_t)((b + 1) * 5 + 3) << 8 |
                   (uint32_t)(uint8_t)((b + 2) * 5 + 3) << 16 |
                   (uint32_t)(uint8_t)((b + 3) * 5 + 3) << 24;
         }
         if (got != want) {
            fprintf(stderr,
                    "draw count %u max %u stride %u words %u: record %u word %u = 0x%08x, "
                    "expected 0x%08x\n",
                    count, max, stride, words, i, k, got, want);
            exit(1);
         }
      }
   }
}

/* Separate layout: availability at 0 and results at 256. Interleaved layout (the driver's
 * query pools): per query a record of the values then the availability word (8 bytes), from
 * 0. Destination at 1024 in both images. */
#define Q_AVAIL 0
#define Q_RESULTS 256
#define Q_DST 1024
#define Q_POOL 16

static void
check_query_copy(struct agx_test_device *t, uint8_t *gpu, uint64_t va, uint32_t first,
                 uint32_t count, uint32_t nvalues, uint32_t stride, uint32_t flags,
                 bool interleaved)
{
   static _Alignas(16) uint8_t host[MEM_SIZE], model[MEM_SIZE];
   for (unsigned i = 0; i < MEM_SIZE; i++)
      host[i] = gpu[i] = model[i] = (uint8_t)(i * 13 + 5);
   uint32_t avail[Q_POOL];
   uint64_t values[Q_POOL * 4];
   const uint32_t record = nvalues * 8 + 8;
   const uint32_t avail_at = interleaved ? nvalues * 8 : Q_AVAIL;
   const uint32_t avail_stride = interleaved ? record : 4;
   const uint32_t results_at = interleaved ? 0 : Q_RESULTS;
   const uint32_t results_stride = interleaved ? record : nvalues * 8;
   for (uint32_t q = 0; q < Q_POOL; q++) {
      avail[q] = (q % 3 == 1) ? 0 : q + 1; /* every third query unavailable */
      memcpy(host + avail_at + q * avail_stride, &avail[q], 4);
      for (uint32_t v = 0; v < nvalues; v++) {
         values[q * nvalues + v] = ((uint64_t)(q * 7 + v + 1) << 32) | (q * 1000u + v * 10u + 3u);
         memcpy(host + results_at + q * results_stride + v * 8, &values[q * nvalues + v], 8);
      }
   }
   memcpy(gpu, host, Q_DST);
   memcpy(model, host, Q_DST);

   struct agx_copy_query_args args = {.availability = va + avail_at,
                                      .results = va + results_at,
                                      .dst = va + Q_DST,
                                      .dst_stride = stride,
                                      .first_query = first,
                                      .query_count = count,
                                      .values_per_query = nvalues,
                                      .flags = flags,
                                      .availability_stride = avail_stride,
                                      .results_stride = results_stride};
   CHECK(run_kernel(t, AGX_CL_COPY_QUERY, &args, sizeof(args)) == VK_SUCCESS);
   args.availability = (uintptr_t)(host + avail_at);
   args.results = (uintptr_t)(host + results_at);
   args.dst = (uintptr_t)(host + Q_DST);
   agx_host_copy_query(args, count);

   /* The spec's model: values written only if available or PARTIAL; availability after. */
   bool is64 = flags & VK_QUERY_RESULT_64_BIT;
   for (uint32_t i = 0; i < count; i++) {
      uint32_t q = first + i;
      uint8_t *d = model + Q_DST + i * stride;
      uint32_t n = 0;
      for (uint32_t v = 0; v <= nvalues; v++) {
         uint64_t value;
         if (v < nvalues) {
            if (!avail[q] && !(flags & VK_QUERY_RESULT_PARTIAL_BIT))
               continue;
            value = values[q * nvalues + v];
         } else {
            if (!(flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT))
               continue;
            value = avail[q] != 0;
         }
         n = v;
         if (is64) {
            memcpy(d + n * 8, &value, 8);
         } else {
            uint32_t w = (uint32_t)value;
            memcpy(d + n * 4, &w, 4);
         }
      }
   }
   if (memcmp(host, model, MEM_SIZE) || memcmp(gpu, host, MEM_SIZE)) {
      for (unsigned i = 0; i < MEM_SIZE; i++) {
         if (gpu[i] != host[i] || host[i] != model[i])
            fprintf(stderr,
                    "query copy flags 0x%x: byte %u: GPU 0x%02x, CPU 0x%02x, model 0x%02x\n", flags,
                    i, gpu[i], host[i], model[i]);
      }
      exit(1);
   }
}

int
main(int argc, char **argv)
{
   CHECK(argc == 2);
   check_metadata();
   struct agx_test_device t = agx_test_device_create();
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = MEM_SIZE};
   VkDeviceMemory mem;
   CHECK(agxv_AllocateMemory(t.vk, &mai, NULL, &mem) == VK_SUCCESS);
   uint8_t *gpu;
   CHECK(agxv_MapMemory(t.vk, mem, 0, VK_WHOLE_SIZE, 0, (void **)&gpu) == VK_SUCCESS);
   uint64_t va = agxv_device_memory_from_handle(mem)->bo->va;

   static const uint32_t cases[][6] = {
      {3, 5, 7, 64, 2, 1},      {0, 1, 1, 32, 1, 1},
      {1, 1, 1, 1, 1, 1},       {65535, 65535, 65535, 1024, 1, 1},
      {100000, 2, 3, 8, 8, 16},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      check_fixup(&t, gpu, va, cases[i], cases[i] + 3);
   check_wait_events(&t, gpu, va);
   /* count below, equal to and above maxDrawCount, zero; tight and padded strides;
    * more records than one workgroup */
   static const uint32_t dc_cases[][4] = {
      {3, 5, 16, 4}, {5, 5, 20, 5}, {100, 3, 16, 4}, {0, 4, 20, 5},
      {2, 4, 28, 5}, {7, 9, 32, 4}, {33, 40, 20, 5}, {40, 35, 16, 4},
   };
   for (unsigned i = 0; i < sizeof(dc_cases) / sizeof(dc_cases[0]); i++)
      check_draw_count(&t, gpu, va, dc_cases[i][0], dc_cases[i][1], dc_cases[i][2], dc_cases[i][3]);

   /* every adjacency topology: non-indexed, indexed with and without restart
    * (8/16/32-bit), segments too short for a primitive, indices past the
    * bound range, a list that does not fit the heap (nothing drawn) */
   unsigned adj_cases = 0;
   for (uint32_t topo = 6; topo <= 9; topo++) {
      for (unsigned size = 0; size <= 4; size++) {
         if (size == 3)
            continue;
         for (int restart = 0; restart < 2; restart++) {
            if (restart && !size)
               continue;
            check_adjacency(&t, gpu, va, topo, size, restart, 50, 3, 32, 2048);
            check_adjacency(&t, gpu, va, topo, size, restart, 13, 90, 0, 2048);
            check_adjacency(&t, gpu, va, topo, size, restart, 3, 0, 0, 2048);
            check_adjacency(&t, gpu, va, topo, size, restart, 60, 0, 2048 - 48, 2048);
            adj_cases += 4;
         }
      }
   }
   unsigned query_cases = 0;
   for (uint32_t flags = 0; flags < 16; flags++) {
      uint32_t unit = flags & VK_QUERY_RESULT_64_BIT ? 8 : 4;
      for (int interleaved = 0; interleaved < 2; interleaved++) {
         check_query_copy(&t, gpu, va, 0, 1, 1, unit * 2, flags, interleaved);
         check_query_copy(&t, gpu, va, 2, 9, 1, unit * 2, flags, interleaved);
         check_query_copy(&t, gpu, va, 1, 5, 3, unit * 5, flags, interleaved);
         /* stride larger than needed */
         check_query_copy(&t, gpu, va, 3, 13, 2, 40, flags, interleaved);
         /* no queries: nothing written */
         check_query_copy(&t, gpu, va, 5, 0, 1, 8, flags, interleaved);
         query_cases += 5;
      }
   }

   /* An argument struct shorter than what the kernel reads is refused, not launched. */
   struct agx_fill_args fill = {.dst = va, .count = 1, .value = 5};
   CHECK(run_kernel(&t, AGX_CL_FILL, &fill, 8) != VK_SUCCESS);
   /* __local sizes for a kernel without __local arguments are refused; none given is fine. */
   static const uint32_t one_local[1] = {64};
   local_sizes = one_local;
   local_count = 1;
   CHECK(run_kernel(&t, AGX_CL_FILL, &fill, sizeof(fill)) != VK_SUCCESS);
   local_count = 0;
   CHECK(run_kernel(&t, AGX_CL_FILL, &fill, sizeof(fill)) == VK_SUCCESS);
   local_sizes = NULL;
   /* And the full one runs. */
   CHECK(run_kernel(&t, AGX_CL_FILL, &fill, sizeof(fill)) == VK_SUCCESS);
   uint32_t word;
   memcpy(&word, gpu, 4);
   CHECK(word == 5);

   check_libclc_math(&t, gpu, va, argv[1]);

   agxv_FreeMemory(t.vk, mem, NULL);
   agx_test_device_destroy(&t);
   printf("indirect fix-up: GPU packer bytes equal the CPU packer's in %u cases; "
          "query copies match CPU run and spec model in %u cases\n",
          (unsigned)(sizeof(cases) / sizeof(cases[0])), query_cases);
   printf("adjacency index lists match the topology rules in %u cases\n", adj_cases);
   return 0;
}
