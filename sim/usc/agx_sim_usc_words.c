/*
 * USC word lists ("pipelines"): the tagged records a launch points at,
 * applied to the dispatch state as the hardware does before starting the
 * shader.
 *
 * Assumes (genxml/agx_usc.xml, shared/reference/hardware.md section 7): the
 * list lives at usc_exec_base + Pipeline, records are packed back to back,
 * the tag is the low byte, and the list ends with a Preshader or No
 * Preshader record. Uniform / Uniform High DMA `Size` halves from `Buffer`
 * into uniform halves Start (+256); Texture / Sampler load `Count` 24-byte
 * texture descriptors / 16-byte sampler descriptors into state registers
 * Start...; Shared gives the threadgroup memory size; Shader and Preshader
 * give code offsets from usc_exec_base; Registers the GPR count in halves.
 * Every record is decoded with the GenXML unpack functions; invalid words
 * and unknown tags stop the command as a malformed stream.
 */
#include <string.h>

#include "agx_pack.h"
#include "agx_sim_gpu.h"

#define MAX_USC_WORDS 64

static bool
read_mem(struct agx_sim_worker *w, uint64_t va, void *dst, size_t size)
{
   struct agx_sim_fault f = {0};
   /* the caller holds the VM access lock: use translate page by page */
   uint8_t *out = dst;
   size_t done = 0;
   while (done < size) {
      size_t contig = 0;
      const uint8_t *src =
         agx_sim_vm_translate(w->gpu->vm, va + done, AGX_SIM_ACCESS_READ, &contig, &f);
      if (!src) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, NULL, f.addr, "%s read fault at 0x%llx",
                           f.type == AGX_SIM_FAULT_PERMISSION ? "permission" : "unmapped",
                           (unsigned long long)f.addr);
         return false;
      }
      size_t n = size - done < contig ? size - done : contig;
      memcpy(out + done, src, n);
      done += n;
   }
   w->mem_read += size;
   return true;
}

bool
agx_sim_read_gpu(struct agx_sim_worker *w, uint64_t va, void *dst, size_t size)
{
   return read_mem(w, va, dst, size);
}

static bool
bad_word(struct agx_sim_worker *w, uint64_t va, const char *what)
{
   agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, va, "invalid %s word at 0x%llx", what,
                     (unsigned long long)va);
   return false;
}

static bool
dma_uniforms(struct agx_sim_worker *w, struct agx_sim_dispatch *d, unsigned start, unsigned size,
             uint64_t buffer)
{
   uint16_t halves[64];
   if (start + size > AGX_SIM_UNIFORM_HALVES)
      size = AGX_SIM_UNIFORM_HALVES - start;
   if (!read_mem(w, buffer, halves, size * 2u))
      return false;
   for (unsigned i = 0; i < size; i++) {
      unsigned u = start + i;
      unsigned sh = (u & 1) * 16;
      d->uniforms[u >> 1] = (d->uniforms[u >> 1] & ~(0xFFFFu << sh)) | ((uint32_t)halves[i] << sh);
      d->uniform_def[u >> 5] |= 1u << (u & 31);
   }
   return true;
}

bool
agx_sim_usc_apply(struct agx_sim_worker *w, struct agx_sim_dispatch *d, uint64_t pipeline_va)
{
   uint64_t va = pipeline_va;
   uint64_t base = w->gpu->usc_base;
   bool have_shader = false;
   for (unsigned n = 0; n < MAX_USC_WORDS; n++) {
      uint8_t word[8] = {0};
      if (!read_mem(w, va, word, 2))
         return false;
      switch (word[0]) {
      case AGX_USC_CONTROL_UNIFORM:
      case AGX_USC_CONTROL_UNIFORM_HIGH: {
         struct AGX_USC_UNIFORM u;
         if (!read_mem(w, va, word, 8))
            return false;
         bool ok = word[0] == AGX_USC_CONTROL_UNIFORM
                      ? AGX_USC_UNIFORM_unpack(NULL, word, &u)
                      : AGX_USC_UNIFORM_HIGH_unpack(NULL, word, (struct AGX_USC_UNIFORM_HIGH *)&u);
         if (!ok)
            return bad_word(w, va, "USC Uniform");
         unsigned start = u.start_halfs + (word[0] == AGX_USC_CONTROL_UNIFORM_HIGH ? 256 : 0);
         if (!dma_uniforms(w, d, start, u.size_halfs, u.buffer))
            return false;
         va += 8;
         break;
      }
      case AGX_USC_CONTROL_TEXTURE:
      case AGX_USC_CONTROL_SAMPLER: {
         bool tex = word[0] == AGX_USC_CONTROL_TEXTURE;
         if (!read_mem(w, va, word, 8))
            return false;
         uint32_t start, count;
         uint64_t buffer;
         if (tex) {
            struct AGX_USC_TEXTURE t;
            if (!AGX_USC_TEXTURE_unpack(NULL, word, &t))
               return bad_word(w, va, "USC Texture");
            start = t.start, count = t.count, buffer = t.buffer;
         } else {
            struct AGX_USC_SAMPLER s;
            if (!AGX_USC_SAMPLER_unpack(NULL, word, &s))
               return bad_word(w, va, "USC Sampler");
            start = s.start, count = s.count, buffer = s.buffer;
         }
         unsigned esize = tex ? 24 : 16;
         for (uint32_t i = 0; i < count && start + i < 256; i++) {
            void *dst = tex ? (void *)d->textures[start + i] : (void *)d->samplers[start + i];
            if (!read_mem(w, buffer + (uint64_t)i * esize, dst, esize))
               return false;
         }
         va += 8;
         break;
      }
      case AGX_USC_CONTROL_SHARED: {
         struct AGX_USC_SHARED s;
         if (!read_mem(w, va, word, 4))
            return false;
         if (!AGX_USC_SHARED_unpack(NULL, word, &s))
            return bad_word(w, va, "USC Shared");
         d->local_bytes = s.uses_shared_memory ? s.bytes_per_threadgroup : 0;
         if (d->local_bytes > AGX_SIM_LOCAL_MAX)
            d->local_bytes = AGX_SIM_LOCAL_MAX;
         va += 4;
         break;
      }
      case AGX_USC_CONTROL_SHADER: {
         struct AGX_USC_SHADER s;
         if (!read_mem(w, va, word, 6))
            return false;
         if (!AGX_USC_SHADER_unpack(NULL, word, &s))
            return bad_word(w, va, "USC Shader");
         d->code = base + s.code;
         have_shader = true;
         va += 6;
         break;
      }
      case AGX_USC_CONTROL_REGISTERS: {
         struct AGX_USC_REGISTERS r;
         if (!read_mem(w, va, word, 4))
            return false;
         if (!AGX_USC_REGISTERS_unpack(NULL, word, &r))
            return bad_word(w, va, "USC Registers");
         d->reg_halves = r.register_count;
         d->spill_size = r.spill_size;
         va += 4;
         break;
      }
      case AGX_USC_CONTROL_FRAGMENT_PROPERTIES: {
         struct AGX_USC_FRAGMENT_PROPERTIES fp;
         if (!read_mem(w, va, word, 4))
            return false;
         if (!AGX_USC_FRAGMENT_PROPERTIES_unpack(NULL, word, &fp))
            return bad_word(w, va, "USC Fragment Properties");
         d->frag_props = true; /* fragment-only; no effect on compute */
         d->early_z = fp.early_z_testing;
         va += 4;
         break;
      }
      case AGX_USC_CONTROL_NO_PRESHADER:
         d->preamble = 0;
         goto done;
      case AGX_USC_CONTROL_PRESHADER: {
         struct AGX_USC_PRESHADER p;
         if (!read_mem(w, va, word, 8))
            return false;
         if (!AGX_USC_PRESHADER_unpack(NULL, word, &p))
            return bad_word(w, va, "USC Preshader");
         d->preamble = base + p.code;
         goto done;
      }
      default:
         agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, va,
                           "unknown USC word tag 0x%02x at 0x%llx", word[0],
                           (unsigned long long)va);
         return false;
      }
   }
   agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, pipeline_va,
                     "USC word list at 0x%llx does not end with a (No) Preshader word",
                     (unsigned long long)pipeline_va);
   return false;
done:
   if (!have_shader) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, pipeline_va,
                        "USC word list at 0x%llx has no Shader word",
                        (unsigned long long)pipeline_va);
      return false;
   }
   return true;
}
