/*
 * Subgroup operations in graphics stages through the loader: a vertex
 * shader (shaders/sg_gfx.vert, points with rasterizer discard, several
 * instances), tessellation control and evaluation shaders (sg_gfx.tesc,
 * sg_gfx.tese: triangle patches, rasterizer discard; every invocation
 * takes its record slot from a counter, as a domain point may be evaluated
 * more than once) and a fragment shader (shaders/sg_gfx.frag over one
 * triangle whose edges leave quads partly covered, i.e. helper lanes)
 * write, per invocation, their lane, masks and the results of ballot,
 * arithmetic, shuffle, vote and quad operations to a storage buffer.
 *
 * The CPU reference does not depend on how the driver packs invocations
 * into subgroups: it regroups the records by a key every member computed
 * (subgroupMin of its id), then checks every result against the members'
 * values: counts against ballots, sums / scans / min / max against the
 * members' ids in lane order, shuffles against the member on the source
 * lane (skipped when that lane wrote nothing), elect against the lowest
 * active lane. Fragment quad operations must give the neighbouring
 * pixel's coordinates (2x2 quads on even coordinates), helper or not;
 * helper lanes write nothing, so fragment sums run over the non-helper
 * lanes and the non-helper ballot must be exactly the recorded lanes.
 *
 * agx-vk must also advertise subgroups in the vertex, tessellation control,
 * tessellation evaluation and fragment stages (not the geometry stage),
 * quad operations in every stage,
 * size 32, pack full subgroups of 32 vertices and count helper lanes as
 * active (the hardware's execution mask; Vulkan "Helper Invocations"
 * allows either). On lavapipe (subgroups in fragment and compute shaders
 * only, size 8) the vertex and tessellation parts are skipped.
 *
 * test_subgroup_gfx SG_GFX_VERT SG_GFX_QUAD_VERT SG_GFX_TRI_VERT SG_GFX_FRAG
 *                   SG_GFX_TESC SG_GFX_TESE [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define REC 24 /* words per record (shaders' REC) */
#define VS_N 77
#define VS_INSTANCES 3
#define VS_COUNT (VS_N * VS_INSTANCES)
#define W 40 /* the fragment shader's framebuffer (sg_gfx.frag, sg_gfx_tri.vert) */
#define H 24
#define RECORDS (W * H) /* records the buffer holds (more than VS_COUNT) */
#define PATCHES 12
_Static_assert(VS_COUNT <= RECORDS, "the vertex records fit");

static unsigned bad;

#define EXPECT(cond, ...)                                         \
   do {                                                           \
      if (!(cond)) {                                              \
         if (bad++ < 12) {                                        \
            fprintf(stderr, __VA_ARGS__);                         \
            fprintf(stderr, " (%s, line %d)\n", #cond, __LINE__); \
         }                                                        \
      }                                                           \
   } while (0)

static unsigned
popc(uint32_t m)
{
   return (unsigned)__builtin_popcount(m);
}

static uint32_t
below(unsigned lane)
{
   return lane >= 32 ? ~0u : (1u << lane) - 1;
}

/* ---- groups of records -------------------------------------------------- */

/* The records of the invocations that wrote (marker word == id + 1). */
struct recs {
   const uint32_t *r;
   unsigned n, marker, key; /* record count, marker and key word indices */
};

static const uint32_t *
rec(const struct recs *s, unsigned i)
{
   return s->r + (size_t)i * REC;
}

static bool
wrote(const struct recs *s, unsigned i)
{
   return rec(s, i)[s->marker] == i + 1;
}

/* The invocation of subgroup `key` on `lane`, or -1. */
static int
member(const struct recs *s, uint32_t key, unsigned lane)
{
   for (unsigned i = 0; i < s->n; i++)
      if (wrote(s, i) && rec(s, i)[s->key] == key && rec(s, i)[0] == lane)
         return (int)i;
   return -1;
}

/* Lanes of subgroup `key` that wrote (and checks that no lane wrote twice). */
static uint32_t
lanes_of(const struct recs *s, uint32_t key, unsigned *count)
{
   uint32_t m = 0;
   *count = 0;
   for (unsigned i = 0; i < s->n; i++) {
      if (!wrote(s, i) || rec(s, i)[s->key] != key)
         continue;
      unsigned l = rec(s, i)[0];
      EXPECT(l < 32 && !(m & (1u << l)), "subgroup %u: lane %u twice", key, l);
      m |= 1u << (l & 31);
      (*count)++;
   }
   return m;
}

/* ---- vertex pipeline stages ----------------------------------------------- */

/* Records 0..count-1 of sg_gfx_common.glsl, at least want_full subgroups
 * of 32 lanes among them. */
static void
check_records(const char *stage, const uint32_t *out, unsigned count, unsigned size, bool quad,
              unsigned want_full)
{
   struct recs s = {out, count, 19, 5};
   unsigned full = 0, groups = 0;
   for (unsigned u = 0; u < count; u++) {
      const uint32_t *r = rec(&s, u);
      EXPECT(wrote(&s, u), "%s %u wrote nothing", stage, u);
      if (!wrote(&s, u))
         continue;
      unsigned l = r[0], n;
      uint32_t key = r[5], act = r[2];
      EXPECT(l < size && r[1] == size, "%s %u: lane %u, size %u", stage, u, l, r[1]);
      uint32_t lanes = lanes_of(&s, key, &n);
      EXPECT(lanes == act, "%s %u: ballot(true) %#x, lanes that ran %#x", stage, u, act, lanes);
      EXPECT(r[3] == popc(act) && r[14] == popc(act), "%s %u: add(1) %u, count %u, want %u", stage,
             u, r[3], r[14], popc(act));
      EXPECT(r[4] == popc(act & below(l)), "%s %u: exclusive add(1) %u", stage, u, r[4]);
      uint32_t mn = ~0u, mx = 0, sum = 0, incl = 0, third = 0, div = 0;
      unsigned div_n = 0;
      bool even = true;
      int first = -1;
      for (unsigned k = 0; k < 32; k++) {
         int m = (lanes >> k) & 1 ? member(&s, key, k) : -1;
         if (m < 0)
            continue;
         uint32_t v = (uint32_t)m;
         mn = v < mn ? v : mn;
         mx = v > mx ? v : mx;
         sum += v;
         incl += k <= l ? v : 0;
         third |= v % 3 == 0 ? 1u << k : 0;
         even &= v % 2 == 0;
         if (v % 5 != 0) {
            div |= 1u << k;
            div_n++;
         }
         if (first < 0)
            first = m;
      }
      groups += mn == u;
      full += mn == u && n == 32;
      EXPECT(key == mn && r[6] == mx && r[7] == sum && r[8] == incl,
             "%s %u: min %u max %u add %u inclusive add %u, want %u %u %u %u", stage, u, key, r[6],
             r[7], r[8], mn, mx, sum, incl);
      EXPECT(r[9] == (uint32_t)first, "%s %u: broadcast_first %u, want %d", stage, u, r[9], first);
      EXPECT(r[12] == third, "%s %u: ballot(u %% 3 == 0) %#x, want %#x", stage, u, r[12], third);
      EXPECT(r[13] == (l == (unsigned)__builtin_ctz(act)), "%s %u (lane %u): elect %u", stage, u, l,
             r[13]);
      uint32_t votes = 1u | 2u | (n == 1 ? 4u : 0) | (even ? 8u : 0);
      EXPECT(r[15] == votes, "%s %u: votes %#x, want %#x", stage, u, r[15], votes);
      const struct {
         unsigned word, lane;
         bool on;
      } shuf[] = {{10, l ^ 1, true},
                  {11, (l + 3) % size, true},
                  {16, l ^ 1, quad},
                  {17, (l & ~3u) | 2, quad},
                  {18, l ^ 3, quad}};
      for (unsigned j = 0; j < sizeof(shuf) / sizeof(shuf[0]); j++) {
         int m = shuf[j].on ? member(&s, key, shuf[j].lane) : -1;
         EXPECT(m < 0 || r[shuf[j].word] == (uint32_t)m,
                "%s %u (lane %u): word %u = %u, want lane %u's %d", stage, u, l, shuf[j].word,
                r[shuf[j].word], shuf[j].lane, m);
      }
      if (u % 5 != 0)
         EXPECT(r[20] == div_n && r[21] == div,
                "%s %u: in the branch add(1) %u ballot %#x, "
                "want %u %#x",
                stage, u, r[20], r[21], div_n, div);
   }
   printf("%s: %u invocations in %u subgroups (%u of 32 lanes)\n", stage, count, groups, full);
   EXPECT(full >= want_full, "%s: %u full subgroups, want %u", stage, full, want_full);
}

/* ---- fragment stage ---------------------------------------------------------- */

static const double tri[3][2] = {{2.3, 1.7}, {37.6, 5.2}, {11.1, 22.9}};

/* -1 outside, 1 inside, 0 within 1/64 pixel of an edge */
static int
inside(double px, double py)
{
   int res = 1;
   double area = (tri[1][0] - tri[0][0]) * (tri[2][1] - tri[0][1]) -
                 (tri[1][1] - tri[0][1]) * (tri[2][0] - tri[0][0]);
   for (int e = 0; e < 3; e++) {
      const double *a = tri[e], *b = tri[(e + 1) % 3];
      double ex = b[0] - a[0], ey = b[1] - a[1];
      double f =
         (area > 0 ? 1 : -1) * (ex * (py - a[1]) - ey * (px - a[0])) / sqrt(ex * ex + ey * ey);
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

static uint32_t
pk(unsigned x, unsigned y)
{
   return y << 16 | x;
}

static void
check_fs(const uint32_t *out, unsigned size, bool agx)
{
   struct recs s = {out, W * H, 22, 6};
   unsigned ran = 0, with_helpers = 0;
   for (unsigned u = 0; u < W * H; u++) {
      unsigned x = u % W, y = u / W;
      int in = inside(x + 0.5, y + 0.5);
      EXPECT(in == 0 || wrote(&s, u) == (in > 0), "pixel (%u, %u): wrote %d, covered %d", x, y,
             wrote(&s, u), in > 0);
      if (!wrote(&s, u))
         continue;
      ran++;
      const uint32_t *r = rec(&s, u);
      unsigned l = r[0], n;
      uint32_t act = r[2], live = r[3], key = r[6];
      EXPECT(l < size && r[1] == size, "pixel (%u, %u): lane %u, size %u", x, y, l, r[1]);
      uint32_t lanes = lanes_of(&s, key, &n);
      EXPECT(lanes == live && (live & ~act) == 0,
             "pixel (%u, %u): ballot(!helper) %#x, ballot(true) %#x, lanes that wrote %#x", x, y,
             live, act, lanes);
      with_helpers += act != live;
      EXPECT(r[4] == popc(act) && r[5] == popc(live) && r[21] == popc(act & below(l)),
             "pixel (%u, %u): add(1) %u, add(!helper) %u, exclusive add(1) %u; masks %#x %#x", x, y,
             r[4], r[5], r[21], act, live);
      uint32_t mn = ~0u, mx = 0, sum = 0, incl = 0;
      for (unsigned k = 0; k < 32; k++) {
         int m = (lanes >> k) & 1 ? member(&s, key, k) : -1;
         if (m < 0)
            continue;
         uint32_t v = (uint32_t)m;
         mn = v < mn ? v : mn;
         mx = v > mx ? v : mx;
         sum += v;
         incl += k <= l ? v : 0;
      }
      EXPECT(key == mn && r[7] == mx && r[8] == sum && r[9] == incl,
             "pixel (%u, %u): min %u max %u add %u inclusive add %u, want %u %u %u %u", x, y, key,
             r[7], r[8], r[9], mn, mx, sum, incl);
      unsigned low = (unsigned)__builtin_ctz(act);
      EXPECT(r[10] == low && r[11] == (l == low),
             "pixel (%u, %u) lane %u: broadcast_first(lane) "
             "%u, elect %u; lowest active lane %u",
             x, y, l, r[10], r[11], low);
      /* quads: (x & ~1, y & ~1) .. +1, helpers included */
      uint32_t want[7] = {pk(x ^ 1, y), pk(x, y ^ 1), pk(x ^ 1, y ^ 1)};
      for (unsigned k = 0; k < 4; k++)
         want[3 + k] = pk((x & ~1u) | (k & 1), (y & ~1u) | (k >> 1));
      for (unsigned j = 0; j < 7; j++)
         EXPECT(r[12 + j] == want[j],
                "pixel (%u, %u): quad operation %u gave (%u, %u), want "
                "(%u, %u)",
                x, y, j, r[12 + j] & 0xffff, r[12 + j] >> 16, want[j] & 0xffff, want[j] >> 16);
      EXPECT(r[19] == r[12],
             "pixel (%u, %u): shuffle_xor(1) (%u, %u), quad swap horizontal "
             "(%u, %u)",
             x, y, r[19] & 0xffff, r[19] >> 16, r[12] & 0xffff, r[12] >> 16);
      unsigned src = l ^ 5;
      int m = member(&s, key, src);
      if (m >= 0)
         EXPECT(r[20] == (uint32_t)m, "pixel (%u, %u): shuffle(lane ^ 5) %u, want %d", x, y, r[20],
                m);
      else if (src < size && (act >> src) & 1)
         EXPECT(r[20] == ~0u, "pixel (%u, %u): shuffle(lane ^ 5) from a helper gave %u", x, y,
                r[20]);
   }
   printf("fragment: %u invocations, %u in subgroups with helper lanes\n", ran, with_helpers);
   EXPECT(ran > 100, "fragment: only %u invocations", ran);
   /* agx-vk: helper lanes are active in ballots (the execution mask) */
   if (agx)
      EXPECT(with_helpers > 0, "fragment: no helper lane in any ballot(true)");
}

/* ---- Vulkan ----------------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   struct agx_vk_set ds;
   VkPipelineLayout layout;
   struct agx_vk_buffer out, count;
};

static void
run_vs(struct gpu *g, const char *spv, unsigned size, bool quad)
{
   struct agx_vk_ctx *c = g->c;
   VkShaderModule vs = agx_vk_shader(c, spv);
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, vs, VK_NULL_HANDLE, VK_FORMAT_UNDEFINED);
   p.ia.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
   p.rs.rasterizerDiscardEnable = VK_TRUE;
   VkPipeline pipe = agx_vk_gfx_create(c, &p);
   memset(g->out.map, 0, g->out.size);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W, .height = H});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   uint32_t push[12] = {VS_N};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(push), push);
   vkCmdDraw(cb, VS_N, VS_INSTANCES, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));
   /* agx-vk: vertices in index order, 32 to a SIMD-group */
   check_records("vertex", g->out.ptr, VS_COUNT, size, quad, c->reference ? 0 : VS_COUNT / 32);
   vkDestroyPipeline(c->dev, pipe, NULL);
   vkDestroyShaderModule(c->dev, vs, NULL);
}

static void
run_tess(struct gpu *g, const char *vs_spv, const char *tcs_spv, const char *tes_spv, unsigned size)
{
   struct agx_vk_ctx *c = g->c;
   VkShaderModule vs = agx_vk_shader(c, vs_spv), tcs = agx_vk_shader(c, tcs_spv),
                  tes = agx_vk_shader(c, tes_spv);
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, vs, VK_NULL_HANDLE, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_stage(&p, AGX_VK_TCS, tcs);
   agx_vk_gfx_stage(&p, AGX_VK_TES, tes);
   p.ia.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
   p.ts.patchControlPoints = 3;
   p.rs.rasterizerDiscardEnable = VK_TRUE;
   VkPipeline pipe = agx_vk_gfx_create(c, &p);
   memset(g->out.map, 0, g->out.size);
   memset(g->count.map, 0, g->count.size);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W, .height = H});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[12] = {4, 4, 0, 0, 30, 6, 0, 0, 10, 20, 0, 0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(push), push);
   vkCmdDraw(cb, 3 * PATCHES, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned n = *(const uint32_t *)g->count.ptr;
   EXPECT(n >= 3 * PATCHES && n <= RECORDS, "tessellation: %u invocations", n);
   /* control shaders: one subgroup of 3 lanes per patch; then the
    * evaluation shaders' (at least 10 domain points a patch) */
   if (n <= RECORDS)
      check_records("tessellation", g->out.ptr, n, size, true, 0);
   vkDestroyPipeline(c->dev, pipe, NULL);
   VkShaderModule mods[3] = {vs, tcs, tes};
   for (int i = 0; i < 3; i++)
      vkDestroyShaderModule(c->dev, mods[i], NULL);
}

static void
run_fs(struct gpu *g, const char *vs_spv, const char *fs_spv, unsigned size)
{
   struct agx_vk_ctx *c = g->c;
   VkShaderModule vs = agx_vk_shader(c, vs_spv), fs = agx_vk_shader(c, fs_spv);
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   VkPipeline pipe = agx_vk_gfx_create(c, &p);
   struct agx_vk_image img;
   agx_vk_color_target(c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &img);
   memset(g->out.map, 0, g->out.size);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cb, &img, &(VkClearColorValue){.float32 = {0, 0, 0, 0}});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[12] = {0};
   for (int k = 0; k < 3; k++)
      push[4 * k] = (float)tri[k][0], push[4 * k + 1] = (float)tri[k][1];
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(push), push);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));
   check_fs(g->out.ptr, size, !c->reference);
   agx_vk_image_free(c, &img);
   vkDestroyPipeline(c->dev, pipe, NULL);
   vkDestroyShaderModule(c->dev, vs, NULL);
   vkDestroyShaderModule(c->dev, fs, NULL);
}

int
main(int argc, char **argv)
{
   if (argc < 7) {
      fprintf(stderr,
              "usage: %s SG_GFX_VERT SG_GFX_QUAD_VERT SG_GFX_TRI_VERT SG_GFX_FRAG SG_GFX_TESC "
              "SG_GFX_TESE [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p11};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   VkShaderStageFlags st = p11.subgroupSupportedStages;
   unsigned size = p11.subgroupSize;
   printf("%s: subgroup size %u, stages %#x, quad operations in all stages %u\n",
          p2.properties.deviceName, size, st, p11.subgroupQuadOperationsInAllStages);
   CHECK(size >= 8 && size <= 32);
   const VkSubgroupFeatureFlags ops =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |
      VK_SUBGROUP_FEATURE_BALLOT_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT |
      VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_QUAD_BIT;
   CHECK((p11.subgroupSupportedOperations & ops) == ops);
   if (!c.reference) {
      const VkShaderStageFlags want = VK_SHADER_STAGE_VERTEX_BIT |
                                      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                                      VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT |
                                      VK_SHADER_STAGE_FRAGMENT_BIT | VK_SHADER_STAGE_COMPUTE_BIT;
      CHECK(size == 32 && st == want && p11.subgroupQuadOperationsInAllStages);
   }
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   CHECK(have.fragmentStoresAndAtomics);
   bool vs_on = (st & VK_SHADER_STAGE_VERTEX_BIT) && have.vertexPipelineStoresAndAtomics;
   const VkShaderStageFlags tess_stages =
      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT | VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
   bool tess_on = (st & tess_stages) == tess_stages && p11.subgroupQuadOperationsInAllStages &&
                  have.tessellationShader && have.vertexPipelineStoresAndAtomics;
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures want = {.fragmentStoresAndAtomics = VK_TRUE,
                                    .vertexPipelineStoresAndAtomics = vs_on || tess_on,
                                    .tessellationShader = tess_on};
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);

   struct gpu g = {.c = &c};
   const VkShaderStageFlags stages =
      VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT | (tess_on ? tess_stages : 0);
   const struct agx_vk_binding b[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, stages},
                                       {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, stages}};
   agx_vk_set_create(&c, 2, b, &g.ds);
   g.layout = agx_vk_pipeline_layout(&c, 1, &g.ds.layout, VK_SHADER_STAGE_VERTEX_BIT, 48);
   g.out = agx_vk_buffer(&c, (VkDeviceSize)REC * 4 * RECORDS);
   g.count = agx_vk_buffer(&c, 16);
   agx_vk_set_buffer(&c, &g.ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g.out.buf);
   agx_vk_set_buffer(&c, &g.ds, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g.count.buf);

   if (vs_on) {
      bool quad = p11.subgroupQuadOperationsInAllStages;
      run_vs(&g, quad ? argv[2] : argv[1], size, quad);
   } else {
      printf("vertex: no subgroup operations in vertex shaders, skipped\n");
   }
   if (tess_on)
      run_tess(&g, argv[3], argv[5], argv[6], size);
   else
      printf("tessellation: no subgroup operations in tessellation shaders, skipped\n");
   if (st & VK_SHADER_STAGE_FRAGMENT_BIT)
      run_fs(&g, argv[3], argv[4], size);
   else
      printf("fragment: no subgroup operations in fragment shaders, skipped\n");

   agx_vk_buffer_free(&c, &g.out);
   agx_vk_buffer_free(&c, &g.count);
   agx_vk_set_free(&c, &g.ds);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   printf("%u mismatches\n", bad);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
