/*
 * agx_decode on hand-built streams: a CDM stream (G14X launch, barrier, link,
 * call/return, terminate) and a VDM stream (barrier, PPP update with a
 * fragment shader, VDM state, indexed draw, terminate) with their USC word
 * lists, descriptors and CF bindings. Checks that the expected fields are
 * printed in order with no errors, that malformed streams are reported
 * (not crashed on), and that the agx-decode CLI prints the same from image
 * files.
 *
 * usage: test_decode AGX_DECODE_EXE WORKDIR
 */
#undef NDEBUG
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "agx_decode.h"
#include "agx_pack.h"
#include "drm-uapi/asahi_drm.h"

#define USC_BASE 0x1500000000ull
#define CDM_VA 0x1000000000ull
#define VDM_VA 0x1100000000ull
#define PPP_VA 0x1200000000ull
#define DESC_VA 0x1300000000ull
#define REGION_LEN 0x2000

static uint8_t usc[REGION_LEN], cdm[REGION_LEN], vdm[REGION_LEN], ppp[REGION_LEN], desc[REGION_LEN];
static int failures;

#define PACK_AT(region, off, T, name) agx_pack((uint32_t *)((region) + (off)), T, name)

static void
build_usc(void)
{
   /* Compute pipeline at USC offset 0x1000 */
   unsigned off = 0x1000;
   struct agx_usc_uniform_packed u;
   agx_pack(&u, USC_UNIFORM, cfg) {
      cfg.start_halfs = 4;
      cfg.size_halfs = 4;
      cfg.buffer = DESC_VA + 0x1800;
   }
   memcpy(usc + off, &u, AGX_USC_UNIFORM_LENGTH);
   off += AGX_USC_UNIFORM_LENGTH;
   struct agx_usc_shared_packed sh;
   agx_pack(&sh, USC_SHARED, cfg) {
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
      cfg.bytes_per_threadgroup = 1024;
      cfg.uses_shared_memory = true;
   }
   memcpy(usc + off, &sh, AGX_USC_SHARED_LENGTH);
   off += AGX_USC_SHARED_LENGTH;
   struct agx_usc_shader_packed s;
   agx_pack(&s, USC_SHADER, cfg) {
      cfg.code = 0x4000;
      cfg.unk_2 = 3;
   }
   memcpy(usc + off, &s, AGX_USC_SHADER_LENGTH); /* 6 bytes: next record is 2-aligned */
   off += AGX_USC_SHADER_LENGTH;
   struct agx_usc_registers_packed r;
   agx_pack(&r, USC_REGISTERS, cfg) {
      cfg.register_count = 24;
   }
   memcpy(usc + off, &r, AGX_USC_REGISTERS_LENGTH);
   off += AGX_USC_REGISTERS_LENGTH;
   struct agx_usc_no_preshader_packed np;
   agx_pack(&np, USC_NO_PRESHADER, cfg)
      ;
   memcpy(usc + off, &np, AGX_USC_NO_PRESHADER_LENGTH);

   /* Fragment pipeline at USC offset 0x1100 */
   off = 0x1100;
   struct agx_usc_texture_packed t;
   agx_pack(&t, USC_TEXTURE, cfg) {
      cfg.start = 0;
      cfg.count = 1;
      cfg.buffer = DESC_VA;
   }
   memcpy(usc + off, &t, 8);
   off += 8;
   struct agx_usc_sampler_packed sa;
   agx_pack(&sa, USC_SAMPLER, cfg) {
      cfg.start = 0;
      cfg.count = 1;
      cfg.buffer = DESC_VA + 0x100;
   }
   memcpy(usc + off, &sa, 8);
   off += 8;
   agx_pack(&s, USC_SHADER, cfg) {
      cfg.code = 0x5000;
      cfg.loads_varyings = true;
   }
   memcpy(usc + off, &s, AGX_USC_SHADER_LENGTH);
   off += AGX_USC_SHADER_LENGTH;
   struct agx_usc_fragment_properties_packed fp;
   agx_pack(&fp, USC_FRAGMENT_PROPERTIES, cfg) {
      cfg.early_z_testing = true;
   }
   memcpy(usc + off, &fp, 4);
   off += 4;
   struct agx_usc_preshader_packed pre;
   agx_pack(&pre, USC_PRESHADER, cfg) {
      cfg.code = 0x6000;
   }
   memcpy(usc + off, &pre, 8);

   /* CF bindings at USC offset 0x1200 */
   PACK_AT(usc, 0x1200, CF_BINDING_HEADER, cfg) {
      cfg.number_of_32_bit_slots = 4;
      cfg.number_of_coefficient_registers = 8;
   }
   PACK_AT(usc, 0x1204, CF_BINDING, cfg) {
      cfg.components = 4;
      cfg.shade_model = AGX_SHADE_MODEL_PERSPECTIVE;
   }
   PACK_AT(usc, 0x1208, CF_BINDING, cfg) {
      cfg.components = 1;
      cfg.source = AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z;
      cfg.base_coefficient_register = 4;
   }

   /* Descriptors and uniform data */
   PACK_AT(desc, 0, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_TWIDDLED;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.width = 64;
      cfg.height = 32;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.address = 0x1400000000ull;
   }
   PACK_AT(desc, 0x100, SAMPLER, cfg) {
      cfg.magnify = AGX_FILTER_LINEAR;
      cfg.wrap_s = AGX_WRAP_MIRRORED_REPEAT;
   }
   uint32_t data[2] = {0x11223344, 0x55667788};
   memcpy(desc + 0x1800, data, sizeof(data));
}

static void
build_cdm(void)
{
   unsigned o = 0;
   PACK_AT(cdm, o, CDM_LAUNCH_WORD_0, cfg) {
      cfg.uniform_register_count = 64;
      cfg.mode = AGX_CDM_MODE_DIRECT;
   }
   o += 4;
   PACK_AT(cdm, o, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = 0x1000;
   }
   o += 4;
   PACK_AT(cdm, o, CDM_UNK_G14X, cfg)
      ;
   o += 8;
   PACK_AT(cdm, o, CDM_GLOBAL_SIZE, cfg) {
      cfg.x = 256;
      cfg.y = 2;
      cfg.z = 1;
   }
   o += 12;
   PACK_AT(cdm, o, CDM_LOCAL_SIZE, cfg) {
      cfg.x = 32;
      cfg.y = 1;
      cfg.z = 1;
   }
   o += 12;
   PACK_AT(cdm, o, CDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   o += 4;
   PACK_AT(cdm, o, CDM_STREAM_LINK, cfg) {
      cfg.target_hi = (uint32_t)((CDM_VA + 0x1000) >> 32);
      cfg.target_lo = (uint32_t)(CDM_VA + 0x1000);
   }
   /* 0x1000: call 0x1800, then terminate */
   PACK_AT(cdm, 0x1000, CDM_STREAM_LINK, cfg) {
      cfg.target_hi = (uint32_t)((CDM_VA + 0x1800) >> 32);
      cfg.target_lo = (uint32_t)(CDM_VA + 0x1800);
      cfg.with_return = true;
   }
   PACK_AT(cdm, 0x1008, CDM_STREAM_TERMINATE, cfg)
      ;
   /* 0x1800: indirect launch, return */
   PACK_AT(cdm, 0x1800, CDM_LAUNCH_WORD_0, cfg) {
      cfg.mode = AGX_CDM_MODE_INDIRECT_LOCAL;
   }
   PACK_AT(cdm, 0x1804, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = 0x1000;
   }
   PACK_AT(cdm, 0x1808, CDM_UNK_G14X, cfg)
      ;
   PACK_AT(cdm, 0x1810, CDM_INDIRECT, cfg) {
      cfg.address_hi = 0x13;
      cfg.address_lo = 0x1900;
   }
   PACK_AT(cdm, 0x1818, CDM_STREAM_RETURN, cfg)
      ;
}

static void
build_vdm(void)
{
   /* PPP update: header, fragment control, viewport control + 1 viewport,
    * cull, fragment shader (4 words), output size = 15 words */
   unsigned p = 0;
   PACK_AT(ppp, p, PPP_HEADER, cfg) {
      cfg.fragment_control = true;
      cfg.viewport = true;
      cfg.viewport_count = 1;
      cfg.cull = true;
      cfg.fragment_shader = true;
      cfg.output_size = true;
   }
   p += 4;
   PACK_AT(ppp, p, FRAGMENT_CONTROL, cfg) {
      cfg.visibility_mode = AGX_VISIBILITY_MODE_BOOLEAN;
      cfg.pass_type = AGX_PASS_TYPE_PUNCH_THROUGH;
   }
   p += 4;
   PACK_AT(ppp, p, VIEWPORT_CONTROL, cfg)
      ;
   p += 4;
   PACK_AT(ppp, p, VIEWPORT, cfg) {
      cfg.translate_x = 320.0f;
      cfg.scale_x = 320.0f;
      cfg.translate_y = 240.0f;
      cfg.scale_y = -240.0f;
      cfg.scale_z = 1.0f;
   }
   p += 24;
   PACK_AT(ppp, p, CULL, cfg) {
      cfg.cull_back = true;
      cfg.depth_clip = true;
      cfg.flat_shading_vertex = AGX_PPP_VERTEX_2;
   }
   p += 4;
   PACK_AT(ppp, p, FRAGMENT_SHADER_WORD_0, cfg) {
      cfg.texture_state_register_count = 8;
      cfg.sampler_state_register_count = AGX_SAMPLER_STATES_4_COMPACT;
      cfg.cf_binding_count = 2;
   }
   PACK_AT(ppp, p + 4, FRAGMENT_SHADER_WORD_1, cfg) {
      cfg.pipeline = 0x1100;
   }
   PACK_AT(ppp, p + 8, FRAGMENT_SHADER_WORD_2, cfg) {
      cfg.cf_bindings = 0x1200;
   }
   PACK_AT(ppp, p + 12, FRAGMENT_SHADER_WORD_3, cfg)
      ;
   p += 16;
   PACK_AT(ppp, p, OUTPUT_SIZE, cfg) {
      cfg.count = 12;
   }
   p += 4;

   unsigned o = 0;
   PACK_AT(vdm, o, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   o += 4;
   PACK_AT(vdm, o, PPP_STATE, cfg) {
      cfg.pointer_hi = (uint32_t)(PPP_VA >> 32);
      cfg.pointer_lo = (uint32_t)PPP_VA;
      cfg.size_words = p / 4;
   }
   o += 8;
   PACK_AT(vdm, o, VDM_STATE, cfg) {
      cfg.vertex_shader_word_0_present = true;
      cfg.vertex_shader_word_1_present = true;
      cfg.vertex_outputs_present = true;
      cfg.vertex_unknown_present = true;
   }
   PACK_AT(vdm, o + 4, VDM_STATE_VERTEX_SHADER_WORD_0, cfg) {
      cfg.uniform_register_count = 128;
   }
   PACK_AT(vdm, o + 8, VDM_STATE_VERTEX_SHADER_WORD_1, cfg) {
      cfg.pipeline = 0x1000;
   }
   PACK_AT(vdm, o + 12, VDM_STATE_VERTEX_OUTPUTS, cfg) {
      cfg.output_count_1 = 8;
      cfg.output_count_2 = 8;
   }
   PACK_AT(vdm, o + 16, VDM_STATE_VERTEX_UNKNOWN, cfg) {
      cfg.generate_primitive_id = true;
   }
   o += 24; /* 5 words padded to 8 bytes */
   PACK_AT(vdm, o, INDEX_LIST, cfg) {
      cfg.index_buffer_hi = 0x13;
      cfg.primitive = AGX_PRIMITIVE_TRIANGLE_STRIP;
      cfg.index_size = AGX_INDEX_SIZE_U32;
      cfg.index_buffer_present = true;
      cfg.index_count_present = true;
      cfg.instance_count_present = true;
      cfg.start_present = true;
      cfg.index_buffer_size_present = true;
   }
   PACK_AT(vdm, o + 4, INDEX_LIST_BUFFER_LO, cfg) {
      cfg.buffer_lo = 0x1C00;
   }
   PACK_AT(vdm, o + 8, INDEX_LIST_COUNT, cfg) {
      cfg.count = 36;
   }
   PACK_AT(vdm, o + 12, INDEX_LIST_INSTANCES, cfg) {
      cfg.count = 3;
   }
   PACK_AT(vdm, o + 16, INDEX_LIST_START, cfg) {
      cfg.start = 5;
   }
   PACK_AT(vdm, o + 20, INDEX_LIST_BUFFER_SIZE, cfg) {
      cfg.size = 144;
   }
   o += 24;
   PACK_AT(vdm, o, VDM_STREAM_TERMINATE, cfg)
      ;
}

static void
build_image(struct agx_decode_image *img)
{
   agx_decode_image_add(img, USC_BASE, usc, sizeof(usc));
   agx_decode_image_add(img, CDM_VA, cdm, sizeof(cdm));
   agx_decode_image_add(img, VDM_VA, vdm, sizeof(vdm));
   agx_decode_image_add(img, PPP_VA, ppp, sizeof(ppp));
   agx_decode_image_add(img, DESC_VA, desc, sizeof(desc));
}

/* Checks that each needle occurs in text, in this order. */
static void
expect_in_order(const char *what, const char *text, const char *const *needles)
{
   const char *at = text;
   for (unsigned i = 0; needles[i]; ++i) {
      const char *hit = strstr(at, needles[i]);
      if (!hit) {
         failures++;
         fprintf(stderr, "FAIL %s: \"%s\" not found (in order)\n--- output:\n%s---\n", what,
                 needles[i], text);
         return;
      }
      at = hit + strlen(needles[i]);
   }
}

static char *
decode_to_string(void (*fn)(struct agx_decode_ctx *, uint64_t), struct agx_decode_image *img,
                 uint64_t va, bool g14x, unsigned max_blocks, unsigned *errors)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *fp = open_memstream(&buf, &len);
   struct agx_decode_ctx ctx = {
      .fp = fp,
      .read = agx_decode_image_read,
      .user = img,
      .usc_base = USC_BASE,
      .g14x = g14x,
      .max_blocks = max_blocks,
   };
   fn(&ctx, va);
   fclose(fp);
   *errors = ctx.errors;
   return buf;
}

static const char *const cdm_expect[] = {
   "CDM stream at 0x1000000000",
   "0x1000000000: CDM Launch Word 0",
   "Uniform register count: 64",
   "Mode: Direct",
   "0x1000000004: CDM Launch Word 1",
   "Pipeline: 0x1000\n",
   "0x1000000008: CDM Unk G14X",
   "0x1000000010: CDM Global size",
   "X: 256",
   "Y: 2",
   "Z: 1",
   "0x100000001c: CDM Local size",
   "X: 32",
   "pipeline:",
   "0x1500001000: USC Uniform",
   "Start (halfs): 4",
   "Size (halfs): 4",
   "Buffer: 0x1300001800",
   "11223344 55667788",
   "USC Shared",
   "Uses shared memory: true",
   "Layout: Vertex/compute",
   "Bytes per threadgroup: 1024",
   "0x150000100c: USC Shader",
   "Code: 0x4000",
   "code at 0x1500004000",
   "0x1500001012: USC Registers",
   "Register count: 24",
   "0x1500001016: USC No Preshader",
   "0x1000000028: CDM Barrier",
   "USC cache inval: true",
   "0x100000002c: CDM Stream Link",
   "With return: false",
   "-> link to 0x1000001000",
   "0x1000001000: CDM Stream Link",
   "With return: true",
   "-> call 0x1000001800 (returns to 0x1000001008)",
   "0x1000001800: CDM Launch Word 0",
   "Mode: Indirect local",
   "0x1000001810: CDM Indirect",
   "Address hi: 0x13",
   "Address lo: 0x1900",
   "0x1000001818: CDM Stream Return",
   "<- return to 0x1000001008",
   "0x1000001008: CDM Stream Terminate",
   "end of CDM stream",
   NULL,
};

static const char *const vdm_expect[] = {
   "VDM stream at 0x1100000000",
   "0x1100000000: VDM Barrier",
   "USC cache inval: true",
   "Returns: false",
   "0x1100000004: PPP State",
   "Size (words): 15",
   "PPP state update at 0x1200000000, 60 bytes",
   "PPP Header",
   "Fragment control: true",
   "Viewport count: 1",
   "Fragment shader: true",
   "0x1200000004: Fragment control",
   "Visibility mode: Boolean",
   "Pass type: Punch through",
   "0x1200000008: Viewport control",
   "0x120000000c: Viewport",
   "Translate X: 320",
   "Scale Y: -240",
   "0x1200000024: Cull",
   "Cull back: true",
   "Flat shading vertex: 2",
   "Depth clip: true",
   "0x1200000028: Fragment Shader Word 0",
   "Texture state register count: 8",
   "Sampler state register count: 4 compact",
   "CF binding count: 2",
   "Fragment Shader Word 1",
   "Pipeline: 0x1100",
   "Fragment Shader Word 2",
   "CF bindings: 0x1200",
   "fragment pipeline:",
   "0x1500001100: USC Texture",
   "Count: 1",
   "Buffer: 0x1300000000",
   "0x1300000000: Texture (state 0)",
   "Dimension: 2D",
   "Layout: Twiddled",
   "Channels: R8G8B8A8",
   "Width: 64",
   "Height: 32",
   "Address: 0x1400000000",
   "0x1500001108: USC Sampler",
   "0x1300000100: Sampler (state 0)",
   "Magnify: Linear",
   "Wrap S: Mirrored repeat",
   "USC Shader",
   "Loads varyings: true",
   "Code: 0x5000",
   "USC Fragment Properties",
   "Early-z testing: true",
   "USC Preshader",
   "preamble code at 0x1500006000",
   "0x1500001200: CF binding header",
   "Number of 32-bit slots: 4",
   "0x1500001204: CF binding",
   "Components: 4",
   "Shade model: Perspective",
   "0x1500001208: CF binding",
   "Components: 1",
   "Source: Fragcoord Z",
   "Base coefficient register: 4",
   "0x1200000038: Output Size",
   "Count: 12",
   "0x110000000c: VDM State",
   "Vertex shader word 0 present: true",
   "VDM State Vertex Shader Word 0",
   "Uniform register count: 128",
   "VDM State Vertex Shader Word 1",
   "Pipeline: 0x1000",
   "VDM State Vertex Outputs",
   "Output count 1: 8",
   "VDM State Vertex Unknown",
   "Generate primitive ID: true",
   "vertex pipeline:",
   "USC Uniform",
   "0x1100000024: Index List",
   "Primitive: Triangle strip",
   "Index size: U32",
   "Index List: Buffer lo",
   "Buffer lo: 0x1C00",
   "Index List: Count",
   "Count: 36",
   "Index List: Instances",
   "Count: 3",
   "Index List: Start",
   "Start: 5",
   "Index List: Buffer size",
   "Size: 144",
   "0x110000003c: VDM Stream Terminate",
   "end of VDM stream",
   NULL,
};

static void
test_library(void)
{
   struct agx_decode_image img = {0};
   unsigned errors;
   build_image(&img);

   char *out = decode_to_string(agx_decode_cdm, &img, CDM_VA, true, 0, &errors);
   expect_in_order("CDM", out, cdm_expect);
   if (errors) {
      failures++;
      fprintf(stderr, "FAIL CDM: %u errors\n%s", errors, out);
   }
   free(out);

   out = decode_to_string(agx_decode_vdm, &img, VDM_VA, false, 0, &errors);
   expect_in_order("VDM", out, vdm_expect);
   if (errors) {
      failures++;
      fprintf(stderr, "FAIL VDM: %u errors\n%s", errors, out);
   }
   free(out);
   agx_decode_image_free(&img);
}

static void
test_commands(void)
{
   struct agx_decode_image img = {0};
   build_image(&img);
   char *buf = NULL;
   size_t len = 0;
   FILE *fp = open_memstream(&buf, &len);
   struct agx_decode_ctx ctx = {
      .fp = fp,
      .read = agx_decode_image_read,
      .user = &img,
      .usc_base = USC_BASE,
      .g14x = true,
   };

   struct drm_asahi_cmd_compute cc = {
      .cdm_ctrl_stream_base = CDM_VA,
      .cdm_ctrl_stream_end = CDM_VA + 0x34,
      .sampler_heap = DESC_VA + 0x100,
      .sampler_count = 2, /* entry 1 is all zero and skipped */
   };
   agx_decode_cmd_compute(&ctx, &cc);

   struct agx_cr_isp_zls_pixels_packed px;
   agx_pack(&px, CR_ISP_ZLS_PIXELS, cfg) {
      cfg.x = 1920;
      cfg.y = 1080;
   }
   struct agx_zls_control_packed zls;
   agx_pack(&zls, ZLS_CONTROL, cfg) {
      cfg.z_load = true;
      cfg.z_resolve = true;
   }
   struct agx_counts_packed counts;
   agx_pack(&counts, COUNTS, cfg) {
      cfg.texture_state_register_count = 8;
      cfg.sampler_state_register_count = AGX_SAMPLER_STATES_4_COMPACT;
   }
   struct drm_asahi_cmd_render rc = {
      .isp_zls_pixels = px.opaque[0],
      .vdm_ctrl_stream_base = VDM_VA,
      .zls_ctrl = zls.opaque[0] | ((uint64_t)zls.opaque[1] << 32),
      .ppp_ctrl = 0x202,
      .width_px = 1920,
      .height_px = 1080,
      .bg = {.usc = 0x1100 | 4, .rsrc_spec = counts.opaque[0]},
   };
   agx_decode_cmd_render(&ctx, &rc);
   fclose(fp);

   static const char *const want[] = {
      "drm_asahi_cmd_compute",
      "cdm_ctrl_stream_base: 0x1000000000",
      "sampler heap at 0x1300000100, 2 entries",
      "0x1300000100: heap sampler 0",
      "Magnify: Linear",
      "CDM stream at 0x1000000000",
      "end of CDM stream",
      "drm_asahi_cmd_render",
      "isp_zls_pixels = 0x21b877f",
      "X: 1920",
      "Y: 1080",
      "zls_ctrl = 0x100000000008000",
      "Z Load: true",
      "Z Resolve: true",
      "ppp_ctrl = 0x202",
      "Enable W Clamp: true",
      "Fixed point format: 1",
      "width_px: 1920",
      "bg: usc 0x1104, rsrc_spec 0x",
      "Texture state register count: 8",
      "0x1500001100: USC Texture",
      "USC Preshader",
      "eot: usc 0x0",
      "VDM stream at 0x1100000000",
      "end of VDM stream",
      NULL,
   };
   expect_in_order("commands", buf, want);
   if (ctx.errors || strstr(buf, "heap sampler 1")) {
      failures++;
      fprintf(stderr, "FAIL commands: %u errors\n%s", ctx.errors, buf);
   }
   free(buf);
   agx_decode_image_free(&img);
}

/* Malformed input is reported, counted and never crashes or hangs. */
static void
expect_error(const char *what, void (*fn)(struct agx_decode_ctx *, uint64_t), uint64_t va,
             unsigned max_blocks, const char *needle)
{
   struct agx_decode_image img = {0};
   unsigned errors;
   build_image(&img);
   char *out = decode_to_string(fn, &img, va, true, max_blocks, &errors);
   if (!errors || !strstr(out, needle)) {
      failures++;
      fprintf(stderr, "FAIL %s: errors %u, want \"%s\" in:\n%s", what, errors, needle, out);
   }
   free(out);
   agx_decode_image_free(&img);
}

static void
test_errors(void)
{
   uint32_t saved[4];

   /* Block type 7 does not exist */
   memcpy(saved, cdm + 0x28, 4);
   *(uint32_t *)(cdm + 0x28) = 0xE0000000;
   expect_error("unknown CDM block", agx_decode_cdm, CDM_VA, 0, "unknown CDM block type 7");
   memcpy(cdm + 0x28, saved, 4);

   /* Unknown bit in a VDM barrier */
   *(uint32_t *)vdm |= 1;
   expect_error("unknown bit", agx_decode_vdm, VDM_VA, 0, "has unknown bits 0x00000001");
   *(uint32_t *)vdm &= ~1u;

   /* Link to unmapped memory */
   memcpy(saved, cdm + 0x2c, 8);
   PACK_AT(cdm, 0x2c, CDM_STREAM_LINK, cfg) {
      cfg.target_hi = 0x77;
   }
   expect_error("unmapped link", agx_decode_cdm, CDM_VA, 0, "(unmapped)");

   /* Link to itself: stopped by the block limit */
   PACK_AT(cdm, 0x2c, CDM_STREAM_LINK, cfg) {
      cfg.target_hi = (uint32_t)((CDM_VA + 0x2c) >> 32);
      cfg.target_lo = (uint32_t)(CDM_VA + 0x2c);
   }
   expect_error("link loop", agx_decode_cdm, CDM_VA, 100, "more than 100 blocks");
   memcpy(cdm + 0x2c, saved, 8);

   /* PPP update size disagreeing with its header */
   memcpy(saved, vdm + 4, 8);
   PACK_AT(vdm, 4, PPP_STATE, cfg) {
      cfg.pointer_hi = (uint32_t)(PPP_VA >> 32);
      cfg.size_words = 16;
   }
   expect_error("PPP size", agx_decode_vdm, VDM_VA, 0, "header describes 60");
   PACK_AT(vdm, 4, PPP_STATE, cfg) {
      cfg.pointer_hi = (uint32_t)(PPP_VA >> 32);
      cfg.size_words = 3;
   }
   expect_error("PPP too small", agx_decode_vdm, VDM_VA, 0, "PPP update too small");
   memcpy(vdm + 4, saved, 8);

   /* Return with nothing to return to */
   memcpy(saved, cdm, 8);
   PACK_AT(cdm, 0, CDM_STREAM_RETURN, cfg)
      ;
   expect_error("stray return", agx_decode_cdm, CDM_VA, 0, "return without a call");
   memcpy(cdm, saved, 8);
}

/* Random memory never crashes or hangs the decoder (run under ASan in CI). */
static void
test_random(void)
{
   uint64_t state = 0x9e3779b97f4a7c15ull;
   FILE *null = fopen("/dev/null", "w");
   unsigned with_errors = 0;
   for (unsigned iter = 0; iter < 300; ++iter) {
      uint8_t *regions[] = {usc, cdm, vdm, ppp, desc};
      for (unsigned r = 0; r < 5; ++r) {
         for (unsigned i = 0; i < REGION_LEN; ++i) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            /* bias towards valid block types and small values */
            regions[r][i] = (uint8_t)(state >> 56) & ((i % 4 == 3) ? 0xFF : 0x3F);
         }
      }
      struct agx_decode_image img = {0};
      build_image(&img);
      struct agx_decode_ctx ctx = {
         .fp = null,
         .read = agx_decode_image_read,
         .user = &img,
         .usc_base = USC_BASE,
         .g14x = iter & 1,
         .max_blocks = 500,
      };
      agx_decode_cdm(&ctx, CDM_VA + (iter % 64) * 4);
      agx_decode_vdm(&ctx, VDM_VA + (iter % 64) * 4);
      agx_decode_ppp(&ctx, PPP_VA, 4 * (iter % 200));
      agx_decode_usc(&ctx, USC_BASE + iter, (int)(iter % 8));
      with_errors += ctx.errors != 0;
      agx_decode_image_free(&img);
   }
   fclose(null);
   /* random words are almost never valid: errors must have been reported */
   if (with_errors < 250) {
      failures++;
      fprintf(stderr, "FAIL random: only %u of 300 random images reported errors\n", with_errors);
   }
}

/* Runs the CLI; returns its exit status and output (caller frees). */
static int
run_cli(const char *cmd, char **out)
{
   FILE *p = popen(cmd, "r");
   size_t cap = 1 << 16, len = 0;
   *out = calloc(1, cap);
   if (!p)
      return -1;
   size_t n;
   while ((n = fread(*out + len, 1, cap - 1 - len, p)) > 0) {
      len += n;
      if (len + 1 == cap) {
         cap *= 2;
         *out = realloc(*out, cap);
      }
   }
   (*out)[len] = 0;
   int status = pclose(p);
   return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void
write_file(const char *dir, const char *name, const uint8_t *data, size_t size, char *path,
           size_t path_size)
{
   snprintf(path, path_size, "%s/%s", dir, name);
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(data, 1, size, f) != size) {
      failures++;
      fprintf(stderr, "FAIL cannot write %s\n", path);
   }
   if (f)
      fclose(f);
}

static void
test_cli(const char *exe, const char *dir)
{
   char p_usc[512], p_cdm[512], p_vdm[512], p_ppp[512], p_desc[512], cmd[4096];
   mkdir(dir, 0755);
   write_file(dir, "usc.bin", usc, sizeof(usc), p_usc, sizeof(p_usc));
   write_file(dir, "cdm.bin", cdm, sizeof(cdm), p_cdm, sizeof(p_cdm));
   write_file(dir, "vdm.bin", vdm, sizeof(vdm), p_vdm, sizeof(p_vdm));
   write_file(dir, "ppp.bin", ppp, sizeof(ppp), p_ppp, sizeof(p_ppp));
   write_file(dir, "desc.bin", desc, sizeof(desc), p_desc, sizeof(p_desc));

   snprintf(cmd, sizeof(cmd),
            "'%s' --mem 0x%llx='%s' --mem 0x%llx='%s' --mem 0x%llx='%s' --mem 0x%llx='%s' "
            "--mem 0x%llx='%s' --usc-base 0x%llx --g14x --cdm 0x%llx --vdm 0x%llx 2>&1",
            exe, USC_BASE, p_usc, CDM_VA, p_cdm, VDM_VA, p_vdm, PPP_VA, p_ppp, DESC_VA, p_desc,
            USC_BASE, CDM_VA, VDM_VA);
   char *out;
   int rc = run_cli(cmd, &out);
   expect_in_order("CLI CDM", out, cdm_expect);
   expect_in_order("CLI VDM", out, vdm_expect);
   if (rc != 0) {
      failures++;
      fprintf(stderr, "FAIL CLI exit %d\n%s", rc, out);
   }
   free(out);

   static const struct {
      const char *args, *needle;
      int rc;
   } bad[] = {
      {"--help", "--mem ADDR=FILE", 0},
      {"--cdm 0x10", "cannot read 4 bytes at 0x10 (unmapped)", 1},
      {"--mem 0x10=/nonexistent/file --cdm 0x10", "cannot open /nonexistent/file", 2},
      {"--mem nope --cdm 0", "--mem wants ADDR=FILE", 2},
      {"--cdm", "missing value for: --cdm", 2},
      {"--bogus", "unknown option: --bogus", 2},
      {"--ppp 0x10", "--ppp wants ADDR:BYTES", 2},
      {"--usc-base 0x10", "nothing to decode", 2},
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i) {
      snprintf(cmd, sizeof(cmd), "'%s' %s 2>&1", exe, bad[i].args);
      rc = run_cli(cmd, &out);
      if (rc != bad[i].rc || !strstr(out, bad[i].needle)) {
         failures++;
         fprintf(stderr, "FAIL CLI '%s': exit %d (want %d), output:\n%s", bad[i].args, rc,
                 bad[i].rc, out);
      }
      free(out);
   }
}

int
main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s AGX_DECODE_EXE WORKDIR\n", argv[0]);
      return 2;
   }
   build_usc();
   build_cdm();
   build_vdm();
   test_library();
   test_commands();
   test_errors();
   test_cli(argv[1], argv[2]);
   test_random();
   printf("decode: %d failures\n", failures);
   return failures ? 1 : 0;
}
