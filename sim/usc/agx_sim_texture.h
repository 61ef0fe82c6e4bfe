/*
 * Shared by the texture-instruction files (agx_sim_isa_texture.c): the
 * decoded operands of texture_load / texture_sample / image_write and the
 * helpers resolving descriptors, samplers, coordinates and results.
 *
 * Assumes: operand semantics as documented in agx_sim_isa_texture.c; every
 * helper returning bool has reported a GPU error when it returns false.
 */
#ifndef AGX_SIM_TEXTURE_H
#define AGX_SIM_TEXTURE_H

#include <string.h>

#include "agx_pack.h"
#include "agx_sim_gpu.h"
#include "agx_sim_image.h"

/* Raw operand fields (register operands are half-register indices). */
struct agx_sim_tex_ops {
   uint8_t mask, r, r32;  /* results / image_write sources */
   uint8_t t, tt, u;      /* texture or PBE */
   uint8_t s, st;         /* sampler */
   uint8_t dim, c, cs;    /* coordinates */
   uint8_t lod, d, d_imm; /* LOD mode and operand */
   uint8_t o, ot;         /* texel offset */
   uint8_t slot, rtz;
   uint8_t compare, gather, mode;
   uint8_t q3; /* bit 0 (instruction bit 43): image-load coherence */
};

/* Half register h of a lane. */
static inline uint32_t
agx_sim_tex_half(const struct agx_sim_sg *sg, unsigned h, unsigned lane)
{
   return (sg->r[(h >> 1) & 127][lane] >> ((h & 1) * 16)) & 0xFFFF;
}

void agx_sim_tex_decode_ops(const struct agx_isa_instr *in, bool image_write,
                            struct agx_sim_tex_ops *t);
/* Coordinates per dimension (0 = dimension not modelled); *array when an
 * extra word (layer and/or sample) follows. */
unsigned agx_sim_tex_coord_count(unsigned dim, bool *array);

/* Strict checks of the coordinate and texture operands. */
bool agx_sim_tex_check_regs(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                            const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t);
/* Coordinates (x, y, z) of a lane, 32-bit or 16-bit (Cs) as stored, and
 * the array layer and sample index from the extra word (0 when none). */
void agx_sim_tex_coords(const struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t, unsigned lane,
                        uint32_t out[3], uint32_t *layer, uint32_t *sample);

static inline bool
agx_sim_tex_is_cube(unsigned dim)
{
   return dim == AGX_TEXTURE_DIMENSION_CUBE || dim == AGX_TEXTURE_DIMENSION_CUBE_ARRAY;
}

static inline bool
agx_sim_tex_is_ms(unsigned dim)
{
   return dim == AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED ||
          dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED;
}
bool agx_sim_tex_descriptor(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                            const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t,
                            unsigned lane, uint8_t desc[24], uint64_t *where);
bool agx_sim_tex_sampler(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                         const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t,
                         unsigned lane, struct AGX_SAMPLER *s);
bool agx_sim_tex_image(struct agx_sim_worker *w, const struct agx_sim_insn *I,
                       const uint8_t desc[24], uint64_t where, bool pbe, struct agx_sim_image *img);
bool agx_sim_tex_border(const struct AGX_SAMPLER *s, const struct agx_sim_image *img,
                        struct agx_sim_texel *out);
/* Copy between GPU memory and buf, reporting a fault named `what`. */
bool agx_sim_tex_mem(struct agx_sim_worker *w, const struct agx_sim_insn *I, uint64_t va, void *buf,
                     unsigned size, bool write, const char *what);
/* A one-page translation cache for the texel accesses of one instruction:
 * the page of the last access and its host address (host NULL = empty).
 * The VM cannot change under it: the command holds the VM's access lock
 * while it runs (agx_sim_usc.h), so the translation stays what the VM
 * says; permissions are checked when a page enters the cache. */
struct agx_sim_tex_page {
   uint64_t page;
   uint8_t *host;
};

bool agx_sim_tex_mem_miss(struct agx_sim_worker *w, const struct agx_sim_insn *I,
                          struct agx_sim_tex_page *pc, uint64_t va, void *buf, unsigned size,
                          bool write, const char *what);

/* agx_sim_tex_mem through the cache pc (one per instruction execution and
 * access direction, zero-initialised). */
static inline bool
agx_sim_tex_mem_cached(struct agx_sim_worker *w, const struct agx_sim_insn *I,
                       struct agx_sim_tex_page *pc, uint64_t va, void *buf, unsigned size,
                       bool write, const char *what)
{
   uint64_t in = va & AGX_SIM_PAGE_MASK;
   if (pc->host && (va >> 14) == pc->page && in + size <= AGX_SIM_PAGE_SIZE) {
      /* counted like agx_sim_tex_mem (AGX_SIM_STATS) */
      if (write) {
         memcpy(pc->host + in, buf, size);
         w->mem_write += size;
      } else {
         memcpy(buf, pc->host + in, size);
         w->mem_read += size;
      }
      return true;
   }
   return agx_sim_tex_mem_miss(w, I, pc, va, buf, size, write, what);
}

/* Write the masked components of v (swizzled by the Texture swizzle when
 * `swizzle`) to lane's destination registers; f32_raw: v->u holds f32 bits. */
void agx_sim_tex_write_result(struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t,
                              const struct agx_sim_image *img, const struct agx_sim_texel *v,
                              bool swizzle, bool f32_raw, unsigned lane);
/* Mark the destination written and pending in the wait group. */
void agx_sim_tex_finish_result(struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t);

/* Texture-cache coherence (strict mode): image_write records its texel
 * addresses; a texture read of one of them before an image barrier is
 * reported. Returns false after reporting. */
void agx_sim_tex_note_write(struct agx_sim_sg *sg, uint64_t va);
bool agx_sim_tex_check_coherent(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                                const struct agx_sim_insn *I, const struct agx_sim_tex_ops *t,
                                uint64_t va);

/* Texel index i of a dimension of `size` through a sampler wrap mode
 * (genxml Wrap); -1 = outside (border). */
int64_t agx_sim_tex_wrap(int64_t i, int64_t size, unsigned mode);

/* texture_sample (agx_sim_texture_sample.c): choose the exec function;
 * false when the operand combination is not modelled. */
bool agx_sim_decode_texture_sample(struct agx_sim_insn *I, const struct agx_sim_tex_ops *t);

#endif
