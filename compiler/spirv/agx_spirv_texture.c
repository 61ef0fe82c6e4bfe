/* Images other than texel buffers in the SPIR-V front end.
 * Assumes handles from agx_spirv_image.c (struct vtn_image_ref: the image's
 * descriptor and, for sampled images made by OpSampledImage or loaded from a
 * combined image sampler, the sampler's) and the dimension rules of
 * agx_abi.h: 1D is 2D with y = 0 (0.5 when sampling), storage views of cubes
 * are 2D arrays of faces. Emits the image_* intrinsics of agx_ir_ops.py:
 *   OpImageRead / OpImageFetch (Lod, ConstOffset, Offset, Sample) -> image_load
 *        (multisampled: the sample index in place of the level)
 *   OpImageWrite                      -> image_store + texture_fence
 *   OpImageSample[Proj][Dref]ExplicitLod (Lod or Grad, ConstOffset / Offset)
 *                                     -> image_sample / image_sample_grad
 *   OpImageSample[Proj][Dref]ImplicitLod (fragment shaders; Bias, offsets)
 *                                     -> image_sample with the implicit-LOD flag
 *   OpImageGather (2D, 2D arrays; ConstOffset / Offset / ConstOffsets) -> image_gather
 *   OpImageQuerySize[Lod] / QueryLevels / QuerySamples -> image_size /
 *                                        image_levels / image_samples
 *        (Grad on cube maps: the LOD the gradients select, agx_spirv_cube_grad.c)
 * Multisampled storage images (2D, 2D arrays): loads read the multisampled
 * Texture at the Sample operand's sample, writes (Sample operand) and
 * atomics (OpImageTexelPointer's Sample) carry the sample in the
 * coordinates' w, addressed through the buffer-like PBE by
 * agx_pass_lower_image.c (Honeykrisp's way, hk_image_view.c pack_pbe).
 * Not handled (clear errors): implicit-LOD sampling outside fragment shaders
 * (no derivatives), depth-compare gathers, cube gathers.
 * Image atomics (OpImageTexelPointer on R32 storage images): the texel's
 * address (image_texel_address, computed from the PBE's software words)
 * used by agx_spirv_image.c's guarded atomic. */
#include <spirv/unified1/spirv.h>

#include "agx_passes.h"
#include "agx_spirv_private.h"

static const struct vtn_type *
image_of(const struct vtn_type *t)
{
   return t->base == VTN_SAMPLED_IMAGE ? t->elem : t;
}

unsigned
vtn_image_dim(struct vtn_ctx *c, const struct vtn_type *t)
{
   t = image_of(t);
   bool storage = t->image_sampled == 2, arr = t->image_arrayed;
   unsigned flags = storage ? AGX_IMAGE_STORAGE : 0;
   if (t->image_dim == SpvDimSubpassData) {
      /* Input attachments: a sampled 2D array read at the fragment's
       * pixel and layer (vtn_image_load; the driver's input-attachment
       * descriptors are arrays, as Honeykrisp's are: hk_image_view.c
       * HK_DESC_USAGE_INPUT), multisampled ones at the Sample operand's
       * sample. */
      return t->image_ms ? AGX_IMAGE_2D_MS_ARRAY : AGX_IMAGE_2D_ARRAY;
   }
   if (t->image_ms) {
      if (t->image_dim != SpvDim2D)
         vtn_fail(c, "multisampled images must be 2D");
      return flags | (arr ? AGX_IMAGE_2D_MS_ARRAY : AGX_IMAGE_2D_MS);
   }
   switch (t->image_dim) {
   case SpvDim1D:
   case SpvDim2D:
      return flags | (arr ? AGX_IMAGE_2D_ARRAY : AGX_IMAGE_2D);
   case SpvDim3D:
      if (arr)
         vtn_fail(c, "3D images cannot be arrayed");
      return flags | AGX_IMAGE_3D;
   case SpvDimCube:
      if (storage)
         return flags | AGX_IMAGE_2D_ARRAY | AGX_IMAGE_CUBE_FACES |
                (arr ? AGX_IMAGE_CUBE_FACES_ARRAY : 0);
      return arr ? AGX_IMAGE_CUBE_ARRAY : AGX_IMAGE_CUBE;
   default:
      vtn_fail(c, "unsupported: images of dimension %u", t->image_dim);
   }
}

/* Component k of a scalar or vector value. */
static agx_instr *
comp(struct vtn_ctx *c, agx_instr *v, unsigned k)
{
   return v->type.comps == 1 ? v : agx_extract(&c->b, v, k);
}

static unsigned
coord_count(const struct vtn_type *t, bool sampling)
{
   unsigned n = t->image_dim == SpvDim1D ? 1 : t->image_dim == SpvDim2D ? 2 : 3;
   if (t->image_arrayed && !(t->image_dim == SpvDimCube && !sampling))
      n++;
   return n;
}

/* Integer coordinates of a load or store as (x, y, z or layer), the given
 * constant offset added to x, y (and 3D z). */
static void
int_coords(struct vtn_ctx *c, const struct vtn_type *t, uint32_t id, agx_instr *const *offset,
           agx_instr *out[3])
{
   agx_builder *b = &c->b;
   agx_instr *v = vtn_def(c, id);
   unsigned n = coord_count(t, false);
   if (v->type.comps < n || v->type.bits == 1 || v->type.bits == 64)
      vtn_fail(c, "image coordinate must be a 32-bit integer vector of %u components", n);
   agx_instr *x[4];
   for (unsigned k = 0; k < n; k++)
      x[k] = agx_resize(b, comp(c, v, k), 32, true);
   agx_instr *zero = agx_imm(b, 32, 0);
   out[0] = x[0];
   out[1] = t->image_dim == SpvDim1D ? zero : x[1];
   out[2] = t->image_dim == SpvDim1D ? (t->image_arrayed ? x[1] : zero) : n > 2 ? x[2] : zero;
   unsigned spatial = t->image_dim == SpvDim3D ? 3 : t->image_dim == SpvDim1D ? 1 : 2;
   for (unsigned k = 0; offset && k < spatial; k++)
      if (offset[k])
         out[k] = agx_iadd(b, out[k], offset[k]);
}

/* Coordinates of a subpassLoad: the fragment's pixel (FragCoord.xy, whose
 * pixel centres are at +0.5, truncated) plus the ivec2 coordinate operand
 * (Vulkan: "relative to the framebuffer coordinates of the fragment") and
 * any offset; the layer being rendered (SR 2, graphics.md §4.1; Mesa's
 * nir_lower_input_attachments use_layer_id_sysval, which Honeykrisp sets),
 * or the view index in multiview pipelines (use_view_id_for_layer). */
static void
subpass_coords(struct vtn_ctx *c, uint32_t id, agx_instr *const *offset, agx_instr *out[3])
{
   agx_builder *b = &c->b;
   if (c->shader->stage != AGX_STAGE_FRAGMENT)
      vtn_fail(c, "subpass input read outside a fragment shader");
   agx_instr *v = vtn_def(c, id);
   if (v->type.comps < 2 || v->type.bits != 32)
      vtn_fail(c, "subpass input coordinate must be a 32-bit integer vector of 2 components");
   agx_instr *xy =
      agx_intrin(b, AGX_OP_LOAD_FRAG_COORD_XY, agx_type_make(32, 2), 0, NULL, NULL, NULL, 0, 0, 0);
   for (unsigned k = 0; k < 2; k++) {
      out[k] = agx_iadd(b, agx_f2i(b, 32, agx_extract(b, xy, k)), agx_extract(b, v, k));
      if (offset && offset[k])
         out[k] = agx_iadd(b, out[k], offset[k]);
   }
   out[2] =
      c->opts && c->opts->multiview
         ? agx_intrin(b, AGX_OP_LOAD_VIEW_INDEX, agx_type_make(32, 1), 0, NULL, NULL, NULL, 0, 0, 0)
         : agx_intrin(b, AGX_OP_LOAD_SR, agx_type_make(32, 1), 0, NULL, NULL, NULL, 2, 0, 0);
}

/* subpassLoad of input attachment k when it lives in the tilebuffer
 * (agx_spirv_options.tile_inputs): an ld_tile of the fragment's pixel, at
 * the Sample operand's sample for multisampled ones; the coordinate operand
 * is (0, 0) (Vulkan: the Coordinate of a SubpassData read must be a
 * constant (0, 0)). NULL when attachment k is read as a texture. */
static agx_instr *
tile_input_texel(struct vtn_ctx *c, int k, const struct vtn_type *t, agx_instr *sample)
{
   if (!c->opts || k < 0 || k >= AGX_TIB_MAX_RTS || !c->opts->tile_inputs[k].format)
      return NULL;
   if (c->shader->stage != AGX_STAGE_FRAGMENT)
      vtn_fail(c, "subpass input read outside a fragment shader");
   agx_builder *b = &c->b;
   agx_instr *mask =
      t->image_ms ? agx_u2u(b, 16, agx_ishl(b, agx_imm(b, 32, 1), sample)) : agx_imm(b, 16, 0xFF);
   agx_instr *texel = agx_tib_emit_load(b, (enum agx_tib_format)c->opts->tile_inputs[k].format,
                                        c->opts->tile_inputs[k].offset_B, mask, t->image_ms);
   if (!texel)
      vtn_fail(c, "input attachment %d has an unknown tilebuffer format %u", k,
               c->opts->tile_inputs[k].format);
   c->shader->fs.tile_inputs = true;
   return texel;
}

/* An input attachment read through its descriptor: a 2D-array image_load
 * at the fragment's pixel (plus the coordinate operand and offset) and
 * layer, at the Sample operand's sample when multisampled. */
static agx_instr *
input_texture_texel(struct vtn_ctx *c, const struct vtn_ssa *img, const struct vtn_type *t,
                    uint32_t coord_id, agx_instr *const *off, agx_instr *sample)
{
   agx_instr *xyz[4];
   subpass_coords(c, coord_id, off, xyz);
   xyz[3] = t->image_ms ? sample : agx_imm(&c->b, 32, 0);
   return agx_intrin(&c->b, AGX_OP_IMAGE_LOAD, agx_type_make(32, 4), 2, img->image->index,
                     agx_vec(&c->b, 4, xyz), NULL, img->image->set, img->image->binding,
                     vtn_image_dim(c, t));
}

/* subpassLoad: from the tilebuffer when the attachment is there, else
 * through the descriptor. An array indexed dynamically (input_dyn) cannot
 * pick a tilebuffer slot at compile time: the element number is compared
 * at run time with each of the tile-resident attachments from the array's
 * first element on, one ld_tile under each match, the descriptor read when
 * none matches (in a merged subpass a descriptor read of a tile-resident
 * attachment would see its memory before the render command, stale). A
 * dynamic index must select an element of the array (Vulkan), so resident
 * attachments past its end are never matched. */
static agx_instr *
subpass_load(struct vtn_ctx *c, const struct vtn_ssa *img, const struct vtn_type *t,
             uint32_t coord_id, agx_instr *const *off, agx_instr *sample)
{
   agx_builder *b = &c->b;
   int base = img->image->input_index;
   if (!img->image->input_dyn) {
      agx_instr *texel = tile_input_texel(c, base, t, sample);
      return texel ? texel : input_texture_texel(c, img, t, coord_id, off, sample);
   }
   bool any = false;
   for (int k = base < 0 ? 0 : base; k < AGX_TIB_MAX_RTS && c->opts; k++)
      any |= c->opts->tile_inputs[k].format != 0;
   if (base < 0 || !any)
      return input_texture_texel(c, img, t, coord_id, off, sample);
   agx_instr *elem = agx_iadd(b, img->image->input_dyn, agx_imm(b, 32, (uint32_t)base));
   unsigned var = agx_shader_add_var(c->shader, agx_type_make(32, 4));
   agx_instr *resident = NULL;
   for (int k = base; k < AGX_TIB_MAX_RTS; k++) {
      if (!c->opts->tile_inputs[k].format)
         continue;
      agx_instr *hit = agx_ieq(b, elem, agx_imm(b, 32, (uint32_t)k));
      resident = resident ? agx_ior(b, resident, hit) : hit;
      agx_if *nif = agx_push_if(b, hit);
      agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, tile_input_texel(c, k, t, sample),
                 NULL, NULL, var, 0, 0);
      agx_pop_if(b, nif);
   }
   agx_if *nif = agx_push_if(b, agx_inot(b, resident));
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1,
              input_texture_texel(c, img, t, coord_id, off, sample), NULL, NULL, var, 0, 0);
   agx_pop_if(b, nif);
   return agx_intrin(b, AGX_OP_LOAD_VAR, agx_type_make(32, 4), 0, NULL, NULL, NULL, var, 0, 0);
}

static struct vtn_ssa *
handle(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_ssa *s = vtn_ssa_of(c, id);
   if (!s->image)
      vtn_fail(c, "id %u is not an image handle", id);
   return s;
}

/* The offset operand (ConstOffset / Offset) as up to 3 32-bit values. */
static void
offsets(struct vtn_ctx *c, uint32_t id, agx_instr *out[3])
{
   agx_instr *v = vtn_def(c, id);
   if (v->type.bits == 1 || v->type.bits == 64)
      vtn_fail(c, "image offset must be a 32-bit integer (vector)");
   for (unsigned k = 0; k < 3; k++)
      out[k] = k < v->type.comps ? agx_resize(&c->b, comp(c, v, k), 32, true) : NULL;
}

void
vtn_image_load(struct vtn_ctx *c, unsigned i)
{
   agx_builder *b = &c->b;
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *img = handle(c, vtn_word(c, i, 3));
   const struct vtn_type *t = image_of(img->type);
   unsigned dim = vtn_image_dim(c, t);
   agx_instr *lod = agx_imm(b, 32, 0), *sample = NULL, *off[3] = {NULL, NULL, NULL};
   unsigned w = 5, wc = c->ins[i].wc;
   if (w < wc) {
      uint32_t mask = vtn_word(c, i, w++);
      /* MakeTexelVisible (the Vulkan memory model; its operand is the
       * scope) needs nothing more than the in-order accesses and waits of
       * other coherent memory (README); Nontemporal is a hint. */
      if (mask & ~(SpvImageOperandsLodMask | SpvImageOperandsConstOffsetMask |
                   SpvImageOperandsOffsetMask | SpvImageOperandsSampleMask |
                   SpvImageOperandsMakeTexelVisibleMask | SpvImageOperandsNonPrivateTexelMask |
                   SpvImageOperandsVolatileTexelMask | SpvImageOperandsSignExtendMask |
                   SpvImageOperandsZeroExtendMask | SpvImageOperandsNontemporalMask))
         vtn_fail(c, "unsupported image operands 0x%x on an image load", mask);
      if (mask & SpvImageOperandsLodMask)
         lod = agx_resize(b, vtn_def(c, vtn_word(c, i, w++)), 32, false);
      if (mask & (SpvImageOperandsConstOffsetMask | SpvImageOperandsOffsetMask))
         offsets(c, vtn_word(c, i, w++), off);
      if (mask & SpvImageOperandsSampleMask)
         sample = agx_resize(b, vtn_def(c, vtn_word(c, i, w++)), 32, false);
      if (mask & SpvImageOperandsMakeTexelVisibleMask)
         w++; /* the scope */
   }
   if (t->image_ms && !sample)
      vtn_fail(c, "multisampled image load without a Sample operand");
   if (t->image_dim == SpvDimSubpassData) {
      vtn_push_texel(c, rt, vtn_word(c, i, 2),
                     subpass_load(c, img, t, vtn_word(c, i, 4), off, sample));
      return;
   }
   agx_instr *xyz[4];
   int_coords(c, t, vtn_word(c, i, 4), off, xyz);
   /* multisampled: w = the sample index (level 0 only) */
   xyz[3] = t->image_ms ? sample : lod;
   agx_instr *texel =
      agx_intrin(b, AGX_OP_IMAGE_LOAD, agx_type_make(32, 4), 2, img->image->index,
                 agx_vec(b, 4, xyz), NULL, img->image->set, img->image->binding, dim);
   vtn_push_texel(c, rt, vtn_word(c, i, 2), texel);
}

void
vtn_image_store(struct vtn_ctx *c, unsigned i, agx_instr *texel)
{
   agx_builder *b = &c->b;
   struct vtn_ssa *img = handle(c, vtn_word(c, i, 1));
   const struct vtn_type *t = image_of(img->type);
   unsigned dim = vtn_image_dim(c, t);
   agx_instr *sample = NULL;
   unsigned w = 4, wc = c->ins[i].wc;
   if (w < wc) {
      uint32_t mask = vtn_word(c, i, w++);
      /* MakeTexelAvailable (its operand, the scope, is the last word) needs
       * nothing more than the texture fence below; Nontemporal is a hint */
      if (mask & ~(SpvImageOperandsSampleMask | SpvImageOperandsMakeTexelAvailableMask |
                   SpvImageOperandsNonPrivateTexelMask | SpvImageOperandsVolatileTexelMask |
                   SpvImageOperandsSignExtendMask | SpvImageOperandsZeroExtendMask |
                   SpvImageOperandsNontemporalMask))
         vtn_fail(c, "unsupported image operands 0x%x on an image write", mask);
      if (mask & SpvImageOperandsSampleMask)
         sample = agx_resize(b, vtn_def(c, vtn_word(c, i, w++)), 32, false);
   }
   if (t->image_ms && !sample)
      vtn_fail(c, "multisampled image write without a Sample operand");
   agx_instr *xyz[4];
   int_coords(c, t, vtn_word(c, i, 2), NULL, xyz);
   /* multisampled: w = the sample index (agx_pass_lower_image.c addresses
    * it through the buffer-like PBE) */
   xyz[3] = t->image_ms ? sample : agx_imm(b, 32, 0);
   agx_intrin(b, AGX_OP_IMAGE_STORE, agx_type_make(0, 0), 3, img->image->index, agx_vec(b, 4, xyz),
              texel, img->image->set, img->image->binding, dim);
   agx_intrin(b, AGX_OP_TEXTURE_FENCE, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0, 0, 0);
}

/* A texel offset (ConstOffset / Offset) packed as the hardware takes it:
 * 4-bit two's-complement x, y, z in bits 0-3, 4-7, 8-11 (the value must
 * lie in [-8, 7], Vulkan's minTexelOffset / maxTexelOffset). */
static agx_instr *
packed_offset(struct vtn_ctx *c, uint32_t id)
{
   agx_builder *b = &c->b;
   agx_instr *o[3], *r = NULL;
   offsets(c, id, o);
   for (unsigned k = 0; k < 3; k++) {
      if (!o[k])
         continue;
      agx_instr *n = agx_iand(b, o[k], agx_imm(b, 32, 0xF));
      if (k)
         n = agx_ishl(b, n, agx_imm(b, 32, 4 * k));
      r = r ? agx_ior(b, r, n) : n;
   }
   return r;
}

/* Gradient operand as 32-bit floats, one per spatial coordinate (1D: the
 * y gradient is 0). */
static agx_instr *
gradient(struct vtn_ctx *c, const struct vtn_type *t, uint32_t id)
{
   agx_builder *b = &c->b;
   agx_instr *v = vtn_def(c, id);
   unsigned n = t->image_dim == SpvDim1D ? 1 : t->image_dim == SpvDim2D ? 2 : 3;
   if (v->type.bits != 32 || v->type.comps != n)
      vtn_fail(c, "gradients must be 32-bit float vectors of %u components", n);
   agx_instr *g[3] = {comp(c, v, 0), NULL, NULL};
   g[1] = n > 1 ? comp(c, v, 1) : agx_imm(b, 32, 0);
   if (n == 3)
      g[2] = comp(c, v, 2);
   return agx_vec(b, n == 3 ? 3 : 2, g);
}

static bool
is_implicit(unsigned op)
{
   return op == SpvOpImageSampleImplicitLod || op == SpvOpImageSampleDrefImplicitLod ||
          op == SpvOpImageSampleProjImplicitLod || op == SpvOpImageSampleProjDrefImplicitLod;
}

static bool
is_dref(unsigned op)
{
   return op == SpvOpImageSampleDrefImplicitLod || op == SpvOpImageSampleDrefExplicitLod ||
          op == SpvOpImageSampleProjDrefImplicitLod || op == SpvOpImageSampleProjDrefExplicitLod;
}

static bool
is_proj(unsigned op)
{
   return op == SpvOpImageSampleProjImplicitLod || op == SpvOpImageSampleProjExplicitLod ||
          op == SpvOpImageSampleProjDrefImplicitLod || op == SpvOpImageSampleProjDrefExplicitLod;
}

/* A 32-bit float scalar operand. */
static agx_instr *
float_operand(struct vtn_ctx *c, uint32_t id, const char *what)
{
   agx_instr *v = vtn_def(c, id);
   if (v->type.bits != 32 || v->type.comps != 1)
      vtn_fail(c, "%s must be a 32-bit float", what);
   return v;
}

/* OpImageSample[Proj][Dref]{Implicit,Explicit}Lod. Implicit LOD (fragment
 * shaders only): the texture unit derives the LOD from the coordinates of
 * the 2x2 quad (AGX_IMAGE_IMPLICIT_LOD, source 2 the Bias or 0). Dref: the
 * reference travels in component 3 of source 0 (AGX_IMAGE_COMPARE).
 * Proj: the coordinates (and the reference) divided by the last coordinate
 * component first, as Mesa's nir_lower_tex does. */
void
vtn_image_sample(struct vtn_ctx *c, unsigned i)
{
   agx_builder *b = &c->b;
   unsigned op = c->ins[i].op;
   bool implicit = is_implicit(op), dref = is_dref(op), proj = is_proj(op);
   if (implicit && c->shader->stage != AGX_STAGE_FRAGMENT)
      vtn_fail(c, "implicit-LOD sampling needs derivatives, which only fragment shaders have: "
                  "sample with an explicit LOD");
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *img = handle(c, vtn_word(c, i, 3));
   if (img->type->base != VTN_SAMPLED_IMAGE || !img->image->has_sampler)
      vtn_fail(c, "sampling needs a sampled image (OpSampledImage or a combined image sampler)");
   const struct vtn_type *t = image_of(img->type);
   unsigned dim = vtn_image_dim(c, t);
   if (t->image_ms || (dim & AGX_IMAGE_STORAGE))
      vtn_fail(c, "cannot sample a multisampled or storage image");
   if (proj && (t->image_arrayed || t->image_dim == SpvDimCube))
      vtn_fail(c, "projective sampling of an arrayed or cube image");
   unsigned w = dref ? 6 : 5, wc = c->ins[i].wc;
   agx_instr *ref = dref ? float_operand(c, vtn_word(c, i, 5), "the depth reference") : NULL;
   uint32_t mask = w < wc ? vtn_word(c, i, w++) : 0;
   uint32_t ok = SpvImageOperandsConstOffsetMask | SpvImageOperandsOffsetMask |
                 SpvImageOperandsNonPrivateTexelMask | SpvImageOperandsVolatileTexelMask |
                 SpvImageOperandsSignExtendMask | SpvImageOperandsZeroExtendMask |
                 SpvImageOperandsNontemporalMask; /* results are 32-bit: extension is moot */
   ok |= implicit ? SpvImageOperandsBiasMask : SpvImageOperandsLodMask | SpvImageOperandsGradMask;
   if (mask & ~ok)
      vtn_fail(c, "unsupported image operands 0x%x on an %s-LOD sample", mask,
               implicit ? "implicit" : "explicit");
   agx_instr *lod = NULL, *ddx = NULL, *ddy = NULL, *off = agx_imm(b, 32, 0);
   if (mask & SpvImageOperandsBiasMask)
      lod = float_operand(c, vtn_word(c, i, w++), "the LOD bias");
   if (mask & SpvImageOperandsLodMask)
      lod = float_operand(c, vtn_word(c, i, w++), "the sampling LOD");
   if (mask & SpvImageOperandsGradMask) {
      ddx = gradient(c, t, vtn_word(c, i, w++));
      ddy = gradient(c, t, vtn_word(c, i, w++));
   }
   if (implicit && !lod)
      lod = agx_imm(b, 32, 0);
   if (!lod == !ddx)
      vtn_fail(c, "an explicit-LOD sample needs exactly one of Lod and Grad");
   if (mask & (SpvImageOperandsConstOffsetMask | SpvImageOperandsOffsetMask)) {
      if (t->image_dim == SpvDimCube)
         vtn_fail(c, "texel offsets are not allowed on cube maps");
      off = packed_offset(c, vtn_word(c, i, w++));
   }

   agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
   unsigned n = coord_count(t, true);
   if (v->type.comps < n + proj || v->type.bits != 32)
      vtn_fail(c, "sampling coordinates must be a 32-bit float vector of %u components", n + proj);
   agx_instr *xyzw[4], *zero = agx_imm(b, 32, 0);
   for (unsigned k = 0; k < 4; k++)
      xyzw[k] = k < n ? comp(c, v, k) : zero;
   if (proj) {
      agx_instr *q = comp(c, v, n);
      for (unsigned k = 0; k < n; k++)
         xyzw[k] = agx_fdiv(b, xyzw[k], q);
      if (ref)
         ref = agx_fdiv(b, ref, q);
   }
   if (t->image_dim == SpvDim1D) {
      xyzw[2] = t->image_arrayed ? xyzw[1] : zero;
      xyzw[1] = agx_imm(b, 32, 0x3F000000); /* 0.5: the middle of the one row */
   }
   if (ddx && t->image_dim == SpvDimCube) {
      /* cube gradients: the explicit LOD they select (agx_spirv_cube_grad.c),
       * from the width of the view's first level */
      agx_instr *size =
         agx_intrin(b, AGX_OP_IMAGE_SIZE, agx_type_make(32, 4), 2, img->image->index,
                    agx_imm(b, 32, 0), NULL, img->image->set, img->image->binding, dim);
      lod = vtn_cube_grad_lod(c, xyzw, ddx, ddy, agx_extract(b, size, 0));
      ddx = ddy = NULL;
   }
   unsigned sampler = img->image->sampler_set << 16 | img->image->sampler_binding;
   agx_instr *idx[4] = {img->image->index, img->image->sampler_index, off, ref};
   agx_instr *index = agx_vec(b, ref ? 4 : 3, idx);
   dim |= (implicit ? AGX_IMAGE_IMPLICIT_LOD : 0) | (ref ? AGX_IMAGE_COMPARE : 0);
   if (t->elem && t->elem->base == VTN_INT)
      dim |= AGX_IMAGE_INT;
   agx_instr *r;
   if (lod) {
      r = agx_intrin(b, AGX_OP_IMAGE_SAMPLE, agx_type_make(32, 4), 3, index, agx_vec(b, 4, xyzw),
                     lod, img->image->set, img->image->binding, dim);
   } else {
      r = agx_build(b, AGX_OP_IMAGE_SAMPLE_GRAD, agx_type_make(32, 4), 4, index,
                    agx_vec(b, 4, xyzw), ddx, ddy);
      r->c[0] = img->image->set;
      r->c[1] = img->image->binding;
      r->c[2] = dim;
   }
   r->c[3] = sampler;
   vtn_push_texel(c, rt, vtn_word(c, i, 2), r);
}

/* OpImageQueryLod (fragment shaders): the texture unit's query_lod mode on
 * the quad's coordinates, (LOD clamped to the sampler and the levels,
 * computed LOD), the sampler's bias included (Mesa's nir_texop_lod takes
 * the bias the same way). */
void
vtn_image_query_lod(struct vtn_ctx *c, unsigned i)
{
   agx_builder *b = &c->b;
   if (c->shader->stage != AGX_STAGE_FRAGMENT)
      vtn_fail(c, "OpImageQueryLod needs derivatives, which only fragment shaders have");
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *img = handle(c, vtn_word(c, i, 3));
   if (img->type->base != VTN_SAMPLED_IMAGE || !img->image->has_sampler)
      vtn_fail(c, "OpImageQueryLod needs a sampled image");
   const struct vtn_type *t = image_of(img->type);
   unsigned dim = vtn_image_dim(c, t);
   if (t->image_ms || (dim & AGX_IMAGE_STORAGE))
      vtn_fail(c, "cannot query the LOD of a multisampled or storage image");
   if (rt->base != VTN_VECTOR || rt->len != 2 || rt->elem->base != VTN_FLOAT)
      vtn_fail(c, "OpImageQueryLod returns a 2-component float vector");
   agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
   unsigned n = t->image_dim == SpvDim1D ? 1 : t->image_dim == SpvDim2D ? 2 : 3;
   if (v->type.comps < n || v->type.bits != 32)
      vtn_fail(c, "LOD query coordinates must be a 32-bit float vector of %u components", n);
   agx_instr *xyzw[4], *zero = agx_imm(b, 32, 0);
   for (unsigned k = 0; k < 4; k++)
      xyzw[k] = k < n ? comp(c, v, k) : zero;
   if (t->image_dim == SpvDim1D)
      xyzw[1] = agx_imm(b, 32, 0x3F000000);
   agx_instr *idx[3] = {img->image->index, img->image->sampler_index, agx_imm(b, 32, 0)};
   agx_instr *r =
      agx_intrin(b, AGX_OP_IMAGE_SAMPLE, agx_type_make(32, 4), 3, agx_vec(b, 3, idx),
                 agx_vec(b, 4, xyzw), agx_imm(b, 32, 0), img->image->set, img->image->binding,
                 dim | AGX_IMAGE_IMPLICIT_LOD | AGX_IMAGE_QUERY_LOD);
   r->c[3] = img->image->sampler_set << 16 | img->image->sampler_binding;
   vtn_push_texel(c, rt, vtn_word(c, i, 2), r);
}

/* OpImageGather (Offset, ConstOffset, ConstOffsets) -> image_gather. ConstOffsets: four
 * gathers, component k from the i0j0 texel (w) of the one with offset k (GLSL's
 * textureGatherOffsets; Mesa splits them the same way). */
void
vtn_image_gather(struct vtn_ctx *c, unsigned i)
{
   agx_builder *b = &c->b;
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *img = handle(c, vtn_word(c, i, 3));
   if (img->type->base != VTN_SAMPLED_IMAGE || !img->image->has_sampler)
      vtn_fail(c, "gathers need a sampled image (OpSampledImage or a combined image sampler)");
   const struct vtn_type *t = image_of(img->type);
   unsigned dim = vtn_image_dim(c, t);
   if (t->image_ms || (dim & AGX_IMAGE_STORAGE) || t->image_dim != SpvDim2D)
      vtn_fail(c, "unsupported: gathers other than from 2D images and 2D arrays");
   agx_instr *compv = vtn_def(c, vtn_word(c, i, 5));
   if (compv->op != AGX_OP_CONST)
      vtn_fail(c, "the gathered component must be a constant");
   agx_instr *comp_c = agx_imm(b, 32, (uint32_t)compv->value[0] & 3);
   uint32_t mask = c->ins[i].wc > 6 ? vtn_word(c, i, 6) : 0;
   if (mask & ~(SpvImageOperandsConstOffsetMask | SpvImageOperandsOffsetMask |
                SpvImageOperandsConstOffsetsMask | SpvImageOperandsNonPrivateTexelMask |
                SpvImageOperandsVolatileTexelMask | SpvImageOperandsNontemporalMask))
      vtn_fail(c, "unsupported image operands 0x%x on a gather", mask);
   agx_instr *offs[4] = {agx_imm(b, 32, 0), NULL, NULL, NULL};
   unsigned passes = 1;
   if (mask & (SpvImageOperandsConstOffsetMask | SpvImageOperandsOffsetMask))
      offs[0] = packed_offset(c, vtn_word(c, i, 7));
   if (mask & SpvImageOperandsConstOffsetsMask) {
      struct vtn_ssa *arr = vtn_ssa_of(c, vtn_word(c, i, 7));
      if (!arr->elems || arr->type->len != 4)
         vtn_fail(c, "ConstOffsets must be a constant array of 4 offsets");
      for (unsigned k = 0; k < 4; k++) {
         agx_instr *e = arr->elems[k]->def;
         if (!e || e->op != AGX_OP_CONST || e->type.comps != 2)
            vtn_fail(c, "ConstOffsets must be a constant array of 4 two-component offsets");
         uint32_t x = (uint32_t)e->value[0] & 0xF, y = (uint32_t)e->value[1] & 0xF;
         offs[k] = agx_imm(b, 32, x | y << 4);
      }
      passes = 4;
   }
   agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
   unsigned n = coord_count(t, true);
   if (v->type.comps < n || v->type.bits != 32)
      vtn_fail(c, "gather coordinates must be a 32-bit float vector of %u components", n);
   agx_instr *xyzw[4], *zero = agx_imm(b, 32, 0);
   for (unsigned k = 0; k < 4; k++)
      xyzw[k] = k < n ? comp(c, v, k) : zero;
   agx_instr *coords = agx_vec(b, 4, xyzw), *res[4];
   if (t->elem && t->elem->base == VTN_INT)
      dim |= AGX_IMAGE_INT;
   for (unsigned p = 0; p < passes; p++) {
      agx_instr *idx[3] = {img->image->index, img->image->sampler_index, offs[p]};
      res[p] = agx_intrin(b, AGX_OP_IMAGE_GATHER, agx_type_make(32, 4), 3, agx_vec(b, 3, idx),
                          coords, comp_c, img->image->set, img->image->binding, dim);
      res[p]->c[3] = img->image->sampler_set << 16 | img->image->sampler_binding;
   }
   agx_instr *r = res[0];
   if (passes == 4) {
      agx_instr *w[4];
      for (unsigned k = 0; k < 4; k++)
         w[k] = agx_extract(b, res[k], 3);
      r = agx_vec(b, 4, w);
   }
   vtn_push_texel(c, rt, vtn_word(c, i, 2), r);
}

void
vtn_image_query(struct vtn_ctx *c, unsigned i)
{
   agx_builder *b = &c->b;
   unsigned op = c->ins[i].op;
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *img = handle(c, vtn_word(c, i, 3));
   const struct vtn_type *t = image_of(img->type);
   unsigned dim = vtn_image_dim(c, t);
   const struct vtn_type *st = rt->base == VTN_VECTOR ? rt->elem : rt;
   unsigned n = rt->base == VTN_VECTOR ? rt->len : 1;
   if (!vtn_type_is_scalar_or_vector(rt) || st->base != VTN_INT)
      vtn_fail(c, "image query result must be an integer scalar or vector");
   agx_instr *r;
   if (op == SpvOpImageQueryLevels || op == SpvOpImageQuerySamples) {
      r = agx_intrin(b, op == SpvOpImageQueryLevels ? AGX_OP_IMAGE_LEVELS : AGX_OP_IMAGE_SAMPLES,
                     agx_type_make(32, 1), 1, img->image->index, NULL, NULL, img->image->set,
                     img->image->binding, dim);
      vtn_push_def(c, vtn_word(c, i, 2), rt, agx_resize(b, r, st->bits, false));
      return;
   }
   agx_instr *lod = op == SpvOpImageQuerySizeLod
                       ? agx_resize(b, vtn_def(c, vtn_word(c, i, 4)), 32, false)
                       : agx_imm(b, 32, 0);
   unsigned want = t->image_dim == SpvDim1D ? 1 : t->image_dim == SpvDim3D ? 3 : 2;
   want += t->image_arrayed;
   if (n != want)
      vtn_fail(c, "image size query returns %u components, not %u", want, n);
   r = agx_intrin(b, AGX_OP_IMAGE_SIZE, agx_type_make(32, 4), 2, img->image->index, lod, NULL,
                  img->image->set, img->image->binding, dim);
   agx_instr *comps[4];
   for (unsigned k = 0; k < n; k++) {
      /* 1D arrays: (width, layers) */
      unsigned src = t->image_dim == SpvDim1D && k == 1 ? 2 : k;
      comps[k] = agx_resize(b, agx_extract(b, r, src), st->bits, false);
   }
   vtn_push_def(c, vtn_word(c, i, 2), rt, n == 1 ? comps[0] : agx_vec(b, n, comps));
}

agx_instr *
vtn_image_texel_coord(struct vtn_ctx *c, const struct vtn_type *t, uint32_t id, uint32_t sample_id)
{
   t = image_of(t);
   agx_instr *xyz[4];
   int_coords(c, t, id, NULL, xyz);
   /* multisampled: the Sample operand in w (0 otherwise: Vulkan requires it
    * to be 0 for single-sampled images) */
   xyz[3] =
      t->image_ms ? agx_resize(&c->b, vtn_def(c, sample_id), 32, false) : agx_imm(&c->b, 32, 0);
   return agx_vec(&c->b, 4, xyz);
}

/* x < width, y < height and (arrays, 3D) z < layers or depth: the view as
 * a plain 2D array for cube storage views (faces are layers); multisampled
 * images also sample < samples. */
agx_instr *
vtn_image_texel_in_range(struct vtn_ctx *c, const struct vtn_pointer *p)
{
   agx_builder *b = &c->b;
   unsigned dim = p->texel_dim & AGX_IMAGE_DIM_MASK;
   bool ms = dim == AGX_IMAGE_2D_MS || dim == AGX_IMAGE_2D_MS_ARRAY;
   agx_instr *size = agx_intrin(b, AGX_OP_IMAGE_SIZE, agx_type_make(32, 4), 2, p->desc_index,
                                agx_imm(b, 32, 0), NULL, p->set, p->binding, dim);
   agx_instr *ok = NULL;
   unsigned n = dim == AGX_IMAGE_2D || dim == AGX_IMAGE_2D_MS ? 2u : 3u;
   for (unsigned k = 0; k < n; k++) {
      agx_instr *in = agx_ult(b, agx_extract(b, p->texel_coord, k), agx_extract(b, size, k));
      ok = ok ? agx_iand(b, ok, in) : in;
   }
   if (ms) {
      agx_instr *samples = agx_intrin(b, AGX_OP_IMAGE_SAMPLES, agx_type_make(32, 1), 1,
                                      p->desc_index, NULL, NULL, p->set, p->binding, dim);
      ok = agx_iand(b, ok, agx_ult(b, agx_extract(b, p->texel_coord, 3), samples));
   }
   return ok;
}

agx_instr *
vtn_image_texel_address(struct vtn_ctx *c, const struct vtn_pointer *p)
{
   return agx_intrin(&c->b, AGX_OP_IMAGE_TEXEL_ADDRESS, agx_type_make(64, 1), 2, p->desc_index,
                     p->texel_coord, NULL, p->set, p->binding, p->texel_dim);
}
