/*
 * Texture instructions: texture_load (smpi) and image_write (imgw), plus the
 * operand plumbing texture_sample (agx_sim_texture_sample.c) shares.
 *
 * Assumes (applegpu applegpu.py, Mesa agx_pack.c / agx_compile.c,
 * shared/reference/graphics.md sections 7-8, isa.md section 8):
 * - Texture operand T by its type Tt: 0 = texture state register tsT,
 *   1 = a 16-bit register holding the state-register index, 3 = bindless:
 *   descriptor at (64-bit uniform pair starting at uniform half 4 * U) +
 *   (32-bit register T, unsigned byte offset), read from GPU memory. Tt 2
 *   has no known meaning and is refused at decode. image_write's PBE operand
 *   is the same operand.
 * - Sampler S by St: 0 = sampler state register ssS (first 8 bytes),
 *   1 = a 16-bit register holding an index into the command's sampler heap
 *   (drm_asahi_cmd_compute.sampler_heap, 8-byte entries, sampler_count
 *   entries; an index past the count faults).
 * - Coordinates at half register C: 32-bit integers per dimension (x; x, y;
 *   x, y, z) followed, for 1D/2D arrays, by one 32-bit word whose low 16
 *   bits are the layer; with Cs set every coordinate and the layer are
 *   16-bit halves. 2D MS: the extra word's low half is the sample index;
 *   2D MS array: sample in the low half, layer in the high half (with Cs,
 *   two halves). Cube dimensions (texture_sample only: direction x, y, z,
 *   plus the cube index for cube arrays) are refused at decode for
 *   texture_load and image_write, multisampled ones for image_write and
 *   texture_sample.
 * - texture_load LOD (field lod): 0 = level 0, 2 = 16-bit uniform half D,
 *   6 = 16-bit register half D, an unsigned integer added to First level;
 *   a level past Last level is clamped to it (hardware does not return the
 *   border there: Mesa forces an out-of-bounds x instead; clamping is an
 *   assumption). The sampler's Mip filter is respected: None ignores the
 *   LOD (Mesa's txf sampler sets Nearest: "this is respected by txf,
 *   weirdly"); the sampler's LOD range is not applied (Mesa's txf sampler
 *   leaves it 0 and still loads other levels).
 *   Texel offsets (Ot, 4-bit two's-complement nibbles x 0-3, y 4-7, z 8-11
 *   in the half register O) are added to the coordinates. compare, gather,
 *   other LOD modes are refused at decode (texture_sample's query_lod mode:
 *   agx_sim_texture_sample.c).
 * - Integer coordinates (signed 32-bit, or signed 16-bit with Cs) go through
 *   the sampler's wrap modes (S, T, R) like filtered texel indices: Mesa's
 *   txf sampler sets Clamp to border "so out-of-bounds reads return 0".
 *   With Clamp to border (or Clamp (GL)) an out-of-bounds x, y or 3D z
 *   gives the sampler's border colour
 *   (transparent black 0,0,0,0; opaque black 0,0,0,1; opaque white 1,1,1,1;
 *   integer formats give integer 0/1) replacing the whole texel before the
 *   Texture swizzle (assumption, consistent with filtering, where border
 *   texels are blended before the swizzle); a Custom border needs the
 *   extended sampler record and faults as not modelled. An array layer past
 *   the last is clamped (Mesa clamps layers in software).
 * - Results: the four swizzled components, those in the write mask written
 *   to consecutive registers from R; Rt selects 32-bit (f32 for float-like
 *   types, f32 texels bit-exact; 32-bit integers) or 16-bit registers (f16
 *   rounded to nearest even; integers truncated to 16 bits, an assumption).
 *   Results are asynchronous: the destination is pending in wait group
 *   `slot` until `wait` (strict mode reports an earlier read or overwrite),
 *   like device_load.
 * - image_write: sources = 4 consecutive registers from R (Rt: 32-bit,
 *   else 16-bit); PBE swizzle_m = the source component stored into memory
 *   channel m; float-like types read f32/f16 values, integer types integers
 *   (16-bit Sint sources sign-extended). Only the components the PBE stores
 *   are read (and checked in strict mode). LOD: the immediate D (Dt) or the
 *   16-bit register D, added to the PBE Level. Out-of-bounds x, y, z, layer
 *   or level: the write is dropped. `round` selects RTZ for float formats.
 *   Stores take effect at once.
 * - Texture-cache coherence: on hardware a texture read of a texel written
 *   by image_write in the same dispatch needs Mesa's fence_pbe_to_tex
 *   (image_barrier_1-4 = memory_barrier with c = 10) or fence_mem_to_tex
 *   (... flush_memory_to_texture, c = 4), unless the read is an image load
 *   (q3 bit 0, instruction bit 43, which Mesa sets for read/write images
 *   "to get the value written by the latest image store"). The simulator
 *   always returns the stored value, and strict mode reports a plain
 *   texture_load/texture_sample of a texel the same SIMD-group wrote with
 *   image_write since its last such barrier (up to 64 texels tracked per
 *   SIMD-group; stores by other SIMD-groups are not tracked).
 * - Render targets in memory (spilled render targets, graphics.md §5.3:
 *   Mesa's agx_nir_lower_tilebuffer.c stores them with image_write inside a
 *   wait_pix 0xC interlock and ends the shader with fence_pbe_to_tex): in
 *   strict mode a fragment program's texture_load or image_write through a
 *   texture state register (Tt 0/1, the descriptors the render command's
 *   USC Texture word binds; application resources are bindless) needs an
 *   earlier wait_pix with bit 2, and a program that image_writes so must
 *   execute an image barrier (c = 10 or 4) before stop: without them,
 *   overlapping fragments of a pixel would reach memory unordered and later
 *   fragments could read stale texture-cache lines. Assumption: the
 *   hardware orders such accesses only through wait_pix (Mesa's choice);
 *   the simulator runs fragments in order and reports the missing wait.
 */
#include <stdio.h>
#include <string.h>

#include "agx_pack.h"
#include "agx_sim_image.h"
#include "agx_sim_isa.h"
#include "agx_sim_texture.h"

/* ---- GPU memory ------------------------------------------------------- */

bool
agx_sim_tex_mem(struct agx_sim_worker *w, const struct agx_sim_insn *I, uint64_t va, void *buf,
                unsigned size, bool write, const char *what)
{
   uint8_t *b = buf;
   unsigned done = 0;
   while (done < size) {
      size_t contig = 0;
      struct agx_sim_fault f = {0};
      uint8_t *p = agx_sim_vm_translate(
         w->gpu->vm, va + done, write ? AGX_SIM_ACCESS_WRITE : AGX_SIM_ACCESS_READ, &contig, &f);
      if (!p) {
         uint64_t a = f.addr ? f.addr : va + done;
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, a, "%s %s %s fault at 0x%llx", what,
                           f.type == AGX_SIM_FAULT_PERMISSION ? "permission" : "unmapped",
                           write ? "write" : "read", (unsigned long long)a);
         return false;
      }
      unsigned n = size - done;
      if (n > contig)
         n = (unsigned)contig;
      if (write)
         memcpy(p, b + done, n);
      else
         memcpy(b + done, p, n);
      done += n;
   }
   if (write)
      w->mem_write += size;
   else
      w->mem_read += size;
   return true;
}

bool
agx_sim_tex_mem_miss(struct agx_sim_worker *w, const struct agx_sim_insn *I,
                     struct agx_sim_tex_page *pc, uint64_t va, void *buf, unsigned size, bool write,
                     const char *what)
{
   size_t contig = 0;
   uint8_t *p =
      agx_sim_vm_translate(w->gpu->vm, va & ~AGX_SIM_PAGE_MASK,
                           write ? AGX_SIM_ACCESS_WRITE : AGX_SIM_ACCESS_READ, &contig, NULL);
   if (p) {
      pc->page = va >> 14;
      pc->host = p;
   }
   /* faults and page-straddling accesses take the general path */
   return agx_sim_tex_mem(w, I, va, buf, size, write, what);
}

/* ---- operands ---------------------------------------------------------- */

static bool
check_halves(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
             unsigned first, unsigned n, bool write)
{
   struct agx_sim_opnd o = {.kind = AGX_SIM_O_R16, .n = (uint16_t)first};
   return write ? agx_sim_check_write(w, sg, I, &o, n) : agx_sim_check_read(w, sg, I, &o, n);
}

void
agx_sim_tex_decode_ops(const struct agx_isa_instr *in, bool image_write, struct agx_sim_tex_ops *t)
{
   memset(t, 0, sizeof(*t));
   if (image_write) {
      t->r = (uint8_t)in->f[AGX_F_IMAGE_WRITE_R];
      t->r32 = (uint8_t)in->f[AGX_F_IMAGE_WRITE_Rt];
      t->c = (uint8_t)in->f[AGX_F_IMAGE_WRITE_C];
      t->cs = (uint8_t)in->f[AGX_F_IMAGE_WRITE_Cs];
      t->d = (uint8_t)in->f[AGX_F_IMAGE_WRITE_D];
      t->d_imm = (uint8_t)in->f[AGX_F_IMAGE_WRITE_Dt];
      t->u = (uint8_t)in->f[AGX_F_IMAGE_WRITE_U];
      t->t = (uint8_t)in->f[AGX_F_IMAGE_WRITE_T];
      t->tt = (uint8_t)in->f[AGX_F_IMAGE_WRITE_Tt];
      t->dim = (uint8_t)in->f[AGX_F_IMAGE_WRITE_n];
      t->rtz = (uint8_t)in->f[AGX_F_IMAGE_WRITE_round];
      return;
   }
   /* texture_sample and texture_load share the field order */
   t->mask = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_mask];
   t->r = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_R];
   t->r32 = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_Rt];
   t->u = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_U];
   t->t = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_T];
   t->tt = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_Tt];
   t->s = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_S];
   t->st = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_St];
   t->dim = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_n];
   t->c = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_C];
   t->cs = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_Cs];
   t->lod = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_lod];
   t->d = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_D];
   t->o = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_O];
   t->ot = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_Ot];
   t->slot = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_slot];
   t->compare = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_compare];
   t->gather = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_q6];
   t->mode = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_mode];
   t->q3 = (uint8_t)in->f[AGX_F_TEXTURE_LOAD_q3];
}

unsigned
agx_sim_tex_coord_count(unsigned dim, bool *array)
{
   *array = dim == AGX_TEXTURE_DIMENSION_1D_ARRAY || dim == AGX_TEXTURE_DIMENSION_2D_ARRAY ||
            dim == AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED ||
            dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED ||
            dim == AGX_TEXTURE_DIMENSION_CUBE_ARRAY;
   switch (dim) {
   case AGX_TEXTURE_DIMENSION_1D:
   case AGX_TEXTURE_DIMENSION_1D_ARRAY:
      return 1;
   case AGX_TEXTURE_DIMENSION_2D:
   case AGX_TEXTURE_DIMENSION_2D_ARRAY:
   case AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED:
   case AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED:
      return 2;
   case AGX_TEXTURE_DIMENSION_3D:
   case AGX_TEXTURE_DIMENSION_CUBE:       /* direction */
   case AGX_TEXTURE_DIMENSION_CUBE_ARRAY: /* direction, cube index */
      return 3;
   default:
      return 0; /* not modelled */
   }
}

bool
agx_sim_tex_check_regs(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                       const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t)
{
   bool array;
   unsigned n = agx_sim_tex_coord_count(t->dim, &array);
   unsigned extra = t->dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED ? 2 : array;
   unsigned halves = t->cs ? n + extra : 2 * n + extra;
   if (!check_halves(w, sg, I, t->c, halves, false))
      return false;
   if (t->tt == 1 && !check_halves(w, sg, I, t->t, 1, false))
      return false;
   if (t->tt == 3) {
      struct agx_sim_opnd u = {.kind = AGX_SIM_O_U64, .n = (uint16_t)(t->u * 2)};
      if (!check_halves(w, sg, I, t->t, 2, false) || !agx_sim_check_read(w, sg, I, &u, 1))
         return false;
   }
   return true;
}

void
agx_sim_tex_coords(const struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t, unsigned l,
                   uint32_t out[3], uint32_t *layer, uint32_t *sample)
{
   bool array;
   unsigned n = agx_sim_tex_coord_count(t->dim, &array);
   out[0] = out[1] = out[2] = 0;
   *layer = *sample = 0;
   for (unsigned i = 0; i < n; i++)
      out[i] = t->cs ? agx_sim_tex_half(sg, t->c + i, l) : sg->r[((t->c >> 1) + i) & 127][l];
   if (!array)
      return;
   unsigned h = t->cs ? t->c + n : t->c + 2 * n; /* first extra half */
   uint32_t lo = agx_sim_tex_half(sg, h, l);
   if (t->dim == AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED) {
      *sample = lo;
   } else if (t->dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED) {
      *sample = lo;
      *layer = agx_sim_tex_half(sg, h + 1, l);
   } else {
      *layer = lo;
   }
}

/* The 24-byte descriptor named by the T operand for lane l. */
bool
agx_sim_tex_descriptor(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                       const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t, unsigned l,
                       uint8_t desc[24], uint64_t *where)
{
   *where = 0;
   if (t->tt == 0 || t->tt == 1) {
      unsigned idx = t->tt == 0 ? t->t : agx_sim_tex_half(sg, t->t, l);
      if (idx > 255) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0,
                           "texture state register %u out of range (lane %u)", idx, l);
         return false;
      }
      memcpy(desc, w->d->textures[idx], 24);
      return true;
   }
   uint64_t base =
      w->d->uniforms[(t->u * 2) & 0xFF] | ((uint64_t)w->d->uniforms[(t->u * 2 + 1) & 0xFF] << 32);
   uint64_t va = base + sg->r[(t->t >> 1) & 127][l];
   *where = va;
   return agx_sim_tex_mem(w, I, va, desc, 24, false, "bindless descriptor");
}

bool
agx_sim_tex_sampler(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                    const struct agx_sim_tex_ops *t, unsigned l, struct AGX_SAMPLER *s)
{
   uint8_t raw[8];
   if (t->st == 0) {
      memcpy(raw, w->d->samplers[t->s], 8);
   } else {
      uint32_t idx = agx_sim_tex_half(sg, t->s, l);
      if (idx >= w->d->sampler_count) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0,
                           "sampler heap index %u past sampler_count %u (lane %u)", idx,
                           w->d->sampler_count, l);
         return false;
      }
      if (!agx_sim_tex_mem(w, I, w->d->sampler_heap + 8ull * idx, raw, 8, false, "sampler heap"))
         return false;
   }
   AGX_SAMPLER_unpack(NULL, raw, s);
   return true;
}

bool
agx_sim_tex_image(struct agx_sim_worker *w, const struct agx_sim_insn *I, const uint8_t desc[24],
                  uint64_t where, bool pbe, struct agx_sim_image *img)
{
   char err[192];
   bool ok = pbe ? agx_sim_image_from_pbe(desc, img, err, sizeof(err))
                 : agx_sim_image_from_texture(desc, img, err, sizeof(err));
   if (!ok)
      agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, where, "%s descriptor%s: %s",
                        pbe ? "PBE" : "texture", where ? " (bindless)" : "", err);
   return ok;
}

/* Border colour as a texel of img's kind; false for Custom. */
bool
agx_sim_tex_border(const struct AGX_SAMPLER *s, const struct agx_sim_image *img,
                   struct agx_sim_texel *out)
{
   double rgb = s->border_colour == AGX_BORDER_COLOUR_OPAQUE_WHITE ? 1.0 : 0.0;
   double a = s->border_colour == AGX_BORDER_COLOUR_TRANSPARENT_BLACK ? 0.0 : 1.0;
   if (s->border_colour == AGX_BORDER_COLOUR_CUSTOM)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      out->f[c] = c == 3 ? a : rgb;
      out->u[c] = (uint32_t)out->f[c];
      if (!img->fmt.is_int) {
         float f = (float)out->f[c];
         memcpy(&out->u[c], &f, 4);
      }
   }
   return true;
}

/* Component c of a texel after the Texture swizzle. */
static void
swizzled(const struct agx_sim_image *img, const struct agx_sim_texel *in, struct agx_sim_texel *out)
{
   for (unsigned c = 0; c < 4; c++) {
      unsigned sel = img->swizzle[c];
      if (sel <= AGX_CHANNEL_A) {
         out->f[c] = in->f[sel];
         out->u[c] = in->u[sel];
      } else {
         bool one = sel == AGX_CHANNEL_1;
         out->f[c] = one ? 1.0 : 0.0;
         out->u[c] = one ? (img->fmt.is_int ? 1u : 0x3F800000u) : 0u;
      }
   }
}

/* Whether memory channel values in `u` are raw f32 bits. */
static bool
raw_f32(const struct agx_sim_image *img)
{
   return img->fmt.type == AGX_SIM_TEXEL_FLOAT &&
          (img->fmt.channels == AGX_CHANNELS_R32 || img->fmt.channels == AGX_CHANNELS_R32G32 ||
           img->fmt.channels == AGX_CHANNELS_R32G32B32A32);
}

void
agx_sim_tex_write_result(struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t,
                         const struct agx_sim_image *img, const struct agx_sim_texel *v,
                         bool swizzle, bool f32_raw, unsigned l)
{
   struct agx_sim_texel s;
   if (swizzle)
      swizzled(img, v, &s);
   else
      s = *v;
   unsigned k = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (!(t->mask & (1u << c)))
         continue;
      uint32_t val;
      if (img->fmt.is_int) {
         val = s.u[c];
      } else if (t->r32) {
         if (f32_raw) {
            val = s.u[c];
         } else {
            float f = (float)s.f[c];
            memcpy(&val, &f, 4);
         }
      } else {
         double x = s.f[c];
         if (f32_raw) {
            float f;
            memcpy(&f, &s.u[c], 4);
            x = f;
         }
         val = agx_sim_small_float(x, 5, 10, true, false);
      }
      if (t->r32) {
         sg->r[((t->r >> 1) + k) & 127][l] = val;
      } else {
         unsigned h = t->r + k;
         uint32_t *dst = &sg->r[(h >> 1) & 127][l];
         unsigned sh = (h & 1) * 16;
         *dst = (*dst & ~(0xFFFFu << sh)) | ((val & 0xFFFF) << sh);
      }
      k++;
   }
}

void
agx_sim_tex_finish_result(struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t)
{
   unsigned n = (unsigned)__builtin_popcount(t->mask) * (t->r32 ? 2 : 1);
   for (unsigned h = t->r; h < t->r + n && h < 256; h++) {
      sg->def[h] |= sg->exec;
      if (sg->exec)
         sg->pend[h] |= (uint8_t)(1u << t->slot);
   }
}

/* ---- texture-cache coherence -------------------------------------------- */

void
agx_sim_tex_note_write(struct agx_sim_sg *sg, uint64_t va)
{
   uint32_t n = sg->img_written_count;
   if (n > AGX_SIM_IMG_TRACK)
      return;
   for (uint32_t i = 0; i < n; i++)
      if (sg->img_written[i] == va)
         return;
   if (n == AGX_SIM_IMG_TRACK) {
      sg->img_written_count = AGX_SIM_IMG_TRACK + 1; /* give up */
      return;
   }
   sg->img_written[n] = va;
   sg->img_written_count = n + 1;
}

bool
agx_sim_tex_check_coherent(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                           const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t,
                           uint64_t va)
{
   uint32_t n = sg->img_written_count;
   if (!w->gpu->cfg.strict || n == 0 || n > AGX_SIM_IMG_TRACK || (t->q3 & 1))
      return true;
   for (uint32_t i = 0; i < n; i++) {
      if (sg->img_written[i] == va) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, va,
                           "reads texel 0x%llx that this SIMD-group stored with "
                           "image_write without an image barrier since (the "
                           "texture cache is not coherent with the PBE)",
                           (unsigned long long)va);
         return false;
      }
   }
   return true;
}

/* ---- texture_load ------------------------------------------------------ */

int64_t
agx_sim_tex_wrap(int64_t i, int64_t size, unsigned mode)
{
   switch (mode) {
   case AGX_WRAP_REPEAT: {
      int64_t m = i % size;
      return m < 0 ? m + size : m;
   }
   case AGX_WRAP_MIRRORED_REPEAT: {
      int64_t m = i % (2 * size);
      if (m < 0)
         m += 2 * size;
      return m < size ? m : 2 * size - 1 - m;
   }
   case AGX_WRAP_MIRRORED_CLAMP_TO_EDGE:
      if (i < 0)
         i = -1 - i;
      return i >= size ? size - 1 : i;
   case AGX_WRAP_CLAMP_TO_EDGE:
      return i < 0 ? 0 : i >= size ? size - 1 : i;
   default: /* clamp to border, clamp (GL), undefined values */
      return (i < 0 || i >= size) ? -1 : i;
   }
}

static int32_t
nibble(uint32_t packed, unsigned i)
{
   return (int32_t)(((packed >> (4 * i)) & 0xF) ^ 8) - 8;
}

static bool check_rt_memory(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                            const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t,
                            bool write);

static const struct agx_sim_insn *
x_texture_load(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   struct agx_sim_tex_ops t;
   memcpy(&t, I->p, sizeof(t));
   unsigned nres = (unsigned)__builtin_popcount(t.mask) * (t.r32 ? 2 : 1);
   if (!agx_sim_tex_check_regs(w, sg, I, &t) ||
       (t.lod == 6 && !check_halves(w, sg, I, t.d, 1, false)) ||
       (t.ot && !check_halves(w, sg, I, t.o, 1, false)) ||
       (t.st && !check_halves(w, sg, I, t.s, 1, false)) ||
       !check_halves(w, sg, I, t.r, nres, true) || !check_rt_memory(w, sg, I, &t, false))
      return NULL;
   if (t.lod == 2) {
      struct agx_sim_opnd u = {.kind = AGX_SIM_O_U16, .n = t.d};
      if (!agx_sim_check_read(w, sg, I, &u, 1))
         return NULL;
   }
   uint8_t cached[24];
   bool have_img = false;
   struct agx_sim_image img;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      uint8_t desc[24];
      uint64_t where;
      if (!agx_sim_tex_descriptor(w, sg, I, &t, l, desc, &where))
         return NULL;
      if (!have_img || memcmp(desc, cached, 24)) {
         if (!agx_sim_tex_image(w, I, desc, where, false, &img))
            return NULL;
         memcpy(cached, desc, 24);
         have_img = true;
      }
      struct AGX_SAMPLER s;
      if (!agx_sim_tex_sampler(w, sg, I, &t, l, &s))
         return NULL;
      uint32_t xyz[3], layer, sample;
      agx_sim_tex_coords(sg, &t, l, xyz, &layer, &sample);
      if (t.ot) {
         uint32_t packed = agx_sim_tex_half(sg, t.o, l);
         for (unsigned i = 0; i < 3; i++)
            xyz[i] += (uint32_t)nibble(packed, i);
      }
      uint32_t lod = 0;
      if (t.lod == 6)
         lod = agx_sim_tex_half(sg, t.d, l);
      else if (t.lod == 2)
         lod = (w->d->uniforms[(t.d >> 1) & 0xFF] >> ((t.d & 1) * 16)) & 0xFFFF;
      /* Mip filter None ignores the LOD (Mesa's txf sampler sets Nearest
       * because "this is respected by txf") */
      unsigned level = img.first_level;
      if (s.mip_filter != AGX_MIP_FILTER_NONE)
         level = lod > 15 || img.first_level + lod > img.last_level ? img.last_level
                                                                    : img.first_level + lod;
      bool is3d = img.dim == AGX_TEXTURE_DIMENSION_3D;
      bool array;
      unsigned ncoord = agx_sim_tex_coord_count(t.dim, &array);
      if (!is3d) /* arrays: the layer, clamped; otherwise layer 0 */
         xyz[2] = layer < img.layers ? layer : img.layers - 1;
      /* signed texel indices through the sampler's wrap modes */
      const enum agx_wrap wrap[3] = {s.wrap_s, s.wrap_t, s.wrap_r};
      const uint32_t size[3] = {agx_sim_minify(img.width, level), agx_sim_minify(img.height, level),
                                is3d ? agx_sim_minify(img.layers, level) : 1};
      bool oob = false;
      for (unsigned i = 0; i < 3; i++) {
         if (i == 2 && !is3d)
            break; /* the layer was clamped above */
         int64_t c = t.cs ? (int16_t)xyz[i] : (int32_t)xyz[i];
         if (i >= ncoord)
            c = 0;
         int64_t wi = agx_sim_tex_wrap(c, size[i], wrap[i]);
         oob |= wi < 0;
         xyz[i] = (uint32_t)wi;
      }
      oob |= sample >= img.samples; /* assumption: like an OOB coordinate */
      uint32_t z = xyz[2];
      struct agx_sim_texel v;
      if (oob) {
         if (!agx_sim_tex_border(&s, &img, &v)) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0, "custom border colour (not modelled)");
            return NULL;
         }
         agx_sim_tex_write_result(sg, &t, &img, &v, true, true, l);
         continue;
      }
      uint8_t texel[16];
      uint64_t va = agx_sim_image_texel_address(&img, level, xyz[0], xyz[1], z, sample);
      if (!agx_sim_tex_check_coherent(w, sg, I, &t, va) ||
          !agx_sim_tex_mem(w, I, va, texel, img.fmt.bytes, false, "texture"))
         return NULL;
      agx_sim_texel_decode_at(&img.fmt, img.srgb_mask, texel, xyz[0], xyz[1], &v);
      agx_sim_tex_write_result(sg, &t, &img, &v, true, raw_f32(&img), l);
   }
   agx_sim_tex_finish_result(sg, &t);
   return agx_sim_next(w, I);
}

/* ---- render targets in memory ------------------------------------------- */

static bool
check_rt_memory(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                const struct agx_sim_tex_ops *t, bool write)
{
   const struct agx_sim_usc_batch *b = w->d->batch;
   if (!w->gpu->cfg.strict || !b || b->stage != AGX_SIM_STAGE_FRAGMENT ||
       (t->tt != 0 && t->tt != 1))
      return true;
   if (!(sg->pix_waited & 0x4u)) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                        "%s of a render target in memory (texture state register) without an "
                        "earlier wait_pix 0x4 (pixel ordering)",
                        write ? "image_write" : "texture_load");
      return false;
   }
   if (write)
      sg->rt_unfenced = true;
   return true;
}

/* ---- image_write -------------------------------------------------------- */

static const struct agx_sim_insn *
x_image_write(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   struct agx_sim_tex_ops t;
   memcpy(&t, I->p, sizeof(t));
   if (!agx_sim_tex_check_regs(w, sg, I, &t) ||
       (!t.d_imm && !check_halves(w, sg, I, t.d, 1, false)) || !check_rt_memory(w, sg, I, &t, true))
      return NULL;
   uint8_t cached[24];
   bool have_img = false;
   struct agx_sim_image img;
   unsigned checked = 0; /* source components already checked */
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      uint8_t desc[24];
      uint64_t where;
      if (!agx_sim_tex_descriptor(w, sg, I, &t, l, desc, &where))
         return NULL;
      if (!have_img || memcmp(desc, cached, 24)) {
         if (!agx_sim_tex_image(w, I, desc, where, true, &img))
            return NULL;
         memcpy(cached, desc, 24);
         have_img = true;
      }
      /* strict checks of the source components this PBE stores */
      for (unsigned m = 0; m < img.fmt.nch; m++) {
         unsigned c = img.swizzle[m];
         if (checked & (1u << c))
            continue;
         unsigned h = t.r32 ? t.r + 2 * c : t.r + c;
         if (!check_halves(w, sg, I, h, t.r32 ? 2 : 1, false))
            return NULL;
         checked |= 1u << c;
      }
      uint32_t xyz[3], layer, sample;
      agx_sim_tex_coords(sg, &t, l, xyz, &layer, &sample);
      uint32_t lod = t.d_imm ? t.d : agx_sim_tex_half(sg, t.d, l);
      unsigned level = img.first_level + lod;
      bool is3d = img.dim == AGX_TEXTURE_DIMENSION_3D;
      bool array;
      agx_sim_tex_coord_count(t.dim, &array);
      uint32_t z = is3d ? xyz[2] : array ? layer : 0;
      if (level >= img.levels || xyz[0] >= agx_sim_minify(img.width, level) ||
          xyz[1] >= agx_sim_minify(img.height, level) ||
          z >= (is3d ? agx_sim_minify(img.layers, level) : img.layers))
         continue; /* dropped */
      struct agx_sim_texel v;
      for (unsigned m = 0; m < 4; m++) {
         unsigned c = img.swizzle[m] & 3;
         uint32_t raw = t.r32 ? sg->r[((t.r >> 1) + c) & 127][l] : agx_sim_tex_half(sg, t.r + c, l);
         if (t.r32) {
            float f;
            memcpy(&f, &raw, 4);
            v.f[m] = f;
            v.u[m] = raw;
         } else {
            v.f[m] = agx_sim_small_float_value(raw, 5, 10, true);
            if (img.fmt.type == AGX_SIM_TEXEL_SINT)
               v.u[m] = (uint32_t)(int32_t)(int16_t)raw;
            else if (img.fmt.is_int)
               v.u[m] = raw;
            else {
               float f = (float)v.f[m];
               memcpy(&v.u[m], &f, 4);
            }
         }
      }
      uint8_t texel[16];
      agx_sim_texel_encode(&img.fmt, img.srgb_mask, t.rtz, &v, texel);
      uint64_t va = agx_sim_image_texel_address(&img, level, xyz[0], xyz[1], z, 0);
      if (!agx_sim_tex_mem(w, I, va, texel, img.fmt.bytes, true, "image"))
         return NULL;
      agx_sim_tex_note_write(sg, va);
   }
   return agx_sim_next(w, I);
}

/* ---- decode -------------------------------------------------------------- */

bool
agx_sim_decode_texture(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   struct agx_sim_tex_ops t;
   bool array;
   _Static_assert(sizeof(t) <= sizeof(I->p), "texture operands fit p[]");
   switch (in->op) {
   case AGX_OP_TEXTURE_LOAD:
   case AGX_OP_TEXTURE_SAMPLE:
      agx_sim_tex_decode_ops(in, false, &t);
      /* mode 2 = query_lod: texture_sample with an implicit LOD only */
      if (t.tt == 2 || t.mask == 0 || !agx_sim_tex_coord_count(t.dim, &array) ||
          (t.mode && (t.mode != 2 || in->op != AGX_OP_TEXTURE_SAMPLE || t.gather ||
                      (t.lod != 0 && t.lod != 1 && t.lod != 5))))
         return false;
      if (in->op == AGX_OP_TEXTURE_LOAD) {
         if ((t.lod != 0 && t.lod != 2 && t.lod != 6) || t.compare || t.gather ||
             agx_sim_tex_is_cube(t.dim))
            return false;
         I->exec = x_texture_load;
      } else if (!agx_sim_decode_texture_sample(I, &t)) {
         return false;
      }
      memcpy(I->p, &t, sizeof(t));
      return true;
   case AGX_OP_IMAGE_WRITE:
      agx_sim_tex_decode_ops(in, true, &t);
      if (t.tt == 2 || !agx_sim_tex_coord_count(t.dim, &array) || agx_sim_tex_is_ms(t.dim) ||
          agx_sim_tex_is_cube(t.dim))
         return false; /* multisampled stores: hk addresses them in software */
      memcpy(I->p, &t, sizeof(t));
      I->exec = x_image_write;
      return true;
   default:
      return false;
   }
}
