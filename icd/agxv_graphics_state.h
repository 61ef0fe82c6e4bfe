/*
 * Graphics pipeline state: every piece of Vulkan 1.3 graphics state a
 * pipeline can carry, parsed from VkGraphicsPipelineCreateInfo, plus the
 * command buffer's current ("dynamic") state with one dirty bit per piece.
 *
 * Model (the same split as Mesa's src/vulkan/runtime/vk_graphics_state.h,
 * which Honeykrisp's hk_cmd_draw.c reads through IS_DIRTY(...)):
 * - a pipeline's struct agxv_graphics_state holds the values baked into it
 *   and a mask of the states it leaves dynamic; a state marked dynamic is
 *   never read from the create info (its value stays at the default);
 * - the command buffer's struct agxv_dynamic_graphics_state holds the values
 *   in effect. Binding a pipeline copies its baked values in; vkCmdSet*
 *   setters write the dynamic ones. Either way a dirty bit is set only when
 *   a value really changes, so state emission can skip what did not.
 *
 * Assumes: the attachment formats come from VkPipelineRenderingCreateInfo
 * or, with a VkRenderPass, from its subpass (agxv_render_pass.c);
 * limits 16 viewports, 16 vertex bindings/attributes, 8 colour attachments
 * (hardware.md §15). Graphics pipeline libraries parse each part's state
 * separately and merge them (agxv_graphics_pipeline_library.c).
 */
#ifndef AGXV_GRAPHICS_STATE_H
#define AGXV_GRAPHICS_STATE_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "agx_tilebuffer.h"

#define AGXV_MAX_VIEWPORTS 16
#define AGXV_MAX_VERTEX_BINDINGS 16
#define AGXV_MAX_VERTEX_ATTRIBS 16
#define AGXV_MAX_RTS 8

/* One bit per independently settable piece of state (Mesa's
 * mesa_vk_dynamic_graphics_state grouping). */
enum agxv_dyn {
   AGXV_DYN_VI,                 /* vertex bindings + attributes (VERTEX_INPUT_EXT) */
   AGXV_DYN_VI_BINDING_STRIDES, /* binding strides */
   AGXV_DYN_IA_PRIMITIVE_TOPOLOGY,
   AGXV_DYN_IA_PRIMITIVE_RESTART_ENABLE,
   AGXV_DYN_TS_PATCH_CONTROL_POINTS,
   AGXV_DYN_TS_DOMAIN_ORIGIN,
   AGXV_DYN_VP_VIEWPORT_COUNT,
   AGXV_DYN_VP_VIEWPORTS,
   AGXV_DYN_VP_SCISSOR_COUNT,
   AGXV_DYN_VP_SCISSORS,
   AGXV_DYN_RS_RASTERIZER_DISCARD_ENABLE,
   AGXV_DYN_RS_DEPTH_CLAMP_ENABLE,
   AGXV_DYN_RS_DEPTH_CLIP_ENABLE,
   AGXV_DYN_RS_POLYGON_MODE,
   AGXV_DYN_RS_CULL_MODE,
   AGXV_DYN_RS_FRONT_FACE,
   AGXV_DYN_RS_PROVOKING_VERTEX,
   AGXV_DYN_RS_DEPTH_BIAS_ENABLE,
   AGXV_DYN_RS_DEPTH_BIAS_FACTORS,
   AGXV_DYN_RS_LINE_WIDTH,
   AGXV_DYN_RS_LINE_MODE,
   AGXV_DYN_RS_LINE_STIPPLE_ENABLE,
   AGXV_DYN_RS_LINE_STIPPLE,
   AGXV_DYN_MS_RASTERIZATION_SAMPLES,
   AGXV_DYN_MS_SAMPLE_MASK,
   AGXV_DYN_MS_ALPHA_TO_COVERAGE_ENABLE,
   AGXV_DYN_MS_ALPHA_TO_ONE_ENABLE,
   AGXV_DYN_MS_SAMPLE_LOCATIONS_ENABLE,
   AGXV_DYN_DS_DEPTH_TEST_ENABLE,
   AGXV_DYN_DS_DEPTH_WRITE_ENABLE,
   AGXV_DYN_DS_DEPTH_COMPARE_OP,
   AGXV_DYN_DS_DEPTH_BOUNDS_TEST_ENABLE,
   AGXV_DYN_DS_DEPTH_BOUNDS_TEST_BOUNDS,
   AGXV_DYN_DS_STENCIL_TEST_ENABLE,
   AGXV_DYN_DS_STENCIL_OP,
   AGXV_DYN_DS_STENCIL_COMPARE_MASK,
   AGXV_DYN_DS_STENCIL_WRITE_MASK,
   AGXV_DYN_DS_STENCIL_REFERENCE,
   AGXV_DYN_CB_LOGIC_OP_ENABLE,
   AGXV_DYN_CB_LOGIC_OP,
   AGXV_DYN_CB_COLOR_WRITE_ENABLES,
   AGXV_DYN_CB_BLEND_ENABLES,
   AGXV_DYN_CB_BLEND_EQUATIONS,
   AGXV_DYN_CB_WRITE_MASKS,
   AGXV_DYN_CB_BLEND_CONSTANTS,
   /* Never dynamic, but changed by binding a pipeline: sample shading
    * (ms.sample_shading_enable, ms.min_sample_shading) and the rendering
    * formats/view mask (rp, cb.attachment_count). */
   AGXV_DYN_MS_SAMPLE_SHADING,
   AGXV_DYN_RP,
   AGXV_DYN_COUNT,
};

#define AGXV_DYN_BIT(x) (UINT64_C(1) << AGXV_DYN_##x)
#define AGXV_DYN_ALL ((UINT64_C(1) << AGXV_DYN_COUNT) - 1)

struct agxv_vertex_binding {
   uint32_t stride;
   VkVertexInputRate input_rate;
   uint32_t divisor; /* VK_EXT_vertex_attribute_divisor; 1 when absent */
};

struct agxv_vertex_attribute {
   uint32_t binding;
   VkFormat format;
   uint32_t offset;
};

struct agxv_vi_state {
   uint32_t bindings_valid;   /* bit per binding number */
   uint32_t attributes_valid; /* bit per location */
   struct agxv_vertex_binding bindings[AGXV_MAX_VERTEX_BINDINGS];
   struct agxv_vertex_attribute attributes[AGXV_MAX_VERTEX_ATTRIBS];
};

struct agxv_ia_state {
   VkPrimitiveTopology topology;
   bool primitive_restart_enable;
};

/* Stored only: tessellation is emulated later (emulation.md). */
struct agxv_ts_state {
   uint32_t patch_control_points;
   VkTessellationDomainOrigin domain_origin;
};

struct agxv_vp_state {
   uint32_t viewport_count;
   uint32_t scissor_count;
   VkViewport viewports[AGXV_MAX_VIEWPORTS];
   VkRect2D scissors[AGXV_MAX_VIEWPORTS];
};

/* VK_EXT_depth_clip_enable: without its struct, depth clipping is the
 * opposite of depth clamping (Vulkan spec, "Primitive Clipping"). */
enum agxv_depth_clip {
   AGXV_DEPTH_CLIP_FALSE,
   AGXV_DEPTH_CLIP_TRUE,
   AGXV_DEPTH_CLIP_NOT_CLAMP,
};

struct agxv_rs_state {
   bool rasterizer_discard_enable;
   bool depth_clamp_enable;
   enum agxv_depth_clip depth_clip;
   VkPolygonMode polygon_mode;
   VkCullModeFlags cull_mode;
   VkFrontFace front_face;
   VkProvokingVertexModeEXT provoking_vertex;
   /* VkPipelineRasterizationStateStreamCreateInfoEXT: the geometry shader's
    * vertex stream that is rasterized (agxv_graphics_pipeline_gs.c) */
   uint32_t rasterization_stream;
   struct {
      bool enable;
      float constant_factor;
      float clamp;
      float slope_factor;
   } depth_bias;
   struct {
      float width;
      VkLineRasterizationModeEXT mode;
      bool stipple_enable;
      uint32_t stipple_factor;
      uint16_t stipple_pattern;
   } line;
};

struct agxv_ms_state {
   VkSampleCountFlagBits rasterization_samples;
   bool sample_shading_enable;
   float min_sample_shading;
   uint32_t sample_mask; /* pSampleMask[0], all ones without it (≤ 4 samples) */
   bool alpha_to_coverage_enable;
   bool alpha_to_one_enable;
   bool sample_locations_enable;
};

struct agxv_stencil_face {
   VkStencilOp fail;
   VkStencilOp pass;
   VkStencilOp depth_fail;
   VkCompareOp compare;
   uint8_t compare_mask;
   uint8_t write_mask;
   uint8_t reference;
};

struct agxv_ds_state {
   bool depth_test_enable;
   bool depth_write_enable;
   VkCompareOp depth_compare_op;
   bool depth_bounds_test_enable;
   float min_depth_bounds;
   float max_depth_bounds;
   bool stencil_test_enable;
   struct agxv_stencil_face front;
   struct agxv_stencil_face back;
};

struct agxv_cb_attachment {
   bool blend_enable;
   VkBlendFactor src_color_blend_factor;
   VkBlendFactor dst_color_blend_factor;
   VkBlendOp color_blend_op;
   VkBlendFactor src_alpha_blend_factor;
   VkBlendFactor dst_alpha_blend_factor;
   VkBlendOp alpha_blend_op;
   VkColorComponentFlags write_mask;
};

struct agxv_cb_state {
   uint32_t attachment_count;
   bool logic_op_enable;
   VkLogicOp logic_op;
   uint32_t color_write_enables; /* VK_EXT_color_write_enable; bit per attachment */
   struct agxv_cb_attachment attachments[AGXV_MAX_RTS];
   float blend_constants[4];
};

/* A subpass of a render pass that shares its render command with other
 * subpasses (agxv_render_pass_merge.c): where its colour attachments and
 * input attachments live in the tilebuffer of the merged group. */
struct agxv_subpass_tiles {
   bool merged; /* false: the subpass is a render command of its own */
   /* the group's tilebuffer with RT j = the subpass's colour attachment j
    * (format and offset of the group's RT holding it; sample size, samples
    * and utile the group's): the layout its pipelines store to */
   struct agx_tilebuffer_layout view;
   /* the group's tilebuffer holds render targets the subpass does not bind:
    * its fragments never hide earlier ones (translucent pass type) */
   bool other_rts;
   /* by InputAttachmentIndex: an input attachment in the group's
    * tilebuffer (format AGX_TIB_NONE: read as a texture) */
   struct {
      uint8_t format, offset_B;
   } inputs[AGXV_MAX_RTS];
};

/* VkPipelineRenderingCreateInfo (never dynamic). */
struct agxv_rp_state {
   uint32_t view_mask;
   uint32_t color_attachment_count;
   VkFormat color_formats[AGXV_MAX_RTS];
   VkFormat depth_format;
   VkFormat stencil_format;
   struct agxv_subpass_tiles tiles; /* pipelines made for a subpass of a render pass */
};

struct agxv_graphics_state {
   uint64_t dynamic; /* AGXV_DYN_BIT(x) for each state left dynamic */
   /* The stages (VkShaderStageFlags) whose pipeline (part) was created with
    * VK_PIPELINE_CREATE_VIEW_INDEX_FROM_DEVICE_INDEX_BIT: their ViewIndex is
    * the device index. Read only when shaders are compiled (not bound
    * state: agxv_dyn_bind_pipeline leaves it). */
   uint32_t view_index_device_stages;
   struct agxv_vi_state vi;
   struct agxv_ia_state ia;
   struct agxv_ts_state ts;
   struct agxv_vp_state vp;
   struct agxv_rs_state rs;
   struct agxv_ms_state ms;
   struct agxv_ds_state ds;
   struct agxv_cb_state cb;
   struct agxv_rp_state rp;
};

/* How a stage of pipeline state s reads and renders views
 * (agxv_graphics_compile_main): AGXV_VIEW_MULTIVIEW for a view mask,
 * AGXV_VIEW_DEVICE_INDEX when its ViewIndex is the device index. */
#define AGXV_VIEW_MULTIVIEW 1u
#define AGXV_VIEW_DEVICE_INDEX 2u
static inline uint32_t
agxv_view_flags(const struct agxv_graphics_state *s, VkShaderStageFlagBits stage)
{
   return (s->rp.view_mask ? AGXV_VIEW_MULTIVIEW : 0) |
          ((s->view_index_device_stages & stage) ? AGXV_VIEW_DEVICE_INDEX : 0);
}

/* Vulkan's defaults for everything (what a state left dynamic holds). */
void agxv_graphics_state_defaults(struct agxv_graphics_state *s);

/* The AGXV_DYN_* bits one VkDynamicState covers; 0 if not supported. */
uint64_t agxv_dyn_bits_from_vk(VkDynamicState state);

/* Parses a graphics pipeline's create info. Follows the spec's "ignored"
 * rules (rasterizer discard, no depth/stencil or colour formats, no
 * tessellation stages) so dangling pointers are never read. Returns
 * VK_ERROR_UNKNOWN (and logs why) for state this driver cannot hold. */
VkResult agxv_graphics_state_init(struct agxv_graphics_state *s,
                                  const VkGraphicsPipelineCreateInfo *info);

/* Effective depth clip (VK_EXT_depth_clip_enable rule). */
static inline bool
agxv_rs_depth_clip_enable(const struct agxv_rs_state *rs)
{
   return rs->depth_clip == AGXV_DEPTH_CLIP_NOT_CLAMP ? !rs->depth_clamp_enable
                                                      : rs->depth_clip == AGXV_DEPTH_CLIP_TRUE;
}

/* The command buffer's state in effect and what changed since the last
 * agxv_dyn_clear_dirty. */
/* Which groups of state two pipelines hold identically and which they
 * hold differently (bit per group of agxv_dyn_bind_pipeline; groups without
 * dynamic state in either), with the dirty bits the differing groups gave,
 * remembered per command buffer so that switching between pipelines
 * compares their groups once, not at every bind: a differing group is then
 * copied whole and its bits set without comparing field by field. */
struct agxv_dyn_bind_memo {
   const struct agxv_graphics_state *from, *to;
   uint32_t equal, differ;
   uint64_t dirty; /* the dirty bits of the `differ` groups */
};
#define AGXV_DYN_BIND_MEMOS 4u

struct agxv_dynamic_graphics_state {
   struct agxv_graphics_state s; /* s.dynamic: the bound pipeline's mask */
   uint64_t dirty;
   /* The pipeline state bound last (NULL: none) and the bits the vkCmdSet*
    * setters changed since (every setter goes through SET / SET_ARRAY in
    * agxv_graphics_state.c, which record them): while none changed, each
    * group of state without dynamic bits in `bound` holds exactly
    * bound's bytes. */
   const struct agxv_graphics_state *bound;
   uint64_t changed;
   struct agxv_dyn_bind_memo memo[AGXV_DYN_BIND_MEMOS];
   uint32_t memo_next;
};

/* Defaults, everything dirty (start of a command buffer). */
void agxv_dyn_init(struct agxv_dynamic_graphics_state *d);
static inline void
agxv_dyn_clear_dirty(struct agxv_dynamic_graphics_state *d)
{
   d->dirty = 0;
}

/* vkCmdBindPipeline: takes the pipeline's baked (non-dynamic) values. */
void agxv_dyn_bind_pipeline(struct agxv_dynamic_graphics_state *d,
                            const struct agxv_graphics_state *pipeline);

/* vkCmdSet* (core 1.3, VK_EXT_vertex_input_dynamic_state, extended dynamic
 * state 2/3, color write enable). Each marks its bit dirty on a change. */
void agxv_dyn_set_viewports(struct agxv_dynamic_graphics_state *d, uint32_t first, uint32_t count,
                            const VkViewport *viewports);
void agxv_dyn_set_viewport_with_count(struct agxv_dynamic_graphics_state *d, uint32_t count,
                                      const VkViewport *viewports);
void agxv_dyn_set_scissors(struct agxv_dynamic_graphics_state *d, uint32_t first, uint32_t count,
                           const VkRect2D *scissors);
void agxv_dyn_set_scissor_with_count(struct agxv_dynamic_graphics_state *d, uint32_t count,
                                     const VkRect2D *scissors);
void agxv_dyn_set_line_width(struct agxv_dynamic_graphics_state *d, float width);
void agxv_dyn_set_depth_bias(struct agxv_dynamic_graphics_state *d, float constant, float clamp,
                             float slope);
void agxv_dyn_set_blend_constants(struct agxv_dynamic_graphics_state *d, const float c[4]);
void agxv_dyn_set_depth_bounds(struct agxv_dynamic_graphics_state *d, float min, float max);
void agxv_dyn_set_stencil_compare_mask(struct agxv_dynamic_graphics_state *d,
                                       VkStencilFaceFlags faces, uint32_t mask);
void agxv_dyn_set_stencil_write_mask(struct agxv_dynamic_graphics_state *d,
                                     VkStencilFaceFlags faces, uint32_t mask);
void agxv_dyn_set_stencil_reference(struct agxv_dynamic_graphics_state *d, VkStencilFaceFlags faces,
                                    uint32_t reference);
void agxv_dyn_set_cull_mode(struct agxv_dynamic_graphics_state *d, VkCullModeFlags mode);
void agxv_dyn_set_front_face(struct agxv_dynamic_graphics_state *d, VkFrontFace face);
void agxv_dyn_set_primitive_topology(struct agxv_dynamic_graphics_state *d,
                                     VkPrimitiveTopology topology);
void agxv_dyn_set_vertex_binding_strides(struct agxv_dynamic_graphics_state *d, uint32_t first,
                                         uint32_t count, const VkDeviceSize *strides);
void agxv_dyn_set_depth_test_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_depth_write_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_depth_compare_op(struct agxv_dynamic_graphics_state *d, VkCompareOp op);
void agxv_dyn_set_depth_bounds_test_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_stencil_test_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_stencil_op(struct agxv_dynamic_graphics_state *d, VkStencilFaceFlags faces,
                             VkStencilOp fail, VkStencilOp pass, VkStencilOp depth_fail,
                             VkCompareOp compare);
void agxv_dyn_set_rasterizer_discard_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_depth_bias_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_primitive_restart_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_patch_control_points(struct agxv_dynamic_graphics_state *d, uint32_t points);
void agxv_dyn_set_logic_op(struct agxv_dynamic_graphics_state *d, VkLogicOp op);
void agxv_dyn_set_vertex_input(struct agxv_dynamic_graphics_state *d, uint32_t binding_count,
                               const VkVertexInputBindingDescription2EXT *bindings,
                               uint32_t attribute_count,
                               const VkVertexInputAttributeDescription2EXT *attributes);
void agxv_dyn_set_tessellation_domain_origin(struct agxv_dynamic_graphics_state *d,
                                             VkTessellationDomainOrigin origin);
void agxv_dyn_set_depth_clamp_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_depth_clip_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_polygon_mode(struct agxv_dynamic_graphics_state *d, VkPolygonMode mode);
void agxv_dyn_set_provoking_vertex(struct agxv_dynamic_graphics_state *d,
                                   VkProvokingVertexModeEXT mode);
void agxv_dyn_set_line_rasterization_mode(struct agxv_dynamic_graphics_state *d,
                                          VkLineRasterizationModeEXT mode);
void agxv_dyn_set_line_stipple_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_line_stipple(struct agxv_dynamic_graphics_state *d, uint32_t factor,
                               uint16_t pattern);
void agxv_dyn_set_rasterization_samples(struct agxv_dynamic_graphics_state *d,
                                        VkSampleCountFlagBits samples);
void agxv_dyn_set_sample_mask(struct agxv_dynamic_graphics_state *d, VkSampleCountFlagBits samples,
                              const VkSampleMask *mask);
void agxv_dyn_set_alpha_to_coverage_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_alpha_to_one_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_sample_locations_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_logic_op_enable(struct agxv_dynamic_graphics_state *d, bool enable);
void agxv_dyn_set_color_blend_enable(struct agxv_dynamic_graphics_state *d, uint32_t first,
                                     uint32_t count, const VkBool32 *enables);
void agxv_dyn_set_color_blend_equation(struct agxv_dynamic_graphics_state *d, uint32_t first,
                                       uint32_t count, const VkColorBlendEquationEXT *equations);
void agxv_dyn_set_color_write_mask(struct agxv_dynamic_graphics_state *d, uint32_t first,
                                   uint32_t count, const VkColorComponentFlags *masks);
void agxv_dyn_set_color_write_enable(struct agxv_dynamic_graphics_state *d, uint32_t count,
                                     const VkBool32 *enables);

#endif
