/* Epilog building for test_blend.c, in its own translation unit: the
 * back end's IR opcode names clash with the ISA's, which the render
 * harness includes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_fs_epilog.h"
#include "agx_spirv.h"
#include "test_blend_build.h"

int
blend_build(const struct agx_fs_epilog_key *key, struct blend_epilog *out, char *err,
            size_t errsize)
{
   struct agx_backend_result r;
   memset(out, 0, sizeof(*out));
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   int rc = agx_build_fs_epilog_key(key, &r, err, errsize);
   clock_gettime(CLOCK_MONOTONIC, &t1);
   out->ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
   if (rc)
      return rc;
   out->code = r.code;
   out->size = r.size;
   r.code = NULL;
   out->reads_tib = r.info.fs.reads_tib;
   char *buf = NULL;
   size_t len = 0;
   FILE *m = open_memstream(&buf, &len);
   agx_backend_disasm(out->code, out->size, m);
   fclose(m);
   for (const char *p = buf; (p = strstr(p, "ld_tile")); p++)
      out->ld_tiles++;
   for (const char *p = buf; (p = strstr(p, "st_tile")); p++)
      out->st_tiles++;
   free(buf);
   agx_backend_result_free(&r);
   return 0;
}

int
blend_compile_fs(const char *path, struct blend_fs *out, char *err, size_t errsize)
{
   memset(out, 0, sizeof(*out));
   FILE *f = fopen(path, "rb");
   if (!f) {
      snprintf(err, errsize, "cannot open %s", path);
      return -1;
   }
   uint32_t *w = malloc(1 << 20);
   size_t nw = fread(w, 4, (1 << 20) / 4, f);
   fclose(f);
   agx_shader *s = agx_compile_spirv(w, nw, NULL, true, err, errsize);
   free(w);
   if (!s)
      return -1;
   struct agx_backend_options o = {.no_preamble = true, .fs_epilog = true};
   struct agx_backend_result r;
   int rc = agx_backend_compile(s, &o, &r, err, errsize);
   agx_shader_destroy(s);
   if (rc)
      return rc;
   out->code = r.code;
   out->size = r.size;
   r.code = NULL;
   out->num_cf_bindings = r.info.fs.num_cf_bindings;
   out->colour_written = r.info.fs.colour_written;
   out->per_sample = r.info.fs.per_sample;
   out->writes_sample_mask = r.info.fs.writes_sample_mask;
   out->uses_discard = r.info.fs.uses_discard;
   agx_backend_result_free(&r);
   return 0;
}
