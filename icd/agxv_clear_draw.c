/*
 * Clears as draws inside the render command (agxv_clear_draw.h): vkCmdClearAttachments and
 * load-op clears of a partial render area.
 *
 * A clear pipeline per key (the subpass's tilebuffer view and colour formats, sample count,
 * written colour attachments, depth/stencil aspects, layered or not, view mask), compiled the
 * first time the key is drawn and kept on the device. Its shaders are SPIR-V written here:
 *   - the vertex shader emits a quad over the whole viewport (a 4-vertex strip from
 *     VertexIndex: the Vulkan form of vk_meta's rectangle-list topology) and, for clears of
 *     several layers outside multiview, the layer from InstanceIndex (no geometry shader;
 *     firstInstance is the rectangle's baseArrayLayer);
 *   - the fragment shader writes each cleared attachment's value from push constants (16
 *     bytes per attachment, as the attachment's numeric type); attachments it does not write
 *     keep their pixels (the output epilog stores only written render targets).
 * The rectangle is the viewport and scissor; depth comes from the viewport
 * (minDepth = maxDepth = the clear value, z = 0), stencil from the reference with
 * compare ALWAYS, op REPLACE and write mask 0xFF, as vk_meta_clear.c clears depth through the
 * rectangle's z and stencil through the reference. Multiview passes draw it once per view of
 * the mask (the pipeline has the pass's view mask, agxv_multiview.h).
 *
 * The draw goes through the ordinary draw path with the pipeline bound, so everything it
 * changes is restored afterwards: the graphics bind point (pipeline, push constants), the
 * dynamic state and the draw cache's dirty bits (the next application draw re-emits its
 * state, as after a pipeline switch). Occlusion queries, pipeline statistics and transform
 * feedback are paused around it (vkCmdClearAttachments is not a draw for them).
 */
#include "agxv_clear_draw.h"

#include <pthread.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_cmd_buffer.h"
#include "agxv_cmd_draw_gs.h"
#include "agxv_device.h"
#include "agxv_entrypoints.h"
#include "agxv_format.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_graphics_pipeline_library.h"
#include "agxv_log.h"
#include "agxv_pipeline.h"

/* ---- the key and the device cache ---------------------------------------- */

struct clear_key {
   struct agx_tilebuffer_layout tib; /* the subpass's view (rs->sub_tib) */
   VkFormat formats[AGXV_MAX_RTS];   /* the subpass's colour formats */
   uint32_t view_mask;
   uint8_t color_count; /* the subpass's colour attachments */
   uint8_t color_mask;  /* written ones */
   uint8_t samples;
   bool merged; /* sub_tib is a view of a merged group's tilebuffer */
   bool depth, stencil;
   bool has_depth, has_stencil; /* the subpass's depth/stencil attachments */
   bool layered;                /* the layer from InstanceIndex */
};

struct agxv_clear_pipeline {
   struct clear_key key;
   struct agxv_pipeline *pipeline;
   struct agxv_clear_pipeline *next;
};

static pthread_mutex_t clear_mutex = PTHREAD_MUTEX_INITIALIZER;

void
agxv_clear_draw_finish(struct agxv_device *device)
{
   struct agxv_clear_pipeline *p = device->clear_pipelines;
   while (p) {
      struct agxv_clear_pipeline *next = p->next;
      agxv_pipeline_destroy(device, p->pipeline, &device->alloc);
      agxv_free(&device->alloc, p);
      p = next;
   }
   device->clear_pipelines = NULL;
   if (device->clear_layout)
      agxv_DestroyPipelineLayout(agxv_device_to_handle(device), device->clear_layout, NULL);
   device->clear_layout = VK_NULL_HANDLE;
}

uint32_t
agxv_clear_draw_pipeline_count(struct agxv_device *device)
{
   uint32_t n = 0;
   pthread_mutex_lock(&clear_mutex);
   for (struct agxv_clear_pipeline *p = device->clear_pipelines; p; p = p->next)
      n++;
   pthread_mutex_unlock(&clear_mutex);
   return n;
}

/* ---- SPIR-V ---------------------------------------------------------------- */

/* SPIR-V enumerants used below (SPIR-V specification, "Binary Form"). */
enum {
   OP_EXTENSION = 10,
   OP_MEMORY_MODEL = 14,
   OP_ENTRY_POINT = 15,
   OP_EXECUTION_MODE = 16,
   OP_CAPABILITY = 17,
   OP_TYPE_VOID = 19,
   OP_TYPE_INT = 21,
   OP_TYPE_FLOAT = 22,
   OP_TYPE_VECTOR = 23,
   OP_TYPE_ARRAY = 28,
   OP_TYPE_STRUCT = 30,
   OP_TYPE_POINTER = 32,
   OP_TYPE_FUNCTION = 33,
   OP_CONSTANT = 43,
   OP_FUNCTION = 54,
   OP_FUNCTION_END = 56,
   OP_VARIABLE = 59,
   OP_LOAD = 61,
   OP_STORE = 62,
   OP_ACCESS_CHAIN = 65,
   OP_DECORATE = 71,
   OP_MEMBER_DECORATE = 72,
   OP_COMPOSITE_CONSTRUCT = 80,
   OP_CONVERT_S_TO_F = 111,
   OP_BITCAST = 124,
   OP_ISUB = 130,
   OP_IMUL = 132,
   OP_SHIFT_RIGHT_LOGICAL = 194,
   OP_BITWISE_AND = 199,
   OP_LABEL = 248,
   OP_RETURN = 253,
   CAP_SHADER = 1,
   CAP_VIEWPORT_INDEX_LAYER = 5254, /* ShaderViewportIndexLayerEXT */
   SC_INPUT = 1,
   SC_OUTPUT = 3,
   SC_PUSH_CONSTANT = 9,
   DEC_BLOCK = 2,
   DEC_ARRAY_STRIDE = 6,
   DEC_BUILTIN = 11,
   DEC_LOCATION = 30,
   DEC_OFFSET = 35,
   BUILTIN_POSITION = 0,
   BUILTIN_LAYER = 9,
   BUILTIN_VERTEX_INDEX = 42,
   BUILTIN_INSTANCE_INDEX = 43,
   EXEC_MODEL_VERTEX = 0,
   EXEC_MODEL_FRAGMENT = 4,
   EXEC_MODE_ORIGIN_UPPER_LEFT = 7,
};

#define SPV_WORDS 640u

struct spv {
   uint32_t w[SPV_WORDS];
   uint32_t n;
   uint32_t bound;
   bool overflow;
};

static void
spv_word(struct spv *s, uint32_t v)
{
   if (s->n < SPV_WORDS)
      s->w[s->n++] = v;
   else
      s->overflow = true;
}

/* One instruction of `count` operand words. */
static void
spv_op(struct spv *s, uint32_t op, uint32_t count, const uint32_t *operands)
{
   spv_word(s, (count + 1) << 16 | op);
   for (uint32_t i = 0; i < count; i++)
      spv_word(s, operands[i]);
}

#define OP(s, op, ...)                               \
   do {                                              \
      const uint32_t o_[] = {__VA_ARGS__};           \
      spv_op(s, op, sizeof(o_) / sizeof(o_[0]), o_); \
   } while (0)

/* An instruction whose operands end with a literal string (nul-terminated, padded). */
static void
spv_op_str(struct spv *s, uint32_t op, uint32_t count, const uint32_t *pre, const char *str,
           uint32_t post_count, const uint32_t *post)
{
   uint32_t len = (uint32_t)strlen(str), str_words = len / 4 + 1;
   spv_word(s, (1 + count + str_words + post_count) << 16 | op);
   for (uint32_t i = 0; i < count; i++)
      spv_word(s, pre[i]);
   for (uint32_t i = 0; i < str_words; i++) {
      uint32_t v = 0;
      for (uint32_t b = 0; b < 4; b++) {
         uint32_t k = 4 * i + b;
         v |= (k < len ? (uint32_t)(uint8_t)str[k] : 0u) << (8 * b);
      }
      spv_word(s, v);
   }
   for (uint32_t i = 0; i < post_count; i++)
      spv_word(s, post[i]);
}

static void
spv_header(struct spv *s)
{
   s->n = 0;
   spv_word(s, 0x07230203u); /* magic */
   spv_word(s, 0x00010000u); /* version 1.0 */
   spv_word(s, 0);           /* generator */
   spv_word(s, 0);           /* bound, set at the end */
   spv_word(s, 0);           /* schema */
}

static uint32_t
spv_id(struct spv *s)
{
   return s->bound++;
}

/* The vertex shader: a quad over the viewport, strip order (-1,-1) (1,-1) (-1,1) (1,1);
 * with `layered` the layer is InstanceIndex. */
static void
build_vs(struct spv *s, bool layered)
{
   s->bound = 1;
   uint32_t t_void = spv_id(s), t_fn = spv_id(s), t_int = spv_id(s), t_float = spv_id(s);
   uint32_t t_v4f = spv_id(s), p_in_int = spv_id(s), p_out_v4f = spv_id(s);
   uint32_t p_out_int = spv_id(s), v_vid = spv_id(s), v_iid = spv_id(s), v_pos = spv_id(s);
   uint32_t v_layer = spv_id(s), c1 = spv_id(s), c2 = spv_id(s), f0 = spv_id(s), f1 = spv_id(s);
   uint32_t main = spv_id(s), label = spv_id(s);
   spv_header(s);
   OP(s, OP_CAPABILITY, CAP_SHADER);
   if (layered) {
      OP(s, OP_CAPABILITY, CAP_VIEWPORT_INDEX_LAYER);
      spv_op_str(s, OP_EXTENSION, 0, NULL, "SPV_EXT_shader_viewport_index_layer", 0, NULL);
   }
   OP(s, OP_MEMORY_MODEL, 0, 1); /* Logical GLSL450 */
   uint32_t iface[] = {v_vid, v_iid, v_pos, v_layer};
   spv_op_str(s, OP_ENTRY_POINT, 2, (uint32_t[]){EXEC_MODEL_VERTEX, main}, "main", layered ? 4 : 3,
              iface);
   OP(s, OP_DECORATE, v_vid, DEC_BUILTIN, BUILTIN_VERTEX_INDEX);
   OP(s, OP_DECORATE, v_iid, DEC_BUILTIN, BUILTIN_INSTANCE_INDEX);
   OP(s, OP_DECORATE, v_pos, DEC_BUILTIN, BUILTIN_POSITION);
   if (layered)
      OP(s, OP_DECORATE, v_layer, DEC_BUILTIN, BUILTIN_LAYER);
   OP(s, OP_TYPE_VOID, t_void);
   OP(s, OP_TYPE_FUNCTION, t_fn, t_void);
   OP(s, OP_TYPE_INT, t_int, 32, 1);
   OP(s, OP_TYPE_FLOAT, t_float, 32);
   OP(s, OP_TYPE_VECTOR, t_v4f, t_float, 4);
   OP(s, OP_TYPE_POINTER, p_in_int, SC_INPUT, t_int);
   OP(s, OP_TYPE_POINTER, p_out_v4f, SC_OUTPUT, t_v4f);
   OP(s, OP_TYPE_POINTER, p_out_int, SC_OUTPUT, t_int);
   OP(s, OP_CONSTANT, t_int, c1, 1);
   OP(s, OP_CONSTANT, t_int, c2, 2);
   OP(s, OP_CONSTANT, t_float, f0, 0);
   OP(s, OP_CONSTANT, t_float, f1, 0x3f800000u);
   OP(s, OP_VARIABLE, p_in_int, v_vid, SC_INPUT);
   OP(s, OP_VARIABLE, p_in_int, v_iid, SC_INPUT);
   OP(s, OP_VARIABLE, p_out_v4f, v_pos, SC_OUTPUT);
   if (layered)
      OP(s, OP_VARIABLE, p_out_int, v_layer, SC_OUTPUT);
   OP(s, OP_FUNCTION, t_void, main, 0, t_fn);
   OP(s, OP_LABEL, label);
   uint32_t vid = spv_id(s), bx = spv_id(s), by = spv_id(s), mx = spv_id(s), my = spv_id(s);
   uint32_t ix = spv_id(s), iy = spv_id(s), fx = spv_id(s), fy = spv_id(s), pos = spv_id(s);
   OP(s, OP_LOAD, t_int, vid, v_vid);
   OP(s, OP_BITWISE_AND, t_int, bx, vid, c1);
   OP(s, OP_SHIFT_RIGHT_LOGICAL, t_int, by, vid, c1);
   OP(s, OP_IMUL, t_int, mx, bx, c2);
   OP(s, OP_IMUL, t_int, my, by, c2);
   OP(s, OP_ISUB, t_int, ix, mx, c1);
   OP(s, OP_ISUB, t_int, iy, my, c1);
   OP(s, OP_CONVERT_S_TO_F, t_float, fx, ix);
   OP(s, OP_CONVERT_S_TO_F, t_float, fy, iy);
   OP(s, OP_COMPOSITE_CONSTRUCT, t_v4f, pos, fx, fy, f0, f1);
   OP(s, OP_STORE, v_pos, pos);
   if (layered) {
      uint32_t iid = spv_id(s);
      OP(s, OP_LOAD, t_int, iid, v_iid);
      OP(s, OP_STORE, v_layer, iid);
   }
   OP(s, OP_RETURN);
   OP(s, OP_FUNCTION_END);
   s->w[3] = s->bound;
}

/* The fragment shader: output j (bit j of mask) = push constant bytes 16 j.. as the type of
 * base_type[j] (0 float, 1 signed, 2 unsigned: agx_tib_format_info.base_type). */
static void
build_fs(struct spv *s, uint32_t mask, const uint8_t *base_type)
{
   s->bound = 1;
   uint32_t t_void = spv_id(s), t_fn = spv_id(s), t_uint = spv_id(s), t_int = spv_id(s);
   uint32_t t_float = spv_id(s), t_vec[3], p_out[3];
   t_vec[0] = spv_id(s), t_vec[1] = spv_id(s), t_vec[2] = spv_id(s);
   p_out[0] = spv_id(s), p_out[1] = spv_id(s), p_out[2] = spv_id(s);
   uint32_t c8 = spv_id(s), t_arr = spv_id(s), t_block = spv_id(s), p_pc_block = spv_id(s);
   uint32_t p_pc_v4u = spv_id(s), v_pc = spv_id(s), ci[AGXV_MAX_RTS], v_out[AGXV_MAX_RTS];
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++)
      ci[j] = spv_id(s), v_out[j] = spv_id(s);
   uint32_t main = spv_id(s), label = spv_id(s);
   spv_header(s);
   OP(s, OP_CAPABILITY, CAP_SHADER);
   OP(s, OP_MEMORY_MODEL, 0, 1);
   uint32_t iface[AGXV_MAX_RTS], n = 0;
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++)
      if (mask & (1u << j))
         iface[n++] = v_out[j];
   spv_op_str(s, OP_ENTRY_POINT, 2, (uint32_t[]){EXEC_MODEL_FRAGMENT, main}, "main", n, iface);
   OP(s, OP_EXECUTION_MODE, main, EXEC_MODE_ORIGIN_UPPER_LEFT);
   OP(s, OP_DECORATE, t_arr, DEC_ARRAY_STRIDE, 16);
   OP(s, OP_DECORATE, t_block, DEC_BLOCK);
   OP(s, OP_MEMBER_DECORATE, t_block, 0, DEC_OFFSET, 0);
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++)
      if (mask & (1u << j))
         OP(s, OP_DECORATE, v_out[j], DEC_LOCATION, j);
   OP(s, OP_TYPE_VOID, t_void);
   OP(s, OP_TYPE_FUNCTION, t_fn, t_void);
   OP(s, OP_TYPE_INT, t_uint, 32, 0);
   OP(s, OP_TYPE_INT, t_int, 32, 1);
   OP(s, OP_TYPE_FLOAT, t_float, 32);
   OP(s, OP_TYPE_VECTOR, t_vec[0], t_float, 4);
   OP(s, OP_TYPE_VECTOR, t_vec[1], t_int, 4);
   OP(s, OP_TYPE_VECTOR, t_vec[2], t_uint, 4);
   for (uint32_t t = 0; t < 3; t++)
      OP(s, OP_TYPE_POINTER, p_out[t], SC_OUTPUT, t_vec[t]);
   OP(s, OP_CONSTANT, t_uint, c8, AGXV_MAX_RTS);
   OP(s, OP_TYPE_ARRAY, t_arr, t_vec[2], c8);
   OP(s, OP_TYPE_STRUCT, t_block, t_arr);
   OP(s, OP_TYPE_POINTER, p_pc_block, SC_PUSH_CONSTANT, t_block);
   OP(s, OP_TYPE_POINTER, p_pc_v4u, SC_PUSH_CONSTANT, t_vec[2]);
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++)
      OP(s, OP_CONSTANT, t_int, ci[j], j);
   OP(s, OP_VARIABLE, p_pc_block, v_pc, SC_PUSH_CONSTANT);
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++)
      if (mask & (1u << j))
         OP(s, OP_VARIABLE, p_out[base_type[j] < 3 ? base_type[j] : 0], v_out[j], SC_OUTPUT);
   OP(s, OP_FUNCTION, t_void, main, 0, t_fn);
   OP(s, OP_LABEL, label);
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++) {
      if (!(mask & (1u << j)))
         continue;
      uint32_t t = base_type[j] < 3 ? base_type[j] : 0;
      uint32_t ptr = spv_id(s), raw = spv_id(s), val = spv_id(s);
      OP(s, OP_ACCESS_CHAIN, p_pc_v4u, ptr, v_pc, ci[0], ci[j]);
      OP(s, OP_LOAD, t_vec[2], raw, ptr);
      if (t == 2) {
         OP(s, OP_STORE, v_out[j], raw);
      } else {
         OP(s, OP_BITCAST, t_vec[t], val, raw);
         OP(s, OP_STORE, v_out[j], val);
      }
   }
   OP(s, OP_RETURN);
   OP(s, OP_FUNCTION_END);
   s->w[3] = s->bound;
}

/* ---- the pipeline ------------------------------------------------------------ */

static VkResult
clear_layout(struct agxv_device *device, VkPipelineLayout *out)
{
   if (!device->clear_layout) {
      VkPushConstantRange range = {VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16 * AGXV_MAX_RTS};
      VkPipelineLayoutCreateInfo li = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
         .pushConstantRangeCount = 1,
         .pPushConstantRanges = &range,
      };
      VkResult r =
         agxv_CreatePipelineLayout(agxv_device_to_handle(device), &li, NULL, &device->clear_layout);
      if (r != VK_SUCCESS)
         return r;
   }
   *out = device->clear_layout;
   return VK_SUCCESS;
}

static VkResult
create_pipeline(struct agxv_device *device, const struct clear_key *k, struct agxv_pipeline **out)
{
   VkPipelineLayout layout;
   VkResult result = clear_layout(device, &layout);
   if (result != VK_SUCCESS)
      return result;
   static struct spv vs, fs; /* under clear_mutex */
   build_vs(&vs, k->layered);
   uint8_t base_type[AGXV_MAX_RTS] = {0};
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++) {
      const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)k->tib.format[j]);
      base_type[j] = fi ? fi->base_type : 0;
   }
   build_fs(&fs, k->color_mask, base_type);
   if (vs.overflow || fs.overflow)
      return agxv_error(VK_ERROR_UNKNOWN, "clear shader does not fit");
   VkShaderModuleCreateInfo vsm = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0, vs.n * 4,
                                   vs.w};
   VkShaderModuleCreateInfo fsm = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0, fs.n * 4,
                                   fs.w};
   VkPipelineShaderStageCreateInfo stages[2] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, &vsm, 0, VK_SHADER_STAGE_VERTEX_BIT,
       VK_NULL_HANDLE, "main", NULL},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, &fsm, 0, VK_SHADER_STAGE_FRAGMENT_BIT,
       VK_NULL_HANDLE, "main", NULL},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
   };
   VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .scissorCount = 1,
   };
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .lineWidth = 1.0f,
   };
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = (VkSampleCountFlagBits)k->samples,
   };
   VkStencilOpState sop = {VK_STENCIL_OP_REPLACE,
                           VK_STENCIL_OP_REPLACE,
                           VK_STENCIL_OP_REPLACE,
                           VK_COMPARE_OP_ALWAYS,
                           0xFF,
                           0xFF,
                           0};
   VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = k->depth,
      .depthWriteEnable = k->depth,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS,
      .stencilTestEnable = k->stencil,
      .front = sop,
      .back = sop,
   };
   VkPipelineColorBlendAttachmentState att[AGXV_MAX_RTS];
   memset(att, 0, sizeof(att));
   for (uint32_t j = 0; j < k->color_count; j++)
      att[j].colorWriteMask = (k->color_mask & (1u << j)) ? 0xF : 0;
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = k->color_count,
      .pAttachments = att,
   };
   VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                           VK_DYNAMIC_STATE_STENCIL_REFERENCE};
   VkPipelineDynamicStateCreateInfo dy = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = 3,
      .pDynamicStates = dyn,
   };
   /* the depth/stencil formats only say which aspects exist (the clear pipeline has no depth
    * bias, the one state that reads the depth format) */
   VkFormat zs = k->has_depth && k->has_stencil ? VK_FORMAT_D32_SFLOAT_S8_UINT
                 : k->has_depth                 ? VK_FORMAT_D32_SFLOAT
                 : k->has_stencil               ? VK_FORMAT_S8_UINT
                                                : VK_FORMAT_UNDEFINED;
   VkPipelineRenderingCreateInfo ri = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .viewMask = k->view_mask,
      .colorAttachmentCount = k->color_count,
      .pColorAttachmentFormats = k->formats,
      .depthAttachmentFormat = k->has_depth ? zs : VK_FORMAT_UNDEFINED,
      .stencilAttachmentFormat = k->has_stencil ? zs : VK_FORMAT_UNDEFINED,
   };
   VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &ri,
      .stageCount = k->color_mask ? 2 : 1,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &cb,
      .pDynamicState = &dy,
      .layout = layout,
   };
   struct agxv_pipeline *pipeline;
   result = agxv_graphics_pipeline_create(device, &info, &device->alloc, &pipeline);
   if (result != VK_SUCCESS)
      return result;
   /* a subpass of a merged group stores to its attachments' places in the group's
    * tilebuffer (agxv_render_pass_merge.c), which may hold others it keeps */
   if (k->merged)
      pipeline->graphics->rp.tiles = (struct agxv_subpass_tiles){
         .merged = true,
         .view = k->tib,
         .other_rts = true,
      };
   result = agxv_graphics_pipeline_build(device, pipeline, info.stageCount, stages,
                                         agxv_pipeline_layout_from_handle(layout), NULL, NULL);
   if (result != VK_SUCCESS) {
      agxv_pipeline_destroy(device, pipeline, &device->alloc);
      return result;
   }
   *out = pipeline;
   return VK_SUCCESS;
}

/* The pipeline of a key: found, or compiled and kept the first time. */
static VkResult
clear_pipeline(struct agxv_device *device, const struct clear_key *k, struct agxv_pipeline **out)
{
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&clear_mutex);
   struct agxv_clear_pipeline *p = device->clear_pipelines;
   while (p && memcmp(&p->key, k, sizeof(*k)))
      p = p->next;
   if (!p) {
      p = agxv_alloc(&device->alloc, sizeof(*p), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
      result = p ? create_pipeline(device, k, &p->pipeline) : VK_ERROR_OUT_OF_HOST_MEMORY;
      if (result == VK_SUCCESS) {
         memcpy(&p->key, k, sizeof(*k)); /* padding included: keys are compared bytewise */
         p->next = device->clear_pipelines;
         device->clear_pipelines = p;
      } else if (p) {
         agxv_free(&device->alloc, p);
         p = NULL;
      }
   }
   pthread_mutex_unlock(&clear_mutex);
   *out = p ? p->pipeline : NULL;
   return result;
}

/* ---- the draw -------------------------------------------------------------------- */

/* What the clear draw changes, restored after it. */
struct saved_state {
   struct agxv_bind_state bind;
   struct agxv_dynamic_graphics_state dyn;
   bool occlusion, xfb;
   uint64_t stats_va, stats_fs_slot, stats_inherited_fs_slot;
   uint32_t stats_inherited;
};

static void
save_state(struct agxv_cmd_buffer *cmd, struct saved_state *s)
{
   s->bind = cmd->bind[AGXV_BIND_POINT_GRAPHICS];
   s->dyn = cmd->dyn;
   /* not a draw for queries and transform feedback */
   s->occlusion = cmd->occlusion.active;
   s->xfb = cmd->xfb.active;
   s->stats_va = cmd->stats.va;
   s->stats_fs_slot = cmd->stats.fs_slot;
   s->stats_inherited = cmd->stats.inherited;
   s->stats_inherited_fs_slot = cmd->stats.inherited_fs_slot;
   cmd->occlusion.active = false;
   cmd->xfb.active = false;
   cmd->stats.va = 0;
   cmd->stats.fs_slot = 0;
   cmd->stats.inherited = 0;
}

static void
restore_state(struct agxv_cmd_buffer *cmd, const struct saved_state *s)
{
   cmd->bind[AGXV_BIND_POINT_GRAPHICS] = s->bind;
   cmd->bind[AGXV_BIND_POINT_GRAPHICS].dirty = true;
   cmd->dyn = s->dyn;
   /* the clear draw emitted its own state: the next draw emits everything it depends on
    * again (its pipeline is not the draw cache's last one either) */
   cmd->dyn.dirty = AGXV_DYN_ALL;
   cmd->rendering.ppp_dirty = AGXV_PPP_DIRTY_ALL;
   cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_ALL;
   cmd->occlusion.active = s->occlusion;
   cmd->xfb.active = s->xfb;
   cmd->stats.va = s->stats_va;
   cmd->stats.fs_slot = s->stats_fs_slot;
   cmd->stats.inherited = s->stats_inherited;
   cmd->stats.inherited_fs_slot = s->stats_inherited_fs_slot;
}

/* The rectangle clipped to the framebuffer; false if empty. */
static bool
clip_rect(const struct agxv_rendering_state *rs, VkRect2D r, VkRect2D *out)
{
   int64_t x0 = r.offset.x < 0 ? 0 : r.offset.x, y0 = r.offset.y < 0 ? 0 : r.offset.y;
   int64_t x1 = (int64_t)r.offset.x + r.extent.width, y1 = (int64_t)r.offset.y + r.extent.height;
   x1 = x1 > rs->width ? rs->width : x1;
   y1 = y1 > rs->height ? rs->height : y1;
   if (x1 <= x0 || y1 <= y0)
      return false;
   *out = (VkRect2D){{(int32_t)x0, (int32_t)y0}, {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0)}};
   return true;
}

/* The key of a clear in the pass in progress. */
static void
make_key(const struct agxv_rendering_state *rs, const struct agxv_clear_draw *c,
         struct clear_key *k)
{
   memset(k, 0, sizeof(*k));
   k->tib = rs->sub_tib;
   k->merged = memcmp(&rs->sub_tib, &rs->tib, sizeof(rs->tib)) != 0;
   k->color_count = (uint8_t)rs->sub_color_count;
   for (uint32_t j = 0; j < rs->sub_color_count && j < AGXV_MAX_RTS; j++) {
      uint32_t rt = agxv_rendering_rt(rs, j);
      k->formats[j] = rt != UINT32_MAX ? rs->color_formats[rt] : VK_FORMAT_UNDEFINED;
      if ((c->color_mask & (1u << j)) && k->formats[j] != VK_FORMAT_UNDEFINED)
         k->color_mask |= (uint8_t)(1u << j);
   }
   k->samples = rs->tib.nr_samples ? rs->tib.nr_samples : 1;
   k->has_depth = rs->sub_has_depth;
   k->has_stencil = rs->sub_has_stencil;
   k->depth = c->depth && rs->sub_has_depth;
   k->stencil = c->stencil && rs->sub_has_stencil;
   k->view_mask = rs->desc.view_mask;
   for (uint32_t r = 0; r < c->rect_count && !k->view_mask; r++)
      k->layered |= c->rects[r].baseArrayLayer != 0 || c->rects[r].layerCount != 1;
}

bool
agxv_clear_draw_possible(const struct agxv_rendering_state *rs)
{
   /* spilled render targets (eMRT) are cleared in memory before the pass with the rest of
    * the area (clear_render_area), as their load-op clears are (agxv_emrt_clear) */
   for (uint32_t j = 0; j < AGX_TIB_MAX_RTS; j++)
      if (rs->tib.spilled[j] || rs->sub_tib.spilled[j])
         return false;
   return true;
}

bool
agxv_clear_draw(struct agxv_cmd_buffer *cmd, const struct agxv_clear_draw *c)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   if (!rs->active)
      return false;
   /* a pass without attachments (its sample count still open): nothing to clear */
   if (rs->samples_open)
      return true;
   struct clear_key k;
   make_key(rs, c, &k);
   if (!k.color_mask && !k.depth && !k.stencil)
      return true; /* nothing the subpass has */
   /* spilled render targets (eMRT) are written by the output epilog through the pass's
    * descriptors (agxv_emrt.h), which a SIMULTANEOUS_USE secondary continuing a pass
    * without an inherited framebuffer does not have (no block, agxv_emrt_reserve): those
    * clears take the split path in its primary */
   for (uint32_t j = 0; j < AGX_TIB_MAX_RTS; j++)
      if (rs->inherited && !rs->emrt && (rs->tib.spilled[j] || rs->sub_tib.spilled[j]))
         return false;
   struct agxv_pipeline *pipeline;
   VkResult result = clear_pipeline(cmd->device, &k, &pipeline);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return true;
   }
   VkCommandBuffer h = agxv_cmd_buffer_to_handle(cmd);
   struct saved_state saved;
   save_state(cmd, &saved);
   agxv_CmdBindPipeline(h, VK_PIPELINE_BIND_POINT_GRAPHICS, agxv_pipeline_to_handle(pipeline));
   struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_GRAPHICS];
   memcpy(bind->desc.push, c->color, sizeof(c->color));
   bind->dirty = true;
   cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_ALL;
   if (k.stencil)
      agxv_CmdSetStencilReference(h, VK_STENCIL_FACE_FRONT_AND_BACK, c->stencil_value);
   uint32_t pass_layers = rs->desc.layer_count ? rs->desc.layer_count : 1;
   for (uint32_t r = 0; r < c->rect_count && cmd->record_result == VK_SUCCESS; r++) {
      VkRect2D rect;
      if (!clip_rect(rs, c->rects[r].rect, &rect))
         continue;
      uint32_t first = k.layered ? c->rects[r].baseArrayLayer : 0;
      uint32_t count = k.layered ? c->rects[r].layerCount : 1;
      if (k.layered && count == VK_REMAINING_ARRAY_LAYERS)
         count = pass_layers > first ? pass_layers - first : 0;
      if (!count)
         continue;
      VkViewport vp = {(float)rect.offset.x,      (float)rect.offset.y, (float)rect.extent.width,
                       (float)rect.extent.height, c->depth_value,       c->depth_value};
      agxv_CmdSetViewport(h, 0, 1, &vp);
      agxv_CmdSetScissor(h, 0, 1, &rect);
      result = agxv_cmd_draw_internal(cmd, 4, count, first);
      if (result != VK_SUCCESS)
         agxv_cmd_set_error(cmd, result);
   }
   restore_state(cmd, &saved);
   return true;
}
