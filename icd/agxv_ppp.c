/*
 * PPP state blocks for draws (see agxv_ppp.h): which words are dirty, their
 * size, their contents, and the pass's scissor/depth-bias entries. Every
 * choice below is Honeykrisp's (Mesa src/asahi/vulkan/hk_cmd_draw.c), cited
 * per function.
 */
#include "agxv_ppp.h"

#include <math.h>
#include <string.h>

#define DIRTY(x) (d->dirty & AGXV_DYN_BIT(x))

enum agx_object_type
agxv_object_type(VkPrimitiveTopology topology)
{
   /* hk translate_object_type: points are sprites with the Vulkan (upper
    * left) point-coordinate origin; patches become triangles after
    * (emulated) tessellation. */
   switch (topology) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
      return AGX_OBJECT_TYPE_POINT_SPRITE_UV01;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return AGX_OBJECT_TYPE_LINE;
   default:
      return AGX_OBJECT_TYPE_TRIANGLE;
   }
}

unsigned
agxv_provoking_vertex(VkProvokingVertexModeEXT mode, VkPrimitiveTopology topology)
{
   /* hk_flush_dynamic_state; graphics.md §2.4. */
   if (mode == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT)
      return 2;
   return topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN ? 1 : 0;
}

uint8_t
agxv_pack_line_width(float width)
{
   /* Mesa agx_helpers.h agx_pack_line_width: 4:4 fixed point minus one,
    * clamped to 0xFF (width 16). Widths below 1/16 (Mesa would wrap) are
    * clamped to the smallest encodable width. */
   float fixed = width * 16.0f;
   if (!(fixed >= 1.0f))
      return 0;
   return fixed >= 256.0f ? 0xFF : (uint8_t)((unsigned)fixed - 1);
}

static bool
stencil_enabled(const struct agxv_dynamic_graphics_state *d, const struct agxv_ppp_draw *draw)
{
   /* hk_stencil_test_enabled */
   return d->s.ds.stencil_test_enable && draw->has_stencil;
}

bool
agxv_ppp_needs_scissors(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty)
{
   /* hk_flush_dynamic_state: "Hardware viewport/scissor state is entangled
    * with depth bias." */
   return DIRTY(RS_DEPTH_BIAS_FACTORS) || DIRTY(VP_SCISSORS) || DIRTY(VP_SCISSOR_COUNT) ||
          DIRTY(VP_VIEWPORTS) || DIRTY(VP_VIEWPORT_COUNT) || DIRTY(RS_DEPTH_CLIP_ENABLE) ||
          DIRTY(RS_DEPTH_CLAMP_ENABLE) || (ppp_dirty & AGXV_PPP_DIRTY_PASS);
}

bool
agxv_ppp_needs_depth_bias(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty)
{
   /* A new entry per change of the factors; the render pass changes the D16
    * scaling (hk_cmd_buffer_dirty_render_pass dirties the factors). */
   return DIRTY(RS_DEPTH_BIAS_FACTORS) || (ppp_dirty & AGXV_PPP_DIRTY_PASS);
}

struct AGX_PPP_HEADER
agxv_ppp_header(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty,
                const struct agxv_ppp_draw *draw)
{
   size_t size;
   return agxv_ppp_header_sized(d, ppp_dirty, draw, &size);
}

struct AGX_PPP_HEADER
agxv_ppp_header_sized(const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty,
                      const struct agxv_ppp_draw *draw, size_t *size)
{
   /* A switch between pipelines that differ in culling alone (issue 19's
    * pipeline-switch row): the cull word only, as the expressions below
    * give for these bits (test_ppp compares every size with the header's). */
   if (agxv_ppp_quick(d, ppp_dirty)) {
      *size = agxv_ppp_quick_size(d, ppp_dirty, draw);
      return (struct AGX_PPP_HEADER){.cull = agxv_ppp_quick_cull(d),
                                     .fragment_shader = draw->has_fs && ppp_dirty,
                                     .viewport_count = 1};
   }
   /* hk_flush_ppp_state's dirty expressions; PASS stands for the dynamic
    * bits hk_cmd_buffer_dirty_render_pass sets (depth/stencil enables). */
   bool pass = ppp_dirty & AGXV_PPP_DIRTY_PASS;
   bool fs = ppp_dirty & AGXV_PPP_DIRTY_FS;
   bool linked_fs = ppp_dirty & AGXV_PPP_DIRTY_LINKED_FS;
   bool varyings = ppp_dirty & AGXV_PPP_DIRTY_VARYINGS;
   bool vs = ppp_dirty & AGXV_PPP_DIRTY_VS;
   bool occlusion = ppp_dirty & AGXV_PPP_DIRTY_OCCLUSION;
   bool topology = DIRTY(IA_PRIMITIVE_TOPOLOGY);

   bool face = DIRTY(DS_DEPTH_TEST_ENABLE) || DIRTY(DS_DEPTH_WRITE_ENABLE) ||
               DIRTY(DS_DEPTH_COMPARE_OP) || DIRTY(DS_STENCIL_REFERENCE) || DIRTY(RS_LINE_WIDTH) ||
               DIRTY(RS_POLYGON_MODE) || fs || pass;
   bool stencil = DIRTY(DS_STENCIL_OP) || DIRTY(DS_STENCIL_COMPARE_MASK) ||
                  DIRTY(DS_STENCIL_WRITE_MASK) || DIRTY(DS_STENCIL_TEST_ENABLE) || pass;
   bool vp = agxv_ppp_needs_scissors(d, ppp_dirty);
   unsigned count = d->s.vp.viewport_count ? d->s.vp.viewport_count : 1;

   bool fragment_control =
      DIRTY(DS_STENCIL_TEST_ENABLE) || topology || DIRTY(RS_DEPTH_BIAS_ENABLE) || occlusion || pass;
   /* FS too: unbinding the FS switches to the tag-write-disable form. */
   bool fragment_control_2 = DIRTY(RS_RASTERIZER_DISCARD_ENABLE) || linked_fs || fs;
   bool face_2 = fs || topology;
   bool output_select = vs || linked_fs || varyings;
   bool cull = DIRTY(RS_CULL_MODE) || DIRTY(RS_RASTERIZER_DISCARD_ENABLE) || DIRTY(RS_FRONT_FACE) ||
               DIRTY(RS_DEPTH_CLIP_ENABLE) || DIRTY(RS_DEPTH_CLAMP_ENABLE) || DIRTY(RS_LINE_MODE) ||
               topology || DIRTY(RS_PROVOKING_VERTEX);
   /* "With a null FS, the fragment shader PPP word is ignored" */
   bool fragment_shader =
      draw->has_fs && (fs || linked_fs || varyings || (ppp_dirty & AGXV_PPP_DIRTY_FS_UNIFORMS));
   /* the size from these values (agxv_ppp_size of the header below;
    * test_ppp checks both agree) */
   *size = AGX_PPP_HEADER_LENGTH +
           (fragment_control + fragment_control_2) * AGX_FRAGMENT_CONTROL_LENGTH +
           2 * (face * AGX_FRAGMENT_FACE_LENGTH + face_2 * AGX_FRAGMENT_FACE_2_LENGTH +
                stencil * AGX_FRAGMENT_STENCIL_LENGTH) +
           (vp ? AGX_DEPTH_BIAS_SCISSOR_LENGTH + count * AGX_REGION_CLIP_LENGTH +
                    AGX_VIEWPORT_CONTROL_LENGTH + count * AGX_VIEWPORT_LENGTH
               : 0) +
           output_select * AGX_OUTPUT_SELECT_LENGTH +
           varyings * (2 * AGX_VARYING_COUNTS_LENGTH + AGX_CULL_2_LENGTH) + cull * AGX_CULL_LENGTH +
           fragment_shader * 4 * 4 + occlusion * AGX_FRAGMENT_OCCLUSION_QUERY_LENGTH +
           vs * AGX_OUTPUT_SIZE_LENGTH;
   return (struct AGX_PPP_HEADER){
      .fragment_control = fragment_control,
      .fragment_control_2 = fragment_control_2,
      .fragment_front_face = face,
      .fragment_front_face_2 = face_2,
      .fragment_front_stencil = stencil,
      .fragment_back_face = face,
      .fragment_back_face_2 = face_2,
      .fragment_back_stencil = stencil,
      .depth_bias_scissor = vp,
      .region_clip = vp,
      .viewport = vp,
      .viewport_count = vp ? count : 1,
      .output_select = output_select,
      .varying_counts_32 = varyings,
      .varying_counts_16 = varyings,
      .cull = cull,
      .cull_2 = varyings,
      .fragment_shader = fragment_shader,
      .occlusion_query = occlusion,
      .output_size = vs,
   };
}

size_t
agxv_ppp_size(const struct AGX_PPP_HEADER *h)
{
   size_t size = AGX_PPP_HEADER_LENGTH;
   size += h->fragment_control ? AGX_FRAGMENT_CONTROL_LENGTH : 0;
   size += h->fragment_control_2 ? AGX_FRAGMENT_CONTROL_LENGTH : 0;
   size += h->fragment_front_face ? AGX_FRAGMENT_FACE_LENGTH : 0;
   size += h->fragment_front_face_2 ? AGX_FRAGMENT_FACE_2_LENGTH : 0;
   size += h->fragment_front_stencil ? AGX_FRAGMENT_STENCIL_LENGTH : 0;
   size += h->fragment_back_face ? AGX_FRAGMENT_FACE_LENGTH : 0;
   size += h->fragment_back_face_2 ? AGX_FRAGMENT_FACE_2_LENGTH : 0;
   size += h->fragment_back_stencil ? AGX_FRAGMENT_STENCIL_LENGTH : 0;
   size += h->depth_bias_scissor ? AGX_DEPTH_BIAS_SCISSOR_LENGTH : 0;
   size += h->region_clip ? h->viewport_count * AGX_REGION_CLIP_LENGTH : 0;
   size += h->viewport ? AGX_VIEWPORT_CONTROL_LENGTH + h->viewport_count * AGX_VIEWPORT_LENGTH : 0;
   size += h->w_clamp ? AGX_W_CLAMP_LENGTH : 0;
   size += h->output_select ? AGX_OUTPUT_SELECT_LENGTH : 0;
   size += h->varying_counts_32 ? AGX_VARYING_COUNTS_LENGTH : 0;
   size += h->varying_counts_16 ? AGX_VARYING_COUNTS_LENGTH : 0;
   size += h->cull ? AGX_CULL_LENGTH : 0;
   size += h->cull_2 ? AGX_CULL_2_LENGTH : 0;
   size += h->fragment_shader ? 4 * 4 : 0; /* Fragment Shader Words 0-3 */
   size += h->occlusion_query ? AGX_FRAGMENT_OCCLUSION_QUERY_LENGTH : 0;
   size += h->occlusion_query_2 ? AGX_FRAGMENT_OCCLUSION_QUERY_2_LENGTH : 0;
   size += h->output_unknown ? AGX_OUTPUT_UNKNOWN_LENGTH : 0;
   size += h->output_size ? AGX_OUTPUT_SIZE_LENGTH : 0;
   size += h->varying_word_2 ? AGX_VARYING_2_LENGTH : 0;
   return size;
}

static enum agx_zs_func
zs_func(VkCompareOp op)
{
   /* Same numbering (hk translate_compare_op asserts it). */
   _Static_assert((int)AGX_ZS_FUNC_GEQUAL == (int)VK_COMPARE_OP_GREATER_OR_EQUAL, "ZS Func");
   return op <= VK_COMPARE_OP_ALWAYS ? (enum agx_zs_func)op : AGX_ZS_FUNC_ALWAYS;
}

static enum agx_stencil_op
stencil_op(VkStencilOp op)
{
   _Static_assert((int)AGX_STENCIL_OP_DECR_WRAP == (int)VK_STENCIL_OP_DECREMENT_AND_WRAP,
                  "Stencil Op");
   return op <= VK_STENCIL_OP_DECREMENT_AND_WRAP ? (enum agx_stencil_op)op : AGX_STENCIL_OP_KEEP;
}

static enum agx_polygon_mode
polygon_mode(VkPolygonMode mode)
{
   _Static_assert((int)AGX_POLYGON_MODE_POINT == (int)VK_POLYGON_MODE_POINT, "Polygon Mode");
   return mode <= VK_POLYGON_MODE_POINT ? (enum agx_polygon_mode)mode : AGX_POLYGON_MODE_FILL;
}

static uint32_t *
emit_stencil(uint32_t *p, const struct agxv_stencil_face *f, bool enabled)
{
   /* hk_ppp_push_stencil_face */
   agx_pack(p, FRAGMENT_STENCIL, cfg) {
      cfg.compare = enabled ? zs_func(f->compare) : AGX_ZS_FUNC_ALWAYS;
      cfg.write_mask = enabled ? f->write_mask : 0xFF;
      cfg.read_mask = enabled ? f->compare_mask : 0xFF;
      cfg.depth_pass = enabled ? stencil_op(f->pass) : AGX_STENCIL_OP_KEEP;
      cfg.depth_fail = enabled ? stencil_op(f->depth_fail) : AGX_STENCIL_OP_KEEP;
      cfg.stencil_fail = enabled ? stencil_op(f->fail) : AGX_STENCIL_OP_KEEP;
   }
   return p + AGX_FRAGMENT_STENCIL_WORDS;
}

static uint32_t *
emit_face(uint32_t *p, const struct agxv_dynamic_graphics_state *d,
          const struct agxv_ppp_draw *draw, uint8_t reference)
{
   /* hk_flush_ppp_state, fragment_front_face / back_face */
   bool z_test = draw->has_depth && d->s.ds.depth_test_enable;
   agx_pack(p, FRAGMENT_FACE, cfg) {
      cfg.stencil_reference = reference;
      cfg.line_width = agxv_pack_line_width(d->s.rs.line.width);
      cfg.polygon_mode = polygon_mode(d->s.rs.polygon_mode);
      cfg.disable_depth_write = !(z_test && d->s.ds.depth_write_enable);
      cfg.depth_function = z_test && !draw->depth_never_in_shader
                              ? zs_func(d->s.ds.depth_compare_op)
                              : AGX_ZS_FUNC_ALWAYS;
   }
   return p + AGX_FRAGMENT_FACE_WORDS;
}

static uint32_t *
emit_face_2(uint32_t *p, const struct agxv_dynamic_graphics_state *d,
            const struct agxv_ppp_draw *draw)
{
   /* With an FS, its packed bits (conservative depth) are merged in; without
    * one, Mesa agx_ppp_fragment_face_2 programs "Unchanged". */
   agx_pack(p, FRAGMENT_FACE_2, cfg) {
      cfg.object_type = agxv_object_type(d->s.ia.topology);
      if (!draw->has_fs)
         cfg.conservative_depth = AGX_CONSERVATIVE_DEPTH_UNCHANGED;
   }
   if (draw->has_fs)
      p[0] |= draw->fs_face_2;
   return p + AGX_FRAGMENT_FACE_2_WORDS;
}

static uint32_t *
emit_viewport_block(uint32_t *p, const struct agxv_dynamic_graphics_state *d,
                    const struct agxv_ppp_draw *draw, const struct AGX_PPP_HEADER *h)
{
   /* hk_flush_vp_state */
   if (!h->depth_bias_scissor && !h->region_clip && !h->viewport)
      return p;
   struct agxv_rect rects[AGXV_MAX_VIEWPORTS];
   unsigned count = agxv_ppp_viewport_rects(d, draw->fb_width, draw->fb_height, rects);
   if (h->depth_bias_scissor) {
      agx_pack(p, DEPTH_BIAS_SCISSOR, cfg) {
         cfg.scissor = draw->scissor_index;
         cfg.depth_bias = draw->depth_bias_index;
      }
      p += AGX_DEPTH_BIAS_SCISSOR_WORDS;
   }
   for (unsigned i = 0; h->region_clip && i < h->viewport_count; i++) {
      const struct agxv_rect *r = &rects[i < count ? i : 0];
      agx_pack(p, REGION_CLIP, cfg) {
         cfg.enable = true;
         cfg.min_x = r->min_x / 32;
         cfg.min_y = r->min_y / 32;
         cfg.max_x = ((r->max_x > 1 ? r->max_x : 1) + 31) / 32;
         cfg.max_y = ((r->max_y > 1 ? r->max_y : 1) + 31) / 32;
      }
      p += AGX_REGION_CLIP_WORDS;
   }
   if (h->viewport) {
      agx_pack(p, VIEWPORT_CONTROL, cfg)
         ;
      p += AGX_VIEWPORT_CONTROL_WORDS;
      for (unsigned i = 0; i < h->viewport_count; i++) {
         /* With rasterizer discard there may be no viewport: "we can just
          * program garbage" (zeros here). */
         VkViewport vp = i < d->s.vp.viewport_count ? d->s.vp.viewports[i] : (VkViewport){0};
         agx_pack(p, VIEWPORT, cfg) {
            cfg.translate_x = vp.x + 0.5f * vp.width;
            cfg.translate_y = vp.y + 0.5f * vp.height;
            cfg.translate_z = vp.minDepth;
            cfg.scale_x = 0.5f * vp.width;
            cfg.scale_y = 0.5f * vp.height;
            cfg.scale_z = vp.maxDepth - vp.minDepth;
         }
         p += AGX_VIEWPORT_WORDS;
      }
   }
   return p;
}

static uint32_t *
emit_cull(uint32_t *p, const struct agxv_dynamic_graphics_state *d)
{
   /* hk_flush_ppp_state, cull */
   bool clip = agxv_rs_depth_clip_enable(&d->s.rs);
   agx_pack(p, CULL, cfg) {
      cfg.cull_front = d->s.rs.cull_mode & VK_CULL_MODE_FRONT_BIT;
      cfg.cull_back = d->s.rs.cull_mode & VK_CULL_MODE_BACK_BIT;
      cfg.front_face_ccw = d->s.rs.front_face != VK_FRONT_FACE_CLOCKWISE;
      /* PPP Vertex = provoking vertex + 1 */
      cfg.flat_shading_vertex = (enum agx_ppp_vertex)(
         agxv_provoking_vertex(d->s.rs.provoking_vertex, d->s.ia.topology) + 1);
      cfg.rasterizer_discard = d->s.rs.rasterizer_discard_enable;
      /* "We do not support unrestricted depth, so clamping is inverted
       * from clipping." */
      cfg.depth_clip = clip;
      cfg.depth_clamp = !clip;
      cfg.primitive_msaa = agxv_object_type(d->s.ia.topology) == AGX_OBJECT_TYPE_LINE &&
                           d->s.rs.line.mode == VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT;
   }
   return p + AGX_CULL_WORDS;
}

/* The FS addresses fit Fragment Shader Words 1 and 2 (64- and 4-byte
 * aligned offsets below 4 GiB). */
static bool
fs_words_fit(const struct agxv_ppp_draw *draw)
{
   return !((draw->fs_pipeline & 63) || draw->fs_pipeline >> 32 || (draw->fs_cf_bindings & 3) ||
            draw->fs_cf_bindings >> 32);
}

static uint32_t *
emit_fs_words(uint32_t *p, const struct agxv_ppp_draw *draw)
{
   /* hk_flush_ppp_state, fragment_shader */
   *p++ = draw->fs_counts;
   agx_pack(p, FRAGMENT_SHADER_WORD_1, cfg) {
      cfg.pipeline = draw->fs_pipeline;
   }
   p += AGX_FRAGMENT_SHADER_WORD_1_WORDS;
   agx_pack(p, FRAGMENT_SHADER_WORD_2, cfg) {
      cfg.cf_bindings = draw->fs_cf_bindings;
   }
   p += AGX_FRAGMENT_SHADER_WORD_2_WORDS;
   agx_pack(p, FRAGMENT_SHADER_WORD_3, cfg)
      ;
   return p + AGX_FRAGMENT_SHADER_WORD_3_WORDS;
}

size_t
agxv_ppp_emit_quick(void *dst, const struct agxv_dynamic_graphics_state *d, uint32_t ppp_dirty,
                    const struct agxv_ppp_draw *draw)
{
   bool cull = agxv_ppp_quick_cull(d), fs = draw->has_fs && ppp_dirty;
   if (fs && !fs_words_fit(draw))
      return 0;
   uint32_t *p = dst;
   AGX_PPP_HEADER_pack(
      p, &(struct AGX_PPP_HEADER){.cull = cull, .fragment_shader = fs, .viewport_count = 1});
   p += AGX_PPP_HEADER_WORDS;
   if (cull)
      p = emit_cull(p, d);
   if (fs)
      p = emit_fs_words(p, draw);
   return (size_t)((uint8_t *)p - (uint8_t *)dst);
}

size_t
agxv_ppp_emit(void *dst, size_t capacity, const struct AGX_PPP_HEADER *h,
              const struct agxv_dynamic_graphics_state *d, const struct agxv_ppp_draw *draw)
{
   size_t size = agxv_ppp_size(h);
   return size > capacity ? 0 : agxv_ppp_emit_sized(dst, size, h, d, draw);
}

size_t
agxv_ppp_emit_sized(void *dst, size_t size, const struct AGX_PPP_HEADER *h,
                    const struct agxv_dynamic_graphics_state *d, const struct agxv_ppp_draw *draw)
{
   /* Words this builder does not produce (stream-init words) are refused. */
   if (h->w_clamp || h->occlusion_query_2 || h->output_unknown || h->varying_word_2 ||
       h->viewport_count < 1 || h->viewport_count > AGXV_MAX_VIEWPORTS)
      return 0;
   /* Values the words cannot hold (genxml field widths). */
   if (draw->occlusion_index > 0x7FFF || draw->scissor_index > 0xFFFF ||
       draw->depth_bias_index > 0xFFFF || draw->fb_width > 16384 || draw->fb_height > 16384 ||
       (draw->visibility_mode != AGX_VISIBILITY_MODE_NONE &&
        draw->visibility_mode != AGX_VISIBILITY_MODE_COUNTING &&
        draw->visibility_mode != AGX_VISIBILITY_MODE_BOOLEAN))
      return 0;
   if (h->fragment_shader && !fs_words_fit(draw))
      return 0;
   uint32_t *p = dst;
   AGX_PPP_HEADER_pack(p, h);
   p += AGX_PPP_HEADER_WORDS;

   enum agx_object_type object_type = agxv_object_type(d->s.ia.topology);
   bool stencil = stencil_enabled(d, draw);
   if (h->fragment_control) {
      agx_pack(p, FRAGMENT_CONTROL, cfg) {
         cfg.visibility_mode = draw->visibility_mode;
         cfg.stencil_test_enable = stencil;
         cfg.two_sided_stencil = stencil;
         cfg.depth_bias_enable =
            d->s.rs.depth_bias.enable && object_type == AGX_OBJECT_TYPE_TRIANGLE;
         /* "Always enable scissoring so we may scissor to the viewport" */
         cfg.scissor_enable = true;
         /* "This avoids broken derivatives along primitive edges" */
         cfg.disable_tri_merging = object_type != AGX_OBJECT_TYPE_TRIANGLE;
      }
      p += AGX_FRAGMENT_CONTROL_WORDS;
   }
   if (h->fragment_control_2) {
      /* With an FS: its linked bits plus tag-write disable for rasterizer
       * discard ("seems to be ignored (sometimes?) in the main fragment
       * control word"); without: tag writes off so no shader runs. */
      agx_pack(p, FRAGMENT_CONTROL, cfg) {
         cfg.tag_write_disable = draw->has_fs ? d->s.rs.rasterizer_discard_enable : true;
         cfg.pass_type = AGX_PASS_TYPE_OPAQUE;
      }
      if (draw->has_fs)
         p[0] |= draw->fs_fragment_control;
      p += AGX_FRAGMENT_CONTROL_WORDS;
   }
   if (h->fragment_front_face)
      p = emit_face(p, d, draw, d->s.ds.front.reference);
   if (h->fragment_front_face_2)
      p = emit_face_2(p, d, draw);
   if (h->fragment_front_stencil)
      p = emit_stencil(p, &d->s.ds.front, stencil);
   if (h->fragment_back_face)
      p = emit_face(p, d, draw, d->s.ds.back.reference);
   if (h->fragment_back_face_2)
      p = emit_face_2(p, d, draw);
   if (h->fragment_back_stencil)
      p = emit_stencil(p, &d->s.ds.back, stencil);
   p = emit_viewport_block(p, d, draw, h);
   if (h->output_select) {
      /* Hardware VS outputs merged with the FS inputs. */
      *p++ = draw->vs_output_select | (draw->has_fs ? draw->fs_output_select : 0);
   }
   if (h->varying_counts_32)
      *p++ = draw->varying_counts_32;
   if (h->varying_counts_16)
      *p++ = draw->varying_counts_16;
   if (h->cull)
      p = emit_cull(p, d);
   if (h->cull_2) {
      agx_pack(p, CULL_2, cfg) {
         cfg.needs_primitive_id = draw->generate_primitive_id;
      }
      p += AGX_CULL_2_WORDS;
   }
   if (h->fragment_shader)
      p = emit_fs_words(p, draw);
   if (h->occlusion_query) {
      agx_pack(p, FRAGMENT_OCCLUSION_QUERY, cfg) {
         cfg.index = draw->occlusion_index;
      }
      p += AGX_FRAGMENT_OCCLUSION_QUERY_WORDS;
   }
   if (h->output_size) {
      agx_pack(p, OUTPUT_SIZE, cfg) {
         cfg.count = draw->uvs_size;
      }
      p += AGX_OUTPUT_SIZE_WORDS;
   }
   return (size_t)((uint8_t *)p - (uint8_t *)dst);
}

size_t
agxv_ppp_emit_stream_init(void *dst, size_t capacity)
{
   struct AGX_PPP_HEADER h = {
      AGX_PPP_HEADER_header,  .w_clamp = true,        .occlusion_query_2 = true,
      .output_unknown = true, .varying_word_2 = true,
   };
   if (capacity < AGXV_PPP_STREAM_INIT_SIZE)
      return 0;
   uint32_t *p = dst;
   AGX_PPP_HEADER_pack(p, &h);
   p += AGX_PPP_HEADER_WORDS;
   agx_pack(p, W_CLAMP, cfg) {
      cfg.w_clamp = 1e-10f;
   }
   p += AGX_W_CLAMP_WORDS;
   agx_pack(p, FRAGMENT_OCCLUSION_QUERY_2, cfg)
      ;
   p += AGX_FRAGMENT_OCCLUSION_QUERY_2_WORDS;
   agx_pack(p, OUTPUT_UNKNOWN, cfg)
      ;
   p += AGX_OUTPUT_UNKNOWN_WORDS;
   agx_pack(p, VARYING_2, cfg)
      ;
   p += AGX_VARYING_2_WORDS;
   return (size_t)((uint8_t *)p - (uint8_t *)dst);
}

/* The pixel bound of a viewport edge at v: the first pixel whose centre
 * is at or right of v, ceil(v - 1/2), so the implicit scissor keeps every
 * pixel whose centre lies in a fractional viewport (viewportSubPixelBits 8)
 * and no other (the rasteriser does not clip x, y: agx_sim_prim.c). Mesa
 * truncates (hk_flush_vp_state), the same for integer bounds; this rounding
 * is ours. Negative and NaN coordinates are clamped to 0. */
static uint32_t
clamp_px(double v, uint32_t max)
{
   double c = ceil(v - 0.5);
   if (!(c > 0.0))
      return 0;
   return c >= (double)max ? max : (uint32_t)c;
}

unsigned
agxv_ppp_viewport_rects(const struct agxv_dynamic_graphics_state *d, uint32_t fb_width,
                        uint32_t fb_height, struct agxv_rect rects[AGXV_MAX_VIEWPORTS])
{
   /* hk_flush_vp_state: "We implicitly scissor to the viewport. We need to
    * do a min/max dance to handle inverted viewports.", then clamp to the
    * framebuffer, then apply the API scissors. At least one viewport. */
   unsigned count = d->s.vp.viewport_count ? d->s.vp.viewport_count : 1;
   for (unsigned i = 0; i < count; i++) {
      struct agxv_rect r = {0};
      if (i < d->s.vp.viewport_count) {
         const VkViewport *vp = &d->s.vp.viewports[i];
         double x0 = vp->x, x1 = (double)vp->x + vp->width;
         double y0 = vp->y, y1 = (double)vp->y + vp->height;
         r.min_x = clamp_px(x0 < x1 ? x0 : x1, fb_width);
         r.max_x = clamp_px(x0 < x1 ? x1 : x0, fb_width);
         r.min_y = clamp_px(y0 < y1 ? y0 : y1, fb_height);
         r.max_y = clamp_px(y0 < y1 ? y1 : y0, fb_height);
      }
      if (i < d->s.vp.scissor_count) {
         const VkRect2D *s = &d->s.vp.scissors[i];
         int64_t sx0 = s->offset.x, sy0 = s->offset.y;
         int64_t sx1 = sx0 + s->extent.width, sy1 = sy0 + s->extent.height;
         if (sx0 > (int64_t)r.min_x)
            r.min_x = (uint32_t)(sx0 > UINT16_MAX ? UINT16_MAX : sx0);
         if (sy0 > (int64_t)r.min_y)
            r.min_y = (uint32_t)(sy0 > UINT16_MAX ? UINT16_MAX : sy0);
         if (sx1 < (int64_t)r.max_x)
            r.max_x = (uint32_t)(sx1 < 0 ? 0 : sx1);
         if (sy1 < (int64_t)r.max_y)
            r.max_y = (uint32_t)(sy1 < 0 ? 0 : sy1);
      }
      rects[i] = r;
   }
   return count;
}

unsigned
agxv_ppp_pack_scissors(const struct agxv_dynamic_graphics_state *d, uint32_t fb_width,
                       uint32_t fb_height, void *out)
{
   struct agxv_rect rects[AGXV_MAX_VIEWPORTS];
   unsigned count = agxv_ppp_viewport_rects(d, fb_width, fb_height, rects);
   uint32_t *p = out;
   for (unsigned i = 0; i < count; i++) {
      VkViewport vp = i < d->s.vp.viewport_count ? d->s.vp.viewports[i] : (VkViewport){0};
      agx_pack(p, SCISSOR, cfg) {
         cfg.min_x = rects[i].min_x;
         cfg.min_y = rects[i].min_y;
         cfg.max_x = rects[i].max_x;
         cfg.max_y = rects[i].max_y;
         /* graphics.md §3.2 (hk_flush_vp_state): with depth clamp the
          * viewport's depth range, else [0, 1]. */
         if (d->s.rs.depth_clamp_enable) {
            cfg.min_z = fminf(vp.minDepth, vp.maxDepth);
            cfg.max_z = fmaxf(vp.minDepth, vp.maxDepth);
         } else {
            cfg.min_z = 0.0f;
            cfg.max_z = 1.0f;
         }
      }
      p += AGX_SCISSOR_WORDS;
   }
   return count;
}

void
agxv_ppp_pack_depth_bias(const struct agxv_dynamic_graphics_state *d, VkFormat depth_format,
                         void *out)
{
   /* hk_flush_dynamic_state */
   agx_pack(out, DEPTH_BIAS, cfg) {
      cfg.depth_bias = d->s.rs.depth_bias.constant_factor;
      cfg.slope_scale = d->s.rs.depth_bias.slope_factor;
      cfg.clamp = d->s.rs.depth_bias.clamp;
      if (depth_format == VK_FORMAT_D16_UNORM)
         cfg.depth_bias /= (float)(1 << 15);
   }
}
