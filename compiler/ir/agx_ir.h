/* The agx SSA IR: typed SSA values, instructions whose opcodes come from
 * agx_ir_ops.py, and structured control flow as a tree of blocks, ifs and
 * loops (each control-flow list starts and ends with a block, and blocks and
 * if/loop nodes alternate). Phis sit at the top of the block following an if,
 * the first block of a loop body (header phis: preheader, back edge), the
 * first block of a loop's continue list and the block following a loop.
 * Jumps (break/continue/halt) are always the last instruction of a block.
 * All memory of a shader lives in its arena and is freed with the shader. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_ir_opcodes.h"

typedef struct agx_list {
   struct agx_list *prev, *next;
} agx_list;

static inline void
agx_list_init(agx_list *l)
{
   l->prev = l->next = l;
}
static inline bool
agx_list_empty(const agx_list *l)
{
   return l->next == l;
}
static inline void
agx_list_insert_before(agx_list *pos, agx_list *n)
{
   n->prev = pos->prev;
   n->next = pos;
   pos->prev->next = n;
   pos->prev = n;
}
static inline void
agx_list_del(agx_list *n)
{
   n->prev->next = n->next;
   n->next->prev = n->prev;
   n->prev = n->next = n;
}

#define agx_container_of(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))

/* A value type: bit size 1 (boolean), 8, 16, 32 or 64 with 1-4 components.
 * Pointers are 64-bit integers (global addresses) or 32-bit byte offsets
 * (shared and scratch memory); the address space is the intrinsic's. */
typedef struct agx_type {
   uint8_t bits, comps;
} agx_type;

static inline agx_type
agx_type_make(unsigned bits, unsigned comps)
{
   agx_type t = {(uint8_t)bits, (uint8_t)comps};
   return t;
}
static inline bool
agx_type_eq(agx_type a, agx_type b)
{
   return a.bits == b.bits && a.comps == b.comps;
}

typedef enum { AGX_CF_BLOCK, AGX_CF_IF, AGX_CF_LOOP } agx_cf_type;

typedef struct agx_cf_node {
   agx_cf_type type;
   agx_list link;
   agx_list *owner;            /* the list this node is in */
   struct agx_cf_node *parent; /* enclosing if/loop, NULL at function level */
} agx_cf_node;

typedef struct agx_block {
   agx_cf_node cf;
   agx_list instrs;
   unsigned index;
} agx_block;

typedef struct agx_instr {
   agx_list link;
   agx_block *block;
   uint16_t op;    /* enum agx_op */
   agx_type type;  /* destination type (if the opcode has one) */
   uint32_t index; /* SSA index, unique within the shader */
   uint32_t num_srcs;
   struct agx_instr **src;
   agx_block **pred; /* phi only: predecessor block of each source */
   uint32_t cap_srcs;
   uint32_t c[4];       /* constant indices (named in the op info) */
   uint64_t value[4];   /* const only: raw bits per component */
   uint32_t pass_flags; /* scratch for passes */
} agx_instr;

typedef struct agx_if {
   agx_cf_node cf;
   agx_instr *cond;
   agx_list then_list, else_list;
} agx_if;

typedef struct agx_loop {
   agx_cf_node cf;
   agx_list body, cont; /* continue jumps go to cont; its end loops back */
} agx_loop;

typedef struct agx_arena agx_arena;

/* Image dimensions (const dim of image_* and bindless_texture_* intrinsics):
 * the hardware's Texture dimension values for the kinds compute uses. 1D
 * images are 2D (agx_abi.h). Flags (image_* only): STORAGE = a storage
 * image (loads see the dispatch's stores, q3 = 13); CUBE_FACES = a storage
 * view of a cube (array), accessed as a 2D array whose size query divides
 * the layers by 6 for cube arrays. */
enum agx_image_dim {
   AGX_IMAGE_2D = 2,
   AGX_IMAGE_2D_ARRAY = 3,
   AGX_IMAGE_2D_MS = 4,
   AGX_IMAGE_3D = 5,
   AGX_IMAGE_CUBE = 6,
   AGX_IMAGE_CUBE_ARRAY = 7,
   AGX_IMAGE_2D_MS_ARRAY = 8,
};
#define AGX_IMAGE_DIM_MASK 0xFu
#define AGX_IMAGE_STORAGE 0x10u
#define AGX_IMAGE_CUBE_FACES 0x20u
#define AGX_IMAGE_CUBE_FACES_ARRAY 0x40u
/* image_sample: the LOD comes from the quad's coordinates (fragment shaders),
 * source 2 is an fp32 bias added to it */
#define AGX_IMAGE_IMPLICIT_LOD 0x80u
/* image_sample[_grad]: depth compare, source 0 has a fourth component, the
 * fp32 reference */
#define AGX_IMAGE_COMPARE 0x100u
/* image_sample with AGX_IMAGE_IMPLICIT_LOD: returns (LOD clamped to the
 * sampler and the view's levels, computed LOD) instead of a texel
 * (OpImageQueryLod) */
#define AGX_IMAGE_QUERY_LOD 0x200u
/* image_sample / image_gather: the image's sampled type is an integer (a
 * custom border colour is then selected, not blended) */
#define AGX_IMAGE_INT 0x400u
/* storage-image loads, stores and queries of shaders compiled with robust
 * buffer access (nullDescriptor): an all-zero descriptor (Texture word 0 is
 * never 0 for a view, agx_abi.h) is a null one: loads and queries give 0
 * and stores do nothing, without the texture unit seeing it */
#define AGX_IMAGE_NULL_CHECK 0x800u
/* bindless_texture_sample[_grad] const c[2] flags: a texel offset is
 * present, source 2 is an fp16 bias for the implicit LOD (auto_lod_bias),
 * source 0 component 2 is an fp32 depth reference */
#define AGX_TEX_OFFSET 0x1u
#define AGX_TEX_AUTO_LOD_BIAS 0x2u
#define AGX_TEX_COMPARE 0x4u
#define AGX_TEX_QUERY_LOD 0x8u /* query_lod mode: (clamped, unclamped) LOD */
/* a minimum LOD applies (VK_EXT_image_view_min_lod): with
 * AGX_TEX_AUTO_LOD_BIAS source 2 is fp16 x2 (bias, minimum; the
 * auto_lod_bias_min mode); bindless_texture_sample_grad's source 4 is the
 * fp16 minimum (lod_grad_min; ignored without the flag) */
#define AGX_TEX_MIN_LOD 0x10u

/* Atomic operations (const index atomic_op of atomic_* intrinsics). */
enum agx_atomic_op {
   AGX_ATOMIC_ADD,
   AGX_ATOMIC_SMIN,
   AGX_ATOMIC_SMAX,
   AGX_ATOMIC_UMIN,
   AGX_ATOMIC_UMAX,
   AGX_ATOMIC_AND,
   AGX_ATOMIC_OR,
   AGX_ATOMIC_XOR,
   AGX_ATOMIC_XCHG,
};

/* The shader stage. Compute and kernel (OpenCL) shaders run on the compute
 * data master; vertex and fragment shaders on the render path. The
 * emulated stages (geometry, tessellation control/evaluation, Mesa-style)
 * will be compiled as compute shaders with their own stage values. */
enum agx_stage {
   AGX_STAGE_COMPUTE,
   AGX_STAGE_KERNEL,
   AGX_STAGE_VERTEX,
   AGX_STAGE_FRAGMENT,
   /* A geometry shader as the front end reads it (emit_vertex, end_primitive,
    * load_per_vertex_input); agx_pass_lower_gs turns it into one of its
    * variants (a compute kernel or a hardware vertex shader) before the back
    * end sees it (emulation.md §3). */
   AGX_STAGE_GEOMETRY,
   /* Tessellation control / evaluation shaders as the front end reads them
    * (per-vertex and patch output words in memory); agx_pass_lower_tess
    * makes the control shader a compute kernel over patches and the
    * evaluation shader a hardware vertex shader (emulation.md §3, §7). */
   AGX_STAGE_TESS_CTRL,
   AGX_STAGE_TESS_EVAL,
};
const char *agx_stage_name(enum agx_stage stage);
static inline bool
agx_stage_is_compute(enum agx_stage stage)
{
   return stage == AGX_STAGE_COMPUTE || stage == AGX_STAGE_KERNEL;
}

/* Compute and kernel stages: the workgroup. */
struct agx_compute_info {
   uint32_t local_size[3];
   uint32_t shared_size; /* bytes of shared memory per workgroup */
};

#include "agx_stage_info.h"
#include "agx_xfb.h"

/* Graphics input/output words (store_output slot, load_input location):
 * user locations AGX_IO_VAR0 + location (fragment outputs: render target),
 * then the built-ins; comp = component (array element for clip/cull). */
enum agx_io_slot {
   AGX_IO_VAR0 = 0,
   AGX_IO_POSITION = AGX_MAX_VARYINGS,
   AGX_IO_POINT_SIZE,
   AGX_IO_CLIP_DIST,
   AGX_IO_CULL_DIST,
   AGX_IO_LAYER,
   AGX_IO_VIEWPORT,
   AGX_IO_FRAG_DEPTH,
   AGX_IO_SAMPLE_MASK,
   AGX_IO_TESS_LEVEL_OUTER, /* patch words (comp = array element) */
   AGX_IO_TESS_LEVEL_INNER,
   AGX_IO_PRIMITIVE_ID, /* geometry shader output PrimitiveId */
   AGX_IO_NUM_SLOTS,
};
#define AGX_IO_MAX_COMPS 8     /* words per slot (clip distances) */
#define AGX_INTERP_CENTROID 4u /* load_input interp flag */
#define AGX_INTERP_SAMPLE 8u   /* load_input interp flag: at the shaded sample */
#define AGX_INTERP_MASK 3u
/* load_input interp flag: the coefficients (A, B, C: vec3, ldcf) instead of
 * a value (agx_pass_lower_cull_fs) */
#define AGX_INTERP_COEFFS 0x40u

typedef struct agx_shader {
   agx_arena *arena;
   enum agx_stage stage;
   agx_list body;       /* the (only) function, everything is inlined */
   uint32_t next_index; /* SSA indices */
   uint32_t next_block;
   /* function-local variables (load_var/store_var) */
   agx_type *var_types;
   uint32_t num_vars, cap_vars;
   /* per-stage interface (only the one of `stage` is meaningful) */
   struct agx_compute_info cs;
   struct agx_vs_info vs;
   struct agx_fs_info fs;
   struct agx_gs_info gs;
   struct agx_tess_info tess;
   struct agx_xfb_info xfb; /* transform feedback outputs (agx_xfb.h) */
   uint32_t scratch_size;   /* bytes of scratch memory per invocation */
   uint32_t push_size;      /* bytes of push constants read */
   bool io_lowered;         /* agx_pass_lower_io has run */
   /* a prolog: ends without stop and falls through into the program linked
    * after it; its preloaded and stored (store_preloaded) registers stay
    * reserved to the end */
   bool prolog;
   /* an epilog: runs after another program (concatenated), so it keeps r0l
    * (the execution-mask state, halted lanes stay off) and reads that
    * program's registers with load_preloaded */
   bool epilog;
   /* Read-only constant data read through load_const_data_address (arena
    * memory; the driver uploads it, agx_abi.h AGX_ABI_CONST_DATA). */
   uint8_t *const_data;
   uint32_t const_data_size;
   /* OpenCL __local kernel arguments: the push-constant byte offset of each
    * one's 64-bit slot, where the driver writes its threadgroup offset. */
   uint32_t num_local_args;
   uint32_t local_arg_push[8];
} agx_shader;

static inline const struct agx_op_info *
agx_info(const agx_instr *I)
{
   return &agx_op_infos[I->op];
}

/* Allocation (zeroed, never NULL: aborts on exhaustion). */
void *agx_alloc(agx_shader *s, size_t size);
agx_shader *agx_shader_create(void);
void agx_shader_destroy(agx_shader *s);
unsigned agx_shader_add_var(agx_shader *s, agx_type t);

agx_block *agx_block_create(agx_shader *s);
agx_instr *agx_instr_create(agx_shader *s, enum agx_op op, agx_type t, unsigned num_srcs);
void agx_instr_add_phi_src(agx_shader *s, agx_instr *phi, agx_block *pred, agx_instr *v);
void agx_instr_remove(agx_instr *I);

/* Iteration helpers. */
#define agx_foreach_instr(block, I)                                             \
   for (agx_instr *I = agx_container_of((block)->instrs.next, agx_instr, link), \
                  *I##_next = agx_container_of(I->link.next, agx_instr, link);  \
        &I->link != &(block)->instrs;                                           \
        I = I##_next, I##_next = agx_container_of(I->link.next, agx_instr, link))

#define agx_foreach_cf(list, node)                                             \
   for (agx_cf_node *node = agx_container_of((list)->next, agx_cf_node, link); \
        &node->link != (list); node = agx_container_of(node->link.next, agx_cf_node, link))

static inline agx_block *
agx_cf_as_block(agx_cf_node *n)
{
   return (agx_block *)n;
}
static inline agx_if *
agx_cf_as_if(agx_cf_node *n)
{
   return (agx_if *)n;
}
static inline agx_loop *
agx_cf_as_loop(agx_cf_node *n)
{
   return (agx_loop *)n;
}

static inline agx_block *
agx_list_first_block(agx_list *l)
{
   return agx_cf_as_block(agx_container_of(l->next, agx_cf_node, link));
}
static inline agx_block *
agx_list_last_block(agx_list *l)
{
   return agx_cf_as_block(agx_container_of(l->prev, agx_cf_node, link));
}
static inline agx_instr *
agx_block_last_instr(agx_block *b)
{
   return agx_list_empty(&b->instrs) ? NULL : agx_container_of(b->instrs.prev, agx_instr, link);
}
/* True if the block ends in break/continue/halt. */
bool agx_block_ends_in_jump(agx_block *b);

/* Calls cb on every block in program order (depth first). */
void agx_foreach_block(agx_list *list, void (*cb)(agx_block *b, void *data), void *data);
/* Fills *out with all instructions in program order; returns the count. */
unsigned agx_collect_instrs(agx_shader *s, agx_instr ***out);

/* Replaces every use of `from` by `to` (sources, phi sources, if conditions). */
void agx_rewrite_uses(agx_shader *s, agx_instr *from, agx_instr *to);
/* Applies a replacement map indexed by SSA index (NULL = keep). */
void agx_rewrite_uses_map(agx_shader *s, agx_instr **map);

/* Printer and validator. The validator returns true if valid, otherwise
 * writes a message into err. */
void agx_print_shader(const agx_shader *s, void *file /* FILE* */);
bool agx_validate(agx_shader *s, char *err, size_t err_size);
