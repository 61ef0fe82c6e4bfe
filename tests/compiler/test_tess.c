/* The tessellator kernels (cl_kernels/tessellator.cl through clang-15 and
 * llvm-spirv-15: unstructured control flow, a switch, multi-exit loops)
 * compiled by our front end and run on the IR interpreter in every
 * pipeline, and through the back end on the simulated GPU, against the
 * host build of the same source: every status,
 * count, point and index word of several domains / spacings / levels. */
#include <stdio.h>
#include <string.h>

#include "../backend/backend_sim.h"
#include "agx_backend.h"
#include "agx_tess.h"
#include "harness.h"

struct tess_case {
   uint32_t domain, spacing, flags;
   float outer[4], inner[2];
};

static const struct tess_case cases[] = {
   {AGX_TESS_DOMAIN_TRI, AGX_TESS_SPACING_EQUAL, 0, {3, 4, 5, 0}, {4, 0}},
   {AGX_TESS_DOMAIN_TRI,
    AGX_TESS_SPACING_FRACTIONAL_ODD,
    AGX_TESS_FLAG_CCW,
    {2.5f, 7.25f, 1, 0},
    {5.5f, 0}},
   {AGX_TESS_DOMAIN_QUAD, AGX_TESS_SPACING_EQUAL, 0, {1, 2, 3, 4}, {3, 2}},
   {AGX_TESS_DOMAIN_QUAD,
    AGX_TESS_SPACING_FRACTIONAL_EVEN,
    0,
    {3.3f, 6.7f, 2.1f, 9.9f},
    {4.4f, 7.5f}},
   {AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_SPACING_EQUAL, 0, {3, 6, 0, 0}, {0, 0}},
   {AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_SPACING_FRACTIONAL_ODD, 0, {2, 4.6f, 0, 0}, {0, 0}},
   {AGX_TESS_DOMAIN_TRI, AGX_TESS_SPACING_EQUAL, AGX_TESS_FLAG_POINTS, {2, 2, 2, 0}, {3, 0}},
   {AGX_TESS_DOMAIN_QUAD, AGX_TESS_SPACING_FRACTIONAL_ODD, 0, {0, 1, 1, 1}, {1, 1}}, /* culled */
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))
#define HEAP_SIZE (1u << 20)
#define INDEX_STRIDE 0x10000u

static unsigned words_checked, gpu_words_checked;
static uint64_t gpu_insns[2];

/* The harness's IR through the back end, run on the GPU model with the
 * harness buffers (which it updates); false (and a failure) on error. */
static bool
run_gpu(struct harness *h, unsigned kernel)
{
   struct agx_backend_result r;
   char err[512];
   if (agx_backend_compile(h->s, NULL, &r, err, sizeof(err))) {
      fprintf(stderr, "back end: %s\n", err);
      h_failures++;
      return false;
   }
   struct bsim_program prog = {r.code,
                               r.size,
                               r.info.gpr_halves,
                               r.info.shared_size,
                               {r.info.local_size[0], r.info.local_size[1], r.info.local_size[2]},
                               r.preamble,
                               r.preamble_size,
                               r.info.preamble_gpr_halves,
                               r.info.scratch_size};
   struct bsim_buffer bb[32];
   for (unsigned k = 0; k < h->nbufs; k++)
      bb[k] = (struct bsim_buffer){h->bufs[k].address, h->bufs[k].data, h->bufs[k].size};
   uint32_t groups[3] = {1, 1, 1};
   struct bsim_stats st = {0};
   int rc = bsim_run(&prog, h->uniforms, sizeof(h->uniforms), bb, h->nbufs, groups, &st, err,
                     sizeof(err));
   if (rc) {
      fprintf(stderr, "GPU model: %s\n", err);
      h_failures++;
   }
   gpu_insns[kernel] += st.sg_insns;
   agx_backend_result_free(&r);
   return rc == 0;
}

static void
check_case(unsigned ci, enum h_mode mode, bool gpu)
{
   const struct tess_case *tc = &cases[ci];
   struct agx_tess_config cfg = {tc->domain, tc->spacing, tc->flags, 0};
   struct agx_tess_levels lv;
   memset(&lv, 0, sizeof(lv));
   memcpy(lv.outer, tc->outer, sizeof(lv.outer));
   memcpy(lv.inner, tc->inner, sizeof(lv.inner));

   /* host reference */
   static uint8_t host_heap[HEAP_SIZE];
   memset(host_heap, 0, sizeof(host_heap)); /* alignment padding is never written */
   struct agx_tess_heap hh = {(uint64_t)(uintptr_t)host_heap, 0, HEAP_SIZE};
   struct agx_tess_result hr;
   memset(&hr, 0, sizeof(hr));
   agx_tess_patch(cfg, lv, &hh, &hr, 0, INDEX_STRIDE);
   uint32_t hnp = 0, hni = 0, hst = agx_tess_count(cfg, lv, &hnp, &hni);

   /* COUNT kernel */
   struct agx_spirv_options opts = {.entry = "agx_tess_count_kernel", .local_size = {1, 1, 1}};
   struct harness h;
   if (h_compile(&h, "tessellator", mode, &opts)) {
      uint64_t la, ra;
      void *l = h_memory(&h, sizeof(lv), &la);
      struct agx_tess_result *r = h_memory(&h, sizeof(*r), &ra);
      memcpy(l, &lv, sizeof(lv));
      uint8_t args[32];
      uint32_t u[4] = {tc->domain, tc->spacing, tc->flags, 1};
      memcpy(args, &la, 8);
      memcpy(args + 8, &ra, 8);
      memcpy(args + 16, u, 16);
      h_push(&h, args, sizeof(args));
      if (gpu ? run_gpu(&h, 0) : h_run(&h, 1, 1, 1)) {
         h_check_u32("count status", ci, r->status, hst);
         h_check_u32("count points", ci, r->num_points, hnp);
         h_check_u32("count indices", ci, r->num_indices, hni);
         *(gpu ? &gpu_words_checked : &words_checked) += 3;
      }
      h_finish(&h);
   }

   /* WRITE kernel */
   opts.entry = "agx_tess_write_kernel";
   if (h_compile(&h, "tessellator", mode, &opts)) {
      uint64_t la, ra, ha, ma;
      void *l = h_memory(&h, sizeof(lv), &la);
      struct agx_tess_result *r = h_memory(&h, sizeof(*r), &ra);
      struct agx_tess_heap *heap = h_memory(&h, sizeof(*heap), &ha);
      uint8_t *mem = h_memory(&h, HEAP_SIZE, &ma);
      memcpy(l, &lv, sizeof(lv));
      heap->base = ma;
      heap->size = HEAP_SIZE;
      uint8_t args[44];
      uint32_t u[5] = {tc->domain, tc->spacing, tc->flags, 1, INDEX_STRIDE};
      memcpy(args, &la, 8);
      memcpy(args + 8, &ra, 8);
      memcpy(args + 16, &ha, 8);
      memcpy(args + 24, u, 20);
      h_push(&h, args, sizeof(args));
      if (gpu ? run_gpu(&h, 1) : h_run(&h, 1, 1, 1)) {
         const uint32_t *gr = (const uint32_t *)r, *wr = (const uint32_t *)&hr;
         for (unsigned k = 0; k < 5; k++)
            h_check_u32("write result word", ci * 8 + k, gr[k], wr[k]);
         h_check_u32("write heap used", ci, heap->used, hh.used);
         *(gpu ? &gpu_words_checked : &words_checked) += 6;
         if (hr.status == AGX_TESS_OK && r->status == AGX_TESS_OK && hh.used <= HEAP_SIZE) {
            unsigned nw = hh.used / 4;
            const uint32_t *gw = (const uint32_t *)mem, *ww = (const uint32_t *)host_heap;
            for (unsigned k = 0; k < nw; k++)
               h_check_u32("heap word", ci * 100000 + k, gw[k], ww[k]);
            *(gpu ? &gpu_words_checked : &words_checked) += nw;
         }
         if (hnp == 0 && hni == 0 && hst == AGX_TESS_OK)
            printf("case %u: culled patch\n", ci);
      }
      h_finish(&h);
   }
}

/* 32 patches with random levels in one SIMD group (lanes diverge through
 * the tessellator's loops and switch); heap offsets depend on the order of
 * the atomic allocations, so each patch is compared at its own offsets. */
#define NP 32
static void
check_batch(unsigned ci, enum h_mode mode, bool gpu)
{
   const struct tess_case *tc = &cases[ci];
   struct agx_tess_config cfg = {tc->domain, tc->spacing, tc->flags, 0};
   static struct agx_tess_levels lv[NP];
   uint64_t seed = 4242 + ci;
   for (unsigned p = 0; p < NP; p++) {
      memset(&lv[p], 0, sizeof(lv[p]));
      for (unsigned k = 0; k < 4; k++)
         lv[p].outer[k] = (float)(h_rand(&seed) % 1700) / 100.0f;
      for (unsigned k = 0; k < 2; k++)
         lv[p].inner[k] = (float)(h_rand(&seed) % 1700) / 100.0f;
   }
   static uint8_t host_heap[HEAP_SIZE];
   for (unsigned kernel = 0; kernel < 2; kernel++) {
      struct agx_spirv_options opts = {.entry = kernel ? "agx_tess_write_kernel"
                                                       : "agx_tess_count_kernel",
                                       .local_size = {NP, 1, 1}};
      struct harness h;
      if (!h_compile(&h, "tessellator", mode, &opts))
         continue;
      uint64_t la, ra, ha, ma;
      struct agx_tess_levels *l = h_memory(&h, sizeof(lv), &la);
      struct agx_tess_result *r = h_memory(&h, sizeof(*r) * NP, &ra);
      struct agx_tess_heap *heap = h_memory(&h, sizeof(*heap), &ha);
      uint8_t *mem = h_memory(&h, HEAP_SIZE, &ma);
      memcpy(l, lv, sizeof(lv));
      heap->base = ma;
      heap->size = HEAP_SIZE;
      uint8_t args[44];
      memcpy(args, &la, 8);
      memcpy(args + 8, &ra, 8);
      if (kernel) {
         uint32_t u[5] = {tc->domain, tc->spacing, tc->flags, NP, INDEX_STRIDE};
         memcpy(args + 16, &ha, 8);
         memcpy(args + 24, u, 20);
      } else {
         uint32_t u[4] = {tc->domain, tc->spacing, tc->flags, NP};
         memcpy(args + 16, u, 16);
      }
      h_push(&h, args, kernel ? 44 : 32);
      if (!(gpu ? run_gpu(&h, kernel) : h_run(&h, 1, 1, 1))) {
         if (!gpu)
            fprintf(stderr, "interpreter: %s\n", h.err), h_failures++;
         h_finish(&h);
         continue;
      }
      unsigned *counter = gpu ? &gpu_words_checked : &words_checked;
      uint32_t used = 0;
      for (unsigned p = 0; p < NP; p++) {
         unsigned idx = ci * 1000 + p;
         if (!kernel) {
            uint32_t np = 0, ni = 0, st = agx_tess_count(cfg, lv[p], &np, &ni);
            h_check_u32("batch count status", idx, r[p].status, st);
            h_check_u32("batch count points", idx, r[p].num_points, np);
            h_check_u32("batch count indices", idx, r[p].num_indices, ni);
            *counter += 3;
            continue;
         }
         memset(host_heap, 0, sizeof(host_heap));
         struct agx_tess_heap hh = {(uint64_t)(uintptr_t)host_heap, 0, HEAP_SIZE};
         struct agx_tess_result hr;
         memset(&hr, 0, sizeof(hr));
         agx_tess_patch(cfg, lv[p], &hh, &hr, p, INDEX_STRIDE);
         used += hh.used;
         h_check_u32("batch status", idx, r[p].status, hr.status);
         h_check_u32("batch points", idx, r[p].num_points, hr.num_points);
         h_check_u32("batch indices", idx, r[p].num_indices, hr.num_indices);
         *counter += 3;
         if (r[p].status != AGX_TESS_OK || hr.status != AGX_TESS_OK ||
             r[p].num_points != hr.num_points || r[p].num_indices != hr.num_indices)
            continue;
         if ((uint64_t)r[p].points_offset + hr.num_points * 8ull > HEAP_SIZE ||
             (uint64_t)r[p].indices_offset + hr.num_indices * 4ull > HEAP_SIZE) {
            h_check_u32("batch offsets in the heap", idx, 0, 1);
            continue;
         }
         const uint32_t *gp = (const uint32_t *)(mem + r[p].points_offset);
         const uint32_t *wp = (const uint32_t *)(host_heap + hr.points_offset);
         for (unsigned k = 0; k < hr.num_points * 2; k++)
            h_check_u32("batch point word", idx * 100000 + k, gp[k], wp[k]);
         const uint32_t *gi = (const uint32_t *)(mem + r[p].indices_offset);
         const uint32_t *wi = (const uint32_t *)(host_heap + hr.indices_offset);
         for (unsigned k = 0; k < hr.num_indices; k++)
            h_check_u32("batch index", idx * 100000 + k, gi[k], wi[k]);
         *counter += hr.num_points * 2 + hr.num_indices;
      }
      if (kernel) {
         h_check_u32("batch heap used", ci, heap->used, used);
         *counter += 1;
      }
      h_finish(&h);
   }
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s CL_KERNELS_BUILD_DIR\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   for (int mode = 0; mode < H_NUM_MODES; mode++) {
      unsigned before = h_failures;
      for (unsigned ci = 0; ci < NCASES; ci++) {
         check_case(ci, (enum h_mode)mode, false);
         check_batch(ci, (enum h_mode)mode, false);
      }
      printf("%s: %u failures\n", h_mode_names[mode], h_failures - before);
   }
   /* the optimised IR through the back end on the simulated GPU */
   unsigned before = h_failures;
   for (unsigned ci = 0; ci < NCASES; ci++) {
      check_case(ci, H_OPT, true);
      check_batch(ci, H_OPT, true);
   }
   printf("GPU model: %u failures, %u words compared, SIMD-group instructions executed: "
          "count %llu, write %llu (all cases)\n",
          h_failures - before, gpu_words_checked, (unsigned long long)gpu_insns[0],
          (unsigned long long)gpu_insns[1]);
   printf("tessellator on the interpreter: %u words compared, %u failures\n", words_checked,
          h_failures);
   return h_failures || !words_checked || !gpu_words_checked ? 1 : 0;
}
