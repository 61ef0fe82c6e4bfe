/* Variables, pointers and memory access. Assumes decorations were collected
 * before types. Access chains become explicit byte-offset arithmetic using
 * Offset / ArrayStride / MatrixStride / RowMajor where decorated and a
 * natural layout (scalar alignment, vec3 aligned like vec4) where not
 * (Function, Private and Workgroup aggregates). Address spaces:
 *   StorageBuffer / Uniform (buffer blocks)  -> global, 64-bit address from
 *        load_buffer_address(set, binding, array index)
 *   PhysicalStorageBuffer                     -> global, 64-bit pointer values
 *   PushConstant                              -> load_push_constant(offset)
 *   Workgroup                                 -> shared memory offsets
 *   Function / Private scalars and vectors    -> IR variables (vars-to-SSA)
 *   Function / Private aggregates             -> scratch memory offsets
 *   read-only aggregates with a constant value -> the shader's constant data
 *        (UniformConstant with an initializer; Function / Private variables
 *        the pre-scan finds only read after one constant store or
 *        initializer, agx_spirv_pointer.c), 32-bit offsets read with
 *        device loads from load_const_data_address
 *   Generic (OpenCL)                          -> 64-bit tagged values, access
 *        decided at run time unless the pointer's origin is known
 *   Input built-ins                           -> system-value intrinsics
 * Booleans are 32-bit 0/1 in memory. */
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

static uint32_t
align_up(uint32_t v, uint32_t a)
{
   return a ? (v + a - 1) / a * a : v;
}

static struct vtn_type *
pointee(struct vtn_ctx *c, struct vtn_type *pt)
{
   if (pt->base != VTN_POINTER)
      vtn_fail(c, "type %u is not a pointer", pt->id);
   if (!pt->elem)
      pt->elem = vtn_get_type(c, pt->len); /* forward-declared PSB pointee */
   return pt->elem;
}

static uint32_t
scalar_bytes(const struct vtn_type *t)
{
   return t->base == VTN_BOOL ? 4 : t->bits / 8;
}

void
vtn_compute_layout(struct vtn_ctx *c, struct vtn_type *t)
{
   if (t->align)
      return;
   switch (t->base) {
   case VTN_BOOL:
   case VTN_INT:
   case VTN_FLOAT:
      t->size = t->align = scalar_bytes(t);
      break;
   case VTN_VECTOR: {
      uint32_t e = scalar_bytes(t->elem);
      t->size = e * t->len;
      t->align = e * (t->len == 3 ? 4 : t->len);
      break;
   }
   case VTN_POINTER:
      t->size = t->align = 8;
      break;
   case VTN_MATRIX:
      vtn_compute_layout(c, t->elem);
      t->align = t->elem->align;
      t->size = align_up(t->elem->size, t->elem->align) * t->len;
      break;
   case VTN_ARRAY:
   case VTN_RTARRAY:
      vtn_compute_layout(c, t->elem);
      if (!t->stride)
         t->stride = align_up(t->elem->size, t->elem->align);
      t->align = t->elem->align;
      if ((uint64_t)t->stride * t->len > (1u << 31))
         vtn_fail(c, "array type %u too large", t->id);
      t->size = t->stride * t->len;
      break;
   case VTN_STRUCT: {
      uint32_t cur = 0, al = 1;
      for (unsigned m = 0; m < t->len; m++) {
         struct vtn_type *mt = t->members[m];
         vtn_compute_layout(c, mt);
         uint32_t off = (t->offsets[m] & 0x80000000u) ? (t->offsets[m] & 0x7fffffffu)
                                                      : align_up(cur, mt->align);
         t->offsets[m] = off | 0x80000000u;
         uint32_t msize = mt->size;
         if (mt->base == VTN_MATRIX && t->mstride[m])
            msize = t->mstride[m] * (t->row_major[m] ? mt->elem->len : mt->len);
         if ((uint64_t)off + msize > (1u << 31))
            vtn_fail(c, "struct type %u too large", t->id);
         cur = off + msize;
         al = mt->align > al ? mt->align : al;
      }
      t->align = al;
      t->size = align_up(cur, al);
      break;
   }
   default:
      vtn_fail(c, "type %u has no memory layout", t->id);
   }
   if (!t->align)
      t->align = 1;
}

uint32_t
vtn_type_size(struct vtn_ctx *c, struct vtn_type *t)
{
   vtn_compute_layout(c, t);
   return t->size;
}

static uint32_t
member_offset(struct vtn_ctx *c, struct vtn_type *t, unsigned m)
{
   vtn_compute_layout(c, t);
   return t->offsets[m] & 0x7fffffffu;
}

static uint32_t
matrix_stride(struct vtn_ctx *c, struct vtn_type *m, uint32_t decorated)
{
   vtn_compute_layout(c, m);
   return decorated ? decorated : align_up(m->elem->size, m->elem->align);
}

/* --- variables -------------------------------------------------------------- */

static bool
is_buffer_block(struct vtn_type *t)
{
   while (t->base == VTN_ARRAY || t->base == VTN_RTARRAY)
      t = t->elem;
   return t->base == VTN_STRUCT && (t->block || t->buffer_block);
}

/* The constant value of a variable that goes to the shader's constant data, or NULL:
 * UniformConstant variables (read-only by definition), and aggregates in Function or
 * Private storage that are never written except by one constant (initializer or store)
 * and whose address goes nowhere but to loads. */
static const struct vtn_const *
const_data_value(struct vtn_ctx *c, const struct vtn_variable *var, const struct vtn_var_scan *vs)
{
   uint32_t src = 0;
   if (var->storage == SpvStorageClassUniformConstant) {
      src = var->init;
   } else {
      if (!vs || vs->addressed || vs->written || vtn_type_is_scalar_or_vector(var->type) ||
          var->type->base == VTN_RTARRAY)
         return NULL;
      if (vs->has_init && !vs->store_val)
         src = var->init;
      else if (!vs->has_init && vs->store_val)
         src = vs->store_val;
   }
   if (!src)
      return NULL;
   struct vtn_value *v = vtn_val(c, src);
   if (v->kind != VK_CONST) {
      if (var->storage == SpvStorageClassUniformConstant)
         vtn_fail(c, "UniformConstant initializer is not a constant");
      return NULL;
   }
   if (v->cnst->type != var->type)
      return NULL;
   return v->cnst;
}

static void
place_shared(struct vtn_ctx *c, struct vtn_variable *var)
{
   if (var->storage != SpvStorageClassWorkgroup || var->offset != UINT32_MAX)
      return;
   if (is_buffer_block(var->type)) {
      /* SPV_KHR_workgroup_memory_explicit_layout: Block variables are
       * explicitly laid out and all alias from the start of shared memory
       * (the module may then declare no other Workgroup ones) */
      if (var->type->size > 65536)
         vtn_fail(c, "more than 64 KiB of shared memory");
      var->offset = 0;
      if (var->type->size > c->shared_top)
         c->shared_top = var->type->size;
      return;
   }
   uint64_t off = align_up(c->shared_top, var->type->align);
   if (off + var->type->size > 65536)
      vtn_fail(c, "more than 64 KiB of shared memory");
   var->offset = (uint32_t)off;
   c->shared_top = (uint32_t)off + var->type->size;
}

/* Constant data of a variable the entry point uses: one copy per module. */
static void
place_const(struct vtn_ctx *c, struct vtn_variable *var)
{
   if (var->space != SPACE_CONST || var->offset != UINT32_MAX)
      return;
   if (!var->scan) {
      var->offset = vtn_place_const_data(c, var->type, var->const_value);
      return;
   }
   if (!var->scan->const_placed) {
      var->scan->const_offset = vtn_place_const_data(c, var->type, var->const_value);
      var->scan->const_placed = true;
   }
   var->offset = var->scan->const_offset;
}

static struct vtn_variable *
new_variable(struct vtn_ctx *c, unsigned i, bool global)
{
   struct vtn_type *pt = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   unsigned sc = vtn_word(c, i, 3);
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != VK_NONE)
      vtn_fail(c, "id %u defined twice", id);
   if (pt->base != VTN_POINTER || pt->storage != sc)
      vtn_fail(c, "variable type is not a pointer of its storage class");
   struct vtn_variable *var = vtn_alloc(c, sizeof(*var));
   var->type = pointee(c, pt);
   var->ptr_type = pt;
   var->storage = sc;
   var->init = vtn_wc(c, i) > 4 ? vtn_word(c, i, 4) : 0;
   if ((sc == SpvStorageClassFunction) == global)
      vtn_fail(c, "Function variables must be declared inside functions");
   agx_shader *s = c->shader;
   switch (sc) {
   case SpvStorageClassStorageBuffer:
   case SpvStorageClassUniform: {
      if (!is_buffer_block(var->type))
         vtn_fail(c, "buffer variable %u is not a Block", id);
      struct vtn_decoration *ds = vtn_find_dec(c, id, -1, SpvDecorationDescriptorSet);
      struct vtn_decoration *db = vtn_find_dec(c, id, -1, SpvDecorationBinding);
      var->set = ds ? ds->arg[0] : 0;
      var->binding = db ? db->arg[0] : 0;
      if (var->set >= 8)
         vtn_fail(c, "descriptor set %u out of range", var->set);
      var->descriptor_array = var->type->base == VTN_ARRAY || var->type->base == VTN_RTARRAY;
      var->mode = var->descriptor_array ? PTR_DESC : PTR_MEM;
      var->space = SPACE_GLOBAL;
      break;
   }
   case SpvStorageClassPushConstant:
      var->mode = PTR_MEM;
      var->space = SPACE_PUSH;
      if (vtn_type_size(c, var->type) > s->push_size)
         s->push_size = vtn_type_size(c, var->type);
      break;
   case SpvStorageClassWorkgroup:
      /* placed on first use (place_shared): OpenCL modules declare every kernel's
       * __local arrays at module scope */
      vtn_compute_layout(c, var->type);
      var->mode = PTR_MEM;
      var->space = SPACE_SHARED;
      var->offset = UINT32_MAX;
      break;
   case SpvStorageClassUniformConstant:
      if (vtn_is_image_type(var->type)) {
         /* image / sampler descriptors (arrays of them too) */
         struct vtn_decoration *ds = vtn_find_dec(c, id, -1, SpvDecorationDescriptorSet);
         struct vtn_decoration *db = vtn_find_dec(c, id, -1, SpvDecorationBinding);
         var->set = ds ? ds->arg[0] : 0;
         var->binding = db ? db->arg[0] : 0;
         if (var->set >= 8)
            vtn_fail(c, "descriptor set %u out of range", var->set);
         struct vtn_decoration *di = vtn_find_dec(c, id, -1, SpvDecorationInputAttachmentIndex);
         var->input_index = di ? (int)di->arg[0] : -1;
         var->mode = PTR_IMAGE;
         break;
      }
      /* OpenCL program-scope constant data (libclc's lookup tables): placed in the
       * shader's read-only constant data below. */
      if (c->exec_model != SpvExecutionModelKernel || !var->init)
         vtn_fail(c, "UniformConstant variables are only supported as OpenCL constant data");
      /* fallthrough */
   case SpvStorageClassPrivate:
   case SpvStorageClassFunction: {
      struct vtn_var_scan *vs = vtn_find_var_scan(c, id);
      const struct vtn_const *k = const_data_value(c, var, vs);
      if (k) {
         /* placed on first use (place_const), once however often it is inlined */
         var->mode = PTR_MEM;
         var->space = SPACE_CONST;
         var->const_value = k;
         var->scan = vs;
         var->offset = UINT32_MAX;
         var->init = 0; /* nothing to store */
      } else if (vtn_type_is_scalar_or_vector(var->type) &&
                 !(c->physical64 && vs && vs->addressed)) {
         var->mode = PTR_VAR;
         var->var = agx_shader_add_var(s, vtn_ir_type(c, var->type));
      } else {
         vtn_compute_layout(c, var->type);
         if (var->type->base == VTN_RTARRAY)
            vtn_fail(c, "runtime array in function storage");
         var->mode = PTR_MEM;
         var->space = SPACE_SCRATCH;
         uint64_t off = align_up(c->scratch_top, var->type->align);
         if (off + var->type->size > (1u << 20))
            vtn_fail(c, "more than 1 MiB of scratch memory");
         var->offset = (uint32_t)off;
         c->scratch_top = (uint32_t)off + var->type->size;
      }
      break;
   }
   case SpvStorageClassInput: {
      struct vtn_decoration *d = vtn_find_dec(c, id, -1, SpvDecorationBuiltIn);
      if (!agx_stage_is_compute(s->stage) && (!d || vtn_io_builtin_input(c, d->arg[0]))) {
         vtn_io_variable(c, var, id);
         break;
      }
      if (!d)
         vtn_fail(c, "Input variable %u is not a built-in", id);
      var->mode = PTR_BUILTIN;
      var->builtin = d->arg[0];
      /* Vulkan spec, Rasterization, Sample Shading: an entry point
       * that statically uses a SampleId or SamplePosition input shades
       * per sample as if minSampleShading were 1.0, loaded or not (Mesa
       * vtn_variables.c sets uses_sample_shading on the decoration). Only
       * variables of the entry point's interface get here. */
      if (s->stage == AGX_STAGE_FRAGMENT &&
          (var->builtin == SpvBuiltInSampleId || var->builtin == SpvBuiltInSamplePosition))
         s->fs.per_sample = true;
      break;
   }
   case SpvStorageClassOutput:
      if (agx_stage_is_compute(s->stage))
         vtn_fail(c, "Output variables in a compute shader");
      vtn_io_variable(c, var, id);
      vtn_xfb_variable(c, var, id);
      break;
   default:
      vtn_fail(c, "storage class %u not supported", sc);
   }
   v->kind = VK_VAR;
   v->var = var;
   return var;
}

static bool
const_is_zero(const struct vtn_const *k)
{
   if (k->is_null)
      return true;
   if (k->elems) {
      for (unsigned e = 0; e < k->type->len; e++)
         if (!const_is_zero(k->elems[e]))
            return false;
      return true;
   }
   for (unsigned e = 0; e < 4; e++)
      if (k->v[e])
         return false;
   return true;
}

void
vtn_create_global_variable(struct vtn_ctx *c, unsigned i)
{
   struct vtn_variable *var = new_variable(c, i, true);
   if (var->init && var->storage == SpvStorageClassWorkgroup) {
      /* shaderZeroInitializeWorkgroupMemory: Vulkan only allows null
       * initializers here; vtn_emit_global_inits zero-fills them. */
      struct vtn_value *iv = vtn_val(c, var->init);
      if (iv->kind != VK_CONST || !const_is_zero(iv->cnst))
         vtn_fail(c, "Workgroup variable initializer is not zero");
   } else if (var->init && var->storage != SpvStorageClassPrivate &&
              var->storage != SpvStorageClassUniformConstant) {
      vtn_fail(c, "initializer on a non-Private global variable");
   }
   if (var->init) {
      struct vtn_value *iv = vtn_val(c, var->init);
      if (iv->kind != VK_CONST)
         vtn_fail(c, "global initializer is not a constant");
   }
   if (c->num_global_vars % 64 == 0) {
      uint32_t *n = vtn_alloc(c, sizeof(uint32_t) * (c->num_global_vars + 64));
      if (c->num_global_vars)
         memcpy(n, c->global_vars, sizeof(uint32_t) * c->num_global_vars);
      c->global_vars = n;
   }
   c->global_vars[c->num_global_vars++] = vtn_word(c, i, 2);
}

/* Zero-initialised Workgroup variables: the invocations of the workgroup
 * together store zero words over the 4-byte aligned span of the variables
 * (invocation i takes words i, i + n, ... for a workgroup of n), then meet
 * at a workgroup barrier before the shader's own code. The span may reach
 * into neighbouring variables' padding or uninitialised bytes, which
 * nothing has written yet. */
static void
zero_workgroup_vars(struct vtn_ctx *c, uint32_t lo, uint32_t hi)
{
   agx_builder *b = &c->b;
   const uint32_t *ls = c->shader->cs.local_size;
   uint64_t n = (uint64_t)ls[0] * ls[1] * ls[2];
   if (n == 0)
      vtn_fail(c, "workgroup size unknown");
   lo &= ~3u;
   hi = (hi + 3u) & ~3u;
   agx_type u32 = agx_type_make(32, 1);
   unsigned var = agx_shader_add_var(b->shader, u32);
   agx_instr *idx =
      agx_intrin(b, AGX_OP_LOAD_LOCAL_INVOCATION_INDEX, u32, 0, NULL, NULL, NULL, 0, 0, 0);
   agx_instr *start = agx_iadd(b, agx_imul(b, idx, agx_imm(b, 32, 4)), agx_imm(b, 32, lo));
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, start, NULL, NULL, var, 0, 0);
   agx_loop *loop = agx_push_loop(b);
   agx_instr *off = agx_intrin(b, AGX_OP_LOAD_VAR, u32, 0, NULL, NULL, NULL, var, 0, 0);
   agx_if *done = agx_push_if(b, agx_uge(b, off, agx_imm(b, 32, hi)));
   agx_jump(b, AGX_OP_BREAK);
   agx_pop_if(b, done);
   agx_intrin(b, AGX_OP_STORE_SHARED, agx_type_make(0, 0), 2, off, agx_imm(b, 32, 0), NULL, 4, 0,
              0);
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_iadd(b, off, agx_imm(b, 32, 4 * n)),
              NULL, NULL, var, 0, 0);
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
   agx_intrin(b, AGX_OP_BARRIER, agx_type_make(0, 0), 0, NULL, NULL, NULL, SpvScopeWorkgroup,
              SpvScopeWorkgroup,
              SpvMemorySemanticsAcquireReleaseMask | SpvMemorySemanticsWorkgroupMemoryMask);
}

void
vtn_emit_global_inits(struct vtn_ctx *c)
{
   uint32_t lo = UINT32_MAX, hi = 0;
   for (unsigned k = 0; k < c->num_global_vars; k++) {
      struct vtn_variable *var = vtn_val(c, c->global_vars[k])->var;
      if (!var->init || var->space == SPACE_CONST)
         continue;
      if (var->storage == SpvStorageClassWorkgroup) {
         place_shared(c, var);
         lo = var->offset < lo ? var->offset : lo;
         hi = var->offset + var->type->size > hi ? var->offset + var->type->size : hi;
         continue;
      }
      vtn_store(c, vtn_get_pointer(c, c->global_vars[k]), vtn_ssa_of(c, var->init));
   }
   if (hi > lo)
      zero_workgroup_vars(c, lo, hi);
}

/* --- pointers --------------------------------------------------------------- */

static agx_instr *
imm_addr(struct vtn_ctx *c, enum vtn_space space, uint64_t v)
{
   return agx_imm(&c->b, space == SPACE_GLOBAL || space == SPACE_GENERIC ? 64 : 32, v);
}

static agx_instr *
add_offset(struct vtn_ctx *c, struct vtn_pointer *p, uint64_t bytes)
{
   if (!bytes)
      return p->addr;
   return agx_iadd(&c->b, p->addr, imm_addr(c, p->space, bytes));
}

static agx_instr *
add_scaled(struct vtn_ctx *c, struct vtn_pointer *p, agx_instr *idx, uint64_t stride)
{
   if (idx->type.comps != 1 || idx->type.bits == 1)
      vtn_fail(c, "index must be an integer scalar");
   agx_instr *i = agx_resize(&c->b, idx, p->addr->type.bits, true);
   return agx_iadd(&c->b, p->addr, agx_imul(&c->b, i, imm_addr(c, p->space, stride)));
}

/* Points p at the start of descriptor p->desc_index of (set, binding);
 * with robust buffer access, also remembers the range to check against. */
static void
descriptor_pointer(struct vtn_ctx *c, struct vtn_pointer *p)
{
   agx_builder *b = &c->b;
   p->addr = agx_intrin(b, AGX_OP_LOAD_BUFFER_ADDRESS, agx_type_make(64, 1), 1, p->desc_index, NULL,
                        NULL, p->set, p->binding, 0);
   p->bound_base = p->bound_size = NULL;
   if (c->opts && c->opts->robust_buffer_access &&
       (p->storage == SpvStorageClassStorageBuffer || p->storage == SpvStorageClassUniform)) {
      p->bound_base = p->addr;
      p->bound_size = agx_intrin(b, AGX_OP_LOAD_BUFFER_SIZE, agx_type_make(32, 1), 1, p->desc_index,
                                 NULL, NULL, p->set, p->binding, 0);
   }
}

struct vtn_pointer *
vtn_get_pointer(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind == VK_PTR)
      return v->ptr;
   struct vtn_pointer *p = vtn_alloc(c, sizeof(*p));
   p->comp = -1;
   if (v->kind == VK_VAR) {
      struct vtn_variable *var = v->var;
      place_shared(c, var);
      place_const(c, var);
      p->mode = var->mode;
      p->type = var->type;
      p->ptr_type = var->ptr_type;
      p->storage = var->storage;
      p->space = var->space;
      p->var = var->var;
      p->builtin = var->builtin;
      p->io_slot = var->io_slot;
      p->io_interp = var->io_interp;
      p->io_out = var->storage == SpvStorageClassOutput;
      p->set = var->set;
      p->binding = var->binding;
      p->input_index = var->input_index;
      if (var->mode == PTR_IMAGE)
         p->desc_index = agx_imm(&c->b, 32, 0);
      if (var->mode == PTR_MEM) {
         if (var->space == SPACE_GLOBAL) {
            p->desc_index = agx_imm(&c->b, 32, 0);
            descriptor_pointer(c, p);
         } else
            p->addr = agx_imm(&c->b, 32, var->offset);
      }
      return p;
   }
   if (v->kind == VK_SSA || v->kind == VK_CONST) {
      struct vtn_ssa *s = vtn_ssa_of(c, id);
      if (!vtn_is_physical_pointer(s->type))
         vtn_fail(c, "id %u is not a pointer", id);
      p->mode = PTR_MEM;
      p->storage = s->type->storage;
      p->type = pointee(c, s->type);
      vtn_decode_pointer(c, p, s->type, s->def, s->known_space);
      p->mstride = s->ptr_mstride;
      p->row_major = s->ptr_row_major;
      return p;
   }
   vtn_fail(c, "id %u is not a pointer", id);
}

static void
access_chain(struct vtn_ctx *c, unsigned i, bool ptr_chain)
{
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   struct vtn_pointer *p = vtn_alloc(c, sizeof(*p));
   *p = *vtn_get_pointer(c, vtn_word(c, i, 3));
   agx_builder *b = &c->b;
   unsigned k = 4;
   if (ptr_chain) {
      agx_instr *e = vtn_def(c, vtn_word(c, i, k++));
      if (p->mode != PTR_MEM)
         vtn_fail(c, "OpPtrAccessChain on a non-memory pointer");
      uint32_t stride = p->ptr_type ? p->ptr_type->stride : 0;
      if (!stride)
         stride = vtn_type_size(c, p->type);
      p->addr = add_scaled(c, p, e, stride);
   }
   for (; k < vtn_wc(c, i); k++) {
      uint32_t idx_id = vtn_word(c, i, k);
      struct vtn_type *t = p->type;
      if (p->mode == PTR_IO) {
         vtn_io_access(c, p, idx_id);
         continue;
      }
      switch (t->base) {
      case VTN_STRUCT: {
         uint64_t m = vtn_const_u64(c, idx_id);
         if (m >= t->len)
            vtn_fail(c, "member %llu out of range", (unsigned long long)m);
         if (p->mode != PTR_MEM)
            vtn_fail(c, "struct access on a non-memory pointer");
         p->addr = add_offset(c, p, member_offset(c, t, (unsigned)m));
         p->mstride = t->mstride[m];
         p->row_major = t->row_major[m];
         p->type = t->members[m];
         break;
      }
      case VTN_ARRAY:
      case VTN_RTARRAY: {
         agx_instr *idx = vtn_def(c, idx_id);
         if (p->mode == PTR_DESC) {
            if (idx->type.comps != 1 || idx->type.bits == 1)
               vtn_fail(c, "descriptor index must be an integer scalar");
            p->desc_index = agx_resize(b, idx, 32, false);
            descriptor_pointer(c, p);
            p->mode = PTR_MEM;
            p->space = SPACE_GLOBAL;
         } else if (p->mode == PTR_IMAGE) {
            /* arrays of arrays of descriptors flatten row-major */
            if (idx->type.comps != 1 || idx->type.bits == 1)
               vtn_fail(c, "descriptor index must be an integer scalar");
            agx_instr *i32 = agx_resize(b, idx, 32, false);
            uint32_t inner = 1;
            for (struct vtn_type *e = t->elem; e->base == VTN_ARRAY; e = e->elem)
               inner *= e->len;
            if (inner != 1)
               i32 = agx_imul(b, i32, agx_imm(b, 32, inner));
            p->desc_index = agx_iadd(b, p->desc_index, i32);
            /* arrays of input attachments: element k has index base + k
             * (Vulkan InputAttachmentIndex); dynamic indices add up in
             * input_dyn (the read picks the element at run time:
             * agx_spirv_texture.c) */
            if (p->input_index >= 0 && vtn_val(c, idx_id)->kind == VK_CONST)
               p->input_index += (int)(vtn_const_u64(c, idx_id) * inner);
            else if (p->input_index >= 0)
               p->input_dyn = p->input_dyn ? agx_iadd(b, p->input_dyn, i32) : i32;
         } else if (p->mode == PTR_MEM) {
            vtn_compute_layout(c, t);
            p->addr = add_scaled(c, p, idx, t->stride);
         } else if (p->mode == PTR_BUILTIN && t->len == 1) {
            /* SampleMaskIn[1] (32 samples at most): element 0 is the value.
             * An index that is not a constant (a loop over the array's
             * words, unoptimised) can only be 0 in bounds. */
            if (vtn_val(c, idx_id)->kind == VK_CONST && vtn_const_u64(c, idx_id) != 0)
               vtn_fail(c, "built-in array index %llu out of range",
                        (unsigned long long)vtn_const_u64(c, idx_id));
         } else {
            vtn_fail(c, "array access on a non-memory pointer");
         }
         p->type = t->elem;
         break;
      }
      case VTN_MATRIX: {
         agx_instr *idx = vtn_def(c, idx_id);
         if (p->mode != PTR_MEM)
            vtn_fail(c, "matrix access on a non-memory pointer");
         uint32_t ms = matrix_stride(c, t, p->mstride);
         p->addr = add_scaled(c, p, idx, p->row_major ? scalar_bytes(t->elem->elem) : ms);
         p->mstride = ms;
         p->type = t->elem;
         break; /* row_major stays set: the column's components are mstride apart */
      }
      case VTN_VECTOR: {
         if (p->mode == PTR_MEM) {
            agx_instr *idx = vtn_def(c, idx_id);
            p->addr = add_scaled(c, p, idx, p->row_major ? p->mstride : scalar_bytes(t->elem));
            p->row_major = false;
         } else if (p->mode == PTR_VAR || p->mode == PTR_BUILTIN) {
            if (p->comp >= 0 || p->dyn_comp)
               vtn_fail(c, "double component access");
            struct vtn_value *iv = vtn_val(c, idx_id);
            if (iv->kind == VK_CONST) {
               uint64_t cidx = vtn_const_u64(c, idx_id);
               if (cidx >= t->len)
                  vtn_fail(c, "component %llu out of range", (unsigned long long)cidx);
               p->comp = (int)cidx;
            } else {
               p->dyn_comp = vtn_def(c, idx_id);
            }
         } else {
            vtn_fail(c, "vector access on a descriptor");
         }
         p->type = t->elem;
         break;
      }
      default:
         vtn_fail(c, "access chain into a non-composite type");
      }
   }
   if (rt->base != VTN_POINTER || pointee(c, rt) != p->type)
      vtn_fail(c, "access chain result type mismatch");
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != VK_NONE)
      vtn_fail(c, "id %u defined twice", id);
   p->ptr_type = rt;
   if (vtn_is_physical_pointer(rt) && !c->physical64) {
      /* physical pointers are values: keep them as 64-bit SSA addresses (OpenCL
       * pointers stay pointers, with their storage known, until used as values) */
      v->kind = VK_SSA;
      v->ssa = vtn_ssa_leaf(c, rt, p->addr);
      v->ssa->ptr_mstride = p->mstride;
      v->ssa->ptr_row_major = p->row_major;
      return;
   }
   v->kind = VK_PTR;
   v->ptr = p;
}

/* --- loads and stores -------------------------------------------------------- */

static unsigned
load_op(struct vtn_ctx *c, enum vtn_space s, bool store)
{
   switch (s) {
   case SPACE_GLOBAL:
      return store ? AGX_OP_STORE_GLOBAL : AGX_OP_LOAD_GLOBAL;
   case SPACE_SHARED:
      return store ? AGX_OP_STORE_SHARED : AGX_OP_LOAD_SHARED;
   case SPACE_SCRATCH:
      return store ? AGX_OP_STORE_SCRATCH : AGX_OP_LOAD_SCRATCH;
   default:
      if (store)
         vtn_fail(c, "store to push constants");
      return AGX_OP_LOAD_PUSH_CONSTANT;
   }
}

/* Robust buffer access: whether `bytes` at addr lie inside the checked
 * descriptor range of p. The 64-bit offset from the base (an index may take
 * addr below the base, which wraps, or gigabytes past it) saturates to
 * 32 bits; in range means offset < size - bytes + 1, a bound that depends
 * only on the descriptor (so the preamble computes it) and is 0 when the
 * range is smaller than the access. NULL when p is not checked. */
static agx_instr *
in_bounds(struct vtn_ctx *c, const struct vtn_pointer *p, agx_instr *addr, unsigned bytes)
{
   if (!p || !p->bound_base)
      return NULL;
   agx_builder *b = &c->b;
   agx_instr *off = agx_isub(b, addr, p->bound_base);
   agx_instr *halves =
      agx_build(b, AGX_OP_UNPACK_64_2X32, agx_type_make(32, 2), 1, off, NULL, NULL, NULL);
   agx_instr *off32 = agx_bcsel(b, agx_ine(b, agx_extract(b, halves, 1), agx_imm(b, 32, 0)),
                                agx_imm(b, 32, UINT32_MAX), agx_extract(b, halves, 0));
   agx_instr *size = p->bound_size;
   agx_instr *limit = agx_bcsel(b, agx_uge(b, size, agx_imm(b, 32, bytes)),
                                agx_isub(b, size, agx_imm(b, 32, bytes - 1)), agx_imm(b, 32, 0));
   return agx_ult(b, off32, limit);
}

/* The address to access: addr itself, or the sink when out of bounds. */
static agx_instr *
robust_addr(struct vtn_ctx *c, agx_instr *ok, agx_instr *addr)
{
   if (!ok)
      return addr;
   agx_instr *sink = agx_intrin(&c->b, AGX_OP_LOAD_ROBUST_SINK, agx_type_make(64, 1), 0, NULL, NULL,
                                NULL, 0, 0, 0);
   return agx_bcsel(&c->b, ok, addr, sink);
}

/* v, or zero when the access was out of bounds. */
static agx_instr *
robust_value(struct vtn_ctx *c, agx_instr *ok, agx_instr *v)
{
   if (!ok)
      return v;
   uint64_t z[4] = {0, 0, 0, 0};
   agx_instr *cond = ok;
   if (v->type.comps > 1) {
      agx_instr *cs[4] = {ok, ok, ok, ok};
      cond = agx_vec(&c->b, v->type.comps, cs);
   }
   return agx_bcsel(&c->b, cond, v, agx_const(&c->b, v->type, z));
}

static agx_instr *
load_leaf(struct vtn_ctx *c, const struct vtn_pointer *p, enum vtn_space space, agx_instr *addr,
          agx_type t, unsigned align)
{
   agx_type mt = t.bits == 1 ? agx_type_make(32, t.comps) : t;
   agx_instr *v;
   if (space == SPACE_GENERIC) {
      v = vtn_generic_access(c, addr, mt, NULL, align);
   } else if (space == SPACE_CONST) {
      v = vtn_const_load(c, addr, mt, align);
   } else {
      agx_instr *ok = in_bounds(c, p, addr, mt.bits / 8 * mt.comps);
      v = agx_intrin(&c->b, load_op(c, space, false), mt, 1, robust_addr(c, ok, addr), NULL, NULL,
                     space == SPACE_PUSH ? 0 : align, space == SPACE_GLOBAL && c->volatile_load, 0);
      v = robust_value(c, ok, v);
   }
   if (t.bits == 1) {
      uint64_t z[4] = {0, 0, 0, 0};
      v = agx_ine(&c->b, v, agx_const(&c->b, mt, z));
   }
   return v;
}

static void
store_leaf(struct vtn_ctx *c, const struct vtn_pointer *p, enum vtn_space space, agx_instr *addr,
           agx_instr *v, unsigned align)
{
   if (v->type.bits == 1) {
      uint64_t one[4] = {1, 1, 1, 1}, z[4] = {0, 0, 0, 0};
      agx_type mt = agx_type_make(32, v->type.comps);
      v = agx_bcsel(&c->b, v, agx_const(&c->b, mt, one), agx_const(&c->b, mt, z));
   }
   if (space == SPACE_GENERIC) {
      vtn_generic_access(c, addr, v->type, v, align);
      return;
   }
   if (space == SPACE_CONST)
      vtn_fail(c, "store to constant data");
   agx_instr *ok = in_bounds(c, p, addr, v->type.bits / 8 * v->type.comps);
   agx_intrin(&c->b, load_op(c, space, true), agx_type_make(0, 0), 2, robust_addr(c, ok, addr), v,
              NULL, align, 0, 0);
}

static struct vtn_ssa *load_mem(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_type *t,
                                unsigned depth);

static struct vtn_pointer
sub_pointer(struct vtn_ctx *c, struct vtn_pointer *p, uint64_t off, struct vtn_type *t)
{
   struct vtn_pointer q = *p;
   q.addr = add_offset(c, p, off);
   q.type = t;
   return q;
}

static void
mem_walk(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_type *t, struct vtn_ssa *val,
         struct vtn_ssa **out, unsigned depth)
{
   if (depth > 16)
      vtn_fail(c, "type nested too deeply");
   if (t->base == VTN_RTARRAY)
      vtn_fail(c, "cannot load or store a runtime array");
   if (vtn_type_is_scalar_or_vector(t)) {
      agx_type it = vtn_ir_type(c, t);
      unsigned align = scalar_bytes(t->base == VTN_VECTOR ? t->elem : t);
      if (t->base == VTN_VECTOR && p->row_major) {
         /* components of a row-major matrix column are mstride apart */
         agx_instr *comps[4];
         for (unsigned k = 0; k < t->len; k++) {
            agx_instr *a = add_offset(c, p, (uint64_t)k * p->mstride);
            if (val)
               store_leaf(c, p, p->space, a, agx_extract(&c->b, val->def, k), align);
            else
               comps[k] = load_leaf(c, p, p->space, a, agx_type_make(it.bits, 1), align);
         }
         if (!val)
            *out = vtn_ssa_leaf(c, t, agx_vec(&c->b, t->len, comps));
         return;
      }
      if (val) {
         if (!val->def || !agx_type_eq(val->def->type, it))
            vtn_fail(c, "stored value has the wrong type");
         store_leaf(c, p, p->space, p->addr, val->def, align);
      } else {
         *out = vtn_ssa_leaf(c, t, load_leaf(c, p, p->space, p->addr, it, align));
      }
      return;
   }
   unsigned n = t->len;
   if (n > 4096)
      vtn_fail(c, "aggregate too large to load or store");
   if (val && (!val->elems || val->type != t))
      vtn_fail(c, "stored value has the wrong type");
   struct vtn_ssa *r = NULL;
   if (!val) {
      r = vtn_ssa_leaf(c, t, NULL);
      r->elems = vtn_alloc(c, sizeof(*r->elems) * n);
   }
   for (unsigned k = 0; k < n; k++) {
      struct vtn_pointer q;
      struct vtn_type *et;
      if (t->base == VTN_STRUCT) {
         et = t->members[k];
         q = sub_pointer(c, p, member_offset(c, t, k), et);
         q.mstride = t->mstride[k];
         q.row_major = t->row_major[k];
      } else if (t->base == VTN_ARRAY) {
         vtn_compute_layout(c, t);
         et = t->elem;
         q = sub_pointer(c, p, (uint64_t)k * t->stride, et);
      } else if (t->base == VTN_MATRIX) {
         uint32_t ms = matrix_stride(c, t, p->mstride);
         et = t->elem;
         q = sub_pointer(c, p, (uint64_t)k * (p->row_major ? scalar_bytes(t->elem->elem) : ms), et);
         q.mstride = ms;
      } else {
         vtn_fail(c, "type %u cannot be loaded or stored", t->id);
      }
      mem_walk(c, &q, et, val ? val->elems[k] : NULL, val ? NULL : &r->elems[k], depth + 1);
   }
   if (!val)
      *out = r;
}

static struct vtn_ssa *
load_mem(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_type *t, unsigned depth)
{
   struct vtn_ssa *r = NULL;
   mem_walk(c, p, t, NULL, &r, depth);
   return r;
}

static agx_instr *
builtin_value(struct vtn_ctx *c, unsigned builtin)
{
   agx_builder *b = &c->b;
   agx_type v3 = agx_type_make(32, 3), s1 = agx_type_make(32, 1);
   switch (builtin) {
   case SpvBuiltInGlobalInvocationId: {
      agx_instr *wg = agx_intrin(b, AGX_OP_LOAD_WORKGROUP_ID, v3, 0, NULL, NULL, NULL, 0, 0, 0);
      agx_instr *li =
         agx_intrin(b, AGX_OP_LOAD_LOCAL_INVOCATION_ID, v3, 0, NULL, NULL, NULL, 0, 0, 0);
      uint64_t sz[4] = {c->shader->cs.local_size[0], c->shader->cs.local_size[1],
                        c->shader->cs.local_size[2], 0};
      return agx_iadd(b, agx_imul(b, wg, agx_const(b, v3, sz)), li);
   }
   case SpvBuiltInLocalInvocationId:
      return agx_intrin(b, AGX_OP_LOAD_LOCAL_INVOCATION_ID, v3, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInWorkgroupId:
      return agx_intrin(b, AGX_OP_LOAD_WORKGROUP_ID, v3, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInNumWorkgroups:
      return agx_intrin(b, AGX_OP_LOAD_NUM_WORKGROUPS, v3, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInWorkgroupSize: {
      uint64_t sz[4] = {c->shader->cs.local_size[0], c->shader->cs.local_size[1],
                        c->shader->cs.local_size[2], 0};
      return agx_const(b, v3, sz);
   }
   case SpvBuiltInLocalInvocationIndex:
      return agx_intrin(b, AGX_OP_LOAD_LOCAL_INVOCATION_INDEX, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInSubgroupSize: {
      /* a SIMD-group is always 32 threads (Mesa's agx_nir_lower_subgroups
       * lowers with subgroup_size = 32; the device advertises min = max =
       * 32): a constant, so gl_SubgroupSize - 1 folds (ShuffleXor masks) */
      uint64_t n[4] = {32, 0, 0, 0};
      return agx_const(b, s1, n);
   }
   case SpvBuiltInSubgroupLocalInvocationId:
      return agx_intrin(b, AGX_OP_LOAD_SUBGROUP_INVOCATION, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInSubgroupId:
      return agx_intrin(b, AGX_OP_LOAD_SUBGROUP_ID, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInNumSubgroups:
      return agx_intrin(b, AGX_OP_LOAD_NUM_SUBGROUPS, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInGlobalSize: {
      agx_instr *nwg = agx_intrin(b, AGX_OP_LOAD_NUM_WORKGROUPS, v3, 0, NULL, NULL, NULL, 0, 0, 0);
      uint64_t sz[4] = {c->shader->cs.local_size[0], c->shader->cs.local_size[1],
                        c->shader->cs.local_size[2], 0};
      return agx_imul(b, nwg, agx_const(b, v3, sz));
   }
   case SpvBuiltInGlobalOffset: {
      uint64_t z[4] = {0, 0, 0, 0};
      return agx_const(b, v3, z);
   }
   case SpvBuiltInDeviceIndex: {
      /* The driver exposes one physical device per device group, so every
       * dispatch runs on device 0 (VK_KHR_device_group, DeviceIndex). */
      uint64_t z[4] = {0, 0, 0, 0};
      return agx_const(b, s1, z);
   }
   case SpvBuiltInVertexIndex:
      return agx_intrin(b, AGX_OP_LOAD_VERTEX_ID, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInInvocationId:
      if (c->shader->stage == AGX_STAGE_TESS_CTRL)
         return agx_extract(
            b, agx_intrin(b, AGX_OP_LOAD_LOCAL_INVOCATION_ID, v3, 0, NULL, NULL, NULL, 0, 0, 0), 0);
      if (c->shader->stage != AGX_STAGE_GEOMETRY)
         vtn_fail(c, "InvocationId outside a geometry shader");
      return agx_intrin(b, AGX_OP_LOAD_VAR, s1, 0, NULL, NULL, NULL, c->gs_invocation_var, 0, 0);
   case SpvBuiltInTessCoord: {
      if (c->shader->stage != AGX_STAGE_TESS_EVAL)
         vtn_fail(c, "TessCoord outside a tessellation evaluation shader");
      agx_instr *tc[3];
      for (unsigned k = 0; k < 3; k++)
         tc[k] = agx_intrin(b, AGX_OP_LOAD_TESS_COORD, s1, 0, NULL, NULL, NULL, k, 0, 0);
      return agx_vec(b, 3, tc);
   }
   case SpvBuiltInPatchVertices:
      if (c->shader->stage != AGX_STAGE_TESS_CTRL && c->shader->stage != AGX_STAGE_TESS_EVAL)
         vtn_fail(c, "PatchVertices outside a tessellation shader");
      return agx_intrin(b, AGX_OP_LOAD_PATCH_VERTICES, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInPrimitiveId:
      /* tessellation: the input primitive of the patch; geometry: the
       * input primitive; fragment: the geometry shader's PrimitiveId output
       * or the hardware's (agx_pass_lower_fs_inputs) */
      if (c->shader->stage != AGX_STAGE_TESS_CTRL && c->shader->stage != AGX_STAGE_TESS_EVAL &&
          c->shader->stage != AGX_STAGE_GEOMETRY && c->shader->stage != AGX_STAGE_FRAGMENT)
         vtn_fail(c, "PrimitiveId input outside a tessellation, geometry or fragment shader");
      return agx_intrin(b, AGX_OP_LOAD_PRIMITIVE_ID, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInInstanceIndex:
      /* r6 counts from 0; Vulkan's InstanceIndex includes firstInstance */
      return agx_iadd(b, agx_intrin(b, AGX_OP_LOAD_INSTANCE_ID, s1, 0, NULL, NULL, NULL, 0, 0, 0),
                      agx_intrin(b, AGX_OP_LOAD_BASE_INSTANCE, s1, 0, NULL, NULL, NULL, 0, 0, 0));
   case SpvBuiltInBaseVertex:
      return agx_intrin(b, AGX_OP_LOAD_BASE_VERTEX, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInBaseInstance:
      return agx_intrin(b, AGX_OP_LOAD_BASE_INSTANCE, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInDrawIndex:
      return agx_intrin(b, AGX_OP_LOAD_DRAW_ID, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInViewIndex:
      /* multiview: the view of the draw, a uniform (agx_abi.h) */
      if (agx_stage_is_compute(c->shader->stage))
         vtn_fail(c, "ViewIndex in a compute shader");
      if (c->opts && c->opts->view_index_is_device_index)
         return agx_imm(b, 32, 0); /* the only device of the group */
      return agx_intrin(b, AGX_OP_LOAD_VIEW_INDEX, s1, 0, NULL, NULL, NULL, 0, 0, 0);
   case SpvBuiltInFragCoord: {
      agx_instr *xy = agx_intrin(b, AGX_OP_LOAD_FRAG_COORD_XY, agx_type_make(32, 2), 0, NULL, NULL,
                                 NULL, 0, 0, 0);
      agx_instr *zw = agx_intrin(b, AGX_OP_LOAD_FRAG_COORD_ZW, agx_type_make(32, 2), 0, NULL, NULL,
                                 NULL, 0, 0, 0);
      agx_instr *v[4] = {agx_extract(b, xy, 0), agx_extract(b, xy, 1), agx_extract(b, zw, 0),
                         agx_extract(b, zw, 1)};
      return agx_vec(b, 4, v);
   }
   case SpvBuiltInLayer:
      /* fragment input: the layer being rendered (graphics.md §4.1: SR 2) */
      if (c->shader->stage != AGX_STAGE_FRAGMENT)
         vtn_fail(c, "Layer input outside a fragment shader");
      return agx_intrin(b, AGX_OP_LOAD_SR, s1, 0, NULL, NULL, NULL, 2, 0, 0);
   case SpvBuiltInPointCoord:
      return agx_intrin(b, AGX_OP_LOAD_POINT_COORD, agx_type_make(32, 2), 0, NULL, NULL, NULL, 0, 0,
                        0);
   case SpvBuiltInFrontFacing:
      return agx_intrin(b, AGX_OP_LOAD_FRONT_FACING, agx_type_make(1, 1), 0, NULL, NULL, NULL, 0, 0,
                        0);
   case SpvBuiltInHelperInvocation:
      return agx_intrin(b, AGX_OP_LOAD_HELPER_INVOCATION, agx_type_make(1, 1), 0, NULL, NULL, NULL,
                        0, 0, 0);
   case SpvBuiltInSampleId:
   case SpvBuiltInSamplePosition:
   case SpvBuiltInSampleMask:
      return vtn_fs_sample_builtin(c, builtin);
   case SpvBuiltInEnqueuedWorkgroupSize: {
      uint64_t sz[4] = {c->shader->cs.local_size[0], c->shader->cs.local_size[1],
                        c->shader->cs.local_size[2], 0};
      return agx_const(b, v3, sz);
   }
   default: {
      agx_instr *mask = vtn_subgroup_mask(c, builtin);
      if (!mask)
         vtn_fail(c, "built-in %u not supported", builtin);
      return mask;
   }
   }
}

static agx_instr *
pick_comp(struct vtn_ctx *c, struct vtn_pointer *p, agx_instr *v)
{
   if (p->comp >= 0)
      return agx_extract(&c->b, v, (unsigned)p->comp);
   if (p->dyn_comp) {
      agx_builder *b = &c->b;
      agx_instr *idx = p->dyn_comp;
      if (idx->type.comps != 1 || idx->type.bits == 1)
         vtn_fail(c, "dynamic component index must be an integer scalar");
      agx_instr *r = agx_extract(b, v, 0);
      for (unsigned k = 1; k < v->type.comps; k++)
         r = agx_bcsel(b, agx_ieq(b, idx, agx_imm(b, idx->type.bits, k)), agx_extract(b, v, k), r);
      return r;
   }
   return v;
}

struct vtn_ssa *
vtn_load(struct vtn_ctx *c, struct vtn_pointer *p)
{
   switch (p->mode) {
   case PTR_VAR: {
      agx_instr *v = agx_intrin(&c->b, AGX_OP_LOAD_VAR, c->shader->var_types[p->var], 0, NULL, NULL,
                                NULL, p->var, 0, 0);
      return vtn_ssa_leaf(c, p->type, pick_comp(c, p, v));
   }
   case PTR_BUILTIN: {
      agx_instr *v = builtin_value(c, p->builtin);
      struct vtn_type *t = p->type;
      agx_instr *r = pick_comp(c, p, v);
      agx_type want = vtn_ir_type(c, t);
      if (want.comps != r->type.comps || (want.bits == 1) != (r->type.bits == 1))
         vtn_fail(c, "built-in %u has the wrong type", p->builtin);
      if (want.bits == 1)
         return vtn_ssa_leaf(c, t, r);
      return vtn_ssa_leaf(c, t, agx_resize(&c->b, r, want.bits, false));
   }
   case PTR_MEM:
      return load_mem(c, p, p->type, 0);
   case PTR_IO:
      return vtn_io_load(c, p);
   case PTR_IMAGE:
      return vtn_load_image(c, p);
   default:
      vtn_fail(c, "cannot load a descriptor array");
   }
}

void
vtn_store(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_ssa *v)
{
   switch (p->mode) {
   case PTR_VAR: {
      agx_type vt = c->shader->var_types[p->var];
      agx_instr *nv = v->def;
      if (!nv)
         vtn_fail(c, "storing an aggregate into a scalar variable");
      if (p->comp >= 0 || p->dyn_comp) {
         agx_builder *b = &c->b;
         if (nv->type.comps != 1 || nv->type.bits != vt.bits)
            vtn_fail(c, "component store of the wrong type");
         agx_instr *old = agx_intrin(b, AGX_OP_LOAD_VAR, vt, 0, NULL, NULL, NULL, p->var, 0, 0);
         agx_instr *comps[4];
         for (unsigned k = 0; k < vt.comps; k++) {
            if (p->dyn_comp)
               comps[k] =
                  agx_bcsel(b, agx_ieq(b, p->dyn_comp, agx_imm(b, p->dyn_comp->type.bits, k)), nv,
                            agx_extract(b, old, k));
            else
               comps[k] = (int)k == p->comp ? nv : agx_extract(b, old, k);
         }
         nv = agx_vec(b, vt.comps, comps);
      }
      if (!agx_type_eq(nv->type, vt))
         vtn_fail(c, "stored value has the wrong type");
      agx_intrin(&c->b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, nv, NULL, NULL, p->var, 0, 0);
      return;
   }
   case PTR_MEM:
      mem_walk(c, p, p->type, v, NULL, 0);
      return;
   case PTR_IO:
      vtn_io_store(c, p, v);
      return;
   default:
      vtn_fail(c, "cannot store to this pointer");
   }
}

/* --- atomics and barriers ------------------------------------------------------ */

/* Release semantics order the accesses before an atomic, acquire those
 * after it: a memory_barrier (the back end waits for outstanding accesses)
 * before / after the atomic. Relaxed atomics get none. */
static void
atomic_order(struct vtn_ctx *c, unsigned i, unsigned scope_word, unsigned sem_word, bool after)
{
   uint64_t sem = vtn_const_u64(c, vtn_word(c, i, sem_word));
   if (c->ins[i].op == SpvOpAtomicCompareExchange)
      sem |= vtn_const_u64(c, vtn_word(c, i, sem_word + 1));
   uint64_t want = SpvMemorySemanticsAcquireReleaseMask |
                   SpvMemorySemanticsSequentiallyConsistentMask |
                   (after ? SpvMemorySemanticsAcquireMask : SpvMemorySemanticsReleaseMask);
   if (!(sem & want))
      return;
   uint64_t scope = vtn_const_u64(c, vtn_word(c, i, scope_word));
   agx_intrin(&c->b, AGX_OP_MEMORY_BARRIER, agx_type_make(0, 0), 0, NULL, NULL, NULL,
              (uint32_t)scope, (uint32_t)sem, 0);
}

static void atomic_op(struct vtn_ctx *c, unsigned i, unsigned op);

static void
atomic(struct vtn_ctx *c, unsigned i, unsigned op)
{
   bool store = op == SpvOpAtomicStore;
   unsigned scope_word = store ? 2 : 4;
   atomic_order(c, i, scope_word, scope_word + 1, false);
   atomic_op(c, i, op);
   atomic_order(c, i, scope_word, scope_word + 1, true);
}

static void
atomic_op(struct vtn_ctx *c, unsigned i, unsigned op)
{
   struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, op == SpvOpAtomicStore ? 1 : 3));
   if (p->mode == PTR_TEXEL) {
      vtn_texel_atomic(c, i, op, p);
      return;
   }
   agx_instr *r = vtn_atomic_mem(c, i, op, p);
   if (op != SpvOpAtomicStore)
      vtn_push_def(c, vtn_word(c, i, 2), vtn_get_type(c, vtn_word(c, i, 1)), r);
}

/* OpAtomicFAddEXT (VK_EXT_shader_atomic_float): the AGX atomic opcodes
 * (applegpu ATOMIC_OPCODES: add, sub, xchg, cmpxchg, umin, imin, umax,
 * imax, and, or, xor; Mesa src/asahi/compiler/agx_compile.c
 * translate_atomic_opcode maps only integer NIR atomics) have no float add,
 * so it is a compare-exchange loop: read the word, add in fp32, swap the
 * sum in if the word still holds the bits that were read; otherwise retry
 * with the bits the swap found. Bits are compared, not floats, so -0.0 and
 * NaN words terminate. Each round some invocation's swap succeeds, so the
 * loop always ends. The result is the word before this invocation's add. */
static agx_instr *
atomic_fadd_loop(struct vtn_ctx *c, struct vtn_pointer *p, agx_instr *addr, agx_type t,
                 agx_instr *val)
{
   agx_builder *b = &c->b;
   unsigned var = agx_shader_add_var(b->shader, t);
   struct vtn_ssa *first = vtn_load(c, p); /* a guess: a stale value only costs a round */
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, first->def, NULL, NULL, var, 0, 0);
   agx_loop *loop = agx_push_loop(b);
   agx_instr *old = agx_intrin(b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, var, 0, 0);
   agx_instr *sum = agx_fadd(b, old, val);
   agx_instr *seen = vtn_atomic_at(c, p->space, addr, t, true, 0, sum, old);
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, seen, NULL, NULL, var, 0, 0);
   agx_if *done = agx_push_if(b, agx_ieq(b, seen, old));
   agx_jump(b, AGX_OP_BREAK);
   agx_pop_if(b, done);
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
   return agx_intrin(b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, var, 0, 0);
}

/* Which value types an atomic may have: integers for every opcode; 32-bit
 * floats (VK_EXT_shader_atomic_float, the only width advertised) for
 * exchange and add. */
static void
check_atomic_type(struct vtn_ctx *c, unsigned op, const struct vtn_pointer *p,
                  const struct vtn_type *t)
{
   if (p->type != t)
      vtn_fail(c, "atomic result type differs from the pointee");
   if (t->base == VTN_INT && op != SpvOpAtomicFAddEXT)
      return;
   if (t->base != VTN_FLOAT || (op != SpvOpAtomicExchange && op != SpvOpAtomicFAddEXT))
      vtn_fail(c, "atomic opcode %u on this value type is not supported", op);
   if (t->bits != 32)
      vtn_fail(c, "%u-bit float atomics are not supported (32-bit only)", t->bits);
}

agx_instr *
vtn_atomic_mem(struct vtn_ctx *c, unsigned i, unsigned op, struct vtn_pointer *p)
{
   agx_builder *b = &c->b;
   if (op == SpvOpAtomicStore) {
      vtn_store(c, p, vtn_ssa_of(c, vtn_word(c, i, 4)));
      return NULL;
   }
   struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
   if (op == SpvOpAtomicLoad) {
      struct vtn_ssa *v = vtn_load(c, p);
      if (!v->def)
         vtn_fail(c, "atomic load of an aggregate");
      return v->def;
   }
   if (p->mode != PTR_MEM || (p->space != SPACE_GLOBAL && p->space != SPACE_SHARED &&
                              p->space != SPACE_GENERIC && p->space != SPACE_SCRATCH))
      vtn_fail(c, "atomics need a buffer, shared, private or generic memory pointer");
   agx_type it = vtn_ir_type(c, t);
   check_atomic_type(c, op, p, t);
   agx_instr *ok = in_bounds(c, p, p->addr, it.bits / 8);
   agx_instr *addr = robust_addr(c, ok, p->addr);
   agx_instr *r;
   if (op == SpvOpAtomicFAddEXT) {
      agx_instr *val = vtn_def(c, vtn_word(c, i, 6));
      if (!agx_type_eq(val->type, it))
         vtn_fail(c, "atomic operand type mismatch");
      r = atomic_fadd_loop(c, p, addr, it, val);
   } else if (op == SpvOpAtomicCompareExchange) {
      agx_instr *val = vtn_def(c, vtn_word(c, i, 7)), *cmp = vtn_def(c, vtn_word(c, i, 8));
      if (!agx_type_eq(val->type, it) || !agx_type_eq(cmp->type, it))
         vtn_fail(c, "atomic operand type mismatch");
      r = vtn_atomic_at(c, p->space, addr, it, true, 0, val, cmp);
   } else {
      unsigned aop;
      agx_instr *val;
      if (op == SpvOpAtomicIIncrement || op == SpvOpAtomicIDecrement) {
         val = agx_imm(b, it.bits, op == SpvOpAtomicIIncrement ? 1 : ~UINT64_C(0));
      } else {
         val = vtn_def(c, vtn_word(c, i, 6));
         if (!agx_type_eq(val->type, it))
            vtn_fail(c, "atomic operand type mismatch");
      }
      switch (op) {
      case SpvOpAtomicExchange:
         aop = AGX_ATOMIC_XCHG;
         break;
      case SpvOpAtomicISub:
         val = agx_ineg(b, val);
         aop = AGX_ATOMIC_ADD;
         break;
      case SpvOpAtomicSMin:
         aop = AGX_ATOMIC_SMIN;
         break;
      case SpvOpAtomicUMin:
         aop = AGX_ATOMIC_UMIN;
         break;
      case SpvOpAtomicSMax:
         aop = AGX_ATOMIC_SMAX;
         break;
      case SpvOpAtomicUMax:
         aop = AGX_ATOMIC_UMAX;
         break;
      case SpvOpAtomicAnd:
         aop = AGX_ATOMIC_AND;
         break;
      case SpvOpAtomicOr:
         aop = AGX_ATOMIC_OR;
         break;
      case SpvOpAtomicXor:
         aop = AGX_ATOMIC_XOR;
         break;
      default:
         aop = AGX_ATOMIC_ADD;
         break; /* IAdd, IIncrement, IDecrement */
      }
      r = vtn_atomic_at(c, p->space, addr, it, false, aop, val, NULL);
   }
   return robust_value(c, ok, r);
}

bool
vtn_handle_memory(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   switch (op) {
   case SpvOpVariable: {
      struct vtn_variable *var = new_variable(c, i, false);
      if (var->init) {
         struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, 2));
         vtn_store(c, p, vtn_ssa_of(c, var->init));
      }
      return true;
   }
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain:
      access_chain(c, i, false);
      return true;
   case SpvOpPtrAccessChain:
   case SpvOpInBoundsPtrAccessChain:
      access_chain(c, i, true);
      return true;
   case SpvOpLoad: {
      struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
      struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, 3));
      if (p->type != t)
         vtn_fail(c, "load result type differs from the pointee");
      /* Volatile: every execution reads memory (coherent loads, not hoisted) */
      c->volatile_load = c->ins[i].wc > 4 && (vtn_word(c, i, 4) & SpvMemoryAccessVolatileMask);
      vtn_push_ssa(c, vtn_word(c, i, 2), vtn_load(c, p));
      c->volatile_load = false;
      return true;
   }
   case SpvOpStore: {
      struct vtn_value *tv = vtn_val(c, vtn_word(c, i, 1));
      if (tv->kind == VK_VAR && tv->var->space == SPACE_CONST &&
          tv->var->storage != SpvStorageClassUniformConstant)
         return true; /* the constant the variable holds (pre-scan) */
      struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, 1));
      struct vtn_ssa *v = vtn_ssa_of(c, vtn_word(c, i, 2));
      if (v->type != p->type &&
          !(vtn_type_is_scalar_or_vector(v->type) && vtn_type_is_scalar_or_vector(p->type) &&
            agx_type_eq(vtn_ir_type(c, v->type), vtn_ir_type(c, p->type))))
         vtn_fail(c, "stored value type differs from the pointee");
      vtn_store(c, p, v);
      return true;
   }
   case SpvOpCopyMemory: {
      struct vtn_pointer *dst = vtn_get_pointer(c, vtn_word(c, i, 1));
      struct vtn_pointer *src = vtn_get_pointer(c, vtn_word(c, i, 2));
      if (dst->type != src->type)
         vtn_fail(c, "OpCopyMemory between different types");
      vtn_store(c, dst, vtn_load(c, src));
      return true;
   }
   case SpvOpCopyMemorySized: {
      /* llvm-spirv's memcpy of struct copies: constant size, both pointers
       * in memory; copied in 32-bit words when the alignment allows. */
      struct vtn_pointer *dst = vtn_get_pointer(c, vtn_word(c, i, 1));
      struct vtn_pointer *src = vtn_get_pointer(c, vtn_word(c, i, 2));
      uint64_t size = vtn_const_u64(c, vtn_word(c, i, 3));
      uint32_t align = 1;
      if (vtn_wc(c, i) > 5 && (vtn_word(c, i, 4) & SpvMemoryAccessAlignedMask))
         align = vtn_word(c, i, 5);
      if (dst->mode != PTR_MEM || src->mode != PTR_MEM || !vtn_type_is_scalar_or_vector(dst->type))
         vtn_fail(c, "OpCopyMemorySized needs byte pointers into memory");
      if (size > 4096)
         vtn_fail(c, "OpCopyMemorySized of %llu bytes is too large", (unsigned long long)size);
      unsigned unit = align >= 4 && size % 4 == 0 ? 4 : 1;
      struct vtn_type *ut = vtn_alloc(c, sizeof(*ut));
      *ut = *dst->type;
      ut->id = 0;
      ut->len = 1;
      ut->bits = unit * 8;
      for (uint64_t off = 0; off < size; off += unit) {
         struct vtn_pointer d = *dst, s2 = *src;
         d.type = s2.type = ut;
         d.ptr_type = s2.ptr_type = NULL;
         d.addr = add_offset(c, dst, off);
         s2.addr = add_offset(c, src, off);
         vtn_store(c, &d, vtn_load(c, &s2));
      }
      return true;
   }
   case SpvOpAtomicLoad:
   case SpvOpAtomicStore:
   case SpvOpAtomicExchange:
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicIIncrement:
   case SpvOpAtomicIDecrement:
   case SpvOpAtomicIAdd:
   case SpvOpAtomicISub:
   case SpvOpAtomicSMin:
   case SpvOpAtomicUMin:
   case SpvOpAtomicSMax:
   case SpvOpAtomicUMax:
   case SpvOpAtomicAnd:
   case SpvOpAtomicOr:
   case SpvOpAtomicXor:
   case SpvOpAtomicFAddEXT:
      atomic(c, i, op);
      return true;
   case SpvOpControlBarrier: {
      uint64_t ex = vtn_const_u64(c, vtn_word(c, i, 1)), mem = vtn_const_u64(c, vtn_word(c, i, 2));
      uint64_t sem = vtn_const_u64(c, vtn_word(c, i, 3));
      if (ex == SpvScopeSubgroup || ex == SpvScopeInvocation) {
         /* A SIMD-group runs in lockstep, so a subgroup execution barrier
          * is no instruction (Mesa src/asahi/compiler/agx_compile.c emits
          * threadgroup_barrier only for workgroup execution scope); a
          * threadgroup_barrier here would wait for the other SIMD-groups,
          * or hang when some lanes or groups have returned (dEQP-VK.
          * memory_model.*.subgroup.*). Its memory semantics remain. */
         if (sem)
            agx_intrin(&c->b, AGX_OP_MEMORY_BARRIER, agx_type_make(0, 0), 0, NULL, NULL, NULL,
                       (uint32_t)mem, (uint32_t)sem, 0);
         return true;
      }
      agx_intrin(&c->b, AGX_OP_BARRIER, agx_type_make(0, 0), 0, NULL, NULL, NULL, (uint32_t)ex,
                 (uint32_t)mem, (uint32_t)sem);
      return true;
   }
   case SpvOpDemoteToHelperInvocation:
      /* the invocation's samples are discarded; it goes on as a helper */
      if (c->shader->stage != AGX_STAGE_FRAGMENT)
         vtn_fail(c, "demote outside a fragment shader");
      agx_intrin(&c->b, AGX_OP_DISCARD, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0, 0, 0);
      return true;
   case SpvOpIsHelperInvocationEXT:
      if (c->shader->stage != AGX_STAGE_FRAGMENT)
         vtn_fail(c, "IsHelperInvocation outside a fragment shader");
      vtn_push_def(c, vtn_word(c, i, 2), vtn_get_type(c, vtn_word(c, i, 1)),
                   agx_intrin(&c->b, AGX_OP_LOAD_HELPER_INVOCATION, agx_type_make(1, 1), 0, NULL,
                              NULL, NULL, 0, 0, 0));
      return true;
   case SpvOpMemoryBarrier: {
      uint64_t mem = vtn_const_u64(c, vtn_word(c, i, 1)), sem = vtn_const_u64(c, vtn_word(c, i, 2));
      agx_intrin(&c->b, AGX_OP_MEMORY_BARRIER, agx_type_make(0, 0), 0, NULL, NULL, NULL,
                 (uint32_t)mem, (uint32_t)sem, 0);
      return true;
   }
   case SpvOpArrayLength: {
      /* (buffer size - member offset) / stride, 0 if the buffer is smaller */
      struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
      struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, 3));
      uint32_t m = vtn_word(c, i, 4);
      if (p->mode != PTR_MEM || !p->desc_index)
         vtn_fail(c, "OpArrayLength needs a pointer to a bound buffer block");
      if (p->type->base != VTN_STRUCT || m >= p->type->len ||
          p->type->members[m]->base != VTN_RTARRAY)
         vtn_fail(c, "OpArrayLength member is not a runtime array");
      if (t->base != VTN_INT || t->bits != 32)
         vtn_fail(c, "OpArrayLength result must be a 32-bit integer");
      agx_builder *b = &c->b;
      struct vtn_type *rt = p->type->members[m];
      vtn_compute_layout(c, rt);
      agx_instr *size = agx_intrin(b, AGX_OP_LOAD_BUFFER_SIZE, agx_type_make(32, 1), 1,
                                   p->desc_index, NULL, NULL, p->set, p->binding, 0);
      agx_instr *off = agx_imm(b, 32, member_offset(c, p->type, m));
      agx_instr *len =
         agx_udiv(b, agx_isub(b, size, off), agx_imm(b, 32, rt->stride ? rt->stride : 1));
      len = agx_bcsel(b, agx_ult(b, size, off), agx_imm(b, 32, 0), len);
      vtn_push_def(c, vtn_word(c, i, 2), t, len);
      return true;
   }
   default:
      return false;
   }
}
