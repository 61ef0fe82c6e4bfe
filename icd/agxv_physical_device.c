/*
 * VkPhysicalDevice. Identity comes from GET_PARAMS (Mesa's naming scheme for
 * Apple GPUs); features are true only where the driver implements them;
 * limits are values the driver can honour, never below the Vulkan minimums.
 */
#define _GNU_SOURCE
#include "agxv_physical_device.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agxv_alloc.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_format.h"
#include "agxv_log.h"

#define AGXV_VENDOR_ID 0x106b /* Apple */

VkResult agxv_outarray(void *out, uint32_t *count, const void *items, uint32_t n, size_t size);

static const char *
marketing_suffix(const struct drm_asahi_params_global *p)
{
   switch (p->gpu_variant) {
   case 'S':
      return " Pro";
   case 'C':
      return " Max";
   case 'D':
      return " Ultra";
   default:
      return "";
   }
}

/* FNV-1a over the bytes; enough to derive stable UUIDs. */
static uint64_t
fnv1a(uint64_t h, const void *data, size_t size)
{
   const uint8_t *p = data;
   for (size_t i = 0; i < size; i++) {
      h ^= p[i];
      h *= 0x100000001b3ull;
   }
   return h;
}

static void
make_uuid(uint8_t uuid[VK_UUID_SIZE], const char *domain, const void *data, size_t size)
{
   uint64_t a = fnv1a(0xcbf29ce484222325ull, domain, strlen(domain));
   a = fnv1a(a, data, size);
   uint64_t b = fnv1a(a ^ 0x9e3779b97f4a7c15ull, data, size);
   memcpy(uuid, &a, 8);
   memcpy(uuid + 8, &b, 8);
}

/* The GNU build-id of this library: pipeline caches die with each build. */
static int
find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
   uint8_t *out = data;
   Dl_info self;
   if (!dladdr((void *)find_build_id, &self) || info->dlpi_addr != (ElfW(Addr))self.dli_fbase)
      return 0;
   for (int i = 0; i < info->dlpi_phnum; i++) {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_NOTE)
         continue;
      const uint8_t *p = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr);
      const uint8_t *end = p + ph->p_memsz;
      while (p + sizeof(ElfW(Nhdr)) <= end) {
         const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
         const uint8_t *desc = p + sizeof(*n) + ((n->n_namesz + 3) & ~3u);
         if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && desc + n->n_descsz <= end) {
            memcpy(out, desc, n->n_descsz < 20 ? n->n_descsz : 20);
            return 1;
         }
         p = desc + ((n->n_descsz + 3) & ~3u);
      }
   }
   return 0;
}

static void
init_features(struct agxv_features *f)
{
   memset(f, 0, sizeof(*f));
   f->v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
   f->v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
   f->v13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;

   /* Only what is implemented and tested. Everything else stays false until
    * the compiler, command buffers and images land. */
   f->v12.timelineSemaphore = VK_TRUE;
   f->v12.bufferDeviceAddress = VK_TRUE; /* physical storage buffer pointers compile */
   f->v12.hostQueryReset = VK_TRUE;
   /* VkRenderPassAttachmentBeginInfo views (agxv_render_pass.c, test_render_pass) */
   f->v12.imagelessFramebuffer = VK_TRUE;
   f->v13.inlineUniformBlock = VK_TRUE;
   /* OpGroupNonUniformBroadcast with a dynamically uniform lane: a shuffle
    * (tests/icd test_subgroup, sg_broadcast_dynamic). */
   f->v12.subgroupBroadcastDynamicId = VK_TRUE;
   /* Subgroup operations on 8/16/64-bit integers, fp16 and their vectors
    * are widened/split to 32-bit ones by the compiler (tests/compiler
    * subgroup_ext, interpreter and GPU model). It applies to the types the
    * device supports (shaderInt8/16/64, shaderFloat16). */
   f->v12.shaderSubgroupExtendedTypes = VK_TRUE;
   /* The Vulkan memory model: the compiler keeps memory accesses in order
    * and waits for them before barriers and around acquire/release
    * atomics; the GPU model is
    * coherent (single-die G13/G14, for which Mesa exposes the same), so
    * MakeAvailable/MakeVisible need no cache maintenance (tests/icd
    * test_memory_model). Not claimed: availability/visibility chains. */
   f->v12.vulkanMemoryModel = VK_TRUE;
   f->v12.vulkanMemoryModelDeviceScope = VK_TRUE;
   /* The SIMD width is fixed at 32: a required size of 32 and the
    * varying/full-subgroup flags need nothing from the compiler; SIMD groups
    * are 32 consecutive local invocations, so a workgroup width that is a
    * multiple of 32 (what REQUIRE_FULL_SUBGROUPS asks of the application)
    * gives full subgroups (tests/icd test_subgroup, sg_size). */
   f->v13.subgroupSizeControl = VK_TRUE;
   f->v13.computeFullSubgroups = VK_TRUE;
   /* OpSDot/OpUDot/OpSUDot (+AccSat), packed 4x8 and vector forms, lowered
    * to multiplies and adds: the "accelerated" properties stay false
    * (tests/icd test_int_dot). */
   f->v13.shaderIntegerDotProduct = VK_TRUE;
   /* Null-initialised Workgroup variables: zero-filled by the workgroup at
    * entry, then a barrier (tests/compiler shader_zero_init, tests/icd
    * test_zero_init). */
   f->v13.shaderZeroInitializeWorkgroupMemory = VK_TRUE;
   /* 8/16/64-bit integers: 8-bit values live in 16-bit registers, 64-bit
    * ones are split into 32-bit halves (agx_pass_lower_int64.c), with
    * conversions the ISA lacks built from 32-bit steps (tests/icd
    * test_types, tests/compiler wide). */
   f->v10.shaderInt64 = VK_TRUE;
   /* Blend state per colour attachment: the fragment output epilog takes
    * one per render target (agxv_blend.h; tests/icd test_draw, MRT blend
    * scene). */
   f->v10.independentBlend = VK_TRUE;
   /* The 16 logic ops on integer and unorm8/16 render targets, blending
    * off, float and sRGB ones passed through (agxv_blend.c, the epilog's
    * rt_logic; tests/icd test_logic_op). */
   f->v10.logicOp = VK_TRUE;
   /* Indirect draws: one VDM draw per record, which the VDM reads with its
    * firstVertex/firstInstance (agxv_cmd_draw.c draw_indirect; DrawIndex =
    * the record's index; tests/icd test_draw, test_draw_params). */
   f->v10.multiDrawIndirect = VK_TRUE;
   f->v10.drawIndirectFirstInstance = VK_TRUE;
   /* Draw counts from GPU memory: a pre-graphics kernel zeroes the records
    * past the count, then maxDrawCount indirect draws (agxv_cmd_draw_indirect.c;
    * tests/icd test_draw_count). */
   f->v12.drawIndirectCount = VK_TRUE;
   /* 32-bit index values reach the vertex shader whole: the VDM Index List
    * takes U32 indices, restart only when enabled (maxDrawIndexedIndexValue
    * 2^32-1; tests/icd test_draw_features, index_uint32). */
   f->v10.fullDrawIndexUint32 = VK_TRUE;
   /* Geometry shaders emulated with compute (emulation.md §4;
    * agxv_graphics_pipeline_gs.c, agxv_cmd_draw_gs.c; tests/icd test_gs;
    * dEQP-VK.geometry.* in tests/deqp/agx-curated.txt). */
   f->v10.geometryShader = VK_TRUE;
   /* Tessellation emulated with compute (emulation.md §7;
    * agxv_graphics_pipeline_tess.c, agxv_cmd_draw_tess.c, also in front of
    * a geometry shader; tests/icd test_tess; dEQP-VK.tessellation sample
    * in tests/deqp/agx-curated.txt). */
   f->v10.tessellationShader = VK_TRUE;
   /* PointSize written by evaluation and geometry shaders reaches the
    * rasteriser like a vertex shader's (the evaluation shader and the GS's
    * rasterization variant are the hardware vertex stage; within
    * pointSizeRange, 1 without largePoints; tests/icd test_tess point-mode
    * scenes, points_*_gs_psize where the range allows). */
   f->v10.shaderTessellationAndGeometryPointSize = VK_TRUE;
   /* Storage writes and atomics in vertex, tessellation and geometry
    * shaders (global stores as in compute). Their semantics hold (the VS
    * and TES run at least once per vertex, TCS and the GS's MAIN variant
    * once per invocation; the GS copies that re-run it drop its side
    * effects): dEQP's tessellation group (~235 more passes),
    * glsl.atomic_operations' vertex/geometry/tessellation cases,
    * geometry.basic.side_effect_* and binding_model.descriptorset_random's
    * vertex cases pass (the faults once blamed on storage-image writes were
    * sets whose empty variable-count binding sized them 0, fixed in
    * agxv_descriptor_set_layout.c). */
   f->v10.vertexPipelineStoresAndAtomics = VK_TRUE;
   agxv_experimental_check(); /* retired or unknown AGXV_EXPERIMENTAL keys */
   /* Storage writes and atomics in fragment shaders: guarded against helper
    * and discarded invocations, late depth/stencil tests unless
    * EarlyFragmentTests (agx_pass_lower_fs_sidefx.c; tests/icd
    * test_fs_stores). */
   f->v10.fragmentStoresAndAtomics = VK_TRUE;
   /* Per-sample shading: the fragment shader loops over the samples with
    * its output epilog inlined (agx_pass_lower_sample_shading.c, Mesa's
    * monolithic per-sample loop); SampleId, SamplePosition, SampleMaskIn,
    * Sample inputs, interpolateAt* (tests/icd test_sample_shading). */
   f->v10.sampleRateShading = VK_TRUE;
   /* Occlusion queries count passing samples exactly (Visibility mode
    * Counting; agxv_query_pool.c, tests/icd test_occlusion). */
   f->v10.occlusionQueryPrecise = VK_TRUE;
   /* occlusion queries active across vkCmdExecuteCommands (agxv_query_execute_begin,
    * tests/icd/test_inherited_queries.c) */
   f->v10.inheritedQueries = VK_TRUE;
   /* Pipeline statistics, all eleven, counted with GPU work as Honeykrisp
    * does (agxv_query_stats.c: helper kernels per draw/dispatch, the
    * fragment epilog's atomic; tests/icd test_stats). */
   f->v10.pipelineStatisticsQuery = VK_TRUE;
   /* Buffer accesses through storage/uniform descriptors are bounds-checked
    * against the descriptor's range when the device enables it: out-of-range
    * loads and atomics return 0, stores and atomics go to a device-owned sink
    * (agx_spirv_mem.c in_bounds; tests/icd test_robust). */
   f->v10.robustBufferAccess = VK_TRUE;
   /* VK_EXT_robustness2: the same checks already give its stricter buffer
    * rules (zero for every out-of-range load, nothing written), and a null
    * buffer descriptor is a zero-sized range. Images come later. */
   /* Workgroup Block variables alias at offset 0 with their explicit
    * layouts; 8/16-bit and scalar layouts as in buffers (tests/icd
    * test_wg_explicit) */
   f->wg_explicit = (VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_WORKGROUP_MEMORY_EXPLICIT_LAYOUT_FEATURES_KHR,
      .workgroupMemoryExplicitLayout = VK_TRUE,
      .workgroupMemoryExplicitLayoutScalarBlockLayout = VK_TRUE,
      .workgroupMemoryExplicitLayout8BitAccess = VK_TRUE,
      .workgroupMemoryExplicitLayout16BitAccess = VK_TRUE,
   };
   /* VK_EXT_transform_feedback (agxv_cmd_xfb.c): vertex, evaluation and
    * geometry shader outputs; four geometry shader vertex streams, each
    * captured into its own buffers, one of them rasterized
    * (agx_pass_lower_xfb.c, agx_pass_lower_gs.c rast_stream) */
   f->xfb = (VkPhysicalDeviceTransformFeedbackFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE,
      .geometryStreams = VK_TRUE,
   };
   f->robustness2 = (VkPhysicalDeviceRobustness2FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .robustBufferAccess2 = VK_TRUE,
      .nullDescriptor = VK_TRUE,
      /* out-of-bounds texel coordinates read the txf sampler's transparent
       * black through the format swizzle (R001: (0, 0, 0, 1)), layers and
       * levels are checked in the shader (agx_pass_lower_image.c), the PBE
       * drops stores outside the level (tests/icd test_robust_image) */
      .robustImageAccess2 = VK_TRUE,
   };
   f->v10.shaderInt16 = VK_TRUE;
   f->v12.shaderInt8 = VK_TRUE;
   /* fp16 arithmetic: fadd16/fmul16/fmadd16 native, the rest computed in
    * fp32 and rounded once (transcendental sequences, determinant, inverse,
    * frexp), struct/matrix values through inlined calls (tests/icd
    * test_float16; dEQP-VK spirv_assembly float16 and float_controls: no
    * failures left that are not images). */
   f->v12.shaderFloat16 = VK_TRUE;
   /* 8/16-bit loads and stores (i8/i16 memory formats) in storage and
    * uniform buffers; any std140/std430/scalar offset (test_types).
    * Not claimed: storagePushConstant8/16 (push constants indexed by a
    * dynamic value do not compile yet). */
   f->v12.storageBuffer8BitAccess = VK_TRUE;
   f->v12.uniformAndStorageBuffer8BitAccess = VK_TRUE;
   f->v11.storageBuffer16BitAccess = VK_TRUE;
   f->v11.uniformAndStorageBuffer16BitAccess = VK_TRUE;
   /* gl_BaseVertex / BaseInstance / DrawID from the VS root uniforms
    * (agx_abi.h; agxv_cmd_draw.c write_root, indirect records) */
   f->v11.shaderDrawParameters = VK_TRUE;
   /* Multiview (agxv_multiview.h, Honeykrisp's way): each draw replayed per
    * view with ViewIndex in the roots, vertex shaders writing the layer from
    * it; tests/icd test_multiview. Geometry/tessellation shaders under
    * multiview are not claimed (hk claims neither). */
   f->v11.multiview = VK_TRUE;
   f->v12.scalarBlockLayout = VK_TRUE;
   /* Descriptor indexing basics for storage buffers: set memory is read by
    * the GPU when a dispatch runs (sets are not copied at bind time unless
    * they hold dynamic buffers), unwritten descriptors are zero, and the
    * compiler indexes descriptor arrays by offset + index * stride. */
   f->v10.shaderStorageBufferArrayDynamicIndexing = VK_TRUE;
   f->v12.runtimeDescriptorArray = VK_TRUE;
   f->v12.descriptorBindingPartiallyBound = VK_TRUE;
   f->v12.descriptorBindingStorageBufferUpdateAfterBind = VK_TRUE;
   /* The same for uniform buffers; indices may differ per invocation (each
    * invocation loads its own descriptor from set memory); a variable-count
    * last binding just sizes the set; unused descriptors may change while a
    * command buffer is pending since nothing is copied at bind time
    * (tests/icd test_desc_indexing). */
   f->v10.shaderUniformBufferArrayDynamicIndexing = VK_TRUE;
   f->v12.shaderUniformBufferArrayNonUniformIndexing = VK_TRUE;
   f->v12.shaderStorageBufferArrayNonUniformIndexing = VK_TRUE;
   f->v12.descriptorBindingUniformBufferUpdateAfterBind = VK_TRUE;
   f->v12.descriptorBindingVariableDescriptorCount = VK_TRUE;
   f->v12.descriptorBindingUpdateUnusedWhilePending = VK_TRUE;
   /* Vulkan 1.3 requires both. They concern fragment shaders
    * (OpDemoteToHelperInvocation, OpTerminateInvocation), which this
    * compute-only driver never runs: compute modules may declare the
    * capabilities, and OpTerminateInvocation ends the invocation. */
   /* The hardware's Mirrored clamp to edge wrap mode (agxv_sampler.c;
    * tests/icd test_image_shader mirror) */
   f->v12.samplerMirrorClampToEdge = VK_TRUE;
   /* samplerFilterMinmax stays off: the hardware Sampler has no reduction
    * field (Mesa genxml cmdbuf.xml Sampler: LOD range, anisotropy, filters,
    * wraps, pixel coordinates, compare, border colour, seamful cube maps),
    * nor does the texture_sample instruction (applegpu), and Honeykrisp
    * leaves samplerFilterMinmax and VK_EXT_sampler_filter_minmax off
    * (hk_physical_device.c). Emulating min/max with gathers would need
    * every footprint texel of every level and anisotropic probe. */
   f->v12.samplerFilterMinmax = VK_FALSE;
   /* Cube Array textures (agxv_image_view.c; tests/icd test_image_shader
    * cube_array samples every face texel of a 2-cube array) */
   f->v10.imageCubeArray = VK_TRUE;
   /* BC1-BC7 (the format table's 'b' rows; the texture unit decodes them,
    * tests/icd test_bc samples every format against CPU decoders) */
   f->v10.textureCompressionBC = VK_TRUE;
   /* ETC2/EAC (the format table's ETC2/EAC rows; the texture unit decodes
    * them, tests/icd test_etc2 samples every format against CPU decoders;
    * the blit kernel decodes them for BLIT_SRC, agx_blit_etc2.h, tests/icd
    * test_etc2_blit) */
   f->v10.textureCompressionETC2 = VK_TRUE;
   /* ASTC LDR, 14 block sizes (the format table's ASTC rows; the texture unit
    * decodes them, tests/icd test_astc samples every format against the
    * parameters each block was encoded from; the blit kernel decodes them for
    * BLIT_SRC, agx_blit_astc.h, tests/icd test_astc_blit) */
   f->v10.textureCompressionASTC_LDR = VK_TRUE;
   /* The Sampler's Maximum anisotropy (agxv_sampler.c rounds up to a power
    * of two); the simulator's footprint is a documented approximation
    * (tests/icd test_aniso) */
   f->v10.samplerAnisotropy = VK_TRUE;
   /* Gathers (texture_sample gather_r .. gather_a) with constant, dynamic
    * and four offsets (split into four gathers), 2D images and arrays
    * (tests/icd test_gather) */
   f->v10.shaderImageGatherExtended = VK_TRUE;
   f->v13.shaderDemoteToHelperInvocation = VK_TRUE;
   f->v13.shaderTerminateInvocation = VK_TRUE;
   /* Texel buffers (tests/icd test_texel_buffer): arrays indexed by
    * dynamically uniform and non-uniform values (the descriptor offset is a
    * per-thread register operand of the bindless texture instructions),
    * descriptors read when the dispatch runs (update after bind), storage
    * texel buffers read and written without a format (loads and stores
    * take the format from the descriptor). */
   f->v12.shaderUniformTexelBufferArrayDynamicIndexing = VK_TRUE;
   f->v12.shaderStorageTexelBufferArrayDynamicIndexing = VK_TRUE;
   f->v12.shaderUniformTexelBufferArrayNonUniformIndexing = VK_TRUE;
   f->v12.shaderStorageTexelBufferArrayNonUniformIndexing = VK_TRUE;
   f->v12.descriptorBindingUniformTexelBufferUpdateAfterBind = VK_TRUE;
   f->v12.descriptorBindingStorageTexelBufferUpdateAfterBind = VK_TRUE;
   /* Images and samplers: the same bindless paths (descriptor offset as a
    * per-thread register of the texture instructions, sampler heap index),
    * descriptors read when the dispatch runs (tests/icd test_desc_images:
    * non-uniform and dynamic indices, update after bind, partially bound,
    * variable count). With the bits above this is all of
    * VK_EXT_descriptor_indexing, so descriptorIndexing reads true. */
   f->v10.shaderSampledImageArrayDynamicIndexing = VK_TRUE;
   f->v10.shaderStorageImageArrayDynamicIndexing = VK_TRUE;
   f->v12.shaderSampledImageArrayNonUniformIndexing = VK_TRUE;
   f->v12.shaderStorageImageArrayNonUniformIndexing = VK_TRUE;
   f->v12.descriptorBindingSampledImageUpdateAfterBind = VK_TRUE;
   f->v12.descriptorBindingStorageImageUpdateAfterBind = VK_TRUE;
   f->v12.descriptorIndexing = VK_TRUE;
   /* Input attachment arrays indexed by dynamically uniform and non-uniform
    * values: read through the descriptor, or, in subpasses merged into one
    * render command, by an ld_tile under a run-time match of the element
    * against each tile-resident attachment (compiler agx_spirv_texture.c
    * subpass_load; tests/icd test_subpass_tile "dynamic index"). */
   f->v12.shaderInputAttachmentArrayDynamicIndexing = VK_TRUE;
   f->v12.shaderInputAttachmentArrayNonUniformIndexing = VK_TRUE;
   f->v10.shaderStorageImageReadWithoutFormat = VK_TRUE;
   f->v10.shaderStorageImageWriteWithoutFormat = VK_TRUE;
   f->v10.shaderStorageImageMultisample = VK_TRUE;
   /* VK_EXT_texel_buffer_alignment: views at any texel-aligned offset (the
    * descriptor keeps the sub-16-byte part in software, agx_abi.h) */
   f->texel_buffer_alignment = (VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_FEATURES_EXT,
      .texelBufferAlignment = VK_TRUE,
   };
   /* VK_EXT_custom_border_color: two heap Samplers (opaque white, transparent
    * black) sampled and blended with the descriptor's colour, as Honeykrisp
    * does; the colour is applied to the shader's result type, so no format
    * is needed (agxv_sampler.c; tests/icd test_border_color) */
   f->custom_border = (VkPhysicalDeviceCustomBorderColorFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
      .customBorderColors = VK_TRUE,
      .customBorderColorWithoutFormat = VK_TRUE,
   };
   /* VK_EXT_image_view_min_lod: the view's minLod in the Texture's software
    * words, applied by the shader (agx_abi.h; tests/icd test_view_min_lod) */
   f->min_lod = (VkPhysicalDeviceImageViewMinLodFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_VIEW_MIN_LOD_FEATURES_EXT,
      .minLod = VK_TRUE,
   };
   /* VK_EXT_non_seamless_cube_map: the sampler's Seamful cube maps bit */
   f->non_seamless_cube_map = (VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT,
      .nonSeamlessCubeMap = VK_TRUE,
   };
   /* VK_EXT_shader_atomic_float, 32-bit only: atomic load, store and
    * exchange are the integer ones on the same bits; the AGX has no float
    * atomic opcode (applegpu ATOMIC_OPCODES, Mesa agx_compile.c
    * translate_atomic_opcode; Honeykrisp advertises none of this), so
    * atomicAdd is a compare-exchange loop (agx_spirv_mem.c
    * atomic_fadd_loop; tests/icd test_atomic_float, tests/compiler
    * shader_atomics_float). Storage images and texel buffers of R32_SFLOAT
    * too: image atomics are global atomics on the texel's word (tests/icd
    * test_atomic_float, image part). Not claimed: sparse images (no sparse),
    * float64 (no shaderFloat64), VK_EXT_shader_atomic_float2. */
   f->atomic_float = (VkPhysicalDeviceShaderAtomicFloatFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
      .shaderBufferFloat32Atomics = VK_TRUE,
      .shaderBufferFloat32AtomicAdd = VK_TRUE,
      .shaderSharedFloat32Atomics = VK_TRUE,
      .shaderSharedFloat32AtomicAdd = VK_TRUE,
      .shaderImageFloat32Atomics = VK_TRUE,
      .shaderImageFloat32AtomicAdd = VK_TRUE,
   };
   /* Rasterisation state of the PPP words (graphics.md §3.2-3.5; agxv_ppp.c
    * after hk_flush_ppp_state / hk_flush_vp_state): depth clamp and clip
    * through Cull "Depth clip"/"Depth clamp" and the ISP Scissor Z range,
    * the depth bias clamp in the Depth bias entry, polygon modes in the
    * Fragment face words, up to 16 viewports (Viewport/Region clip arrays
    * and one ISP Scissor each) selected by the VS's viewport index, clip
    * distances as UVS words enabled in Output Select (tests/icd
    * test_raster_features). The VS's layer goes to the same layer output
    * (tests/icd test_vs_layer). */
   /* Dual-source blending on render target 0: the second source (Location
    * 0 Index 1) travels in render target 1's epilog registers (agx_fs_epilog.c,
    * Mesa's mapping; tests/icd test_raster_features). */
   f->v10.dualSrcBlend = VK_TRUE;
   /* alphaToOneEnable: the fragment shader's alpha outputs become 1
    * (the output epilog, agx_fs_epilog.c emit_coverage, or
    * agx_pass_lower_coverage.c in a shader that applies it itself). */
   f->v10.alphaToOne = VK_TRUE;
   f->v10.depthClamp = VK_TRUE;
   f->v10.depthBiasClamp = VK_TRUE;
   f->v10.fillModeNonSolid = VK_TRUE;
   f->v10.multiViewport = VK_TRUE;
   f->v10.shaderClipDistance = VK_TRUE;
   f->v10.shaderCullDistance = VK_TRUE; /* agx_pass_lower_cull_fs */
   f->v12.shaderOutputViewportIndex = VK_TRUE;
   f->v12.shaderOutputLayer = VK_TRUE;
   f->depth_clip_enable = (VkPhysicalDeviceDepthClipEnableFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT,
      .depthClipEnable = VK_TRUE,
   };
   /* Instance divisors, zero included, divide in the vertex-fetch prolog
    * (agx_vbo_prolog.c; tests/icd test_vertex_input). */
   f->vertex_attribute_divisor = (VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
      .vertexAttributeInstanceRateDivisor = VK_TRUE,
      .vertexAttributeInstanceRateZeroDivisor = VK_TRUE,
   };
   /* VK_EXT_vertex_input_dynamic_state: draws link the vertex-fetch prolog
    * of the state in effect (agxv_vs_variants.h; tests/icd test_vidyn). */
   f->vertex_input_dynamic = (VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_INPUT_DYNAMIC_STATE_FEATURES_EXT,
      .vertexInputDynamicState = VK_TRUE,
   };
   /* vkCmdDrawMulti(Indexed)EXT: one direct draw per entry (agxv_cmd_draw.c). */
   f->multi_draw = (VkPhysicalDeviceMultiDrawFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT,
      .multiDraw = VK_TRUE,
   };
   /* Graphics pipeline libraries (agxv_graphics_pipeline_library.c). */
   f->gpl = (VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT,
      .graphicsPipelineLibrary = VK_TRUE,
   };
   /* VK_EXT_extended_dynamic_state(2): the Vulkan 1.3 dynamic states
    * (agxv_cmd_state.c) and the logic op (the epilog of the state in effect,
    * agxv_fs_variants.h); not patch control points. */
   f->eds = (VkPhysicalDeviceExtendedDynamicStateFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
      .extendedDynamicState = VK_TRUE,
   };
   f->eds2 = (VkPhysicalDeviceExtendedDynamicState2FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT,
      .extendedDynamicState2 = VK_TRUE,
      .extendedDynamicState2LogicOp = VK_TRUE,
   };
   /* VK_EXT_extended_dynamic_state3 (tests/icd test_eds3): what the output
    * epilog takes, linked at draw time per key (agxv_fs_variants.h; the
    * multisample ones only for fragment shaders that leave them to the
    * epilog, agx_fs_info.coverage_in_main, others are refused at pipeline
    * creation), and depth clamp and polygon mode (PPP words emitted when
    * they change, agxv_ppp.c); depth clip enable (the same words) and
    * rasterization samples (the epilog linked per draw for the pass's
    * tilebuffer; per-sample loops compiled with the pipeline for the counts
    * that need one, agxv_fs_sample_loops.h, refused with other dynamic
    * output state, agxv_fs_variants_create). Not offered: tessellation domain
    * origin, depth clip negative one to one, line modes and
    * stipple, sample locations, conservative rasterization, provoking
    * vertex, advanced blend, viewport swizzles and the NV states. */
   f->eds3 = (VkPhysicalDeviceExtendedDynamicState3FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
      .extendedDynamicState3DepthClampEnable = VK_TRUE,
      .extendedDynamicState3PolygonMode = VK_TRUE,
      .extendedDynamicState3SampleMask = VK_TRUE,
      .extendedDynamicState3AlphaToCoverageEnable = VK_TRUE,
      .extendedDynamicState3AlphaToOneEnable = VK_TRUE,
      .extendedDynamicState3LogicOpEnable = VK_TRUE,
      .extendedDynamicState3ColorBlendEnable = VK_TRUE,
      .extendedDynamicState3ColorBlendEquation = VK_TRUE,
      .extendedDynamicState3ColorWriteMask = VK_TRUE,
      .extendedDynamicState3DepthClipEnable = VK_TRUE,
      .extendedDynamicState3RasterizationSamples = VK_TRUE,
   };
   /* The *2 commands share the original ones' paths; every barrier is a
    * full CDM barrier and semaphore waits block the whole batch, so finer
    * stage masks only ever over-synchronise. */
   f->v13.synchronization2 = VK_TRUE;
   /* vkCmdBeginRendering/EndRendering (agxv_cmd_rendering.c): colour
    * attachments, tested through the loader by test_draw. */
   f->v13.dynamicRendering = VK_TRUE;
   /* maxBufferSize, vkGetDeviceBufferMemoryRequirements computed like a
    * created buffer's, LocalSizeId in the compiler, pipelines that keep
    * nothing from their layout. vkGetDeviceImageMemoryRequirements computes
    * the layout of the image it would create. */
   f->v13.maintenance4 = VK_TRUE;
   /* VK_KHR_maintenance5 / VK_KHR_maintenance6 (tests/icd test_maint5). */
   f->maintenance5 = (VkPhysicalDeviceMaintenance5FeaturesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR,
      .maintenance5 = VK_TRUE,
   };
   f->maintenance6 = (VkPhysicalDeviceMaintenance6FeaturesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_FEATURES_KHR,
      .maintenance6 = VK_TRUE,
   };
   /* VK_KHR_shader_subgroup_rotate: rotations are shuffles
    * (compiler/spirv/agx_spirv_subgroup.c; tests/icd test_subgroup_rotate). */
   f->subgroup_rotate = (VkPhysicalDeviceShaderSubgroupRotateFeaturesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_ROTATE_FEATURES_KHR,
      .shaderSubgroupRotate = VK_TRUE,
      .shaderSubgroupRotateClustered = VK_TRUE,
   };
   /* VK_EXT_mutable_descriptor_type (and its VALVE alias): a mutable binding
    * holds any descriptor at the stride of the largest listed type, the
    * compiler takes strides from the layout (agxv_descriptor_set_layout.h);
    * host-only pools are host memory (tests/icd test_mutable_desc). */
   f->mutable_descriptor = (VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MUTABLE_DESCRIPTOR_TYPE_FEATURES_EXT,
      .mutableDescriptorType = VK_TRUE,
   };
   /* FAIL_ON_PIPELINE_COMPILE_REQUIRED and EARLY_RETURN_ON_FAILURE
    * (agxv_compute_pipeline.c); the cache always locks. */
   f->v13.pipelineCreationCacheControl = VK_TRUE;
   f->v13.privateData = VK_TRUE; /* agxv_private_data.c */
   /* The compiler addresses uniform blocks by their Offset/ArrayStride
    * decorations, whatever rules produced them. */
   f->v12.uniformBufferStandardLayout = VK_TRUE;
}

/* VK_KHR_maintenance5/6 properties: statements about the fixed-function
 * behaviour of the hardware (as the simulator models it), each answered for
 * this device. */
static void
agxv_maintenance_properties(struct agxv_properties *p)
{
   p->maintenance5 = (VkPhysicalDeviceMaintenance5PropertiesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_PROPERTIES_KHR,
      /* The pipeline's sample mask, alpha to coverage and a SampleMask
       * output are all applied by the fragment shader (its output epilog,
       * agx_fs_epilog.c, or agx_pass_lower_coverage), and a shader that writes coverage runs
       * without early depth/stencil testing (agxv_cmd_draw.c
       * early_z_testing), so samples are counted by the late test, after
       * the coverage operations and after the sample mask: false, then
       * true. Honeykrisp reports the same pair for the hardware (Mesa
       * src/asahi/vulkan/hk_physical_device.c). */
      .earlyFragmentMultisampleCoverageAfterSampleCounting = VK_FALSE,
      .earlyFragmentSampleMaskTestBeforeSampleCounting = VK_TRUE,
      /* Depth/stencil sampling exists (tests/icd test_depth_sample) but a
       * VK_COMPONENT_SWIZZLE_ONE on such a view is not tested, so no defined
       * behaviour is promised (false is always a valid answer). */
      .depthStencilSwizzleOneSupport = VK_FALSE,
      /* Points are 1.0 pixel only (pointSizeRange {1, 1}, no largePoints):
       * polygons drawn as points never take PointSize. */
      .polygonModePointSize = VK_FALSE,
      /* Lines are Bresenham lines, non-strict, width 1 only (graphics.md
       * "Lines": bresenhamLines, strictLines = false). */
      .nonStrictSinglePixelWideLinesUseParallelogram = VK_FALSE,
      .nonStrictWideLinesUseParallelogram = VK_FALSE,
   };
   /* VK_EXT_extended_dynamic_state3: a dynamic topology stays within the
    * pipeline's topology class (Vulkan's default rule) */
   p->eds3 = (VkPhysicalDeviceExtendedDynamicState3PropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_PROPERTIES_EXT,
      .dynamicPrimitiveTopologyUnrestricted = VK_FALSE,
   };
   /* every sampler may have one: the heap holds two slots per sampler */
   p->custom_border = (VkPhysicalDeviceCustomBorderColorPropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT,
      .maxCustomBorderColorSamplers = AGXV_MAX_CUSTOM_BORDER,
   };
   p->maintenance6 = (VkPhysicalDeviceMaintenance6PropertiesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_PROPERTIES_KHR,
      /* VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT views (uncompressed
       * views of block-compressed images) are not implemented or tested
       * with more than one layer. */
      .blockTexelViewCompatibleMultipleLayers = VK_FALSE,
      /* No format requires a sampler Y'CbCr conversion here
       * (samplerYcbcrConversion is off): a combined image sampler is always
       * one descriptor. */
      .maxCombinedImageSamplerDescriptorCount = 1,
      /* No fragment shading rates (VK_KHR_fragment_shading_rate is not
       * offered): nothing to clamp. */
      .fragmentShadingRateClampCombinerInputs = VK_FALSE,
   };
}

static void
init_properties(struct agxv_physical_device *pdev)
{
   struct agxv_properties *p = &pdev->properties;
   memset(p, 0, sizeof(*p));

   VkPhysicalDeviceLimits limits = {
      .maxImageDimension1D = 16384,
      .maxImageDimension2D = 16384,
      .maxImageDimension3D = 2048,
      .maxImageDimensionCube = 16384,
      .maxImageArrayLayers = 2048,
      .maxTexelBufferElements = 1u << 27,
      .maxUniformBufferRange = 65536,
      .maxStorageBufferRange = 1u << 30,
      .maxPushConstantsSize = 256,
      .maxMemoryAllocationCount = 4096,
      .maxSamplerAllocationCount = 4000,
      .bufferImageGranularity = 1,
      .sparseAddressSpaceSize = 0,
      .maxBoundDescriptorSets = 8,
      .maxPerStageDescriptorSamplers = 16,
      .maxPerStageDescriptorUniformBuffers = 64,
      .maxPerStageDescriptorStorageBuffers = 64,
      .maxPerStageDescriptorSampledImages = 128,
      .maxPerStageDescriptorStorageImages = 64,
      .maxPerStageDescriptorInputAttachments = 8,
      .maxPerStageResources = 512,
      .maxDescriptorSetSamplers = 96,
      .maxDescriptorSetUniformBuffers = 384,
      .maxDescriptorSetUniformBuffersDynamic = 8,
      .maxDescriptorSetStorageBuffers = 384,
      .maxDescriptorSetStorageBuffersDynamic = 4,
      .maxDescriptorSetSampledImages = 768,
      .maxDescriptorSetStorageImages = 384,
      .maxDescriptorSetInputAttachments = 8,
      .maxVertexInputAttributes = 16,
      .maxVertexInputBindings = 16,
      .maxVertexInputAttributeOffset = 2047,
      .maxVertexInputBindingStride = 2048,
      .maxVertexOutputComponents = 64,
      .maxFragmentInputComponents = 64,
      /* geometry shaders: Vulkan's minimums */
      .maxGeometryShaderInvocations = 32,
      .maxGeometryInputComponents = 64,
      .maxGeometryOutputComponents = 64,
      .maxGeometryOutputVertices = 256,
      .maxGeometryTotalOutputComponents = 1024,
      /* tessellation: Vulkan's minimums; level 64
       * and patch size 32 are the emulation's (emulation.md §7) */
      .maxTessellationGenerationLevel = 64,
      .maxTessellationPatchSize = 32,
      .maxTessellationControlPerVertexInputComponents = 64,
      .maxTessellationControlPerVertexOutputComponents = 64,
      .maxTessellationControlPerPatchOutputComponents = 120,
      .maxTessellationControlTotalOutputComponents = 2048,
      .maxTessellationEvaluationInputComponents = 64,
      .maxTessellationEvaluationOutputComponents = 64,
      /* eight colour attachments: those past the tilebuffer spill to memory (eMRT) */
      .maxFragmentOutputAttachments = 8,
      .maxFragmentDualSrcAttachments = 1,       /* render target 0 (agx_fs_epilog.c) */
      .maxFragmentCombinedOutputResources = 16, /* Honeykrisp's value */
      .maxComputeSharedMemorySize = 32768,
      .maxComputeWorkGroupCount = {65535, 65535, 65535},
      .maxComputeWorkGroupInvocations = 1024,
      .maxComputeWorkGroupSize = {1024, 1024, 64},
      /* the simulator's snapping (sim/dm/agx_sim_prim.c, 1/256 pixel) and
       * Honeykrisp's claim (graphics.md 3.5); references such as dEQP's
       * rasteriser snap to this grid, so edges must match it */
      .subPixelPrecisionBits = 8,
      .subTexelPrecisionBits = 8,
      .mipmapPrecisionBits = 4,
      .maxDrawIndexedIndexValue = UINT32_MAX,
      .maxDrawIndirectCount = 1u << 30, /* Honeykrisp's limit */
      .maxSamplerLodBias = 2.0f,
      .maxSamplerAnisotropy = 16.0f, /* the Sampler's Maximum anisotropy: 1 ... 16 */
      .maxViewports = 16,            /* Viewport count: 1-16 (PPP header) */
      .maxViewportDimensions = {16384, 16384},
      .viewportBoundsRange = {-32768.0f, 32767.0f},
      /* The PPP Viewport words take the bounds as floats (agxv_ppp.c) and
       * the rasteriser snaps window positions to 1/256 pixel, so fractional
       * origins and sizes count at 8 bits (Honeykrisp reports 8 too); the
       * implicit scissor to the viewport covers the pixels whose centres
       * lie inside it (agxv_ppp_viewport_rects; tests/icd test_subpixel). */
      .viewportSubPixelBits = 8,
      .minMemoryMapAlignment = 64,
      .minTexelBufferOffsetAlignment = 16,
      .minUniformBufferOffsetAlignment = 16,
      .minStorageBufferOffsetAlignment = 16,
      .minTexelOffset = -8,
      .maxTexelOffset = 7,
      .minTexelGatherOffset = -8,
      .maxTexelGatherOffset = 7,
      .minInterpolationOffset = -0.5f,
      .maxInterpolationOffset = 0.4375f,
      .subPixelInterpolationOffsetBits = 4,
      .maxFramebufferWidth = 16384,
      .maxFramebufferHeight = 16384,
      .maxFramebufferLayers = 1024,
      /* 1, 2 or 4 samples (graphics.md §3.6; Honeykrisp's counts) */
      .framebufferColorSampleCounts = AGXV_SAMPLE_COUNTS,
      .framebufferDepthSampleCounts = AGXV_SAMPLE_COUNTS,
      .framebufferStencilSampleCounts = AGXV_SAMPLE_COUNTS,
      .framebufferNoAttachmentsSampleCounts = AGXV_SAMPLE_COUNTS,
      .maxColorAttachments = 8, /* AGXV_MAX_RTS; Honeykrisp's HK_MAX_RTS */
      /* texelFetch/textureSamples on multisampled sampled images */
      .sampledImageColorSampleCounts = AGXV_SAMPLE_COUNTS,
      .sampledImageIntegerSampleCounts = AGXV_SAMPLE_COUNTS,
      .sampledImageDepthSampleCounts = AGXV_SAMPLE_COUNTS,
      .sampledImageStencilSampleCounts = AGXV_SAMPLE_COUNTS,
      /* multisampled storage images: buffer-like PBE writes and atomics
       * (agxv_image_view.c, Honeykrisp's) */
      .storageImageSampleCounts = AGXV_SAMPLE_COUNTS,
      .maxSampleMaskWords = 1,
      .timestampComputeAndGraphics = VK_TRUE,
      .timestampPeriod = 1e9f / (float)(pdev->params.command_timestamp_frequency_hz
                                           ? pdev->params.command_timestamp_frequency_hz
                                           : 1000000000ull),
      .maxClipDistances = 8,
      .maxCullDistances = 8,
      .maxCombinedClipAndCullDistances = 8,
      .discreteQueuePriorities = 2,
      .pointSizeRange = {1.0f, 1.0f},
      .lineWidthRange = {1.0f, 1.0f},
      .pointSizeGranularity = 0.0f,
      .lineWidthGranularity = 0.0f,
      .strictLines = VK_FALSE,
      .standardSampleLocations = VK_TRUE,
      .optimalBufferCopyOffsetAlignment = 16,
      .optimalBufferCopyRowPitchAlignment = 16,
      .nonCoherentAtomSize = 64,
   };

   p->v10 = (VkPhysicalDeviceProperties){
      .apiVersion = AGXV_API_VERSION,
      .driverVersion = VK_MAKE_VERSION(0, 1, 0),
      .vendorID = AGXV_VENDOR_ID,
      .deviceID = pdev->params.chip_id,
      .deviceType = VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU,
      .limits = limits,
   };
   snprintf(p->v10.deviceName, sizeof(p->v10.deviceName), "%s", pdev->name);

   uint8_t build_id[20] = {0};
   dl_iterate_phdr(find_build_id, build_id);
   make_uuid(p->v10.pipelineCacheUUID, "agx-vk cache", build_id, sizeof(build_id));

   p->v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES;
   uint32_t ident[3] = {pdev->params.chip_id, pdev->params.gpu_generation,
                        pdev->params.gpu_variant};
   make_uuid(p->v11.deviceUUID, "agx-vk device", ident, sizeof(ident));
   make_uuid(p->v11.driverUUID, "agx-vk driver", "0.1.0", 5);
   p->v11.subgroupSize = 32;
   /* A subgroup is the 32-lane SIMD-group running the stage (isa.md §1):
    * vertex shaders (hardware, or compute before tessellation) and fragment
    * quads packed 8 to a SIMD-group with their helper lanes (graphics.md
    * §4.2) run the shader once per invocation on the lanes the subgroup
    * names (tests/icd test_subgroup_gfx). Fragment helper lanes are active
    * in every group operation (the hardware's execution mask holds them,
    * as in Mesa; Vulkan "Helper Invocations" allows either). A capturing
    * (transform feedback) draw runs the vertex shader once more as compute
    * for the capture (agxv_cmd_xfb.c): each run is a valid subgroup
    * execution of its own, their lanes may differ.
    * Not advertised yet:
    *  - tessellation control (one compute workgroup per patch) and
    *    evaluation (a hardware vertex shader): the semantics hold
    *    (test_subgroup_gfx checks them unadvertised), but dEQP's
    *    subgroups.*.graphics.* cases then add both stages and render
    *    isolines of half a pixel from pixel centres, which the
    *    simulator's diamond-exit line rule (sim/dm/agx_sim_raster.c)
    *    leaves without a fragment where they end on or inside the pixel's
    *    diamond (lavapipe lights them): a line-rasterisation question, not
    *    a subgroup one;
    *  - geometry: its emulation (compiler/ir/agx_pass_lower_gs.c) runs the
    *    shader twice, once per input primitive (AGX_GS_MAIN, which writes
    *    memory and the index buffer) and once per emitted vertex
    *    (AGX_GS_RAST: one copy of a primitive's invocation per vertex,
    *    side by side), and GS instancing loops inside one lane, so a ballot
    *    or elect would not agree between the runs. */
   p->v11.subgroupSupportedStages =
      VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   /* Quads are lanes 4k..4k+3 in every stage (quad_shuffle/_xor). */
   p->v11.subgroupQuadOperationsInAllStages = VK_TRUE;
   /* Every category: each passes tests/icd test_subgroup (divergent lanes,
    * partial subgroups) against a CPU model. */
   p->v11.subgroupSupportedOperations =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |
      VK_SUBGROUP_FEATURE_ARITHMETIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
      VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT |
      VK_SUBGROUP_FEATURE_CLUSTERED_BIT | VK_SUBGROUP_FEATURE_QUAD_BIT |
      VK_SUBGROUP_FEATURE_ROTATE_BIT_KHR | VK_SUBGROUP_FEATURE_ROTATE_CLUSTERED_BIT_KHR;
   p->v11.pointClippingBehavior = VK_POINT_CLIPPING_BEHAVIOR_ALL_CLIP_PLANES;
   /* hk_physical_device.c: HK_MAX_MULTIVIEW_VIEW_COUNT 32 (a layered render
    * command over up to 32 layers). */
   p->v11.maxMultiviewViewCount = 32;
   p->v11.maxMultiviewInstanceIndex = (1u << 27) - 1;
   p->v11.maxPerSetDescriptors = 1024;
   p->v11.maxMemoryAllocationSize = pdev->heap_size < (1ull << 32) ? pdev->heap_size : (1ull << 32);

   p->v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES;
   /* No VkDriverId is registered for agx-vk: 0 says "none" honestly. */
   p->v12.driverID = (VkDriverId)0;
   snprintf(p->v12.driverName, sizeof(p->v12.driverName), "agx-vk");
   snprintf(p->v12.driverInfo, sizeof(p->v12.driverInfo), "agx-vk 0.1.0 (%s backend)",
            agxv_kmd_backend_name(pdev->backend));
   p->v12.conformanceVersion = (VkConformanceVersion){0, 0, 0, 0};
   /* Float controls: what the ALU always does (sim/usc/agx_sim_float.c, the
    * hardware rules applegpu validated): round to nearest even, fp16
    * denormals kept, fp32 denormals flushed, signed zeros, infinities and
    * NaNs kept (no fast-math folding in the compiler). Fixed behaviour per
    * bit size, so the two widths are independent of each other. No
    * execution mode changes code generation: a shader may only ask for
    * what is listed here. */
   p->v12.denormBehaviorIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_ALL;
   p->v12.roundingModeIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_ALL;
   p->v12.shaderSignedZeroInfNanPreserveFloat16 = VK_TRUE;
   p->v12.shaderSignedZeroInfNanPreserveFloat32 = VK_TRUE;
   p->v12.shaderDenormPreserveFloat16 = VK_TRUE;
   p->v12.shaderDenormFlushToZeroFloat32 = VK_TRUE;
   p->v12.shaderRoundingModeRTEFloat16 = VK_TRUE;
   p->v12.shaderRoundingModeRTEFloat32 = VK_TRUE;
   /* vkd3d-proton's bindless heaps (VKD3D_MIN_VIEW_DESCRIPTOR_COUNT = 1,000,000
    * sampled images, storage images and storage buffers per stage): set
    * memory is a linear BO per pool (48 bytes per image, 16 per buffer), so
    * these are memory bounds only (tests/icd test_desc_images: one set with
    * three 1,000,000-element arrays). */
   p->v12.maxUpdateAfterBindDescriptorsInAllPools = 4u << 20;
   /* bounds come from the descriptor in set memory, read when the shader runs */
   p->v12.robustBufferAccessUpdateAfterBind = VK_TRUE;
   /* bounds checks use the exact descriptor range */
   /* transform feedback (agxv_cmd_xfb.c): the Vulkan minimums except the
    * buffer size (32-bit offsets in struct agx_xfb_state); queries, and
    * vkCmdDrawIndirectByteCountEXT; four streams (points only when
    * several are used, as GLSL requires), any one rasterized */
   p->xfb = (VkPhysicalDeviceTransformFeedbackPropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT,
      .maxTransformFeedbackStreams = 4,
      .transformFeedbackRasterizationStreamSelect = VK_TRUE,
      .maxTransformFeedbackBuffers = 4,
      .maxTransformFeedbackBufferSize = UINT32_MAX,
      .maxTransformFeedbackStreamDataSize = 512,
      .maxTransformFeedbackBufferDataSize = 512,
      .maxTransformFeedbackBufferDataStride = 512,
      .transformFeedbackQueries = VK_TRUE,
      .transformFeedbackDraw = VK_TRUE,
   };
   p->robustness2 = (VkPhysicalDeviceRobustness2PropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT,
      .robustStorageBufferAccessSizeAlignment = 1,
      .robustUniformBufferAccessSizeAlignment = 1,
   };
   /* Fast linking: main vertex and fragment shaders are compiled when
    * their library is created; a link only builds (cached) vertex-fetch
    * prologs and output epilogs and uploads (agxv_graphics_pipeline_library.h;
    * geometry, tessellation and transform feedback pre-rasterization
    * libraries compile at link time). Interpolation decorations: the UVS
    * groups follow the vertex shader's (agxv_varyings.h), so they must match
    * the fragment shader's across libraries. */
   p->gpl = (VkPhysicalDeviceGraphicsPipelineLibraryPropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_PROPERTIES_EXT,
      .graphicsPipelineLibraryFastLinking = VK_TRUE,
      .graphicsPipelineLibraryIndependentInterpolationDecoration = VK_FALSE,
   };
   p->vertex_attribute_divisor = (VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT,
      .maxVertexAttribDivisor = UINT32_MAX,
   };
   /* VK_KHR_vertex_attribute_divisor: any firstInstance with any divisor.
    * The prolog computes Vulkan's element firstInstance + (InstanceIndex -
    * firstInstance) / divisor (firstInstance for divisor 0) from the
    * instance number and the draw's base instance, as Mesa's
    * agx_nir_lower_vbo.c; Honeykrisp offers the same. */
   p->vertex_attribute_divisor_khr = (VkPhysicalDeviceVertexAttributeDivisorPropertiesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_KHR,
      .maxVertexAttribDivisor = UINT32_MAX,
      .supportsNonZeroFirstInstance = VK_TRUE,
   };
   /* The multi-draw commands loop over their entries on the CPU, so any
    * count works; Honeykrisp's UINT16_MAX (hk_physical_device.c) is well
    * above Vulkan's minimum of 2048 and bounds one command's recording. */
   p->multi_draw = (VkPhysicalDeviceMultiDrawPropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT,
      .maxMultiDrawCount = UINT16_MAX,
   };
   /* Update-after-bind descriptors are the same descriptors in the same set
    * memory (nothing is copied at bind time), so each limit is at least its
    * plain counterpart, as Vulkan requires of every update-after-bind limit
    * (dEQP-VK.api.info.vulkan1p2_limits_validation; tests/icd test_features). */
   p->v12.maxPerStageDescriptorUpdateAfterBindSamplers = 500000;
   p->v12.maxPerStageDescriptorUpdateAfterBindUniformBuffers = 64;
   p->v12.maxPerStageDescriptorUpdateAfterBindStorageBuffers = 1u << 20;
   p->v12.maxPerStageDescriptorUpdateAfterBindSampledImages = 1u << 20;
   p->v12.maxPerStageDescriptorUpdateAfterBindStorageImages = 1u << 20;
   p->v12.maxPerStageDescriptorUpdateAfterBindInputAttachments = 8;
   p->v12.maxPerStageUpdateAfterBindResources = 4u << 20;
   p->v12.maxDescriptorSetUpdateAfterBindSamplers = 500000;
   p->v12.maxDescriptorSetUpdateAfterBindUniformBuffers = 384;
   p->v12.maxDescriptorSetUpdateAfterBindUniformBuffersDynamic = 8;
   p->v12.maxDescriptorSetUpdateAfterBindStorageBuffers = 1u << 20;
   p->v12.maxDescriptorSetUpdateAfterBindStorageBuffersDynamic = 4;
   p->v12.maxDescriptorSetUpdateAfterBindSampledImages = 1u << 20;
   p->v12.maxDescriptorSetUpdateAfterBindStorageImages = 1u << 20;
   p->v12.maxDescriptorSetUpdateAfterBindInputAttachments = 8;
   /* the modes agxv_resolve_zs_views takes (agxv_resolve_zs_mode_supported), each aspect's
    * plane resolved on its own, so any pair of modes, one of them NONE too */
   p->v12.supportedDepthResolveModes = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT |
                                       VK_RESOLVE_MODE_AVERAGE_BIT | VK_RESOLVE_MODE_MIN_BIT |
                                       VK_RESOLVE_MODE_MAX_BIT;
   p->v12.supportedStencilResolveModes =
      VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT;
   p->v12.independentResolveNone = VK_TRUE;
   p->v12.independentResolve = VK_TRUE;
   p->v12.maxTimelineSemaphoreValueDifference = UINT64_MAX;
   p->v12.framebufferIntegerColorSampleCounts = AGXV_SAMPLE_COUNTS;

   p->v13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES;
   p->v13.minSubgroupSize = 32;
   p->v13.maxSubgroupSize = 32;
   p->v13.maxComputeWorkgroupSubgroups = 32;
   p->v13.requiredSubgroupSizeStages = VK_SHADER_STAGE_COMPUTE_BIT;
   p->v13.maxInlineUniformBlockSize = 256;
   p->v13.maxPerStageDescriptorInlineUniformBlocks = 4;
   p->v13.maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks = 4;
   p->v13.maxDescriptorSetInlineUniformBlocks = 4;
   p->v13.maxDescriptorSetUpdateAfterBindInlineUniformBlocks = 4;
   p->v13.maxInlineUniformTotalSize = 256;
   /* Texel buffer views start anywhere texel-aligned: the descriptor holds
    * the 16-byte aligned part, the shader adds the rest (agx_abi.h). */
   p->v13.storageTexelBufferOffsetAlignmentBytes = 16;
   p->v13.uniformTexelBufferOffsetAlignmentBytes = 16;
   p->v13.storageTexelBufferOffsetSingleTexelAlignment = VK_TRUE;
   p->v13.uniformTexelBufferOffsetSingleTexelAlignment = VK_TRUE;
   p->v13.maxBufferSize = p->v11.maxMemoryAllocationSize;
   agxv_maintenance_properties(p);
}

VkResult
agxv_physical_device_try_create(struct agxv_instance *instance, struct agxv_physical_device **out)
{
   *out = NULL;
   enum agxv_kmd_backend backend = agxv_kmd_backend_from_env();
   if (backend == AGXV_KMD_AUTO)
      backend = agxv_kmd_drm_available() ? AGXV_KMD_DRM : AGXV_KMD_SIM;

   struct agxv_kmd *kmd;
   int ret = agxv_kmd_open(backend, agxv_debug(AGXV_DEBUG_IOCTL), &kmd);
   if (ret) {
      if (agxv_debug(AGXV_DEBUG_STARTUP) || backend == AGXV_KMD_DRM)
         agxv_log("no device on the %s backend (%s)", agxv_kmd_backend_name(backend),
                  strerror(-ret));
      return VK_SUCCESS; /* no device is not an error */
   }

   struct agxv_physical_device *pdev =
      agxv_zalloc(&instance->alloc, sizeof(*pdev), 8, VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   if (!pdev) {
      agxv_kmd_close(kmd);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   agxv_object_init(&pdev->base, NULL, VK_OBJECT_TYPE_PHYSICAL_DEVICE);
   pdev->instance = instance;
   pdev->backend = backend;
   pdev->kmd = kmd;
   pdev->params = kmd->params;

   const struct drm_asahi_params_global *p = &pdev->params;
   snprintf(pdev->name, sizeof(pdev->name), "Apple M%u%s (G%u%c %c%u)", p->gpu_generation - 12,
            marketing_suffix(p), p->gpu_generation, (char)p->gpu_variant,
            'A' + (char)(p->gpu_revision >> 4), p->gpu_revision & 0xf);
   for (uint32_t c = 0; c < p->num_clusters_total && c < DRM_ASAHI_MAX_CLUSTERS; c++)
      pdev->core_count += (uint32_t)__builtin_popcountll(p->core_masks[c]);

   /* Unified memory: advertise half of system RAM, as Mesa does. */
   long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
   uint64_t ram =
      (pages > 0 && page_size > 0) ? (uint64_t)pages * (uint64_t)page_size : (4ull << 30);
   pdev->heap_size = ram / 2;

   init_features(&pdev->features);
   init_properties(pdev);

   if (agxv_debug(AGXV_DEBUG_STARTUP))
      agxv_log("%s on %s (%s backend), %u cores", pdev->name, kmd->node,
               agxv_kmd_backend_name(backend), pdev->core_count);
   *out = pdev;
   return VK_SUCCESS;
}

void
agxv_physical_device_destroy(struct agxv_physical_device *pdev)
{
   agxv_kmd_close(pdev->kmd);
   agxv_free(&pdev->instance->alloc, pdev);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceFeatures(VkPhysicalDevice physicalDevice, VkPhysicalDeviceFeatures *pFeatures)
{
   AGXV_FROM_HANDLE(agxv_physical_device, pdev, physicalDevice);
   *pFeatures = pdev->features.v10;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceFeatures2(VkPhysicalDevice physicalDevice,
                                VkPhysicalDeviceFeatures2 *pFeatures)
{
   AGXV_FROM_HANDLE(agxv_physical_device, pdev, physicalDevice);
   pFeatures->features = pdev->features.v10;
   for (VkBaseOutStructure *s = pFeatures->pNext; s; s = s->pNext)
      agxv_fill_features_struct(s, &pdev->features);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceProperties(VkPhysicalDevice physicalDevice,
                                 VkPhysicalDeviceProperties *pProperties)
{
   AGXV_FROM_HANDLE(agxv_physical_device, pdev, physicalDevice);
   *pProperties = pdev->properties.v10;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceProperties2(VkPhysicalDevice physicalDevice,
                                  VkPhysicalDeviceProperties2 *pProperties)
{
   AGXV_FROM_HANDLE(agxv_physical_device, pdev, physicalDevice);
   pProperties->properties = pdev->properties.v10;
   for (VkBaseOutStructure *s = pProperties->pNext; s; s = s->pNext) {
      if (agxv_fill_properties_struct(s, &pdev->properties))
         continue;
      /* Extension structures (not part of the core summary structures). */
      switch (s->sType) {
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR:
         ((VkPhysicalDevicePushDescriptorPropertiesKHR *)s)->maxPushDescriptors =
            AGXV_MAX_PUSH_DESCRIPTORS;
         break;
      default:
         break;
      }
   }
}

static const VkQueueFamilyProperties queue_family = {
   .queueFlags = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT,
   .queueCount = 1,
   .timestampValidBits = 64, /* ns from the firmware, see agxv_query_pool.c */
   .minImageTransferGranularity = {1, 1, 1},
};

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice physicalDevice, uint32_t *pCount,
                                            VkQueueFamilyProperties *pProps)
{
   agxv_outarray(pProps, pCount, &queue_family, 1, sizeof(queue_family));
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceQueueFamilyProperties2(VkPhysicalDevice physicalDevice, uint32_t *pCount,
                                             VkQueueFamilyProperties2 *pProps)
{
   if (pProps == NULL) {
      *pCount = 1;
      return;
   }
   if (*pCount == 0)
      return;
   *pCount = 1;
   pProps[0].queueFamilyProperties = queue_family;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceMemoryProperties(VkPhysicalDevice physicalDevice,
                                       VkPhysicalDeviceMemoryProperties *pProps)
{
   AGXV_FROM_HANDLE(agxv_physical_device, pdev, physicalDevice);
   memset(pProps, 0, sizeof(*pProps));
   pProps->memoryHeapCount = 1;
   pProps->memoryHeaps[0].size = pdev->heap_size;
   pProps->memoryHeaps[0].flags = VK_MEMORY_HEAP_DEVICE_LOCAL_BIT;
   pProps->memoryTypeCount = 1;
   pProps->memoryTypes[0].heapIndex = 0;
   pProps->memoryTypes[0].propertyFlags =
      VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceMemoryProperties2(VkPhysicalDevice physicalDevice,
                                        VkPhysicalDeviceMemoryProperties2 *pProps)
{
   agxv_GetPhysicalDeviceMemoryProperties(physicalDevice, &pProps->memoryProperties);
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceSparseImageFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
                                                  VkImageType type, VkSampleCountFlagBits samples,
                                                  VkImageUsageFlags usage, VkImageTiling tiling,
                                                  uint32_t *pCount,
                                                  VkSparseImageFormatProperties *pProps)
{
   *pCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceSparseImageFormatProperties2(
   VkPhysicalDevice physicalDevice, const VkPhysicalDeviceSparseImageFormatInfo2 *pInfo,
   uint32_t *pCount, VkSparseImageFormatProperties2 *pProps)
{
   *pCount = 0;
}

/* No external handle types are supported yet: report none. */
VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceExternalBufferProperties(VkPhysicalDevice physicalDevice,
                                               const VkPhysicalDeviceExternalBufferInfo *pInfo,
                                               VkExternalBufferProperties *pProps)
{
   memset(&pProps->externalMemoryProperties, 0, sizeof(pProps->externalMemoryProperties));
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceExternalSemaphoreProperties(
   VkPhysicalDevice physicalDevice, const VkPhysicalDeviceExternalSemaphoreInfo *pInfo,
   VkExternalSemaphoreProperties *pProps)
{
   pProps->exportFromImportedHandleTypes = 0;
   pProps->compatibleHandleTypes = 0;
   pProps->externalSemaphoreFeatures = 0;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPhysicalDeviceExternalFenceProperties(VkPhysicalDevice physicalDevice,
                                              const VkPhysicalDeviceExternalFenceInfo *pInfo,
                                              VkExternalFenceProperties *pProps)
{
   pProps->exportFromImportedHandleTypes = 0;
   pProps->compatibleHandleTypes = 0;
   pProps->externalFenceFeatures = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceToolProperties(VkPhysicalDevice physicalDevice, uint32_t *pCount,
                                     VkPhysicalDeviceToolProperties *pProps)
{
   *pCount = 0;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EnumerateDeviceExtensionProperties(VkPhysicalDevice physicalDevice, const char *pLayerName,
                                        uint32_t *pCount, VkExtensionProperties *pProps)
{
   if (pLayerName)
      return VK_ERROR_LAYER_NOT_PRESENT;
   return agxv_outarray(pProps, pCount, agxv_device_extensions, AGXV_DEVICE_EXT_COUNT,
                        sizeof(VkExtensionProperties));
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EnumerateDeviceLayerProperties(VkPhysicalDevice physicalDevice, uint32_t *pCount,
                                    VkLayerProperties *pProps)
{
   *pCount = 0;
   return VK_SUCCESS;
}
