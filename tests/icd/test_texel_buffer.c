/*
 * Uniform and storage texel buffers through the loader:
 *  - format properties of a list of formats (buffer features as the
 *    driver documents them; images: test_image);
 *  - per format: known bytes read through a uniform texel buffer
 *    (texelFetch, converted values compared with a CPU decoding), view at a
 *    texel-aligned offset with VK_WHOLE_SIZE, reads past the view (zero),
 *    textureSize; texels written through a storage texel buffer declared
 *    without a format (imageStore) compared byte for byte with a CPU
 *    encoding, view at 16 + one texel, writes past the view dropped,
 *    imageSize;
 *  - R32_UINT / R32_SINT image atomics, one past the view;
 *  - arrays of texel buffers: constant, dynamically uniform and non-uniform
 *    indices (the latter two where the device has the indexing features);
 *    descriptors written, copied, and by update template; a descriptor
 *    updated after the set was bound (update-after-bind pool and layout);
 *  - read-modify-write of an rgba8ui buffer in place and a read without
 *    format (where supported);
 *  - null texel buffer descriptors (robustness2 nullDescriptor): zeros,
 *    size 0, stores ignored.
 * Descriptors are written with vkUpdateDescriptorSets, push descriptors
 * (store test, VK_KHR_push_descriptor) and update templates (atomics).
 *
 * test_texel_buffer SPV_DIR [--properties] [--validation] [--reference]
 * (--properties: only the format and feature queries, no dispatch)
 */
#include <math.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define N 100        /* texels per view */
#define DISPATCH 128 /* invocations: the last 28 are past the view */

enum kind { UNORM, SNORM, UINT, SINT, SFLOAT, SRGB, UFLOAT_11_11_10, UFLOAT_999E5 };

/* A texel is its channels packed least significant first; channel i is
 * bits[i] wide and holds result component comp[i]. */
struct fmt {
   VkFormat vk;
   const char *name;
   enum kind kind;
   unsigned n;
   unsigned bits[4];
   unsigned comp[4];
   bool store; /* stored and compared exactly (the others' encodings round) */
};

#define RGBA     \
   {             \
      0, 1, 2, 3 \
   }
#define BGRA     \
   {             \
      2, 1, 0, 3 \
   }
static const struct fmt formats[] = {
   {VK_FORMAT_R8_UNORM, "R8_UNORM", UNORM, 1, {8}, RGBA, true},
   {VK_FORMAT_R8_SNORM, "R8_SNORM", SNORM, 1, {8}, RGBA, true},
   {VK_FORMAT_R8_UINT, "R8_UINT", UINT, 1, {8}, RGBA, true},
   {VK_FORMAT_R8_SINT, "R8_SINT", SINT, 1, {8}, RGBA, true},
   {VK_FORMAT_R8G8_UNORM, "R8G8_UNORM", UNORM, 2, {8, 8}, RGBA, true},
   {VK_FORMAT_R8G8_SINT, "R8G8_SINT", SINT, 2, {8, 8}, RGBA, true},
   {VK_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", UNORM, 4, {8, 8, 8, 8}, RGBA, true},
   {VK_FORMAT_R8G8B8A8_SNORM, "R8G8B8A8_SNORM", SNORM, 4, {8, 8, 8, 8}, RGBA, true},
   {VK_FORMAT_R8G8B8A8_UINT, "R8G8B8A8_UINT", UINT, 4, {8, 8, 8, 8}, RGBA, true},
   {VK_FORMAT_R8G8B8A8_SINT, "R8G8B8A8_SINT", SINT, 4, {8, 8, 8, 8}, RGBA, true},
   {VK_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", UNORM, 4, {8, 8, 8, 8}, BGRA, true},
   {VK_FORMAT_A8B8G8R8_UINT_PACK32, "A8B8G8R8_UINT_PACK32", UINT, 4, {8, 8, 8, 8}, RGBA, true},
   {VK_FORMAT_R5G6B5_UNORM_PACK16, "R5G6B5_UNORM", UNORM, 3, {5, 6, 5}, {2, 1, 0}, true},
   {VK_FORMAT_B5G6R5_UNORM_PACK16, "B5G6R5_UNORM", UNORM, 3, {5, 6, 5}, {0, 1, 2}, true},
   {VK_FORMAT_R4G4B4A4_UNORM_PACK16, "R4G4B4A4_UNORM", UNORM, 4, {4, 4, 4, 4}, {3, 2, 1, 0}, true},
   {VK_FORMAT_B4G4R4A4_UNORM_PACK16, "B4G4R4A4_UNORM", UNORM, 4, {4, 4, 4, 4}, {3, 0, 1, 2}, true},
   {VK_FORMAT_A4R4G4B4_UNORM_PACK16, "A4R4G4B4_UNORM", UNORM, 4, {4, 4, 4, 4}, {2, 1, 0, 3}, true},
   {VK_FORMAT_A4B4G4R4_UNORM_PACK16, "A4B4G4R4_UNORM", UNORM, 4, {4, 4, 4, 4}, {0, 1, 2, 3}, true},
   {VK_FORMAT_A1R5G5B5_UNORM_PACK16, "A1R5G5B5_UNORM", UNORM, 4, {5, 5, 5, 1}, {2, 1, 0, 3}, true},
   {VK_FORMAT_A2B10G10R10_UNORM_PACK32, "A2B10G10R10_UNORM", UNORM, 4, {10, 10, 10, 2}, RGBA, true},
   {VK_FORMAT_A2B10G10R10_UINT_PACK32, "A2B10G10R10_UINT", UINT, 4, {10, 10, 10, 2}, RGBA, true},
   {VK_FORMAT_R16_UNORM, "R16_UNORM", UNORM, 1, {16}, RGBA, true},
   {VK_FORMAT_R16_SINT, "R16_SINT", SINT, 1, {16}, RGBA, true},
   {VK_FORMAT_R16_SFLOAT, "R16_SFLOAT", SFLOAT, 1, {16}, RGBA, true},
   {VK_FORMAT_R16G16_SNORM, "R16G16_SNORM", SNORM, 2, {16, 16}, RGBA, true},
   {VK_FORMAT_R16G16_UINT, "R16G16_UINT", UINT, 2, {16, 16}, RGBA, true},
   {VK_FORMAT_R16G16B16A16_UINT, "R16G16B16A16_UINT", UINT, 4, {16, 16, 16, 16}, RGBA, true},
   {VK_FORMAT_R16G16B16A16_SFLOAT, "R16G16B16A16_SFLOAT", SFLOAT, 4, {16, 16, 16, 16}, RGBA, true},
   {VK_FORMAT_R32_UINT, "R32_UINT", UINT, 1, {32}, RGBA, true},
   {VK_FORMAT_R32_SINT, "R32_SINT", SINT, 1, {32}, RGBA, true},
   {VK_FORMAT_R32_SFLOAT, "R32_SFLOAT", SFLOAT, 1, {32}, RGBA, true},
   {VK_FORMAT_R32G32_SFLOAT, "R32G32_SFLOAT", SFLOAT, 2, {32, 32}, RGBA, true},
   {VK_FORMAT_R32G32B32A32_UINT, "R32G32B32A32_UINT", UINT, 4, {32, 32, 32, 32}, RGBA, true},
   {VK_FORMAT_R32G32B32A32_SINT, "R32G32B32A32_SINT", SINT, 4, {32, 32, 32, 32}, RGBA, true},
   {VK_FORMAT_R32G32B32A32_SFLOAT, "R32G32B32A32_SFLOAT", SFLOAT, 4, {32, 32, 32, 32}, RGBA, true},
   /* read only here: their encodings round */
   {VK_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB", SRGB, 4, {8, 8, 8, 8}, RGBA, false},
   {VK_FORMAT_B10G11R11_UFLOAT_PACK32,
    "B10G11R11_UFLOAT",
    UFLOAT_11_11_10,
    3,
    {11, 11, 10},
    RGBA,
    false},
   {VK_FORMAT_E5B9G9R9_UFLOAT_PACK32,
    "E5B9G9R9_UFLOAT",
    UFLOAT_999E5,
    3,
    {9, 9, 9, 5},
    RGBA,
    false},
};
#define NUM_FORMATS (sizeof(formats) / sizeof(formats[0]))

static unsigned
texel_bytes(const struct fmt *f)
{
   unsigned b = 0;
   for (unsigned i = 0; i < 4; i++)
      b += f->bits[i];
   return b / 8;
}

static bool
is_int(const struct fmt *f)
{
   return f->kind == UINT || f->kind == SINT;
}

static float
half_to_float(uint32_t h)
{
   uint32_t e = (h >> 10) & 31, m = h & 1023;
   float v = e ? ldexpf((float)(m | 1024), (int)e - 25) : ldexpf((float)m, -24);
   return (h & 0x8000) ? -v : v;
}

/* Small float with e exponent bits (bias 15) and m mantissa bits, no sign. */
static float
small_float(uint32_t bits, unsigned mbits)
{
   uint32_t e = bits >> mbits, m = bits & ((1u << mbits) - 1);
   return e ? ldexpf((float)(m | (1u << mbits)), (int)e - 15 - (int)mbits)
            : ldexpf((float)m, -14 - (int)mbits);
}

static float
srgb_to_linear(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* The raw channel values of texel e, in the ranges the formats' decoders
 * and encoders map exactly (no special float values). */
static uint32_t
raw_channel(const struct fmt *f, unsigned e, unsigned ch)
{
   uint32_t h = agx_vk_hash(e * 4 + ch + 0x1000u * (unsigned)f->vk);
   unsigned b = f->bits[ch];
   uint32_t mask = b == 32 ? ~0u : (1u << b) - 1;
   switch (f->kind) {
   case SNORM:
      /* -max..max (the most negative code duplicates -1.0) */
      return (uint32_t)((int32_t)(h % ((1u << b) - 1)) - (int32_t)((1u << (b - 1)) - 1)) & mask;
   case SFLOAT:
      if (b == 16) {
         /* integers in [-1024, 1024]: exact in fp16 */
         int k = (int)(h % 2049) - 1024;
         uint32_t sign = k < 0 ? 0x8000 : 0, a = (uint32_t)(k < 0 ? -k : k);
         if (a == 0)
            return 0;
         unsigned ex = 0;
         while ((a >> ex) > 1)
            ex++;
         return sign | ((ex + 15) << 10) | ((a << (10 - ex)) & 1023);
      } else {
         float v = (float)((int32_t)(h % 2000001) - 1000000) / 8.0f;
         uint32_t u;
         memcpy(&u, &v, 4);
         return u;
      }
   case UFLOAT_11_11_10:
      return h % (30u << (b - 5)); /* exponent below 30: finite */
   case UFLOAT_999E5:
      return ch == 3 ? h % 31 : h & mask;
   default:
      return h & mask;
   }
}

static uint64_t
pack_texel(const struct fmt *f, unsigned e)
{
   uint64_t t = 0;
   unsigned shift = 0;
   for (unsigned ch = 0; ch < 4 && f->bits[ch]; ch++) {
      t |= (uint64_t)raw_channel(f, e, ch) << shift;
      shift += f->bits[ch];
   }
   return t;
}

static void
write_texel(const struct fmt *f, unsigned e, uint8_t *dst)
{
   unsigned bytes = texel_bytes(f);
   if (bytes <= 8) {
      uint64_t t = pack_texel(f, e);
      memcpy(dst, &t, bytes);
   } else {
      for (unsigned ch = 0; ch < 4; ch++) {
         uint32_t v = raw_channel(f, e, ch);
         memcpy(dst + 4 * ch, &v, 4);
      }
   }
}

/* Result component value (as float or as the integer bits) of channel ch. */
static void
decode_channel(const struct fmt *f, unsigned e, unsigned ch, float *fv, uint32_t *iv)
{
   uint32_t r = raw_channel(f, e, ch);
   unsigned b = f->bits[ch];
   switch (f->kind) {
   case UNORM:
      *fv = (float)r / (float)((b == 32 ? ~0u : (1u << b) - 1));
      break;
   case SRGB:
      *fv = ch == 3 ? (float)r / 255.0f : srgb_to_linear((float)r / 255.0f);
      break;
   case SNORM: {
      int32_t s = (int32_t)(r << (32 - b)) >> (32 - b);
      float v = (float)s / (float)((1u << (b - 1)) - 1);
      *fv = v < -1.0f ? -1.0f : v;
      break;
   }
   case UINT:
      *iv = r;
      break;
   case SINT:
      *iv = b == 32 ? r : (uint32_t)((int32_t)(r << (32 - b)) >> (32 - b));
      break;
   case SFLOAT:
      if (b == 16)
         *fv = half_to_float(r);
      else
         memcpy(fv, &r, 4);
      break;
   case UFLOAT_11_11_10:
      *fv = small_float(r, b - 5);
      break;
   case UFLOAT_999E5: {
      uint32_t ex = raw_channel(f, e, 3);
      *fv = ldexpf((float)r, (int)ex - 15 - 9);
      break;
   }
   }
}

/* The vec4 a fetch of texel e returns (missing components 0, alpha 1). */
static void
expected_fetch(const struct fmt *f, unsigned e, uint32_t out[4])
{
   float fv[4] = {0, 0, 0, 1};
   uint32_t iv[4] = {0, 0, 0, 1};
   unsigned comps = f->kind == UFLOAT_999E5 ? 3 : f->n;
   for (unsigned ch = 0; ch < comps; ch++)
      decode_channel(f, e, ch, &fv[f->comp[ch]], &iv[f->comp[ch]]);
   for (unsigned k = 0; k < 4; k++) {
      if (is_int(f))
         out[k] = iv[k];
      else
         memcpy(&out[k], &fv[k], 4);
   }
}

static bool
close_enough(const struct fmt *f, uint32_t got, uint32_t want)
{
   if (is_int(f) || got == want)
      return got == want;
   float g, w;
   memcpy(&g, &got, 4);
   memcpy(&w, &want, 4);
   float tol = f->kind == SRGB ? 2e-3f : 1e-6f * (fabsf(w) > 1.0f ? fabsf(w) : 1.0f);
   return fabsf(g - w) <= tol;
}

/* --- Vulkan helpers ------------------------------------------------------ */

struct env {
   struct agx_vk_ctx c;
   const char *dir;
   bool dyn_index, nonuniform, read_nofmt, push;
   bool texel_align; /* VK_EXT_texel_buffer_alignment: texel-aligned view offsets */
   bool uab;         /* texel buffer descriptors may be updated after binding */
   bool null_desc;   /* VK_EXT_robustness2 nullDescriptor */
   VkDescriptorPool pool;
};

static VkShaderModule
shader(struct env *t, const char *name)
{
   char path[512];
   snprintf(path, sizeof(path), "%s/%s.spv", t->dir, name);
   return agx_vk_shader(&t->c, path);
}

static VkDescriptorSetLayout
set_layout(struct env *t, uint32_t n, const VkDescriptorSetLayoutBinding *b,
           VkDescriptorSetLayoutCreateFlags flags)
{
   VkDescriptorSetLayout l;
   VK_OK(
      vkCreateDescriptorSetLayout(t->c.dev,
                                  &(VkDescriptorSetLayoutCreateInfo){
                                     .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                     .flags = flags,
                                     .bindingCount = n,
                                     .pBindings = b},
                                  NULL, &l));
   return l;
}

static VkPipelineLayout
pipe_layout(struct env *t, VkDescriptorSetLayout dsl, uint32_t push)
{
   VkPipelineLayout l;
   VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push};
   VK_OK(vkCreatePipelineLayout(
      t->c.dev,
      &(VkPipelineLayoutCreateInfo){.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                    .setLayoutCount = 1,
                                    .pSetLayouts = &dsl,
                                    .pushConstantRangeCount = push ? 1 : 0,
                                    .pPushConstantRanges = &range},
      NULL, &l));
   return l;
}

static VkDescriptorSet
alloc_set(struct env *t, VkDescriptorSetLayout dsl)
{
   VkDescriptorSet s;
   VK_OK(vkAllocateDescriptorSets(
      t->c.dev,
      &(VkDescriptorSetAllocateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = t->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl},
      &s));
   return s;
}

static VkBufferView
view(struct env *t, VkBuffer buf, VkFormat format, VkDeviceSize offset, VkDeviceSize range)
{
   VkBufferView v;
   VK_OK(vkCreateBufferView(
      t->c.dev,
      &(VkBufferViewCreateInfo){.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                .buffer = buf,
                                .format = format,
                                .offset = offset,
                                .range = range},
      NULL, &v));
   return v;
}

static VkWriteDescriptorSet
write_view(VkDescriptorSet set, uint32_t binding, uint32_t elem, VkDescriptorType type,
           const VkBufferView *v)
{
   return (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = binding,
                                 .dstArrayElement = elem,
                                 .descriptorCount = 1,
                                 .descriptorType = type,
                                 .pTexelBufferView = v};
}

static VkWriteDescriptorSet
write_ssbo(VkDescriptorSet set, uint32_t binding, const VkDescriptorBufferInfo *info)
{
   return (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = binding,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = info};
}

/* Storage texel usage only for storage views (a view's format must
 * support every texel usage of its buffer). */
static VkBufferUsageFlags
texel_usage(bool storage)
{
   return (storage ? VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT
                   : VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT) |
          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
}

static void
run(struct env *t, VkPipeline pipe, VkPipelineLayout layout, VkDescriptorSet set, const void *push,
    uint32_t push_size, uint32_t groups)
{
   VkCommandBuffer cb = agx_vk_begin(&t->c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   if (set)
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   if (push_size)
      vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
   vkCmdDispatch(cb, groups, 1, 1);
   VK_OK(agx_vk_submit_wait(&t->c, cb));
}

/* --- format properties ---------------------------------------------------- */

static unsigned
test_format_properties(struct env *t)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < NUM_FORMATS; i++) {
      const struct fmt *f = &formats[i];
      VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
      VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
      vkGetPhysicalDeviceFormatProperties2(t->c.pdev, f->vk, &p2);
      VkFormatProperties p1;
      vkGetPhysicalDeviceFormatProperties(t->c.pdev, f->vk, &p1);
      /* R32_SFLOAT: VK_EXT_shader_atomic_float (test_atomic_float) */
      bool atomic = f->vk == VK_FORMAT_R32_UINT || f->vk == VK_FORMAT_R32_SINT ||
                    f->vk == VK_FORMAT_R32_SFLOAT;
      VkFormatFeatureFlags2 want = VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT;
      if (f->store)
         want |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT;
      if (atomic)
         want |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
      if (!t->c.reference) {
         /* agx-vk: exactly these (storage for every power-of-two texel
          * size); image features are test_image's, but always sampled */
         unsigned tb = texel_bytes(f);
         if ((tb & (tb - 1)) == 0)
            want |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT |
                    VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
                    VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
         /* VERTEX_BUFFER is test_vertex_input's */
         VkFormatFeatureFlags2 vtx = VK_FORMAT_FEATURE_2_VERTEX_BUFFER_BIT;
         p3.bufferFeatures &= ~vtx;
         p1.bufferFeatures &= ~(VkFormatFeatureFlags)vtx;
         p2.formatProperties.bufferFeatures &= ~(VkFormatFeatureFlags)vtx;
         if (p3.bufferFeatures != want ||
             !(p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT) ||
             p1.optimalTilingFeatures !=
                (VkFormatFeatureFlags)(p3.optimalTilingFeatures & 0x7FFFFFFF) ||
             p1.bufferFeatures != (VkFormatFeatureFlags)(want & 0x7FFFFFFF) ||
             p2.formatProperties.bufferFeatures != p1.bufferFeatures) {
            fprintf(stderr, "%s: buffer features 0x%llx (v1 0x%x), expected 0x%llx\n", f->name,
                    (unsigned long long)p3.bufferFeatures, p1.bufferFeatures,
                    (unsigned long long)want);
            bad++;
         }
      } else if ((p3.bufferFeatures & want) != want && f->store) {
         printf("reference: %s lacks some buffer features (0x%llx)\n", f->name,
                (unsigned long long)p3.bufferFeatures);
      }
   }
   /* formats without any support (depth/stencil and BC1 have image features
    * only: test_image checks them) */
   static const VkFormat none[] = {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_ASTC_4x4_SFLOAT_BLOCK,
                                   VK_FORMAT_R5G5B5A1_UNORM_PACK16, VK_FORMAT_R64_UINT,
                                   VK_FORMAT_R8G8B8_UNORM};
   for (unsigned i = 0; i < sizeof(none) / sizeof(none[0]) && !t->c.reference; i++) {
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(t->c.pdev, none[i], &p);
      if (p.bufferFeatures || p.linearTilingFeatures || p.optimalTilingFeatures) {
         fprintf(stderr, "format %d: unexpected features\n", none[i]);
         bad++;
      }
   }
   static const VkFormat image_only[] = {VK_FORMAT_D32_SFLOAT, VK_FORMAT_D16_UNORM,
                                         VK_FORMAT_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT,
                                         VK_FORMAT_BC1_RGB_UNORM_BLOCK};
   for (unsigned i = 0; i < 5 && !t->c.reference; i++) {
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(t->c.pdev, image_only[i], &p);
      if (p.bufferFeatures) {
         fprintf(stderr, "format %d: unexpected buffer features\n", image_only[i]);
         bad++;
      }
   }
   /* block-compressed formats are images only (test_bc checks their image features) */
   VkFormatProperties bc;
   vkGetPhysicalDeviceFormatProperties(t->c.pdev, VK_FORMAT_BC1_RGB_UNORM_BLOCK, &bc);
   if (bc.bufferFeatures) {
      fprintf(stderr, "BC1: unexpected buffer features\n");
      bad++;
   }
   printf("format properties: %u formats checked, %u bad\n", (unsigned)NUM_FORMATS, bad);
   return bad;
}

/* --- per-format loads and stores ------------------------------------------ */

struct rw_pipes {
   VkDescriptorSetLayout load_dsl, store_dsl;
   VkPipelineLayout load_layout, store_layout;
   VkShaderModule mod[6];
   VkPipeline load[3], store[3]; /* float, int, uint */
   /* the uint store shader with an ordinary (not push) set layout */
   VkDescriptorSetLayout store_dsl_sets;
   VkPipelineLayout store_layout_sets;
   VkPipeline store_sets;
};

static unsigned
pipe_index(const struct fmt *f)
{
   return f->kind == SINT ? 1 : f->kind == UINT ? 2 : 0;
}

static unsigned
test_load(struct env *t, struct rw_pipes *p, const struct fmt *f)
{
   unsigned tb = texel_bytes(f), skip = t->texel_align ? 3 : 16;
   struct agx_vk_buffer src = agx_vk_buffer_usage(&t->c, (N + skip) * tb, texel_usage(false));
   for (unsigned e = 0; e < N + skip; e++)
      write_texel(f, e < skip ? 1000 + e : e - skip, src.map + e * tb);
   struct agx_vk_buffer out = agx_vk_buffer(&t->c, 16 + DISPATCH * 16);
   memset(out.map, 0xcd, out.size);
   /* texel-aligned offset, the rest of the buffer */
   VkBufferView v = view(t, src.buf, f->vk, skip * tb, VK_WHOLE_SIZE);
   VkDescriptorSet set = alloc_set(t, p->load_dsl);
   VkDescriptorBufferInfo oi = {out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[2] = {write_view(set, 0, 0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, &v),
                                write_ssbo(set, 1, &oi)};
   vkUpdateDescriptorSets(t->c.dev, 2, w, 0, NULL);
   uint32_t n = DISPATCH;
   run(t, p->load[pipe_index(f)], p->load_layout, set, &n, 4, DISPATCH / 64);

   unsigned bad = 0;
   uint32_t size;
   memcpy(&size, out.map, 4);
   if (size != N) {
      fprintf(stderr, "%s: textureSize %u, expected %u\n", f->name, size, N);
      bad++;
   }
   const uint32_t *got = (const uint32_t *)(out.map + 16);
   for (unsigned e = 0; e < DISPATCH; e++) {
      uint32_t want[4] = {0, 0, 0, 0};
      if (e < N)
         expected_fetch(f, e, want);
      for (unsigned k = 0; k < 4; k++) {
         bool ok = close_enough(f, got[e * 4 + k], want[k]);
         /* past the view: zero, alpha 0 or 1 */
         if (e >= N && k == 3)
            ok = got[e * 4 + 3] == 0 || got[e * 4 + 3] == (is_int(f) ? 1u : 0x3f800000u);
         if (!ok && bad++ < 8)
            fprintf(stderr, "%s load: texel %u comp %u = 0x%08x, expected 0x%08x\n", f->name, e, k,
                    got[e * 4 + k], want[k]);
      }
   }
   VK_OK(vkFreeDescriptorSets(t->c.dev, t->pool, 1, &set));
   vkDestroyBufferView(t->c.dev, v, NULL);
   agx_vk_buffer_free(&t->c, &src);
   agx_vk_buffer_free(&t->c, &out);
   return bad;
}

static unsigned
test_store(struct env *t, struct rw_pipes *p, const struct fmt *f)
{
   unsigned tb = texel_bytes(f);
   unsigned off = t->texel_align ? 16 + tb : 32, end = off + N * tb;
   VkDeviceSize dst_size = end + 64;
   struct agx_vk_buffer dst = agx_vk_buffer_usage(&t->c, dst_size, texel_usage(true));
   memset(dst.map, 0xab, dst_size);
   struct agx_vk_buffer in = agx_vk_buffer(&t->c, 16 + DISPATCH * 16);
   uint32_t *v = (uint32_t *)(in.map + 16);
   for (unsigned e = 0; e < DISPATCH; e++)
      expected_fetch(f, e % N, &v[e * 4]); /* the values that encode to the texel */
   VkBufferView bv = view(t, dst.buf, f->vk, off, N * tb);
   VkDescriptorBufferInfo ii = {in.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[2] = {
      write_view(VK_NULL_HANDLE, 0, 0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, &bv),
      write_ssbo(VK_NULL_HANDLE, 1, &ii)};
   uint32_t n = DISPATCH;
   VkDescriptorSet set = VK_NULL_HANDLE;
   VkCommandBuffer cb = agx_vk_begin(&t->c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->store[pipe_index(f)]);
   if (t->push) {
      PFN_vkCmdPushDescriptorSetKHR push_set =
         (PFN_vkCmdPushDescriptorSetKHR)vkGetDeviceProcAddr(t->c.dev, "vkCmdPushDescriptorSetKHR");
      CHECK(push_set);
      push_set(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->store_layout, 0, 2, w);
   } else {
      set = alloc_set(t, p->store_dsl);
      w[0].dstSet = w[1].dstSet = set;
      vkUpdateDescriptorSets(t->c.dev, 2, w, 0, NULL);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->store_layout, 0, 1, &set, 0,
                              NULL);
   }
   vkCmdPushConstants(cb, p->store_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &n);
   vkCmdDispatch(cb, DISPATCH / 64, 1, 1);
   VK_OK(agx_vk_submit_wait(&t->c, cb));

   unsigned bad = 0;
   uint32_t size;
   memcpy(&size, in.map, 4);
   if (size != N) {
      fprintf(stderr, "%s: imageSize %u, expected %u\n", f->name, size, N);
      bad++;
   }
   for (unsigned b = 0; b < dst_size; b++) {
      uint8_t want = 0xab;
      if (b >= off && b < end) {
         uint8_t texel[16];
         write_texel(f, (b - off) / tb, texel);
         want = texel[(b - off) % tb];
      }
      if (dst.map[b] != want && bad++ < 8)
         fprintf(stderr, "%s store: byte %u = 0x%02x, expected 0x%02x\n", f->name, b, dst.map[b],
                 want);
   }
   if (set)
      VK_OK(vkFreeDescriptorSets(t->c.dev, t->pool, 1, &set));
   vkDestroyBufferView(t->c.dev, bv, NULL);
   agx_vk_buffer_free(&t->c, &dst);
   agx_vk_buffer_free(&t->c, &in);
   return bad;
}

/* Null texel buffer descriptors (nullDescriptor): fetches read zero (alpha
 * 0 or 1), sizes are 0, stores do nothing. */
static unsigned
test_null(struct env *t, struct rw_pipes *p)
{
   struct agx_vk_buffer out = agx_vk_buffer(&t->c, 16 + DISPATCH * 16);
   memset(out.map, 0xcd, out.size);
   VkBufferView null_view = VK_NULL_HANDLE;
   VkDescriptorSet set = alloc_set(t, p->load_dsl);
   VkDescriptorBufferInfo oi = {out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[2] = {
      write_view(set, 0, 0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, &null_view),
      write_ssbo(set, 1, &oi)};
   vkUpdateDescriptorSets(t->c.dev, 2, w, 0, NULL);
   uint32_t n = 64;
   run(t, p->load[2], p->load_layout, set, &n, 4, 1);
   unsigned bad = 0;
   const uint32_t *o = (const uint32_t *)out.map;
   if (o[0] != 0)
      bad++;
   for (unsigned e = 0; e < 64; e++)
      for (unsigned k = 0; k < 4; k++)
         if (o[4 + e * 4 + k] != 0 && !(k == 3 && o[4 + e * 4 + k] == 1) && bad++ < 4)
            fprintf(stderr, "null view: texel %u comp %u = %u\n", e, k, o[4 + e * 4 + k]);
   VK_OK(vkFreeDescriptorSets(t->c.dev, t->pool, 1, &set));
   /* a store through a null view: nothing to write, size 0 */
   struct agx_vk_buffer in = agx_vk_buffer(&t->c, 16 + 64 * 16);
   memset(in.map, 0x11, in.size);
   set = alloc_set(t, p->store_dsl_sets);
   VkDescriptorBufferInfo ii = {in.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet ws[2] = {
      write_view(set, 0, 0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, &null_view),
      write_ssbo(set, 1, &ii)};
   vkUpdateDescriptorSets(t->c.dev, 2, ws, 0, NULL);
   run(t, p->store[2], p->store_layout_sets, set, &n, 4, 1);
   uint32_t size;
   memcpy(&size, in.map, 4);
   if (size != 0)
      bad++;
   VK_OK(vkFreeDescriptorSets(t->c.dev, t->pool, 1, &set));
   printf("null descriptors: %u mismatches\n", bad);
   agx_vk_buffer_free(&t->c, &out);
   agx_vk_buffer_free(&t->c, &in);
   return bad;
}

static unsigned
test_formats(struct env *t)
{
   struct rw_pipes p;
   VkDescriptorSetLayoutBinding lb[2] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   p.load_dsl = set_layout(t, 2, lb, 0);
   lb[0].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
   p.store_dsl =
      set_layout(t, 2, lb, t->push ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR : 0);
   p.load_layout = pipe_layout(t, p.load_dsl, 4);
   p.store_layout = pipe_layout(t, p.store_dsl, 4);
   p.store_dsl_sets = set_layout(t, 2, lb, 0);
   p.store_layout_sets = pipe_layout(t, p.store_dsl_sets, 4);
   static const char *names[6] = {"texel_load_f",  "texel_load_i",  "texel_load_u",
                                  "texel_store_f", "texel_store_i", "texel_store_u"};
   for (unsigned i = 0; i < 6; i++) {
      p.mod[i] = shader(t, names[i]);
      VkPipeline pipe = agx_vk_compute_pipeline(&t->c, i < 3 ? p.load_layout : p.store_layout,
                                                p.mod[i], NULL, 0, NULL);
      if (i < 3)
         p.load[i] = pipe;
      else
         p.store[i - 3] = pipe;
   }
   p.store_sets = agx_vk_compute_pipeline(&t->c, p.store_layout_sets, p.mod[5], NULL, 0, NULL);
   unsigned bad = 0, loads = 0, stores = 0;
   for (unsigned i = 0; i < NUM_FORMATS; i++) {
      const struct fmt *f = &formats[i];
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(t->c.pdev, f->vk, &fp);
      unsigned b = 0;
      if (fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT) {
         b += test_load(t, &p, f);
         loads++;
      }
      VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
      VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
      vkGetPhysicalDeviceFormatProperties2(t->c.pdev, f->vk, &p2);
      if (f->store && (p3.bufferFeatures & VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT)) {
         b += test_store(t, &p, f);
         stores++;
      }
      if (b)
         fprintf(stderr, "%s: %u mismatches\n", f->name, b);
      bad += b;
   }
   printf("formats: %u loaded, %u stored, %u mismatches\n", loads, stores, bad);
   if (t->null_desc) {
      VkPipeline keep = p.store[2];
      p.store[2] = p.store_sets;
      bad += test_null(t, &p);
      p.store[2] = keep;
   } else {
      printf("null descriptors: not supported by this device\n");
   }
   vkDestroyPipeline(t->c.dev, p.store_sets, NULL);
   vkDestroyPipelineLayout(t->c.dev, p.store_layout_sets, NULL);
   vkDestroyDescriptorSetLayout(t->c.dev, p.store_dsl_sets, NULL);
   for (unsigned i = 0; i < 3; i++) {
      vkDestroyPipeline(t->c.dev, p.load[i], NULL);
      vkDestroyPipeline(t->c.dev, p.store[i], NULL);
   }
   for (unsigned i = 0; i < 6; i++)
      vkDestroyShaderModule(t->c.dev, p.mod[i], NULL);
   vkDestroyPipelineLayout(t->c.dev, p.load_layout, NULL);
   vkDestroyPipelineLayout(t->c.dev, p.store_layout, NULL);
   vkDestroyDescriptorSetLayout(t->c.dev, p.load_dsl, NULL);
   vkDestroyDescriptorSetLayout(t->c.dev, p.store_dsl, NULL);
   return bad;
}

/* --- atomics ----------------------------------------------------------------- */

struct template_data {
   VkBufferView u, s;
   VkDescriptorBufferInfo o;
};

static unsigned
test_atomics(struct env *t)
{
   VkDescriptorSetLayoutBinding lb[3] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayout dsl = set_layout(t, 3, lb, 0);
   VkPipelineLayout layout = pipe_layout(t, dsl, 4);
   VkShaderModule mod = shader(t, "texel_atomic");
   VkPipeline pipe = agx_vk_compute_pipeline(&t->c, layout, mod, NULL, 0, NULL);
   /* u: 12 texels at byte 32 (+ a sentinel texel after), s: 10 at byte 4 */
   struct agx_vk_buffer ub = agx_vk_buffer_usage(&t->c, 256, texel_usage(true));
   struct agx_vk_buffer sb = agx_vk_buffer_usage(&t->c, 256, texel_usage(true));
   struct agx_vk_buffer out = agx_vk_buffer(&t->c, 4 * DISPATCH);
   uint32_t *u = (uint32_t *)(ub.map + 32);
   unsigned s_off = t->texel_align ? 4 : 16;
   int32_t *s = (int32_t *)(sb.map + s_off);
   for (unsigned i = 0; i < 13; i++)
      u[i] = i == 10 ? 7 : 0;
   u[12] = 0x5eed;
   for (unsigned i = 0; i < 4; i++) {
      s[i] = -1000;
      s[4 + i] = 1000;
   }
   s[8] = -1;
   s[9] = 0;
   memset(out.map, 0xcd, out.size);
   VkBufferView uv = view(t, ub.buf, VK_FORMAT_R32_UINT, 32, 12 * 4);
   VkBufferView sv = view(t, sb.buf, VK_FORMAT_R32_SINT, s_off, 10 * 4);

   /* descriptors by update template */
   struct template_data data = {uv, sv, {out.buf, 0, VK_WHOLE_SIZE}};
   VkDescriptorUpdateTemplateEntry e[3] = {
      {0, 0, 1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, offsetof(struct template_data, u), 0},
      {1, 0, 1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, offsetof(struct template_data, s), 0},
      {2, 0, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, offsetof(struct template_data, o), 0}};
   VkDescriptorUpdateTemplate tmpl;
   VK_OK(vkCreateDescriptorUpdateTemplate(
      t->c.dev,
      &(VkDescriptorUpdateTemplateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
         .descriptorUpdateEntryCount = 3,
         .pDescriptorUpdateEntries = e,
         .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
         .descriptorSetLayout = dsl},
      NULL, &tmpl));
   VkDescriptorSet set = alloc_set(t, dsl);
   vkUpdateDescriptorSetWithTemplate(t->c.dev, set, tmpl, &data);
   uint32_t oob = 12; /* the sentinel texel just past the view */
   run(t, pipe, layout, set, &oob, 4, DISPATCH / 64);

   unsigned bad = 0;
   uint32_t want_u[13] = {0};
   int32_t want_s[10];
   for (unsigned i = 0; i < 8; i++)
      want_u[i] = DISPATCH / 8;
   want_u[8] = want_u[9] = 0;
   for (unsigned i = 0; i < DISPATCH; i++)
      want_u[8 + i % 2] |= 1u << (i % 32);
   want_u[10] = 99;
   want_u[11] = 0;
   want_u[12] = 0x5eed;
   for (unsigned k = 0; k < 4; k++) {
      want_s[k] = -1000;
      want_s[4 + k] = 1000;
   }
   int32_t and_mask = -1;
   for (unsigned i = 0; i < DISPATCH; i++) {
      int32_t mx = (int32_t)i - 100, mn = 50 - (int32_t)i;
      if (mx > want_s[i % 4])
         want_s[i % 4] = mx;
      if (mn < want_s[4 + i % 4])
         want_s[4 + i % 4] = mn;
      and_mask &= ~(1 << (i % 31));
   }
   want_s[8] = and_mask;
   want_s[9] = -1234;
   for (unsigned i = 0; i < 13; i++)
      if (u[i] != want_u[i] && bad++ < 8)
         fprintf(stderr, "atomic u[%u] = 0x%x, expected 0x%x\n", i, u[i], want_u[i]);
   for (unsigned i = 0; i < 10; i++)
      if (s[i] != want_s[i] && bad++ < 8)
         fprintf(stderr, "atomic s[%u] = %d, expected %d\n", i, s[i], want_s[i]);
   if (*(uint32_t *)(sb.map + s_off - 4) != 0 || s[10] != 0)
      bad++;
   const uint32_t *r = (const uint32_t *)out.map;
   for (unsigned i = 0; i < DISPATCH; i++)
      if (r[i] != 0 && bad++ < 8)
         fprintf(stderr, "atomic past the view returned %u\n", r[i]);
   printf("atomics: %u mismatches\n", bad);
   VK_OK(vkFreeDescriptorSets(t->c.dev, t->pool, 1, &set));
   vkDestroyDescriptorUpdateTemplate(t->c.dev, tmpl, NULL);
   vkDestroyBufferView(t->c.dev, uv, NULL);
   vkDestroyBufferView(t->c.dev, sv, NULL);
   agx_vk_buffer_free(&t->c, &ub);
   agx_vk_buffer_free(&t->c, &sb);
   agx_vk_buffer_free(&t->c, &out);
   vkDestroyPipeline(t->c.dev, pipe, NULL);
   vkDestroyShaderModule(t->c.dev, mod, NULL);
   vkDestroyPipelineLayout(t->c.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(t->c.dev, dsl, NULL);
   return bad;
}

/* --- arrays -------------------------------------------------------------------- */

static unsigned
test_arrays(struct env *t, bool dynamic)
{
   VkDescriptorSetLayoutBinding lb[3] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayout dsl = set_layout(t, 3, lb, 0);
   VkPipelineLayout layout = pipe_layout(t, dsl, 4);
   VkShaderModule mod = shader(t, dynamic ? "texel_array" : "texel_array_const");
   VkPipeline pipe = agx_vk_compute_pipeline(&t->c, layout, mod, NULL, 0, NULL);
   /* four 64-texel R32_UINT views of one buffer: view k, texel i = k * 100 + i */
   struct agx_vk_buffer src = agx_vk_buffer_usage(&t->c, 4 * 256, texel_usage(false));
   struct agx_vk_buffer dst = agx_vk_buffer_usage(&t->c, 2 * 256 + 64, texel_usage(true));
   struct agx_vk_buffer out = agx_vk_buffer(&t->c, 4 * 64);
   for (unsigned k = 0; k < 4; k++)
      for (unsigned i = 0; i < 64; i++)
         ((uint32_t *)src.map)[k * 64 + i] = k * 100 + i;
   VkBufferView sv[4], dv[2];
   for (unsigned k = 0; k < 4; k++)
      sv[k] = view(t, src.buf, VK_FORMAT_R32_UINT, k * 256, 256);
   dv[0] = view(t, dst.buf, VK_FORMAT_R32_UINT, 0, 256);
   dv[1] = view(t, dst.buf, VK_FORMAT_R32_UINT, 256 + 64, 256); /* 64 texels */
   /* elements 0, 1, 3 written; element 2 copied from a scratch set */
   VkDescriptorSet set = alloc_set(t, dsl), scratch = alloc_set(t, dsl);
   VkDescriptorBufferInfo oi = {out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[7] = {
      write_view(set, 0, 0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, &sv[0]),
      write_view(set, 0, 1, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, &sv[1]),
      write_view(set, 0, 3, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, &sv[3]),
      write_view(set, 1, 0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, &dv[0]),
      write_view(set, 1, 1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, &dv[1]),
      write_ssbo(set, 2, &oi),
      write_view(scratch, 0, 2, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, &sv[2])};
   vkUpdateDescriptorSets(t->c.dev, 7, w, 0, NULL);
   VkCopyDescriptorSet copy = {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
                               .srcSet = scratch,
                               .srcBinding = 0,
                               .srcArrayElement = 2,
                               .dstSet = set,
                               .dstBinding = 0,
                               .dstArrayElement = 2,
                               .descriptorCount = 1};
   vkUpdateDescriptorSets(t->c.dev, 0, NULL, 1, &copy);
   unsigned bad = 0;
   for (uint32_t sel = dynamic ? 0 : 3; sel < 4; sel++) {
      memset(out.map, 0xcd, out.size);
      memset(dst.map, 0, dst.size);
      run(t, pipe, layout, set, &sel, 4, 1);
      const uint32_t *r = (const uint32_t *)out.map;
      const uint32_t *d = (const uint32_t *)(dst.map + ((dynamic ? sel & 1 : 1) ? 256 + 64 : 0));
      for (unsigned i = 0; i < 64; i++) {
         uint32_t a = sel * 100 + i, b = (dynamic ? i & 3 : 1) * 100 + i;
         uint32_t size = dynamic ? ((i & 1) ? 64 : 64) : 64;
         uint32_t want = a * 1000 + b + size * 1000000;
         if (r[i] != want && bad++ < 8)
            fprintf(stderr, "array sel %u: r[%u] = %u, expected %u\n", sel, i, r[i], want);
         if (d[i] != a + b && bad++ < 8)
            fprintf(stderr, "array sel %u: stored[%u] = %u, expected %u\n", sel, i, d[i], a + b);
      }
   }
   printf("arrays (%s indices): %u mismatches\n", dynamic ? "dynamic and non-uniform" : "constant",
          bad);
   VkDescriptorSet sets[2] = {set, scratch};
   VK_OK(vkFreeDescriptorSets(t->c.dev, t->pool, 2, sets));
   for (unsigned k = 0; k < 4; k++)
      vkDestroyBufferView(t->c.dev, sv[k], NULL);
   vkDestroyBufferView(t->c.dev, dv[0], NULL);
   vkDestroyBufferView(t->c.dev, dv[1], NULL);
   agx_vk_buffer_free(&t->c, &src);
   agx_vk_buffer_free(&t->c, &dst);
   agx_vk_buffer_free(&t->c, &out);
   vkDestroyPipeline(t->c.dev, pipe, NULL);
   vkDestroyShaderModule(t->c.dev, mod, NULL);
   vkDestroyPipelineLayout(t->c.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(t->c.dev, dsl, NULL);
   return bad;
}

/* --- update after bind ---------------------------------------------------------- */

/* A texel buffer descriptor written after the set was bound (and the
 * dispatch recorded) but before submission is the one the dispatch reads. */
static unsigned
test_update_after_bind(struct env *t)
{
   VkDescriptorSetLayoutBinding lb[3] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorBindingFlags bf[3] = {VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
                                     VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT, 0};
   VkDescriptorSetLayoutBindingFlagsCreateInfo bfi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = 3,
      .pBindingFlags = bf};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(
      t->c.dev,
      &(VkDescriptorSetLayoutCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .pNext = &bfi,
         .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
         .bindingCount = 3,
         .pBindings = lb},
      NULL, &dsl));
   VkDescriptorPoolSize sizes[3] = {{VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 4},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(
      t->c.dev,
      &(VkDescriptorPoolCreateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                    .flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
                                    .maxSets = 1,
                                    .poolSizeCount = 3,
                                    .pPoolSizes = sizes},
      NULL, &pool));
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(
      t->c.dev,
      &(VkDescriptorSetAllocateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl},
      &set));
   VkPipelineLayout layout = pipe_layout(t, dsl, 4);
   VkShaderModule mod = shader(t, "texel_array");
   VkPipeline pipe = agx_vk_compute_pipeline(&t->c, layout, mod, NULL, 0, NULL);
   struct agx_vk_buffer src = agx_vk_buffer_usage(&t->c, 4 * 256, texel_usage(false));
   struct agx_vk_buffer dst = agx_vk_buffer_usage(&t->c, 512, texel_usage(true));
   struct agx_vk_buffer out = agx_vk_buffer(&t->c, 4 * 64);
   for (unsigned k = 0; k < 4; k++)
      for (unsigned i = 0; i < 64; i++)
         ((uint32_t *)src.map)[k * 64 + i] = k * 100 + i;
   VkBufferView sv[4], dv[2];
   for (unsigned k = 0; k < 4; k++)
      sv[k] = view(t, src.buf, VK_FORMAT_R32_UINT, k * 256, 256);
   dv[0] = view(t, dst.buf, VK_FORMAT_R32_UINT, 0, 256);
   dv[1] = view(t, dst.buf, VK_FORMAT_R32_UINT, 256, 256);
   VkDescriptorBufferInfo oi = {out.buf, 0, VK_WHOLE_SIZE};
   /* element 3 first names view 0; rewritten after binding */
   VkBufferView first[4] = {sv[0], sv[1], sv[2], sv[0]};
   VkWriteDescriptorSet w[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 0,
                                 .descriptorCount = 4,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
                                 .pTexelBufferView = first},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 1,
                                 .descriptorCount = 2,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
                                 .pTexelBufferView = dv},
                                write_ssbo(set, 2, &oi)};
   vkUpdateDescriptorSets(t->c.dev, 3, w, 0, NULL);
   uint32_t sel = 3;
   VkCommandBuffer cb = agx_vk_begin(&t->c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &sel);
   vkCmdDispatch(cb, 1, 1, 1);
   VkWriteDescriptorSet late =
      write_view(set, 0, 3, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, &sv[3]);
   vkUpdateDescriptorSets(t->c.dev, 1, &late, 0, NULL);
   VK_OK(agx_vk_submit_wait(&t->c, cb));
   unsigned bad = 0;
   const uint32_t *r = (const uint32_t *)out.map;
   for (unsigned i = 0; i < 64; i++) {
      uint32_t a = 300 + i, b = (i & 3) * 100 + i;
      uint32_t want = a * 1000 + b + 64 * 1000000;
      if (r[i] != want && bad++ < 8)
         fprintf(stderr, "update after bind: r[%u] = %u, expected %u\n", i, r[i], want);
   }
   printf("update after bind: %u mismatches\n", bad);
   for (unsigned k = 0; k < 4; k++)
      vkDestroyBufferView(t->c.dev, sv[k], NULL);
   vkDestroyBufferView(t->c.dev, dv[0], NULL);
   vkDestroyBufferView(t->c.dev, dv[1], NULL);
   agx_vk_buffer_free(&t->c, &src);
   agx_vk_buffer_free(&t->c, &dst);
   agx_vk_buffer_free(&t->c, &out);
   vkDestroyPipeline(t->c.dev, pipe, NULL);
   vkDestroyShaderModule(t->c.dev, mod, NULL);
   vkDestroyPipelineLayout(t->c.dev, layout, NULL);
   vkDestroyDescriptorPool(t->c.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(t->c.dev, dsl, NULL);
   return bad;
}

/* --- read-modify-write and read without format --------------------------------- */

static unsigned
test_read_write(struct env *t)
{
   VkDescriptorSetLayoutBinding lb[2] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayout dsl = set_layout(t, 2, lb, 0);
   VkPipelineLayout layout = pipe_layout(t, dsl, 0);
   struct agx_vk_buffer img = agx_vk_buffer_usage(&t->c, 64 * 4, texel_usage(true));
   struct agx_vk_buffer out = agx_vk_buffer(&t->c, 64 * 16);
   for (unsigned i = 0; i < 64 * 4; i++)
      img.map[i] = (uint8_t)(agx_vk_hash(i) & 0xfe);
   uint8_t orig[256];
   memcpy(orig, img.map, sizeof(orig));
   VkBufferView v = view(t, img.buf, VK_FORMAT_R8G8B8A8_UINT, 0, VK_WHOLE_SIZE);
   VkDescriptorSet set = alloc_set(t, dsl);
   VkDescriptorBufferInfo oi = {out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[2] = {write_view(set, 0, 0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, &v),
                                write_ssbo(set, 1, &oi)};
   vkUpdateDescriptorSets(t->c.dev, 2, w, 0, NULL);
   VkShaderModule mod = shader(t, "texel_rw");
   VkPipeline pipe = agx_vk_compute_pipeline(&t->c, layout, mod, NULL, 0, NULL);
   run(t, pipe, layout, set, NULL, 0, 1);
   unsigned bad = 0;
   for (unsigned i = 0; i < 64; i++)
      for (unsigned k = 0; k < 4; k++)
         if (img.map[i * 4 + k] != (uint8_t)(orig[i * 4 + 3 - k] + 1) && bad++ < 8)
            fprintf(stderr, "rw texel %u byte %u = %u\n", i, k, img.map[i * 4 + k]);
   vkDestroyPipeline(t->c.dev, pipe, NULL);
   vkDestroyShaderModule(t->c.dev, mod, NULL);
   unsigned nofmt = 0;
   if (t->read_nofmt) {
      /* R8G8B8A8_UNORM read without format: bytes / 255 */
      VkBufferView uv = view(t, img.buf, VK_FORMAT_R8G8B8A8_UNORM, 0, VK_WHOLE_SIZE);
      w[0].pTexelBufferView = &uv;
      vkUpdateDescriptorSets(t->c.dev, 1, w, 0, NULL);
      mod = shader(t, "texel_read_nofmt");
      pipe = agx_vk_compute_pipeline(&t->c, layout, mod, NULL, 0, NULL);
      run(t, pipe, layout, set, NULL, 0, 1);
      const float *o = (const float *)out.map;
      for (unsigned i = 0; i < 64 * 4; i++)
         if (fabsf(o[i] - img.map[i] / 255.0f) > 1e-6f && nofmt++ < 8)
            fprintf(stderr, "read without format: %u = %f, expected %f\n", i, o[i],
                    img.map[i] / 255.0f);
      vkDestroyPipeline(t->c.dev, pipe, NULL);
      vkDestroyShaderModule(t->c.dev, mod, NULL);
      vkDestroyBufferView(t->c.dev, uv, NULL);
   }
   printf("read-modify-write: %u mismatches; read without format: %s, %u mismatches\n", bad,
          t->read_nofmt ? "tested" : "not supported", nofmt);
   VK_OK(vkFreeDescriptorSets(t->c.dev, t->pool, 1, &set));
   vkDestroyBufferView(t->c.dev, v, NULL);
   agx_vk_buffer_free(&t->c, &img);
   agx_vk_buffer_free(&t->c, &out);
   vkDestroyPipelineLayout(t->c.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(t->c.dev, dsl, NULL);
   return bad + nofmt;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct env t = {.dir = argv[1]};
   bool properties_only = false;
   for (int i = 2; i < argc; i++)
      properties_only |= strcmp(argv[i], "--properties") == 0;
   agx_vk_ctx_instance(&t.c, argc, argv);

   VkPhysicalDeviceRobustness2FeaturesEXT have_r2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
   VkPhysicalDeviceVulkan12Features have12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &have_r2};
   VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &have12};
   vkGetPhysicalDeviceFeatures2(t.c.pdev, &have);
   t.dyn_index = have12.shaderUniformTexelBufferArrayDynamicIndexing &&
                 have12.shaderStorageTexelBufferArrayDynamicIndexing;
   t.nonuniform = have12.shaderUniformTexelBufferArrayNonUniformIndexing &&
                  have12.shaderStorageTexelBufferArrayNonUniformIndexing;
   t.read_nofmt = have.features.shaderStorageImageReadWithoutFormat;
   t.uab = have12.descriptorBindingUniformTexelBufferUpdateAfterBind &&
           have12.descriptorBindingStorageTexelBufferUpdateAfterBind &&
           have12.descriptorBindingStorageBufferUpdateAfterBind;
   t.push = agx_vk_ctx_has_extension(&t.c, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
   t.texel_align = agx_vk_ctx_has_extension(&t.c, VK_EXT_TEXEL_BUFFER_ALIGNMENT_EXTENSION_NAME);
   bool has_r2 = agx_vk_ctx_has_extension(&t.c, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
   t.null_desc = has_r2 && have_r2.nullDescriptor;
   CHECK(have.features.shaderStorageImageWriteWithoutFormat);
   /* agx-vk must offer what it documents */
   if (!t.c.reference)
      CHECK(t.dyn_index && t.nonuniform && t.read_nofmt && t.push && t.texel_align && t.uab &&
            t.null_desc);

   VkPhysicalDeviceRobustness2FeaturesEXT fr2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .nullDescriptor = VK_TRUE};
   VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT falign = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_FEATURES_EXT,
      .pNext = t.null_desc ? &fr2 : NULL,
      .texelBufferAlignment = VK_TRUE};
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = t.texel_align ? (void *)&falign
               : t.null_desc ? (void *)&fr2
                             : NULL,
      .shaderUniformTexelBufferArrayDynamicIndexing = t.dyn_index,
      .shaderStorageTexelBufferArrayDynamicIndexing = t.dyn_index,
      .shaderUniformTexelBufferArrayNonUniformIndexing = t.nonuniform,
      .shaderStorageTexelBufferArrayNonUniformIndexing = t.nonuniform,
      .descriptorBindingUniformTexelBufferUpdateAfterBind = t.uab,
      .descriptorBindingStorageTexelBufferUpdateAfterBind = t.uab,
      .descriptorBindingStorageBufferUpdateAfterBind = t.uab};
   VkPhysicalDeviceFeatures f10 = {.shaderStorageImageWriteWithoutFormat = VK_TRUE,
                                   .shaderStorageImageReadWithoutFormat = t.read_nofmt,
                                   /* zeros past a view are only promised with it */
                                   .robustBufferAccess = have.features.robustBufferAccess};
   const char *exts[3];
   uint32_t next = 0;
   if (t.push)
      exts[next++] = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
   if (t.texel_align)
      exts[next++] = VK_EXT_TEXEL_BUFFER_ALIGNMENT_EXTENSION_NAME;
   if (t.null_desc)
      exts[next++] = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
   agx_vk_ctx_device_features(&t.c, &f12, &f10, next, exts);

   VkDescriptorPoolSize sizes[3] = {{VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 16},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 16},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 8}};
   VK_OK(vkCreateDescriptorPool(
      t.c.dev,
      &(VkDescriptorPoolCreateInfo){.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                    .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                                    .maxSets = 4,
                                    .poolSizeCount = 3,
                                    .pPoolSizes = sizes},
      NULL, &t.pool));

   unsigned bad = test_format_properties(&t);
   if (properties_only) {
      vkDestroyDescriptorPool(t.c.dev, t.pool, NULL);
      CHECK(bad == 0);
      return agx_vk_ctx_finish(&t.c);
   }
   bad += test_formats(&t);
   bad += test_atomics(&t);
   bad += test_arrays(&t, false);
   if (t.dyn_index && t.nonuniform)
      bad += test_arrays(&t, true);
   else
      printf("arrays with dynamic indices: not supported by this device\n");
   if (t.dyn_index && t.nonuniform && t.uab)
      bad += test_update_after_bind(&t);
   else
      printf("update after bind: not supported by this device\n");
   bad += test_read_write(&t);
   vkDestroyDescriptorPool(t.c.dev, t.pool, NULL);
   CHECK(bad == 0);
   return agx_vk_ctx_finish(&t.c);
}
