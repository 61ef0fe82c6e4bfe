/*
 * The per-word comparison of the PPP words a pipeline's shaders determine
 * (agxv_draw_cache_ppp_words_dirty, icd/agxv_draw_cache.h) and the PPP
 * header that computes its own size (agxv_ppp_header_sized, icd/agxv_ppp.h),
 * which together let a pipeline switch re-emit only the PPP groups whose
 * words differ:
 *  - an unknown stream gets all four shader groups, equal words none, and
 *    each word changed alone dirties exactly its group (Output Select and
 *    Output Size: VS; Fragment Control 2 bits and the FS half of Output
 *    Select: LINKED_FS; Varying Counts and Cull 2's primitive id:
 *    VARYINGS; a fragment shader bound or not, Face 2 bits: FS); the words
 *    become the stream's;
 *  - for every combination of the 7 PPP dirty bits, a fragment shader or
 *    none, 1 to 16 viewports and a range of Vulkan dirty bits, the size
 *    agxv_ppp_header_sized reports equals agxv_ppp_size of its header and
 *    the bytes agxv_ppp_emit writes, and the header equals agxv_ppp_header's.
 *  - the cull-only header (cull mode / front face dirty alone) is the
 *    general one's for those bits and emits the same Cull word.
 * Assumes: nothing but the functions under test (no device).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agxv_draw_cache.h"
#include "agxv_ppp.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

static const uint32_t ALL4 =
   AGXV_PPP_DIRTY_VS | AGXV_PPP_DIRTY_LINKED_FS | AGXV_PPP_DIRTY_VARYINGS | AGXV_PPP_DIRTY_FS;

static struct agxv_ppp_draw
base_words(void)
{
   return (struct agxv_ppp_draw){
      .vs_output_select = 0x11,
      .uvs_size = 8,
      .varying_counts_32 = 0x203,
      .varying_counts_16 = 0,
      .generate_primitive_id = false,
      .has_fs = true,
      .fs_fragment_control = 0x100,
      .fs_face_2 = 0x40,
      .fs_output_select = 0x20000,
   };
}

/* Changes word i of the list in check_words_diff. */
static void
change(struct agxv_ppp_draw *x, unsigned i)
{
   switch (i) {
   case 0:
      x->vs_output_select = 0x13;
      break;
   case 1:
      x->uvs_size = 12;
      break;
   case 2:
      x->fs_fragment_control = 0x300;
      break;
   case 3:
      x->fs_output_select = 0x30000;
      break;
   case 4:
      x->varying_counts_32 = 0x204;
      break;
   case 5:
      x->varying_counts_16 = 0x1;
      break;
   case 6:
      x->generate_primitive_id = true;
      break;
   case 7:
      x->has_fs = false;
      break;
   default:
      x->fs_face_2 = 0x41;
      break;
   }
}

static void
check_words_diff(void)
{
   struct agxv_draw_cache c;
   agxv_draw_cache_reset(&c);
   struct agxv_ppp_draw w = base_words();
   CHECK(agxv_draw_cache_ppp_words_dirty(&c, &w) == ALL4);
   CHECK(agxv_draw_cache_ppp_words_dirty(&c, &w) == 0);
   static const struct {
      const char *name;
      uint32_t want;
   } cases[] = {
      {"vs_output_select", AGXV_PPP_DIRTY_VS},
      {"uvs_size", AGXV_PPP_DIRTY_VS},
      {"fs_fragment_control", AGXV_PPP_DIRTY_LINKED_FS},
      {"fs_output_select", AGXV_PPP_DIRTY_LINKED_FS},
      {"varying_counts_32", AGXV_PPP_DIRTY_VARYINGS},
      {"varying_counts_16", AGXV_PPP_DIRTY_VARYINGS},
      {"generate_primitive_id", AGXV_PPP_DIRTY_VARYINGS},
      {"has_fs", AGXV_PPP_DIRTY_FS},
      {"fs_face_2", AGXV_PPP_DIRTY_FS},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct agxv_ppp_draw x = base_words();
      change(&x, i);
      uint32_t got = agxv_draw_cache_ppp_words_dirty(&c, &x);
      if (got != cases[i].want)
         fprintf(stderr, "%s: dirty 0x%x, want 0x%x\n", cases[i].name, got, cases[i].want);
      CHECK(got == cases[i].want);
      /* the changed words are the stream's now: the same again is clean,
       * and going back dirties the same group */
      CHECK(agxv_draw_cache_ppp_words_dirty(&c, &x) == 0);
      CHECK(agxv_draw_cache_ppp_words_dirty(&c, &w) == cases[i].want);
   }
   /* another stream: everything again */
   agxv_draw_cache_forget_stream(&c);
   CHECK(agxv_draw_cache_ppp_words_dirty(&c, &w) == ALL4);
}

/* The quick blocks (agxv_ppp_quick: a switch between pipelines differing
 * in culling, new FS uniforms, or both, with or without colour blend state
 * changes) equal the general expressions'
 * header of the same bits plus depth-bias enable (which adds Fragment
 * Control alone) without Fragment Control, and agxv_ppp_emit_quick writes
 * the bytes the general builder writes for that header. */
static void
check_quick(void)
{
   /* the states no PPP word reads (AGXV_PPP_NO_WORDS_DYN) add nothing */
   static const uint64_t sets[] = {0,
                                   AGXV_DYN_BIT(RS_CULL_MODE),
                                   AGXV_DYN_BIT(RS_FRONT_FACE),
                                   AGXV_DYN_BIT(RS_CULL_MODE) | AGXV_DYN_BIT(RS_FRONT_FACE),
                                   AGXV_DYN_BIT(CB_BLEND_ENABLES),
                                   AGXV_DYN_BIT(CB_BLEND_ENABLES) | AGXV_DYN_BIT(RS_CULL_MODE),
                                   AGXV_PPP_NO_WORDS_DYN};
   for (unsigned s = 0; s < sizeof(sets) / sizeof(sets[0]); s++) {
      const bool cull = (sets[s] & AGXV_PPP_QUICK_DYN_DIRTY) != 0;
      for (int fs = 0; fs < 2; fs++) {
         for (uint32_t ppp = 0; ppp <= AGXV_PPP_DIRTY_FS_UNIFORMS;
              ppp += AGXV_PPP_DIRTY_FS_UNIFORMS) {
            struct agxv_dynamic_graphics_state d;
            agxv_dyn_init(&d);
            struct agxv_ppp_draw draw = base_words();
            draw.fb_width = draw.fb_height = 64;
            draw.has_fs = fs;
            draw.fs_counts = 0x1234;
            draw.fs_pipeline = 0x12340;
            draw.fs_cf_bindings = 0x5678;
            size_t fast_size = 0, slow_size = 0;
            d.dirty = sets[s];
            CHECK(agxv_ppp_quick(&d, ppp));
            struct AGX_PPP_HEADER fast = agxv_ppp_header_sized(&d, ppp, &draw, &fast_size);
            CHECK(fast_size == agxv_ppp_quick_size(&d, ppp, &draw));
            d.dirty = sets[s] | AGXV_DYN_BIT(RS_DEPTH_BIAS_ENABLE);
            CHECK(!agxv_ppp_quick(&d, ppp));
            struct AGX_PPP_HEADER slow = agxv_ppp_header_sized(&d, ppp, &draw, &slow_size);
            CHECK(fast.cull == cull && slow.cull == fast.cull);
            CHECK(fast.fragment_shader == (fs && ppp) &&
                  slow.fragment_shader == fast.fragment_shader);
            CHECK(slow.fragment_control && !fast.fragment_control);
            size_t want =
               AGX_PPP_HEADER_LENGTH + (cull ? AGX_CULL_LENGTH : 0) + (fs && ppp ? 16 : 0);
            CHECK(fast_size == want);
            CHECK(slow_size == fast_size + AGX_FRAGMENT_CONTROL_LENGTH);
            slow.fragment_control = false;
            uint32_t a[8] = {0}, b[8] = {0};
            AGX_PPP_HEADER_pack(a, &fast);
            AGX_PPP_HEADER_pack(b, &slow);
            CHECK(a[0] == b[0]);
            /* the whole block: the general builder on the header without
             * Fragment Control, the quick emitter */
            d.dirty = sets[s];
            uint8_t out_quick[64] = {0}, out_slow[64] = {0};
            CHECK(agxv_ppp_emit_sized(out_slow, fast_size, &slow, &d, &draw) == fast_size);
            CHECK(agxv_ppp_emit_quick(out_quick, &d, ppp, &draw) == fast_size);
            CHECK(memcmp(out_quick, out_slow, sizeof(out_quick)) == 0);
            /* an FS address the words cannot hold: refused by both */
            draw.fs_pipeline = 0x12341;
            CHECK(agxv_ppp_emit_quick(out_quick, &d, ppp, &draw) == (fs && ppp ? 0 : fast_size));
         }
      }
   }
}

static void
check_sizes(void)
{
   static const uint64_t dyn_sets[] = {
      0,
      AGXV_DYN_BIT(RS_CULL_MODE),
      AGXV_DYN_BIT(DS_STENCIL_OP) | AGXV_DYN_BIT(VP_VIEWPORTS),
      AGXV_DYN_BIT(IA_PRIMITIVE_TOPOLOGY) | AGXV_DYN_BIT(RS_DEPTH_BIAS_FACTORS),
      AGXV_DYN_BIT(DS_DEPTH_COMPARE_OP) | AGXV_DYN_BIT(RS_RASTERIZER_DISCARD_ENABLE),
      AGXV_DYN_ALL,
   };
   static uint8_t buf[4096];
   unsigned n = 0;
   for (unsigned vpc = 1; vpc <= AGXV_MAX_VIEWPORTS; vpc += 5) {
      struct agxv_dynamic_graphics_state d;
      agxv_dyn_init(&d);
      VkViewport vps[AGXV_MAX_VIEWPORTS];
      VkRect2D scs[AGXV_MAX_VIEWPORTS];
      for (unsigned i = 0; i < vpc; i++) {
         vps[i] = (VkViewport){0, 0, 64, 64, 0, 1};
         scs[i] = (VkRect2D){{0, 0}, {64, 64}};
      }
      agxv_dyn_set_viewport_with_count(&d, vpc, vps);
      agxv_dyn_set_scissor_with_count(&d, vpc, scs);
      for (unsigned s = 0; s < sizeof(dyn_sets) / sizeof(dyn_sets[0]); s++) {
         for (uint32_t pd = 0; pd <= AGXV_PPP_DIRTY_ALL; pd++) {
            for (int fs = 0; fs < 2; fs++) {
               d.dirty = dyn_sets[s];
               struct agxv_ppp_draw draw = base_words();
               draw.fb_width = draw.fb_height = 64;
               draw.has_fs = fs;
               draw.fs_pipeline = 64;
               draw.fs_cf_bindings = 4;
               size_t size = 0;
               struct AGX_PPP_HEADER h = agxv_ppp_header_sized(&d, pd, &draw, &size);
               struct AGX_PPP_HEADER h2 = agxv_ppp_header(&d, pd, &draw);
               CHECK(memcmp(&h, &h2, sizeof(h)) == 0);
               CHECK(size == agxv_ppp_size(&h));
               CHECK(agxv_ppp_emit(buf, sizeof(buf), &h, &d, &draw) == size);
               CHECK(agxv_ppp_emit_sized(buf, size, &h, &d, &draw) == size);
               n++;
            }
         }
      }
   }
   printf("ok: words diff per group, %u headers sized\n", n);
}

int
main(void)
{
   check_words_diff();
   check_sizes();
   check_quick();
   return 0;
}
