/*
 * The graphics builders together: a pipeline's create info
 * (agxv_graphics_state) bound into command-buffer state, two draws with a
 * dynamic-state change between them (agxv_ppp + agxv_vdm: stream-start
 * barrier, first PPP update, vertex shader state, per-draw PPP blocks with
 * the pass's scissor/depth-bias arrays, an indexed and a direct draw,
 * terminate) and the render command of the pass (agxv_render), decoded by
 * agx-decode as a whole UAPI command without a single error; the second
 * draw's PPP block holds only the changed words.
 * Assumes: nothing but the functions under test and the genxml decoder;
 * memory is a decoder image (GPU VA = offset from the USC base 0).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_decode.h"
#include "agx_pack.h"
#include "agxv_graphics_state.h"
#include "agxv_ppp.h"
#include "agxv_render.h"
#include "agxv_vdm.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

enum {
   VA_STREAM = 0x10000,
   VA_PPP = 0x20000, /* PPP blocks, 256 bytes apart */
   VA_SCISSOR = 0x28000,
   VA_DBIAS = 0x29000,
   VA_USC = 0x30000, /* VS list; FS list at +0x40; CF bindings at +0x80 */
   VA_INDEX = 0x40000,
   VA_DEPTH = 0x100000,
};

struct memory {
   uint8_t stream[1024];
   uint8_t ppp[4][256];
   size_t ppp_size[4];
   unsigned ppp_count;
   uint8_t scissors[16 * AGX_SCISSOR_LENGTH];
   unsigned scissor_count;
   uint8_t dbias[4 * AGX_DEPTH_BIAS_LENGTH];
   unsigned dbias_count;
};

static uint64_t
add_ppp(struct memory *m, const struct AGX_PPP_HEADER *h,
        const struct agxv_dynamic_graphics_state *d, const struct agxv_ppp_draw *draw)
{
   unsigned i = m->ppp_count++;
   m->ppp_size[i] = agxv_ppp_emit(m->ppp[i], sizeof(m->ppp[i]), h, d, draw);
   CHECK(m->ppp_size[i] == agxv_ppp_size(h));
   return VA_PPP + 256 * i;
}

/* One draw's state: new pass-array entries if needed, then a PPP block. */
static size_t
flush_state(struct memory *m, size_t o, struct agxv_dynamic_graphics_state *d,
            struct agxv_ppp_draw *draw, uint32_t ppp_dirty)
{
   if (agxv_ppp_needs_depth_bias(d, ppp_dirty)) {
      agxv_ppp_pack_depth_bias(d, VK_FORMAT_D32_SFLOAT,
                               m->dbias + m->dbias_count * AGX_DEPTH_BIAS_LENGTH);
      draw->depth_bias_index = m->dbias_count++;
   }
   if (agxv_ppp_needs_scissors(d, ppp_dirty)) {
      draw->scissor_index = m->scissor_count;
      m->scissor_count += agxv_ppp_pack_scissors(d, draw->fb_width, draw->fb_height,
                                                 m->scissors + m->scissor_count * 16);
   }
   struct AGX_PPP_HEADER h = agxv_ppp_header(d, ppp_dirty, draw);
   size_t size = agxv_ppp_size(&h);
   if (size > 4) {
      uint64_t va = add_ppp(m, &h, d, draw);
      o += agxv_vdm_emit_ppp_state(m->stream + o, sizeof(m->stream) - o, va, size);
   }
   agxv_dyn_clear_dirty(d);
   return o;
}

int
main(void)
{
   /* A pipeline: triangles, cull back, depth LESS + write, one viewport
    * with dynamic scissor, depth bias. */
   VkViewport vp = {0, 0, 64, 64, 0, 1};
   VkPipelineViewportStateCreateInfo vps = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &vp,
      .scissorCount = 1,
   };
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .cullMode = VK_CULL_MODE_BACK_BIT,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .depthBiasEnable = VK_TRUE,
      .depthBiasConstantFactor = 1.0f,
      .lineWidth = 1.0f,
   };
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = VK_TRUE,
      .depthWriteEnable = VK_TRUE,
      .depthCompareOp = VK_COMPARE_OP_LESS,
   };
   VkFormat color = VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo rendering = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &color,
      .depthAttachmentFormat = VK_FORMAT_D32_SFLOAT,
   };
   VkPipelineColorBlendAttachmentState blend = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &blend,
   };
   VkDynamicState dyn_states[] = {VK_DYNAMIC_STATE_SCISSOR};
   VkPipelineDynamicStateCreateInfo dyn = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = 1,
      .pDynamicStates = dyn_states,
   };
   VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &rendering,
      .pInputAssemblyState = &ia,
      .pViewportState = &vps,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &cb,
      .pDynamicState = &dyn,
   };
   struct agxv_graphics_state pipeline;
   CHECK(agxv_graphics_state_init(&pipeline, &info) == VK_SUCCESS);

   struct agxv_dynamic_graphics_state d;
   agxv_dyn_init(&d);
   agxv_dyn_bind_pipeline(&d, &pipeline);
   VkRect2D scissor = {{0, 0}, {64, 64}};
   agxv_dyn_set_scissors(&d, 0, 1, &scissor);

   struct agxv_ppp_draw draw = {
      .fb_width = 64,
      .fb_height = 64,
      .has_depth = true,
      .uvs_size = 8,
      .has_fs = true,
      .fs_pipeline = VA_USC + 0x40,
      .fs_cf_bindings = VA_USC + 0x80,
   };
   agx_pack(&draw.fs_fragment_control, FRAGMENT_CONTROL, cfg) {
      cfg.pass_type = AGX_PASS_TYPE_OPAQUE;
   }
   agx_pack(&draw.fs_counts, FRAGMENT_SHADER_WORD_0, cfg) {
      cfg.cf_binding_count = 1;
   }

   struct memory *m = calloc(1, sizeof(*m));
   CHECK(m);
   size_t o = 0;
   o += agxv_vdm_emit_stream_start_barrier(m->stream + o, sizeof(m->stream) - o);
   uint64_t init_va = VA_PPP + 256 * m->ppp_count++;
   m->ppp_size[0] = agxv_ppp_emit_stream_init(m->ppp[0], sizeof(m->ppp[0]));
   o += agxv_vdm_emit_ppp_state(m->stream + o, sizeof(m->stream) - o, init_va, m->ppp_size[0]);
   struct agxv_vdm_vs vs = {.pipeline = VA_USC, .outputs = 0x0808};
   o += agxv_vdm_emit_vs_state(m->stream + o, sizeof(m->stream) - o, &vs);

   /* Draw 1: everything is new (a new stream re-emits all state). */
   o = flush_state(m, o, &d, &draw, AGXV_PPP_DIRTY_ALL);
   CHECK(m->ppp_count == 2 && m->scissor_count == 1 && m->dbias_count == 1);
   struct agxv_vdm_draw dr = {.primitive = AGX_PRIMITIVE_TRIANGLES,
                              .count = 6,
                              .instances = 1,
                              .indexed = true,
                              .index_size = AGX_INDEX_SIZE_U16,
                              .index_buffer = VA_INDEX,
                              .index_buffer_range = 12};
   o += agxv_vdm_emit_draw(m->stream + o, sizeof(m->stream) - o, &dr);

   /* Draw 2: only the scissor changed: one viewport block, one new
    * scissor entry, no new depth bias. */
   scissor = (VkRect2D){{8, 8}, {16, 16}};
   agxv_dyn_set_scissors(&d, 0, 1, &scissor);
   o = flush_state(m, o, &d, &draw, 0);
   CHECK(m->ppp_count == 3 && m->scissor_count == 2 && m->dbias_count == 1);
   CHECK(m->ppp_size[2] == 4 + 4 + 8 + 4 + 24);
   /* Draw 3: nothing changed: no PPP block at all. */
   o = flush_state(m, o, &d, &draw, 0);
   CHECK(m->ppp_count == 3);
   dr = (struct agxv_vdm_draw){.primitive = AGX_PRIMITIVE_TRIANGLES, .count = 3, .instances = 2};
   o += agxv_vdm_emit_draw(m->stream + o, sizeof(m->stream) - o, &dr);
   o += agxv_vdm_emit_stream_terminate(m->stream + o, sizeof(m->stream) - o);

   /* The second scissor entry: viewport ∩ scissor. */
   struct AGX_SCISSOR s1;
   CHECK(AGX_SCISSOR_unpack(stderr, m->scissors + 16, &s1));
   CHECK(s1.min_x == 8 && s1.max_x == 24 && s1.min_y == 8 && s1.max_y == 24);

   /* The pass: 64x64 colour cleared and stored, D32 depth cleared. */
   struct agxv_render_desc rd = {.area = {{0, 0}, {64, 64}}, .layer_count = 1, .color_count = 1};
   rd.color[0] = (struct agxv_render_attachment){
      true, 64, 64, 1, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE, 0};
   rd.depth = (struct agxv_render_attachment){
      true, 64, 64, 1, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE, 0};
   rd.depth_format = VK_FORMAT_D32_SFLOAT;
   rd.depth_plane = (struct agxv_render_zs_plane){.base = VA_DEPTH, .layer_stride = 16384};
   rd.clear_depth = 1.0f;
   struct agxv_render_tib tib = {32, 32, 1, 8};
   struct drm_asahi_cmd_render cmd = {
      .vdm_ctrl_stream_base = VA_STREAM,
      .isp_scissor_base = VA_SCISSOR,
      .isp_dbias_base = VA_DBIAS,
   };
   struct agxv_render_out out;
   CHECK(agxv_render_build(&rd, &tib, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.flags == DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES && cmd.isp_bgobjdepth == 0x3F800000);

   struct agx_decode_image img = {0};
   CHECK(agx_decode_image_add(&img, VA_STREAM, m->stream, o));
   for (unsigned i = 0; i < m->ppp_count; i++)
      CHECK(agx_decode_image_add(&img, VA_PPP + 256 * i, m->ppp[i], m->ppp_size[i]));
   CHECK(agx_decode_image_add(&img, VA_SCISSOR, m->scissors, m->scissor_count * 16));
   CHECK(agx_decode_image_add(&img, VA_DBIAS, m->dbias, m->dbias_count * 12));
   uint8_t usc[0xC0] = {0};
   usc[0] = usc[0x40] = AGX_USC_CONTROL_NO_PRESHADER; /* VS and FS lists */
   agx_pack(usc + 0x80, CF_BINDING_HEADER, cfg) {
      cfg.number_of_32_bit_slots = 1;
      cfg.number_of_coefficient_registers = 1;
   }
   CHECK(agx_decode_image_add(&img, VA_USC, usc, sizeof(usc)));
   uint8_t indices[16] = {0};
   CHECK(agx_decode_image_add(&img, VA_INDEX, indices, sizeof(indices)));
   FILE *fp = getenv("DRAW_DEBUG") ? stderr : fopen("/dev/null", "w");
   CHECK(fp);
   struct agx_decode_ctx ctx = {.fp = fp, .read = agx_decode_image_read, .user = &img};
   agx_decode_cmd_render(&ctx, &cmd);
   if (fp != stderr)
      fclose(fp);
   agx_decode_image_free(&img);
   CHECK(ctx.errors == 0);
   free(m);
   printf("draw_stream: OK\n");
   return 0;
}
