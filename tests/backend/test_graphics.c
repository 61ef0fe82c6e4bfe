/* Graphics stages in the compiler, without a GPU: the vertex output record
 * (UVS) layout and the exact st_var sequence of glslang-compiled vertex
 * shaders, the CF binding table and the iter/iterproj/ldcf of fragment
 * shaders, discard as sample_mask, colour outputs as wait_pix + st_tile in
 * the tilebuffer format, the tilebuffer layout against graphics.md §5.2,
 * and the background / end-of-tile programs of a layout.
 * Expected values are written out by hand from the references, not computed
 * by the code under test.
 * Usage: test_backend_graphics DIR (holding vs_basic.spv ... from
 * tests/compiler). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_backend.h"
#include "agx_spirv.h"
#include "agx_fs_epilog.h"
#include "agx_tile_programs.h"
#include "agx_vbo_prolog.h"

static unsigned failures, checks;

#define CHECK(cond, ...)                                                          \
   do {                                                                           \
      checks++;                                                                   \
      if (!(cond)) {                                                              \
         failures++;                                                              \
         fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                            \
         fputc('\n', stderr);                                                     \
      }                                                                           \
   } while (0)

static const char *dir;
static const uint8_t *link_fs_interp;              /* agx_backend_options.fs_interp for compile() */
static bool split_outputs;                         /* agx_backend_options.fs_epilog for compile() */
static const struct agx_spirv_options *spirv_opts; /* for compile() */
static bool viewport_zero;                         /* agx_backend_options.viewport_zero */

struct prog {
   struct agx_backend_result r;
   char *text;   /* disassembly */
   char *copy;   /* split into lines */
   char **lines; /* instruction text after "offset:", trimmed */
   unsigned n;
   bool ok;
};

static uint32_t *
read_spv(const char *name, size_t *nw)
{
   char path[512];
   snprintf(path, sizeof(path), "%s/%s.spv", dir, name);
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   uint32_t *w = malloc(1 << 20);
   size_t n = fread(w, 4, (1 << 20) / 4, f);
   fclose(f);
   *nw = n;
   return w;
}

static bool
compile(const char *name, const struct agx_tilebuffer_layout *tib, struct prog *p, char *err,
        size_t errsize)
{
   memset(p, 0, sizeof(*p));
   size_t nw;
   uint32_t *w = read_spv(name, &nw);
   if (!w) {
      snprintf(err, errsize, "missing %s", name);
      return false;
   }
   agx_shader *s = agx_compile_spirv(w, nw, spirv_opts, true, err, errsize);
   free(w);
   if (!s)
      return false;
   struct agx_backend_options o = {.tib = tib,
                                   .no_preamble = true,
                                   .fs_interp = link_fs_interp,
                                   .fs_epilog = split_outputs,
                                   .viewport_zero = viewport_zero};
   int rc = agx_backend_compile(s, &o, &p->r, err, errsize);
   agx_shader_destroy(s);
   if (rc)
      return false;
   size_t len;
   FILE *m = open_memstream(&p->text, &len);
   bool decoded = agx_backend_disasm(p->r.code, p->r.size, m);
   fclose(m);
   CHECK(decoded, "%s: undecodable bytes", name);
   p->lines = calloc(4096, sizeof(char *));
   p->copy = strdup(p->text);
   for (char *line = strtok(p->copy, "\n"); line && p->n < 4096; line = strtok(NULL, "\n")) {
      char *colon = strchr(line, ':');
      if (!colon)
         continue;
      char *t = colon + 1;
      while (*t == ' ')
         t++;
      char *e = t + strlen(t);
      while (e > t && e[-1] == ' ')
         *--e = 0;
      p->lines[p->n++] = t;
   }
   p->ok = true;
   return true;
}

static void
prog_free(struct prog *p)
{
   agx_backend_result_free(&p->r);
   free(p->text);
   free(p->copy);
   free(p->lines);
}

/* Index of the first line at or after `from` starting with prefix, or -1. */
static int
find(const struct prog *p, unsigned from, const char *prefix)
{
   for (unsigned i = from; i < p->n; i++)
      if (!strncmp(p->lines[i], prefix, strlen(prefix)))
         return (int)i;
   return -1;
}

static unsigned
count(const struct prog *p, const char *prefix)
{
   unsigned k = 0;
   for (int i = find(p, 0, prefix); i >= 0; i = find(p, (unsigned)i + 1, prefix))
      k++;
   return k;
}

/* The UVS word of "st_var 1, rN, IDX" / st_var_final. */
static int
st_var_index(const char *line)
{
   const char *c = strrchr(line, ',');
   return c ? atoi(c + 1) : -1;
}

static void
test_vs_basic(void)
{
   struct prog p;
   char err[512];
   if (!compile("vs_basic", NULL, &p, err, sizeof(err))) {
      CHECK(0, "vs_basic: %s", err);
      return;
   }
   const struct agx_vs_info *vs = &p.r.info.vs;
   const struct agx_uvs_layout *l = &vs->uvs;
   CHECK(p.r.info.stage == AGX_STAGE_VERTEX, "stage %d", p.r.info.stage);
   /* position 0-3, smooth v_color 4-7, flat v_id 8, linear v_uv 9-10, point size 11 */
   CHECK(l->size == 12, "size %u", l->size);
   CHECK(l->group_words[0] == 4 && l->group_words[1] == 1 && l->group_words[2] == 2,
         "groups %u %u %u", l->group_words[0], l->group_words[1], l->group_words[2]);
   for (unsigned c = 0; c < 4; c++)
      CHECK(l->offset[0][c] == 4 + c, "loc0.%u at %u", c, l->offset[0][c]);
   CHECK(l->offset[1][0] == 8 && l->offset[1][1] == AGX_UVS_NONE, "loc1 %u %u", l->offset[1][0],
         l->offset[1][1]);
   CHECK(l->offset[2][0] == 9 && l->offset[2][1] == 10 && l->offset[2][2] == AGX_UVS_NONE,
         "loc2 %u %u", l->offset[2][0], l->offset[2][1]);
   CHECK(l->interp[0] == AGX_INTERP_SMOOTH && l->interp[1] == AGX_INTERP_FLAT &&
            l->interp[2] == AGX_INTERP_LINEAR,
         "interp %u %u %u", l->interp[0], l->interp[1], l->interp[2]);
   CHECK(l->point_size == 11 && l->layer_viewport == AGX_UVS_NONE && l->clip_count == 0,
         "psiz %u lv %u clip %u", l->point_size, l->layer_viewport, l->clip_count);
   CHECK(vs->attribs_read == 0x3, "attribs 0x%x", vs->attribs_read);
   CHECK(vs->reads_vertex_id && vs->reads_instance_id && vs->reads_base_instance &&
            !vs->reads_base_vertex && !vs->reads_draw_id,
         "sysvals");
   /* outputs are written in slot order: varyings, then position; point
    * size last, as st_var_final */
   static const int want[] = {4, 5, 6, 7, 8, 9, 10, 0, 1, 2, 3};
   int at = -1;
   for (unsigned k = 0; k < 11; k++) {
      at = find(&p, (unsigned)(at + 1), "st_var ");
      CHECK(at >= 0 && st_var_index(p.lines[at]) == want[k], "st_var #%u: %s", k,
            at >= 0 ? p.lines[at] : "missing");
      if (at < 0)
         break;
   }
   int fin = find(&p, 0, "st_var_final");
   CHECK(fin >= 0 && st_var_index(p.lines[fin]) == 11 && fin == (int)p.n - 2,
         "st_var_final %s at %d of %u", fin >= 0 ? p.lines[fin] : "missing", fin, p.n);
   CHECK(count(&p, "st_var ") == 11 && count(&p, "st_var_final") == 1, "st_var count");
   /* r5 vertex index, r6 instance number + base instance (uniform byte 324 = u81) */
   CHECK(find(&p, 0, "iadd             r") >= 0 && strstr(p.text, "r6, u81"), "instance index");
   CHECK(!strncmp(p.lines[0], "mov_imm          r0l, 0", 24), "r0l init: %s", p.lines[0]);
   prog_free(&p);
}

/* Linked to a fragment shader whose decorations differ: its interpolation
 * groups the record (location 2 smooth first, then locations 0 and 1 flat). */
static void
test_vs_linked(void)
{
   uint8_t fs_interp[AGX_MAX_VARYINGS];
   memset(fs_interp, 0xFF, sizeof(fs_interp));
   fs_interp[0] = AGX_INTERP_FLAT;
   fs_interp[2] = AGX_INTERP_SMOOTH;
   link_fs_interp = fs_interp;
   struct prog p;
   char err[512];
   bool ok = compile("vs_basic", NULL, &p, err, sizeof(err));
   link_fs_interp = NULL;
   if (!ok) {
      CHECK(0, "vs_basic linked: %s", err);
      return;
   }
   const struct agx_uvs_layout *l = &p.r.info.vs.uvs;
   CHECK(l->group_words[0] == 2 && l->group_words[1] == 5 && l->group_words[2] == 0, "groups");
   CHECK(l->offset[2][0] == 4 && l->offset[0][0] == 6 && l->offset[0][3] == 9 &&
            l->offset[1][0] == 10 && l->point_size == 11,
         "offsets %u %u %u", l->offset[2][0], l->offset[0][0], l->offset[1][0]);
   CHECK(strstr(p.text, ", 10\n") && strstr(p.text, "st_var_final     1, r"), "st_var 10");
   prog_free(&p);
}

static void
test_vs_blocks(void)
{
   struct prog p;
   char err[512];
   if (!compile("vs_blocks", NULL, &p, err, sizeof(err))) {
      CHECK(0, "vs_blocks: %s", err);
      return;
   }
   const struct agx_uvs_layout *l = &p.r.info.vs.uvs;
   /* smooth: uv[0] loc0 xy 4-5, uv[1] loc1 6-7, basis loc3/4 8-11, light.dir
    * loc6 12-14, light.power loc7 15, the clip distances as varyings
    * (AGX_UVS_LOC_CLIP) 16-18; flat tile loc2 19-20, the viewport index as
    * a varying (AGX_UVS_LOC_VIEWPORT) 21; linear depth loc8 22;
    * layer/viewport 23; clip 24-26 */
   CHECK(l->size == 27, "size %u", l->size);
   CHECK(l->offset[0][0] == 4 && l->offset[1][1] == 7 && l->offset[3][0] == 8 &&
            l->offset[4][1] == 11 && l->offset[6][2] == 14 && l->offset[7][0] == 15,
         "smooth words");
   CHECK(l->offset[AGX_UVS_LOC_CLIP][0] == 16 && l->offset[AGX_UVS_LOC_CLIP][2] == 18 &&
            l->offset[AGX_UVS_LOC_CLIP][3] == AGX_UVS_NONE &&
            l->interp[AGX_UVS_LOC_CLIP] == AGX_INTERP_SMOOTH,
         "clip varyings");
   CHECK(l->offset[2][0] == 19 && l->offset[2][1] == 20 && l->interp[2] == AGX_INTERP_FLAT,
         "flat ivec2");
   CHECK(l->offset[AGX_UVS_LOC_VIEWPORT][0] == 21 &&
            l->offset[AGX_UVS_LOC_VIEWPORT][1] == AGX_UVS_NONE &&
            l->interp[AGX_UVS_LOC_VIEWPORT] == AGX_INTERP_FLAT && l->group_words[1] == 3,
         "viewport varying %u", l->offset[AGX_UVS_LOC_VIEWPORT][0]);
   CHECK(l->offset[8][0] == 22 && l->interp[8] == AGX_INTERP_LINEAR, "linear");
   CHECK(l->layer_viewport == 23 && l->clip_base == 24 && l->clip_count == 3, "lv %u clip %u+%u",
         l->layer_viewport, l->clip_base, l->clip_count);
   CHECK(p.r.info.vs.outputs.layer && p.r.info.vs.outputs.viewport &&
            !p.r.info.vs.outputs.point_size,
         "builtins");
   int fin = find(&p, 0, "st_var_final");
   CHECK(fin >= 0 && st_var_index(p.lines[fin]) == 23, "final %s", fin >= 0 ? p.lines[fin] : "-");
   CHECK(count(&p, "st_var") == 27, "%u st_var", count(&p, "st_var"));
   bool vp_stored = false;
   for (unsigned i = 0; i < p.n; i++)
      vp_stored |= !strncmp(p.lines[i], "st_var", 6) && st_var_index(p.lines[i]) == 21;
   CHECK(vp_stored, "no st_var of word 21");
   /* layer | viewport << 16 */
   CHECK(strstr(p.text, "bfi") || strstr(p.text, "shl") || strstr(p.text, "or "), "packing");
   prog_free(&p);

   if (!compile("vs_empty", NULL, &p, err, sizeof(err))) {
      CHECK(0, "vs_empty: %s", err);
      return;
   }
   /* no position written: words 0-3 are written 0 (agx_pass_lower_vs_outputs), the
    * last as the final store; no no_var */
   CHECK(count(&p, "st_var") == 4 && find(&p, 0, "st_var_final") >= 0 && !strstr(p.text, "no_var"),
         "vs_empty: %u lines, %u st_var", p.n, count(&p, "st_var"));
   CHECK(p.r.info.vs.uvs.size == 4, "empty size %u", p.r.info.vs.uvs.size);
   prog_free(&p);
}

/* Dynamically indexed outputs and inputs: every element is written /
 * read and the indexed one selected. */
static void
test_dynamic(void)
{
   struct prog p;
   char err[512];
   if (!compile("vs_dynamic", NULL, &p, err, sizeof(err))) {
      CHECK(0, "vs_dynamic: %s", err);
      return;
   }
   const struct agx_uvs_layout *l = &p.r.info.vs.uvs;
   /* v_uv[3] 4-9, the clip distances as varyings 10-13, clip words 14-17 */
   CHECK(l->size == 18 && l->clip_base == 14 && l->clip_count == 4, "size %u clip %u+%u", l->size,
         l->clip_base, l->clip_count);
   CHECK(l->offset[0][0] == 4 && l->offset[2][1] == 9 && l->offset[AGX_UVS_LOC_CLIP][0] == 10,
         "v_uv[3] words");
   CHECK(count(&p, "st_var") == 18, "%u st_var", count(&p, "st_var"));
   prog_free(&p);
   enum agx_tib_format rt = AGX_TIB_RGBA32_FLOAT;
   struct agx_tilebuffer_layout tib;
   agx_tilebuffer_layout(&tib, &rt, 1, 1);
   if (!compile("fs_dynamic", &tib, &p, err, sizeof(err))) {
      CHECK(0, "fs_dynamic: %s", err);
      return;
   }
   const struct agx_fs_info *fs = &p.r.info.fs;
   CHECK(fs->num_cf_bindings == 4 && fs->cf[1].location == 0 && fs->cf[2].location == 1 &&
            fs->cf[2].cf_base == 5 && fs->cf[3].cf_base == 9 && fs->cf[3].interp == AGX_INTERP_FLAT,
         "bindings");
   CHECK(count(&p, "iterproj") == 8, "both elements interpolated: %u", count(&p, "iterproj"));
   CHECK(count(&p, "icmpsel") >= 4 + 3, "selects");
   prog_free(&p);
}

static void
test_uvs_assign(void)
{
   struct agx_vs_outputs o = {0};
   struct agx_uvs_layout l;
   o.comps[5] = 0x5; /* x and z: three words (x..z) */
   o.interp[5] = AGX_INTERP_LINEAR;
   o.comps[9] = 0x1;
   o.interp[9] = AGX_INTERP_SMOOTH;
   o.clip_count = 8;
   o.layer = true;
   CHECK(agx_uvs_assign(&l, &o), "assign");
   CHECK(l.offset[9][0] == 4 && l.offset[5][0] == 5 && l.offset[5][1] == 6 && l.offset[5][2] == 7 &&
            l.offset[5][3] == AGX_UVS_NONE,
         "offsets %u %u", l.offset[9][0], l.offset[5][0]);
   CHECK(l.layer_viewport == 8 && l.clip_base == 9 && l.size == 17, "tail %u %u %u",
         l.layer_viewport, l.clip_base, l.size);
   /* base slots: UVS word 4 + k -> 1 + hasZ + k (graphics.md §4.1) */
   struct agx_cf_binding b = {.location = 5, .source = AGX_CF_SOURCE_VARYING};
   CHECK(agx_cf_binding_base_slot(&b, &l, false) == 2 &&
            agx_cf_binding_base_slot(&b, &l, true) == 3,
         "base slot");
   CHECK(agx_uvs_num_slots(&l, false) == 5 && agx_uvs_num_slots(&l, true) == 6, "slots %u",
         agx_uvs_num_slots(&l, false));
   b.location = 6; /* not written: W */
   CHECK(agx_cf_binding_base_slot(&b, &l, true) == 0, "unwritten");
   b.interp = AGX_INTERP_FLAT;
   CHECK(agx_cf_binding_shade_model(&b, 0) == 0 && agx_cf_binding_shade_model(&b, 1) == 6 &&
            agx_cf_binding_shade_model(&b, 2) == 2,
         "flat shade models");
   memset(&o, 0, sizeof(o));
   for (unsigned i = 0; i < 32; i++)
      o.comps[i] = 0xF;
   CHECK(!agx_uvs_assign(&l, &o), "132 words accepted");
}

static void
test_fs_basic(void)
{
   enum agx_tib_format rts[2] = {AGX_TIB_RGBA8_UNORM, AGX_TIB_RGBA16_UINT};
   struct agx_tilebuffer_layout tib;
   agx_tilebuffer_layout(&tib, rts, 2, 1);
   struct prog p;
   char err[512];
   if (!compile("fs_basic", &tib, &p, err, sizeof(err))) {
      CHECK(0, "fs_basic: %s", err);
      return;
   }
   const struct agx_fs_info *fs = &p.r.info.fs;
   CHECK(fs->num_cf_bindings == 5 && fs->num_cf_regs == 8, "%u bindings, %u regs",
         fs->num_cf_bindings, fs->num_cf_regs);
   CHECK(fs->cf[0].is_w && fs->cf[0].cf_base == 0, "W");
   CHECK(fs->cf[1].source == AGX_CF_SOURCE_FRAGCOORD_Z && fs->cf[1].cf_base == 1, "Z");
   CHECK(fs->cf[2].location == 0 && fs->cf[2].cf_base == 2 && fs->cf[2].count == 4 &&
            fs->cf[2].interp == AGX_INTERP_SMOOTH,
         "loc0");
   CHECK(fs->cf[3].location == 1 && fs->cf[3].cf_base == 6 && fs->cf[3].count == 1 &&
            fs->cf[3].interp == AGX_INTERP_FLAT,
         "loc1");
   CHECK(fs->cf[4].location == 2 && fs->cf[4].cf_base == 7 && fs->cf[4].count == 1 &&
            fs->cf[4].interp == AGX_INTERP_LINEAR,
         "loc2");
   CHECK(fs->reads_frag_coord_z && fs->uses_discard && fs->reads_front_facing, "flags");
   CHECK(fs->input_interp[0] == AGX_INTERP_SMOOTH && fs->input_interp[1] == AGX_INTERP_FLAT &&
            fs->input_interp[2] == AGX_INTERP_LINEAR && fs->input_interp[3] == 0xFF,
         "input interpolation for linking");
   /* v_uv.x: iter cf7; v_color: iterproj cf2..cf5 with W in cf0; v_id: ldcf cf6;
    * FragCoord.z / .w: iter cf1 / cf0 */
   CHECK(strstr(p.text, "iter             r2, cf7, center"), "iter cf7");
   for (unsigned k = 2; k <= 5; k++) {
      char want[64];
      snprintf(want, sizeof(want), ", cf%u, cf0, center", k);
      CHECK(strstr(p.text, want) && strstr(p.text, "iterproj"), "iterproj cf%u", k);
   }
   CHECK(strstr(p.text, ", cf6\n") && strstr(p.text, "TODO.ldcf"), "ldcf cf6");
   CHECK(strstr(p.text, ", cf1, center") && strstr(p.text, ", cf0, center"), "z/w");
   CHECK(strstr(p.text, "sr80") && strstr(p.text, "sr81") && strstr(p.text, "sr62"), "srs");
   /* discard: kill all samples in the if; the rest are tested once at the
    * end before any st_tile; wait_pix 0xC before the tile stores */
   int kill = find(&p, 0, "sample_mask      255, 0");
   int test = find(&p, 0, "sample_mask      255, 255");
   int w1 = find(&p, 0, "wait_pix         1, 0");
   int w12 = find(&p, 0, "wait_pix         12, 0");
   int st0 = find(&p, 0, "st_tile");
   CHECK(kill > 0 && w1 > kill && test == w1 + 1 && w12 > test && st0 > w12, "order %d %d %d %d %d",
         kill, w1, test, w12, st0);
   CHECK(count(&p, "st_tile") == 2 && count(&p, "wait_pix         12") == 1, "stores");
   /* RGBA16_UINT (8 B, align 2) sorts before RGBA8_UNORM (align 1): offsets 0 / 8 */
   CHECK(tib.offset_B[0] == 8 && tib.offset_B[1] == 0 && tib.sample_size_B == 16, "tib");
   CHECK(strstr(p.text, "u8norm, 0, xyzw, 8, 255, 0"), "rt0 store");
   CHECK(strstr(p.text, "i16, 0, xyzw, 0, 255, 0"), "rt1 store");
   /* 70000 clamps to 65535 for a 16-bit unsigned target */
   CHECK(strstr(p.text, "65535"), "clamp");
   prog_free(&p);
}

static void
test_fs_depth(void)
{
   enum agx_tib_format rts[1] = {AGX_TIB_RGBA8_UNORM};
   struct agx_tilebuffer_layout tib;
   agx_tilebuffer_layout(&tib, rts, 1, 1);
   struct prog p;
   char err[512];
   if (!compile("fs_depth", &tib, &p, err, sizeof(err))) {
      CHECK(0, "fs_depth: %s", err);
      return;
   }
   const struct agx_fs_info *fs = &p.r.info.fs;
   CHECK(fs->writes_depth && fs->uses_discard && fs->reads_point_coord, "flags");
   CHECK(fs->num_cf_bindings == 3 && fs->cf[2].source == AGX_CF_SOURCE_POINT_COORD &&
            fs->cf[2].cf_base == 2 && fs->cf[2].count == 2 && fs->num_cf_regs == 4,
         "point coord binding");
   /* the kill, then wait_pix 1 + zs_emit (all samples, depth in a register
    * pair) instead of the final sample_mask test, then the colour store */
   int kill = find(&p, 0, "sample_mask      255, 0");
   int w1 = find(&p, 0, "wait_pix         1, 0");
   int zs = find(&p, 0, "zs_emit          255, r");
   int st = find(&p, 0, "st_tile");
   CHECK(kill > 0 && w1 > kill && zs == w1 + 1 && st > zs, "order %d %d %d %d", kill, w1, zs, st);
   CHECK(count(&p, "sample_mask") == 1 && count(&p, "zs_emit") == 1, "one test");
   CHECK(strstr(p.text, ", cf2, center") && strstr(p.text, ", cf3, center"), "point coord iter");
   CHECK(strstr(p.text, "sr2 (threadgroup_position_in_grid.z)"), "layer from SR 2");
   prog_free(&p);
}

/* ViewportIndex read by a fragment shader: a flat binding of the internal
 * location AGX_UVS_LOC_VIEWPORT read with ldcf (after the user location);
 * with viewport_zero (the linked stage writes none) no binding at all. */
static void
test_fs_viewport(void)
{
   enum agx_tib_format rts[1] = {AGX_TIB_RGBA32_FLOAT};
   struct agx_tilebuffer_layout tib;
   agx_tilebuffer_layout(&tib, rts, 1, 1);
   struct prog p;
   char err[512];
   if (!compile("fs_viewport", &tib, &p, err, sizeof(err))) {
      CHECK(0, "fs_viewport: %s", err);
      return;
   }
   const struct agx_fs_info *fs = &p.r.info.fs;
   /* no perspective input: no W; v_id cf0, the viewport index cf1 */
   CHECK(fs->num_cf_bindings == 2 && fs->num_cf_regs == 2, "%u bindings, %u regs",
         fs->num_cf_bindings, fs->num_cf_regs);
   CHECK(fs->cf[0].location == 1 && fs->cf[0].interp == AGX_INTERP_FLAT, "v_id");
   CHECK(fs->cf[1].location == AGX_UVS_LOC_VIEWPORT && fs->cf[1].cf_base == 1 &&
            fs->cf[1].count == 1 && fs->cf[1].interp == AGX_INTERP_FLAT &&
            fs->cf[1].source == AGX_CF_SOURCE_VARYING,
         "viewport binding: location %u", fs->cf[1].location);
   CHECK(fs->input_interp[AGX_UVS_LOC_VIEWPORT] == AGX_INTERP_FLAT, "input interpolation");
   CHECK(strstr(p.text, ", cf1\n") && count(&p, "TODO.ldcf") == 2, "ldcf cf1");
   CHECK(strstr(p.text, "sr2 (threadgroup_position_in_grid.z)"), "layer from SR 2");
   prog_free(&p);

   viewport_zero = true;
   bool ok = compile("fs_viewport", &tib, &p, err, sizeof(err));
   viewport_zero = false;
   if (!ok) {
      CHECK(0, "fs_viewport, viewport_zero: %s", err);
      return;
   }
   fs = &p.r.info.fs;
   CHECK(fs->num_cf_bindings == 1 && fs->num_cf_regs == 1 && fs->cf[0].location == 1 &&
            !fs->input_comps[AGX_UVS_LOC_VIEWPORT],
         "viewport_zero: %u bindings", fs->num_cf_bindings);
   CHECK(count(&p, "TODO.ldcf") == 1, "one ldcf");
   prog_free(&p);
}

static void
test_fs_mrt(void)
{
   enum agx_tib_format rts[4] = {AGX_TIB_RGBA16_FLOAT, AGX_TIB_RG32_FLOAT, AGX_TIB_RGBA8_SINT,
                                 AGX_TIB_R16_UNORM};
   struct agx_tilebuffer_layout tib;
   agx_tilebuffer_layout(&tib, rts, 4, 1);
   struct prog p;
   char err[512];
   if (!compile("fs_mrt", &tib, &p, err, sizeof(err))) {
      CHECK(0, "fs_mrt: %s", err);
      return;
   }
   CHECK(strstr(p.text, "f16, 0, xyzw, 8, 255, 0"), "rt0");
   CHECK(strstr(p.text, "i32, 0, xy, 0, 255, 0"), "rt1");
   CHECK(strstr(p.text, "i8, 0, xyzw, 18, 255, 0"), "rt2");
   CHECK(strstr(p.text, "u16norm, 0, x, 16, 255, 0"), "rt3");
   CHECK(strstr(p.text, "cf0, centroid"), "centroid");
   CHECK(strstr(p.text, "sr63"), "helper");
   CHECK(p.r.info.fs.uses_discard && count(&p, "sample_mask") == 2, "demote");
   CHECK(p.r.info.fs.colour_written == 0xF && p.r.info.fs.colour_comps[1] == 0x3, "written");
   prog_free(&p);

   /* EarlyFragmentTests reaches the interface (USC Fragment Properties) */
   if (compile("fs_early", &tib, &p, err, sizeof(err))) {
      CHECK(p.r.info.fs.early_fragment_tests && !p.r.info.fs.uses_discard, "early");
      prog_free(&p);
   } else {
      CHECK(0, "fs_early: %s", err);
   }
   if (compile("fs_const", &tib, &p, err, sizeof(err))) {
      CHECK(!p.r.info.fs.early_fragment_tests && p.r.info.fs.num_cf_regs == 0, "not early");
      prog_free(&p);
   }

   /* the largest CF table: W, Z, 32 locations of 4, then the point coordinate */
   if (compile("fs_many", &tib, &p, err, sizeof(err))) {
      const struct agx_fs_info *fs = &p.r.info.fs;
      CHECK(fs->num_cf_bindings == 35 && fs->num_cf_regs == 132 && fs->cf[33].location == 31 &&
               fs->cf[33].cf_base == 126 && fs->cf[34].source == AGX_CF_SOURCE_POINT_COORD &&
               fs->cf[34].cf_base == 130,
            "35 bindings: %u, %u registers", fs->num_cf_bindings, fs->num_cf_regs);
      CHECK(strstr(p.text, "cf129, cf0"), "cf129");
      prog_free(&p);
   } else {
      CHECK(0, "fs_many: %s", err);
   }

   /* a render target past the tilebuffer (eMRT, render target 4 here) is stored to memory:
    * image_write through its PBE in texture state register 2 x 4 + 1 after wait_pix */
   enum agx_tib_format big[5] = {AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT,
                                 AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT};
   agx_tilebuffer_layout(&tib, big, 5, 1);
   CHECK(tib.spilled[4] && !tib.spilled[3], "layout spills render target 4 only");
   struct agx_backend_result ep;
   if (!agx_build_fs_epilog(&tib, 0x11, &ep, err, sizeof(err))) {
      char *text = NULL;
      size_t len = 0;
      FILE *m = open_memstream(&text, &len);
      agx_backend_disasm(ep.code, ep.size, m);
      fclose(m);
      const char *w = strstr(text, "wait_pix"), *iw = strstr(text, "image_write");
      CHECK(w && iw && w < iw && strstr(text, "st_tile") && strstr(iw, "memory_barrier"),
            "eMRT epilog: wait_pix, image_write, barrier:\n%s", text);
      /* translucent: spilled render targets need it (graphics.md 5.3) */
      struct agx_fs_epilog_key key;
      agx_fs_epilog_key_init(&key, &tib, 0x1F);
      CHECK(agx_fs_epilog_reads_tib(&key), "eMRT pass is translucent");
      free(text);
      agx_backend_result_free(&ep);
   } else {
      CHECK(0, "eMRT epilog: %s", err);
   }
}

struct tib_case {
   const char *name;
   unsigned n, samples;
   enum agx_tib_format f[8];
   uint8_t offset[8];
   uint8_t spilled; /* mask */
   uint8_t sample_size, w, h;
};

static void
test_tilebuffer(void)
{
   /* graphics.md §5.2: sample_size x samples <= 24 -> 32x32, 32-56 -> 32x16, 64-120 -> 16x16 */
   static const struct tib_case cases[] = {
      {"rgba8", 1, 1, {AGX_TIB_RGBA8_UNORM}, {0}, 0, 8, 32, 32},
      {"rgba32f", 1, 1, {AGX_TIB_RGBA32_FLOAT}, {0}, 0, 16, 32, 32},
      {"2x rgba32f", 2, 1, {AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT}, {0, 16}, 0, 32, 32, 16},
      {"rgba32f 4x", 1, 4, {AGX_TIB_RGBA32_FLOAT}, {0}, 0, 16, 16, 16},
      {"rgba8+rgba32f 4x",
       2,
       4,
       {AGX_TIB_RGBA8_UNORM, AGX_TIB_RGBA32_FLOAT},
       {16, 0},
       0,
       24,
       16,
       16},
      {"sort",
       3,
       1,
       {AGX_TIB_R8_UNORM, AGX_TIB_RGBA16_FLOAT, AGX_TIB_R32_FLOAT},
       {12, 4, 0},
       0,
       16,
       32,
       32},
      {"stable", 2, 1, {AGX_TIB_RG16_FLOAT, AGX_TIB_R16_FLOAT}, {0, 4}, 0, 8, 32, 32},
      {"565+srgb", 2, 1, {AGX_TIB_R5G6B5_UNORM, AGX_TIB_R8_SRGB}, {4, 0}, 0, 16, 32, 32},
      {"5x rgba32f",
       5,
       1,
       {AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT,
        AGX_TIB_RGBA32_FLOAT},
       {0, 16, 32, 48, 0},
       0x10,
       64,
       16,
       16},
      {"3x rgba32f 4x",
       3,
       4,
       {AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT, AGX_TIB_RGBA32_FLOAT},
       {0, 0, 0},
       0x6,
       16,
       16,
       16},
      {"2x rgba16f 2x", 2, 2, {AGX_TIB_RGBA16_FLOAT, AGX_TIB_RGB10A2_UINT}, {0, 8}, 0, 16, 32, 16},
      {"none 4x", 1, 4, {AGX_TIB_NONE}, {0}, 0, 8, 32, 16},
      {"packed",
       3,
       1,
       {AGX_TIB_RG11B10_FLOAT, AGX_TIB_R8_UINT, AGX_TIB_RGB10A2_UNORM},
       {0, 8, 4},
       0,
       16,
       32,
       32},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct tib_case *t = &cases[i];
      struct agx_tilebuffer_layout l;
      CHECK(agx_tilebuffer_layout(&l, t->f, t->n, t->samples), "%s: rejected", t->name);
      for (unsigned rt = 0; rt < t->n; rt++) {
         bool sp = (t->spilled >> rt) & 1;
         CHECK(l.spilled[rt] == sp, "%s: rt%u spilled %d", t->name, rt, l.spilled[rt]);
         if (!sp)
            CHECK(l.offset_B[rt] == t->offset[rt], "%s: rt%u at %u, want %u", t->name, rt,
                  l.offset_B[rt], t->offset[rt]);
      }
      CHECK(l.sample_size_B == t->sample_size && l.tile_w == t->w && l.tile_h == t->h,
            "%s: sample %u utile %ux%u, want %u %ux%u", t->name, l.sample_size_B, l.tile_w,
            l.tile_h, t->sample_size, t->w, t->h);
   }
   struct agx_tilebuffer_layout l;
   enum agx_tib_format f = AGX_TIB_RGBA8_UNORM;
   CHECK(!agx_tilebuffer_layout(&l, &f, 1, 3), "3 samples accepted");
   f = (enum agx_tib_format)999;
   CHECK(!agx_tilebuffer_layout(&l, &f, 1, 1), "bad format accepted");
   agx_tilebuffer_layout(&l, (enum agx_tib_format[]){AGX_TIB_RGBA8_UNORM}, 1, 1);
   CHECK(agx_tilebuffer_bytes_per_tile(&l) == 8 * 32 * 32, "bytes per tile");
}

/* Disassembles a built tile program into p (like compile()). */
static void
disasm_into(struct prog *p)
{
   size_t len;
   FILE *m = open_memstream(&p->text, &len);
   CHECK(agx_backend_disasm(p->r.code, p->r.size, m), "undecodable tile program");
   fclose(m);
   p->copy = strdup(p->text);
   p->lines = calloc(4096, sizeof(char *));
   for (char *line = strtok(p->copy, "\n"); line && p->n < 4096; line = strtok(NULL, "\n")) {
      char *colon = strchr(line, ':');
      if (!colon)
         continue;
      char *t = colon + 1;
      while (*t == ' ')
         t++;
      char *e = t + strlen(t);
      while (e > t && e[-1] == ' ')
         *--e = 0;
      p->lines[p->n++] = t;
   }
}

static void
test_tile_programs(void)
{
   enum agx_tib_format f[3] = {AGX_TIB_RGBA8_UNORM, AGX_TIB_RGBA16_FLOAT, AGX_TIB_R32_UINT};
   struct agx_tilebuffer_layout tib;
   agx_tilebuffer_layout(&tib, f, 3, 1);
   /* R32 (align 4) at 0, RGBA16F (align 2) at 4, RGBA8 (align 1) at 12 */
   CHECK(tib.offset_B[0] == 12 && tib.offset_B[1] == 4 && tib.offset_B[2] == 0, "layout");
   uint8_t op[3] = {AGX_BG_CLEAR, AGX_BG_LOAD, AGX_BG_CLEAR};
   struct prog p;
   char err[512] = "";
   memset(&p, 0, sizeof(p));
   if (agx_build_bg_program(&tib, op, &p.r, err, sizeof(err))) {
      CHECK(0, "bg: %s", err);
      return;
   }
   disasm_into(&p);
   /* clear RT0 from uniform bytes 8-23 (u2-u5), RT2 from bytes 40-43 (u10) */
   int st0 = find(&p, 0, "st_tile");
   CHECK(st0 > 0 && strstr(p.lines[st0], "u8norm, 0, xyzw, 12, 255, 0"), "rt0 clear");
   CHECK(strstr(p.text, "r2, u2\n") && strstr(p.text, "r5, u5\n"), "clear value u2-u5");
   CHECK(strstr(p.text, ", u10\n") && strstr(p.text, "i32, 0, x, 0, 255, 0"), "rt2 clear");
   /* load RT1: texture_load from ts2 (2 x rt) with the txf sampler at the pixel */
   CHECK(strstr(p.text, "ts2, ss0, tex_2d") && strstr(p.text, "sr80") && strstr(p.text, "sr81"),
         "load");
   CHECK(strstr(p.text, "f16, 0, xyzw, 4, 255, 0"), "rt1 store f16");
   CHECK(count(&p, "st_tile") == 3 && count(&p, "wait_pix") == 0, "3 stores, no wait_pix");
   CHECK(p.r.info.uniform_halves == 22, "uniform halves %u", p.r.info.uniform_halves);
   CHECK(!strncmp(p.lines[p.n - 1], "stop", 4), "stop");
   prog_free(&p);

   memset(&p, 0, sizeof(p));
   if (agx_build_eot_program(&tib, 0x7, &p.r, err, sizeof(err))) {
      CHECK(0, "eot: %s", err);
      return;
   }
   disasm_into(&p);
   CHECK(count(&p, "image_write_block") == 3, "3 block stores");
   CHECK(strstr(p.text, "ts0, tex_2d, rte, u8norm, 0, 9, 1"), "rt0 eot");
   CHECK(strstr(p.text, "ts1, tex_2d, rte, i16, 0, 9, 1"), "rt1 eot (f16 as i16)");
   CHECK(strstr(p.text, "ts2, tex_2d, rte, i32, 0, 9, 1"), "rt2 eot");
   int b0 = find(&p, 0, "image_write_block");
   CHECK(b0 >= 0 && find(&p, 0, "mov_imm          r2, 12") >= 0 &&
            find(&p, 0, "mov_imm          r2, 12") < b0 && strstr(p.lines[b0], " r2l,"),
         "rt0 offset 12 in the R register");
   prog_free(&p);

   memset(&p, 0, sizeof(p));
   CHECK(agx_build_eot_program(&tib, 0x5, &p.r, err, sizeof(err)) == 0, "eot mask");
   disasm_into(&p);
   CHECK(count(&p, "image_write_block") == 2 && !strstr(p.text, "ts1,"), "mask 0x5");
   prog_free(&p);

   /* 4x MSAA: clears store every sample (st_tile sample mask 255); a load
    * fetches each sample of the 2D MS texture and stores that sample alone
    * (st_tile sample masks 1, 2, 4, 8) */
   agx_tilebuffer_layout(&tib, f, 3, 4);
   uint8_t clear3[3] = {AGX_BG_CLEAR, AGX_BG_CLEAR, AGX_BG_NONE};
   memset(&p, 0, sizeof(p));
   CHECK(agx_build_bg_program(&tib, clear3, &p.r, err, sizeof(err)) == 0, "msaa clear: %s", err);
   agx_backend_result_free(&p.r);
   memset(&p, 0, sizeof(p));
   if (agx_build_bg_program(&tib, op, &p.r, err, sizeof(err))) {
      CHECK(0, "msaa load: %s", err);
      return;
   }
   disasm_into(&p);
   CHECK(count(&p, "texture_load") == 4 && strstr(p.text, "ts2, ss0, tex_2d_ms"),
         "msaa load: 4 texel fetches of the MS texture");
   CHECK(strstr(p.text, "f16, 0, xyzw, 4, 1, 0") && strstr(p.text, "f16, 0, xyzw, 4, 2, 0") &&
            strstr(p.text, "f16, 0, xyzw, 4, 4, 0") && strstr(p.text, "f16, 0, xyzw, 4, 8, 0"),
         "msaa load: one st_tile per sample");
   CHECK(count(&p, "st_tile") == 6, "msaa: 2 clears + 4 sample stores");
   prog_free(&p);
   memset(&p, 0, sizeof(p));
   CHECK(agx_build_eot_program(&tib, 1, &p.r, err, sizeof(err)) == 0, "msaa eot");
   disasm_into(&p);
   CHECK(strstr(p.text, "tex_2d_ms"), "msaa eot dimension");
   prog_free(&p);
}

static void
test_vbo_prolog(void)
{
   struct agx_vbo_key k = {0};
   k.num_attribs = 3;
   k.attribs[0] = (struct agx_vbo_attrib){0, AGX_VBO_RGB32_FLOAT, 0, 0};
   k.attribs[1] = (struct agx_vbo_attrib){1, AGX_VBO_RGBA8_UNORM, 0, 12};
   k.attribs[2] = (struct agx_vbo_attrib){3, AGX_VBO_RG16_SINT, 1, 4};
   k.buffers[0] = (struct agx_vbo_buffer){.stride = 16};
   k.buffers[1] = (struct agx_vbo_buffer){.stride = 8, .per_instance = true, .divisor = 3};
   k.uniform_base = 400;
   struct prog p;
   char err[512];
   memset(&p, 0, sizeof(p));
   if (agx_build_vbo_prolog(&k, &p.r, err, sizeof(err))) {
      CHECK(0, "prolog: %s", err);
      return;
   }
   disasm_into(&p);
   /* falls through into the main shader: no stop */
   CHECK(p.n > 0 && count(&p, "stop") == 0, "no stop");
   /* buffer 0 at uniform bytes 400 (u100-u101), clamp 408 (u102); buffer 1
    * at 416 (u104-u105), clamp 424 (u106); base instance u81 */
   CHECK(strstr(p.text, "u100") && strstr(p.text, "u102") && strstr(p.text, "u104") &&
            strstr(p.text, "u106") && strstr(p.text, "u81"),
         "uniforms");
   CHECK(strstr(p.text, "i32, xyz,") && strstr(p.text, "i8, xyzw,") && strstr(p.text, "i16, xy,"),
         "loads");
   /* 1/255 = 0x3B808081 for UNORM8; sign extension of SINT16 */
   CHECK(strstr(p.text, "998277249") && strstr(p.text, ".sx"), "conversions");
   /* location 0 -> r8-r11 (w = 1.0), 1 -> r12-r15, 3 -> r20-r23 (w = 1) */
   CHECK(find(&p, 0, "mov              r8, ") >= 0 && find(&p, 0, "mov              r10, ") >= 0 &&
            find(&p, 0, "mov_imm          r11, 1065353216") >= 0,
         "location 0");
   CHECK(find(&p, 0, "mov              r12, ") >= 0 && find(&p, 0, "mov              r15, ") >= 0,
         "location 1");
   CHECK(find(&p, 0, "mov              r20, ") >= 0 &&
            find(&p, 0, "mov_imm          r22, 0") >= 0 &&
            find(&p, 0, "mov_imm          r23, 1,") >= 0,
         "location 3");
   /* r5 (vertex index) and r6 (instance number) are read, never written */
   CHECK(strstr(p.text, ", r5,") && strstr(p.text, " r6,") && !strstr(p.text, "  r5, ") &&
            !strstr(p.text, "  r6, "),
         "r5/r6 kept");
   /* immediate strides: the stride words (412 = u103, 428 = u107) unread */
   CHECK(!strstr(p.text, "u103") && !strstr(p.text, "u107"), "static strides read no uniform");
   prog_free(&p);

   /* Per-vertex buffers only: nothing in the prolog reads r6, yet the main
    * shader's instance index lives there, so no temporary (like a 64-bit
    * buffer address) may be placed in r5 or r6 (dEQP-VK.draw.*
    * draw_instanced_indexed_*: gl_InstanceIndex read 0x40000 + instance). */
   k.buffers[1].per_instance = false;
   memset(&p, 0, sizeof(p));
   if (agx_build_vbo_prolog(&k, &p.r, err, sizeof(err))) {
      CHECK(0, "per-vertex prolog: %s", err);
      return;
   }
   disasm_into(&p);
   CHECK(!strstr(p.text, "  r5") && !strstr(p.text, "  r6") && !strstr(p.text, "r5_r6") &&
            !strstr(p.text, "r4_r5") && !strstr(p.text, "r6_r7"),
         "per-vertex prolog keeps r5/r6:\n%s", p.text);
   prog_free(&p);
   k.buffers[1].per_instance = true;

   /* dynamic stride of buffer 1: read from its record's +12 word (u107);
    * a key with both a dynamic and an immediate stride is refused */
   k.buffers[1].dynamic_stride = true;
   CHECK(agx_build_vbo_prolog(&k, &p.r, err, sizeof(err)) != 0 && strstr(err, "dynamic stride"),
         "dynamic stride with an immediate one: %s", err);
   k.buffers[1].stride = 0;
   memset(&p, 0, sizeof(p));
   if (agx_build_vbo_prolog(&k, &p.r, err, sizeof(err))) {
      CHECK(0, "dynamic-stride prolog: %s", err);
      return;
   }
   disasm_into(&p);
   CHECK(strstr(p.text, "u107") && !strstr(p.text, "u103"), "dynamic stride uniform:\n%s", p.text);
   prog_free(&p);
   k.buffers[1].dynamic_stride = false;
   k.buffers[1].stride = 8;

   /* an offset that is not a multiple of the component size (valid in
    * Vulkan when the binding offset makes up for it): read byte by byte,
    * two byte loads per 16-bit component, no 16-bit vector load */
   k.attribs[2].offset = 3;
   memset(&p, 0, sizeof(p));
   if (agx_build_vbo_prolog(&k, &p.r, err, sizeof(err))) {
      CHECK(0, "misaligned prolog: %s", err);
      return;
   }
   disasm_into(&p);
   unsigned bytes = 0;
   for (const char *t = strstr(p.text, "device_load      0, i8, x,"); t;
        t = strstr(t + 1, "device_load      0, i8, x,"))
      bytes++;
   CHECK(bytes == 4 && !strstr(p.text, "i16, xy,") && strstr(p.text, "i8, xyzw,"),
         "byte loads of the misaligned attribute:\n%s", p.text);
   prog_free(&p);
   k.attribs[2].offset = 4;
   k.attribs[2].format = 200;
   CHECK(agx_build_vbo_prolog(&k, &p.r, err, sizeof(err)) != 0 && strstr(err, "bad format"),
         "bad format: %s", err);
}

/* The main fragment shader compiled once for an output epilog, and the
 * epilog of a tilebuffer layout: main + epilog concatenated form one program. */
static void
test_fs_epilog(void)
{
   struct prog p, e;
   char err[512];
   split_outputs = true;
   bool ok = compile("fs_basic", NULL, &p, err, sizeof(err));
   split_outputs = false;
   if (!ok) {
      CHECK(0, "fs_basic split: %s", err);
      return;
   }
   CHECK(count(&p, "st_tile") == 0 && count(&p, "stop") == 0, "no stores, no stop");
   CHECK(p.r.info.fs.colour_written == 3, "written 0x%x", p.r.info.fs.colour_written);
   /* RT0 in r4-r7, RT1 in r8-r11 (70000 = the w of o_id); the shader
    * discards, the final sample test is left to the epilog */
   int r4 = find(&p, 0, "mov              r4, ");
   CHECK(r4 >= 0 && find(&p, 0, "mov_imm          r11, 70000") >= 0, "exports");
   CHECK(count(&p, "sample_mask      255, 255") == 0 && p.r.info.fs.epilog_tests &&
            !p.r.info.fs.coverage_in_main && p.r.info.fs.uses_discard,
         "the final test left to the epilog");
   enum agx_tib_format rts[2] = {AGX_TIB_RGBA8_UNORM, AGX_TIB_RGBA16_UINT};
   struct agx_tilebuffer_layout tib;
   agx_tilebuffer_layout(&tib, rts, 2, 1);
   memset(&e, 0, sizeof(e));
   if (agx_build_fs_epilog(&tib, p.r.info.fs.colour_written, &e.r, err, sizeof(err))) {
      CHECK(0, "epilog: %s", err);
      prog_free(&p);
      return;
   }
   disasm_into(&e);
   /* keeps r0l (no init): halted lanes stay off; waits, stores, stops */
   CHECK(e.n > 2 && !strncmp(e.lines[0], "wait_pix         12, 0", 22), "first %s", e.lines[0]);
   CHECK(!strstr(e.text, "r0l") && count(&e, "st_tile") == 2 && count(&e, "stop") == 1 &&
            !strncmp(e.lines[e.n - 1], "stop", 4),
         "epilog shape");
   CHECK(strstr(e.text, ", r4\n") && strstr(e.text, ", r7\n"), "reads r4-r7");
   CHECK(strstr(e.text, "u8norm, 0, xyzw, 8, 255, 0") && strstr(e.text, "i16, 0, xyzw, 0, 255, 0"),
         "stores");
   /* the epilog of the multisample state: kills (sample mask 0b1101,
    * alpha to coverage over 4 samples), then the one final test, before
    * any tilebuffer access */
   struct agx_fs_epilog_key key;
   agx_fs_epilog_key_init(&key, &tib, p.r.info.fs.colour_written);
   key.sample_kill = 0x2;
   key.alpha_to_coverage = 4;
   key.main_tests = 1;
   struct prog m;
   memset(&m, 0, sizeof(m));
   if (agx_build_fs_epilog_key(&key, &m.r, err, sizeof(err))) {
      CHECK(0, "coverage epilog: %s", err);
   } else {
      disasm_into(&m);
      int kill = find(&m, 0, "sample_mask "), final = find(&m, 0, "sample_mask      255, 255");
      int first_tile = find(&m, 0, "st_tile");
      CHECK(count(&m, "sample_mask") == 2 && kill >= 0 && final > kill && first_tile > final &&
               agx_fs_epilog_kills(&key),
            "coverage epilog:\n%s", m.text);
      prog_free(&m);
   }
   key.sample_kill = key.alpha_to_coverage = 0;
   memset(&m, 0, sizeof(m));
   if (!agx_build_fs_epilog_key(&key, &m.r, err, sizeof(err))) {
      disasm_into(&m);
      CHECK(count(&m, "sample_mask") == 1 && !agx_fs_epilog_kills(&key), "test only:\n%s", m.text);
      prog_free(&m);
   }
   /* concatenated: one program that decodes completely and stops once */
   size_t n = p.r.size + e.r.size;
   uint8_t *all = malloc(n);
   memcpy(all, p.r.code, p.r.size);
   memcpy(all + p.r.size, e.r.code, e.r.size);
   struct prog c;
   memset(&c, 0, sizeof(c));
   c.r.code = all;
   c.r.size = n;
   disasm_into(&c);
   CHECK(c.n == p.n + e.n && count(&c, "stop") == 1, "concatenation: %u = %u + %u", c.n, p.n, e.n);
   prog_free(&c);
   prog_free(&e);
   prog_free(&p);
}

/* vs_basic and fs_basic linked into one module, both entry points "main":
 * the requested stage picks one; the code equals the separate modules'. */
static void
test_linked_module(void)
{
   for (unsigned k = 0; k < 2; k++) {
      struct agx_spirv_options o = {.entry = "main",
                                    .match_stage = true,
                                    .stage = k ? AGX_STAGE_FRAGMENT : AGX_STAGE_VERTEX};
      struct prog a, b;
      char err[512];
      spirv_opts = &o;
      bool ok = compile("gfx_linked", NULL, &a, err, sizeof(err));
      spirv_opts = NULL;
      if (!ok) {
         CHECK(0, "gfx_linked %u: %s", k, err);
         continue;
      }
      if (!compile(k ? "fs_basic" : "vs_basic", NULL, &b, err, sizeof(err))) {
         CHECK(0, "separate: %s", err);
         prog_free(&a);
         continue;
      }
      CHECK(a.r.info.stage == o.stage && a.r.size == b.r.size &&
               !memcmp(a.r.code, b.r.code, a.r.size),
            "stage %u: %zu vs %zu bytes", k, a.r.size, b.r.size);
      prog_free(&a);
      prog_free(&b);
   }
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SPV_DIR\n", argv[0]);
      return 2;
   }
   dir = argv[1];
   test_uvs_assign();
   test_tilebuffer();
   test_vs_basic();
   test_vs_blocks();
   test_vs_linked();
   test_fs_basic();
   test_fs_mrt();
   test_fs_depth();
   test_fs_viewport();
   test_dynamic();
   test_tile_programs();
   test_vbo_prolog();
   test_fs_epilog();
   test_linked_module();
   printf("%u checks, %u failed\n", checks, failures);
   return failures ? 1 : 0;
}
