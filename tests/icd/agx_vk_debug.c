/*
 * stderr capture and AGX_DEBUG set-up of the loader tests (see
 * agx_vk_debug.h). POSIX dup/dup2 on descriptor 2; a failed tmpfile is a
 * failed check.
 */
#include "agx_vk_debug.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agx_test.h"

void
agx_vk_debug_add(const char *flag)
{
   const char *dbg = getenv("AGX_DEBUG");
   char env[256];
   snprintf(env, sizeof(env), "%s%s%s", dbg ? dbg : "", dbg && dbg[0] ? "," : "", flag);
   setenv("AGX_DEBUG", env, 1);
}

void
agx_vk_capture_begin(struct agx_vk_capture *cap, bool reference)
{
   cap->file = NULL;
   cap->saved_fd = -1;
   if (reference)
      return;
   fflush(stderr);
   cap->file = tmpfile();
   CHECK(cap->file != NULL);
   cap->saved_fd = dup(2);
   CHECK(cap->saved_fd >= 0);
   dup2(fileno(cap->file), 2);
}

/* Whether a captured line is the driver's debug output (not passed on). */
static bool
is_driver_line(const char *line)
{
   return strncmp(line, "agx: ", 5) == 0 || (line[0] && strchr("0123456789 ;", line[0]));
}

unsigned
agx_vk_capture_end(struct agx_vk_capture *cap, const char *prefix)
{
   if (!cap->file)
      return 0;
   fflush(stderr);
   dup2(cap->saved_fd, 2);
   close(cap->saved_fd);
   rewind(cap->file);
   unsigned n = 0;
   size_t len = strlen(prefix);
   char line[512];
   while (fgets(line, sizeof(line), cap->file)) {
      n += strncmp(line, prefix, len) == 0;
      if (!is_driver_line(line))
         fputs(line, stderr);
   }
   fclose(cap->file);
   cap->file = NULL;
   return n;
}
