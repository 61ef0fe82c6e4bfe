/*
 * Subgroup operations through the loader, checked against a CPU model of
 * the subgroup: every category of VkSubgroupFeatureFlagBits the device
 * advertises (which must include those listed in `required` on every
 * device we run on), in uniform and divergent control flow (the lane bits
 * of a pattern choose which invocations run the operations) and with
 * workgroup sizes that are not multiples of the subgroup size. The shaders
 * (shaders/sg_*.comp) report each invocation's subgroup id and lane, so the
 * model groups invocations exactly as the device did; results whose value
 * the specification leaves undefined (reads of inactive lanes) are skipped.
 * test_subgroup SPV_DIR [--validation] [--reference]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define K 48 /* words per invocation (sg_common.glsl) */
#define MAX_WG 96
#define MAX_LANES 64
#define MAX_SG (MAX_WG / 4)

enum cat {
   VOTE,
   BALLOT,
   BCAST_DYN,
   ARITH,
   SHUFFLE,
   SHUFFLE_REL,
   CLUSTERED,
   CLUSTERED_WIDE,
   QUAD,
   MASKS
};

static const struct {
   const char *name;
   VkSubgroupFeatureFlags bit;
   unsigned results;
} cats[] = {
   [VOTE] = {"sg_vote", VK_SUBGROUP_FEATURE_VOTE_BIT, 8},
   [BALLOT] = {"sg_ballot", VK_SUBGROUP_FEATURE_BALLOT_BIT, 14},
   [BCAST_DYN] = {"sg_broadcast_dynamic", VK_SUBGROUP_FEATURE_BALLOT_BIT, 3},
   [ARITH] = {"sg_arith", VK_SUBGROUP_FEATURE_ARITHMETIC_BIT, 40},
   [SHUFFLE] = {"sg_shuffle", VK_SUBGROUP_FEATURE_SHUFFLE_BIT, 5},
   [SHUFFLE_REL] = {"sg_shuffle_relative", VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT, 5},
   [CLUSTERED] = {"sg_clustered", VK_SUBGROUP_FEATURE_CLUSTERED_BIT, 31},
   [CLUSTERED_WIDE] = {"sg_clustered_wide", VK_SUBGROUP_FEATURE_CLUSTERED_BIT, 6},
   [QUAD] = {"sg_quad", VK_SUBGROUP_FEATURE_QUAD_BIT, 7},
   [MASKS] = {"sg_masks", VK_SUBGROUP_FEATURE_BALLOT_BIT, 15},
};

/* One subgroup as the device formed it. */
struct sg {
   unsigned size, wg;
   bool present[MAX_LANES], act[MAX_LANES];
   uint32_t x[MAX_LANES];
};

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float
bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* --- the CPU model ------------------------------------------------------ */

enum op { ADD, MUL, UMIN, UMAX, AND, OR, XOR, SMIN, SMAX, FADD, FMUL, FMIN, FMAX };

static bool
is_float_op(enum op o)
{
   return o >= FADD;
}

static uint32_t
identity(enum op o)
{
   switch (o) {
   case MUL:
      return 1;
   case UMIN:
   case AND:
      return 0xffffffffu;
   case SMIN:
      return 0x7fffffffu;
   case SMAX:
      return 0x80000000u;
   case FADD:
      return fbits(0.0f);
   case FMUL:
      return fbits(1.0f);
   case FMIN:
      return fbits(INFINITY);
   case FMAX:
      return fbits(-INFINITY);
   default:
      return 0;
   }
}

static uint32_t
combine(enum op o, uint32_t a, uint32_t b)
{
   switch (o) {
   case ADD:
      return a + b;
   case MUL:
      return a * b;
   case UMIN:
      return a < b ? a : b;
   case UMAX:
      return a > b ? a : b;
   case AND:
      return a & b;
   case OR:
      return a | b;
   case XOR:
      return a ^ b;
   case SMIN:
      return (int32_t)a < (int32_t)b ? a : b;
   case SMAX:
      return (int32_t)a > (int32_t)b ? a : b;
   case FADD:
      return fbits(bitsf(a) + bitsf(b));
   case FMUL:
      return fbits(bitsf(a) * bitsf(b));
   case FMIN:
      return fbits(fminf(bitsf(a), bitsf(b)));
   default:
      return fbits(fmaxf(bitsf(a), bitsf(b)));
   }
}

/* The operand sg_arith.comp / sg_clustered.comp feed operation o. */
static uint32_t
operand(enum op o, uint32_t x)
{
   switch (o) {
   case SMIN:
   case SMAX:
      return x - (1u << 30);
   case FADD:
      return fbits((float)((int)(x % 17u) - 8));
   case FMUL:
      return fbits(x % 3u == 0 ? 2.0f : x % 3u == 1 ? 0.5f : -1.0f);
   case FMIN:
   case FMAX:
      return fbits((float)((int)(x % 1000u) - 500) * 0.25f);
   default:
      return x;
   }
}

static bool
live(const struct sg *s, int k)
{
   return k >= 0 && (unsigned)k < s->size && s->present[k] && s->act[k];
}

/* kind 0: reduce over lane l's cluster, 1: inclusive, 2: exclusive scan. */
static uint32_t
model_reduce(const struct sg *s, unsigned l, enum op o, unsigned kind, unsigned cluster)
{
   uint32_t acc = identity(o);
   for (unsigned k = 0; k < s->size; k++) {
      if (!live(s, (int)k))
         continue;
      bool in = kind == 0 ? k / cluster == l / cluster : kind == 1 ? k <= l : k < l;
      if (in)
         acc = combine(o, acc, operand(o, s->x[k]));
   }
   return acc;
}

static unsigned
first_live(const struct sg *s)
{
   for (unsigned k = 0; k < s->size; k++)
      if (live(s, (int)k))
         return k;
   return 0;
}

static unsigned
popcount(uint64_t m)
{
   return (unsigned)__builtin_popcountll(m);
}

/* Expected result j of lane l; false when the value is undefined. */
static bool
model(enum cat c, const struct sg *s, unsigned l, unsigned j, uint32_t *out)
{
   uint32_t x = s->x[l];
   bool wg0 = s->wg == 0;
   unsigned first = first_live(s), last = first;
   for (unsigned k = 0; k < s->size; k++)
      if (live(s, (int)k))
         last = k;
   int target = -1;
   switch (c) {
   case VOTE: {
      bool all = true, any = false, eq2 = true, eq3 = true, eq4 = true, eq7 = true;
      for (unsigned k = 0; k < s->size; k++) {
         if (!live(s, (int)k))
            continue;
         uint32_t y = s->x[k], f = s->x[first];
         all &= (y & 7u) != 0;
         any |= (y & 15u) == 0;
         eq2 &= wg0 || y == f;
         eq3 &= wg0 || (y & 1u) == (f & 1u);
         eq4 &= wg0 || (y & 1u) == (f & 1u);
         eq7 &= wg0 || ((y & 3u) == 0) == ((f & 3u) == 0);
      }
      uint32_t v[] = {all, any, eq2, eq3, eq4, wg0, !wg0, eq7};
      *out = v[j];
      return true;
   }
   case BALLOT: {
      uint32_t mask = 0;
      for (unsigned k = 0; k < s->size && k < 32; k++)
         if (live(s, (int)k) && ((s->x[k] & 1u) || k == first))
            mask |= 1u << k;
      uint64_t upto = (UINT64_C(2) << l) - 1, below = (UINT64_C(1) << l) - 1;
      switch (j) {
      case 0:
         *out = mask;
         return true;
      case 1:
         *out = 0;
         return true;
      case 2:
         *out = l < 32 ? (x >> l) & 1u : 0;
         return true;
      case 3:
         *out = (mask >> ((x >> 8) & (s->size - 1))) & 1u;
         return true;
      case 4:
         *out = popcount(mask);
         return true;
      case 5:
         *out = popcount(mask & upto);
         return true;
      case 6:
         *out = popcount(mask & below);
         return true;
      case 7:
         *out = (uint32_t)__builtin_ctz(mask);
         return true;
      case 8:
         *out = 31u - (uint32_t)__builtin_clz(mask);
         return true;
      case 9:
         *out = l == first;
         return true;
      case 10:
         *out = s->x[first];
         return true;
      case 11:
         target = 0;
         break;
      case 12:
         target = 5;
         break;
      default:
         *out = fbits((float)(s->x[first] & 255u));
         return true;
      }
      break;
   }
   case BCAST_DYN:
      if (j == 0) {
         *out = s->x[last];
         return true;
      }
      if (j == 1) {
         *out = s->x[first] * 3u;
         return true;
      }
      target = (int)((s->wg + 1) & (s->size - 1));
      break;
   case ARITH:
      if (j < 39) {
         *out = model_reduce(s, l, (enum op)(j / 3), j % 3, s->size);
         return true;
      } else {
         bool and_ = true, or_ = false, xor_ = false;
         for (unsigned k = 0; k < s->size; k++) {
            if (!live(s, (int)k))
               continue;
            bool p = (s->x[k] & 3u) != 0;
            and_ &= p;
            or_ |= !p;
            xor_ ^= p;
         }
         *out = (uint32_t)and_ | (uint32_t)or_ << 1 | (uint32_t)xor_ << 2;
         return true;
      }
   case SHUFFLE: {
      int t[] = {(int)((x >> 4) & (s->size - 1)), (int)(l ^ 1), (int)(l ^ 5),
                 (int)(l ^ (s->wg + 2)), (int)(l ^ 2)};
      if (!live(s, t[j]))
         return false;
      *out = j == 4 ? fbits((float)(s->x[t[j]] & 1023u)) : s->x[t[j]];
      return true;
   }
   case SHUFFLE_REL: {
      int t[] = {(int)l - 1, (int)l - 3, (int)l + 1, (int)l + 5, (int)l - (int)(s->wg + 1)};
      target = t[j];
      break;
   }
   case CLUSTERED: {
      static const enum op ops[] = {ADD, MUL, UMIN, UMAX, AND, OR, XOR};
      if (j < 28) {
         *out = model_reduce(s, l, ops[j / 4], 0, 1u << (j % 4));
         return true;
      }
      static const enum op tail[] = {FMIN, FMAX, SMIN};
      *out = model_reduce(s, l, tail[j - 28], 0, 4);
      return true;
   }
   case CLUSTERED_WIDE: {
      static const enum op ops[] = {ADD, UMIN, OR};
      *out = model_reduce(s, l, ops[j / 2], 0, j % 2 ? 32 : 16);
      return true;
   }
   case MASKS: {
      uint64_t lanes = (UINT64_C(1) << s->size) - 1, eq = UINT64_C(1) << l;
      uint64_t m[5] = {eq, lanes & ~(eq - 1), lanes & ~(eq - 1) & ~eq, (eq - 1) | eq, eq - 1};
      *out = j < 5 ? (uint32_t)m[j] : 1u;
      return true;
   }
   case QUAD: {
      int t[] = {(int)(l & ~3u), (int)(l & ~3u) | 1, (int)(l & ~3u) | 2, (int)(l & ~3u) | 3,
                 (int)(l ^ 1),   (int)(l ^ 2),       (int)(l ^ 3)};
      target = t[j];
      break;
   }
   }
   if (!live(s, target))
      return false;
   *out = s->x[target];
   return true;
}

static bool
is_float_result(enum cat c, unsigned j)
{
   if (c == ARITH)
      return j < 39 && is_float_op((enum op)(j / 3));
   return c == CLUSTERED && (j == 28 || j == 29);
}

/* --- Vulkan plumbing ------------------------------------------------------ */

struct ctx {
   struct agx_vk_ctx vk;
   struct agx_vk_pipeline p; /* the layout and set every shader shares */
   struct agx_vk_buffer buf[2];
   uint32_t *in, *out; /* the mapped buffers */
   const char *dir;
};

#define IN_WORDS (2 * MAX_WG)
#define OUT_WORDS (2 * MAX_WG * K)

static VkShaderModule
load_module(struct ctx *c, const char *name)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s.spv", c->dir, name);
   return agx_vk_shader(&c->vk, path);
}

static VkPipeline
make_pipeline_ext(struct ctx *c, VkShaderModule m, uint32_t wg,
                  VkPipelineShaderStageCreateFlags flags, const void *next)
{
   VkSpecializationMapEntry e = {0, 0, 4};
   VkSpecializationInfo si = {1, &e, 4, &wg};
   return agx_vk_compute_pipeline(&c->vk, c->p.layout, m, &si, flags, next);
}

static VkPipeline
make_pipeline(struct ctx *c, VkShaderModule m, uint32_t wg)
{
   return make_pipeline_ext(c, m, wg, 0, NULL);
}

static void
dispatch(struct ctx *c, VkPipeline p, uint32_t pattern)
{
   c->p.pipeline = p;
   VK_OK(agx_vk_dispatch(&c->vk, &c->p, &pattern, 2, 1, 1));
   c->p.pipeline = VK_NULL_HANDLE;
}

/* Runs category cat with workgroup size wg and a pattern; returns the
 * number of results checked (exits on a mismatch). */
static unsigned
run_case(struct ctx *c, enum cat cat, VkPipeline p, uint32_t wg, uint32_t pattern, unsigned sg_size)
{
   uint32_t *in = c->in, *out = c->out;
   for (uint32_t g = 0; g < 2 * wg; g++)
      in[g] = agx_vk_hash(g * 131u + wg * 7u + pattern + (uint32_t)cat * 1000003u);
   memset(out, 0xcd, OUT_WORDS * 4);
   dispatch(c, p, pattern);

   static struct sg sgs[2][MAX_SG];
   static int gid_of[2][MAX_SG][MAX_LANES];
   memset(sgs, 0, sizeof(sgs));
   memset(gid_of, 0xff, sizeof(gid_of));
   for (uint32_t g = 0; g < 2 * wg; g++) {
      uint32_t *o = out + g * K, w = g / wg;
      CHECK(o[0] < MAX_SG && o[1] < sg_size && o[1] < MAX_LANES && o[2] <= 1);
      struct sg *s = &sgs[w][o[0]];
      CHECK(!s->present[o[1]]); /* one invocation per lane */
      s->size = sg_size;
      s->wg = w;
      s->present[o[1]] = true;
      s->act[o[1]] = o[2];
      s->x[o[1]] = in[g];
      gid_of[w][o[0]][o[1]] = (int)g;
      CHECK(o[2] == ((pattern >> (o[1] & 31)) & 1u));
   }
   unsigned checked = 0;
   for (unsigned w = 0; w < 2; w++) {
      for (unsigned si = 0; si < MAX_SG; si++) {
         for (unsigned l = 0; l < MAX_LANES; l++) {
            int g = gid_of[w][si][l];
            if (g < 0)
               continue;
            const struct sg *s = &sgs[w][si];
            const uint32_t *o = out + (unsigned)g * K + 3;
            for (unsigned j = 0; j < K - 3; j++) {
               uint32_t want;
               if (!s->act[l] || j >= cats[cat].results) {
                  CHECK(o[j] == 0xdeadbeefu);
                  continue;
               }
               if (!model(cat, s, l, j, &want))
                  continue;
               bool ok = is_float_result(cat, j) ? bitsf(o[j]) == bitsf(want) : o[j] == want;
               if (!ok) {
                  fprintf(stderr,
                          "%s wg %u pattern %08x: workgroup %u subgroup %u lane %u result %u = "
                          "%08x, expected %08x\n",
                          cats[cat].name, wg, pattern, w, si, l, j, o[j], want);
                  exit(1);
               }
               checked++;
            }
         }
      }
   }
   return checked;
}

/* Subgroup size control (Vulkan 1.3): the required size (this device's only
 * one) and the varying / full-subgroup flags; sg_size.comp reports
 * gl_SubgroupSize and gl_NumSubgroups. Where full subgroups are required
 * (the width is a multiple of the maximum size, as the application must
 * ensure) every subgroup must have all its lanes. */
static void
size_control(struct ctx *c, const VkPhysicalDeviceVulkan13Properties *p13, unsigned size)
{
   CHECK(p13->minSubgroupSize == size && p13->maxSubgroupSize == size);
   CHECK(p13->requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
   CHECK(p13->maxComputeWorkgroupSubgroups * size >= 96);
   const VkPipelineShaderStageCreateFlags full =
      VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT;
   const VkPipelineShaderStageCreateFlags varying =
      VK_PIPELINE_SHADER_STAGE_CREATE_ALLOW_VARYING_SUBGROUP_SIZE_BIT;
   static const struct {
      VkPipelineShaderStageCreateFlags flags;
      bool required;
      uint32_t wg;
   } cases[] = {{full, false, 64},           {full, true, 96}, {varying, false, 40},
                {varying | full, false, 64}, {0, true, 40},    {full, true, 32}};
   VkShaderModule m = load_module(c, "sg_size");
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      VkPipelineShaderStageRequiredSubgroupSizeCreateInfo rs = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
         .requiredSubgroupSize = size};
      uint32_t wg = cases[i].wg;
      VkPipeline p = make_pipeline_ext(c, m, wg, cases[i].flags, cases[i].required ? &rs : NULL);
      memset(c->out, 0xcd, OUT_WORDS * 4);
      dispatch(c, p, 0xffffffffu);
      unsigned lanes[2][MAX_SG] = {{0}};
      for (uint32_t g = 0; g < 2 * wg; g++) {
         const uint32_t *o = c->out + g * K;
         CHECK(o[3] == size);
         CHECK(o[4] == (wg + size - 1) / size);
         CHECK(o[0] < MAX_SG && o[1] < size);
         lanes[g / wg][o[0]]++;
      }
      if (cases[i].flags & full)
         for (unsigned w = 0; w < 2; w++)
            for (unsigned sg = 0; sg < wg / size; sg++)
               CHECK(lanes[w][sg] == size);
      vkDestroyPipeline(c->vk.dev, p, NULL);
   }
   vkDestroyShaderModule(c->vk.dev, m, NULL);
   printf("subgroup size control ok (%zu pipelines)\n", sizeof(cases) / sizeof(cases[0]));
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   static struct ctx c;
   c.dir = argv[1];
   agx_vk_ctx_instance(&c.vk, argc, argv);
   const bool reference = c.vk.reference;

   VkPhysicalDeviceVulkan13Properties p13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES};
   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES,
      .pNext = &p13};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p11};
   vkGetPhysicalDeviceProperties2(c.vk.pdev, &p2);
   VkPhysicalDeviceVulkan13Features have13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
   VkPhysicalDeviceVulkan12Features have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &have13};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.vk.pdev, &f2);
   unsigned sg_size = p11.subgroupSize;
   printf("%s: subgroup size %u, operations %#x\n", p2.properties.deviceName, sg_size,
          p11.subgroupSupportedOperations);
   CHECK(sg_size >= 4 && sg_size <= MAX_LANES && (sg_size & (sg_size - 1)) == 0);
   CHECK(p11.subgroupSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT);
   /* What agx-vk advertises (and lavapipe too): every category. */
   const VkSubgroupFeatureFlags required =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |
      VK_SUBGROUP_FEATURE_BALLOT_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT |
      VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT |
      VK_SUBGROUP_FEATURE_QUAD_BIT | (reference ? 0 : VK_SUBGROUP_FEATURE_CLUSTERED_BIT);
   CHECK((p11.subgroupSupportedOperations & required) == required);
   CHECK(have.subgroupBroadcastDynamicId == VK_TRUE);
   /* The 8/16/64-bit and vector types are exercised by
    * test_subgroup_types: here the feature must be reported and accepted
    * at device creation. */
   CHECK(have.shaderSubgroupExtendedTypes == VK_TRUE);
   CHECK(have13.subgroupSizeControl == VK_TRUE && have13.computeFullSubgroups == VK_TRUE);

   VkPhysicalDeviceVulkan13Features want13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .subgroupSizeControl = VK_TRUE,
      .computeFullSubgroups = VK_TRUE};
   VkPhysicalDeviceVulkan12Features want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &want13,
      .subgroupBroadcastDynamicId = VK_TRUE,
      .shaderSubgroupExtendedTypes = VK_TRUE};
   agx_vk_ctx_device(&c.vk, &want, 0, NULL);
   agx_vk_pipeline(&c.vk, &c.p, &(struct agx_vk_pipeline_desc){.buffers = 2, .push_size = 4});
   c.buf[0] = agx_vk_buffer(&c.vk, IN_WORDS * 4);
   c.buf[1] = agx_vk_buffer(&c.vk, OUT_WORDS * 4);
   c.in = (uint32_t *)c.buf[0].map;
   c.out = (uint32_t *)c.buf[1].map;
   agx_vk_pipeline_bind(&c.vk, &c.p, (VkBuffer[2]){c.buf[0].buf, c.buf[1].buf});

   static const uint32_t wgs[] = {64, 40, 7, 96};
   static const uint32_t patterns[] = {0xffffffffu, 0x5a5a0ff1u, 0x80000001u, 0xfffffffeu,
                                       0x12345678u};
   for (unsigned ci = 0; ci < sizeof(cats) / sizeof(cats[0]); ci++) {
      enum cat cat = (enum cat)ci;
      if (!(p11.subgroupSupportedOperations & cats[cat].bit)) {
         printf("%s: not advertised, skipped\n", cats[cat].name);
         continue;
      }
      if (cat == CLUSTERED_WIDE && sg_size < 32) {
         printf("%s: subgroup smaller than 32, skipped\n", cats[cat].name);
         continue;
      }
      VkShaderModule m = load_module(&c, cats[cat].name);
      unsigned checked = 0;
      for (unsigned wi = 0; wi < sizeof(wgs) / sizeof(wgs[0]); wi++) {
         /* Widths that are multiples of the size also run with the size
          * required and full subgroups (dEQP's *_requiredsubgroupsize). */
         VkPipelineShaderStageRequiredSubgroupSizeCreateInfo rs = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
            .requiredSubgroupSize = sg_size};
         VkPipeline p =
            wgs[wi] % p13.maxSubgroupSize == 0
               ? make_pipeline_ext(&c, m, wgs[wi],
                                   VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT, &rs)
               : make_pipeline(&c, m, wgs[wi]);
         for (unsigned pi = 0; pi < sizeof(patterns) / sizeof(patterns[0]); pi++)
            checked += run_case(&c, cat, p, wgs[wi], patterns[pi], sg_size);
         vkDestroyPipeline(c.vk.dev, p, NULL);
      }
      vkDestroyShaderModule(c.vk.dev, m, NULL);
      printf("%s ok (%u results checked)\n", cats[cat].name, checked);
      CHECK(checked > 0);
   }

   size_control(&c, &p13, sg_size);

   agx_vk_buffer_free(&c.vk, &c.buf[0]);
   agx_vk_buffer_free(&c.vk, &c.buf[1]);
   agx_vk_pipeline_free(&c.vk, &c.p);
   return agx_vk_ctx_finish(&c.vk);
}
