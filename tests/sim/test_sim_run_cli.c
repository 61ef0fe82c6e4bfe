/*
 * agx-sim-run end to end: programs are assembled with the ISA library into
 * temporary files, run through the CLI (path in argv[1]), and the printed
 * "rN=0x%08x" lines, exit codes and memory images are checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agx_isa.h"
#include "sim_test_util.h"

static const char *cli;
static char prog_path[64] = "/tmp/agx-sim-run-test-XXXXXX";
static char mem_path[64] = "/tmp/agx-sim-run-mem-XXXXXX";

static void
write_program(const char *src)
{
   FILE *f = fopen(prog_path, "wb");
   char *copy = strdup(src);
   uint32_t pc = 0;
   for (char *line = strtok(copy, "\n"); line; line = strtok(NULL, "\n")) {
      struct agx_isa_instr I;
      char err[128];
      uint8_t b[AGX_ISA_MAX_BYTES];
      if (agx_isa_parse(line, pc, &I, err, sizeof(err))) {
         fprintf(stderr, "cannot assemble '%s': %s\n", line, err);
         exit(1);
      }
      int n = agx_isa_encode(&I, b);
      fwrite(b, 1, (size_t)n, f);
      pc += (uint32_t)n;
   }
   free(copy);
   fclose(f);
}

/* Run the CLI; returns its exit status and fills regs[0..127]. */
static int
run(const char *args, uint32_t regs[128])
{
   char cmd[1024];
   snprintf(cmd, sizeof(cmd), "%s %s 2>/dev/null", cli, args);
   FILE *p = popen(cmd, "r");
   if (!p)
      return -1;
   memset(regs, 0xCC, 128 * 4);
   char line[128];
   while (fgets(line, sizeof(line), p)) {
      unsigned r, v;
      if (sscanf(line, "r%u=0x%x", &r, &v) == 2 && r < 128)
         regs[r] = v;
   }
   int st = pclose(p);
   return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: test_sim_run_cli PATH-TO-agx-sim-run\n");
      return 1;
   }
   cli = argv[1];
   int fd = mkstemp(prog_path);
   close(fd);
   fd = mkstemp(mem_path);
   close(fd);

   uint32_t r[128];
   char args[512];

   write_program("iadd r1, r0, 7\nfadd32 r3, r2, r2\nget_sr r4, sr80");
   snprintf(args, sizeof(args), "%s r0=5 r2=1.5f", prog_path);
   CHECK_EQ(run(args, r), 0);
   CHECK_EQ(r[1], 12);
   CHECK_EQ(r[2], 0x3FC00000);
   CHECK_EQ(r[3], 0x40400000);
   CHECK_EQ(r[4], 0);
   CHECK_EQ(r[127], 0); /* every register below the count is printed */

   snprintf(args, sizeof(args), "--lane 3 %s r0=-2 r2=0x40000000", prog_path);
   CHECK_EQ(run(args, r), 0);
   CHECK_EQ(r[1], 5);
   CHECK_EQ(r[3], 0x40800000);
   CHECK_EQ(r[4], 3);

   /* 16-bit halves and uniforms */
   write_program("iadd r5, r1l, r1h\niadd r6, u3, 1\nstop");
   snprintf(args, sizeof(args), "%s r1l=100 r1h=0x20 u3=41 --regs 16", prog_path);
   CHECK_EQ(run(args, r), 0);
   CHECK_EQ(r[5], 132);
   CHECK_EQ(r[6], 42);
   CHECK_EQ(r[7], 0);
   CHECK_EQ(r[8], 0xCCCCCCCC); /* only r0..r7 exist with 16 halves */

   /* memory image and a store back to it, with a grid of 64 threads */
   uint32_t img[64];
   for (unsigned i = 0; i < 64; i++)
      img[i] = 1000 + i;
   FILE *f = fopen(mem_path, "wb");
   fwrite(img, 4, 64, f);
   fclose(f);
   write_program("get_sr r2, sr80\n"
                 "device_load 0, i32, x, r3, u0_u1, r2, unsigned\n"
                 "wait 0\n"
                 "iadd r3, r3, 1\n"
                 "stop");
   snprintf(args, sizeof(args),
            "--grid 64 --local 32 --mem 0x2000000000=%s %s u0=0 u1=0x20 --lane 5", mem_path,
            prog_path);
   CHECK_EQ(run(args, r), 0);
   CHECK_EQ(r[3], 1006);

   /* GPU errors exit with 1, bad usage with 2 */
   write_program("device_load 0, i32, x, r3, u0_u1, 0, signed\nwait 0\nstop");
   snprintf(args, sizeof(args), "%s u0=0 u1=0x30", prog_path);
   CHECK_EQ(run(args, r), 1);
   write_program("iadd r3, r9, 1\niadd r4, u7, 2\nstop");
   snprintf(args, sizeof(args), "--strict %s", prog_path);
   CHECK_EQ(run(args, r), 1); /* strict: r9 uninitialised */
   snprintf(args, sizeof(args), "--strict %s r9=5", prog_path);
   CHECK_EQ(run(args, r), 1); /* strict: u7 uninitialised */
   snprintf(args, sizeof(args), "--strict %s r9=5 u7=1", prog_path);
   CHECK_EQ(run(args, r), 0);
   CHECK_EQ(r[3], 6);
   snprintf(args, sizeof(args), "%s", prog_path); /* default: zeros */
   CHECK_EQ(run(args, r), 0);
   CHECK_EQ(r[3], 1);
   CHECK_EQ(r[4], 2);
   write_program("jmp_exec_any pc+0");
   snprintf(args, sizeof(args), "--budget 1000 %s", prog_path);
   CHECK_EQ(run(args, r), 1); /* endless loop hits the budget */
   snprintf(args, sizeof(args), "%s r200=1", prog_path);
   CHECK_EQ(run(args, r), 2);
   snprintf(args, sizeof(args), "%s r1=banana", prog_path);
   CHECK_EQ(run(args, r), 2);
   snprintf(args, sizeof(args), "--lane 40 %s", prog_path);
   CHECK_EQ(run(args, r), 2);
   CHECK_EQ(run("/nonexistent/program.bin", r), 2);

   unlink(prog_path);
   unlink(mem_path);
   return SIM_TEST_RESULT();
}
