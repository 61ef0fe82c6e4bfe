/*
 * Render-command captures: writer (used by the simulated kernel when
 * AGX_SIM_DUMP is set, agx_sim_exec.c) and reader (agx-sim-run --render).
 * The format is described in agx_sim_dump.h.
 *
 * Assumes: the caller of the writer holds the VM's access lock, so the page
 * table and page contents do not change while they are written.
 */
#include "agx_sim_dump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_sim_vm.h"

/* ---- writer ---------------------------------------------------------------- */

struct page_ref {
   uint64_t va;
   const uint8_t *host;
   uint32_t perms;
};

struct page_list {
   struct page_ref *p;
   size_t n, cap;
   bool oom;
};

static void
collect(void *user, uint64_t va, const uint8_t *host, uint32_t perms)
{
   struct page_list *l = user;
   if (l->oom)
      return;
   if (l->n == l->cap) {
      size_t cap = l->cap ? l->cap * 2 : 256;
      struct page_ref *np = realloc(l->p, cap * sizeof(*np));
      if (!np) {
         l->oom = true;
         return;
      }
      l->p = np, l->cap = cap;
   }
   l->p[l->n++] = (struct page_ref){va, host, perms};
}

static bool
page_is_zero(const uint8_t *p)
{
   static const uint8_t zero[256];
   for (uint64_t i = 0; i < AGX_SIM_PAGE_SIZE; i += sizeof(zero))
      if (memcmp(p + i, zero, sizeof(zero)))
         return false;
   return true;
}

/* Pages [i, end) of the list that continue page i's run. */
static size_t
run_end(const struct page_list *l, size_t i)
{
   size_t e = i + 1;
   while (e < l->n && l->p[e].va == l->p[e - 1].va + AGX_SIM_PAGE_SIZE &&
          l->p[e].perms == l->p[i].perms)
      e++;
   return e;
}

static bool
write_runs(FILE *f, const struct page_list *l)
{
   for (size_t i = 0; i < l->n;) {
      size_t e = run_end(l, i);
      struct agx_sim_dump_run run = {.va = l->p[i].va, .pages = e - i, .perms = l->p[i].perms};
      if (fwrite(&run, sizeof(run), 1, f) != 1)
         return false;
      for (size_t k = i; k < e; k++)
         if (fputc(page_is_zero(l->p[k].host) ? 0 : 1, f) == EOF)
            return false;
      for (size_t k = i; k < e; k++)
         if (!page_is_zero(l->p[k].host) && fwrite(l->p[k].host, AGX_SIM_PAGE_SIZE, 1, f) != 1)
            return false;
      i = e;
   }
   return true;
}

bool
agx_sim_dump_write(const char *path, struct agx_sim_vm *vm, uint32_t chip, uint64_t usc_exec_base,
                   const struct drm_asahi_cmd_render *cmd, char *err, size_t err_size)
{
   struct page_list l = {0};
   agx_sim_vm_walk(vm, collect, &l);
   if (l.oom) {
      free(l.p);
      snprintf(err, err_size, "out of host memory");
      return false;
   }
   struct agx_sim_dump_header h = {
      .version = AGX_SIM_DUMP_VERSION,
      .cmd_size = sizeof(*cmd),
      .usc_exec_base = usc_exec_base,
      .chip = chip,
   };
   memcpy(h.magic, AGX_SIM_DUMP_MAGIC, 8);
   agx_sim_vm_kernel_range(vm, &h.kernel_start, &h.kernel_end);
   for (size_t i = 0; i < l.n; i = run_end(&l, i))
      h.nruns++;
   FILE *f = fopen(path, "wb");
   bool ok = f && fwrite(&h, sizeof(h), 1, f) == 1 && fwrite(cmd, sizeof(*cmd), 1, f) == 1 &&
             write_runs(f, &l);
   if (f && fclose(f))
      ok = false;
   free(l.p);
   if (!ok)
      snprintf(err, err_size, "cannot write %s", path);
   return ok;
}

/* ---- reader ---------------------------------------------------------------- */

void
agx_sim_dump_free(struct agx_sim_dump *d)
{
   if (!d)
      return;
   for (uint32_t i = 0; d->data && i < d->h.nruns; i++)
      free(d->data[i]);
   free(d->data);
   free(d->runs);
   free(d);
}

static const char *
read_run(FILE *f, struct agx_sim_dump *d, uint32_t i)
{
   struct agx_sim_dump_run *r = &d->runs[i];
   if (fread(r, sizeof(*r), 1, f) != 1)
      return "truncated run header";
   if (!r->pages || r->pages > (1ull << 26) || (r->va & (AGX_SIM_PAGE_SIZE - 1)) ||
       r->va + r->pages * AGX_SIM_PAGE_SIZE > (1ull << AGX_SIM_VA_BITS) || (r->perms & ~3u) ||
       r->pad)
      return "malformed run header";
   uint8_t *flags = malloc(r->pages);
   d->data[i] = calloc(r->pages, AGX_SIM_PAGE_SIZE);
   const char *why = NULL;
   if (!flags || !d->data[i])
      why = "out of host memory";
   else if (fread(flags, 1, r->pages, f) != r->pages)
      why = "truncated page flags";
   for (uint64_t k = 0; !why && k < r->pages; k++) {
      if (flags[k] > 1)
         why = "malformed page flag";
      else if (flags[k] && fread(d->data[i] + k * AGX_SIM_PAGE_SIZE, AGX_SIM_PAGE_SIZE, 1, f) != 1)
         why = "truncated page data";
   }
   free(flags);
   return why;
}

struct agx_sim_dump *
agx_sim_dump_read(const char *path, char *err, size_t err_size)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      snprintf(err, err_size, "cannot open %s", path);
      return NULL;
   }
   struct agx_sim_dump *d = calloc(1, sizeof(*d));
   const char *why = NULL;
   if (!d)
      why = "out of host memory";
   else if (fread(&d->h, sizeof(d->h), 1, f) != 1)
      why = "truncated header";
   else if (memcmp(d->h.magic, AGX_SIM_DUMP_MAGIC, 8))
      why = "not a render capture (bad magic)";
   else if (d->h.version != AGX_SIM_DUMP_VERSION)
      why = "unsupported capture version";
   else if (d->h.cmd_size != sizeof(d->cmd))
      why = "render command size differs from this build's UAPI";
   else if (fread(&d->cmd, sizeof(d->cmd), 1, f) != 1)
      why = "truncated render command";
   else if (d->h.nruns > (1u << 24))
      why = "malformed run count";
   if (!why) {
      d->runs = calloc(d->h.nruns ? d->h.nruns : 1, sizeof(*d->runs));
      d->data = calloc(d->h.nruns ? d->h.nruns : 1, sizeof(*d->data));
      if (!d->runs || !d->data)
         why = "out of host memory";
   }
   for (uint32_t i = 0; !why && i < d->h.nruns; i++)
      why = read_run(f, d, i);
   if (!why && fgetc(f) != EOF)
      why = "trailing bytes";
   fclose(f);
   if (why) {
      snprintf(err, err_size, "%s: %s", path, why);
      if (d && !d->runs)
         d->h.nruns = 0;
      agx_sim_dump_free(d);
      return NULL;
   }
   return d;
}
