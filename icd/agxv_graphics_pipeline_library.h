/*
 * Graphics pipeline libraries (VK_EXT_graphics_pipeline_library,
 * VK_KHR_pipeline_library): a library holds some of the four parts of a
 * graphics pipeline (vertex input interface, pre-rasterization shaders,
 * fragment shader, fragment output interface); linking libraries
 * (VkPipelineLibraryCreateInfoKHR) makes a complete pipeline or a bigger
 * library.
 *
 * Model (Honeykrisp, Mesa src/asahi/vulkan/hk_shader.c and the common
 * src/vulkan/runtime/vk_pipeline.c, vk_graphics_state.c): main shaders are
 * compiled once, when the library holding them is created; state that only
 * a later part knows is applied by small programs linked around them at
 * link time, keyed on that state: the vertex-fetch prolog (agxv_vbo.h, the
 * vertex input interface) before the vertex shader, the output epilog
 * (agxv_blend.h, the fragment output interface) after the fragment shader.
 * A fast link (no VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT)
 * therefore compiles no main shader, except:
 *   - geometry / tessellation / transform feedback: their compute variants
 *     bake the vertex input state into the vertex shader (agxv_vbo_sw_key),
 *     so they are compiled at link time from the retained SPIR-V;
 *   - the sample mask and alpha to coverage / one are applied by the
 *     output epilog (agx_fs_epilog_key.sample_kill ..., Honeykrisp keeps
 *     them in its epilog key too), so they and the sample count may differ
 *     between the fragment shader and output libraries; except in a
 *     fragment shader that applies them itself (agx_fs_info.coverage_in_main:
 *     tests at entry, FragDepth, memory writes, SampleMaskIn, a per-sample
 *     loop), which is compiled again when they differ, as is one that must
 *     loop over the samples of the output interface's sample count.
 * An optimised link (LINK_TIME_OPTIMIZATION) compiles every stage again from
 * the SPIR-V every library retains (as if with
 * RETAIN_LINK_TIME_OPTIMIZATION_INFO, which is accepted and implied).
 *
 * State merging (Vulkan spec "Graphics Pipeline Libraries"; Mesa
 * vk_graphics_state.c): each piece of state, and whether it is dynamic,
 * comes from the library holding the part it belongs to; the multisample
 * state from the fragment output interface, else the fragment shader part.
 * Descriptor set layouts: the union of the libraries' layouts (independent
 * sets need nothing more here: set addresses and dynamic offsets are per
 * set, agxv_cmd_bind.c).
 *
 * Assumes: the pipeline cache is not used for graphics pipelines (nor for
 * libraries); shader modules may be destroyed after a library is created
 * (the library keeps its own copy of the SPIR-V).
 */
#ifndef AGXV_GRAPHICS_PIPELINE_LIBRARY_H
#define AGXV_GRAPHICS_PIPELINE_LIBRARY_H

#include <stdbool.h>
#include <vulkan/vulkan_core.h>

#include "agx_stage_info.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_graphics_state.h"
#include "agxv_shader_compile.h"

struct agxv_device;
struct agxv_pipeline;

#define AGXV_GPL_VI VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT
#define AGXV_GPL_PRE VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT
#define AGXV_GPL_FS VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT
#define AGXV_GPL_FO VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT
#define AGXV_GPL_ALL (AGXV_GPL_VI | AGXV_GPL_PRE | AGXV_GPL_FS | AGXV_GPL_FO)

/* The most stages a library keeps (vertex, tessellation x2, geometry, fragment). */
#define AGXV_GPL_MAX_STAGES 5

/* One retained shader stage: a private copy of the module and the
 * specialization, and the create info pointing at them. */
struct agxv_gpl_stage {
   VkPipelineShaderStageCreateInfo info;
   VkSpecializationInfo spec;
   struct agxv_shader_module *module;
};

/* Main shaders compiled when their library was created. */
struct agxv_gpl_precompiled {
   const struct agxv_compile_gfx_result *vs; /* unlinked (no vertex-fetch prolog) */
   const struct agxv_compile_gfx_result *fs; /* colours left for the epilog */
   struct agx_coverage_options fs_coverage;  /* what fs was compiled with */
   uint32_t vs_view, fs_view;                /* their agxv_view_flags */
};

struct agxv_gpl_library {
   VkGraphicsPipelineLibraryFlagsEXT parts;
   struct agxv_graphics_state state; /* the parts' state; dynamic: the parts' bits */
   uint32_t stage_count;
   struct agxv_gpl_stage stages[AGXV_GPL_MAX_STAGES];
   /* the union of the layouts (set layouts referenced) */
   struct agxv_pipeline_layout layout;
   bool has_vs, has_fs;
   struct agxv_compile_gfx_result vs, fs;
   struct agx_coverage_options fs_coverage;
   /* what vs, fs were compiled for (agxv_view_flags of the parts) */
   uint32_t vs_view, fs_view;
};

/* Whether a create info uses libraries (is one, or links some). */
bool agxv_gpl_applies(const VkGraphicsPipelineCreateInfo *info);

/* vkCreateGraphicsPipelines for a create info agxv_gpl_applies to. */
struct agxv_cache_use;
VkResult agxv_gpl_create(struct agxv_device *device, const VkGraphicsPipelineCreateInfo *info,
                         const VkAllocationCallbacks *alloc, struct agxv_cache_use *cu,
                         struct agxv_pipeline **out);

/* Frees a library (agxv_pipeline_destroy). */
void agxv_gpl_library_destroy(struct agxv_device *device, struct agxv_gpl_library *lib);

/* The static multisample state a fragment shader's main program applies. */
struct agx_coverage_options agxv_gpl_coverage_options(const struct agxv_graphics_state *s);

/* Compiles the main program of a vertex or fragment stage (a fragment
 * one with the colours left for the output epilog, the coverage options;
 * pre_uvs: the record of the linked last pre-rasterisation stage (its cull
 * distances to test, whether it writes ViewportIndex; NULL: not linked
 * yet, as in a library); view: agxv_view_flags; tiles (may be
 * NULL): the input attachments of a merged subpass in the tilebuffer), or copies
 * pre's if it fits (agxv_graphics_pipeline.c). epilog_key: the output
 * epilog a per-sample fragment shader inlines (NULL: not known yet, as in a
 * fragment shader library; such a shader is compiled again at link).
 * cu (may be NULL): the pipeline cache the result is looked up in and
 * stored to, and the record of its use for creation feedback. */
struct agx_fs_epilog_key;
VkResult agxv_graphics_compile_main(
   struct agxv_device *device, const VkPipelineShaderStageCreateInfo *stage,
   const struct agxv_pipeline_layout *layout, const struct agx_tilebuffer_layout *tib,
   const struct agx_coverage_options *coverage, uint32_t view,
   const struct agxv_subpass_tiles *tiles, const struct agx_uvs_layout *pre_uvs,
   const struct agxv_gpl_precompiled *pre, const struct agx_fs_epilog_key *epilog_key,
   struct agxv_cache_use *cu, struct agxv_compile_gfx_result *out);

/* Compiles and links the stages of a graphics pipeline whose state
 * (pipeline->graphics) is parsed (agxv_graphics_pipeline.c); pre: main
 * shaders already compiled (NULL: compile every stage); cu: the pipeline
 * cache's use (may be NULL). */
VkResult agxv_graphics_pipeline_build(struct agxv_device *device, struct agxv_pipeline *pipeline,
                                      uint32_t stage_count,
                                      const VkPipelineShaderStageCreateInfo *stages,
                                      const struct agxv_pipeline_layout *layout,
                                      const struct agxv_gpl_precompiled *pre,
                                      struct agxv_cache_use *cu);

#endif
