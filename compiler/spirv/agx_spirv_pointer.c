/* OpenCL pointers and constant data.
 *
 * Assumes Physical64 kernels (c->physical64): pointers to CrossWorkgroup,
 * Generic, Workgroup, Function and UniformConstant storage are 64-bit values
 * in agx_abi.h's generic encoding (tag in bits 63:62: 0/3 global, 1 shared,
 * 2 private; null is 0). A pointer whose storage is known while translating
 * (a variable, an access chain, a cast, a by-reference argument of an inlined
 * call: vtn_pointer with a fixed space) stays a compile-time pointer and is
 * accessed directly; it becomes a value only when used as one (phi, select,
 * store, conversion, compare), and a Generic value is accessed by testing its
 * tag at run time (shared / private / global branches).
 *
 * Before the module is translated, vtn_scan_variables records how Function,
 * Private and UniformConstant variables are used: in kernels a scalar whose
 * address escapes lives in scratch memory instead of an IR variable, and an
 * aggregate only ever read after one constant store (glslang's copy of a
 * const array indexed dynamically) or initializer goes to the shader's
 * read-only constant data (agx_abi.h AGX_ABI_CONST_DATA), like OpenCL's
 * UniformConstant variables; loads at a known offset fold to constants. */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "agx_abi.h"
#include "agx_spirv_private.h"

static uint32_t
align_up(uint32_t v, uint32_t a)
{
   return (v + a - 1) / a * a;
}

/* --- variable pre-scan ------------------------------------------------------ */

static int
cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

struct vtn_var_scan *
vtn_find_var_scan(struct vtn_ctx *c, uint32_t id)
{
   if (!c->num_var_scan)
      return NULL;
   return bsearch(&id, c->var_scan, c->num_var_scan, sizeof(*c->var_scan), cmp_u32);
}

static struct vtn_var_scan *
chain_var(struct vtn_ctx *c, uint32_t id)
{
   if (!c->num_chain_ids)
      return NULL;
   struct vtn_chain_ref *r = bsearch(&id, c->chain_ids, c->num_chain_ids, sizeof(*r), cmp_u32);
   return r ? &c->var_scan[r->var] : NULL;
}

static bool
scanned_storage(unsigned sc)
{
   return sc == SpvStorageClassFunction || sc == SpvStorageClassPrivate ||
          sc == SpvStorageClassUniformConstant;
}

static bool
is_chain(unsigned op)
{
   return op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain;
}

/* Any other use of a variable or of an access chain into it: the address escapes. */
static void
mark_use(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_var_scan *v = vtn_find_var_scan(c, id);
   if (!v)
      v = chain_var(c, id);
   if (v)
      v->addressed = true;
}

void
vtn_scan_variables(struct vtn_ctx *c)
{
   unsigned nv = 0, nch = 0;
   for (unsigned i = 0; i < c->num_ins; i++)
      nv +=
         c->ins[i].op == SpvOpVariable && c->ins[i].wc >= 4 && scanned_storage(vtn_word(c, i, 3));
   if (!nv)
      return;
   c->var_scan = vtn_alloc(c, nv * sizeof(*c->var_scan));
   for (unsigned i = 0; i < c->num_ins; i++) {
      if (c->ins[i].op != SpvOpVariable || c->ins[i].wc < 4 || !scanned_storage(vtn_word(c, i, 3)))
         continue;
      struct vtn_var_scan *v = &c->var_scan[c->num_var_scan++];
      v->id = vtn_word(c, i, 2);
      v->has_init = c->ins[i].wc > 4;
   }
   qsort(c->var_scan, c->num_var_scan, sizeof(*c->var_scan), cmp_u32);
   for (unsigned i = 0; i < c->num_ins; i++)
      nch += is_chain(c->ins[i].op) && c->ins[i].wc >= 4 && vtn_find_var_scan(c, vtn_word(c, i, 3));
   struct vtn_chain_ref *refs = nch ? vtn_alloc(c, nch * sizeof(*refs)) : NULL;
   for (unsigned i = 0; i < c->num_ins; i++) {
      if (!is_chain(c->ins[i].op) || c->ins[i].wc < 4)
         continue;
      struct vtn_var_scan *v = vtn_find_var_scan(c, vtn_word(c, i, 3));
      if (v)
         refs[c->num_chain_ids++] =
            (struct vtn_chain_ref){vtn_word(c, i, 2), (uint32_t)(v - c->var_scan)};
   }
   if (c->num_chain_ids)
      qsort(refs, c->num_chain_ids, sizeof(*refs), cmp_u32);
   c->chain_ids = refs;

   for (unsigned i = 0; i < c->num_ins; i++) {
      unsigned op = c->ins[i].op, wc = c->ins[i].wc;
      c->cur = i;
      switch (op) {
      case SpvOpName:
      case SpvOpMemberName:
      case SpvOpDecorate:
      case SpvOpMemberDecorate:
      case SpvOpDecorateId:
      case SpvOpDecorateString:
      case SpvOpMemberDecorateString:
      case SpvOpEntryPoint:
      case SpvOpLifetimeStart:
      case SpvOpLifetimeStop:
      case SpvOpLoad:
      case SpvOpGroupDecorate:
      case SpvOpGroupMemberDecorate:
      case SpvOpExecutionModeId:
         continue;
      case SpvOpVariable:
         if (wc > 4)
            mark_use(c, vtn_word(c, i, 4)); /* initialised with a variable's address */
         continue;
      case SpvOpStore: {
         if (wc < 3)
            continue;
         uint32_t ptr = vtn_word(c, i, 1), val = vtn_word(c, i, 2);
         struct vtn_var_scan *v = vtn_find_var_scan(c, ptr), *cv = chain_var(c, ptr);
         if (v && v->store_val && v->store_val != val)
            v->written = true;
         else if (v)
            v->store_val = val;
         if (cv)
            cv->written = true;
         mark_use(c, val);
         continue;
      }
      default:
         break;
      }
      const struct agx_spirv_op_info *info = agx_spirv_op_info(op);
      unsigned first = 1 + (info->has_type ? 1 : 0) + (info->has_result ? 1 : 0);
      for (unsigned k = first; k < wc; k++) {
         uint32_t id = vtn_word(c, i, k);
         if (is_chain(op) && k == 3 && vtn_find_var_scan(c, id))
            continue; /* the base of a chain into the variable */
         mark_use(c, id);
      }
   }
   c->cur = ~0u;
}

/* --- constant data ------------------------------------------------------------ */

static void
write_const(struct vtn_ctx *c, uint8_t *dst, struct vtn_type *t, const struct vtn_const *k,
            unsigned depth)
{
   if (depth > 16)
      vtn_fail(c, "constant nested too deeply");
   if (!k || k->is_null)
      return; /* the data starts zeroed */
   vtn_compute_layout(c, t);
   switch (t->base) {
   case VTN_BOOL: {
      uint32_t b = k->v[0] & 1;
      memcpy(dst, &b, 4);
      return;
   }
   case VTN_INT:
   case VTN_FLOAT:
   case VTN_POINTER:
      memcpy(dst, &k->v[0], t->size); /* little-endian host and GPU */
      return;
   case VTN_VECTOR: {
      uint32_t e = t->size / t->len;
      for (unsigned i = 0; i < t->len; i++) {
         uint64_t v = t->elem->base == VTN_BOOL ? (k->v[i] & 1) : k->v[i];
         memcpy(dst + i * e, &v, e);
      }
      return;
   }
   case VTN_ARRAY:
   case VTN_MATRIX:
   case VTN_STRUCT:
      if (!k->elems)
         return;
      for (unsigned i = 0; i < t->len; i++) {
         struct vtn_type *et = t->base == VTN_STRUCT ? t->members[i] : t->elem;
         vtn_compute_layout(c, et);
         uint32_t off = t->base == VTN_STRUCT  ? (t->offsets[i] & 0x7fffffffu)
                        : t->base == VTN_ARRAY ? i * t->stride
                                               : i * align_up(et->size, et->align);
         write_const(c, dst + off, et, k->elems[i], depth + 1);
      }
      return;
   default:
      vtn_fail(c, "type %u cannot be constant data", t->id);
   }
}

uint32_t
vtn_place_const_data(struct vtn_ctx *c, struct vtn_type *t, const struct vtn_const *k)
{
   agx_shader *s = c->shader;
   /* glslang copies a const array into a new variable at every dynamic use */
   for (struct vtn_const_placed *p = c->const_placed; p; p = p->next)
      if (p->value == k)
         return p->offset;
   vtn_compute_layout(c, t);
   uint32_t align = t->align > AGX_ABI_CONST_DATA_ALIGN ? t->align : AGX_ABI_CONST_DATA_ALIGN;
   uint64_t off = align_up(s->const_data_size, align);
   if (off + t->size > (1u << 24))
      vtn_fail(c, "more than 16 MiB of constant data");
   uint32_t end = (uint32_t)off + t->size;
   if (end > c->const_cap) {
      uint32_t cap = c->const_cap ? c->const_cap * 2 : 256;
      while (cap < end)
         cap *= 2;
      uint8_t *n = agx_alloc(s, cap);
      if (s->const_data_size)
         memcpy(n, s->const_data, s->const_data_size);
      s->const_data = n;
      c->const_cap = cap;
   }
   write_const(c, s->const_data + off, t, k, 0);
   s->const_data_size = end;
   struct vtn_const_placed *p = vtn_alloc(c, sizeof(*p));
   *p = (struct vtn_const_placed){k, (uint32_t)off, c->const_placed};
   c->const_placed = p;
   return (uint32_t)off;
}

/* A load from constant data: a constant when the offset is known. */
agx_instr *
vtn_const_load(struct vtn_ctx *c, agx_instr *off, agx_type t, unsigned align)
{
   agx_builder *b = &c->b;
   unsigned bytes = t.bits / 8;
   if (off->op == AGX_OP_CONST &&
       off->value[0] + (uint64_t)bytes * t.comps <= c->shader->const_data_size) {
      uint64_t v[4] = {0, 0, 0, 0};
      for (unsigned k = 0; k < t.comps; k++)
         memcpy(&v[k], c->shader->const_data + off->value[0] + k * bytes, bytes);
      return agx_const(b, t, v);
   }
   agx_instr *base = agx_intrin(b, AGX_OP_LOAD_CONST_DATA_ADDRESS, agx_type_make(64, 1), 0, NULL,
                                NULL, NULL, 0, 0, 0);
   agx_instr *addr = agx_iadd(b, base, agx_u2u(b, 64, off));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, t, 1, addr, NULL, NULL, align, 0, 0);
}

/* --- the generic encoding ----------------------------------------------------- */

static agx_instr *
tagged(struct vtn_ctx *c, agx_instr *off, uint64_t tag)
{
   agx_builder *b = &c->b;
   return agx_ior(b, agx_u2u(b, 64, off), agx_imm(b, 64, tag << AGX_ABI_PTR_TAG_SHIFT));
}

agx_instr *
vtn_pointer_value(struct vtn_ctx *c, const struct vtn_pointer *p)
{
   agx_builder *b = &c->b;
   if (p->mode != PTR_MEM)
      vtn_fail(c, "the address of this variable cannot be used as a value");
   switch (p->space) {
   case SPACE_GLOBAL:
   case SPACE_GENERIC:
      return p->addr;
   case SPACE_SHARED:
      return tagged(c, p->addr, AGX_ABI_PTR_TAG_SHARED);
   case SPACE_SCRATCH:
      return tagged(c, p->addr, AGX_ABI_PTR_TAG_PRIVATE);
   case SPACE_CONST: {
      agx_instr *base = agx_intrin(b, AGX_OP_LOAD_CONST_DATA_ADDRESS, agx_type_make(64, 1), 0, NULL,
                                   NULL, NULL, 0, 0, 0);
      return agx_iadd(b, base, agx_u2u(b, 64, p->addr));
   }
   default:
      vtn_fail(c, "the address of a by-value kernel argument cannot be used as a value");
   }
}

static unsigned space_storage(enum vtn_space s);

void
vtn_decode_pointer(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_type *pt, agx_instr *v,
                   uint8_t known_space)
{
   p->ptr_type = pt;
   unsigned sc = pt->storage;
   if (sc == SpvStorageClassGeneric && known_space)
      sc = space_storage((enum vtn_space)(known_space - 1)); /* decided at compile time */
   switch (sc) {
   case SpvStorageClassWorkgroup:
      p->space = SPACE_SHARED;
      p->addr = agx_u2u(&c->b, 32, v);
      break;
   case SpvStorageClassFunction:
      p->space = SPACE_SCRATCH;
      p->addr = agx_u2u(&c->b, 32, v);
      break;
   case SpvStorageClassGeneric:
      p->space = SPACE_GENERIC;
      p->addr = v;
      break;
   default: /* CrossWorkgroup, PhysicalStorageBuffer, UniformConstant (constant data) */
      p->space = SPACE_GLOBAL;
      p->addr = v;
      break;
   }
}

static uint8_t
known_of_space(enum vtn_space s)
{
   return s == SPACE_GLOBAL || s == SPACE_SHARED || s == SPACE_SCRATCH ? (uint8_t)(1 + s) : 0;
}

static uint8_t
known_of_storage(unsigned sc)
{
   switch (sc) {
   case SpvStorageClassWorkgroup:
      return known_of_space(SPACE_SHARED);
   case SpvStorageClassFunction:
      return known_of_space(SPACE_SCRATCH);
   case SpvStorageClassCrossWorkgroup:
      return known_of_space(SPACE_GLOBAL);
   default:
      return 0;
   }
}

struct vtn_ssa *
vtn_pointer_ssa(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_pointer *p = vtn_get_pointer(c, id);
   if (!p->ptr_type)
      vtn_fail(c, "pointer %u has no pointer type", id);
   struct vtn_ssa *s = vtn_ssa_leaf(c, p->ptr_type, vtn_pointer_value(c, p));
   s->known_space = p->mode == PTR_MEM ? known_of_space(p->space) : 0;
   return s;
}

/* --- storage of generic phis ----------------------------------------------------- */

/* Lattice of a pointer's storage: 0 no information yet (or null), 1 + vtn_space known,
 * UNKNOWN mixed or opaque. */
#define SPACE_UNKNOWN 0xffu

struct space_entry {
   uint32_t id, type;
   uint8_t space;
};

static uint8_t
meet(uint8_t a, uint8_t b)
{
   return !a ? b : !b ? a : a == b ? a : SPACE_UNKNOWN;
}

static const struct vtn_const *
null_or_const(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_value *v = vtn_val(c, id);
   return v->kind == VK_CONST ? v->cnst : NULL;
}

/* What is known of a value defined outside the function being translated. */
static uint8_t
outer_space(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_value *v = vtn_val(c, id);
   switch (v->kind) {
   case VK_VAR:
      return v->var->mode == PTR_MEM && known_of_space(v->var->space)
                ? known_of_space(v->var->space)
                : SPACE_UNKNOWN;
   case VK_PTR:
      return v->ptr->mode == PTR_MEM && known_of_space(v->ptr->space)
                ? known_of_space(v->ptr->space)
                : SPACE_UNKNOWN;
   case VK_SSA:
      if (v->ssa->known_space)
         return v->ssa->known_space;
      return v->ssa->type->base == VTN_POINTER && known_of_storage(v->ssa->type->storage)
                ? known_of_storage(v->ssa->type->storage)
                : SPACE_UNKNOWN;
   case VK_CONST: {
      const struct vtn_const *k = null_or_const(c, id);
      return k->is_null || (!k->elems && !k->v[0]) ? 0 : SPACE_UNKNOWN;
   }
   default:
      return SPACE_UNKNOWN;
   }
}

static int
cmp_entry(const void *a, const void *b)
{
   uint32_t x = ((const struct space_entry *)a)->id, y = ((const struct space_entry *)b)->id;
   return x < y ? -1 : x > y;
}

static struct space_entry *
find_entry(struct space_entry *e, unsigned n, uint32_t id)
{
   struct space_entry key = {id, 0, 0};
   return bsearch(&key, e, n, sizeof(*e), cmp_entry);
}

static uint8_t
space_of(struct vtn_ctx *c, struct space_entry *e, unsigned n, uint32_t id)
{
   struct space_entry *x = find_entry(e, n, id);
   return x ? x->space : outer_space(c, id);
}

/* The storage class a pointer id's type names (in the function or outside), or ~0u. */
static unsigned
storage_of(struct vtn_ctx *c, struct space_entry *e, unsigned n, uint32_t id)
{
   struct space_entry *x = find_entry(e, n, id);
   if (x) {
      struct vtn_value *tv = vtn_val(c, x->type);
      return tv->kind == VK_TYPE && tv->type->base == VTN_POINTER ? tv->type->storage : ~0u;
   }
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind == VK_VAR)
      return v->var->storage;
   if (v->kind == VK_PTR)
      return v->ptr->storage;
   if (v->kind == VK_SSA && v->ssa->type->base == VTN_POINTER)
      return v->ssa->type->storage;
   return ~0u;
}

/* A forward dataflow over the function's SPIR-V (before it is translated, its
 * parameters bound to the caller's values): the storage every generic pointer
 * can point into, through casts, access chains, bitcasts, selects and phis.
 * Phis of generic pointers whose sources all agree record it (phi_space), so
 * accesses through them go straight to that memory. */
void
vtn_infer_phi_spaces(struct vtn_ctx *c, struct vtn_function *f)
{
   unsigned n = 0;
   for (unsigned i = f->first + 1; i < f->end; i++) {
      const struct agx_spirv_op_info *info = agx_spirv_op_info(c->ins[i].op);
      /* parameters are bound to the caller's values: looked up as such */
      n += info->has_result && info->has_type && c->ins[i].wc >= 3 &&
           c->ins[i].op != SpvOpFunctionParameter;
   }
   if (!n)
      return;
   struct space_entry *e = vtn_alloc(c, n * sizeof(*e));
   unsigned k = 0;
   for (unsigned i = f->first + 1; i < f->end; i++) {
      const struct agx_spirv_op_info *info = agx_spirv_op_info(c->ins[i].op);
      if (info->has_result && info->has_type && c->ins[i].wc >= 3 &&
          c->ins[i].op != SpvOpFunctionParameter)
         e[k++] = (struct space_entry){vtn_word(c, i, 2), vtn_word(c, i, 1), 0};
   }
   qsort(e, n, sizeof(*e), cmp_entry);
   bool changed = true;
   for (unsigned pass = 0; changed && pass < 16; pass++) {
      changed = false;
      for (unsigned i = f->first + 1; i < f->end; i++) {
         unsigned op = c->ins[i].op, wc = c->ins[i].wc;
         const struct agx_spirv_op_info *info = agx_spirv_op_info(op);
         if (!info->has_result || !info->has_type || wc < 3)
            continue;
         struct space_entry *x = find_entry(e, n, vtn_word(c, i, 2));
         uint8_t s;
         switch (op) {
         case SpvOpPtrCastToGeneric:
            s = wc > 3 ? known_of_storage(storage_of(c, e, n, vtn_word(c, i, 3))) : 0;
            s = s ? s : SPACE_UNKNOWN;
            break;
         case SpvOpPhi:
            s = 0;
            for (unsigned w = 3; w + 1 < wc; w += 2)
               s = meet(s, space_of(c, e, n, vtn_word(c, i, w)));
            break;
         case SpvOpSelect:
            s = wc > 5 ? meet(space_of(c, e, n, vtn_word(c, i, 4)),
                              space_of(c, e, n, vtn_word(c, i, 5)))
                       : SPACE_UNKNOWN;
            break;
         case SpvOpAccessChain:
         case SpvOpInBoundsAccessChain:
         case SpvOpPtrAccessChain:
         case SpvOpInBoundsPtrAccessChain:
         case SpvOpBitcast:
         case SpvOpCopyObject:
            s = wc > 3 ? space_of(c, e, n, vtn_word(c, i, 3)) : SPACE_UNKNOWN;
            break;
         default:
            s = SPACE_UNKNOWN;
            break;
         }
         if (x && x->space != s && meet(x->space, s) != x->space) {
            x->space = meet(x->space, s);
            changed = true;
         }
      }
   }
   for (unsigned i = f->first + 1; i < f->end; i++) {
      if (c->ins[i].op != SpvOpPhi || c->ins[i].wc < 3)
         continue;
      struct vtn_value *tv = vtn_val(c, vtn_word(c, i, 1));
      if (tv->kind != VK_TYPE || tv->type->base != VTN_POINTER ||
          tv->type->storage != SpvStorageClassGeneric)
         continue;
      uint8_t s = space_of(c, e, n, vtn_word(c, i, 2));
      vtn_val(c, vtn_word(c, i, 2))->phi_space = s != SPACE_UNKNOWN ? s : 0;
   }
}

static agx_instr *
tag_of(struct vtn_ctx *c, agx_instr *v)
{
   agx_builder *b = &c->b;
   return agx_u2u(b, 32, agx_ushr(b, v, agx_imm(b, 32, AGX_ABI_PTR_TAG_SHIFT)));
}

static agx_instr *
tag_is(struct vtn_ctx *c, agx_instr *tag, unsigned want)
{
   return agx_ieq(&c->b, tag, agx_imm(&c->b, 32, want));
}

/* Whether a generic value points into storage class sc (1-bit). */
static agx_instr *
points_into(struct vtn_ctx *c, agx_instr *v, unsigned sc)
{
   agx_builder *b = &c->b;
   agx_instr *tag = tag_of(c, v);
   switch (sc) {
   case SpvStorageClassWorkgroup:
      return tag_is(c, tag, AGX_ABI_PTR_TAG_SHARED);
   case SpvStorageClassFunction:
      return tag_is(c, tag, AGX_ABI_PTR_TAG_PRIVATE);
   default:
      return agx_iand(b, agx_ine(b, tag, agx_imm(b, 32, AGX_ABI_PTR_TAG_SHARED)),
                      agx_ine(b, tag, agx_imm(b, 32, AGX_ABI_PTR_TAG_PRIVATE)));
   }
}

static unsigned
space_storage(enum vtn_space s)
{
   switch (s) {
   case SPACE_SHARED:
      return SpvStorageClassWorkgroup;
   case SPACE_SCRATCH:
      return SpvStorageClassFunction;
   default:
      return SpvStorageClassCrossWorkgroup;
   }
}

/* --- access through generic pointers ------------------------------------------ */

/* Three-way branch on the tag: shared, private, else global. Loads return the value. */
agx_instr *
vtn_generic_access(struct vtn_ctx *c, agx_instr *addr, agx_type t, agx_instr *store_val,
                   unsigned align)
{
   agx_builder *b = &c->b;
   agx_instr *tag = tag_of(c, addr), *off = agx_u2u(b, 32, addr);
   unsigned var = store_val ? 0 : agx_shader_add_var(b->shader, t);
   static const unsigned load_ops[3] = {AGX_OP_LOAD_SHARED, AGX_OP_LOAD_SCRATCH,
                                        AGX_OP_LOAD_GLOBAL};
   static const unsigned store_ops[3] = {AGX_OP_STORE_SHARED, AGX_OP_STORE_SCRATCH,
                                         AGX_OP_STORE_GLOBAL};
   agx_if *ifs[2] = {NULL, NULL};
   ifs[0] = agx_push_if(b, tag_is(c, tag, AGX_ABI_PTR_TAG_SHARED));
   for (unsigned k = 0; k < 3; k++) {
      if (k == 1) {
         agx_push_else(b, ifs[0]);
         ifs[1] = agx_push_if(b, tag_is(c, tag, AGX_ABI_PTR_TAG_PRIVATE));
      } else if (k == 2) {
         agx_push_else(b, ifs[1]);
      }
      agx_instr *a = k == 2 ? addr : off;
      if (store_val) {
         agx_intrin(b, store_ops[k], agx_type_make(0, 0), 2, a, store_val, NULL, align, 0, 0);
      } else {
         agx_instr *v = agx_intrin(b, load_ops[k], t, 1, a, NULL, NULL, align, 0, 0);
         agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, v, NULL, NULL, var, 0, 0);
      }
   }
   agx_pop_if(b, ifs[1]);
   agx_pop_if(b, ifs[0]);
   if (store_val)
      return NULL;
   return agx_intrin(b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, var, 0, 0);
}

/* Private memory belongs to one invocation: its atomics are a load, the operation, a store. */
static agx_instr *
private_atomic(struct vtn_ctx *c, agx_instr *off, agx_type t, bool cmpxchg, unsigned aop,
               agx_instr *val, agx_instr *cmp)
{
   agx_builder *b = &c->b;
   agx_instr *old = agx_intrin(b, AGX_OP_LOAD_SCRATCH, t, 1, off, NULL, NULL, t.bits / 8, 0, 0);
   agx_instr *nv;
   if (cmpxchg) {
      nv = agx_bcsel(b, agx_ieq(b, old, cmp), val, old);
   } else {
      switch (aop) {
      case AGX_ATOMIC_SMIN:
         nv = agx_imin(b, old, val);
         break;
      case AGX_ATOMIC_SMAX:
         nv = agx_imax(b, old, val);
         break;
      case AGX_ATOMIC_UMIN:
         nv = agx_umin(b, old, val);
         break;
      case AGX_ATOMIC_UMAX:
         nv = agx_umax(b, old, val);
         break;
      case AGX_ATOMIC_AND:
         nv = agx_iand(b, old, val);
         break;
      case AGX_ATOMIC_OR:
         nv = agx_ior(b, old, val);
         break;
      case AGX_ATOMIC_XOR:
         nv = agx_ixor(b, old, val);
         break;
      case AGX_ATOMIC_XCHG:
         nv = val;
         break;
      default:
         nv = agx_iadd(b, old, val);
         break;
      }
   }
   agx_intrin(b, AGX_OP_STORE_SCRATCH, agx_type_make(0, 0), 2, off, nv, NULL, t.bits / 8, 0, 0);
   return old;
}

static agx_instr *
atomic_direct(struct vtn_ctx *c, enum vtn_space space, agx_instr *addr, agx_type t, bool cmpxchg,
              unsigned aop, agx_instr *val, agx_instr *cmp)
{
   agx_builder *b = &c->b;
   if (space == SPACE_SCRATCH)
      return private_atomic(c, addr, t, cmpxchg, aop, val, cmp);
   bool global = space == SPACE_GLOBAL;
   if (cmpxchg)
      return agx_intrin(b, global ? AGX_OP_ATOMIC_GLOBAL_CMPXCHG : AGX_OP_ATOMIC_SHARED_CMPXCHG, t,
                        3, addr, cmp, val, 0, 0, 0);
   return agx_intrin(b, global ? AGX_OP_ATOMIC_GLOBAL : AGX_OP_ATOMIC_SHARED, t, 2, addr, val, NULL,
                     aop, 0, 0);
}

agx_instr *
vtn_atomic_at(struct vtn_ctx *c, enum vtn_space space, agx_instr *addr, agx_type t, bool cmpxchg,
              unsigned aop, agx_instr *val, agx_instr *cmp)
{
   if (space != SPACE_GENERIC)
      return atomic_direct(c, space, addr, t, cmpxchg, aop, val, cmp);
   agx_builder *b = &c->b;
   agx_instr *tag = tag_of(c, addr), *off = agx_u2u(b, 32, addr);
   unsigned var = agx_shader_add_var(b->shader, t);
   static const enum vtn_space spaces[3] = {SPACE_SHARED, SPACE_SCRATCH, SPACE_GLOBAL};
   agx_if *ifs[2] = {NULL, NULL};
   ifs[0] = agx_push_if(b, tag_is(c, tag, AGX_ABI_PTR_TAG_SHARED));
   for (unsigned k = 0; k < 3; k++) {
      if (k == 1) {
         agx_push_else(b, ifs[0]);
         ifs[1] = agx_push_if(b, tag_is(c, tag, AGX_ABI_PTR_TAG_PRIVATE));
      } else if (k == 2) {
         agx_push_else(b, ifs[1]);
      }
      agx_instr *r = atomic_direct(c, spaces[k], k == 2 ? addr : off, t, cmpxchg, aop, val, cmp);
      agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, r, NULL, NULL, var, 0, 0);
   }
   agx_pop_if(b, ifs[1]);
   agx_pop_if(b, ifs[0]);
   return agx_intrin(b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, var, 0, 0);
}

/* The shared and private branches of generic accesses in a shader with no such
 * memory can never run (no pointer carries the tag): drop them, so the back
 * end sees no access to memory the shader does not have. */
void
vtn_drop_unbacked_accesses(struct vtn_ctx *c)
{
   agx_shader *s = c->shader;
   bool no_shared = !s->cs.shared_size && !s->num_local_args, no_scratch = !s->scratch_size;
   if (!no_shared && !no_scratch)
      return;
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      bool shared = I->op == AGX_OP_LOAD_SHARED || I->op == AGX_OP_STORE_SHARED ||
                    I->op == AGX_OP_ATOMIC_SHARED || I->op == AGX_OP_ATOMIC_SHARED_CMPXCHG;
      bool scratch = I->op == AGX_OP_LOAD_SCRATCH || I->op == AGX_OP_STORE_SCRATCH;
      if (!((shared && no_shared) || (scratch && no_scratch)))
         continue;
      if (agx_info(I)->has_dest) {
         agx_builder b = agx_builder_before(s, I);
         agx_rewrite_uses(s, I, agx_undef(&b, I->type));
      }
      agx_instr_remove(I);
   }
}

/* --- casts and compares --------------------------------------------------------- */

static void
push_ptr(struct vtn_ctx *c, uint32_t id, struct vtn_pointer *p)
{
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != VK_NONE)
      vtn_fail(c, "id %u defined twice", id);
   v->kind = VK_PTR;
   v->ptr = p;
}

static bool
is_static(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_value *v = vtn_val(c, id);
   return v->kind == VK_VAR || v->kind == VK_PTR;
}

/* OpGenericCastToPtr(Explicit): to storage sc. Explicit casts give null when the
 * pointer points elsewhere; the plain cast is undefined then (also null here). */
static void
generic_to(struct vtn_ctx *c, struct vtn_type *rt, uint32_t id, uint32_t src, unsigned sc)
{
   agx_builder *b = &c->b;
   if (sc != SpvStorageClassWorkgroup && sc != SpvStorageClassFunction &&
       sc != SpvStorageClassCrossWorkgroup)
      vtn_fail(c, "cast of a generic pointer to storage class %u", sc);
   if (is_static(c, src)) {
      struct vtn_pointer *sp = vtn_get_pointer(c, src);
      if (sp->mode == PTR_MEM && sp->space != SPACE_GENERIC) {
         if (space_storage(sp->space) == sc) {
            struct vtn_pointer *p = vtn_alloc(c, sizeof(*p));
            *p = *sp;
            p->storage = sc;
            p->ptr_type = rt;
            push_ptr(c, id, p);
         } else {
            vtn_push_def(c, id, rt, agx_imm(b, 64, 0));
         }
         return;
      }
   }
   agx_instr *v = vtn_def(c, src);
   vtn_push_def(c, id, rt, agx_bcsel(b, points_into(c, v, sc), v, agx_imm(b, 64, 0)));
}

bool
vtn_handle_pointer_op(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   agx_builder *b = &c->b;
   switch (op) {
   case SpvOpLifetimeStart:
   case SpvOpLifetimeStop:
      return true; /* no stack to shrink: variables live for the whole invocation */
   case SpvOpPtrCastToGeneric: {
      struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
      uint32_t id = vtn_word(c, i, 2), src = vtn_word(c, i, 3);
      if (rt->base != VTN_POINTER || rt->storage != SpvStorageClassGeneric || !c->physical64)
         vtn_fail(c, "OpPtrCastToGeneric needs a Physical64 generic pointer result");
      if (is_static(c, src)) {
         /* the storage stays known: accesses through the result go straight there */
         struct vtn_pointer *p = vtn_alloc(c, sizeof(*p));
         *p = *vtn_get_pointer(c, src);
         if (p->mode != PTR_MEM || (p->space != SPACE_GLOBAL && p->space != SPACE_SHARED &&
                                    p->space != SPACE_SCRATCH && p->space != SPACE_GENERIC))
            vtn_fail(c, "this pointer cannot be cast to a generic pointer");
         p->storage = SpvStorageClassGeneric;
         p->ptr_type = rt;
         push_ptr(c, id, p);
      } else {
         /* the value already is in the generic encoding */
         struct vtn_ssa *sv = vtn_ssa_of(c, src);
         if (!sv->def)
            vtn_fail(c, "OpPtrCastToGeneric of a non-pointer");
         struct vtn_ssa *r = vtn_ssa_leaf(c, rt, sv->def);
         r->known_space = sv->type->base == VTN_POINTER ? known_of_storage(sv->type->storage) : 0;
         if (sv->type->base == VTN_POINTER && sv->type->storage == SpvStorageClassGeneric)
            r->known_space = sv->known_space;
         vtn_push_ssa(c, id, r);
      }
      return true;
   }
   case SpvOpSelect: {
      /* of pointers: a value, still known when both sides are (null counts as either) */
      struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
      if (!c->physical64 || rt->base != VTN_POINTER || vtn_wc(c, i) < 6)
         return false;
      agx_instr *cond = vtn_def(c, vtn_word(c, i, 3));
      struct vtn_ssa *x = vtn_ssa_of(c, vtn_word(c, i, 4)), *y = vtn_ssa_of(c, vtn_word(c, i, 5));
      if (!x->def || !y->def || cond->type.bits != 1 || cond->type.comps != 1)
         vtn_fail(c, "bad pointer select");
      struct vtn_ssa *r = vtn_ssa_leaf(c, rt, agx_bcsel(b, cond, x->def, y->def));
      uint8_t kx = outer_space(c, vtn_word(c, i, 4)), ky = outer_space(c, vtn_word(c, i, 5));
      uint8_t k = meet(kx, ky);
      r->known_space = k != SPACE_UNKNOWN ? k : 0;
      vtn_push_ssa(c, vtn_word(c, i, 2), r);
      return true;
   }
   case SpvOpGenericCastToPtr:
   case SpvOpGenericCastToPtrExplicit: {
      struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
      if (rt->base != VTN_POINTER)
         vtn_fail(c, "cast result is not a pointer");
      unsigned sc = op == SpvOpGenericCastToPtrExplicit ? vtn_word(c, i, 4) : rt->storage;
      if (sc != rt->storage)
         vtn_fail(c, "cast storage class differs from the result type's");
      generic_to(c, rt, vtn_word(c, i, 2), vtn_word(c, i, 3), sc);
      return true;
   }
   case SpvOpGenericPtrMemSemantics: {
      struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
      uint32_t id = vtn_word(c, i, 2), src = vtn_word(c, i, 3);
      agx_instr *r;
      if (is_static(c, src) && vtn_get_pointer(c, src)->space != SPACE_GENERIC) {
         enum vtn_space s = vtn_get_pointer(c, src)->space;
         r = agx_imm(b, 32,
                     s == SPACE_SHARED    ? SpvMemorySemanticsWorkgroupMemoryMask
                     : s == SPACE_SCRATCH ? 0
                                          : SpvMemorySemanticsCrossWorkgroupMemoryMask);
      } else {
         agx_instr *tag = tag_of(c, vtn_def(c, src));
         r = agx_bcsel(b, tag_is(c, tag, AGX_ABI_PTR_TAG_SHARED),
                       agx_imm(b, 32, SpvMemorySemanticsWorkgroupMemoryMask),
                       agx_bcsel(b, tag_is(c, tag, AGX_ABI_PTR_TAG_PRIVATE), agx_imm(b, 32, 0),
                                 agx_imm(b, 32, SpvMemorySemanticsCrossWorkgroupMemoryMask)));
      }
      vtn_push_def(c, id, rt, r);
      return true;
   }
   case SpvOpPtrEqual:
   case SpvOpPtrNotEqual:
   case SpvOpPtrDiff: {
      struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
      uint32_t id = vtn_word(c, i, 2);
      struct vtn_ssa *x = vtn_ssa_of(c, vtn_word(c, i, 3)), *y = vtn_ssa_of(c, vtn_word(c, i, 4));
      if (!x->def || !y->def || x->def->type.bits != 64 || y->def->type.bits != 64)
         vtn_fail(c, "pointer compare needs pointer values");
      if (op == SpvOpPtrDiff) {
         struct vtn_type *pe = x->type->elem;
         uint32_t size = pe ? vtn_type_size(c, pe) : 1;
         agx_instr *d = agx_idiv(b, agx_isub(b, x->def, y->def), agx_imm(b, 64, size ? size : 1));
         agx_type it = vtn_ir_type(c, rt);
         vtn_push_def(c, id, rt, agx_resize(b, d, it.bits, true));
      } else {
         agx_instr *r =
            op == SpvOpPtrEqual ? agx_ieq(b, x->def, y->def) : agx_ine(b, x->def, y->def);
         vtn_push_def(c, id, rt, r);
      }
      return true;
   }
   case SpvOpBitcast: {
      /* pointer to pointer of the same storage class: keep a known pointer known */
      struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
      uint32_t src = vtn_word(c, i, 3);
      if (!c->physical64 || rt->base != VTN_POINTER || !is_static(c, src))
         return false;
      struct vtn_pointer *p = vtn_alloc(c, sizeof(*p));
      *p = *vtn_get_pointer(c, src);
      if (p->mode != PTR_MEM)
         vtn_fail(c, "bitcast of a pointer to a register variable");
      p->type = rt->elem;
      p->ptr_type = rt;
      push_ptr(c, vtn_word(c, i, 2), p);
      return true;
   }
   default:
      return false;
   }
}
