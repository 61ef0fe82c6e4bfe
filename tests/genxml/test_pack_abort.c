/*
 * The debug range check really aborts, with a message naming the struct and
 * the field, when a value cannot be encoded (the generated round-trip test
 * observes the same checks through AGX_GENXML_RANGE_HOOK instead).
 * Assumes POSIX fork/pipe.
 */
#undef NDEBUG
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agx_pack.h"

/* Runs fn in a child with stderr captured; returns the wait status. */
static int
run_child(void (*fn)(void), char *err, size_t err_size)
{
   int fds[2];
   if (pipe(fds) != 0)
      return -1;
   pid_t pid = fork();
   if (pid == 0) {
      dup2(fds[1], 2);
      close(fds[0]);
      fn();
      _exit(0);
   }
   close(fds[1]);
   size_t len = 0;
   ssize_t n;
   while (len + 1 < err_size && (n = read(fds[0], err + len, err_size - 1 - len)) > 0)
      len += (size_t)n;
   err[len] = 0;
   close(fds[0]);
   int status = 0;
   waitpid(pid, &status, 0);
   return status;
}

static void
pack_zero_width(void)
{
   struct agx_texture_packed p;
   agx_pack(&p, TEXTURE, cfg) {
      cfg.width = 0; /* stored minus one: not encodable */
      cfg.height = 1;
   }
}

static void
pack_misaligned_pipeline(void)
{
   struct agx_cdm_launch_word_1_packed p;
   agx_pack(&p, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = 0x1020; /* must be 64-byte aligned */
   }
}

static void
pack_valid(void)
{
   struct agx_cdm_launch_word_1_packed p;
   agx_pack(&p, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = 0x1040;
   }
}

static int
expect_abort(const char *what, void (*fn)(void), const char *needle1, const char *needle2)
{
   char err[1024];
   int status = run_child(fn, err, sizeof(err));
   if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT || !strstr(err, needle1) ||
       !strstr(err, needle2)) {
      fprintf(stderr, "FAIL %s: status 0x%x, stderr \"%s\"\n", what, status, err);
      return 1;
   }
   printf("ok %s: %s", what, err);
   return 0;
}

int
main(void)
{
   int failures = 0;
   failures += expect_abort("texture width 0", pack_zero_width, "Texture", "\"Width\"");
   failures += expect_abort("misaligned pipeline", pack_misaligned_pipeline, "CDM Launch Word 1",
                            "multiple of 64");
   char err[256];
   int status = run_child(pack_valid, err, sizeof(err));
   if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || err[0]) {
      fprintf(stderr, "FAIL valid pack: status 0x%x, stderr \"%s\"\n", status, err);
      failures++;
   }
   return failures ? 1 : 0;
}
