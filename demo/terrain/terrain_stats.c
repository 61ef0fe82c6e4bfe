/*
 * Reading the simulator's per-command statistics lines (see terrain_stats.h). A line reads
 *   agx-sim-stats: render thread_insns=N simd_insns=N bytes_read=N bytes_written=N ok=1
 * Assumes: POSIX mkstemp/setenv; lines other than those are ignored.
 */
#define _POSIX_C_SOURCE 200809L
#include "terrain_stats.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char stats_path[256];
static bool stats_temporary;
static long stats_start;

void
terrain_stats_setup(void)
{
   const char *env = getenv("AGX_SIM_STATS");
   if (env && *env) {
      snprintf(stats_path, sizeof(stats_path), "%s", env);
      return;
   }
   const char *dir = getenv("TMPDIR");
   snprintf(stats_path, sizeof(stats_path), "%s/agx-terrain-stats-XXXXXX", dir ? dir : "/tmp");
   int fd = mkstemp(stats_path);
   if (fd < 0) {
      stats_path[0] = 0;
      return;
   }
   close(fd);
   stats_temporary = true;
   setenv("AGX_SIM_STATS", stats_path, 1);
}

bool
terrain_stats_to_stderr(void)
{
   return strcmp(stats_path, "-") == 0;
}

void
terrain_stats_begin(void)
{
   FILE *f = stats_path[0] ? fopen(stats_path, "r") : NULL;
   stats_start = 0;
   if (f) {
      fseek(f, 0, SEEK_END);
      stats_start = ftell(f);
      fclose(f);
   }
}

bool
terrain_stats_end(struct terrain_stats *out)
{
   memset(out, 0, sizeof(*out));
   FILE *f = stats_path[0] ? fopen(stats_path, "r") : NULL;
   if (!f)
      return false;
   fseek(f, stats_start, SEEK_SET);
   char line[512], kind[32];
   bool any = false;
   while (fgets(line, sizeof(line), f)) {
      uint64_t ti, si, br, bw;
      if (sscanf(line,
                 "agx-sim-stats: %31s thread_insns=%" SCNu64 " simd_insns=%" SCNu64
                 " bytes_read=%" SCNu64 " bytes_written=%" SCNu64,
                 kind, &ti, &si, &br, &bw) != 5)
         continue;
      any = true;
      if (strcmp(kind, "render") == 0)
         out->render_cmds++;
      else
         out->compute_cmds++;
      out->thread_insns += ti;
      out->simd_insns += si;
      out->bytes_read += br;
      out->bytes_written += bw;
   }
   fclose(f);
   return any;
}

void
terrain_stats_cleanup(void)
{
   if (stats_temporary)
      unlink(stats_path);
   stats_temporary = false;
}
