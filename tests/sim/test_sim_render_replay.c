/*
 * Render-command capture and replay (issue 17 item 9): a scene (an
 * interpolated perspective triangle over a full-screen triangle, depth test
 * with a ZLS depth store, RGBA32 target) is submitted with AGX_SIM_DUMP set;
 * the capture is replayed by `agx-sim-run --render` (path in argv[1]) and
 * the replayed render target and depth buffer must equal the original
 * results byte for byte. Also: the capture holds the memory as the command
 * found it (junk in the target), the PPM output, and bad captures.
 *
 * Assumes: the harness of sim_render_util.h (one render command per
 * frame_submit, render target at RT_VA, depth at DATA_VA + 0x200000).
 */
#include <dirent.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim_render_util.h"

#define W 64
#define H 64
#define STRIDE (W * 16)
#define ZBUF_OFF 0x200000u
#define JUNK 0xA5u

static const char *cli;

/* perspective varying (cf1), linear varying (cf2), flat (cf3), 1/w (cf0) */
static const char *FS_INTERP = "iterproj r4, cf1, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                               "iter r5, cf2, center, 0b0, 0, 0, 0, 0, 0\n"
                               "TODO.ldcf r8_r9_r10, cf3\n"
                               "iter r7, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                               "iadd r6, r10, 0\n"
                               "wait_pix 12, 0\n"
                               "st_tile r4_r5_r6_r7, i32, 0, xyzw, 0, 255, 0\n"
                               "stop\n";

static void
bind(struct draw_state *d, unsigned slot, unsigned cf, enum agx_shade_model m)
{
   struct AGX_CF_BINDING *b = &d->bind[d->nbind++];
   memset(b, 0, sizeof(*b));
   b->components = 1;
   b->shade_model = m;
   b->source = AGX_COEFFICIENT_SOURCE_VARYING;
   b->base_slot = slot;
   b->base_coefficient_register = cf;
}

/* Render the scene with captures going to `dir`; the results stay in e. */
static void
render_scene(struct env *e, const char *dir)
{
   setenv("AGX_SIM_DUMP", dir, 1);
   env_init(e);
   unsetenv("AGX_SIM_DUMP");
   struct rt_desc rt = {AGX_CHANNELS_R32G32B32A32, AGX_TEXTURE_TYPE_FLOAT, W, H, STRIDE};
   put_rt(e, &rt);
   memset(e->data + RT_OFF, JUNK, (size_t)STRIDE * H);
   memset(e->data + ZBUF_OFF, JUNK, 4 * W * H);
   struct frame f;
   frame_init(&f, e, W, H, 16, SIM_BG_ZERO4, SIM_EOT_IMAGE);
   uint32_t fs = put_fs_text(e, FS_INTERP);
   float one = 1.0f;
   memcpy(&f.bgobjdepth, &one, 4);
   uint64_t zc = 0;
   agx_pack(&zc, ZLS_CONTROL, cfg) {
      cfg.z_store = true;
      cfg.z_format = AGX_ZLS_FORMAT_32F;
   }
   f.zls_ctrl = zc;
   f.zls_w = W, f.zls_h = H;
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   bind(&d, 0, 0, AGX_SHADE_MODEL_LINEAR);
   bind(&d, 1, 1, AGX_SHADE_MODEL_PERSPECTIVE);
   bind(&d, 2, 2, AGX_SHADE_MODEL_LINEAR);
   bind(&d, 3, 3, AGX_SHADE_MODEL_FLAT_VERTEX_0);
   d.slots32 = 5, d.cf_count = 4;
   d.depth_func = AGX_ZS_FUNC_LESS;
   d.depth_write_disable = false;
   /* triangle 0: perspective, z 0.25; triangle 1: full screen, z 0.5 */
   const double px[3] = {3.25, 60.75, 20.125}, py[3] = {5.5, 12.875, 61.375};
   const float wv[3] = {1.0f, 2.0f, 4.0f};
   const float attr[3][3] = {{10.0f, -3.0f, 7.0f}, {50.0f, 9.0f, 8.0f}, {-20.0f, 1.5f, 9.0f}};
   for (unsigned i = 0; i < 3; i++) {
      float v[8] = {clip_of(px[i], W) * wv[i],
                    clip_of(py[i], H) * wv[i],
                    0.25f * wv[i],
                    wv[i],
                    attr[i][0],
                    attr[i][1],
                    attr[i][2],
                    0};
      put_vertex(e, i, v);
   }
   const float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
   for (unsigned i = 0; i < 3; i++) {
      float v[8] = {cx[i], cy[i], 0.5f, 1, 1.0f, 2.0f, 3.0f, 0};
      put_vertex(e, 3 + i, v);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 6, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
}

/* The only capture in dir (NULL if none or several). */
static char *
find_capture(const char *dir)
{
   DIR *d = opendir(dir);
   char *found = NULL;
   unsigned n = 0;
   for (struct dirent *de; d && (de = readdir(d));) {
      if (!strstr(de->d_name, ".agxdump"))
         continue;
      n++;
      free(found);
      found = malloc(strlen(dir) + strlen(de->d_name) + 2);
      sprintf(found, "%s/%s", dir, de->d_name);
   }
   if (d)
      closedir(d);
   if (n != 1) {
      free(found);
      return NULL;
   }
   return found;
}

static int
run_cli(const char *args)
{
   char cmd[2048];
   snprintf(cmd, sizeof(cmd), "%s %s 2>/dev/null", cli, args);
   int st = system(cmd);
   return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static uint8_t *
slurp(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
   *size = b && n > 0 ? fread(b, 1, (size_t)n, f) : 0;
   fclose(f);
   return b;
}

static unsigned
count_diff(const uint8_t *a, const uint8_t *b, size_t n)
{
   unsigned d = 0;
   for (size_t i = 0; i < n; i++)
      d += a[i] != b[i];
   return d;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: test_sim_render_replay PATH-TO-agx-sim-run\n");
      return 1;
   }
   cli = argv[1];
   char dir[] = "/tmp/agx-sim-replay-XXXXXX";
   CHECK(mkdtemp(dir) != NULL);
   struct env e;
   render_scene(&e, dir);
   char *cap = find_capture(dir);
   CHECK(cap != NULL);
   if (!cap)
      return SIM_TEST_RESULT();

   /* the original results must not be the junk the capture holds */
   const size_t rt_size = (size_t)STRIDE * H, z_size = 4 * W * H;
   uint8_t junk[STRIDE * H];
   memset(junk, JUNK, sizeof(junk));
   unsigned rendered = count_diff(e.data + RT_OFF, junk, rt_size);
   unsigned zwritten = count_diff(e.data + ZBUF_OFF, junk, z_size);
   printf("replay: original frame changed %u of %zu target bytes, %u of %zu depth bytes\n",
          rendered, rt_size, zwritten, z_size);
   CHECK(rendered > rt_size / 2 && zwritten > z_size / 2);

   char out_rt[128], out_z[128], out_ppm[128], args[1024];
   snprintf(out_rt, sizeof(out_rt), "%s/rt.bin", dir);
   snprintf(out_z, sizeof(out_z), "%s/z.bin", dir);
   snprintf(out_ppm, sizeof(out_ppm), "%s/rt.ppm", dir);
   snprintf(args, sizeof(args), "--render %s --out 0x%llx,%zu=%s --out 0x%llx,%zu=%s", cap,
            (unsigned long long)RT_VA, rt_size, out_rt, (unsigned long long)(DATA_VA + ZBUF_OFF),
            z_size, out_z);
   CHECK_EQ(run_cli(args), 0);
   size_t n_rt = 0, n_z = 0;
   uint8_t *got_rt = slurp(out_rt, &n_rt), *got_z = slurp(out_z, &n_z);
   CHECK(got_rt && n_rt == rt_size && got_z && n_z == z_size);
   if (got_rt && got_z && n_rt == rt_size && n_z == z_size) {
      unsigned drt = count_diff(got_rt, e.data + RT_OFF, rt_size);
      unsigned dz = count_diff(got_z, e.data + ZBUF_OFF, z_size);
      printf("replay: %u target and %u depth bytes differ from the original\n", drt, dz);
      CHECK(drt == 0 && dz == 0);
   }
   free(got_rt);
   free(got_z);

   /* PPM: header + W x H x 3 bytes (bytes 0-2 of each 4-byte pixel) */
   snprintf(args, sizeof(args), "--render %s --ppm 0x%llx,%u,%u,%u=%s", cap,
            (unsigned long long)RT_VA, W * 4, H, STRIDE, out_ppm);
   CHECK_EQ(run_cli(args), 0);
   size_t n_ppm = 0;
   uint8_t *ppm = slurp(out_ppm, &n_ppm);
   const char *hdr = "P6\n256 64\n255\n";
   CHECK(ppm && n_ppm == strlen(hdr) + 256 * 64 * 3 && !memcmp(ppm, hdr, strlen(hdr)));
   if (ppm && n_ppm == strlen(hdr) + 256 * 64 * 3)
      CHECK(!memcmp(ppm + strlen(hdr), e.data + RT_OFF, 3) &&
            !memcmp(ppm + strlen(hdr) + 3, e.data + RT_OFF + 4, 3));
   free(ppm);

   /* --decode --no-run: the command as agx-decode prints it, from the
    * captured memory (UAPI fields, register words, BG/EOT word lists, the
    * VDM stream and its PPP updates), nothing run */
   char out_dec[128];
   snprintf(out_dec, sizeof(out_dec), "%s/decode.txt", dir);
   snprintf(args, sizeof(args), "--render %s --decode --no-run > %s", cap, out_dec);
   CHECK_EQ(run_cli(args), 0);
   size_t n_dec = 0;
   uint8_t *dec = slurp(out_dec, &n_dec);
   static const char *const want_dec[] = {
      "drm_asahi_cmd_render", "vertex_helper.binary:",
      "zls_ctrl = 0x",        "Z Store: true",
      "width_px: 64",         "ts_frag.end.handle: 0",
      "bg: usc 0x",           "USC Shader",
      "VDM stream at 0x",     "PPP Header",
      "Index List",           "end of VDM stream",
   };
   unsigned missing = 0;
   const char *at = dec ? (const char *)dec : "";
   if (dec)
      dec[n_dec ? n_dec - 1 : 0] = 0;
   for (unsigned i = 0; i < sizeof(want_dec) / sizeof(want_dec[0]); i++) {
      const char *hit = strstr(at, want_dec[i]);
      if (!hit) {
         fprintf(stderr, "decode: \"%s\" missing (in order)\n", want_dec[i]);
         missing++;
      } else {
         at = hit;
      }
   }
   printf("replay --decode: %zu bytes of decode, %u expected lines missing\n", n_dec, missing);
   CHECK(missing == 0);
   free(dec);

   /* bad input: missing, truncated, wrong magic, bad options */
   char bad[128];
   snprintf(args, sizeof(args), "--render %s/none.agxdump", dir);
   CHECK_EQ(run_cli(args), 2);
   size_t n_cap = 0;
   uint8_t *capb = slurp(cap, &n_cap);
   snprintf(bad, sizeof(bad), "%s/bad.agxdump", dir);
   FILE *f = fopen(bad, "wb");
   if (f && capb) {
      fwrite(capb, 1, n_cap / 2, f);
      fclose(f);
   }
   snprintf(args, sizeof(args), "--render %s", bad);
   CHECK_EQ(run_cli(args), 2);
   f = fopen(bad, "wb");
   if (f && capb) {
      capb[0] ^= 0xFF;
      fwrite(capb, 1, n_cap, f);
      fclose(f);
   }
   CHECK_EQ(run_cli(args), 2);
   snprintf(args, sizeof(args), "--render %s --out 0x10,0=%s", cap, out_rt);
   CHECK_EQ(run_cli(args), 2);
   snprintf(args, sizeof(args), "--render %s --out nonsense", cap);
   CHECK_EQ(run_cli(args), 2);
   free(capb);

   remove(bad);
   remove(out_rt);
   remove(out_z);
   remove(out_ppm);
   remove(cap);
   rmdir(dir);
   free(cap);
   env_fini(&e);
   return SIM_TEST_RESULT();
}
