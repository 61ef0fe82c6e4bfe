/* Internal state of the SPIR-V front end (see agx_spirv.h). Errors unwind
 * with longjmp to agx_spirv_to_ir, which frees everything: all front-end
 * memory comes from a private arena (a scratch agx_shader). */
#pragma once
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_builder.h"
#include "agx_spirv.h"
#include "agx_spirv_tables.h"

enum vtn_base {
   VTN_VOID,
   VTN_BOOL,
   VTN_INT,
   VTN_FLOAT,
   VTN_VECTOR,
   VTN_MATRIX,
   VTN_ARRAY,
   VTN_RTARRAY,
   VTN_STRUCT,
   VTN_POINTER,
   VTN_FUNCTION,
   VTN_OPAQUE,
   VTN_IMAGE,         /* OpTypeImage */
   VTN_SAMPLED_IMAGE, /* OpTypeSampledImage: elem = the image type */
};

struct vtn_type {
   enum vtn_base base;
   uint32_t id;
   unsigned bits; /* scalars and vectors: component bit size */
   bool sign;
   unsigned len;          /* vector comps, matrix columns, array length, member count */
   struct vtn_type *elem; /* vector component, matrix column, array element, pointee */
   struct vtn_type **members;
   uint32_t *offsets, *mstride;
   bool *row_major;
   int32_t *member_builtin; /* -1 if none */
   uint32_t stride;         /* ArrayStride (0: not decorated) */
   unsigned storage;        /* pointer storage class */
   bool block, buffer_block;
   /* Physical64 (OpenCL) pointers to Generic, Workgroup, Function or
    * UniformConstant storage: 64-bit values in agx_abi.h's generic encoding */
   bool value_ptr;
   uint32_t size, align; /* layout (explicit where decorated) */
   unsigned depth;       /* nesting depth of aggregates (bounded) */
   /* VTN_IMAGE (elem = sampled type): SpvDim, Sampled (1 sampled, 2
    * storage), SpvImageFormat, Arrayed, MS */
   unsigned image_dim, image_sampled, image_format;
   bool image_arrayed, image_ms;
};

enum vtn_kind {
   VK_NONE,
   VK_TYPE,
   VK_CONST,
   VK_SSA,
   VK_VAR,
   VK_PTR,
   VK_FUNC,
   VK_LABEL,
   VK_EXTINST,
   VK_STRING,
   VK_DECORATION_GROUP,
};

struct vtn_const {
   struct vtn_type *type;
   uint64_t v[4];
   struct vtn_const **elems; /* composites */
   bool spec;
   bool is_null;
};

struct vtn_ssa {
   struct vtn_type *type;
   agx_instr *def;         /* scalars and vectors */
   struct vtn_ssa **elems; /* composites: type->len (or member count) entries */
   /* PhysicalStorageBuffer pointers made by an access chain: the matrix
    * layout (MatrixStride / RowMajor) of the struct member the chain went
    * through, which the pointer type itself does not carry. */
   uint32_t ptr_mstride;
   bool ptr_row_major;
   /* Generic pointer values whose storage is known at compile time (from casts,
    * through selects and phis): 1 + enum vtn_space (GLOBAL, SHARED or SCRATCH); 0: known
    * only at run time. */
   uint8_t known_space;
   /* VTN_IMAGE / VTN_SAMPLED_IMAGE handles: the descriptor they name */
   struct vtn_image_ref *image;
};

/* An image descriptor: (set, binding) and the array index (32-bit); for
 * sampled images and samplers also the sampler's descriptor (the same one
 * for a combined image sampler). */
struct vtn_image_ref {
   unsigned set, binding;
   /* InputAttachmentIndex of the element, -1: none; with input_dyn (an
    * array indexed dynamically) the constant part, input_dyn the 32-bit
    * dynamic part */
   int input_index;
   agx_instr *input_dyn;
   agx_instr *index;
   bool has_sampler;
   unsigned sampler_set, sampler_binding;
   agx_instr *sampler_index;
};

/* GENERIC: a 64-bit agx_abi.h generic pointer whose storage is known only at
 * run time; CONST: a 32-bit offset into the shader's constant data. */
enum vtn_space {
   SPACE_GLOBAL,
   SPACE_SHARED,
   SPACE_SCRATCH,
   SPACE_PUSH,
   SPACE_GENERIC,
   SPACE_CONST
};
/* PTR_IMAGE: an image/sampler descriptor variable (set, binding,
 * desc_index); PTR_TEXEL: OpImageTexelPointer (set, binding, desc_index,
 * texel_coord). */
/* PTR_IO: a graphics stage input or output (agx_spirv_io.c): io_slot,
 * io_comp locate the first 32-bit word (enum agx_io_slot). */
enum vtn_ptr_mode { PTR_VAR, PTR_MEM, PTR_BUILTIN, PTR_DESC, PTR_IMAGE, PTR_TEXEL, PTR_IO };

struct vtn_pointer {
   enum vtn_ptr_mode mode;
   struct vtn_type *type;     /* pointee */
   struct vtn_type *ptr_type; /* the SPIR-V pointer type, if known */
   unsigned storage;
   /* PTR_VAR */
   unsigned var;
   int comp;            /* -1: whole value */
   agx_instr *dyn_comp; /* dynamic component index, or NULL */
   /* PTR_MEM */
   enum vtn_space space;
   agx_instr *addr;  /* 64-bit for global, 32-bit offset otherwise */
   uint32_t mstride; /* matrix stride / layout from the enclosing member */
   bool row_major;
   /* PTR_BUILTIN */
   unsigned builtin;
   /* PTR_DESC, and PTR_MEM pointers into a descriptor's buffer */
   unsigned set, binding;
   int input_index;        /* PTR_IMAGE: InputAttachmentIndex, -1: none */
   agx_instr *input_dyn;   /* PTR_IMAGE: its dynamic part (32-bit), or NULL */
   agx_instr *desc_index;  /* PTR_MEM: array index of the descriptor, or NULL */
   agx_instr *texel_coord; /* PTR_TEXEL: the texel index (images: 32x4 x, y, z|layer, sample) */
   unsigned texel_dim;     /* PTR_TEXEL into an image: agx_image_dim | flags; 0: buffer */
   /* Robust buffer access: the descriptor's base address and size in bytes
    * (both NULL when accesses are not checked) */
   agx_instr *bound_base, *bound_size;
   /* PTR_IO: slot (-1: a block of built-ins not entered yet), word, interp
    * (enum agx_interp | AGX_INTERP_CENTROID), output or input */
   int io_slot;
   unsigned io_comp, io_interp;
   bool io_out;
   /* dynamic array indices (up to VTN_IO_DYN_LEVELS levels, outermost
    * first): io_dyn is the combined element number (index of level 0 times
    * the later levels' lengths, plus ...), io_dyn_len the element count;
    * level l's index d moves by d * dyn_slots[l] slots, d * dyn_comps[l]
    * words (io_slot/io_comp locate element 0) */
   agx_instr *io_dyn;
   unsigned io_dyn_len, io_dyn_levels;
   unsigned io_dyn_n[3], io_dyn_slots[3], io_dyn_comps[3];
   /* geometry shader inputs: the vertex index (the outer array level), or
    * NULL before it is applied (io_interp has VTN_IO_PER_VERTEX then) */
   agx_instr *io_vertex;
};
/* io_interp flag: the pointer's next index selects the input vertex */
#define VTN_IO_PER_VERTEX (1u << 16)
/* io_interp flag: a patch word of a tessellation stage (Patch decoration,
 * TessLevelOuter/Inner), in memory (load_patch / store_patch) */
#define VTN_IO_PATCH (1u << 17)

/* A variable as declared; turned into a vtn_pointer at each use. */
struct vtn_variable {
   struct vtn_type *type; /* pointee */
   struct vtn_type *ptr_type;
   unsigned storage;
   enum vtn_ptr_mode mode;
   enum vtn_space space;
   unsigned var;    /* IR variable (PTR_VAR) */
   uint32_t offset; /* shared / scratch offset */
   unsigned builtin;
   int io_slot; /* PTR_IO */
   unsigned io_interp;
   unsigned set, binding;
   int input_index;       /* InputAttachmentIndex decoration, -1: none */
   bool descriptor_array; /* array of blocks: first index picks a descriptor */
   uint32_t init;         /* initializer id or 0 */
   /* SPACE_CONST: the value and its scan entry, placed in the constant data on first use */
   const struct vtn_const *const_value;
   struct vtn_var_scan *scan;
};

struct vtn_block {
   uint32_t label;
   unsigned first, end;  /* instruction indices: body [first, end), end = terminator */
   unsigned merge_ins;   /* index of OpSelectionMerge/OpLoopMerge, or 0 */
   uint32_t merge, cont; /* loop merge (or selection merge) and loop continue target */
   uint32_t sel_merge;   /* selection merge (also on a loop header when inferred) */
   bool is_loop, is_selection;
   bool emitted;
   /* OpPhi stores to perform at the end of this block: phi id / value id */
   uint32_t *phi_store_phi, *phi_store_val;
   unsigned num_phi_stores, cap_phi_stores;
};

struct vtn_function {
   uint32_t id;
   struct vtn_type *ret;
   unsigned first, end; /* instruction range inside OpFunction..OpFunctionEnd */
   uint32_t *params;
   unsigned num_params;
   struct vtn_block *blocks;
   unsigned num_blocks;
   bool active;                           /* being inlined (recursion check) */
   struct vtn_unstructured *unstructured; /* no merge instructions: agx_spirv_structurize.c */
};

struct vtn_decoration {
   uint32_t dec;
   int32_t member; /* -1: the id itself */
   uint32_t arg[3];
   struct vtn_decoration *next;
};

struct vtn_value {
   enum vtn_kind kind;
   union {
      struct vtn_type *type;
      struct vtn_const *cnst;
      struct vtn_ssa *ssa;
      struct vtn_variable *var;
      struct vtn_pointer *ptr;
      struct vtn_function *func;
      unsigned extinst; /* 1 GLSL.std.450, 2 OpenCL.std, 0 ignored (non-semantic) */
   };
   struct vtn_decoration *decs;
   unsigned block_index;      /* VK_LABEL: index in the current function */
   uint32_t phi_var;          /* OpPhi: first IR variable + 1 (one per leaf) */
   uint8_t phi_space;         /* OpPhi of generic pointers: known_space of the result */
   struct vtn_type *phi_type; /* OpPhi: its type */
};

struct vtn_ins {
   uint32_t offset; /* word offset of the instruction */
   uint16_t op, wc;
};

/* Inlining state of one call (callee-level returns). */
struct vtn_call {
   unsigned ret_var;  /* IR var for the return value (if non-void) */
   unsigned flag_var; /* IR bool var: "returned" */
   bool has_ret_value;
   struct vtn_type *ret_type;
   unsigned loop_depth; /* IR loops open inside this callee */
};

/* What the pre-scan (agx_spirv_pointer.c) learnt about a Function, Private or
 * UniformConstant variable's uses. */
struct vtn_var_scan {
   uint32_t id;
   uint32_t store_val; /* the one value stored to the whole variable, or 0 */
   bool has_init;
   bool addressed;        /* its address is used beyond load/store/access chains */
   bool written;          /* stored through an access chain, or different values */
   bool const_placed;     /* const_offset is valid */
   uint32_t const_offset; /* offset in the shader's constant data */
};

/* An access chain into a scanned variable: result id, index into var_scan. */
struct vtn_chain_ref {
   uint32_t id, var;
};

/* A constant value placed in the shader's constant data (one copy per value). */
struct vtn_const_placed {
   const struct vtn_const *value;
   uint32_t offset;
   struct vtn_const_placed *next;
};

struct vtn_ctx {
   jmp_buf jmp;
   char *err;
   size_t err_size;
   const uint32_t *w;
   size_t nw;
   uint32_t bound;
   uint32_t version;
   struct vtn_ins *ins;
   unsigned num_ins;
   unsigned cur;       /* instruction being processed (for messages) */
   bool volatile_load; /* the OpLoad being translated has the Volatile operand */
   /* Id -> value, in pages of VTN_VALUE_PAGE ids allocated on first use:
    * the id bound may be ~4M while a module uses a handful of sparse ids. */
   struct vtn_value **value_pages;
   agx_shader *mem;    /* arena for front-end data */
   agx_shader *shader; /* the result */
   agx_builder b;
   const struct agx_spirv_options *opts;

   uint32_t entry_id;
   unsigned entry_ins, entry_interface; /* its OpEntryPoint, first interface word */
   unsigned exec_model;
   bool entry_is_compute;
   /* graphics outputs: IR variable + 1 of each written word (agx_spirv_io.c) */
   unsigned io_out_var[AGX_IO_NUM_SLOTS][AGX_IO_MAX_COMPS];
   uint8_t io_out_interp[AGX_IO_NUM_SLOTS];
   /* geometry shaders: the IR variable holding the invocation number
    * (InvocationId; the invocations run in a loop, emulation.md §3) */
   unsigned gs_invocation_var;
   bool have_local_size;
   uint32_t local_size_ids[3];
   bool local_size_is_id;
   struct vtn_function **funcs;
   unsigned num_funcs;
   uint32_t *global_vars; /* ids of module-level variables */
   unsigned num_global_vars;
   unsigned shared_top, scratch_top;
   bool physical64;               /* OpMemoryModel Physical64 (OpenCL) */
   struct vtn_var_scan *var_scan; /* sorted by id */
   unsigned num_var_scan;
   struct vtn_chain_ref *chain_ids; /* access chains on scanned variables, sorted by id */
   unsigned num_chain_ids;
   unsigned const_cap;                    /* bytes allocated at shader->const_data */
   struct vtn_const_placed *const_placed; /* values already in the constant data */

   struct vtn_call *call;   /* innermost inlined call, NULL in the entry */
   unsigned depth;          /* recursion guard for the structured walk */
   size_t allocated;        /* front-end bytes, bounded */
   agx_block *switch_entry; /* block before the innermost switch (flag init) */
};

/* agx_spirv_module.c */
enum agx_stage vtn_stage_of_model(unsigned model);
_Noreturn void vtn_fail(struct vtn_ctx *c, const char *fmt, ...);
uint32_t vtn_word(struct vtn_ctx *c, unsigned ins, unsigned i);
unsigned vtn_wc(struct vtn_ctx *c, unsigned ins);
struct vtn_value *vtn_val(struct vtn_ctx *c, uint32_t id);
struct vtn_value *vtn_val_kind(struct vtn_ctx *c, uint32_t id, enum vtn_kind kind);
struct vtn_type *vtn_get_type(struct vtn_ctx *c, uint32_t id);
struct vtn_decoration *vtn_find_dec(struct vtn_ctx *c, uint32_t id, int member, uint32_t dec);
const struct vtn_const *vtn_get_const(struct vtn_ctx *c, uint32_t id);
uint64_t vtn_const_u64(struct vtn_ctx *c, uint32_t id);
void *vtn_alloc(struct vtn_ctx *c, size_t size);
bool vtn_type_is_scalar_or_vector(const struct vtn_type *t);
bool vtn_is_physical_pointer(const struct vtn_type *t);
agx_type vtn_ir_type(struct vtn_ctx *c, const struct vtn_type *t);

/* agx_spirv_alu.c */
bool vtn_handle_alu(struct vtn_ctx *c, unsigned ins);
bool vtn_handle_composite(struct vtn_ctx *c, unsigned ins);
void vtn_handle_extinst(struct vtn_ctx *c, unsigned ins);
/* Maps an ALU opcode to an IR opcode for OpSpecConstantOp; false if unknown. */
bool vtn_eval_spec_op(struct vtn_ctx *c, unsigned spv_op, struct vtn_type *t,
                      const struct vtn_const **srcs, unsigned n, struct vtn_const *out);

/* Values */
struct vtn_ssa *vtn_ssa_of(struct vtn_ctx *c, uint32_t id);
bool vtn_in_entry_interface(struct vtn_ctx *c, unsigned i);
agx_instr *vtn_def(struct vtn_ctx *c, uint32_t id);
struct vtn_ssa *vtn_ssa_leaf(struct vtn_ctx *c, struct vtn_type *t, agx_instr *def);
void vtn_push_ssa(struct vtn_ctx *c, uint32_t id, struct vtn_ssa *s);
void vtn_push_def(struct vtn_ctx *c, uint32_t id, struct vtn_type *t, agx_instr *def);
struct vtn_ssa *vtn_const_to_ssa(struct vtn_ctx *c, const struct vtn_const *k);
struct vtn_ssa *vtn_undef_ssa(struct vtn_ctx *c, struct vtn_type *t);

/* agx_spirv_glsl450_extra.c: packing, frexp/ldexp/modf, determinant, inverse,
 * refract; false if eop is not one of them */
bool vtn_handle_glsl450_extra(struct vtn_ctx *c, unsigned ins, unsigned eop, struct vtn_type *t,
                              uint32_t id);

/* agx_spirv_subgroup.c */
bool vtn_handle_subgroup(struct vtn_ctx *c, unsigned ins);
/* SubgroupEq/Ge/Gt/Le/LtMask (built-ins 4416-4420) as a uvec4, or NULL
 * for another built-in. */
agx_instr *vtn_subgroup_mask(struct vtn_ctx *c, unsigned builtin);
bool vtn_handle_integer_dot(struct vtn_ctx *c, unsigned ins);

/* agx_spirv_mem.c */
void vtn_create_global_variable(struct vtn_ctx *c, unsigned ins);
void vtn_emit_global_inits(struct vtn_ctx *c);
bool vtn_handle_memory(struct vtn_ctx *c, unsigned ins);
struct vtn_pointer *vtn_get_pointer(struct vtn_ctx *c, uint32_t id);
struct vtn_ssa *vtn_load(struct vtn_ctx *c, struct vtn_pointer *p);
void vtn_store(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_ssa *v);
/* OpAtomic* instruction ins on memory pointer p; its result (NULL for a store). */
agx_instr *vtn_atomic_mem(struct vtn_ctx *c, unsigned ins, unsigned op, struct vtn_pointer *p);
uint32_t vtn_type_size(struct vtn_ctx *c, struct vtn_type *t);
void vtn_compute_layout(struct vtn_ctx *c, struct vtn_type *t);

/* agx_spirv_image.c: texel buffers (images with Dim Buffer) */
bool vtn_is_image_type(const struct vtn_type *t);
bool vtn_handle_image(struct vtn_ctx *c, unsigned ins);
/* agx_spirv_deriv.c: OpDPdx / OpDPdy / OpFwidth (fragment shaders) */
bool vtn_handle_derivative(struct vtn_ctx *c, unsigned ins);
struct vtn_ssa *vtn_load_image(struct vtn_ctx *c, struct vtn_pointer *p);

/* agx_spirv_io.c: graphics stage inputs and outputs */
void vtn_io_variable(struct vtn_ctx *c, struct vtn_variable *var, uint32_t id);
/* Whether an Input variable with this BuiltIn is an I/O word (tessellation). */
bool vtn_io_builtin_input(struct vtn_ctx *c, unsigned builtin);
/* Steps an I/O pointer into element/member idx of its type (agx_spirv_io.c). */
void vtn_io_step(struct vtn_ctx *c, struct vtn_pointer *p, uint64_t idx);
/* Records the transform feedback words of an Output variable (agx_spirv_xfb.c). */
void vtn_xfb_variable(struct vtn_ctx *c, struct vtn_variable *var, uint32_t id);
void vtn_io_access(struct vtn_ctx *c, struct vtn_pointer *p, uint32_t idx_id);
struct vtn_ssa *vtn_io_load(struct vtn_ctx *c, struct vtn_pointer *p);
/* agx_spirv_sample.c: SampleId / SamplePosition / SampleMask inputs, and
 * GLSL.std.450 InterpolateAtCentroid / AtSample / AtOffset (returns false
 * for other instructions). */
agx_instr *vtn_fs_sample_builtin(struct vtn_ctx *c, unsigned builtin);
bool vtn_handle_interpolate_at(struct vtn_ctx *c, unsigned i, unsigned eop, struct vtn_type *t,
                               uint32_t id);
void vtn_io_store(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_ssa *v);
void vtn_io_flush_outputs(struct vtn_ctx *c);
/* OpEmitVertex, OpEndPrimitive and their stream forms; false for others. */
bool vtn_io_handle_gs(struct vtn_ctx *c, unsigned i);
/* The entry point of a geometry shader: its invocations in a loop. */
void vtn_io_emit_gs_entry(struct vtn_ctx *c, struct vtn_function *f);
void vtn_emit_entry_call(struct vtn_ctx *c, struct vtn_function *f);
void vtn_texel_atomic(struct vtn_ctx *c, unsigned ins, unsigned op, struct vtn_pointer *p);
void vtn_push_texel(struct vtn_ctx *c, struct vtn_type *rt, uint32_t id, agx_instr *texel);
/* agx_spirv_texture.c: images of other dimensions (agx_ir.h agx_image_dim) */
unsigned vtn_image_dim(struct vtn_ctx *c, const struct vtn_type *t);
void vtn_image_load(struct vtn_ctx *c, unsigned ins);
void vtn_image_store(struct vtn_ctx *c, unsigned ins, agx_instr *texel);
void vtn_image_sample(struct vtn_ctx *c, unsigned ins);
void vtn_image_gather(struct vtn_ctx *c, unsigned ins);
void vtn_image_query_lod(struct vtn_ctx *c, unsigned ins);
void vtn_image_query(struct vtn_ctx *c, unsigned ins);
/* agx_spirv_cube_grad.c: the LOD explicit gradients ddx, ddy (32x3) select
 * on a cube map in direction dir[0..2], `width` (32-bit integer) the view's
 * first level's */
agx_instr *vtn_cube_grad_lod(struct vtn_ctx *c, agx_instr *const dir[3], agx_instr *ddx,
                             agx_instr *ddy, agx_instr *width);
/* OpImageTexelPointer coordinates of a non-buffer image: 32x4 (x, y, z|layer,
 * sample), the sample (id sample_id) for multisampled images, else 0 */
agx_instr *vtn_image_texel_coord(struct vtn_ctx *c, const struct vtn_type *t, uint32_t id,
                                 uint32_t sample_id);
/* The bound check and address of an image atomic's texel (p: PTR_TEXEL). */
agx_instr *vtn_image_texel_in_range(struct vtn_ctx *c, const struct vtn_pointer *p);
agx_instr *vtn_image_texel_address(struct vtn_ctx *c, const struct vtn_pointer *p);
/* agx_spirv_pointer.c: OpenCL pointers (generic encoding, casts, compares),
 * the variable pre-scan and constant data */
void vtn_scan_variables(struct vtn_ctx *c);
struct vtn_var_scan *vtn_find_var_scan(struct vtn_ctx *c, uint32_t id);
uint32_t vtn_place_const_data(struct vtn_ctx *c, struct vtn_type *t, const struct vtn_const *k);
agx_instr *vtn_pointer_value(struct vtn_ctx *c, const struct vtn_pointer *p);
void vtn_decode_pointer(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_type *pt, agx_instr *v,
                        uint8_t known_space);
void vtn_infer_phi_spaces(struct vtn_ctx *c, struct vtn_function *f);
struct vtn_ssa *vtn_pointer_ssa(struct vtn_ctx *c, uint32_t id);
bool vtn_handle_pointer_op(struct vtn_ctx *c, unsigned ins);
agx_instr *vtn_generic_access(struct vtn_ctx *c, agx_instr *addr, agx_type t, agx_instr *store_val,
                              unsigned align);
agx_instr *vtn_const_load(struct vtn_ctx *c, agx_instr *off, agx_type t, unsigned align);
agx_instr *vtn_atomic_at(struct vtn_ctx *c, enum vtn_space space, agx_instr *addr, agx_type t,
                         bool cmpxchg, unsigned aop, agx_instr *val, agx_instr *cmp);
void vtn_drop_unbacked_accesses(struct vtn_ctx *c);

/* agx_spirv_structurize.c: merges for unstructured (Kernel) functions */
/* Functions without merge instructions (agx_spirv_structurize.c): CFG
 * analysis at indexing time (rejects irreducible CFGs), then emission. */
void vtn_infer_structure(struct vtn_ctx *c, struct vtn_function *f);
void vtn_emit_unstructured(struct vtn_ctx *c, struct vtn_function *f);
/* Shared with the structured walk (agx_spirv_cfg.c): a block's instructions
 * and its successors' phi stores; a return's value and "returned" flag
 * (false: the entry point, where it halted). */
void vtn_emit_block_body(struct vtn_ctx *c, struct vtn_block *blk);
bool vtn_store_return(struct vtn_ctx *c, unsigned i, bool value);

/* agx_spirv_cfg.c */
unsigned lookup_block_index(struct vtn_ctx *c, struct vtn_function *f, uint32_t label);
void vtn_index_functions(struct vtn_ctx *c, unsigned first_function_ins);
void vtn_emit_entry(struct vtn_ctx *c);
