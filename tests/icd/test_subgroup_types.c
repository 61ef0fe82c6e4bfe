/*
 * Subgroup operations on every element type and width the device takes
 * them on (shaderSubgroupExtendedTypes: 8/16/64-bit integers, 16-bit
 * floats; and 32-bit integers, floats, booleans), table-driven: one SPIR-V
 * module per type (shaders/sg_types.comp compiled by meson with the type's
 * -D values, named sg_types_<glsl type>.spv), one pipeline per operation
 * family (specialization constant 1), each run uniform and divergent (the
 * lane bits of a pattern choose which invocations take part) on workgroups
 * of 48 (so the last subgroup is partial) with the device's subgroup size
 * required. A CPU model of the subgroup, grouped by the subgroup id and lane
 * each invocation reports, gives every expected value; results the
 * specification leaves undefined (reads of inactive or absent lanes) are
 * skipped. Float inputs are small multiples of 1/4 (products: of 1, -1, 2),
 * so every result is exact in any order of combination.
 * test_subgroup_types SPV_DIR [--validation] [--reference]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define WG 48               /* workgroup width (specialization constant 0) */
#define GROUPS 2            /* workgroups per dispatch */
#define RESULTS 16          /* result slots per invocation */
#define W (8 + 8 * RESULTS) /* words per invocation (sg_types.comp) */
#define MAX_LANES 64
#define MAX_SG WG
#define DEAD 0xdeadbeefu

enum kind { INT, FLOAT, BOOL };
enum fam { ADD, MUL, MIN, MAX, AND, OR, XOR, MOVE, NUM_FAMS };
static const char *const fam_names[] = {"add", "mul", "min", "max", "and", "or", "xor", "move"};

/* The scalar types; each is tried with 1 to 4 components. */
static const struct scalar {
   const char *name, *vec; /* GLSL scalar, vector prefix */
   enum kind kind;
   unsigned bits;
   bool sign; /* signed integers and floats (abs and sign apply) */
} scalars[] = {
   {"int8_t", "i8vec", INT, 8, true},        {"uint8_t", "u8vec", INT, 8, false},
   {"int16_t", "i16vec", INT, 16, true},     {"uint16_t", "u16vec", INT, 16, false},
   {"int", "ivec", INT, 32, true},           {"uint", "uvec", INT, 32, false},
   {"int64_t", "i64vec", INT, 64, true},     {"uint64_t", "u64vec", INT, 64, false},
   {"float16_t", "f16vec", FLOAT, 16, true}, {"float", "vec", FLOAT, 32, true},
   {"bool", "bvec", BOOL, 1, false},
};

static bool
fam_applies(enum fam f, enum kind k)
{
   if (f == MOVE)
      return true;
   if (k == BOOL)
      return f == AND || f == OR || f == XOR;
   if (k == FLOAT)
      return f <= MAX;
   return true;
}

/* --- value helpers -------------------------------------------------------- */

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

/* IEEE binary16 to and from float (round to nearest even). */
static float
h2f(uint16_t h)
{
   unsigned e = (h >> 10) & 31, m = h & 1023;
   float v = e == 0    ? ldexpf((float)m, -24)
             : e == 31 ? (m ? NAN : INFINITY)
                       : ldexpf((float)(m | 1024), (int)e - 25);
   return (h & 0x8000) ? -v : v;
}

static uint16_t
f2h(float f)
{
   uint16_t sign = (fbits(f) >> 16) & 0x8000;
   float a = fabsf(f);
   if (isnan(f))
      return 0x7e00;
   if (a >= 65520.0f)
      return sign | 0x7c00;
   if (a < ldexpf(1.0f, -14)) /* subnormal: a multiple of 2^-24 */
      return sign | (uint16_t)lrintf(ldexpf(a, 24));
   int e;
   float m = frexpf(a, &e);        /* a = m * 2^e, m in [0.5, 1) */
   long q = lrintf(ldexpf(m, 11)); /* 11 significant bits */
   if (q == 2048) {
      q = 1024;
      e++;
   }
   return sign | (uint16_t)((unsigned)(e + 14) << 10) | (uint16_t)(q & 1023);
}

struct type {
   const struct scalar *s;
   unsigned comps;
   char glsl[16];
};

static uint64_t
mask_of(unsigned bits)
{
   return bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
}

static int64_t
sext(uint64_t v, unsigned bits)
{
   return bits >= 64 ? (int64_t)v : (int64_t)(v << (64 - bits)) >> (64 - bits);
}

static float
to_f(const struct type *t, uint64_t v)
{
   return t->s->bits == 16 ? h2f((uint16_t)v) : bitsf((uint32_t)v);
}

static uint64_t
from_f(const struct type *t, float f)
{
   return t->s->bits == 16 ? f2h(f) : fbits(f);
}

static uint64_t
identity(const struct type *t, enum fam f)
{
   unsigned bits = t->s->bits;
   if (t->s->kind == FLOAT) {
      float v[] = {0.0f, 1.0f, INFINITY, -INFINITY};
      return from_f(t, v[f]);
   }
   if (t->s->kind == BOOL)
      return f == AND;
   uint64_t all = mask_of(bits), smax = all >> 1;
   switch (f) {
   case MUL:
      return 1;
   case MIN:
      return t->s->sign ? smax : all;
   case MAX:
      return t->s->sign ? (smax + 1) & all : 0;
   case AND:
      return all;
   default:
      return 0;
   }
}

static uint64_t
combine(const struct type *t, enum fam f, uint64_t a, uint64_t b)
{
   unsigned bits = t->s->bits;
   if (t->s->kind == FLOAT) {
      float x = to_f(t, a), y = to_f(t, b), r;
      switch (f) {
      case ADD:
         r = x + y;
         break;
      case MUL:
         r = x * y;
         break;
      case MIN:
         r = fminf(x, y);
         break;
      default:
         r = fmaxf(x, y);
         break;
      }
      return from_f(t, r); /* rounded to the type at every step */
   }
   bool lt = t->s->sign ? sext(a, bits) < sext(b, bits) : a < b;
   uint64_t r;
   switch (f) {
   case ADD:
      r = a + b;
      break;
   case MUL:
      r = a * b;
      break;
   case MIN:
      r = lt ? a : b;
      break;
   case MAX:
      r = lt ? b : a;
      break;
   case AND:
      r = a & b;
      break;
   case OR:
      r = a | b;
      break;
   default:
      r = a ^ b;
      break;
   }
   return r & mask_of(bits);
}

/* Raw bits of one input component (g: invocation, c: component, which: x
 * or y). Moves: workgroup 1's x is the same in every lane (for all_equal). */
static uint64_t
input(const struct type *t, enum fam f, uint32_t g, unsigned c, unsigned which, unsigned seed)
{
   uint32_t k = (f == MOVE && g >= WG && which == 0) ? 7u : g;
   uint32_t h = agx_vk_hash(k * 8u + c * 2u + which + seed * 7919u + (uint32_t)f * 104729u);
   uint32_t h2 = agx_vk_hash(h ^ 0x9e3779b9u);
   switch (t->s->kind) {
   case BOOL:
      return f == AND ? (h & 15) != 0 : f == OR ? (h & 15) == 0 : h & 1;
   case FLOAT: {
      float v;
      if (f == MUL)
         v = (h & 7) == 0 ? 2.0f : (h & 8) ? 1.0f : -1.0f;
      else if (f == ADD || f == MOVE)
         v = (float)((int)(h % 33u) - 16) * 0.5f;
      else
         v = (float)((int)(h % 512u) - 256) * 0.25f;
      return from_f(t, v);
   }
   default:
      return ((uint64_t)h2 << 32 | h) & mask_of(t->s->bits);
   }
}

/* --- the subgroup model --------------------------------------------------- */

struct sg {
   unsigned size, wg;
   bool present[MAX_LANES], act[MAX_LANES];
   uint64_t x[MAX_LANES][4], y[MAX_LANES][4];
};

static bool
live(const struct sg *s, int k)
{
   return k >= 0 && (unsigned)k < s->size && s->present[k] && s->act[k];
}

/* rkind 0: reduce over lane l's cluster, 1: inclusive, 2: exclusive scan. */
static uint64_t
reduce(const struct type *t, const struct sg *s, enum fam f, unsigned l, unsigned c, unsigned rkind,
       unsigned cluster)
{
   uint64_t acc = identity(t, f);
   for (unsigned k = 0; k < s->size; k++) {
      if (!live(s, (int)k))
         continue;
      bool in = rkind == 0 ? k / cluster == l / cluster : rkind == 1 ? k <= l : k < l;
      if (in)
         acc = combine(t, f, acc, s->x[k][c]);
   }
   return acc;
}

static bool
same(const struct type *t, uint64_t a, uint64_t b)
{
   if (t->s->kind == FLOAT)
      return to_f(t, a) == to_f(t, b);
   return a == b;
}

enum expect { UNDEF, VALUE, NOT_RUN, BOOLEAN };

/* abs(a) + sign(b) in the type (integers wrap). */
static uint64_t
abs_sign(const struct type *t, uint64_t a, uint64_t b)
{
   if (t->s->kind == FLOAT) {
      float x = to_f(t, a), y = to_f(t, b);
      return from_f(t, fabsf(x) + (float)((y > 0) - (y < 0)));
   }
   int64_t x = sext(a, t->s->bits), y = sext(b, t->s->bits);
   uint64_t ax = x < 0 ? -(uint64_t)x : (uint64_t)x;
   return (ax + (uint64_t)(int64_t)((y > 0) - (y < 0))) & mask_of(t->s->bits);
}

static bool clustered; /* the device has clustered operations */

/* Expected result j (component c) of lane l. */
static enum expect
model(const struct type *t, enum fam f, const struct sg *s, unsigned l, unsigned j, unsigned c,
      uint64_t *out)
{
   if (f != MOVE) {
      if (j <= 2) {
         *out = reduce(t, s, f, l, c, j, s->size);
         return VALUE;
      }
      if (j <= 10) {
         unsigned cluster = 1u << (j - 3);
         if (cluster > s->size || !clustered)
            return NOT_RUN;
         *out = reduce(t, s, f, l, c, 0, cluster);
         return VALUE;
      }
      if (j == 11) {
         *out = combine(t, f, s->x[l][c], s->y[l][c]);
         return VALUE;
      }
      return NOT_RUN;
   }
   unsigned first = 0;
   while (!live(s, (int)first))
      first++;
   int m = (int)s->size - 1, L = (int)l, target;
   switch (j) {
   case 0:
      target = 0;
      break;
   case 1:
      target = 3;
      break;
   case 2:
      target = (int)first;
      break;
   case 3:
      target = (L * 5 + 3) & m;
      break;
   case 4:
      target = L ^ 1;
      break;
   case 5:
      target = L - 1;
      break;
   case 6:
      target = L + 2;
      break;
   case 7:
      target = (L & ~3) | 2;
      break;
   case 8:
      target = L ^ 1;
      break;
   case 9:
      target = L ^ 2;
      break;
   case 10:
      target = L ^ 3;
      break;
   case 11: {
      bool eq = true;
      for (unsigned k = 0; k < s->size; k++)
         for (unsigned cc = 0; cc < t->comps; cc++)
            if (live(s, (int)k) && !same(t, s->x[k][cc], s->x[first][cc]))
               eq = false;
      *out = eq;
      return BOOLEAN;
   }
   case 12:
      *out = 1;
      return BOOLEAN;
   case 13:
      target = L;
      break;
   case 14:
      target = (int)(s->size >> 2) + 1;
      break;
   case 15: /* abs(x) + sign(y) of signed types */
      if (!t->s->sign)
         return NOT_RUN;
      *out = abs_sign(t, s->x[l][c], s->y[l][c]);
      return VALUE;
   default:
      return NOT_RUN;
   }
   if (!live(s, target))
      return UNDEF;
   *out = s->x[target][c];
   return VALUE;
}

/* --- Vulkan plumbing ------------------------------------------------------ */

struct ctx {
   struct agx_vk_ctx vk;
   struct agx_vk_pipeline p;
   struct agx_vk_buffer buf[2];
   uint32_t *in, *out;
   const char *dir;
   unsigned sg_size;
   bool clustered; /* VK_SUBGROUP_FEATURE_CLUSTERED_BIT */
   unsigned checked_ops, checked_values;
};

static void
fail(const struct type *t, enum fam f, uint32_t pattern, unsigned w, unsigned si, unsigned l,
     unsigned j, unsigned c, uint64_t got, uint64_t want)
{
   fprintf(stderr,
           "%s %s pattern %08x: workgroup %u subgroup %u lane %u result %u component %u = "
           "%#llx, expected %#llx\n",
           t->glsl, fam_names[f], pattern, w, si, l, j, c, (unsigned long long)got,
           (unsigned long long)want);
   exit(1);
}

/* Dispatches and checks one pattern; marks the results it checked. */
static void
run(struct ctx *c, const struct type *t, enum fam f, VkPipeline pl, uint32_t pattern, unsigned seed,
    bool seen[RESULTS])
{
   uint32_t *in = c->in, *out = c->out;
   for (uint32_t g = 0; g < GROUPS * WG; g++) {
      for (unsigned cc = 0; cc < 4; cc++) {
         for (unsigned which = 0; which < 2; which++) {
            uint64_t v = input(t, f, g, cc, which, seed);
            in[g * 16 + which * 8 + 2 * cc] = (uint32_t)v;
            in[g * 16 + which * 8 + 2 * cc + 1] = (uint32_t)(v >> 32);
         }
      }
   }
   memset(out, 0xcd, (size_t)GROUPS * WG * W * 4);
   c->p.pipeline = pl;
   VK_OK(agx_vk_dispatch(&c->vk, &c->p, &pattern, GROUPS, 1, 1));
   c->p.pipeline = VK_NULL_HANDLE;

   static struct sg sgs[GROUPS][MAX_SG];
   static int gid_of[GROUPS][MAX_SG][MAX_LANES];
   memset(sgs, 0, sizeof(sgs));
   memset(gid_of, 0xff, sizeof(gid_of));
   for (uint32_t g = 0; g < GROUPS * WG; g++) {
      const uint32_t *o = out + g * W;
      unsigned w = g / WG;
      CHECK(o[0] < MAX_SG && o[1] < c->sg_size && o[2] <= 1);
      struct sg *s = &sgs[w][o[0]];
      CHECK(!s->present[o[1]]);
      CHECK(o[2] == ((pattern >> (o[1] & 31)) & 1u));
      s->size = c->sg_size;
      s->wg = w;
      s->present[o[1]] = true;
      s->act[o[1]] = o[2];
      for (unsigned cc = 0; cc < 4; cc++) {
         s->x[o[1]][cc] = input(t, f, g, cc, 0, seed);
         s->y[o[1]][cc] = input(t, f, g, cc, 1, seed);
      }
      gid_of[w][o[0]][o[1]] = (int)g;
   }
   uint64_t lo_mask = mask_of(t->s->kind == BOOL ? 32 : t->s->bits);
   for (unsigned w = 0; w < GROUPS; w++) {
      for (unsigned si = 0; si < MAX_SG; si++) {
         for (unsigned l = 0; l < MAX_LANES; l++) {
            int g = gid_of[w][si][l];
            if (g < 0)
               continue;
            const struct sg *s = &sgs[w][si];
            const uint32_t *o = out + (unsigned)g * W;
            for (unsigned k = 3; k < 8; k++)
               CHECK(o[k] == DEAD);
            for (unsigned j = 0; j < RESULTS; j++) {
               const uint32_t *r = o + 8 + 8 * j;
               for (unsigned cc = 0; cc < 4; cc++) {
                  uint64_t want = 0;
                  enum expect e = s->act[l] ? model(t, f, s, l, j, cc, &want) : NOT_RUN;
                  bool in_type = cc < t->comps && e != NOT_RUN && (e != BOOLEAN || cc == 0);
                  if (!in_type) {
                     if (r[2 * cc] != DEAD || r[2 * cc + 1] != DEAD)
                        fail(t, f, pattern, w, si, l, j, cc,
                             (uint64_t)r[2 * cc + 1] << 32 | r[2 * cc], DEAD);
                     continue;
                  }
                  if (e == UNDEF)
                     continue;
                  uint64_t got = (uint64_t)r[2 * cc + 1] << 32 | r[2 * cc];
                  bool ok;
                  if (e == BOOLEAN)
                     ok = r[0] == want && r[1] == DEAD;
                  else if (t->s->kind == FLOAT)
                     ok = r[2 * cc + 1] == 0 && same(t, got & lo_mask, want);
                  else if (t->s->bits == 64)
                     ok = got == want;
                  else
                     ok = (got & lo_mask) == want && (t->s->bits == 32 || r[2 * cc + 1] == 0);
                  if (!ok)
                     fail(t, f, pattern, w, si, l, j, cc, got, want);
                  seen[j] = true;
                  c->checked_values++;
               }
            }
         }
      }
   }
}

static VkPipeline
make_pipeline(struct ctx *c, VkShaderModule m, enum fam f)
{
   uint32_t data[2] = {WG, (uint32_t)f};
   VkSpecializationMapEntry e[2] = {{0, 0, 4}, {1, 4, 4}};
   VkSpecializationInfo si = {2, e, 8, data};
   VkPipelineShaderStageRequiredSubgroupSizeCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
      .requiredSubgroupSize = c->sg_size};
   return agx_vk_compute_pipeline(&c->vk, c->p.layout, m, &si, 0, &rs);
}

static void
run_type(struct ctx *c, const struct type *t)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/sg_types_%s%s.spv", c->dir, t->glsl,
            c->clustered ? "" : "_nocl");
   VkShaderModule m = agx_vk_shader(&c->vk, path);
   unsigned ops = 0;
   for (unsigned fi = 0; fi < NUM_FAMS; fi++) {
      enum fam f = (enum fam)fi;
      if (!fam_applies(f, t->s->kind))
         continue;
      VkPipeline pl = make_pipeline(c, m, f);
      bool seen[RESULTS] = {false};
      run(c, t, f, pl, 0xffffffffu, 0, seen);
      run(c, t, f, pl, 0x5a5a0ff1u, 1, seen);
      vkDestroyPipeline(c->vk.dev, pl, NULL);
      for (unsigned j = 0; j < RESULTS; j++)
         ops += seen[j];
   }
   vkDestroyShaderModule(c->vk.dev, m, NULL);
   printf("%-10s %u operations ok\n", t->glsl, ops);
   c->checked_ops += ops;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   static struct ctx c;
   c.dir = argv[1];
   agx_vk_ctx_instance(&c.vk, argc, argv);

   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p11};
   vkGetPhysicalDeviceProperties2(c.vk.pdev, &p2);
   VkPhysicalDeviceVulkan13Features h13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
   VkPhysicalDeviceVulkan12Features h12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &h13};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &h12};
   vkGetPhysicalDeviceFeatures2(c.vk.pdev, &f2);
   c.sg_size = p11.subgroupSize;
   CHECK(c.sg_size >= 4 && c.sg_size <= MAX_LANES);
   /* Every category and type the shaders use is advertised (by agx-vk and
    * lavapipe): a device without one fails here rather than skip it. */
   const VkSubgroupFeatureFlags need =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |
      VK_SUBGROUP_FEATURE_BALLOT_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT |
      VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT |
      VK_SUBGROUP_FEATURE_QUAD_BIT | (c.vk.reference ? 0 : VK_SUBGROUP_FEATURE_CLUSTERED_BIT);
   CHECK((p11.subgroupSupportedOperations & need) == need);
   /* lavapipe has no clustered operations: the modules without them */
   c.clustered = p11.subgroupSupportedOperations & VK_SUBGROUP_FEATURE_CLUSTERED_BIT;
   clustered = c.clustered;
   CHECK(f2.features.shaderInt64 && f2.features.shaderInt16 && h12.shaderInt8 &&
         h12.shaderFloat16 && h12.shaderSubgroupExtendedTypes && h13.subgroupSizeControl);

   VkPhysicalDeviceVulkan13Features w13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .subgroupSizeControl = VK_TRUE};
   VkPhysicalDeviceVulkan12Features w12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &w13,
                                           .shaderInt8 = VK_TRUE,
                                           .shaderFloat16 = VK_TRUE,
                                           .shaderSubgroupExtendedTypes = VK_TRUE};
   VkPhysicalDeviceFeatures base = {.shaderInt64 = VK_TRUE, .shaderInt16 = VK_TRUE};
   agx_vk_ctx_device_features(&c.vk, &w12, &base, 0, NULL);
   agx_vk_pipeline(&c.vk, &c.p, &(struct agx_vk_pipeline_desc){.buffers = 2, .push_size = 4});
   c.buf[0] = agx_vk_buffer(&c.vk, (VkDeviceSize)GROUPS * WG * 16 * 4);
   c.buf[1] = agx_vk_buffer(&c.vk, (VkDeviceSize)GROUPS * WG * W * 4);
   c.in = (uint32_t *)c.buf[0].map;
   c.out = (uint32_t *)c.buf[1].map;
   agx_vk_pipeline_bind(&c.vk, &c.p, (VkBuffer[2]){c.buf[0].buf, c.buf[1].buf});
   printf("%s: subgroup size %u\n", p2.properties.deviceName, c.sg_size);

   /* AGX_SG_TYPES=name runs only that type (for debugging). */
   const char *only = getenv("AGX_SG_TYPES");
   unsigned types = 0;
   for (unsigned si = 0; si < sizeof(scalars) / sizeof(scalars[0]); si++) {
      for (unsigned n = 1; n <= 4; n++) {
         struct type t = {&scalars[si], n, ""};
         if (n == 1)
            snprintf(t.glsl, sizeof(t.glsl), "%s", scalars[si].name);
         else
            snprintf(t.glsl, sizeof(t.glsl), "%s%u", scalars[si].vec, n);
         if (only && strcmp(only, t.glsl) != 0)
            continue;
         run_type(&c, &t);
         types++;
      }
   }
   printf("subgroup types ok: %u types, %u operation x type combinations, %u values checked\n",
          types, c.checked_ops, c.checked_values);
   CHECK(types > 0 && c.checked_ops > 0);

   agx_vk_buffer_free(&c.vk, &c.buf[0]);
   agx_vk_buffer_free(&c.vk, &c.buf[1]);
   agx_vk_pipeline_free(&c.vk, &c.p);
   return agx_vk_ctx_finish(&c.vk);
}
