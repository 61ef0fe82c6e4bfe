/*
 * VDM draw words (icd/agxv_vdm.h): every block unpacked with the genxml
 * unpackers and checked field by field (vertex shader state, restart index,
 * PPP pointer, direct / indexed U8-U16-U32 / instanced / indirect draws,
 * barriers per chip, link, terminate), then a whole render stream built
 * from them walked by agx-decode without errors.
 * Assumes: nothing but the functions under test and the genxml decoder.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_decode.h"
#include "agx_pack.h"
#include "agxv_ppp.h"
#include "agxv_vdm.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

#define UNPACK(ptr, T, name) \
   struct AGX_##T name;      \
   CHECK(AGX_##T##_unpack(stderr, (const uint8_t *)(ptr), &name))

static void
test_primitives(void)
{
   enum agx_primitive p;
   CHECK(agxv_vdm_primitive(VK_PRIMITIVE_TOPOLOGY_POINT_LIST, &p) && p == AGX_PRIMITIVE_POINTS);
   CHECK(agxv_vdm_primitive(VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, &p) && p == AGX_PRIMITIVE_LINE_STRIP);
   CHECK(agxv_vdm_primitive(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, &p) &&
         p == AGX_PRIMITIVE_TRIANGLES);
   CHECK(agxv_vdm_primitive(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, &p) &&
         p == AGX_PRIMITIVE_TRIANGLE_STRIP);
   CHECK(agxv_vdm_primitive(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, &p) &&
         p == AGX_PRIMITIVE_TRIANGLE_FAN);
   CHECK(!agxv_vdm_primitive(VK_PRIMITIVE_TOPOLOGY_PATCH_LIST, &p));
   CHECK(!agxv_vdm_primitive(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY, &p));
}

static void
test_state(void)
{
   uint32_t w[16];
   struct agxv_vdm_vs vs = {.counts = 0x1234,
                            .pipeline = 0x40c0,
                            .outputs = 0x0808,
                            .provoking = 2,
                            .rasterizer_discard = true,
                            .generate_primitive_id = true};
   memset(w, 0xAB, sizeof(w));
   CHECK(agxv_vdm_emit_vs_state(w, 20, &vs) == 0);
   CHECK(agxv_vdm_emit_vs_state(w, sizeof(w), &vs) == 24);
   UNPACK(w, VDM_STATE, st);
   CHECK(!st.restart_index_present && st.vertex_shader_word_0_present &&
         st.vertex_shader_word_1_present && st.vertex_outputs_present &&
         st.vertex_unknown_present && !st.tessellation_present);
   CHECK(w[1] == 0x1234 && w[3] == 0x0808 && w[5] == 0);
   UNPACK(w + 2, VDM_STATE_VERTEX_SHADER_WORD_1, w1);
   CHECK(w1.pipeline == 0x40c0);
   UNPACK(w + 4, VDM_STATE_VERTEX_UNKNOWN, vu);
   CHECK(vu.flat_shading_control == AGX_VDM_VERTEX_2 && vu.unknown_4 && vu.unknown_5 &&
         vu.generate_primitive_id);
   vs.rasterizer_discard = false;
   vs.provoking = 1;
   CHECK(agxv_vdm_emit_vs_state(w, sizeof(w), &vs) == 24);
   UNPACK(w + 4, VDM_STATE_VERTEX_UNKNOWN, vu2);
   CHECK(vu2.flat_shading_control == AGX_VDM_VERTEX_1 && !vu2.unknown_4 && !vu2.unknown_5);
   vs.pipeline = 0x40c4; /* not 64-byte aligned */
   CHECK(agxv_vdm_emit_vs_state(w, sizeof(w), &vs) == 0);

   CHECK(agxv_vdm_emit_restart_index(w, sizeof(w), 0xFFFF) == 8);
   UNPACK(w, VDM_STATE, rs);
   CHECK(rs.restart_index_present && !rs.vertex_shader_word_0_present);
   UNPACK(w + 1, VDM_STATE_RESTART_INDEX, ri);
   CHECK(ri.value == 0xFFFF);

   CHECK(agxv_vdm_emit_ppp_state(w, sizeof(w), 0x12345678c0ull, 76) == 8);
   UNPACK(w, PPP_STATE, pp);
   CHECK(pp.pointer_hi == 0x12 && pp.pointer_lo == 0x345678c0 && pp.size_words == 19);
   CHECK(agxv_vdm_emit_ppp_state(w, sizeof(w), 0x1000, 6) == 0);       /* not whole words */
   CHECK(agxv_vdm_emit_ppp_state(w, sizeof(w), 0x1000, 256 * 4) == 0); /* > 255 words */
   CHECK(agxv_vdm_emit_ppp_state(w, sizeof(w), 1ull << 40, 8) == 0);   /* beyond 40 bits */
}

/* Decodes an Index List block into its words. */
struct list {
   struct AGX_INDEX_LIST hdr;
   uint32_t words[8];
   unsigned count;
};

static struct list
read_list(const uint32_t *w, size_t size)
{
   struct list l = {0};
   CHECK(AGX_INDEX_LIST_unpack(stderr, (const uint8_t *)w, &l.hdr));
   l.count = (unsigned)(size / 4 - 1);
   memcpy(l.words, w + 1, l.count * 4);
   return l;
}

static void
test_draws(void)
{
   uint32_t w[16];
   /* Direct, non-indexed: count, instances, first vertex. */
   struct agxv_vdm_draw d = {.primitive = AGX_PRIMITIVE_TRIANGLES,
                             .count = 3,
                             .instances = 1,
                             .first = 5};
   CHECK(agxv_vdm_draw_size(&d) == 16 && agxv_vdm_emit_draw(w, 12, &d) == 0);
   CHECK(agxv_vdm_emit_draw(w, sizeof(w), &d) == 16);
   struct list l = read_list(w, 16);
   CHECK(l.hdr.primitive == AGX_PRIMITIVE_TRIANGLES && l.hdr.index_count_present &&
         l.hdr.instance_count_present && l.hdr.start_present && !l.hdr.index_buffer_present &&
         !l.hdr.index_buffer_size_present && !l.hdr.indirect_buffer_present &&
         !l.hdr.restart_enable);
   CHECK(l.words[0] == 3 && l.words[1] == 1 && l.words[2] == 5);

   /* Instanced strip. */
   d =
      (struct agxv_vdm_draw){.primitive = AGX_PRIMITIVE_TRIANGLE_STRIP, .count = 4, .instances = 7};
   CHECK(agxv_vdm_emit_draw(w, sizeof(w), &d) == 16);
   l = read_list(w, 16);
   CHECK(l.hdr.primitive == AGX_PRIMITIVE_TRIANGLE_STRIP && l.words[1] == 7 && l.words[2] == 0);

   /* Indexed U16 from firstIndex 6, vertexOffset -2, restart; 40-bit buffer. */
   d = (struct agxv_vdm_draw){.primitive = AGX_PRIMITIVE_LINE_STRIP,
                              .count = 10,
                              .instances = 2,
                              .first = 6,
                              .vertex_offset = -2,
                              .indexed = true,
                              .index_size = AGX_INDEX_SIZE_U16,
                              .index_buffer = 0x1000001000ull,
                              .index_buffer_range = 100,
                              .restart = true};
   CHECK(agxv_vdm_draw_size(&d) == 24 && agxv_vdm_emit_draw(w, sizeof(w), &d) == 24);
   l = read_list(w, 24);
   CHECK(l.hdr.index_buffer_present && l.hdr.index_buffer_size_present && l.hdr.restart_enable);
   CHECK(l.hdr.index_size == AGX_INDEX_SIZE_U16 && l.hdr.index_buffer_hi == 0x10);
   CHECK(l.words[0] == 0x0000100c);                 /* Buffer lo: base + 6 * 2 */
   CHECK(l.words[1] == 10 && l.words[2] == 2);      /* Count, Instances */
   CHECK(l.words[3] == 0xFFFFFFFEu);                /* Start: index bias */
   UNPACK(&l.words[4], INDEX_LIST_BUFFER_SIZE, bs); /* Buffer size last */
   CHECK(bs.size == 88);

   /* U8: remaining bytes rounded up to 4; U32 past the end: 0. */
   d.index_size = AGX_INDEX_SIZE_U8;
   d.index_buffer_range = 7;
   d.first = 2;
   d.restart = false;
   CHECK(agxv_vdm_emit_draw(w, sizeof(w), &d) == 24);
   l = read_list(w, 24);
   CHECK(l.hdr.index_size == AGX_INDEX_SIZE_U8 && !l.hdr.restart_enable && l.words[0] == 0x1002);
   UNPACK(&l.words[4], INDEX_LIST_BUFFER_SIZE, bs8);
   CHECK(bs8.size == 8);
   d.index_size = AGX_INDEX_SIZE_U32;
   d.first = 100;
   CHECK(agxv_vdm_emit_draw(w, sizeof(w), &d) == 24);
   l = read_list(w, 24);
   CHECK(l.hdr.index_size == AGX_INDEX_SIZE_U32 && l.words[0] == 0x1190 && l.words[4] == 0);

   /* Indirect, non-indexed: the record address only. */
   d = (struct agxv_vdm_draw){.primitive = AGX_PRIMITIVE_POINTS, .indirect = 0x2233445560ull};
   CHECK(agxv_vdm_draw_size(&d) == 12 && agxv_vdm_emit_draw(w, sizeof(w), &d) == 12);
   l = read_list(w, 12);
   CHECK(l.hdr.indirect_buffer_present && !l.hdr.index_count_present && !l.hdr.start_present &&
         !l.hdr.instance_count_present);
   UNPACK(&l.words[0], INDEX_LIST_INDIRECT_BUFFER, ib);
   CHECK(ib.address_hi == 0x22 && ib.address_lo == 0x33445560);

   /* Indirect indexed U32: Buffer lo, indirect record, whole bound range. */
   d = (struct agxv_vdm_draw){.primitive = AGX_PRIMITIVE_TRIANGLES,
                              .indirect = 0x8000,
                              .first = 9,
                              .indexed = true,
                              .index_size = AGX_INDEX_SIZE_U32,
                              .index_buffer = 0x4000,
                              .index_buffer_range = 62};
   CHECK(agxv_vdm_draw_size(&d) == 20 && agxv_vdm_emit_draw(w, sizeof(w), &d) == 20);
   l = read_list(w, 20);
   CHECK(l.hdr.indirect_buffer_present && l.hdr.index_buffer_present && l.words[0] == 0x4000);
   CHECK(l.words[1] == 0 && l.words[2] == 0x8000);
   UNPACK(&l.words[3], INDEX_LIST_BUFFER_SIZE, bsi);
   CHECK(bsi.size == 64);

   /* Nothing to draw or not encodable. */
   d = (struct agxv_vdm_draw){.primitive = AGX_PRIMITIVE_TRIANGLES, .count = 3, .instances = 0};
   CHECK(agxv_vdm_emit_draw(w, sizeof(w), &d) == 0);
   d.instances = 1;
   d.indexed = true;
   d.index_size = (enum agx_index_size)3;
   CHECK(agxv_vdm_emit_draw(w, sizeof(w), &d) == 0);
   d.indexed = false;
   d.primitive = (enum agx_primitive)2; /* not a hardware primitive */
   CHECK(agxv_vdm_emit_draw(w, sizeof(w), &d) == 0);
}

static void
test_stream_words(void)
{
   uint32_t w[16];
   CHECK(agxv_vdm_emit_barrier(w, sizeof(w), AGXV_VDM_CHIP_G13G) == 4);
   UNPACK(w, VDM_BARRIER, b);
   CHECK(b.unk_5 && b.unk_6 && b.unk_8 && b.unk_11 && b.unk_20);
   CHECK(!b.unk_4 && !b.unk_24 && !b.unk_26 && !b.usc_cache_inval && !b.returns);
   CHECK(agxv_vdm_emit_barrier(w, sizeof(w), AGXV_VDM_CHIP_G13X) == 4);
   UNPACK(w, VDM_BARRIER, bx);
   CHECK(bx.unk_4 && bx.unk_24 && bx.unk_26);
   CHECK(agxv_vdm_emit_barrier(w, sizeof(w), AGXV_VDM_CHIP_G14X) == 4);
   UNPACK(w, VDM_BARRIER, b14);
   CHECK(!b14.unk_4 && b14.unk_24 && !b14.unk_26);
   CHECK(agxv_vdm_emit_stream_start_barrier(w, sizeof(w)) == 4);
   UNPACK(w, VDM_BARRIER, bs);
   CHECK(bs.usc_cache_inval && !bs.unk_5 && !bs.returns);
   CHECK(agxv_vdm_emit_stream_link(w, sizeof(w), 0x1122334400ull, true) == 8);
   UNPACK(w, VDM_STREAM_LINK, link);
   CHECK(link.target_hi == 0x11 && link.target_lo == 0x22334400 && link.with_return);
   memset(w, 0xFF, sizeof(w));
   CHECK(agxv_vdm_emit_stream_terminate(w, 16) == 0);
   CHECK(agxv_vdm_emit_stream_terminate(w, sizeof(w)) == 32);
   UNPACK(w, VDM_STREAM_TERMINATE, t);
   (void)t;
}

/* A whole stream: start barrier, the first PPP update, VS state, restart
 * index, an indexed draw, a barrier, a direct draw, terminate. */
static void
test_stream_decodes(void)
{
   enum { STREAM = 0x10000, PPP = 0x20000, USC = 0x30000, INDEX = 0x40000 };
   uint8_t stream[256], ppp[64];
   uint8_t usc[64] = {AGX_USC_CONTROL_NO_PRESHADER};
   uint8_t indices[64] = {0};
   size_t ppp_size = agxv_ppp_emit_stream_init(ppp, sizeof(ppp));
   CHECK(ppp_size == AGXV_PPP_STREAM_INIT_SIZE);
   size_t o = 0;
   o += agxv_vdm_emit_stream_start_barrier(stream + o, sizeof(stream) - o);
   o += agxv_vdm_emit_ppp_state(stream + o, sizeof(stream) - o, PPP, ppp_size);
   struct agxv_vdm_vs vs = {.pipeline = USC, .outputs = 0x0404};
   o += agxv_vdm_emit_vs_state(stream + o, sizeof(stream) - o, &vs);
   o += agxv_vdm_emit_restart_index(stream + o, sizeof(stream) - o, 0xFFFFFFFF);
   struct agxv_vdm_draw d = {.primitive = AGX_PRIMITIVE_TRIANGLES,
                             .count = 6,
                             .instances = 1,
                             .indexed = true,
                             .index_size = AGX_INDEX_SIZE_U32,
                             .index_buffer = INDEX,
                             .index_buffer_range = 24,
                             .restart = true};
   o += agxv_vdm_emit_draw(stream + o, sizeof(stream) - o, &d);
   o += agxv_vdm_emit_barrier(stream + o, sizeof(stream) - o, AGXV_VDM_CHIP_G13G);
   d = (struct agxv_vdm_draw){.primitive = AGX_PRIMITIVE_POINTS, .count = 1, .instances = 1};
   o += agxv_vdm_emit_draw(stream + o, sizeof(stream) - o, &d);
   o += agxv_vdm_emit_stream_terminate(stream + o, sizeof(stream) - o);
   CHECK(o == 4 + 8 + 24 + 8 + 24 + 4 + 16 + 32);

   struct agx_decode_image img = {0};
   CHECK(agx_decode_image_add(&img, STREAM, stream, o));
   CHECK(agx_decode_image_add(&img, PPP, ppp, ppp_size));
   CHECK(agx_decode_image_add(&img, USC, usc, sizeof(usc)));
   CHECK(agx_decode_image_add(&img, INDEX, indices, sizeof(indices)));
   FILE *out = getenv("VDM_DEBUG") ? stderr : fopen("/dev/null", "w");
   CHECK(out);
   struct agx_decode_ctx ctx = {.fp = out, .read = agx_decode_image_read, .user = &img};
   agx_decode_vdm(&ctx, STREAM);
   if (out != stderr)
      fclose(out);
   agx_decode_image_free(&img);
   CHECK(ctx.errors == 0);
}

int
main(void)
{
   test_primitives();
   test_state();
   test_draws();
   test_stream_words();
   test_stream_decodes();
   printf("vdm: OK\n");
   return 0;
}
