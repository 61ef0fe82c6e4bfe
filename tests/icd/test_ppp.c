/*
 * PPP state blocks (icd/agxv_ppp.h): produced words unpacked with the genxml
 * unpackers and checked field by field against values computed here from
 * the Vulkan state (cull back + CCW, depth LESS with writes, stencil ops, two
 * viewports one with negative height, depth bias, lines, no fragment shader,
 * dirty-only re-emission), the pass's ISP Scissor / Depth bias entries, the
 * stream's first update, and agx-decode reading every block without errors.
 * Assumes: nothing but the functions under test and the genxml decoder.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_decode.h"
#include "agx_pack.h"
#include "agxv_ppp.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

/* Reads consecutive words of a block. */
struct reader {
   const uint8_t *p;
   const uint8_t *end;
};

#define TAKE(r, T, name)                           \
   struct AGX_##T name;                            \
   CHECK((r)->p + AGX_##T##_LENGTH <= (r)->end);   \
   CHECK(AGX_##T##_unpack(stderr, (r)->p, &name)); \
   (r)->p += AGX_##T##_LENGTH

static uint32_t
take_word(struct reader *r)
{
   uint32_t w;
   CHECK(r->p + 4 <= r->end);
   memcpy(&w, r->p, 4);
   r->p += 4;
   return w;
}

/* agx-decode walks the block and finds nothing wrong. */
static void
check_decodes(const void *block, size_t size)
{
   struct agx_decode_image img = {0};
   CHECK(agx_decode_image_add(&img, 0x100000, block, size));
   /* What the Fragment Shader words of base_draw point at (USC base 0): a
    * USC list holding only No Preshader, a CF binding header + 3 bindings. */
   uint8_t usc[64] = {AGX_USC_CONTROL_NO_PRESHADER}, cf[16] = {0};
   CHECK(agx_decode_image_add(&img, 0x12340, usc, sizeof(usc)));
   CHECK(agx_decode_image_add(&img, 0x5678, cf, sizeof(cf)));
   FILE *null = getenv("PPP_DEBUG") ? stderr : fopen("/dev/null", "w");
   CHECK(null);
   struct agx_decode_ctx ctx = {.fp = null, .read = agx_decode_image_read, .user = &img};
   agx_decode_ppp(&ctx, 0x100000, size);
   if (null != stderr)
      fclose(null);
   agx_decode_image_free(&img);
   CHECK(ctx.errors == 0);
}

static uint32_t
packed_fs_control(enum agx_pass_type pass)
{
   uint32_t w;
   agx_pack(&w, FRAGMENT_CONTROL, cfg) {
      cfg.pass_type = pass;
   }
   return w;
}

static struct agxv_ppp_draw
base_draw(void)
{
   struct agxv_ppp_draw draw = {
      .fb_width = 100,
      .fb_height = 50,
      .has_depth = true,
      .has_stencil = true,
      .visibility_mode = AGX_VISIBILITY_MODE_COUNTING,
      .occlusion_index = 77,
      .scissor_index = 5,
      .depth_bias_index = 3,
      .uvs_size = 12,
      .generate_primitive_id = true,
      .has_fs = true,
      .fs_fragment_control = packed_fs_control(AGX_PASS_TYPE_TRANSLUCENT),
      .fs_counts = 0x00030000, /* CF binding count 3 */
      .fs_pipeline = 0x12340,
      .fs_cf_bindings = 0x5678,
   };
   agx_pack(&draw.vs_output_select, OUTPUT_SELECT, cfg) {
      cfg.clip_distance_plane_0 = true;
      cfg.point_size = true;
   }
   agx_pack(&draw.fs_output_select, OUTPUT_SELECT, cfg) {
      cfg.varyings = true;
      cfg.frag_coord_z = true;
   }
   agx_pack(&draw.fs_face_2, FRAGMENT_FACE_2, cfg) {
      cfg.conservative_depth = AGX_CONSERVATIVE_DEPTH_GREATER;
   }
   agx_pack(&draw.varying_counts_32, VARYING_COUNTS, cfg) {
      cfg.smooth = 4;
      cfg.flat = 2;
      cfg.linear = 1;
   }
   return draw;
}

/* Cull back + CCW, depth LESS with writes, two-sided stencil, two
 * viewports (the second with negative height), depth bias. */
static void
base_state(struct agxv_dynamic_graphics_state *d)
{
   agxv_dyn_init(d);
   struct agxv_graphics_state *s = &d->s;
   s->rs.cull_mode = VK_CULL_MODE_BACK_BIT;
   s->rs.front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   s->rs.depth_bias.enable = true;
   s->ds.depth_test_enable = true;
   s->ds.depth_write_enable = true;
   s->ds.depth_compare_op = VK_COMPARE_OP_LESS;
   s->ds.stencil_test_enable = true;
   s->ds.front = (struct agxv_stencil_face){VK_STENCIL_OP_ZERO,
                                            VK_STENCIL_OP_REPLACE,
                                            VK_STENCIL_OP_INVERT,
                                            VK_COMPARE_OP_EQUAL,
                                            0x0F,
                                            0xF0,
                                            0x42};
   s->ds.back = (struct agxv_stencil_face){VK_STENCIL_OP_INCREMENT_AND_WRAP,
                                           VK_STENCIL_OP_DECREMENT_AND_CLAMP,
                                           VK_STENCIL_OP_KEEP,
                                           VK_COMPARE_OP_GREATER,
                                           0x3C,
                                           0xC3,
                                           0x17};
   s->vp.viewport_count = 2;
   s->vp.viewports[0] = (VkViewport){0, 0, 64, 32, 0, 1};
   s->vp.viewports[1] = (VkViewport){10, 40, 20, -30, 0.25f, 0.75f};
   s->vp.scissor_count = 2;
   s->vp.scissors[0] = (VkRect2D){{1, 2}, {30, 20}};
   s->vp.scissors[1] = (VkRect2D){{0, 0}, {100, 100}};
}

static void
test_full_block(void)
{
   struct agxv_dynamic_graphics_state d;
   base_state(&d);
   struct agxv_ppp_draw draw = base_draw();
   struct AGX_PPP_HEADER h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_ALL, &draw);
   CHECK(h.fragment_control && h.fragment_control_2 && h.fragment_front_face &&
         h.fragment_front_face_2 && h.fragment_front_stencil && h.fragment_back_face &&
         h.fragment_back_face_2 && h.fragment_back_stencil && h.depth_bias_scissor &&
         h.region_clip && h.viewport && h.viewport_count == 2 && h.output_select &&
         h.varying_counts_32 && h.varying_counts_16 && h.cull && h.cull_2 && h.fragment_shader &&
         h.occlusion_query && h.output_size);
   CHECK(!h.w_clamp && !h.occlusion_query_2 && !h.output_unknown && !h.varying_word_2);
   /* 4 header + 2 control + 2x(face, face 2, stencil) + dbias/scissor +
    * 2 region clips + viewport control + 2 viewports + osel + 2 counts +
    * cull + cull 2 + 4 FS words + occlusion + output size. */
   size_t expect = 4 + 8 + 24 + 4 + 16 + 4 + 48 + 4 + 8 + 8 + 16 + 4 + 4;
   CHECK(agxv_ppp_size(&h) == expect);
   uint32_t buf[256];
   CHECK(agxv_ppp_emit(buf, expect - 1, &h, &d, &draw) == 0);
   /* Values the fields cannot hold are refused, not packed. */
   struct agxv_ppp_draw bad = draw;
   bad.occlusion_index = 0x8000;
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &bad) == 0);
   bad = draw;
   bad.fs_pipeline = 0x12344;
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &bad) == 0);
   bad = draw;
   bad.scissor_index = 0x10000;
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &bad) == 0);
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw) == expect);
   check_decodes(buf, expect);

   struct reader r = {(const uint8_t *)buf, (const uint8_t *)buf + expect};
   TAKE(&r, PPP_HEADER, hdr);
   uint32_t hw;
   AGX_PPP_HEADER_pack(&hw, &h);
   CHECK(hw == buf[0] && hdr.viewport_count == 2 && hdr.cull && hdr.fragment_shader);

   TAKE(&r, FRAGMENT_CONTROL, fc);
   CHECK(fc.visibility_mode == AGX_VISIBILITY_MODE_COUNTING && fc.scissor_enable);
   CHECK(fc.depth_bias_enable && fc.stencil_test_enable && fc.two_sided_stencil);
   CHECK(!fc.disable_tri_merging && !fc.tag_write_disable && fc.pass_type == AGX_PASS_TYPE_OPAQUE);
   TAKE(&r, FRAGMENT_CONTROL, fc2);
   CHECK(fc2.pass_type == AGX_PASS_TYPE_TRANSLUCENT && !fc2.tag_write_disable);
   CHECK(!fc2.scissor_enable && !fc2.stencil_test_enable);

   TAKE(&r, FRAGMENT_FACE, ff);
   CHECK(ff.depth_function == AGX_ZS_FUNC_LESS && !ff.disable_depth_write);
   CHECK(ff.stencil_reference == 0x42 && ff.line_width == 15 &&
         ff.polygon_mode == AGX_POLYGON_MODE_FILL);
   TAKE(&r, FRAGMENT_FACE_2, ff2);
   CHECK(ff2.object_type == AGX_OBJECT_TYPE_TRIANGLE &&
         ff2.conservative_depth == AGX_CONSERVATIVE_DEPTH_GREATER);
   TAKE(&r, FRAGMENT_STENCIL, fs);
   CHECK(fs.compare == AGX_ZS_FUNC_EQUAL && fs.read_mask == 0x0F && fs.write_mask == 0xF0);
   CHECK(fs.stencil_fail == AGX_STENCIL_OP_ZERO && fs.depth_pass == AGX_STENCIL_OP_REPLACE &&
         fs.depth_fail == AGX_STENCIL_OP_INVERT);
   TAKE(&r, FRAGMENT_FACE, bf);
   CHECK(bf.stencil_reference == 0x17 && bf.depth_function == AGX_ZS_FUNC_LESS);
   TAKE(&r, FRAGMENT_FACE_2, bf2);
   CHECK(bf2.object_type == AGX_OBJECT_TYPE_TRIANGLE);
   TAKE(&r, FRAGMENT_STENCIL, bs);
   CHECK(bs.compare == AGX_ZS_FUNC_GREATER && bs.read_mask == 0x3C && bs.write_mask == 0xC3);
   CHECK(bs.stencil_fail == AGX_STENCIL_OP_INCR_WRAP && bs.depth_pass == AGX_STENCIL_OP_DECR_SAT &&
         bs.depth_fail == AGX_STENCIL_OP_KEEP);

   TAKE(&r, DEPTH_BIAS_SCISSOR, dbs);
   CHECK(dbs.scissor == 5 && dbs.depth_bias == 3);
   /* Viewport 0 (0,0)+(64,32) ∩ scissor (1,2)+(30,20) = [1,31) x [2,22):
    * tiles x 0..1, y 0..1. Viewport 1 x [10,30), y [10,40) (negative
    * height), scissor covers all: tiles x 0..1, y 0..2. */
   TAKE(&r, REGION_CLIP, rc0);
   CHECK(rc0.enable && rc0.min_x == 0 && rc0.max_x == 1 && rc0.min_y == 0 && rc0.max_y == 1);
   TAKE(&r, REGION_CLIP, rc1);
   CHECK(rc1.enable && rc1.min_x == 0 && rc1.max_x == 1 && rc1.min_y == 0 && rc1.max_y == 2);
   TAKE(&r, VIEWPORT_CONTROL, vc);
   (void)vc;
   TAKE(&r, VIEWPORT, vp0);
   CHECK(vp0.translate_x == 32.0f && vp0.scale_x == 32.0f && vp0.translate_y == 16.0f &&
         vp0.scale_y == 16.0f && vp0.translate_z == 0.0f && vp0.scale_z == 1.0f);
   TAKE(&r, VIEWPORT, vp1);
   CHECK(vp1.translate_x == 20.0f && vp1.scale_x == 10.0f && vp1.translate_y == 25.0f &&
         vp1.scale_y == -15.0f && vp1.translate_z == 0.25f && vp1.scale_z == 0.5f);

   TAKE(&r, OUTPUT_SELECT, os);
   CHECK(os.clip_distance_plane_0 && os.point_size && os.varyings && os.frag_coord_z);
   CHECK(!os.clip_distance_plane_1 && !os.render_target);
   TAKE(&r, VARYING_COUNTS, vc32);
   CHECK(vc32.smooth == 4 && vc32.flat == 2 && vc32.linear == 1);
   TAKE(&r, VARYING_COUNTS, vc16);
   CHECK(vc16.smooth == 0 && vc16.flat == 0 && vc16.linear == 0);
   TAKE(&r, CULL, cull);
   CHECK(cull.cull_back && !cull.cull_front && cull.front_face_ccw);
   CHECK(cull.flat_shading_vertex == AGX_PPP_VERTEX_0 && !cull.rasterizer_discard);
   CHECK(cull.depth_clip && !cull.depth_clamp && !cull.primitive_msaa);
   TAKE(&r, CULL_2, cull2);
   CHECK(cull2.needs_primitive_id && !cull2.clamp_w);
   CHECK(take_word(&r) == 0x00030000);
   TAKE(&r, FRAGMENT_SHADER_WORD_1, fw1);
   CHECK(fw1.pipeline == 0x12340);
   TAKE(&r, FRAGMENT_SHADER_WORD_2, fw2);
   CHECK(fw2.cf_bindings == 0x5678);
   TAKE(&r, FRAGMENT_SHADER_WORD_3, fw3);
   (void)fw3;
   TAKE(&r, FRAGMENT_OCCLUSION_QUERY, oq);
   CHECK(oq.index == 77);
   TAKE(&r, OUTPUT_SIZE, osz);
   CHECK(osz.count == 12);
   CHECK(r.p == r.end);
}

/* Only the words whose inputs changed are emitted. */
static void
test_dirty_only(void)
{
   struct agxv_dynamic_graphics_state d;
   base_state(&d);
   struct agxv_ppp_draw draw = base_draw();
   agxv_dyn_clear_dirty(&d);
   struct AGX_PPP_HEADER h = agxv_ppp_header(&d, 0, &draw);
   CHECK(agxv_ppp_size(&h) == 4); /* nothing to do */
   CHECK(!agxv_ppp_needs_scissors(&d, 0) && !agxv_ppp_needs_depth_bias(&d, 0));

   agxv_dyn_set_cull_mode(&d, VK_CULL_MODE_FRONT_BIT);
   h = agxv_ppp_header(&d, 0, &draw);
   CHECK(agxv_ppp_size(&h) == 8 && h.cull);
   uint32_t buf[64];
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw) == 8);
   check_decodes(buf, 8);
   struct reader r = {(const uint8_t *)buf, (const uint8_t *)buf + 8};
   TAKE(&r, PPP_HEADER, hdr);
   CHECK(hdr.cull && !hdr.fragment_control && !hdr.viewport);
   TAKE(&r, CULL, cull);
   CHECK(cull.cull_front && !cull.cull_back && cull.front_face_ccw);
   /* the draw path's own emitter for this block gives the same bytes */
   CHECK(agxv_ppp_quick(&d, 0) && !agxv_ppp_quick(&d, AGXV_PPP_DIRTY_FS));
   uint32_t fast[8] = {0};
   CHECK(agxv_ppp_quick_size(&d, 0, &draw) == 8 && agxv_ppp_emit_quick(fast, &d, 0, &draw) == 8);
   CHECK(!memcmp(fast, buf, 8));
   agxv_dyn_set_front_face(&d, VK_FRONT_FACE_CLOCKWISE);
   agxv_dyn_set_cull_mode(&d, VK_CULL_MODE_FRONT_AND_BACK);
   CHECK(agxv_ppp_quick(&d, 0));
   CHECK(agxv_ppp_emit_quick(fast, &d, 0, &draw) == 8);
   h = agxv_ppp_header(&d, 0, &draw);
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw) == 8 && !memcmp(fast, buf, 8));
   r = (struct reader){(const uint8_t *)fast, (const uint8_t *)fast + 8};
   TAKE(&r, PPP_HEADER, fast_hdr);
   CHECK(fast_hdr.cull && !fast_hdr.fragment_control && fast_hdr.viewport_count == 1);
   TAKE(&r, CULL, fast_cull);
   CHECK(fast_cull.cull_front && fast_cull.cull_back && !fast_cull.front_face_ccw);
   /* with new FS uniforms: the Cull word, then the four FS words */
   CHECK(agxv_ppp_quick(&d, AGXV_PPP_DIRTY_FS_UNIFORMS));
   CHECK(agxv_ppp_emit_quick(fast, &d, AGXV_PPP_DIRTY_FS_UNIFORMS, &draw) == 24);
   h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_FS_UNIFORMS, &draw);
   CHECK(h.cull && h.fragment_shader && agxv_ppp_size(&h) == 24);
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw) == 24 && !memcmp(fast, buf, 24));
   check_decodes(fast, 24);
   agxv_dyn_set_line_width(&d, 3.0f); /* another word: not a quick block */
   CHECK(!agxv_ppp_quick(&d, 0));

   /* Stencil reference: both face words, nothing else. */
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_set_stencil_reference(&d, VK_STENCIL_FACE_FRONT_AND_BACK, 9);
   h = agxv_ppp_header(&d, 0, &draw);
   CHECK(h.fragment_front_face && h.fragment_back_face && !h.fragment_front_stencil &&
         !h.fragment_front_face_2 && agxv_ppp_size(&h) == 12);
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw) == 12);
   r = (struct reader){(const uint8_t *)buf, (const uint8_t *)buf + 12};
   TAKE(&r, PPP_HEADER, hdr2);
   (void)hdr2;
   TAKE(&r, FRAGMENT_FACE, f0);
   TAKE(&r, FRAGMENT_FACE, f1);
   CHECK(f0.stencil_reference == 9 && f1.stencil_reference == 9);

   /* A scissor change re-emits the viewport block (and asks for entries). */
   agxv_dyn_clear_dirty(&d);
   VkRect2D sc = {{0, 0}, {8, 8}};
   agxv_dyn_set_scissors(&d, 0, 1, &sc);
   CHECK(agxv_ppp_needs_scissors(&d, 0) && !agxv_ppp_needs_depth_bias(&d, 0));
   h = agxv_ppp_header(&d, 0, &draw);
   CHECK(h.depth_bias_scissor && h.region_clip && h.viewport && h.viewport_count == 2);
   CHECK(!h.cull && !h.fragment_control && agxv_ppp_size(&h) == 4 + 4 + 16 + 4 + 48);

   /* Shader-side changes. */
   agxv_dyn_clear_dirty(&d);
   h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_VS, &draw);
   CHECK(h.output_select && h.output_size && !h.fragment_shader && agxv_ppp_size(&h) == 12);
   h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_OCCLUSION, &draw);
   CHECK(h.fragment_control && h.occlusion_query && agxv_ppp_size(&h) == 12);
   h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_FS_UNIFORMS, &draw);
   CHECK(h.fragment_shader && agxv_ppp_size(&h) == 20);
   draw.has_fs = false;
   h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_FS_UNIFORMS, &draw);
   CHECK(!h.fragment_shader && agxv_ppp_size(&h) == 4);
}

/* No fragment shader, no stencil attachment, lines. */
static void
test_lines_no_fs(void)
{
   struct agxv_dynamic_graphics_state d;
   base_state(&d);
   d.s.ia.topology = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
   d.s.rs.line.width = 2.5f;
   d.s.rs.line.mode = VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT;
   d.s.rs.provoking_vertex = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
   d.s.rs.depth_clamp_enable = true; /* no depth clip struct: clip = !clamp */
   d.s.ds.depth_compare_op = VK_COMPARE_OP_GREATER_OR_EQUAL;
   d.s.ds.depth_write_enable = false;
   struct agxv_ppp_draw draw = base_draw();
   draw.has_fs = false;
   draw.has_stencil = false;
   struct AGX_PPP_HEADER h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_ALL, &draw);
   CHECK(!h.fragment_shader);
   uint32_t buf[256];
   size_t size = agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw);
   CHECK(size == agxv_ppp_size(&h));
   check_decodes(buf, size);
   struct reader r = {(const uint8_t *)buf, (const uint8_t *)buf + size};
   TAKE(&r, PPP_HEADER, hdr);
   (void)hdr;
   TAKE(&r, FRAGMENT_CONTROL, fc);
   CHECK(fc.disable_tri_merging && !fc.depth_bias_enable && !fc.stencil_test_enable);
   TAKE(&r, FRAGMENT_CONTROL, fc2);
   CHECK(fc2.tag_write_disable && fc2.pass_type == AGX_PASS_TYPE_OPAQUE);
   TAKE(&r, FRAGMENT_FACE, ff);
   CHECK(ff.line_width == 39 && ff.disable_depth_write && ff.depth_function == AGX_ZS_FUNC_GEQUAL);
   TAKE(&r, FRAGMENT_FACE_2, ff2);
   CHECK(ff2.object_type == AGX_OBJECT_TYPE_LINE &&
         ff2.conservative_depth == AGX_CONSERVATIVE_DEPTH_UNCHANGED);
   TAKE(&r, FRAGMENT_STENCIL, fs);
   CHECK(fs.compare == AGX_ZS_FUNC_ALWAYS && fs.read_mask == 0xFF && fs.write_mask == 0xFF &&
         fs.depth_pass == AGX_STENCIL_OP_KEEP && fs.stencil_fail == AGX_STENCIL_OP_KEEP);
   /* Skip to Output Select: back face, face 2, stencil, dbias/scissor, 2
    * region clips, viewport control, 2 viewports. */
   r.p += 4 + 4 + 4 + 4 + 16 + 4 + 48;
   TAKE(&r, OUTPUT_SELECT, os);
   CHECK(os.point_size && !os.varyings); /* FS half dropped */
   r.p += 8;
   TAKE(&r, CULL, cull);
   CHECK(cull.primitive_msaa && cull.flat_shading_vertex == AGX_PPP_VERTEX_2);
   CHECK(!cull.depth_clip && cull.depth_clamp);

   /* Depth without an attachment: no test, no writes. */
   draw.has_depth = false;
   agxv_dyn_clear_dirty(&d);
   h = agxv_ppp_header(&d, AGXV_PPP_DIRTY_PASS, &draw);
   CHECK(h.fragment_control && !h.fragment_control_2 && h.fragment_front_stencil && h.viewport);
   size = agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw);
   r = (struct reader){(const uint8_t *)buf, (const uint8_t *)buf + size};
   TAKE(&r, PPP_HEADER, hdr2);
   CHECK(hdr2.fragment_front_face);
   TAKE(&r, FRAGMENT_CONTROL, fc3);
   (void)fc3;
   TAKE(&r, FRAGMENT_FACE, ff3);
   CHECK(ff3.disable_depth_write && ff3.depth_function == AGX_ZS_FUNC_ALWAYS);

   /* Helpers. */
   CHECK(agxv_pack_line_width(1.0f) == 15 && agxv_pack_line_width(16.0f) == 255);
   CHECK(agxv_pack_line_width(100.0f) == 255 && agxv_pack_line_width(0.0f) == 0);
   CHECK(agxv_provoking_vertex(VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT,
                               VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN) == 1);
   CHECK(agxv_object_type(VK_PRIMITIVE_TOPOLOGY_POINT_LIST) == AGX_OBJECT_TYPE_POINT_SPRITE_UV01);
}

static void
test_pass_arrays(void)
{
   struct agxv_dynamic_graphics_state d;
   base_state(&d);
   uint8_t sc[16 * AGX_SCISSOR_LENGTH];
   CHECK(agxv_ppp_pack_scissors(&d, 100, 50, sc) == 2);
   struct AGX_SCISSOR s0, s1;
   CHECK(AGX_SCISSOR_unpack(stderr, sc, &s0) && AGX_SCISSOR_unpack(stderr, sc + 16, &s1));
   CHECK(s0.min_x == 1 && s0.max_x == 31 && s0.min_y == 2 && s0.max_y == 22);
   CHECK(s1.min_x == 10 && s1.max_x == 30 && s1.min_y == 10 && s1.max_y == 40);
   CHECK(s0.min_z == 0.0f && s0.max_z == 1.0f && s1.min_z == 0.0f && s1.max_z == 1.0f);
   /* Depth clamp: the viewport's (ordered) depth range. */
   d.s.rs.depth_clamp_enable = true;
   d.s.vp.viewports[1].minDepth = 0.9f;
   d.s.vp.viewports[1].maxDepth = 0.1f;
   CHECK(agxv_ppp_pack_scissors(&d, 100, 50, sc) == 2);
   CHECK(AGX_SCISSOR_unpack(stderr, sc + 16, &s1));
   CHECK(s1.min_z == 0.1f && s1.max_z == 0.9f);
   /* Clamped to the framebuffer; a viewport past it and negative origins. */
   d.s.vp.viewports[0] = (VkViewport){-20, -10, 400, 400, 0, 1};
   d.s.vp.scissor_count = 0;
   struct agxv_rect rects[AGXV_MAX_VIEWPORTS];
   CHECK(agxv_ppp_viewport_rects(&d, 100, 50, rects) == 2);
   CHECK(rects[0].min_x == 0 && rects[0].min_y == 0 && rects[0].max_x == 100 &&
         rects[0].max_y == 50);
   /* No viewport at all (rasterizer discard): one entry still. */
   d.s.vp.viewport_count = 0;
   CHECK(agxv_ppp_pack_scissors(&d, 100, 50, sc) == 1);

   uint8_t db[AGX_DEPTH_BIAS_LENGTH];
   d.s.rs.depth_bias.constant_factor = 4.0f;
   d.s.rs.depth_bias.slope_factor = -2.0f;
   d.s.rs.depth_bias.clamp = 0.5f;
   agxv_ppp_pack_depth_bias(&d, VK_FORMAT_D32_SFLOAT, db);
   struct AGX_DEPTH_BIAS b;
   CHECK(AGX_DEPTH_BIAS_unpack(stderr, db, &b));
   CHECK(b.depth_bias == 4.0f && b.slope_scale == -2.0f && b.clamp == 0.5f);
   agxv_ppp_pack_depth_bias(&d, VK_FORMAT_D16_UNORM, db);
   CHECK(AGX_DEPTH_BIAS_unpack(stderr, db, &b));
   CHECK(b.depth_bias == 4.0f / 32768.0f && b.slope_scale == -2.0f);
}

static void
test_stream_init(void)
{
   uint32_t buf[16];
   CHECK(agxv_ppp_emit_stream_init(buf, 8) == 0);
   CHECK(agxv_ppp_emit_stream_init(buf, sizeof(buf)) == AGXV_PPP_STREAM_INIT_SIZE);
   check_decodes(buf, AGXV_PPP_STREAM_INIT_SIZE);
   struct reader r = {(const uint8_t *)buf, (const uint8_t *)buf + AGXV_PPP_STREAM_INIT_SIZE};
   TAKE(&r, PPP_HEADER, h);
   CHECK(h.w_clamp && h.occlusion_query_2 && h.output_unknown && h.varying_word_2 && !h.cull);
   TAKE(&r, W_CLAMP, w);
   CHECK(w.w_clamp == 1e-10f);
   /* The draw builder refuses stream-init words. */
   struct agxv_dynamic_graphics_state d;
   base_state(&d);
   struct agxv_ppp_draw draw = base_draw();
   CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw) == 0);
}

int
main(void)
{
   test_full_block();
   test_dirty_only();
   test_lines_no_fs();
   test_pass_arrays();
   test_stream_init();
   printf("ppp: OK\n");
   return 0;
}
