/* Images (not texel buffers) in the compiler, no GPU model needed:
 *  - agx_pass_lower_io leaves no image_* intrinsic: bindless_texture_load /
 *    bindless_image_write / bindless_texture_sample whose heap is the
 *    image's set address uniform and whose descriptor offset is
 *    binding_offset + index * 48 (+ 24, the PBE, for stores), storage loads
 *    with q3 = 13 and sampled ones with 12, dimensions from the types;
 *  - the back end's operands (texture_sample with a register sampler index
 *    and lod_min, tex_2d_array / tex_3d) and sampler_states = 1;
 *  - size / level / sample queries run on the IR interpreter against
 *    Texture descriptors packed with genxml (agx_abi.h's view conventions);
 *  - textureGrad on cube maps and cube arrays becomes explicit-LOD samples
 *    whose LOD is computed from the view's width (image_size, flog2): no
 *    image_sample_grad with cube dimensions reaches the back end;
 *  - multisampled storage images: stores through the buffer-like PBE,
 *    loads of the multisampled Texture, atomics on computed addresses.
 * test_compiler_image SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_abi.h"
#include "agx_backend.h"
#include "agx_pack.h"
#include "agx_passes.h"
#include "agx_spirv.h"
#include "harness.h"

static unsigned
binding_offset(void *data, unsigned set, unsigned binding)
{
   (void)data;
   return 1008 * set + 64 * binding;
}

static agx_shader *
compile(const char *name, char *err, size_t n)
{
   size_t count;
   uint32_t *w = h_read_spv(name, &count);
   if (!w) {
      snprintf(err, n, "cannot read %s", name);
      return NULL;
   }
   agx_shader *s = agx_compile_spirv(w, count, NULL, false, err, n);
   free(w);
   return s;
}

static bool
is_const(const agx_instr *I, uint64_t v)
{
   return I->op == AGX_OP_CONST && I->value[0] == v;
}

static void
test_lowering(void)
{
   char err[512];
   agx_shader *s = compile("image_ops", err, sizeof(err));
   H_CHECK(s, "%s", err);
   if (!s)
      return;
   agx_optimize(s);
   H_CHECK(h_count_ops(s, AGX_OP_IMAGE_STORE) == 1 && h_count_ops(s, AGX_OP_IMAGE_LOAD) == 2 &&
              h_count_ops(s, AGX_OP_IMAGE_SAMPLE) == 2,
           "front end image ops");
   struct agx_io_options io = {.binding_offset = binding_offset};
   agx_pass_lower_io(s, &io);
   agx_optimize(s);
   H_CHECK(agx_validate(s, err, sizeof(err)), "%s", err);
   H_CHECK(h_count_ops(s, AGX_OP_IMAGE_STORE) + h_count_ops(s, AGX_OP_IMAGE_LOAD) +
                 h_count_ops(s, AGX_OP_IMAGE_SAMPLE) ==
              0,
           "image intrinsics left after lower_io");
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   unsigned loads = 0, writes = 0, samples = 0;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op == AGX_OP_BINDLESS_TEXTURE_LOAD) {
         loads++;
         if (I->c[1] == AGX_IMAGE_2D_ARRAY) {
            /* imgs[1]: set 1, 1008 + 2 * 64 + 1 * 48 */
            H_CHECK(I->c[0] == AGX_ABI_SET_ADDR_BASE + 8 && I->c[2] == 13, "storage load consts");
            H_CHECK(is_const(I->src[0], 1008 + 128 + 48), "storage load descriptor offset");
            H_CHECK(I->src[1]->type.comps == 3, "x, y, layer");
            H_CHECK(is_const(I->src[2], 0), "storage loads read level 0");
         } else {
            H_CHECK(I->c[1] == AGX_IMAGE_3D && I->c[0] == AGX_ABI_SET_ADDR_BASE && I->c[2] == 12,
                    "texelFetch consts %u %u %u", I->c[0], I->c[1], I->c[2]);
            H_CHECK(is_const(I->src[0], 3 * 64), "texelFetch descriptor offset");
            H_CHECK(!is_const(I->src[2], 0), "texelFetch level 1 (robust: level checked)");
         }
      } else if (I->op == AGX_OP_BINDLESS_IMAGE_WRITE) {
         writes++;
         H_CHECK(I->c[0] == AGX_ABI_SET_ADDR_BASE + 8 && I->c[1] == AGX_IMAGE_2D_ARRAY,
                 "image write consts");
         H_CHECK(I->src[0]->op != AGX_OP_CONST, "dynamically indexed image");
      } else if (I->op == AGX_OP_BINDLESS_TEXTURE_SAMPLE) {
         samples++;
         H_CHECK(I->c[0] == AGX_ABI_SET_ADDR_BASE && I->c[1] == AGX_IMAGE_3D, "sample consts");
         H_CHECK(I->src[0]->type.comps == 2 && is_const(I->src[0]->src[0], 3 * 64),
                 "sample descriptor offset + sampler index");
         H_CHECK(I->src[2]->type.bits == 16 && I->src[2]->type.comps == 1, "fp16 LOD");
         H_CHECK(I->c[2] == 0, "no texel offset (constant or dynamic indices)");
      }
   }
   /* each sample twice: the custom-border emulation's opaque-white and
    * transparent-black samplers (agx_abi.h) */
   H_CHECK(loads == 2 && writes == 1 && samples == 4, "bindless ops %u %u %u", loads, writes,
           samples);

   struct agx_backend_result r;
   int rc = agx_backend_compile(s, NULL, &r, err, sizeof(err));
   H_CHECK(rc == 0, "%s", err);
   if (rc == 0) {
      H_CHECK(r.info.sampler_states == 1, "sampler states %u", r.info.sampler_states);
      char *text = NULL;
      size_t len = 0;
      FILE *f = open_memstream(&text, &len);
      agx_backend_disasm(r.code, r.size, f);
      fclose(f);
      const char *ts = strstr(text, "texture_sample");
      H_CHECK(ts && strstr(ts, "tex_3d") && strstr(ts, "lod_min"), "texture_sample:\n%s", text);
      const char *iw = strstr(text, "image_write");
      H_CHECK(iw && strstr(iw, "tex_2d_array") && strstr(iw, "u2_u3"), "image_write:\n%s", text);
      H_CHECK(strstr(text, "wait"), "waits");
      /* no offset operand: texture_sample's last operand is the LOD */
      for (const char *p = strstr(text, "texture_sample"); p; p = strstr(p + 1, "texture_sample")) {
         const char *eol = strchr(p, '\n'), *lod = strstr(p, "lod_min, ");
         const char *comma = lod ? strchr(lod + 9, ',') : NULL;
         H_CHECK(eol && lod && lod < eol && !(comma && comma < eol),
                 "texture_sample with an offset register:\n%.*s", (int)(eol ? eol - p : 80), p);
      }
      printf("image_ops: %u instructions\n", r.info.num_instrs);
      free(text);
      agx_backend_result_free(&r);
   }
   agx_shader_destroy(s);
}

static void
texture(struct harness *h, unsigned b, enum agx_texture_dimension dim, unsigned w, unsigned hgt,
        unsigned depth, unsigned first, unsigned last, bool four)
{
   agx_pack((uint32_t *)(h->sets[0] + b * AGX_ABI_DEFAULT_BINDING_BYTES), TEXTURE, cfg) {
      cfg.dimension = dim;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_FLOAT;
      cfg.width = w;
      cfg.height = hgt;
      cfg.depth = depth;
      cfg.first_level = first;
      cfg.last_level = last;
      cfg.samples = four ? AGX_SAMPLE_COUNT_4 : AGX_SAMPLE_COUNT_2;
      cfg.address = 0x10000;
   }
}

static void
test_queries(void)
{
   for (int mode = H_RAW; mode < H_NUM_MODES; mode++) {
      struct harness h;
      if (!h_compile(&h, "image_query", mode, NULL)) {
         H_CHECK(false, "image_query (%s): %s", h_mode_names[mode], h.err);
         continue;
      }
      int32_t *out = h_buffer(&h, 0, 0, 0, 32 * 4);
      texture(&h, 1, AGX_TEXTURE_DIMENSION_2D, 20, 12, 1, 1, 3, false);
      texture(&h, 2, AGX_TEXTURE_DIMENSION_3D, 16, 8, 4, 0, 4, false);
      /* storage cube array: a 2D array of 12 faces */
      texture(&h, 3, AGX_TEXTURE_DIMENSION_2D_ARRAY, 6, 6, 12, 0, 0, false);
      /* sampled cube array: Depth counts cubes */
      texture(&h, 4, AGX_TEXTURE_DIMENSION_CUBE_ARRAY, 8, 8, 3, 0, 0, false);
      /* 1D array: a 2D array of height 1 */
      texture(&h, 5, AGX_TEXTURE_DIMENSION_2D_ARRAY, 9, 1, 5, 0, 0, false);
      texture(&h, 6, AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED, 4, 4, 1, 0, 0, true);
      if (!h_run(&h, 1, 1, 1)) {
         H_CHECK(false, "image_query run (%s): %s", h_mode_names[mode], h.err);
      } else {
         static const int32_t want[] = {10, 6, 2, 1, 3, 8, 4, 2, 2, 1, 1,
                                        5,  6, 6, 2, 8, 8, 3, 9, 5, 4, 4};
         for (unsigned k = 0; k < sizeof(want) / sizeof(want[0]); k++)
            H_CHECK(out[k] == want[k], "query %u (%s): got %d, want %d", k, h_mode_names[mode],
                    out[k], want[k]);
      }
      h_finish(&h);
   }
}

static void
test_cube_grad(void)
{
   char err[512];
   agx_shader *s = compile("image_cube_grad", err, sizeof(err));
   H_CHECK(s, "%s", err);
   if (!s)
      return;
   agx_optimize(s);
   H_CHECK(h_count_ops(s, AGX_OP_IMAGE_SAMPLE_GRAD) == 0 &&
              h_count_ops(s, AGX_OP_IMAGE_SAMPLE) == 2 && h_count_ops(s, AGX_OP_IMAGE_SIZE) == 2 &&
              h_count_ops(s, AGX_OP_FLOG2) == 2,
           "cube gradients: %u sample_grad, %u sample, %u size, %u flog2",
           h_count_ops(s, AGX_OP_IMAGE_SAMPLE_GRAD), h_count_ops(s, AGX_OP_IMAGE_SAMPLE),
           h_count_ops(s, AGX_OP_IMAGE_SIZE), h_count_ops(s, AGX_OP_FLOG2));
   agx_shader_destroy(s);
}

/* A multisampled storage image (image_ms_storage.comp): the front end
 * keeps the sample in the coordinates' w; lower_io turns the store into a
 * 2D bindless_image_write at the PBE (+24, the buffer-like PBE: the sample
 * index split into x, y), the load into a 2D MS array texture_load of the
 * Texture (q3 = 13), the atomic into a global atomic on the computed
 * address; imageSamples reads the Texture's Samples bit. */
static void
test_ms_storage(void)
{
   char err[512];
   agx_shader *s = compile("image_ms_storage", err, sizeof(err));
   H_CHECK(s, "%s", err);
   if (!s)
      return;
   agx_optimize(s);
   H_CHECK(h_count_ops(s, AGX_OP_IMAGE_STORE) == 1 && h_count_ops(s, AGX_OP_IMAGE_LOAD) == 1 &&
              h_count_ops(s, AGX_OP_IMAGE_TEXEL_ADDRESS) == 1 &&
              h_count_ops(s, AGX_OP_IMAGE_SAMPLES) >= 1,
           "front end: %u store, %u load, %u texel address, %u samples",
           h_count_ops(s, AGX_OP_IMAGE_STORE), h_count_ops(s, AGX_OP_IMAGE_LOAD),
           h_count_ops(s, AGX_OP_IMAGE_TEXEL_ADDRESS), h_count_ops(s, AGX_OP_IMAGE_SAMPLES));
   struct agx_io_options io = {.binding_offset = binding_offset};
   agx_pass_lower_io(s, &io);
   agx_optimize(s);
   H_CHECK(agx_validate(s, err, sizeof(err)), "%s", err);
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   unsigned writes = 0, loads = 0, atomics = 0;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op == AGX_OP_BINDLESS_IMAGE_WRITE) {
         writes++;
         H_CHECK(I->c[1] == AGX_IMAGE_2D && I->src[1]->type.comps == 2,
                 "MS store: a 2D write (dim %u, %u coordinates)", I->c[1], I->src[1]->type.comps);
         H_CHECK(is_const(I->src[0], 64 + AGX_ABI_IMAGE_PBE), "MS store at the PBE");
      } else if (I->op == AGX_OP_BINDLESS_TEXTURE_LOAD) {
         loads++;
         H_CHECK(I->c[1] == AGX_IMAGE_2D_MS_ARRAY && I->c[2] == 13 && is_const(I->src[0], 64),
                 "MS load: dim %u, q3 %u", I->c[1], I->c[2]);
      } else if (I->op == AGX_OP_ATOMIC_GLOBAL) {
         atomics++;
      }
   }
   H_CHECK(writes == 1 && loads == 1 && atomics == 1,
           "MS storage ops: %u writes, %u loads, %u "
           "atomics",
           writes, loads, atomics);
   H_CHECK(h_count_ops(s, AGX_OP_IMAGE_STORE) + h_count_ops(s, AGX_OP_IMAGE_LOAD) +
                 h_count_ops(s, AGX_OP_IMAGE_TEXEL_ADDRESS) +
                 h_count_ops(s, AGX_OP_IMAGE_SAMPLES) ==
              0,
           "image intrinsics left after lower_io");
   struct agx_backend_result r;
   int rc = agx_backend_compile(s, NULL, &r, err, sizeof(err));
   H_CHECK(rc == 0, "%s", err);
   if (rc == 0)
      agx_backend_result_free(&r);
   agx_shader_destroy(s);
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      return 2;
   h_spv_dir = argv[1];
   test_lowering();
   test_queries();
   test_cube_grad();
   test_ms_storage();
   printf("%u failures\n", h_failures);
   return h_failures != 0;
}
