/*
 * AGX_SIM_STATS: the simulator's per-command statistics lines (sim/README.md "Environment").
 * Two compute commands of 64 threads (2 SIMD-groups): one stores its thread id (3 instructions:
 * 192 thread, 6 SIMD-group instructions, 256 bytes written), the other also loads a word first
 * (5 instructions; exactly 256 more bytes read, the same written). An unopenable file is
 * reported and statistics stay off. Each launch also gets a line with the same counts.
 * Assumes: the CDM stream, USC words and uniforms are read the same way by both commands
 * (same pipeline layout), so only the shader's loads differ in bytes read.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdlib.h>
#include <unistd.h>

#include "sim_exec_util.h"

struct line {
   char kind[16];
   uint64_t ti, si, rd, wr;
   int ok;
};

static unsigned
read_lines(const char *path, struct line *out, unsigned max)
{
   FILE *f = fopen(path, "r");
   unsigned n = 0;
   char buf[512];
   while (f && n < max && fgets(buf, sizeof(buf), f)) {
      struct line *l = &out[n];
      if (sscanf(buf,
                 "agx-sim-stats: %15s thread_insns=%" SCNu64 " simd_insns=%" SCNu64
                 " bytes_read=%" SCNu64 " bytes_written=%" SCNu64 " ok=%d",
                 l->kind, &l->ti, &l->si, &l->rd, &l->wr, &l->ok) == 6)
         n++;
   }
   if (f)
      fclose(f);
   return n;
}

/* thread_insns of the per-launch lines, in order. */
static unsigned
read_launches(const char *path, uint64_t *out, unsigned max)
{
   FILE *f = fopen(path, "r");
   unsigned n = 0;
   char buf[512];
   while (f && n < max && fgets(buf, sizeof(buf), f)) {
      const char *t = strstr(buf, " thread_insns=");
      if (strncmp(buf, "agx-sim-stats:   launch pipeline=", 33) == 0 && t &&
          strstr(buf, " grid=64x1x1 local=64x1x1 ") &&
          sscanf(t, " thread_insns=%" SCNu64, &out[n]) == 1)
         n++;
   }
   if (f)
      fclose(f);
   return n;
}

static void
test_counters(void)
{
   char path[] = "/tmp/agx-sim-stats-XXXXXX";
   int fd = mkstemp(path);
   CHECK(fd >= 0);
   close(fd);
   setenv("AGX_SIM_STATS", path, 1);
   struct env E;
   env_init(&E);
   const char *store = "get_sr r2, sr80\n"
                       "device_store 0, i32, x, r2, u0_u1, r2, unsigned, 0\n"
                       "stop\n";
   const char *load_store = "get_sr r2, sr80\n"
                            "device_load 0, i32, x, r3, u0_u1, r2, unsigned\n"
                            "wait 0\n"
                            "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                            "stop\n";
   CHECK_EQ(env_dispatch(&E, store, 64, 64, 0, NULL, 0), 1);
   CHECK_EQ(env_dispatch(&E, load_store, 64, 64, 0, NULL, 0), 1);
   for (unsigned i = 0; i < 64; i++)
      CHECK_EQ(data32(&E, i), i);
   env_fini(&E);
   unsetenv("AGX_SIM_STATS");

   struct line l[4];
   CHECK_EQ(read_lines(path, l, 4), 2);
   CHECK(strcmp(l[0].kind, "compute") == 0);
   CHECK_EQ(l[0].ti, 192);
   CHECK_EQ(l[0].si, 6);
   CHECK_EQ(l[0].wr, 256);
   CHECK(l[0].rd > 0);
   CHECK_EQ(l[0].ok, 1);
   CHECK_EQ(l[1].ti, 320);
   CHECK_EQ(l[1].si, 10);
   CHECK_EQ(l[1].wr, 256);
   CHECK_EQ(l[1].rd, l[0].rd + 256);
   uint64_t launches[4];
   CHECK_EQ(read_launches(path, launches, 4), 2);
   CHECK_EQ(launches[0], 192);
   CHECK_EQ(launches[1], 320);
   unlink(path);
}

static void
test_bad_file(void)
{
   setenv("AGX_SIM_STATS", "/nonexistent-dir/stats", 1);
   struct env E;
   env_init(&E); /* reports the file and carries on */
   CHECK_EQ(env_dispatch(&E, "stop\n", 32, 32, 0, NULL, 0), 1);
   env_fini(&E);
   unsetenv("AGX_SIM_STATS");
}

int
main(void)
{
   test_counters();
   test_bad_file();
   return SIM_TEST_RESULT();
}
