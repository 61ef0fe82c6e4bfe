/* Images in the SPIR-V front end: image handles (images, samplers, sampled
 * images) and texel buffers (OpTypeImage with Dim Buffer; Sampled 1 =
 * uniform texel buffer, 2 = storage texel buffer). Other dimensions are
 * handed to agx_spirv_texture.c.
 * Assumes image variables are UniformConstant descriptors (PTR_IMAGE
 * pointers, agx_spirv_mem.c) and that an OpLoad of one yields a handle
 * naming (set, binding, array index). Emits the texel_buffer_* intrinsics
 * (agx_ir_ops.py), which agx_pass_lower_io lowers to the descriptor ABI:
 *   OpImageFetch / OpImageRead  -> texel_buffer_load (32x4, trimmed/converted)
 *   OpImageWrite                -> texel_buffer_store (padded to 32x4) and a
 *                                  texture_fence (later fetches see it)
 *   OpImageQuerySize            -> texel_buffer_size
 *   OpImageTexelPointer + OpAtomic* -> an atomic on texel_buffer_address
 *        (images: image_texel_address), guarded by "index < size" (images:
 *        each coordinate against image_size; out-of-range atomics do
 *        nothing, return 0), then a texture_fence (memory -> texture)
 * Samplers combined with texel buffers (OpSampledImage) are accepted and
 * ignored: buffer fetches use no sampler. */
#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

bool
vtn_is_image_type(const struct vtn_type *t)
{
   while (t->base == VTN_ARRAY || t->base == VTN_RTARRAY)
      t = t->elem;
   return t->base == VTN_IMAGE || t->base == VTN_SAMPLED_IMAGE || t->base == VTN_OPAQUE;
}

static const struct vtn_type *
image_type(const struct vtn_type *t)
{
   return t->base == VTN_SAMPLED_IMAGE ? t->elem : t;
}

static void
check_buffer_image(struct vtn_ctx *c, const struct vtn_type *t)
{
   t = image_type(t);
   if (t->base != VTN_IMAGE)
      vtn_fail(c, "operand is not an image");
   if (t->image_dim != SpvDimBuffer)
      vtn_fail(c, "unsupported: images of dimension %u (only texel buffers)", t->image_dim);
}

/* Loads of image, sampled image (combined image sampler) and sampler
 * (VTN_OPAQUE) descriptors: handles naming the descriptor. */
struct vtn_ssa *
vtn_load_image(struct vtn_ctx *c, struct vtn_pointer *p)
{
   if (p->type->base != VTN_IMAGE && p->type->base != VTN_SAMPLED_IMAGE &&
       p->type->base != VTN_OPAQUE)
      vtn_fail(c, "cannot load this descriptor (not an image or sampler)");
   struct vtn_ssa *s = vtn_ssa_leaf(c, p->type, NULL);
   s->image = vtn_alloc(c, sizeof(*s->image));
   s->image->set = p->set;
   s->image->binding = p->binding;
   s->image->input_index = p->input_index;
   s->image->input_dyn = p->input_dyn;
   s->image->index = p->desc_index;
   if (p->type->base != VTN_IMAGE) {
      s->image->has_sampler = true;
      s->image->sampler_set = p->set;
      s->image->sampler_binding = p->binding;
      s->image->sampler_index = p->desc_index;
   }
   return s;
}

static bool
is_buffer(const struct vtn_ssa *s)
{
   return image_type(s->type)->base == VTN_IMAGE && image_type(s->type)->image_dim == SpvDimBuffer;
}

static struct vtn_ssa *
image_operand(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_ssa *s = vtn_ssa_of(c, id);
   if (!s->image)
      vtn_fail(c, "id %u is not an image handle", id);
   check_buffer_image(c, s->type);
   return s;
}

static agx_instr *
texel_index(struct vtn_ctx *c, uint32_t id)
{
   agx_instr *x = vtn_def(c, id);
   if (x->type.comps != 1 || x->type.bits == 1)
      vtn_fail(c, "texel buffer coordinate must be an integer scalar");
   return agx_resize(&c->b, x, 32, false);
}

/* The 32x4 texel as the instruction's result type: the first components,
 * converted to 16 bits when the type asks for it. */
void
vtn_push_texel(struct vtn_ctx *c, struct vtn_type *rt, uint32_t id, agx_instr *texel)
{
   agx_builder *b = &c->b;
   const struct vtn_type *st = rt->base == VTN_VECTOR ? rt->elem : rt;
   unsigned n = rt->base == VTN_VECTOR ? rt->len : 1;
   if (!vtn_type_is_scalar_or_vector(rt) || (st->base != VTN_INT && st->base != VTN_FLOAT) ||
       (st->bits != 32 && st->bits != 16))
      vtn_fail(c, "texel result must be a 16/32-bit scalar or vector");
   agx_instr *comps[4];
   for (unsigned k = 0; k < n; k++) {
      agx_instr *v = agx_extract(b, texel, k);
      if (st->bits == 16)
         v = st->base == VTN_FLOAT ? agx_f2f(b, 16, v) : agx_u2u(b, 16, v);
      comps[k] = v;
   }
   vtn_push_def(c, id, rt, n == 1 ? comps[0] : agx_vec(b, n, comps));
}

static void
image_load(struct vtn_ctx *c, unsigned i)
{
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *img = image_operand(c, vtn_word(c, i, 3));
   agx_instr *x = texel_index(c, vtn_word(c, i, 4));
   agx_instr *texel =
      agx_intrin(&c->b, AGX_OP_TEXEL_BUFFER_LOAD, agx_type_make(32, 4), 2, img->image->index, x,
                 NULL, img->image->set, img->image->binding, 0);
   vtn_push_texel(c, rt, vtn_word(c, i, 2), texel);
}

static void
image_write(struct vtn_ctx *c, unsigned i)
{
   agx_builder *b = &c->b;
   struct vtn_ssa *v = vtn_ssa_of(c, vtn_word(c, i, 3));
   if (!v->def || v->def->type.bits == 1 || v->def->type.bits == 64 || v->def->type.bits == 8)
      vtn_fail(c, "texel to write must be a 16/32-bit scalar or vector");
   const struct vtn_type *st = v->type->base == VTN_VECTOR ? v->type->elem : v->type;
   agx_instr *comps[4];
   for (unsigned k = 0; k < 4; k++) {
      if (k >= v->def->type.comps) {
         comps[k] = agx_imm(b, 32, 0);
         continue;
      }
      agx_instr *e = v->def->type.comps == 1 ? v->def : agx_extract(b, v->def, k);
      if (e->type.bits == 16)
         e = st->base == VTN_FLOAT ? agx_f2f(b, 32, e) : agx_resize(b, e, 32, st->sign);
      comps[k] = e;
   }
   agx_instr *texel = agx_vec(b, 4, comps);
   if (!is_buffer(vtn_ssa_of(c, vtn_word(c, i, 1)))) {
      vtn_image_store(c, i, texel);
      return;
   }
   struct vtn_ssa *img = image_operand(c, vtn_word(c, i, 1));
   agx_instr *x = texel_index(c, vtn_word(c, i, 2));
   agx_intrin(b, AGX_OP_TEXEL_BUFFER_STORE, agx_type_make(0, 0), 3, img->image->index, x, texel,
              img->image->set, img->image->binding, 0);
   agx_intrin(b, AGX_OP_TEXTURE_FENCE, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0, 0, 0);
}

static void
image_size(struct vtn_ctx *c, unsigned i)
{
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *img = image_operand(c, vtn_word(c, i, 3));
   if (rt->base != VTN_INT || (rt->bits != 32 && rt->bits != 16 && rt->bits != 64))
      vtn_fail(c, "texel buffer size must be an integer scalar");
   agx_instr *n =
      agx_intrin(&c->b, AGX_OP_TEXEL_BUFFER_SIZE, agx_type_make(32, 1), 1, img->image->index, NULL,
                 NULL, img->image->set, img->image->binding, 0);
   vtn_push_def(c, vtn_word(c, i, 2), rt, agx_resize(&c->b, n, rt->bits, false));
}

static void
texel_pointer(struct vtn_ctx *c, unsigned i)
{
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   struct vtn_pointer *ip = vtn_get_pointer(c, vtn_word(c, i, 3));
   if (ip->mode != PTR_IMAGE)
      vtn_fail(c, "OpImageTexelPointer needs a pointer to an image variable");
   const struct vtn_type *it = image_type(ip->type);
   bool buffer = it->base == VTN_IMAGE && it->image_dim == SpvDimBuffer;
   if (!buffer && (it->base != VTN_IMAGE || it->image_sampled != 2))
      vtn_fail(c, "OpImageTexelPointer needs a storage image or texel buffer");
   /* 32-bit texels: integers, or floats (VK_EXT_shader_atomic_float, R32_SFLOAT):
    * the atomic is on the texel's word in memory, whatever its format. */
   if (rt->base != VTN_POINTER || !rt->elem ||
       (rt->elem->base != VTN_INT && rt->elem->base != VTN_FLOAT) || rt->elem->bits != 32)
      vtn_fail(c, "unsupported: texel atomics other than on 32-bit integers or floats");
   struct vtn_pointer *p = vtn_alloc(c, sizeof(*p));
   *p = *ip;
   p->mode = PTR_TEXEL;
   p->type = rt->elem;
   p->storage = rt->storage;
   if (buffer) {
      p->texel_coord = texel_index(c, vtn_word(c, i, 4));
   } else {
      p->texel_coord = vtn_image_texel_coord(c, it, vtn_word(c, i, 4), vtn_word(c, i, 5));
      p->texel_dim = vtn_image_dim(c, it);
   }
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != VK_NONE)
      vtn_fail(c, "id %u defined twice", id);
   v->kind = VK_PTR;
   v->ptr = p;
}

void
vtn_texel_atomic(struct vtn_ctx *c, unsigned i, unsigned op, struct vtn_pointer *p)
{
   agx_builder *b = &c->b;
   agx_shader *s = c->shader;
   bool has_result = op != SpvOpAtomicStore;
   unsigned var = 0;
   if (has_result) {
      var = agx_shader_add_var(s, agx_type_make(32, 1));
      agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(b, 32, 0), NULL, NULL, var, 0,
                 0);
   }
   agx_instr *in_range;
   if (p->texel_dim) {
      in_range = vtn_image_texel_in_range(c, p);
   } else {
      agx_instr *size = agx_intrin(b, AGX_OP_TEXEL_BUFFER_SIZE, agx_type_make(32, 1), 1,
                                   p->desc_index, NULL, NULL, p->set, p->binding, 0);
      in_range = agx_ult(b, p->texel_coord, size);
   }
   agx_if *nif = agx_push_if(b, in_range);
   struct vtn_pointer mem = {0};
   mem.mode = PTR_MEM;
   mem.space = SPACE_GLOBAL;
   mem.storage = SpvStorageClassStorageBuffer;
   mem.type = p->type;
   mem.comp = -1;
   mem.addr = p->texel_dim ? vtn_image_texel_address(c, p)
                           : agx_intrin(b, AGX_OP_TEXEL_BUFFER_ADDRESS, agx_type_make(64, 1), 2,
                                        p->desc_index, p->texel_coord, NULL, p->set, p->binding, 0);
   agx_instr *r = vtn_atomic_mem(c, i, op, &mem);
   agx_intrin(b, AGX_OP_TEXTURE_FENCE, agx_type_make(0, 0), 0, NULL, NULL, NULL, 1, 0, 0);
   if (has_result) {
      if (!r || r->type.bits != 32 || r->type.comps != 1)
         vtn_fail(c, "texel atomic result must be a 32-bit scalar");
      agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, r, NULL, NULL, var, 0, 0);
   }
   agx_pop_if(b, nif);
   if (has_result) {
      agx_instr *v =
         agx_intrin(b, AGX_OP_LOAD_VAR, agx_type_make(32, 1), 0, NULL, NULL, NULL, var, 0, 0);
      vtn_push_def(c, vtn_word(c, i, 2), vtn_get_type(c, vtn_word(c, i, 1)), v);
   }
}

/* OpImage / OpSampledImage: the same descriptor under another type;
 * OpSampledImage adds the sampler's descriptor. */
static void
retype_handle(struct vtn_ctx *c, unsigned i)
{
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   struct vtn_ssa *src = vtn_ssa_of(c, vtn_word(c, i, 3));
   if (!src->image)
      vtn_fail(c, "id %u is not an image handle", vtn_word(c, i, 3));
   struct vtn_ssa *s = vtn_ssa_leaf(c, rt, NULL);
   s->image = src->image;
   if (c->ins[i].op == SpvOpSampledImage) {
      struct vtn_ssa *smp = vtn_ssa_of(c, vtn_word(c, i, 4));
      if (!smp->image || !smp->image->has_sampler)
         vtn_fail(c, "id %u is not a sampler", vtn_word(c, i, 4));
      s->image = vtn_alloc(c, sizeof(*s->image));
      *s->image = *src->image;
      s->image->has_sampler = true;
      s->image->sampler_set = smp->image->sampler_set;
      s->image->sampler_binding = smp->image->sampler_binding;
      s->image->sampler_index = smp->image->sampler_index;
   } else if (rt->base == VTN_IMAGE) {
      s->image = vtn_alloc(c, sizeof(*s->image));
      *s->image = *src->image;
      s->image->has_sampler = false;
   }
   vtn_push_ssa(c, vtn_word(c, i, 2), s);
}

static bool
buffer_operand(struct vtn_ctx *c, unsigned i, unsigned w)
{
   struct vtn_ssa *s = vtn_ssa_of(c, vtn_word(c, i, w));
   if (!s->image)
      vtn_fail(c, "id %u is not an image handle", vtn_word(c, i, w));
   return is_buffer(s);
}

bool
vtn_handle_image(struct vtn_ctx *c, unsigned i)
{
   switch (c->ins[i].op) {
   case SpvOpImage:
   case SpvOpSampledImage:
      retype_handle(c, i);
      return true;
   case SpvOpImageFetch:
   case SpvOpImageRead:
      if (buffer_operand(c, i, 3))
         image_load(c, i);
      else
         vtn_image_load(c, i);
      return true;
   case SpvOpImageWrite:
      image_write(c, i);
      return true;
   case SpvOpImageQuerySize:
      if (buffer_operand(c, i, 3))
         image_size(c, i);
      else
         vtn_image_query(c, i);
      return true;
   case SpvOpImageQuerySizeLod:
   case SpvOpImageQueryLevels:
   case SpvOpImageQuerySamples:
      if (buffer_operand(c, i, 3))
         vtn_fail(c, "texel buffers have no levels or samples");
      vtn_image_query(c, i);
      return true;
   case SpvOpImageSampleExplicitLod:
   case SpvOpImageSampleImplicitLod:
   case SpvOpImageSampleDrefExplicitLod:
   case SpvOpImageSampleDrefImplicitLod:
   case SpvOpImageSampleProjExplicitLod:
   case SpvOpImageSampleProjImplicitLod:
   case SpvOpImageSampleProjDrefExplicitLod:
   case SpvOpImageSampleProjDrefImplicitLod:
      vtn_image_sample(c, i);
      return true;
   case SpvOpImageGather:
      vtn_image_gather(c, i);
      return true;
   case SpvOpImageQueryLod:
      vtn_image_query_lod(c, i);
      return true;
   case SpvOpImageTexelPointer:
      texel_pointer(c, i);
      return true;
   default:
      return false;
   }
}
