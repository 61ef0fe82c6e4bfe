/* SPIR-V module level: header and instruction indexing (every word count and
 * id bounds-checked against the grammar tables), decorations, types with
 * their layout, constants and specialization constants, execution modes and
 * the translation entry point. Assumes nothing about the input: every read
 * goes through vtn_word / vtn_val, which fail cleanly. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "agx_passes.h"
#include "agx_spirv_private.h"
#include "agx_spirv_walk.h"

#define MAX_BOUND (1u << 22)
#define VTN_VALUE_PAGE_SHIFT 10
#define VTN_VALUE_PAGE (1u << VTN_VALUE_PAGE_SHIFT)

_Noreturn void
vtn_fail(struct vtn_ctx *c, const char *fmt, ...)
{
   char msg[256];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   if (c->err_size) {
      if (c->ins && c->cur < c->num_ins)
         snprintf(c->err, c->err_size, "SPIR-V word %u (%s): %s", c->ins[c->cur].offset,
                  agx_spirv_op_name(c->ins[c->cur].op), msg);
      else
         snprintf(c->err, c->err_size, "SPIR-V: %s", msg);
   }
   longjmp(c->jmp, 1);
}

/* Limits that keep hostile modules (huge nested aggregates, exponential
 * constant trees) from exhausting memory or time. */
#define MAX_FRONTEND_BYTES (64u << 20)
#define MAX_IR_VALUES (1u << 21)

void *
vtn_alloc(struct vtn_ctx *c, size_t size)
{
   c->allocated += size;
   if (size > MAX_FRONTEND_BYTES || c->allocated > MAX_FRONTEND_BYTES)
      vtn_fail(c, "module needs more than %u MiB to translate", MAX_FRONTEND_BYTES >> 20);
   if (c->shader && c->shader->next_index > MAX_IR_VALUES)
      vtn_fail(c, "module translates to more than %u IR values", MAX_IR_VALUES);
   return agx_alloc(c->mem, size);
}

unsigned
vtn_wc(struct vtn_ctx *c, unsigned ins)
{
   return c->ins[ins].wc;
}

uint32_t
vtn_word(struct vtn_ctx *c, unsigned ins, unsigned i)
{
   if (ins >= c->num_ins || i >= c->ins[ins].wc)
      vtn_fail(c, "operand %u missing", i);
   return c->w[c->ins[ins].offset + i];
}

struct vtn_value *
vtn_val(struct vtn_ctx *c, uint32_t id)
{
   if (id == 0 || id >= c->bound)
      vtn_fail(c, "id %u out of bounds (bound %u)", id, c->bound);
   struct vtn_value **page = &c->value_pages[id >> VTN_VALUE_PAGE_SHIFT];
   if (!*page)
      *page = vtn_alloc(c, sizeof(**page) * VTN_VALUE_PAGE);
   return &(*page)[id & (VTN_VALUE_PAGE - 1)];
}

struct vtn_value *
vtn_val_kind(struct vtn_ctx *c, uint32_t id, enum vtn_kind kind)
{
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != kind)
      vtn_fail(c, "id %u has the wrong kind (%d, expected %d)", id, v->kind, kind);
   return v;
}

struct vtn_type *
vtn_get_type(struct vtn_ctx *c, uint32_t id)
{
   return vtn_val_kind(c, id, VK_TYPE)->type;
}

struct vtn_decoration *
vtn_find_dec(struct vtn_ctx *c, uint32_t id, int member, uint32_t dec)
{
   for (struct vtn_decoration *d = vtn_val(c, id)->decs; d; d = d->next)
      if (d->dec == dec && d->member == member)
         return d;
   return NULL;
}

const struct vtn_const *
vtn_get_const(struct vtn_ctx *c, uint32_t id)
{
   return vtn_val_kind(c, id, VK_CONST)->cnst;
}

uint64_t
vtn_const_u64(struct vtn_ctx *c, uint32_t id)
{
   const struct vtn_const *k = vtn_get_const(c, id);
   if (k->type->base != VTN_INT && k->type->base != VTN_BOOL)
      vtn_fail(c, "id %u is not an integer constant", id);
   return k->v[0];
}

bool
vtn_is_physical_pointer(const struct vtn_type *t)
{
   return t->base == VTN_POINTER && (t->storage == SpvStorageClassPhysicalStorageBuffer ||
                                     t->storage == SpvStorageClassCrossWorkgroup || t->value_ptr);
}

bool
vtn_type_is_scalar_or_vector(const struct vtn_type *t)
{
   return t->base == VTN_BOOL || t->base == VTN_INT || t->base == VTN_FLOAT ||
          t->base == VTN_VECTOR || vtn_is_physical_pointer(t);
}

agx_type
vtn_ir_type(struct vtn_ctx *c, const struct vtn_type *t)
{
   switch (t->base) {
   case VTN_BOOL:
      return agx_type_make(1, 1);
   case VTN_INT:
   case VTN_FLOAT:
      return agx_type_make(t->bits, 1);
   case VTN_VECTOR:
      return agx_type_make(t->elem->base == VTN_BOOL ? 1 : t->elem->bits, t->len);
   case VTN_POINTER:
      if (vtn_is_physical_pointer(t))
         return agx_type_make(64, 1);
      break;
   default:
      break;
   }
   vtn_fail(c, "type %u is not a scalar or vector", t->id);
}

/* --- decorations ---------------------------------------------------------- */

static void
add_decoration(struct vtn_ctx *c, unsigned i, bool member)
{
   uint32_t target = vtn_word(c, i, 1);
   struct vtn_value *v = vtn_val(c, target);
   struct vtn_decoration *d = vtn_alloc(c, sizeof(*d));
   unsigned k = 2;
   d->member = member ? (int32_t)vtn_word(c, i, k++) : -1;
   if (member && (uint32_t)d->member > 65535)
      vtn_fail(c, "member index %d too large", d->member);
   d->dec = vtn_word(c, i, k++);
   for (unsigned a = 0; a < 3 && k + a < vtn_wc(c, i); a++)
      d->arg[a] = vtn_word(c, i, k + a);
   d->next = v->decs;
   v->decs = d;
}

/* OpGroupDecorate / OpGroupMemberDecorate: every decoration of the group
 * (an OpDecorationGroup id, decorated before it) is copied to each target,
 * as a member decoration for OpGroupMemberDecorate. */
static void
group_decorate(struct vtn_ctx *c, unsigned i, bool member)
{
   const struct vtn_value *g = vtn_val(c, vtn_word(c, i, 1));
   if (g->kind != VK_DECORATION_GROUP)
      vtn_fail(c, "id %u is not a decoration group", vtn_word(c, i, 1));
   unsigned step = member ? 2 : 1;
   for (unsigned k = 2; k + step <= vtn_wc(c, i); k += step) {
      struct vtn_value *v = vtn_val(c, vtn_word(c, i, k));
      int32_t m = -1;
      if (member) {
         uint32_t mi = vtn_word(c, i, k + 1);
         if (mi > 65535)
            vtn_fail(c, "member index %u too large", mi);
         m = (int32_t)mi;
      }
      for (const struct vtn_decoration *d = g->decs; d; d = d->next) {
         if (d->member != -1)
            continue;
         struct vtn_decoration *n = vtn_alloc(c, sizeof(*n));
         *n = *d;
         n->member = m;
         n->next = v->decs;
         v->decs = n;
      }
   }
}

/* --- types ---------------------------------------------------------------- */

static struct vtn_type *
new_type(struct vtn_ctx *c, unsigned i, enum vtn_base base)
{
   uint32_t id = vtn_word(c, i, 1);
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != VK_NONE)
      vtn_fail(c, "id %u defined twice", id);
   struct vtn_type *t = vtn_alloc(c, sizeof(*t));
   t->base = base;
   t->id = id;
   v->kind = VK_TYPE;
   v->type = t;
   return t;
}

/* Types nest at most this deep (arrays of structs of ...): recursion over
 * types (layout, loads, constants) stays shallow. */
#define MAX_TYPE_DEPTH 24

static void
set_depth(struct vtn_ctx *c, struct vtn_type *t, const struct vtn_type *inner)
{
   unsigned d = inner ? inner->depth + 1 : 0;
   if (d > t->depth)
      t->depth = d;
   if (t->depth > MAX_TYPE_DEPTH)
      vtn_fail(c, "type %u nested more than %u levels deep", t->id, MAX_TYPE_DEPTH);
}

static void
handle_type(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   struct vtn_type *t;
   switch (op) {
   case SpvOpTypeVoid:
      new_type(c, i, VTN_VOID);
      break;
   case SpvOpTypeBool:
      t = new_type(c, i, VTN_BOOL);
      t->bits = 1;
      break;
   case SpvOpTypeInt: {
      uint32_t bits = vtn_word(c, i, 2);
      if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
         vtn_fail(c, "unsupported integer width %u", bits);
      t = new_type(c, i, VTN_INT);
      t->bits = bits;
      t->sign = vtn_word(c, i, 3) != 0;
      break;
   }
   case SpvOpTypeFloat: {
      uint32_t bits = vtn_word(c, i, 2);
      if (bits != 16 && bits != 32 && bits != 64)
         vtn_fail(c, "unsupported float width %u", bits);
      t = new_type(c, i, VTN_FLOAT);
      t->bits = bits;
      break;
   }
   case SpvOpTypeVector: {
      struct vtn_type *e = vtn_get_type(c, vtn_word(c, i, 2));
      uint32_t n = vtn_word(c, i, 3);
      if (e->base != VTN_BOOL && e->base != VTN_INT && e->base != VTN_FLOAT)
         vtn_fail(c, "vector of non-scalar type");
      if (n < 2 || n > 4)
         vtn_fail(c, "unsupported vector size %u", n);
      t = new_type(c, i, VTN_VECTOR);
      t->elem = e;
      t->len = n;
      t->bits = e->bits;
      set_depth(c, t, e);
      break;
   }
   case SpvOpTypeMatrix: {
      struct vtn_type *col = vtn_get_type(c, vtn_word(c, i, 2));
      uint32_t n = vtn_word(c, i, 3);
      if (col->base != VTN_VECTOR || col->elem->base != VTN_FLOAT || n < 2 || n > 4)
         vtn_fail(c, "bad matrix type");
      t = new_type(c, i, VTN_MATRIX);
      t->elem = col;
      t->len = n;
      set_depth(c, t, col);
      break;
   }
   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray: {
      struct vtn_type *e = vtn_get_type(c, vtn_word(c, i, 2));
      if (e->base == VTN_VOID || e->base == VTN_FUNCTION || e->base == VTN_RTARRAY)
         vtn_fail(c, "bad array element type");
      uint64_t len = 0;
      if (op == SpvOpTypeArray) {
         len = vtn_const_u64(c, vtn_word(c, i, 3));
         /* buffer blocks may declare huge fixed-size arrays (VkFFT: 2^25
          * elements); the layout bounds sizes to 2^31 bytes */
         if (len == 0 || len > (1u << 31))
            vtn_fail(c, "array length %llu unsupported", (unsigned long long)len);
      }
      t = new_type(c, i, op == SpvOpTypeArray ? VTN_ARRAY : VTN_RTARRAY);
      t->elem = e;
      t->len = (unsigned)len;
      set_depth(c, t, e);
      struct vtn_decoration *d = vtn_find_dec(c, t->id, -1, SpvDecorationArrayStride);
      t->stride = d ? d->arg[0] : 0;
      break;
   }
   case SpvOpTypeStruct: {
      unsigned n = vtn_wc(c, i) - 2;
      t = new_type(c, i, VTN_STRUCT);
      t->len = n;
      t->members = vtn_alloc(c, sizeof(*t->members) * (n + 1));
      t->offsets = vtn_alloc(c, sizeof(uint32_t) * (n + 1));
      t->mstride = vtn_alloc(c, sizeof(uint32_t) * (n + 1));
      t->row_major = vtn_alloc(c, sizeof(bool) * (n + 1));
      t->member_builtin = vtn_alloc(c, sizeof(int32_t) * (n + 1));
      for (unsigned m = 0; m < n; m++) {
         t->members[m] = vtn_get_type(c, vtn_word(c, i, 2 + m));
         if (t->members[m]->base == VTN_VOID || t->members[m]->base == VTN_FUNCTION ||
             t->members[m] == t)
            vtn_fail(c, "bad struct member type");
         if (t->members[m]->base == VTN_RTARRAY && m + 1 != n)
            vtn_fail(c, "runtime array is not the last member");
         set_depth(c, t, t->members[m]);
         t->member_builtin[m] = -1;
      }
      for (struct vtn_decoration *d = vtn_val(c, t->id)->decs; d; d = d->next) {
         if (d->member < 0) {
            if (d->dec == SpvDecorationBlock)
               t->block = true;
            if (d->dec == SpvDecorationBufferBlock)
               t->buffer_block = true;
            continue;
         }
         if ((unsigned)d->member >= n)
            vtn_fail(c, "member decoration on member %d of %u", d->member, n);
         switch (d->dec) {
         case SpvDecorationOffset:
            t->offsets[d->member] = d->arg[0] | 0x80000000u;
            break;
         case SpvDecorationMatrixStride:
            t->mstride[d->member] = d->arg[0];
            break;
         case SpvDecorationRowMajor:
            t->row_major[d->member] = true;
            break;
         case SpvDecorationBuiltIn:
            t->member_builtin[d->member] = (int32_t)d->arg[0];
            break;
         default:
            break;
         }
      }
      break;
   }
   case SpvOpTypePointer:
   case SpvOpTypeForwardPointer: {
      if (op == SpvOpTypeForwardPointer) {
         /* Only physical storage buffer pointers may be forward declared;
          * the later OpTypePointer defines the id. */
         if (vtn_word(c, i, 2) != SpvStorageClassPhysicalStorageBuffer)
            vtn_fail(c, "unsupported forward pointer storage class");
         t = new_type(c, i, VTN_POINTER);
         t->storage = SpvStorageClassPhysicalStorageBuffer;
         t->bits = 64;
         t->sign = true; /* marks "declared forward, not yet defined" */
         return;
      }
      struct vtn_value *fv = vtn_val(c, vtn_word(c, i, 1));
      if (fv->kind == VK_TYPE && fv->type->base == VTN_POINTER && fv->type->sign) {
         t = fv->type;
         t->sign = false;
         if (vtn_word(c, i, 2) != t->storage)
            vtn_fail(c, "pointer storage class differs from its forward declaration");
      } else {
         t = new_type(c, i, VTN_POINTER);
      }
      t->storage = vtn_word(c, i, 2);
      uint32_t pointee = vtn_word(c, i, 3);
      struct vtn_value *pv = vtn_val(c, pointee);
      if (pv->kind == VK_TYPE) {
         t->elem = pv->type;
      } else if (pv->kind == VK_NONE && t->storage == SpvStorageClassPhysicalStorageBuffer) {
         t->elem = NULL; /* resolved lazily (forward reference) */
         t->len = pointee;
      } else {
         vtn_fail(c, "pointer to non-type %u", pointee);
      }
      struct vtn_decoration *d = vtn_find_dec(c, t->id, -1, SpvDecorationArrayStride);
      t->stride = d ? d->arg[0] : 0;
      t->bits = 64;
      t->value_ptr =
         c->physical64 &&
         (t->storage == SpvStorageClassGeneric || t->storage == SpvStorageClassWorkgroup ||
          t->storage == SpvStorageClassFunction || t->storage == SpvStorageClassUniformConstant);
      break;
   }
   case SpvOpTypeFunction: {
      t = new_type(c, i, VTN_FUNCTION);
      t->elem = vtn_get_type(c, vtn_word(c, i, 2));
      break;
   }
   case SpvOpTypeImage: {
      struct vtn_type *st = vtn_get_type(c, vtn_word(c, i, 2));
      if (st->base != VTN_INT && st->base != VTN_FLOAT && st->base != VTN_VOID)
         vtn_fail(c, "image sampled type must be a scalar");
      t = new_type(c, i, VTN_IMAGE);
      t->elem = st;
      t->image_dim = vtn_word(c, i, 3);
      t->image_arrayed = vtn_word(c, i, 5) != 0;
      t->image_ms = vtn_word(c, i, 6) != 0;
      t->image_sampled = vtn_word(c, i, 7);
      t->image_format = vtn_word(c, i, 8);
      break;
   }
   case SpvOpTypeSampledImage: {
      struct vtn_type *it = vtn_get_type(c, vtn_word(c, i, 2));
      if (it->base != VTN_IMAGE)
         vtn_fail(c, "sampled image of a non-image type");
      t = new_type(c, i, VTN_SAMPLED_IMAGE);
      t->elem = it;
      break;
   }
   default:
      /* Samplers, events... are opaque handles. */
      new_type(c, i, VTN_OPAQUE);
      break;
   }
}

/* --- constants ------------------------------------------------------------ */

static struct vtn_const *
new_const(struct vtn_ctx *c, unsigned i, struct vtn_type *t)
{
   uint32_t id = vtn_word(c, i, 2);
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != VK_NONE)
      vtn_fail(c, "id %u defined twice", id);
   struct vtn_const *k = vtn_alloc(c, sizeof(*k));
   k->type = t;
   v->kind = VK_CONST;
   v->cnst = k;
   return k;
}

static unsigned
composite_len(struct vtn_ctx *c, struct vtn_type *t)
{
   switch (t->base) {
   case VTN_VECTOR:
   case VTN_MATRIX:
   case VTN_ARRAY:
   case VTN_STRUCT:
      return t->len;
   default:
      vtn_fail(c, "type %u is not a composite", t->id);
   }
}

static struct vtn_type *
composite_elem(struct vtn_ctx *c, struct vtn_type *t, unsigned idx)
{
   if (idx >= composite_len(c, t))
      vtn_fail(c, "composite index %u out of range", idx);
   return t->base == VTN_STRUCT ? t->members[idx] : t->elem;
}

static struct vtn_const *
null_const(struct vtn_ctx *c, struct vtn_type *t, unsigned depth)
{
   if (depth > 32)
      vtn_fail(c, "constant nested too deeply");
   struct vtn_const *k = vtn_alloc(c, sizeof(*k));
   k->type = t;
   k->is_null = true;
   if (!vtn_type_is_scalar_or_vector(t) && t->base != VTN_POINTER && t->base != VTN_OPAQUE &&
       t->base != VTN_RTARRAY && t->base != VTN_IMAGE && t->base != VTN_SAMPLED_IMAGE) {
      unsigned n = composite_len(c, t);
      if (n > 4096)
         vtn_fail(c, "null constant too large");
      k->elems = vtn_alloc(c, sizeof(*k->elems) * n);
      for (unsigned e = 0; e < n; e++)
         k->elems[e] = null_const(c, composite_elem(c, t, e), depth + 1);
   }
   return k;
}

static uint64_t
spec_override(struct vtn_ctx *c, uint32_t id, uint64_t dflt, bool *found)
{
   struct vtn_decoration *d = vtn_find_dec(c, id, -1, SpvDecorationSpecId);
   *found = false;
   if (!d || !c->opts)
      return dflt;
   for (unsigned s = 0; s < c->opts->num_spec; s++)
      if (c->opts->spec[s].id == d->arg[0]) {
         *found = true;
         return c->opts->spec[s].value;
      }
   return dflt;
}

/* Spec-constant composite operations: the literal indices / components
 * are words [w, end) of instruction i. */
static const struct vtn_const *
spec_extract(struct vtn_ctx *c, unsigned i, const struct vtn_const *cur, unsigned w, unsigned end)
{
   if (w >= end)
      vtn_fail(c, "CompositeExtract without indices");
   for (; w < end; w++) {
      uint32_t idx = vtn_word(c, i, w);
      if (cur->type->base == VTN_VECTOR) {
         if (idx >= cur->type->len || w + 1 != end)
            vtn_fail(c, "extract index out of range");
         struct vtn_const *k = vtn_alloc(c, sizeof(*k));
         k->type = cur->type->elem;
         k->v[0] = cur->v[idx];
         return k;
      }
      if (!cur->elems || idx >= composite_len(c, cur->type))
         vtn_fail(c, "extract index out of range");
      cur = cur->elems[idx];
   }
   return cur;
}

static const struct vtn_const *
spec_insert(struct vtn_ctx *c, unsigned i, const struct vtn_const *cur, const struct vtn_const *obj,
            unsigned w, unsigned end, unsigned depth)
{
   if (w >= end || depth > 32)
      vtn_fail(c, "bad CompositeInsert indices");
   uint32_t idx = vtn_word(c, i, w);
   struct vtn_const *k = vtn_alloc(c, sizeof(*k));
   *k = *cur;
   k->is_null = false;
   if (cur->type->base == VTN_VECTOR) {
      if (idx >= cur->type->len || w + 1 != end || obj->type != cur->type->elem)
         vtn_fail(c, "bad CompositeInsert into a vector");
      k->v[idx] = obj->v[0];
      return k;
   }
   if (!cur->elems || idx >= composite_len(c, cur->type))
      vtn_fail(c, "insert index out of range");
   unsigned n = composite_len(c, cur->type);
   k->elems = vtn_alloc(c, sizeof(*k->elems) * n);
   memcpy(k->elems, cur->elems, sizeof(*k->elems) * n);
   if (w + 1 == end) {
      if (obj->type != composite_elem(c, cur->type, idx))
         vtn_fail(c, "inserted object has the wrong type");
      k->elems[idx] = (struct vtn_const *)obj;
   } else {
      k->elems[idx] =
         (struct vtn_const *)spec_insert(c, i, cur->elems[idx], obj, w + 1, end, depth + 1);
   }
   return k;
}

static const struct vtn_const *
spec_shuffle(struct vtn_ctx *c, unsigned i, struct vtn_type *t, const struct vtn_const *a,
             const struct vtn_const *b, unsigned w, unsigned end)
{
   if (t->base != VTN_VECTOR || a->type->base != VTN_VECTOR || b->type->base != VTN_VECTOR ||
       end - w != t->len || a->type->elem != t->elem || b->type->elem != t->elem)
      vtn_fail(c, "bad VectorShuffle");
   struct vtn_const *k = vtn_alloc(c, sizeof(*k));
   k->type = t;
   for (unsigned e = 0; e < t->len; e++) {
      uint32_t sel = vtn_word(c, i, w + e);
      if (sel == 0xffffffffu)
         k->v[e] = 0; /* undefined component */
      else if (sel < a->type->len)
         k->v[e] = a->v[sel];
      else if (sel - a->type->len < b->type->len)
         k->v[e] = b->v[sel - a->type->len];
      else
         vtn_fail(c, "shuffle component %u out of range", sel);
   }
   return k;
}

static void
handle_constant(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   struct vtn_const *k;
   bool found;
   switch (op) {
   case SpvOpConstantTrue:
   case SpvOpConstantFalse:
   case SpvOpSpecConstantTrue:
   case SpvOpSpecConstantFalse: {
      if (t->base != VTN_BOOL)
         vtn_fail(c, "boolean constant of non-bool type");
      k = new_const(c, i, t);
      k->v[0] = op == SpvOpConstantTrue || op == SpvOpSpecConstantTrue;
      if (op == SpvOpSpecConstantTrue || op == SpvOpSpecConstantFalse) {
         k->spec = true;
         k->v[0] = spec_override(c, id, k->v[0], &found) != 0;
      }
      break;
   }
   case SpvOpConstant:
   case SpvOpSpecConstant: {
      if (t->base != VTN_INT && t->base != VTN_FLOAT)
         vtn_fail(c, "scalar constant of non-scalar type");
      k = new_const(c, i, t);
      uint64_t v = vtn_word(c, i, 3);
      if (t->bits == 64)
         v |= (uint64_t)vtn_word(c, i, 4) << 32;
      if (op == SpvOpSpecConstant) {
         k->spec = true;
         v = spec_override(c, id, v, &found);
      }
      if (t->bits < 64)
         v &= (UINT64_C(1) << t->bits) - 1;
      k->v[0] = v;
      break;
   }
   case SpvOpConstantComposite:
   case SpvOpSpecConstantComposite: {
      unsigned n = vtn_wc(c, i) - 3;
      if (n != composite_len(c, t))
         vtn_fail(c, "composite constant has %u elements, type wants %u", n, composite_len(c, t));
      k = new_const(c, i, t);
      k->spec = op == SpvOpSpecConstantComposite;
      k->elems = vtn_alloc(c, sizeof(*k->elems) * n);
      for (unsigned e = 0; e < n; e++) {
         const struct vtn_const *ek = vtn_get_const(c, vtn_word(c, i, 3 + e));
         if (ek->type != composite_elem(c, t, e))
            vtn_fail(c, "composite constant element %u has the wrong type", e);
         k->elems[e] = (struct vtn_const *)ek;
         if (t->base == VTN_VECTOR)
            k->v[e] = ek->v[0];
      }
      if (t->base == VTN_VECTOR)
         k->elems = NULL; /* vectors keep their components in v[] */
      break;
   }
   case SpvOpConstantNull: {
      struct vtn_const *z = null_const(c, t, 0);
      k = new_const(c, i, t);
      *k = *z;
      break;
   }
   case SpvOpSpecConstantOp: {
      unsigned sop = vtn_word(c, i, 3);
      unsigned n = vtn_wc(c, i) - 4;
      if (n == 0)
         vtn_fail(c, "OpSpecConstantOp without operands");
      /* Operands that are ids (the rest are literals). */
      unsigned nids = sop == SpvOpCompositeExtract                               ? 1
                      : sop == SpvOpCompositeInsert || sop == SpvOpVectorShuffle ? 2
                                                                                 : n;
      if (nids > 3 || nids > n)
         vtn_fail(c, "OpSpecConstantOp with %u operands unsupported", n);
      const struct vtn_const *srcs[3] = {NULL, NULL, NULL};
      for (unsigned s = 0; s < nids; s++)
         srcs[s] = vtn_get_const(c, vtn_word(c, i, 4 + s));
      k = new_const(c, i, t);
      const struct vtn_const *r = NULL;
      if (sop == SpvOpCompositeExtract)
         r = spec_extract(c, i, srcs[0], 5, 4 + n);
      else if (sop == SpvOpCompositeInsert)
         r = spec_insert(c, i, srcs[1], srcs[0], 6, 4 + n, 0);
      else if (sop == SpvOpVectorShuffle)
         r = spec_shuffle(c, i, t, srcs[0], srcs[1], 6, 4 + n);
      if (r) {
         if (r->type != t)
            vtn_fail(c, "OpSpecConstantOp result has the wrong type");
         *k = *r;
      } else if (!vtn_eval_spec_op(c, sop, t, srcs, n, k)) {
         vtn_fail(c, "OpSpecConstantOp %s unsupported", agx_spirv_op_name(sop));
      }
      k->spec = true;
      break;
   }
   default:
      vtn_fail(c, "unsupported constant instruction");
   }
}

/* --- driver --------------------------------------------------------------- */

static bool
id_in_bounds(uint32_t id, void *data)
{
   return id != 0 && id < *(const uint32_t *)data;
}

static void
index_instructions(struct vtn_ctx *c)
{
   c->cur = ~0u; /* messages name the word offset themselves */
   if (c->nw < 5)
      vtn_fail(c, "module shorter than its header");
   if (c->w[0] != SpvMagicNumber)
      vtn_fail(c, "bad magic number 0x%08x", c->w[0]);
   c->version = c->w[1];
   if (c->version < 0x10000 || c->version > 0x10600)
      vtn_fail(c, "unsupported SPIR-V version 0x%x", c->version);
   c->bound = c->w[3];
   if (c->bound == 0 || c->bound > MAX_BOUND)
      vtn_fail(c, "id bound %u unsupported", c->bound);
   c->value_pages = vtn_alloc(c, sizeof(*c->value_pages) *
                                    ((c->bound + VTN_VALUE_PAGE - 1) >> VTN_VALUE_PAGE_SHIFT));
   unsigned cap = 1024;
   c->ins = malloc(sizeof(*c->ins) * cap);
   if (!c->ins)
      abort();
   for (size_t off = 5; off < c->nw;) {
      uint32_t op = c->w[off] & 0xffff, wc = c->w[off] >> 16;
      if (wc == 0)
         vtn_fail(c, "instruction at word %zu has word count 0", off);
      if (off + wc > c->nw)
         vtn_fail(c, "instruction at word %zu has word count %u past the end", off, wc);
      const struct agx_spirv_op_info *info = agx_spirv_op_info(op);
      if (!info)
         vtn_fail(c, "unknown opcode %u at word %zu", op, off);
      if (wc < info->min_words)
         vtn_fail(c, "%s at word %zu has %u words, needs at least %u", info->name, off, wc,
                  info->min_words);
      if (c->num_ins == cap) {
         cap *= 2;
         struct vtn_ins *n = realloc(c->ins, sizeof(*c->ins) * cap);
         if (!n)
            abort();
         c->ins = n;
      }
      c->ins[c->num_ins].offset = (uint32_t)off;
      c->ins[c->num_ins].op = (uint16_t)op;
      c->ins[c->num_ins].wc = (uint16_t)wc;
      c->num_ins++;
      /* Result ids must be in range. */
      if (info->has_result) {
         uint32_t id = c->w[off + (info->has_type ? 2 : 1)];
         if (id == 0 || id >= c->bound)
            vtn_fail(c, "%s at word %zu: result id %u out of bounds", info->name, off, id);
      }
      /* Every operand must match the grammar and every id be in range. */
      char bad[96];
      if (!agx_spirv_walk_operands(&c->w[off], wc, id_in_bounds, &c->bound, bad, sizeof(bad)))
         vtn_fail(c, "%s at word %zu: %s", info->name, off, bad);
      off += wc;
   }
}

static bool
string_eq(struct vtn_ctx *c, unsigned i, unsigned first_word, const char *s)
{
   size_t len = strlen(s);
   unsigned n = vtn_wc(c, i);
   size_t avail = (size_t)(n - first_word) * 4;
   if (first_word >= n)
      return false;
   const char *str = (const char *)&c->w[c->ins[i].offset + first_word];
   size_t slen = strnlen(str, avail);
   if (slen == avail)
      vtn_fail(c, "unterminated string");
   return slen == len && memcmp(str, s, len) == 0;
}

static unsigned
string_words(struct vtn_ctx *c, unsigned i, unsigned first_word)
{
   unsigned n = vtn_wc(c, i);
   size_t avail = (size_t)(n - first_word) * 4;
   if (first_word >= n)
      vtn_fail(c, "missing string");
   const char *str = (const char *)&c->w[c->ins[i].offset + first_word];
   size_t slen = strnlen(str, avail);
   if (slen == avail)
      vtn_fail(c, "unterminated string");
   return (unsigned)(slen / 4 + 1);
}

/* Input/Output variables of other entry points (a module may also hold
 * vertex or fragment shaders) are left undefined: only those the compute
 * entry point lists in its interface are translated. */
bool
vtn_in_entry_interface(struct vtn_ctx *c, unsigned i)
{
   unsigned sc = vtn_word(c, i, 3);
   if (sc != SpvStorageClassInput && sc != SpvStorageClassOutput)
      return true;
   uint32_t id = vtn_word(c, i, 2);
   for (unsigned k = c->entry_interface; k < vtn_wc(c, c->entry_ins); k++)
      if (vtn_word(c, c->entry_ins, k) == id)
         return true;
   return false;
}

enum agx_stage
vtn_stage_of_model(unsigned model)
{
   switch (model) {
   case SpvExecutionModelVertex:
      return AGX_STAGE_VERTEX;
   case SpvExecutionModelFragment:
      return AGX_STAGE_FRAGMENT;
   case SpvExecutionModelKernel:
      return AGX_STAGE_KERNEL;
   case SpvExecutionModelGeometry:
      return AGX_STAGE_GEOMETRY;
   case SpvExecutionModelTessellationControl:
      return AGX_STAGE_TESS_CTRL;
   case SpvExecutionModelTessellationEvaluation:
      return AGX_STAGE_TESS_EVAL;
   default:
      return AGX_STAGE_COMPUTE;
   }
}

static void
handle_preamble(struct vtn_ctx *c)
{
   const char *want = c->opts && c->opts->entry ? c->opts->entry : NULL;
   for (unsigned i = 0; i < c->num_ins; i++) {
      c->cur = i;
      switch (c->ins[i].op) {
      case SpvOpDecorate:
         add_decoration(c, i, false);
         break;
      case SpvOpMemberDecorate:
         add_decoration(c, i, true);
         break;
      case SpvOpDecorateId:
      case SpvOpDecorateString:
      case SpvOpMemberDecorateString:
         break; /* no semantic effect for compute */
      case SpvOpDecorationGroup: {
         struct vtn_value *g = vtn_val(c, vtn_word(c, i, 1));
         if (g->kind != VK_NONE)
            vtn_fail(c, "id %u defined twice", vtn_word(c, i, 1));
         g->kind = VK_DECORATION_GROUP;
         break;
      }
      case SpvOpGroupDecorate:
         group_decorate(c, i, false);
         break;
      case SpvOpGroupMemberDecorate:
         group_decorate(c, i, true);
         break;
      case SpvOpEntryPoint: {
         unsigned model = vtn_word(c, i, 1);
         bool compute = model == SpvExecutionModelGLCompute || model == SpvExecutionModelKernel;
         bool graphics = model == SpvExecutionModelVertex || model == SpvExecutionModelFragment ||
                         model == SpvExecutionModelGeometry ||
                         model == SpvExecutionModelTessellationControl ||
                         model == SpvExecutionModelTessellationEvaluation;
         if (!compute && !graphics)
            break;
         if (want && !string_eq(c, i, 3, want))
            break;
         if (c->opts && c->opts->match_stage && vtn_stage_of_model(model) != c->opts->stage)
            break;
         /* without a name: the first compute entry point, else the first
          * graphics one */
         if (c->entry_id && (want || !compute || c->entry_is_compute))
            break;
         c->entry_interface = 3 + string_words(c, i, 3);
         c->entry_ins = i;
         c->entry_id = vtn_word(c, i, 2);
         c->entry_is_compute = compute;
         c->exec_model = model;
         break;
      }
      case SpvOpExtInstImport: {
         struct vtn_value *v = vtn_val(c, vtn_word(c, i, 1));
         v->kind = VK_EXTINST;
         if (string_eq(c, i, 2, "GLSL.std.450"))
            v->extinst = 1;
         else if (string_eq(c, i, 2, "OpenCL.std"))
            v->extinst = 2;
         else if (vtn_wc(c, i) > 2 &&
                  strncmp((const char *)&c->w[c->ins[i].offset + 2], "NonSemantic.", 12) == 0)
            v->extinst = 0;
         else
            vtn_fail(c, "unsupported extended instruction set");
         break;
      }
      case SpvOpMemoryModel: {
         unsigned am = vtn_word(c, i, 1);
         if (am != SpvAddressingModelLogical && am != SpvAddressingModelPhysicalStorageBuffer64 &&
             am != SpvAddressingModelPhysical64)
            vtn_fail(c, "addressing model %u not supported yet", am);
         c->physical64 = am == SpvAddressingModelPhysical64;
         break;
      }
      default:
         break;
      }
   }
   c->cur = ~0u;
   if (!c->entry_id)
      vtn_fail(c,
               want ? "no compute, vertex or fragment entry point named \"%s\""
                    : "no compute, vertex or fragment entry point%s",
               want ? want : "");
   c->shader->stage = vtn_stage_of_model(c->exec_model);
}

static void
handle_modes(struct vtn_ctx *c)
{
   for (unsigned i = 0; i < c->num_ins; i++) {
      c->cur = i;
      unsigned op = c->ins[i].op;
      if (op != SpvOpExecutionMode && op != SpvOpExecutionModeId)
         continue;
      if (vtn_word(c, i, 1) != c->entry_id)
         continue;
      unsigned mode = vtn_word(c, i, 2);
      if (mode == SpvExecutionModeEarlyFragmentTests)
         c->shader->fs.early_fragment_tests = true;
      struct agx_gs_info *gs = &c->shader->gs;
      switch (mode) {
      case SpvExecutionModeInputPoints:
         gs->input_vertices = 1;
         break;
      case SpvExecutionModeInputLines:
         gs->input_vertices = 2;
         break;
      case SpvExecutionModeTriangles:
         gs->input_vertices = 3;
         c->shader->tess.domain = 1 + 0; /* AGX_TESS_DOMAIN_TRI */
         break;
      case SpvExecutionModeQuads:
         c->shader->tess.domain = 1 + 1;
         break;
      case SpvExecutionModeIsolines:
         c->shader->tess.domain = 1 + 2;
         break;
      case SpvExecutionModeSpacingEqual:
         c->shader->tess.spacing = 1 + 0; /* AGX_TESS_SPACING_EQUAL */
         break;
      case SpvExecutionModeSpacingFractionalEven:
         c->shader->tess.spacing = 1 + 1;
         break;
      case SpvExecutionModeSpacingFractionalOdd:
         c->shader->tess.spacing = 1 + 2;
         break;
      case SpvExecutionModeVertexOrderCw:
         c->shader->tess.order = 1;
         break;
      case SpvExecutionModeVertexOrderCcw:
         c->shader->tess.order = 2;
         break;
      case SpvExecutionModePointMode:
         c->shader->tess.point_mode = true;
         break;
      case SpvExecutionModeInputLinesAdjacency:
         gs->input_vertices = 4;
         break;
      case SpvExecutionModeInputTrianglesAdjacency:
         gs->input_vertices = 6;
         break;
      case SpvExecutionModeOutputPoints:
         gs->output_topology = 0;
         break;
      case SpvExecutionModeOutputLineStrip:
         gs->output_topology = 1;
         break;
      case SpvExecutionModeOutputTriangleStrip:
         gs->output_topology = 2;
         break;
      case SpvExecutionModeOutputVertices:
         gs->max_vertices = vtn_word(c, i, 3);
         c->shader->tess.output_vertices = vtn_word(c, i, 3);
         break;
      case SpvExecutionModeInvocations:
         gs->invocations = vtn_word(c, i, 3);
         break;
      default:
         break;
      }
      if (mode == SpvExecutionModeLocalSize || mode == SpvExecutionModeLocalSizeId) {
         for (unsigned k = 0; k < 3; k++) {
            uint64_t v = vtn_word(c, i, 3 + k);
            if (mode == SpvExecutionModeLocalSizeId)
               v = vtn_const_u64(c, (uint32_t)v);
            if (v == 0 || v > 1024)
               vtn_fail(c, "workgroup size %llu unsupported", (unsigned long long)v);
            c->shader->cs.local_size[k] = (uint32_t)v;
         }
         c->have_local_size = true;
      }
   }
   /* A WorkgroupSize built-in constant overrides the execution mode. */
   for (uint32_t id = 1; id < c->bound; id++) {
      if (!c->value_pages[id >> VTN_VALUE_PAGE_SHIFT]) {
         id |= VTN_VALUE_PAGE - 1; /* untouched page: no constants there */
         continue;
      }
      struct vtn_value *v = vtn_val(c, id);
      if (v->kind != VK_CONST)
         continue;
      struct vtn_decoration *d = vtn_find_dec(c, id, -1, SpvDecorationBuiltIn);
      if (!d || d->arg[0] != SpvBuiltInWorkgroupSize)
         continue;
      const struct vtn_const *k = v->cnst;
      if (k->type->base != VTN_VECTOR || k->type->len != 3)
         vtn_fail(c, "WorkgroupSize is not a 3-component vector");
      for (unsigned j = 0; j < 3; j++) {
         if (k->v[j] == 0 || k->v[j] > 1024)
            vtn_fail(c, "workgroup size %llu unsupported", (unsigned long long)k->v[j]);
         c->shader->cs.local_size[j] = (uint32_t)k->v[j];
      }
      c->have_local_size = true;
   }
   if (!c->have_local_size && c->opts && c->opts->local_size[0]) {
      for (unsigned j = 0; j < 3; j++)
         c->shader->cs.local_size[j] = c->opts->local_size[j] ? c->opts->local_size[j] : 1;
   }
   if (c->shader->stage == AGX_STAGE_GEOMETRY) {
      struct agx_gs_info *gs = &c->shader->gs;
      if (!gs->invocations)
         gs->invocations = 1;
      if (!gs->input_vertices || !gs->max_vertices || gs->max_vertices > 1024 ||
          gs->invocations > 32)
         vtn_fail(c,
                  "geometry shader without an input primitive or with %u output vertices, "
                  "%u invocations",
                  gs->max_vertices, gs->invocations);
   }
   if (c->shader->stage == AGX_STAGE_TESS_CTRL &&
       (!c->shader->tess.output_vertices || c->shader->tess.output_vertices > 32))
      vtn_fail(c, "tessellation control shader with %u output vertices (1..32)",
               c->shader->tess.output_vertices);
   uint64_t total = (uint64_t)c->shader->cs.local_size[0] * c->shader->cs.local_size[1] *
                    c->shader->cs.local_size[2];
   if (total > 1024)
      vtn_fail(c, "workgroup of %llu invocations too large", (unsigned long long)total);
}

static void
handle_globals(struct vtn_ctx *c)
{
   unsigned i;
   for (i = 0; i < c->num_ins; i++) {
      c->cur = i;
      unsigned op = c->ins[i].op;
      if (op == SpvOpFunction)
         break;
      switch (op) {
      case SpvOpTypeVoid:
      case SpvOpTypeBool:
      case SpvOpTypeInt:
      case SpvOpTypeFloat:
      case SpvOpTypeVector:
      case SpvOpTypeMatrix:
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
      case SpvOpTypeStruct:
      case SpvOpTypePointer:
      case SpvOpTypeForwardPointer:
      case SpvOpTypeFunction:
      case SpvOpTypeImage:
      case SpvOpTypeSampler:
      case SpvOpTypeSampledImage:
      case SpvOpTypeOpaque:
      case SpvOpTypeEvent:
      case SpvOpTypeDeviceEvent:
      case SpvOpTypeReserveId:
      case SpvOpTypeQueue:
      case SpvOpTypePipe:
         handle_type(c, i);
         break;
      case SpvOpConstantTrue:
      case SpvOpConstantFalse:
      case SpvOpConstant:
      case SpvOpConstantComposite:
      case SpvOpConstantNull:
      case SpvOpSpecConstantTrue:
      case SpvOpSpecConstantFalse:
      case SpvOpSpecConstant:
      case SpvOpSpecConstantComposite:
      case SpvOpSpecConstantOp:
         handle_constant(c, i);
         break;
      case SpvOpVariable:
         if (vtn_in_entry_interface(c, i))
            vtn_create_global_variable(c, i);
         break;
      case SpvOpUndef: {
         struct vtn_value *v = vtn_val(c, vtn_word(c, i, 2));
         struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
         v->kind = VK_CONST;
         v->cnst = null_const(c, t, 0);
         break;
      }
      case SpvOpString: {
         string_words(c, i, 2);
         vtn_val(c, vtn_word(c, i, 1))->kind = VK_STRING;
         break;
      }
      default:
         break;
      }
   }
   vtn_index_functions(c, i);
}

agx_shader *
agx_spirv_to_ir(const uint32_t *words, size_t num_words, const struct agx_spirv_options *opts,
                char *err, size_t err_size)
{
   struct vtn_ctx *c = calloc(1, sizeof(*c));
   if (!c)
      abort();
   c->w = words;
   c->nw = words ? num_words : 0;
   c->err = err;
   c->err_size = err_size;
   c->opts = opts;
   c->mem = agx_shader_create();
   c->shader = agx_shader_create();
   if (err_size)
      err[0] = 0;
   agx_shader *result = NULL;
   if (setjmp(c->jmp) == 0) {
      index_instructions(c);
      handle_preamble(c);
      vtn_scan_variables(c);
      handle_globals(c);
      handle_modes(c);
      vtn_emit_entry(c);
      /* Subgroup intrinsics leave the front end in their 32-bit scalar
       * forms, so every consumer (interpreter, back end) sees the same. */
      agx_pass_lower_subgroup(c->shader);
      result = c->shader;
      c->shader = NULL;
   }
   agx_shader_destroy(c->shader);
   agx_shader_destroy(c->mem);
   free(c->ins);
   free(c->funcs);
   free(c);
   return result;
}

agx_shader *
agx_compile_spirv(const uint32_t *words, size_t num_words, const struct agx_spirv_options *opts,
                  bool lower_io, char *err, size_t err_size)
{
   agx_shader *s = agx_spirv_to_ir(words, num_words, opts, err, err_size);
   if (!s)
      return NULL;
   char verr[256];
   if (!agx_validate(s, verr, sizeof(verr))) {
      snprintf(err, err_size, "invalid SPIR-V: its translation fails IR validation: %s", verr);
      agx_shader_destroy(s);
      return NULL;
   }
   /* vars-to-SSA keeps a definition table per control-flow node: refuse
    * shapes whose tables would not fit in memory. */
   if ((uint64_t)s->num_vars * s->next_block > (UINT64_C(1) << 25)) {
      snprintf(err, err_size, "shader too complex: %u variables x %u blocks", s->num_vars,
               s->next_block);
      agx_shader_destroy(s);
      return NULL;
   }
   agx_pass_vars_to_ssa(s);
   agx_optimize(s);
   if (lower_io) {
      agx_pass_lower_io(s, NULL);
      agx_optimize(s);
   }
   if (!agx_validate(s, verr, sizeof(verr))) {
      snprintf(err, err_size, "internal error: IR invalid after optimisation: %s", verr);
      agx_shader_destroy(s);
      return NULL;
   }
   return s;
}
