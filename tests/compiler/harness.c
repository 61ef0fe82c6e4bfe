/* Test harness implementation (see harness.h). Buffers live at addresses
 * above 4 GiB so 64-bit address arithmetic is exercised. */
#include "harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_passes.h"

const char *const h_mode_names[H_NUM_MODES] = {"raw", "opt", "lowered"};
const char *h_spv_dir = ".";
const char *h_spv_suffix = "";
unsigned h_failures;

uint32_t *
h_read_spv(const char *name, size_t *count)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s%s.spv", h_spv_dir, name, h_spv_suffix);
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "cannot open %s\n", path);
      return NULL;
   }
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *w = malloc((size_t)size + 4);
   if (!w || fread(w, 1, (size_t)size, f) != (size_t)size) {
      fclose(f);
      free(w);
      return NULL;
   }
   fclose(f);
   *count = (size_t)size / 4;
   return w;
}

bool
h_compile(struct harness *h, const char *name, enum h_mode mode,
          const struct agx_spirv_options *opts)
{
   memset(h, 0, sizeof(*h));
   h->next_addr = UINT64_C(0x100000000);
   size_t n;
   uint32_t *w = h_read_spv(name, &n);
   if (!w)
      return false;
   if (mode == H_RAW) {
      h->s = agx_spirv_to_ir(w, n, opts, h->err, sizeof(h->err));
      if (h->s)
         agx_pass_lower_io(h->s, NULL);
   } else {
      h->s = agx_compile_spirv(w, n, opts, true, h->err, sizeof(h->err));
      if (h->s && mode == H_LOWERED)
         agx_lower_for_backend(h->s);
   }
   free(w);
   if (!h->s) {
      fprintf(stderr, "%s (%s): compile failed: %s\n", name, h_mode_names[mode], h->err);
      h_failures++;
      return false;
   }
   if (!agx_validate(h->s, h->err, sizeof(h->err))) {
      fprintf(stderr, "%s (%s): invalid IR: %s\n", name, h_mode_names[mode], h->err);
      h_failures++;
      return false;
   }
   if (h->s->const_data_size) {
      /* the shader's constant data, where the driver would upload it */
      uint64_t addr;
      memcpy(h_memory(h, h->s->const_data_size, &addr), h->s->const_data, h->s->const_data_size);
      memcpy(h->uniforms + AGX_ABI_CONST_DATA, &addr, 8);
   }
   return true;
}

void *
h_memory(struct harness *h, size_t size, uint64_t *address)
{
   if (h->nbufs == 32)
      abort();
   struct agx_interp_buffer *b = &h->bufs[h->nbufs++];
   b->data = calloc(1, size ? size : 1);
   b->size = size;
   b->address = h->next_addr;
   h->next_addr += (size + 0xffff) & ~(uint64_t)0xffff;
   if (!b->data)
      abort();
   if (address)
      *address = b->address;
   return b->data;
}

void *
h_buffer(struct harness *h, unsigned set, unsigned binding, unsigned elem, size_t size)
{
   if (!h->sets[set]) {
      uint64_t addr;
      h->sets[set] = h_memory(h, 16 * AGX_ABI_DESC_SIZE * AGX_ABI_DEFAULT_ARRAY, &addr);
      memcpy(h->uniforms + AGX_ABI_SET_ADDR_BASE + 8 * set, &addr, 8);
   }
   uint64_t addr;
   void *p = h_memory(h, size, &addr);
   struct agx_buffer_descriptor d = {addr, (unsigned)size, 0};
   size_t off =
      (size_t)binding * AGX_ABI_DESC_SIZE * AGX_ABI_DEFAULT_ARRAY + elem * AGX_ABI_DESC_SIZE;
   memcpy(h->sets[set] + off, &d, sizeof(d));
   return p;
}

void
h_push(struct harness *h, const void *data, size_t size)
{
   memcpy(h->uniforms + AGX_ABI_PUSH_BASE, data, size);
}

bool
h_run(struct harness *h, uint32_t gx, uint32_t gy, uint32_t gz)
{
   /* The ABI's workgroup count (base workgroup stays 0). */
   const uint32_t groups[3] = {gx, gy, gz};
   memcpy(h->uniforms + AGX_ABI_NUM_WORKGROUPS, groups, sizeof(groups));
   struct agx_interp_dispatch d = {
      .groups = {gx, gy, gz},
      .uniforms = h->uniforms,
      .uniform_size = sizeof(h->uniforms),
      .buffers = h->bufs,
      .num_buffers = h->nbufs,
   };
   if (agx_interp_run(h->s, &d, NULL, h->err, sizeof(h->err))) {
      fprintf(stderr, "interpreter: %s\n", h->err);
      h_failures++;
      return false;
   }
   return true;
}

void
h_finish(struct harness *h)
{
   for (unsigned i = 0; i < h->nbufs; i++)
      free(h->bufs[i].data);
   agx_shader_destroy(h->s);
   memset(h, 0, sizeof(*h));
}

uint32_t
h_rand(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return (uint32_t)(*s >> 16);
}

static unsigned reported;

static void
report(void)
{
   h_failures++;
   reported++;
}

void
h_check_u32(const char *what, unsigned idx, uint32_t got, uint32_t want)
{
   if (got == want)
      return;
   if (reported < 20)
      fprintf(stderr, "  %s[%u]: got 0x%08x (%d), want 0x%08x (%d)\n", what, idx, got, (int)got,
              want, (int)want);
   report();
}

void
h_check_u64(const char *what, unsigned idx, uint64_t got, uint64_t want)
{
   if (got == want)
      return;
   if (reported < 20)
      fprintf(stderr, "  %s[%u]: got 0x%016llx, want 0x%016llx\n", what, idx,
              (unsigned long long)got, (unsigned long long)want);
   report();
}

void
h_check_f32(const char *what, unsigned idx, float got, float want, float tol)
{
   if (got == want || (isnan(got) && isnan(want)) ||
       fabsf(got - want) <= tol * fmaxf(1.0f, fabsf(want)))
      return;
   if (reported < 20)
      fprintf(stderr, "  %s[%u]: got %.9g, want %.9g\n", what, idx, got, want);
   report();
}

void
h_check_f64(const char *what, unsigned idx, double got, double want, double tol)
{
   if (got == want || fabs(got - want) <= tol * fmax(1.0, fabs(want)))
      return;
   if (reported < 20)
      fprintf(stderr, "  %s[%u]: got %.17g, want %.17g\n", what, idx, got, want);
   report();
}

unsigned
h_count_ops(agx_shader *s, enum agx_op op)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all), c = 0;
   for (unsigned i = 0; i < n; i++)
      c += all[i]->op == op;
   return c;
}
