/*
 * agx-terrain: renders a height-mapped terrain of quad patches with distance-based tessellation
 * levels, lit and textured, to a PNG, and prints the simulated GPU work of the frame.
 *
 *   agx-terrain [--mode auto|tess|pretess] [--size WxH] [--output FILE.png] [--geometry-only]
 *
 * tess: the patches go through the tessellation stages (control shader picks the levels);
 * pretess: the CPU runs the same tessellator and the GPU draws its triangles from buffers;
 * auto (default): tess when the device offers tessellationShader, else pretess.
 * --geometry-only: the terrain with rasteriser discard and no sky, no PNG: the work of the
 * geometry stages alone (bench/terrain compares it between the modes).
 * Assumes: a Vulkan 1.3 driver through the loader; on agx-vk's simulator the frame's work comes
 * from the simulator's statistics (terrain_stats.h). Exit status: 0 ok, 1 failure, 2 bad usage
 * or a mode the device does not support.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "terrain_png.h"
#include "terrain_render.h"
#include "terrain_scene.h"
#include "terrain_stats.h"
#include "terrain_vk.h"

struct options {
   const char *mode, *output;
   uint32_t width, height;
   bool geometry_only;
};

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
usage(const char *argv0)
{
   fprintf(stderr,
           "usage: %s [--mode auto|tess|pretess] [--size WxH] [--output FILE.png] "
           "[--geometry-only]\n",
           argv0);
   return 2;
}

static bool
parse(int argc, char **argv, struct options *o)
{
   *o = (struct options){.mode = "auto", .output = "terrain.png", .width = 640, .height = 360};
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(a, "--geometry-only")) {
         o->geometry_only = true;
         continue;
      }
      if (!v)
         return false;
      if (!strcmp(a, "--mode") &&
          (!strcmp(v, "auto") || !strcmp(v, "tess") || !strcmp(v, "pretess")))
         o->mode = v;
      else if (!strcmp(a, "--output"))
         o->output = v;
      else if (!strcmp(a, "--size")) {
         char *end;
         unsigned long w = strtoul(v, &end, 10), h = *end == 'x' ? strtoul(end + 1, &end, 10) : 0;
         if (*end || w < 16 || h < 16 || w > 4096 || h > 4096)
            return false;
         o->width = (uint32_t)w, o->height = (uint32_t)h;
      } else
         return false;
      i++;
   }
   return true;
}

/* Thousands separators for big counters. */
static const char *
big(uint64_t v, char *buf)
{
   char tmp[32];
   int n = snprintf(tmp, sizeof(tmp), "%" PRIu64, v), o = 0;
   for (int i = 0; i < n; i++) {
      if (i && (n - i) % 3 == 0)
         buf[o++] = ',';
      buf[o++] = tmp[i];
   }
   buf[o] = 0;
   return buf;
}

static void
report_work(const char *mode, const struct terrain_mesh *m)
{
   struct terrain_stats st;
   if (terrain_stats_to_stderr()) {
      printf("agx-terrain: simulated GPU work: see the agx-sim-stats lines on stderr\n");
      return;
   }
   if (!terrain_stats_end(&st)) {
      printf("agx-terrain: simulated GPU work: not available (not agx-vk's simulator)\n");
      return;
   }
   char a[32], b[32];
   printf("agx-terrain: simulated GPU work of the frame: %u render + %u compute commands, "
          "%s thread instructions (%s SIMD-group), %.1f MiB read, %.1f MiB written\n",
          st.render_cmds, st.compute_cmds, big(st.thread_insns, a), big(st.simd_insns, b),
          st.bytes_read / 1048576.0, st.bytes_written / 1048576.0);
   printf("agx-terrain-stats: mode=%s triangles=%u thread_insns=%" PRIu64 " simd_insns=%" PRIu64
          " bytes_read=%" PRIu64 " bytes_written=%" PRIu64 "\n",
          mode, m->num_triangles, st.thread_insns, st.simd_insns, st.bytes_read, st.bytes_written);
}

static int
run(const struct options *o, struct terrain_vk *vk, struct terrain_scene *scene)
{
   bool want_tess = strcmp(o->mode, "pretess") != 0;
   if (!terrain_vk_init(vk, want_tess))
      return 1;
   if (!strcmp(o->mode, "tess") && !vk->has_tess) {
      fprintf(stderr, "agx-terrain: %s does not offer tessellationShader; use --mode pretess\n",
              vk->device_name);
      return 2;
   }
   const char *mode = vk->has_tess ? "tess" : "pretess";
   double t0 = now();
   struct terrain_mesh mesh;
   if (!terrain_scene_init(scene, o->width, o->height) ||
       !terrain_mesh_build(scene, !vk->has_tess, &mesh)) {
      fprintf(stderr, "agx-terrain: out of memory building the scene\n");
      return 1;
   }
   printf("agx-terrain: %s, %ux%u, mode %s: %d x %d patches, %u triangles%s\n", vk->device_name,
          o->width, o->height, mode, TERRAIN_PATCHES, TERRAIN_PATCHES, mesh.num_triangles,
          vk->has_tess ? " from the tessellator" : " tessellated on the CPU");
   struct terrain_render r;
   bool ok = terrain_render_init(&r, vk, scene, &mesh, o->width, o->height, vk->has_tess,
                                 o->geometry_only);
   double t1 = now();
   if (ok) {
      terrain_stats_begin();
      ok = terrain_render_frame(&r, vk);
   }
   double t2 = now();
   if (ok && o->geometry_only) {
      report_work(mode, &mesh);
      printf("agx-terrain: geometry only, no image (frame %.1f s)\n", t2 - t1);
   } else if (ok) {
      report_work(mode, &mesh);
      ok = terrain_render_readback(&r, vk) &&
           terrain_png_write(o->output, r.readback.map, o->width, o->height);
      if (ok)
         printf("agx-terrain: wrote %s (set-up %.1f s, frame %.1f s)\n", o->output, t1 - t0,
                t2 - t1);
      else
         fprintf(stderr, "agx-terrain: cannot read back or write %s\n", o->output);
   }
   terrain_render_finish(&r, vk);
   terrain_mesh_finish(&mesh);
   return ok ? 0 : 1;
}

int
main(int argc, char **argv)
{
   struct options o;
   if (!parse(argc, argv, &o))
      return usage(argv[0]);
   terrain_stats_setup();
   struct terrain_vk vk;
   struct terrain_scene scene;
   memset(&scene, 0, sizeof(scene));
   int status = run(&o, &vk, &scene);
   terrain_scene_finish(&scene);
   terrain_vk_finish(&vk);
   terrain_stats_cleanup();
   return status;
}
