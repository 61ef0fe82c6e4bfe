/*
 * The geometry-shader path's variants (agx_pass_lower_gs, emulation.md §3)
 * on the IR interpreter, against CPU models of layout/agx_gs.h:
 *  - VS_SW (gs_sw.vert): every output word at its place in the input
 *    buffer for two instances, non-indexed (base vertex, base instance) and
 *    indexed (16-bit indices read in software);
 *  - MAIN (tests/icd gs_amp.geom: three invocations, 0..3 squares each,
 *    counts from an input varying): the index buffer of 32 primitives x 2
 *    instances, strips of vertex ids and restarts, from input words the
 *    test lays out;
 *  - RAST: a vertex stage that stores each output word once and keeps no
 *    emit_vertex / end_primitive / per-vertex input;
 *  - VS_SW of gs_clip.vert: six clip distances in two records (words 4-5
 *    under AGX_GS_CLIP_HI);
 *  - streams (gs_streams.geom: 3 points on stream 0, 2 on stream 1): MAIN
 *    writes the vertex ids of the rasterised stream only (0, then 1);
 *  - 64-bit outputs (gs_io64.vert, VS_SW): low and high words of each
 *    component, a vec3 spilling into the next location, Component 2;
 *  - side effects (gs_effects.geom: an atomic and a store): MAIN keeps
 *    them, RAST and XFB (which re-run the shader) have none left.
 *
 * test_compiler_gs SPV_DIR
 */
#include <stdlib.h>
#include <string.h>

#include "agx_gs.h"
#include "agx_passes.h"
#include "harness.h"

static unsigned rast_stream; /* agx_gs_options.rast_stream of compile() */

/* SPIR-V -> the variant -> ABI lowering -> optimisation. */
static bool
compile(struct harness *h, const char *name, enum agx_gs_variant variant, uint64_t *mask)
{
   memset(h, 0, sizeof(*h));
   h->next_addr = UINT64_C(0x100000000);
   size_t n;
   uint32_t *w = h_read_spv(name, &n);
   if (!w)
      return false;
   h->s = agx_compile_spirv(w, n, NULL, false, h->err, sizeof(h->err));
   free(w);
   struct agx_gs_options o = {.variant = variant, .input_mask = *mask, .rast_stream = rast_stream};
   if (!h->s || agx_pass_lower_gs(h->s, &o, h->err, sizeof(h->err))) {
      fprintf(stderr, "%s: %s\n", name, h->err);
      h_failures++;
      return false;
   }
   agx_pass_lower_io(h->s, NULL);
   agx_optimize(h->s);
   if (!agx_validate(h->s, h->err, sizeof(h->err))) {
      fprintf(stderr, "%s: invalid IR: %s\n", name, h->err);
      h_failures++;
      return false;
   }
   *mask = o.output_mask;
   return true;
}

static float
f32(const uint32_t *w)
{
   float f;
   memcpy(&f, w, 4);
   return f;
}

static void
test_vs_sw(bool indexed)
{
   struct harness h;
   uint64_t mask = 0;
   if (!compile(&h, "gs_sw", AGX_GS_VS_SW, &mask))
      return;
   uint64_t want_mask =
      (1ull << 0) | (1ull << 3) | (1ull << AGX_IO_POSITION) | (1ull << AGX_IO_POINT_SIZE);
   h_check_u64("VS_SW output mask", 0, mask, want_mask);
   enum { VERTS = 64, INSTANCES = 2, RECS = 4 };
   uint64_t params_addr, in_addr, ib_addr;
   struct agx_gs_params *p = h_memory(&h, sizeof(*p), &params_addr);
   uint32_t *in = h_memory(&h, 16 * RECS * VERTS * INSTANCES, &in_addr);
   uint16_t *ib = h_memory(&h, 2 * VERTS, &ib_addr);
   for (unsigned i = 0; i < VERTS; i++)
      ib[i] = (uint16_t)(VERTS - 1 - i) * 3;
   *p = (struct agx_gs_params){.input_buffer = in_addr,
                               .verts_per_instance = VERTS,
                               .base_vertex = 5,
                               .base_instance = 2};
   if (indexed) {
      p->index_buffer = ib_addr;
      p->index_size = 2;
   }
   memcpy(h.uniforms + AGX_ABI_GEOMETRY_PARAMS, &params_addr, 8);
   if (!h_run(&h, VERTS / 32, INSTANCES, 1)) {
      h_finish(&h);
      return;
   }
   for (unsigned inst = 0; inst < INSTANCES; inst++)
      for (unsigned v = 0; v < VERTS; v++) {
         uint32_t vid = (indexed ? ib[v] : v) + 5;
         const uint32_t *r = in + 4 * RECS * (inst * VERTS + v);
         unsigned k = inst * VERTS + v;
         /* ranks: location 0, location 3, position, point size */
         h_check_f32("a.x", k, f32(&r[0]), (float)(vid * 3), 0);
         h_check_f32("a.w", k, f32(&r[3]), 1.0f, 0);
         h_check_u32("b.x", k, r[4], (inst + 2) * 7);
         h_check_u32("b.y", k, r[5], vid ^ 0x55u);
         h_check_f32("pos.x", k, f32(&r[8]), (float)vid, 0);
         h_check_f32("pos.y", k, f32(&r[9]), (float)(inst + 2), 0);
         h_check_f32("pos.w", k, f32(&r[11]), 2.0f, 0);
         h_check_f32("psize", k, f32(&r[12]), 4.0f, 0);
      }
   h_finish(&h);
}

/* The squares gs_amp.geom emits for count n: per invocation j < n one
 * strip, two when n == 3; vertex numbers run on across invocations. */
static unsigned
amp_model(unsigned n, uint32_t id_base, uint32_t *out, unsigned max)
{
   unsigned len = 0, k = 0;
   for (unsigned j = 0; j < 3; j++) {
      if (j >= n)
         continue;
      for (unsigned s = 0; s < (n == 3 ? 2u : 1u); s++) {
         for (unsigned v = 0; v < 4; v++)
            out[len++] = id_base + k++;
         out[len++] = 0xFFFFFFFFu;
      }
   }
   while (len < max)
      out[len++] = 0xFFFFFFFFu;
   return len;
}

static void
test_main(void)
{
   struct harness h;
   uint64_t mask = (1ull << 0) | (1ull << AGX_IO_POSITION);
   if (!compile(&h, "gs_amp", AGX_GS_MAIN, &mask))
      return;
   const struct agx_gs_info *gs = &h.s->gs;
   h_check_u32("max_indices", 0, gs->max_indices, 2 * 8 * 3 + 1);
   h_check_u32("vertex_id_log2", 0, gs->vertex_id_log2, 5);
   H_CHECK(h.s->stage == AGX_STAGE_COMPUTE, "MAIN is a compute kernel");
   enum { PRIMS = 32, INSTANCES = 2, VERTS = 3 * PRIMS };
   uint64_t params_addr, in_addr, out_addr;
   struct agx_gs_params *p = h_memory(&h, sizeof(*p), &params_addr);
   uint32_t *in = h_memory(&h, 16 * 2 * VERTS * INSTANCES, &in_addr);
   unsigned total = gs->max_indices * PRIMS * INSTANCES;
   uint32_t *out = h_memory(&h, 4 * total, &out_addr);
   memset(out, 0xAB, 4 * total); /* the kernel writes every entry */
   uint64_t seed = 23;
   unsigned counts[INSTANCES][PRIMS];
   for (unsigned inst = 0; inst < INSTANCES; inst++)
      for (unsigned v = 0; v < VERTS; v++) {
         float *r = (float *)(in + 8 * (inst * VERTS + v));
         unsigned n = h_rand(&seed) % 4;
         if (v % 3 == 0)
            counts[inst][v / 3] = n;
         r[3] = (float)n / 4.0f; /* colour.a (rank 0) */
         r[0] = 0.5f;
         r[4] = (float)v; /* position (rank 1) */
      }
   *p = (struct agx_gs_params){.output_index_buffer = out_addr,
                               .input_buffer = in_addr,
                               .input_primitives = PRIMS,
                               .primitives_log2 = 5,
                               .verts_per_instance = VERTS,
                               .input_topology = AGX_GS_TOPOLOGY_TRIANGLE_LIST,
                               .vertex_stride = 3};
   memcpy(h.uniforms + AGX_ABI_GEOMETRY_PARAMS, &params_addr, 8);
   if (!h_run(&h, 1, INSTANCES, 1)) {
      h_finish(&h);
      return;
   }
   unsigned bad = 0;
   for (unsigned inst = 0; inst < INSTANCES; inst++)
      for (unsigned prim = 0; prim < PRIMS; prim++) {
         uint32_t want[49];
         uint32_t id_base = ((inst << 5) | prim) << 5;
         amp_model(counts[inst][prim], id_base, want, gs->max_indices);
         const uint32_t *got = out + (inst * PRIMS + prim) * gs->max_indices;
         for (unsigned i = 0; i < gs->max_indices && bad < 8; i++)
            if (got[i] != want[i]) {
               h_check_u32("index", (inst * PRIMS + prim) * 100 + i, got[i], want[i]);
               bad++;
            }
      }
   h_finish(&h);
}

static void
test_rast(void)
{
   struct harness h;
   uint64_t mask = (1ull << 0) | (1ull << AGX_IO_POSITION);
   if (!compile(&h, "gs_amp", AGX_GS_RAST, &mask))
      return;
   H_CHECK(h.s->stage == AGX_STAGE_VERTEX, "RAST is a vertex shader");
   /* position and colour: one store per word */
   h_check_u32("store_output", 0, h_count_ops(h.s, AGX_OP_STORE_OUTPUT), 8);
   h_check_u32("emit_vertex", 0, h_count_ops(h.s, AGX_OP_EMIT_VERTEX), 0);
   h_check_u32("load_per_vertex_input", 0, h_count_ops(h.s, AGX_OP_LOAD_PER_VERTEX_INPUT), 0);
   H_CHECK(h_count_ops(h.s, AGX_OP_LOAD_VERTEX_ID) == 1, "reads its vertex id once");
   h_finish(&h);
}

/* VS_SW with clip distances: records position, clip 0-3, clip 4-5. */
static void
test_vs_clip(void)
{
   struct harness h;
   uint64_t mask = 0;
   if (!compile(&h, "gs_clip", AGX_GS_VS_SW, &mask))
      return;
   uint64_t want_mask =
      (1ull << AGX_IO_POSITION) | (1ull << AGX_IO_CLIP_DIST) | (1ull << AGX_GS_CLIP_HI);
   h_check_u64("clip output mask", 0, mask, want_mask);
   enum { VERTS = 32, RECS = 3 };
   uint64_t params_addr, in_addr;
   struct agx_gs_params *p = h_memory(&h, sizeof(*p), &params_addr);
   uint32_t *in = h_memory(&h, 16 * RECS * VERTS, &in_addr);
   *p = (struct agx_gs_params){.input_buffer = in_addr, .verts_per_instance = VERTS};
   memcpy(h.uniforms + AGX_ABI_GEOMETRY_PARAMS, &params_addr, 8);
   if (h_run(&h, 1, 1, 1))
      for (unsigned v = 0; v < VERTS; v++) {
         const uint32_t *r = in + 4 * RECS * v;
         h_check_f32("clip pos.x", v, f32(&r[0]), (float)v, 0);
         for (unsigned k = 0; k < 6; k++)
            h_check_f32("clip", v * 10 + k, f32(&r[4 + k]), (float)(v * 10 + k), 0);
      }
   h_finish(&h);
}

/* MAIN of gs_streams over one workgroup of 32 points: the rasterised
 * stream's points get vertex ids base + 0.. in emission order (base =
 * point << vertex_id_log2), the other stream's none. */
static void
test_streams(unsigned stream)
{
   struct harness h;
   uint64_t mask = 1ull << AGX_IO_POSITION;
   rast_stream = stream;
   bool ok = compile(&h, "gs_streams", AGX_GS_MAIN, &mask);
   rast_stream = 0;
   if (!ok)
      return;
   const struct agx_gs_info *gs = &h.s->gs;
   h_check_u32("streams max_indices", stream, gs->max_indices, 5);
   h_check_u32("streams vertex_id_log2", stream, gs->vertex_id_log2, 3);
   enum { POINTS = 32 };
   uint64_t params_addr, in_addr, out_addr;
   struct agx_gs_params *p = h_memory(&h, sizeof(*p), &params_addr);
   h_memory(&h, 16 * POINTS, &in_addr);
   uint32_t *out = h_memory(&h, 4 * 5 * POINTS, &out_addr);
   memset(out, 0xAB, 4 * 5 * POINTS);
   *p = (struct agx_gs_params){.output_index_buffer = out_addr,
                               .input_buffer = in_addr,
                               .input_primitives = POINTS,
                               .primitives_log2 = 5,
                               .verts_per_instance = POINTS,
                               .input_topology = AGX_GS_TOPOLOGY_POINT_LIST,
                               .vertex_stride = 1};
   memcpy(h.uniforms + AGX_ABI_GEOMETRY_PARAMS, &params_addr, 8);
   if (h_run(&h, 1, 1, 1)) {
      unsigned n = stream == 0 ? 3 : 2, bad = 0;
      for (unsigned pt = 0; pt < POINTS; pt++)
         for (unsigned i = 0; i < 5 && bad < 8; i++) {
            uint32_t want = i < n ? (pt << 3) + i : 0xFFFFFFFFu;
            bad += out[5 * pt + i] != want;
            h_check_u32("streams index", stream * 1000 + 10 * pt + i, out[5 * pt + i], want);
         }
   }
   h_finish(&h);
}

/* 64-bit outputs of gs_io64.vert in the input buffer: records location 0
 * (a.x, a.y), 1 (a.z), 2 (b), 3 (words 2-3: d), position. */
static void
test_io64(void)
{
   struct harness h;
   uint64_t mask = 0;
   if (!compile(&h, "gs_io64", AGX_GS_VS_SW, &mask))
      return;
   h_check_u64("io64 output mask", 0, mask, 0xFull | (1ull << AGX_IO_POSITION));
   enum { VERTS = 32, RECS = 5 };
   uint64_t params_addr, in_addr;
   struct agx_gs_params *p = h_memory(&h, sizeof(*p), &params_addr);
   uint32_t *in = h_memory(&h, 16 * RECS * VERTS, &in_addr);
   *p = (struct agx_gs_params){.input_buffer = in_addr, .verts_per_instance = VERTS};
   memcpy(h.uniforms + AGX_ABI_GEOMETRY_PARAMS, &params_addr, 8);
   if (h_run(&h, 1, 1, 1))
      for (unsigned v = 0; v < VERTS; v++) {
         const uint32_t *r = in + 4 * RECS * v;
         uint64_t want[4] = {((uint64_t)v << 40) | 1, (uint64_t) - (int64_t)v,
                             3ull * v + (7ull << 33), 0x123456789Aull + v};
         for (unsigned i = 0; i < 4; i++) {
            unsigned w = 2 * i + (i == 3 ? 2 : 0); /* b: location 2 */
            h_check_u32("io64 lo", 10 * v + i, r[w], (uint32_t)want[i]);
            h_check_u32("io64 hi", 10 * v + i, r[w + 1], (uint32_t)(want[i] >> 32));
         }
         h_check_u32("io64 d.lo", v, r[14], v);
         h_check_u32("io64 d.hi", v, r[15], 0xFFFFFFFFu);
         h_check_f32("io64 pos.x", v, f32(&r[16]), (float)v, 0);
      }
   h_finish(&h);
}

/* Memory writes and atomics of the GS: MAIN's alone. */
static void
test_side_effects(enum agx_gs_variant variant)
{
   struct harness h;
   uint64_t mask = 1ull << AGX_IO_POSITION;
   if (!compile(&h, "gs_effects", variant, &mask))
      return;
   unsigned atomics = h_count_ops(h.s, AGX_OP_ATOMIC_GLOBAL);
   unsigned stores = h_count_ops(h.s, AGX_OP_STORE_GLOBAL);
   if (variant == AGX_GS_MAIN) {
      h_check_u32("MAIN keeps the atomic", 0, atomics, 1);
      H_CHECK(stores >= 2, "MAIN keeps the store (and writes indices)");
   } else {
      h_check_u32("re-run variant: atomics", variant, atomics, 0);
      if (variant == AGX_GS_RAST)
         h_check_u32("RAST: stores", 0, stores, 0);
   }
   h_finish(&h);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SPV_DIR\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   test_vs_sw(false);
   test_vs_sw(true);
   test_main();
   test_rast();
   test_vs_clip();
   test_streams(0);
   test_streams(1);
   test_io64();
   test_side_effects(AGX_GS_MAIN);
   test_side_effects(AGX_GS_RAST);
   test_side_effects(AGX_GS_XFB);
   printf("%s: %u failures\n", argv[0], h_failures);
   return h_failures ? 1 : 0;
}
