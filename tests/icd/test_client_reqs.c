/*
 * What the D3D translation layers require of a device, and how much of it this device meets
 * (issue 22 item 5). The lists are DXVK 3.0.2's adapter check (src/dxvk/dxvk_device_info.cpp
 * checkDeviceCompatibility / getFeatureList, src/dxvk/dxvk_instance.cpp) and vkd3d-proton
 * 3.0.1's hard failures (libs/vkd3d/device.c vkd3d_init_device_caps, libs/vkd3d/state.c
 * bindless checks, libs/d3d12core/main.c), as recorded in shared/reference/clients.md
 * sections 1, 2 and 9.
 *
 * Prints every requirement with "met"/"MISSING" and a met/total tally per client. The test
 * fails only when a requirement the device claims to meet is wrong: every claimed feature,
 * extension and limit is then used, by creating a device that enables all of them at once
 * (and, with --validation, the layer checks that device creation), and the claims are
 * cross-checked (Vulkan 1.2 feature bits against the extension structures they come from;
 * descriptorIndexing against the bits the specification requires with it).
 *
 * VK_KHR_maintenance5/6 are newer than the system headers (1.3.239): their feature structures
 * come from include/agxv_vk_newer.h. DXVK enables each with its feature bit (dxvk_device_info.cpp
 * ENABLE_EXT_FEATURE(khrMaintenance5, maintenance5, true), the same for 6), so a claimed
 * extension must also claim its feature, and the device enabling the claims enables both.
 * The surface extension is an instance extension (the loader offers it when a driver does).
 *
 * test_client_reqs [--validation] [--reference]
 */
#include <stddef.h>

#include "agx_vk_ctx.h"
#include "agxv_vk_newer.h"

static struct agx_vk_ctx C;

/* DXVK_OPT: what DXVK uses when present (clients.md section 1, "Optional"), VKD3D_OPT what
 * vkd3d-proton strongly recommends (clients.md section 2: mutable descriptors, EXT or VALVE,
 * for its bindless heaps), listed to check the claims; not counted as requirements. */
enum client { DXVK = 1, VKD3D = 2, DXVK_OPT = 4, VKD3D_OPT = 8 };

/* What the device reports, in one place. */
static struct {
   VkPhysicalDeviceProperties2 props;
   VkPhysicalDeviceVulkan13Properties p13;
   VkPhysicalDeviceDescriptorIndexingProperties pdi;
   VkPhysicalDeviceTransformFeedbackPropertiesEXT ptf;
   VkPhysicalDeviceFeatures2 f;
   VkPhysicalDeviceVulkan11Features f11;
   VkPhysicalDeviceVulkan12Features f12;
   VkPhysicalDeviceVulkan13Features f13;
   VkPhysicalDeviceRobustness2FeaturesEXT rb2;
   VkPhysicalDeviceDepthClipEnableFeaturesEXT dce;
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT vad;
   VkPhysicalDeviceTransformFeedbackFeaturesEXT tf;
   VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT gpl;
   VkPhysicalDeviceMaintenance5FeaturesKHR m5;
   VkPhysicalDeviceMaintenance6FeaturesKHR m6;
   VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT mdt;
   bool graphics_compute_queue, surface;
} D;

enum where { F10, F11, F12, F13, RB2, DCE, VAD, TF, GPL, MDT, EXT, IEXT, OTHER };

struct req {
   unsigned clients;
   enum where where;
   const char *name; /* feature member, extension or description */
   size_t offset;    /* VkBool32 member of the structure (features) */
};

#define R(cl, w, type, member)               \
   {                                         \
      cl, w, #member, offsetof(type, member) \
   }
#define F10_(cl, m) R(cl, F10, VkPhysicalDeviceFeatures, m)
#define F11_(cl, m) R(cl, F11, VkPhysicalDeviceVulkan11Features, m)
#define F12_(cl, m) R(cl, F12, VkPhysicalDeviceVulkan12Features, m)
#define F13_(cl, m) R(cl, F13, VkPhysicalDeviceVulkan13Features, m)

static const struct req reqs[] = {
   {DXVK | VKD3D, OTHER, "apiVersion >= 1.3", 0},
   {DXVK, OTHER, "a queue family with GRAPHICS and COMPUTE", 0},
   {DXVK, OTHER, "maxPushConstantsSize >= 256", 0},
   {DXVK | VKD3D, EXT, VK_KHR_SWAPCHAIN_EXTENSION_NAME, 0},
   {DXVK | VKD3D, EXT, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, 0},
   {DXVK, EXT, VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME, 0},
   {DXVK, EXT, VK_KHR_MAINTENANCE_5_EXTENSION_NAME, 0},
   {DXVK, EXT, VK_KHR_MAINTENANCE_6_EXTENSION_NAME, 0},
   {DXVK, EXT, "VK_KHR_load_store_op_none", 0},
   R(DXVK | VKD3D, RB2, VkPhysicalDeviceRobustness2FeaturesEXT, robustBufferAccess2),
   R(DXVK | VKD3D, RB2, VkPhysicalDeviceRobustness2FeaturesEXT, nullDescriptor),
   R(VKD3D, RB2, VkPhysicalDeviceRobustness2FeaturesEXT, robustImageAccess2),
   R(DXVK, DCE, VkPhysicalDeviceDepthClipEnableFeaturesEXT, depthClipEnable),
   F10_(DXVK, depthBiasClamp),
   F10_(DXVK, depthClamp),
   F10_(DXVK, dualSrcBlend),
   F10_(DXVK, fillModeNonSolid),
   F10_(DXVK, fragmentStoresAndAtomics),
   F10_(DXVK, fullDrawIndexUint32),
   F10_(DXVK, geometryShader),
   F10_(DXVK, imageCubeArray),
   F10_(DXVK, independentBlend),
   F10_(DXVK, multiDrawIndirect),
   F10_(DXVK, multiViewport),
   F10_(DXVK, occlusionQueryPrecise),
   F10_(DXVK, robustBufferAccess),
   F10_(DXVK, sampleRateShading),
   F10_(DXVK, samplerAnisotropy),
   F10_(DXVK, shaderClipDistance),
   F10_(DXVK, shaderCullDistance),
   F10_(DXVK, shaderImageGatherExtended),
   F10_(DXVK, shaderInt16),
   F10_(DXVK, shaderInt64),
   F10_(DXVK, shaderSampledImageArrayDynamicIndexing),
   F10_(DXVK, textureCompressionBC),
   F11_(DXVK | VKD3D, shaderDrawParameters),
   F11_(DXVK, storageBuffer16BitAccess),
   F12_(DXVK, bufferDeviceAddress),
   F12_(DXVK | VKD3D, descriptorIndexing),
   F12_(DXVK, descriptorBindingPartiallyBound),
   F12_(DXVK, descriptorBindingSampledImageUpdateAfterBind),
   F12_(DXVK, descriptorBindingUpdateUnusedWhilePending),
   F12_(DXVK, runtimeDescriptorArray),
   F12_(DXVK, hostQueryReset),
   F12_(DXVK | VKD3D, samplerMirrorClampToEdge),
   F12_(DXVK, scalarBlockLayout),
   F12_(DXVK, shaderInt8),
   F12_(DXVK, storageBuffer8BitAccess),
   F12_(DXVK, timelineSemaphore),
   F12_(DXVK, uniformBufferStandardLayout),
   F12_(DXVK, vulkanMemoryModel),
   F12_(VKD3D, shaderStorageTexelBufferArrayNonUniformIndexing),
   F12_(VKD3D, shaderStorageImageArrayNonUniformIndexing),
   F12_(VKD3D, descriptorBindingVariableDescriptorCount),
   F13_(DXVK, computeFullSubgroups),
   F13_(DXVK, dynamicRendering),
   F13_(DXVK, inlineUniformBlock),
   F13_(DXVK, maintenance4),
   F13_(DXVK, shaderDemoteToHelperInvocation),
   F13_(DXVK, shaderZeroInitializeWorkgroupMemory),
   F13_(DXVK, subgroupSizeControl),
   F13_(DXVK, synchronization2),
   {VKD3D, EXT, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, 0},
   R(VKD3D, VAD, VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT,
     vertexAttributeInstanceRateDivisor),
   R(VKD3D, VAD, VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT,
     vertexAttributeInstanceRateZeroDivisor),
   {VKD3D, EXT, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, 0},
   {VKD3D, OTHER, "transformFeedbackQueries", 0},
   {VKD3D, OTHER, "storageTexelBufferOffsetSingleTexelAlignment", 0},
   {VKD3D, OTHER, "uniformTexelBufferOffsetSingleTexelAlignment", 0},
   {VKD3D, EXT, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME, 0},
   {VKD3D, OTHER, "maxPerStageDescriptorUpdateAfterBindSampledImages >= 1000000", 0},
   {VKD3D, OTHER, "maxPerStageDescriptorUpdateAfterBindStorageImages >= 1000000", 0},
   {VKD3D, OTHER, "maxPerStageDescriptorUpdateAfterBindStorageBuffers >= 1000000", 0},
   {VKD3D, IEXT, VK_KHR_SURFACE_EXTENSION_NAME, 0},
   {DXVK_OPT, EXT, VK_KHR_PIPELINE_LIBRARY_EXTENSION_NAME, 0},
   {DXVK_OPT, EXT, VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME, 0},
   R(DXVK_OPT, GPL, VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT, graphicsPipelineLibrary),
   {VKD3D_OPT, EXT, VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME, 0},
   {VKD3D_OPT, EXT, VK_VALVE_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME, 0},
   R(VKD3D_OPT, MDT, VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT, mutableDescriptorType),
};
#define NREQ (sizeof(reqs) / sizeof(reqs[0]))

static void *
feature_struct(enum where w)
{
   switch (w) {
   case F10:
      return &D.f.features;
   case F11:
      return &D.f11;
   case F12:
      return &D.f12;
   case F13:
      return &D.f13;
   case RB2:
      return &D.rb2;
   case DCE:
      return &D.dce;
   case VAD:
      return &D.vad;
   case TF:
      return &D.tf;
   case GPL:
      return &D.gpl;
   case MDT:
      return &D.mdt;
   default:
      return NULL;
   }
}

static VkBool32 *
feature_bit(const struct req *r)
{
   return (VkBool32 *)((char *)feature_struct(r->where) + r->offset);
}

/* Appends s to a pNext chain ending at *tail. */
static void
chain(void ***tail, void *s, size_t next_offset)
{
   **tail = s;
   *tail = (void **)((char *)s + next_offset);
}

#define CHAIN(tail, s) chain(&(tail), &(s), offsetof(__typeof__(s), pNext))

static void
query(void)
{
   D.f.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
   D.f11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
   D.f12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
   D.f13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
   D.rb2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
   D.dce.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT;
   D.vad.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT;
   D.tf.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT;
   D.gpl.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT;
   void **tail = &D.f.pNext;
   CHAIN(tail, D.f11);
   CHAIN(tail, D.f12);
   CHAIN(tail, D.f13);
   /* extension structures only where the extension exists (validation checks that) */
   if (agx_vk_ctx_has_extension(&C, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME))
      CHAIN(tail, D.rb2);
   if (agx_vk_ctx_has_extension(&C, VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME))
      CHAIN(tail, D.dce);
   if (agx_vk_ctx_has_extension(&C, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME))
      CHAIN(tail, D.vad);
   if (agx_vk_ctx_has_extension(&C, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME))
      CHAIN(tail, D.tf);
   if (agx_vk_ctx_has_extension(&C, VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME))
      CHAIN(tail, D.gpl);
   D.mdt.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MUTABLE_DESCRIPTOR_TYPE_FEATURES_EXT;
   if (agx_vk_ctx_has_extension(&C, VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME))
      CHAIN(tail, D.mdt);
   D.m5.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR;
   D.m6.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_FEATURES_KHR;
   if (agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_5_EXTENSION_NAME))
      CHAIN(tail, D.m5);
   if (agx_vk_ctx_has_extension(&C, VK_KHR_MAINTENANCE_6_EXTENSION_NAME))
      CHAIN(tail, D.m6);
   vkGetPhysicalDeviceFeatures2(C.pdev, &D.f);

   D.props.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
   D.p13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES;
   D.pdi.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES;
   D.ptf.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT;
   tail = &D.props.pNext;
   CHAIN(tail, D.p13);
   CHAIN(tail, D.pdi);
   if (agx_vk_ctx_has_extension(&C, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME))
      CHAIN(tail, D.ptf);
   vkGetPhysicalDeviceProperties2(C.pdev, &D.props);

   uint32_t n = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(C.pdev, &n, NULL);
   VkQueueFamilyProperties qf[16];
   n = n > 16 ? 16 : n;
   vkGetPhysicalDeviceQueueFamilyProperties(C.pdev, &n, qf);
   const VkQueueFlags gc = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
   for (uint32_t i = 0; i < n; i++)
      D.graphics_compute_queue |= (qf[i].queueFlags & gc) == gc;

   uint32_t ne = 0;
   VK_OK(vkEnumerateInstanceExtensionProperties(NULL, &ne, NULL));
   VkExtensionProperties *ie = calloc(ne ? ne : 1, sizeof(*ie));
   VK_OK(vkEnumerateInstanceExtensionProperties(NULL, &ne, ie));
   for (uint32_t i = 0; i < ne; i++)
      D.surface |= strcmp(ie[i].extensionName, VK_KHR_SURFACE_EXTENSION_NAME) == 0;
   free(ie);
}

static bool
other_met(const struct req *r)
{
   const VkPhysicalDeviceLimits *l = &D.props.properties.limits;
   const char *n = r->name;
   if (!strcmp(n, "apiVersion >= 1.3"))
      return D.props.properties.apiVersion >= VK_API_VERSION_1_3;
   if (!strcmp(n, "a queue family with GRAPHICS and COMPUTE"))
      return D.graphics_compute_queue;
   if (!strcmp(n, "maxPushConstantsSize >= 256"))
      return l->maxPushConstantsSize >= 256;
   if (!strcmp(n, "transformFeedbackQueries"))
      return agx_vk_ctx_has_extension(&C, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME) &&
             D.ptf.transformFeedbackQueries;
   if (!strcmp(n, "storageTexelBufferOffsetSingleTexelAlignment"))
      return D.p13.storageTexelBufferOffsetSingleTexelAlignment ||
             l->minTexelBufferOffsetAlignment == 1;
   if (!strcmp(n, "uniformTexelBufferOffsetSingleTexelAlignment"))
      return D.p13.uniformTexelBufferOffsetSingleTexelAlignment ||
             l->minTexelBufferOffsetAlignment == 1;
   if (!strcmp(n, "maxPerStageDescriptorUpdateAfterBindSampledImages >= 1000000"))
      return D.pdi.maxPerStageDescriptorUpdateAfterBindSampledImages >= 1000000;
   if (!strcmp(n, "maxPerStageDescriptorUpdateAfterBindStorageImages >= 1000000"))
      return D.pdi.maxPerStageDescriptorUpdateAfterBindStorageImages >= 1000000;
   if (!strcmp(n, "maxPerStageDescriptorUpdateAfterBindStorageBuffers >= 1000000"))
      return D.pdi.maxPerStageDescriptorUpdateAfterBindStorageBuffers >= 1000000;
   fprintf(stderr, "unknown requirement %s\n", n);
   exit(1);
}

static bool
met(const struct req *r)
{
   switch (r->where) {
   case EXT:
      return agx_vk_ctx_has_extension(&C, r->name);
   case IEXT:
      return D.surface;
   case OTHER:
      return other_met(r);
   default:
      return *feature_bit(r) != VK_FALSE;
   }
}

/* The extension a feature structure belongs to (NULL: core). */
static const char *
struct_extension(enum where w)
{
   switch (w) {
   case RB2:
      return VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
   case DCE:
      return VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME;
   case VAD:
      return VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME;
   case TF:
      return VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
   case GPL:
      return VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME;
   case MDT:
      return VK_EXT_MUTABLE_DESCRIPTOR_TYPE_EXTENSION_NAME;
   default:
      return NULL;
   }
}

/* Prints the list and the tallies; the claims as bool per requirement. */
static void
report(bool claimed[NREQ])
{
   const struct {
      unsigned client;
      const char *name;
   } cl[] = {{DXVK, "DXVK 3.0.2"},
             {VKD3D, "vkd3d-proton 3.0.1"},
             {DXVK_OPT, "DXVK 3.0.2 optional"},
             {VKD3D_OPT, "vkd3d-proton 3.0.1 recommended"}};
   for (unsigned c = 0; c < 4; c++) {
      unsigned n = 0, m = 0;
      printf("%s requirements:\n", cl[c].name);
      for (unsigned i = 0; i < NREQ; i++) {
         if (!(reqs[i].clients & cl[c].client))
            continue;
         n++;
         m += claimed[i];
         printf("  %-7s %s\n", claimed[i] ? "met" : "MISSING", reqs[i].name);
      }
      printf("%s: %u/%u met\n", cl[c].name, m, n);
   }
   printf("device: %s\n", D.props.properties.deviceName);
}

/* The descriptor-indexing bits the specification requires whenever descriptorIndexing is
 * true (Vulkan 1.2, "Feature Requirements": VK_EXT_descriptor_indexing support). */
static void
check_descriptor_indexing(void)
{
   if (!D.f12.descriptorIndexing)
      return;
   const VkPhysicalDeviceVulkan12Features *f = &D.f12;
   CHECK(f->shaderUniformTexelBufferArrayDynamicIndexing);
   CHECK(f->shaderStorageTexelBufferArrayDynamicIndexing);
   CHECK(f->shaderSampledImageArrayNonUniformIndexing);
   CHECK(f->shaderStorageBufferArrayNonUniformIndexing);
   CHECK(f->shaderUniformTexelBufferArrayNonUniformIndexing);
   CHECK(f->descriptorBindingSampledImageUpdateAfterBind);
   CHECK(f->descriptorBindingStorageImageUpdateAfterBind);
   CHECK(f->descriptorBindingStorageBufferUpdateAfterBind);
   CHECK(f->descriptorBindingUniformTexelBufferUpdateAfterBind);
   CHECK(f->descriptorBindingStorageTexelBufferUpdateAfterBind);
   CHECK(f->descriptorBindingUpdateUnusedWhilePending);
   CHECK(f->descriptorBindingPartiallyBound);
   CHECK(f->runtimeDescriptorArray);
   CHECK(D.f.features.shaderSampledImageArrayDynamicIndexing);
   CHECK(D.f.features.shaderStorageImageArrayDynamicIndexing);
}

/* The promoted extension structures agree with the Vulkan 1.2 structure. */
static void
check_promoted(void)
{
   VkPhysicalDeviceDescriptorIndexingFeatures di = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_FEATURES};
   VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                  .pNext = &di};
   vkGetPhysicalDeviceFeatures2(C.pdev, &f);
   CHECK(di.runtimeDescriptorArray == D.f12.runtimeDescriptorArray);
   CHECK(di.descriptorBindingPartiallyBound == D.f12.descriptorBindingPartiallyBound);
   CHECK(di.descriptorBindingVariableDescriptorCount ==
         D.f12.descriptorBindingVariableDescriptorCount);
   CHECK(di.shaderStorageImageArrayNonUniformIndexing ==
         D.f12.shaderStorageImageArrayNonUniformIndexing);
   CHECK(di.descriptorBindingSampledImageUpdateAfterBind ==
         D.f12.descriptorBindingSampledImageUpdateAfterBind);
   for (unsigned i = 0; i < sizeof(f.features) / sizeof(VkBool32); i++)
      CHECK(((VkBool32 *)&f.features)[i] == ((VkBool32 *)&D.f.features)[i]);
}

/* A device enabling every claimed feature and extension at once. */
static void
use_claims(const bool claimed[NREQ])
{
   static VkPhysicalDeviceFeatures2 f;
   static VkPhysicalDeviceVulkan11Features f11;
   static VkPhysicalDeviceVulkan12Features f12;
   static VkPhysicalDeviceVulkan13Features f13;
   static VkPhysicalDeviceRobustness2FeaturesEXT rb2;
   static VkPhysicalDeviceDepthClipEnableFeaturesEXT dce;
   static VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT vad;
   static VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT gpl;
   static VkPhysicalDeviceMaintenance5FeaturesKHR m5;
   static VkPhysicalDeviceMaintenance6FeaturesKHR m6;
   static VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT mdt;
   f.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
   m5.sType = D.m5.sType;
   m6.sType = D.m6.sType;
   f11.sType = D.f11.sType;
   f12.sType = D.f12.sType;
   f13.sType = D.f13.sType;
   rb2.sType = D.rb2.sType;
   dce.sType = D.dce.sType;
   vad.sType = D.vad.sType;
   gpl.sType = D.gpl.sType;
   mdt.sType = D.mdt.sType;
   const char *exts[NREQ];
   uint32_t n = 0;
   bool with[MDT + 1] = {0};
   for (unsigned i = 0; i < NREQ; i++) {
      const struct req *r = &reqs[i];
      if (!claimed[i] || r->where == IEXT || r->where == OTHER)
         continue;
      if (r->where == EXT) {
         exts[n++] = r->name;
         /* DXVK enables these with their feature bits */
         if (!strcmp(r->name, VK_KHR_MAINTENANCE_5_EXTENSION_NAME)) {
            CHECK(D.m5.maintenance5);
            m5.maintenance5 = VK_TRUE;
         }
         if (!strcmp(r->name, VK_KHR_MAINTENANCE_6_EXTENSION_NAME)) {
            CHECK(D.m6.maintenance6);
            m6.maintenance6 = VK_TRUE;
         }
         continue;
      }
      void *dst = NULL;
      switch (r->where) {
      case F10:
         dst = &f.features;
         break;
      case F11:
         dst = &f11;
         break;
      case F12:
         dst = &f12;
         break;
      case F13:
         dst = &f13;
         break;
      case RB2:
         dst = &rb2;
         break;
      case DCE:
         dst = &dce;
         break;
      case VAD:
         dst = &vad;
         break;
      case GPL:
         dst = &gpl;
         break;
      case MDT:
         dst = &mdt;
         break;
      default:
         break;
      }
      CHECK(dst);
      *(VkBool32 *)((char *)dst + r->offset) = VK_TRUE;
      with[r->where] = true;
      /* an extension structure needs its extension enabled */
      CHECK(!struct_extension(r->where) ||
            agx_vk_ctx_has_extension(&C, struct_extension(r->where)));
   }
   /* VK_KHR_swapchain needs VK_KHR_surface on the instance, which this set-up does not
    * enable: the name alone is checked above */
   uint32_t m = 0;
   for (uint32_t i = 0; i < n; i++)
      if (strcmp(exts[i], VK_KHR_SWAPCHAIN_EXTENSION_NAME))
         exts[m++] = exts[i];
   void **tail = &f.pNext;
   CHAIN(tail, f11);
   CHAIN(tail, f12);
   CHAIN(tail, f13);
   if (with[RB2])
      CHAIN(tail, rb2);
   if (with[DCE])
      CHAIN(tail, dce);
   if (with[VAD])
      CHAIN(tail, vad);
   if (with[GPL])
      CHAIN(tail, gpl);
   if (with[MDT])
      CHAIN(tail, mdt);
   if (m5.maintenance5)
      CHAIN(tail, m5);
   if (m6.maintenance6)
      CHAIN(tail, m6);
   agx_vk_ctx_device(&C, &f, m, exts);
}

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   query();
   bool claimed[NREQ];
   for (unsigned i = 0; i < NREQ; i++)
      claimed[i] = met(&reqs[i]);
   report(claimed);
   check_descriptor_indexing();
   check_promoted();
   use_claims(claimed);
   return agx_vk_ctx_finish(&C);
}
