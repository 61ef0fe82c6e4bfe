/* Messages, the AGX_DEBUG flag table and its parser. */
#include "agxv_log.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
   const char *name;
   uint32_t flag;
   const char *help;
} debug_options[] = {
   {"ioctl", AGXV_DEBUG_IOCTL, "trace every ioctl sent to the kernel or simulator"},
   {"submit", AGXV_DEBUG_SUBMIT, "trace queue submissions, waits and signals"},
   {"alloc", AGXV_DEBUG_ALLOC, "trace buffer-object and GPU VA allocations"},
   {"startup", AGXV_DEBUG_STARTUP, "explain how the device was selected"},
   {"shaders", AGXV_DEBUG_SHADERS, "print the disassembly of every compiled shader"},
   {"trace", AGXV_DEBUG_TRACE, "decode every submitted control stream (agx-decode)"},
   {"nopreamble", AGXV_DEBUG_NOPREAMBLE, "compile shaders without a preamble (uniform hoisting)"},
   {"noshm", AGXV_DEBUG_NOSHM, "present to X11 with plain image puts, not MIT-SHM"},
};

static uint32_t debug_flags;
static pthread_once_t debug_once = PTHREAD_ONCE_INIT;

static void
print_help(void)
{
   fprintf(stderr, "agx: AGX_DEBUG is a comma-separated list of:\n");
   for (unsigned i = 0; i < sizeof(debug_options) / sizeof(debug_options[0]); i++)
      fprintf(stderr, "agx:   %-10s %s\n", debug_options[i].name, debug_options[i].help);
   fprintf(stderr, "agx:   %-10s %s\n", "all", "every tracing flag above (not nopreamble, noshm)");
   fprintf(stderr, "agx:   %-10s %s\n", "help", "print this list");
}

static void
parse_debug_env(void)
{
   const char *env = getenv("AGX_DEBUG");
   if (env == NULL || env[0] == '\0')
      return;

   const char *p = env;
   while (*p) {
      size_t len = strcspn(p, ",");
      bool known = false;
      if (len == 4 && strncmp(p, "help", 4) == 0) {
         print_help();
         known = true;
      } else if (len == 3 && strncmp(p, "all", 3) == 0) {
         /* every tracing flag; behaviour changes (nopreamble, noshm) stay opt-in */
         debug_flags |= ~(AGXV_DEBUG_NOPREAMBLE | AGXV_DEBUG_NOSHM);
         known = true;
      } else if (len == 0) {
         known = true;
      }
      for (unsigned i = 0; !known && i < sizeof(debug_options) / sizeof(debug_options[0]); i++) {
         if (strlen(debug_options[i].name) == len && strncmp(p, debug_options[i].name, len) == 0) {
            debug_flags |= debug_options[i].flag;
            known = true;
         }
      }
      if (!known)
         fprintf(stderr,
                 "agx: ignoring unknown AGX_DEBUG flag '%.*s' (AGX_DEBUG=help lists them)\n",
                 (int)len, p);
      p += len;
      if (*p == ',')
         p++;
   }
}

uint32_t
agxv_debug_flags(void)
{
   pthread_once(&debug_once, parse_debug_env);
   return debug_flags;
}

void
agxv_log(const char *fmt, ...)
{
   char buf[1024];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   fprintf(stderr, "agx: %s\n", buf);
}

void
agxv_not_implemented(const char *name, bool *reported)
{
   if (!__atomic_exchange_n(reported, true, __ATOMIC_RELAXED))
      agxv_log("not implemented: %s", name);
}

VkResult
agxv_error(VkResult result, const char *fmt, ...)
{
   /* Quiet by default: applications legitimately probe for errors. */
   if (agxv_debug_flags() == 0)
      return result;
   char buf[1024];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   agxv_log("%s (VkResult %d)", buf, (int)result);
   return result;
}

/* AGXV_EXPERIMENTAL keys: the features still behind it, and the keys of
 * features now on by default (accepted and ignored, with a note). */
static const char *const experimental_keys[] = {NULL}; /* none at the moment */
static const struct {
   const char *key, *feature;
} retired_keys[] = {
   {"gs", "geometryShader"},
   {"tess", "tessellationShader"},
   {"vsstores", "vertexPipelineStoresAndAtomics"},
};
static pthread_once_t experimental_once = PTHREAD_ONCE_INIT;

/* Reports, once, the keys that no longer do anything. */
static void
check_experimental_env(void)
{
   const char *env = getenv("AGXV_EXPERIMENTAL");
   for (const char *p = env; p && *p;) {
      size_t len = strcspn(p, ",");
      bool known = len == 0;
      for (unsigned i = 0; !known && experimental_keys[i]; i++)
         known = strlen(experimental_keys[i]) == len && !strncmp(p, experimental_keys[i], len);
      for (unsigned i = 0; !known && i < sizeof(retired_keys) / sizeof(retired_keys[0]); i++) {
         if (strlen(retired_keys[i].key) == len && !strncmp(p, retired_keys[i].key, len)) {
            fprintf(stderr,
                    "agx: AGXV_EXPERIMENTAL '%s' is no longer needed (%s is on by default)\n",
                    retired_keys[i].key, retired_keys[i].feature);
            known = true;
         }
      }
      if (!known)
         fprintf(stderr, "agx: ignoring unknown AGXV_EXPERIMENTAL key '%.*s' (none is known)\n",
                 (int)len, p);
      p += len;
      if (*p == ',')
         p++;
   }
}

void
agxv_experimental_check(void)
{
   pthread_once(&experimental_once, check_experimental_env);
}

bool
agxv_experimental(const char *feature)
{
   pthread_once(&experimental_once, check_experimental_env);
   const char *env = getenv("AGXV_EXPERIMENTAL");
   size_t n = strlen(feature);
   for (const char *p = env; p && *p;) {
      const char *end = strchr(p, ',');
      size_t len = end ? (size_t)(end - p) : strlen(p);
      if (len == n && !strncmp(p, feature, n))
         return true;
      p = end ? end + 1 : NULL;
   }
   return false;
}
