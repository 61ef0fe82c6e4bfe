/*
 * Golden words: packs templates with chosen values and compares with words
 * computed by hand from the documented bit positions in the genxml XML files, so an
 * error shared by pack and unpack (which a round trip cannot see) fails here.
 * Also checks the fp16 helper and the printed form of one word.
 */
#undef NDEBUG
#include <stdio.h>
#include <string.h>

#include "agx_pack.h"

static int failures;

/* Compares the `bytes` a pack wrote (the struct's LENGTH: a 6-byte word
 * leaves the rest of its last 32-bit word untouched) and prints words. */
static void
expect_words(const char *what, const uint32_t *got, const uint32_t *want, unsigned n,
             unsigned bytes)
{
   if (memcmp(got, want, bytes) == 0)
      return;
   failures++;
   fprintf(stderr, "FAIL %s:\n", what);
   for (unsigned i = 0; i < n; ++i)
      fprintf(stderr, "  word %u: got 0x%08X want 0x%08X\n", i, got[i], want[i]);
}

#define EXPECT(T, packed, ...)                                                    \
   do {                                                                           \
      static const uint32_t want[] = {__VA_ARGS__};                               \
      _Static_assert(sizeof(want) == AGX_##T##_WORDS * 4, "word count");          \
      expect_words(#T, (packed).opaque, want, AGX_##T##_WORDS, AGX_##T##_LENGTH); \
   } while (0)

static void
test_usc(void)
{
   struct agx_usc_uniform_packed uni;
   agx_pack(&uni, USC_UNIFORM, cfg) {
      cfg.start_halfs = 0x10;
      cfg.size_halfs = 8;
      cfg.buffer = 0x1234567890ull;
   }
   /* tag 0x1d | start 0x10 << 8 | 8 groups << 20 | (buffer >> 2) << 26 */
   EXPECT(USC_UNIFORM, uni, 0x9080101D, 0x12345678);

   struct agx_usc_shader_packed sh;
   agx_pack(&sh, USC_SHADER, cfg) {
      cfg.loads_varyings = true;
      cfg.unk_2 = 3;
      cfg.code = 0xDEADBEE0;
   }
   EXPECT(USC_SHADER, sh, 0xBEE00D0D, 0x0000DEAD);

   struct agx_usc_registers_packed regs;
   agx_pack(&regs, USC_REGISTERS, cfg) {
      cfg.register_count = 64; /* 8 groups of 8 halves */
   }
   EXPECT(USC_REGISTERS, regs, 0x0000088D);

   struct agx_usc_shared_packed shared;
   agx_pack(&shared, USC_SHARED, cfg) {
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
      cfg.bytes_per_threadgroup = 65536; /* 256 groups encode as 0 = all */
   }
   EXPECT(USC_SHARED, shared, 0x0000904D);

   struct agx_usc_preshader_packed pre;
   agx_pack(&pre, USC_PRESHADER, cfg) {
      cfg.code = 0x1000;
   }
   EXPECT(USC_PRESHADER, pre, 0xC0800038, 0x00001000);

   struct agx_usc_no_preshader_packed nopre;
   agx_pack(&nopre, USC_NO_PRESHADER, cfg)
      ;
   EXPECT(USC_NO_PRESHADER, nopre, 0x00000088);
}

static void
test_cdm(void)
{
   struct agx_cdm_launch_word_0_packed w0;
   agx_pack(&w0, CDM_LAUNCH_WORD_0, cfg) {
      cfg.uniform_register_count = 128;      /* 2 groups of 64 */
      cfg.texture_state_register_count = 16; /* 2 groups of 8 */
      cfg.sampler_state_register_count = AGX_SAMPLER_STATES_8_COMPACT;
      cfg.preshader_register_count = 32; /* 2 groups of 16 */
      cfg.mode = AGX_CDM_MODE_INDIRECT_GLOBAL;
   }
   EXPECT(CDM_LAUNCH_WORD_0, w0, 0x08002424);

   struct agx_cdm_launch_word_1_packed w1;
   agx_pack(&w1, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = 0x12340;
   }
   EXPECT(CDM_LAUNCH_WORD_1, w1, 0x00012340);

   struct agx_cdm_unk_g14x_packed g14x;
   agx_pack(&g14x, CDM_UNK_G14X, cfg)
      ;
   EXPECT(CDM_UNK_G14X, g14x, 0x00000000, 0x40000000);

   struct agx_cdm_indirect_packed ind;
   agx_pack(&ind, CDM_INDIRECT, cfg) {
      cfg.address_hi = 0x12;
      cfg.address_lo = 0x34567890;
   }
   EXPECT(CDM_INDIRECT, ind, 0x00000012, 0x34567890);

   struct agx_cdm_global_size_packed gs;
   agx_pack(&gs, CDM_GLOBAL_SIZE, cfg) {
      cfg.x = 64;
      cfg.y = 2;
      cfg.z = 3;
   }
   EXPECT(CDM_GLOBAL_SIZE, gs, 64, 2, 3);

   struct agx_cdm_barrier_packed bar;
   agx_pack(&bar, CDM_BARRIER, cfg) {
      cfg.unk_0 = cfg.unk_1 = cfg.unk_2 = cfg.usc_cache_inval = true;
      cfg.unk_4 = cfg.unk_5 = cfg.unk_6 = cfg.unk_7 = cfg.unk_8 = true;
      cfg.unk_9 = cfg.unk_10 = cfg.unk_11 = cfg.unk_12 = cfg.unk_13 = true;
      cfg.unk_14 = cfg.unk_15 = cfg.unk_16 = cfg.unk_17 = true;
      cfg.unk_18 = cfg.unk_19 = true;
   }
   EXPECT(CDM_BARRIER, bar, 0x600FFFFF);

   struct agx_cdm_stream_link_packed link;
   agx_pack(&link, CDM_STREAM_LINK, cfg) {
      cfg.target_hi = 0x12;
      cfg.target_lo = 0x34567800;
      cfg.with_return = true;
   }
   EXPECT(CDM_STREAM_LINK, link, 0x30000012, 0x34567800);

   struct agx_cdm_stream_terminate_packed term;
   agx_pack(&term, CDM_STREAM_TERMINATE, cfg)
      ;
   EXPECT(CDM_STREAM_TERMINATE, term, 0x40000000, 0);

   struct agx_cdm_stream_return_packed ret;
   agx_pack(&ret, CDM_STREAM_RETURN, cfg)
      ;
   EXPECT(CDM_STREAM_RETURN, ret, 0x80000000, 0);
}

static void
test_vdm(void)
{
   struct agx_ppp_state_packed ppp;
   agx_pack(&ppp, PPP_STATE, cfg) {
      cfg.pointer_hi = 0x15;
      cfg.pointer_lo = 0x40;
      cfg.size_words = 7;
   }
   EXPECT(PPP_STATE, ppp, 0x00000715, 0x00000040);

   struct agx_vdm_barrier_packed bar;
   agx_pack(&bar, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
      cfg.unk_5 = cfg.unk_6 = cfg.unk_8 = cfg.unk_11 = cfg.unk_20 = true;
   }
   EXPECT(VDM_BARRIER, bar, 0x20100968);

   struct agx_vdm_state_packed st;
   agx_pack(&st, VDM_STATE, cfg) {
      cfg.vertex_shader_word_0_present = true;
      cfg.vertex_shader_word_1_present = true;
      cfg.vertex_outputs_present = true;
      cfg.vertex_unknown_present = true;
   }
   EXPECT(VDM_STATE, st, 0x4000002E);

   struct agx_index_list_packed idx;
   agx_pack(&idx, INDEX_LIST, cfg) {
      cfg.index_buffer_hi = 0x15;
      cfg.primitive = AGX_PRIMITIVE_TRIANGLES;
      cfg.restart_enable = true;
      cfg.index_size = AGX_INDEX_SIZE_U16;
      cfg.index_buffer_size_present = true;
      cfg.index_buffer_present = true;
      cfg.index_count_present = true;
      cfg.instance_count_present = true;
      cfg.start_present = true;
   }
   EXPECT(INDEX_LIST, idx, 0x61F30615);

   struct agx_index_list_buffer_size_packed bsize;
   agx_pack(&bsize, INDEX_LIST_BUFFER_SIZE, cfg) {
      cfg.size = 100;
   }
   EXPECT(INDEX_LIST_BUFFER_SIZE, bsize, 25);

   struct agx_vdm_state_tessellation_scale_packed scale;
   agx_pack(&scale, VDM_STATE_TESSELLATION_SCALE, cfg) {
      cfg.scale = 1.0f;
   }
   EXPECT(VDM_STATE_TESSELLATION_SCALE, scale, 0x3C00);

   struct agx_vdm_stream_terminate_packed term;
   agx_pack(&term, VDM_STREAM_TERMINATE, cfg)
      ;
   EXPECT(VDM_STREAM_TERMINATE, term, 0xC0000000, 0, 0, 0, 0, 0, 0, 0);
}

static void
test_descriptors(void)
{
   struct agx_texture_packed tex;
   agx_pack(&tex, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.type = AGX_TEXTURE_TYPE_UNORM;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = 256;
      cfg.height = 128;
      cfg.last_level = 7;
      cfg.address = 0x1234567800ull;
      cfg.srgb = true;
   }
   EXPECT(TEXTURE, tex, 0xF6880A22, 0x7001FC0F, 0x8D159E00, 0x00001004, 0, 0);

   /* Linear layout: Stride (bits 110-127, >> 4) shares bits with Depth */
   struct agx_texture_packed lin;
   agx_pack(&lin, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.width = 1;
      cfg.height = 1;
      cfg.stride = 256;
   }
   EXPECT(TEXTURE, lin, 0x00000002, 0, 0, 0x00040000, 0, 0);

   struct agx_pbe_packed pbe;
   agx_pack(&pbe, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = 64;
      cfg.height = 64;
      cfg.buffer = 0x1234567800ull;
      cfg.levels = 1;
      cfg.layers = 1;
      cfg.srgb = true;
   }
   EXPECT(PBE, pbe, 0x3FE40A22, 0x00000FC0, 0x23456780, 0x20000001, 0, 0);

   struct agx_sampler_packed samp;
   agx_pack(&samp, SAMPLER, cfg) {
      cfg.minimum_lod = 0.0f;
      cfg.maximum_lod = 14.0f;
      cfg.maximum_anisotropy = 4;
      cfg.magnify = AGX_FILTER_LINEAR;
      cfg.minify = AGX_FILTER_LINEAR;
      cfg.mip_filter = AGX_MIP_FILTER_LINEAR;
      cfg.wrap_s = AGX_WRAP_REPEAT;
      cfg.wrap_t = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.wrap_r = AGX_WRAP_MIRRORED_REPEAT;
      cfg.compare_func = AGX_COMPARE_FUNC_GEQUAL;
      cfg.compare_enable = true;
      cfg.border_colour = AGX_BORDER_COLOUR_OPAQUE_WHITE;
   }
   EXPECT(SAMPLER, samp, 0x32AE0000, 0x01000490);

   struct agx_sparse_block_packed sparse;
   agx_pack(&sparse, SPARSE_BLOCK, cfg) {
      cfg.address = 0x80004000ull;
      cfg.enabled = true;
   }
   EXPECT(SPARSE_BLOCK, sparse, 0x80020001);
}

static void
test_ppp(void)
{
   struct agx_ppp_header_packed hdr;
   agx_pack(&hdr, PPP_HEADER, cfg) {
      cfg.fragment_control = true;
      cfg.cull = true;
      cfg.fragment_shader = true;
   }
   EXPECT(PPP_HEADER, hdr, 0x00A00001);

   struct agx_fragment_control_packed fc;
   agx_pack(&fc, FRAGMENT_CONTROL, cfg) {
      cfg.visibility_mode = AGX_VISIBILITY_MODE_COUNTING;
      cfg.scissor_enable = true;
      cfg.pass_type = AGX_PASS_TYPE_TRANSLUCENT;
   }
   EXPECT(FRAGMENT_CONTROL, fc, 0x20018200);

   struct agx_fragment_face_packed face;
   agx_pack(&face, FRAGMENT_FACE, cfg) {
      cfg.stencil_reference = 0x80;
      cfg.line_width = 0x0F;
      cfg.depth_function = AGX_ZS_FUNC_LEQUAL;
   }
   EXPECT(FRAGMENT_FACE, face, 0x03000F80);

   struct agx_region_clip_packed clip;
   agx_pack(&clip, REGION_CLIP, cfg) {
      cfg.max_x = 4;
      cfg.max_y = 2;
      cfg.enable = true;
   }
   EXPECT(REGION_CLIP, clip, 0x80000003, 0x00000001);

   struct agx_viewport_packed vp;
   agx_pack(&vp, VIEWPORT, cfg) {
      cfg.translate_x = 16.0f;
      cfg.scale_x = 16.0f;
      cfg.translate_y = 8.0f;
      cfg.scale_y = -8.0f;
      cfg.translate_z = 0.0f;
      cfg.scale_z = 1.0f;
   }
   EXPECT(VIEWPORT, vp, 0x41800000, 0x41800000, 0x41000000, 0xC1000000, 0, 0x3F800000);

   struct agx_cf_binding_packed cf;
   agx_pack(&cf, CF_BINDING, cfg) {
      cfg.components = 4;
      cfg.shade_model = AGX_SHADE_MODEL_PERSPECTIVE;
      cfg.source = AGX_COEFFICIENT_SOURCE_VARYING;
      cfg.base_slot = 2;
      cfg.base_coefficient_register = 4;
   }
   EXPECT(CF_BINDING, cf, 0x0004021F);

   struct agx_fragment_shader_word_2_packed fs2;
   agx_pack(&fs2, FRAGMENT_SHADER_WORD_2, cfg) {
      cfg.cf_bindings = 0x1234;
   }
   EXPECT(FRAGMENT_SHADER_WORD_2, fs2, 0x00001234);
}

/* Pipeline-time and draw-time halves of one word combine with agx_merge */
static void
test_merge(void)
{
   struct agx_fragment_control_packed a, b;
   agx_pack(&a, FRAGMENT_CONTROL, cfg) {
      cfg.stencil_test_enable = true;
   }
   agx_pack(&b, FRAGMENT_CONTROL, cfg) {
      cfg.visibility_mode = AGX_VISIBILITY_MODE_COUNTING;
   }
   agx_merge(a, b, FRAGMENT_CONTROL);
   /* Unk 1 (bit 9) | stencil test enable (bit 18) | visibility mode 2 << 14 */
   EXPECT(FRAGMENT_CONTROL, a, 0x00048200);
}

static void
test_render(void)
{
   struct agx_zls_control_packed zls;
   agx_pack(&zls, ZLS_CONTROL, cfg) {
      cfg.z_load = true;
      cfg.z_store = true;
      cfg.z_format = AGX_ZLS_FORMAT_16;
      cfg.z_resolve = true;
   }
   EXPECT(ZLS_CONTROL, zls, 0x04088000, 0x01000000);

   struct agx_cr_isp_zls_pixels_packed px;
   agx_pack(&px, CR_ISP_ZLS_PIXELS, cfg) {
      cfg.x = 1920;
      cfg.y = 1080;
   }
   EXPECT(CR_ISP_ZLS_PIXELS, px, 0x021B877F);
}

/* The word images above, read back, give the values that were packed. */
static void
test_unpack_golden(void)
{
   static const uint32_t tex_words[] = {0xF6880A22, 0x7001FC0F, 0x8D159E00, 0x00001004, 0, 0};
   struct AGX_TEXTURE t;
   if (!AGX_TEXTURE_unpack(stderr, (const uint8_t *)tex_words, &t) || t.width != 256 ||
       t.height != 128 || t.last_level != 7 || t.address != 0x1234567800ull || !t.srgb ||
       t.channels != AGX_CHANNELS_R8G8B8A8 || t.layout != AGX_LAYOUT_GPU) {
      failures++;
      fprintf(stderr, "FAIL Texture golden unpack\n");
   }

   /* A VDM barrier tag in a CDM barrier slot is rejected */
   static const uint32_t vdm_bar[] = {0x20100968};
   struct AGX_CDM_BARRIER cb;
   if (AGX_CDM_BARRIER_unpack(NULL, (const uint8_t *)vdm_bar, &cb)) {
      failures++;
      fprintf(stderr, "FAIL CDM Barrier accepted a VDM barrier word\n");
   }
}

static void
test_half(void)
{
   static const struct {
      float f;
      uint32_t h;
   } cases[] = {
      {1.0f, 0x3C00},           {-2.0f, 0xC000},           {65504.0f, 0x7BFF},
      {65520.0f, 0x7C00},       {5.9604645e-8f, 0x0001},   {0.0f, 0x0000},
      {-0.0f, 0x8000},          {0.333251953125f, 0x3555}, {6.1035156e-5f, 0x0400},
      {1.00048828125f, 0x3C00}, /* tie rounds to even */
      {1.00146484375f, 0x3C02}, /* tie rounds to even (up) */
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
      uint32_t h = agx_genxml_float_to_half(cases[i].f);
      if (h != cases[i].h) {
         failures++;
         fprintf(stderr, "FAIL half(%g) = 0x%04X, want 0x%04X\n", (double)cases[i].f, h,
                 cases[i].h);
      }
   }
   if (agx_genxml_half_to_float(0x0001) != 5.9604645e-8f ||
       agx_genxml_half_to_float(0xC000) != -2.0f || agx_genxml_half_to_float(0x7BFF) != 65504.0f) {
      failures++;
      fprintf(stderr, "FAIL half_to_float\n");
   }
}

static void
test_print(void)
{
   char buf[512] = {0};
   FILE *fp = fmemopen(buf, sizeof(buf) - 1, "w");
   struct AGX_CDM_LAUNCH_WORD_0 w = {AGX_CDM_LAUNCH_WORD_0_header};
   w.uniform_register_count = 128;
   w.mode = AGX_CDM_MODE_INDIRECT_LOCAL;
   w.sampler_state_register_count = (enum agx_sampler_states)5;
   agx_print(fp, CDM_LAUNCH_WORD_0, w, 2);
   fclose(fp);
   const char *want = "  Uniform register count: 128\n"
                      "  Texture state register count: 256\n"
                      "  Sampler state register count: unknown 0x5\n"
                      "  Preshader register count: 256\n"
                      "  Mode: Indirect local\n";
   if (strcmp(buf, want) != 0) {
      failures++;
      fprintf(stderr, "FAIL print:\n%s--- want:\n%s", buf, want);
   }
}

int
main(void)
{
   test_usc();
   test_cdm();
   test_vdm();
   test_descriptors();
   test_ppp();
   test_render();
   test_merge();
   test_unpack_golden();
   test_half();
   test_print();
   printf("golden: %d failures\n", failures);
   return failures ? 1 : 0;
}
