/* Middle-end passes. Each returns true if it changed the shader. */
#pragma once
#include "agx_ir.h"

bool agx_pass_const_fold(agx_shader *s);
bool agx_pass_copy_prop(agx_shader *s);
bool agx_pass_dce(agx_shader *s);
bool agx_pass_cse(agx_shader *s);
bool agx_pass_vars_to_ssa(agx_shader *s);
bool agx_pass_scalarize(agx_shader *s);
bool agx_pass_lower_int8(agx_shader *s);
bool agx_pass_lower_idiv(agx_shader *s);
bool agx_pass_lower_transcendental(agx_shader *s);
bool agx_pass_lower_int64(agx_shader *s);
bool agx_pass_remove_one_trip_loops(agx_shader *s);
bool agx_pass_const_if(agx_shader *s);
/* Subgroup intrinsics to their 32-bit scalar forms (run at the end of agx_spirv_to_ir). */
bool agx_pass_lower_subgroup(agx_shader *s);

/* The geometry-shader path's variants (agx_pass_lower_gs.c, emulation.md
 * §3): a vertex shader run as compute (VS_SW), a geometry shader as the
 * compute kernel writing its index buffer (MAIN) or as the hardware vertex
 * shader that rasterizes its output (RAST). input_mask: the slots (bit per
 * enum agx_io_slot) the software vertex shader writes, whose order lays
 * out the input buffer (layout/agx_gs.h); VS_SW returns it in output_mask.
 * Run before agx_pass_lower_io. 0, or -1 with a message. */
enum agx_gs_variant { AGX_GS_VS_SW, AGX_GS_MAIN, AGX_GS_RAST, AGX_GS_XFB };
/* end_primitive c[0] of the end of each invocation: every stream's strip */
#define AGX_GS_ALL_STREAMS 4u
struct agx_gs_options {
   enum agx_gs_variant variant;
   uint64_t input_mask;
   uint64_t output_mask;
   /* MAIN/RAST: the vertex stream rasterised (emit_vertex/end_primitive
    * c[0] = stream; the others' vertices are dropped here, transform
    * feedback would capture them) */
   unsigned rast_stream;
};
int agx_pass_lower_gs(agx_shader *s, struct agx_gs_options *o, char *err, size_t err_size);
/* The XFB variant's part (agx_pass_lower_xfb.c): the GS as compute over
 * (input primitive, instance) storing each emitted vertex's outputs into
 * the draw's GS vertex records. begin (at the shader's start, after the
 * caller set params, prim, instance and the emitted-vertex counter var)
 * returns the slots stored (output_mask); lower replaces one
 * store_output / emit_vertex / end_primitive (the caller removes it); end
 * stores the vertex count at the shader's end. */
struct agx_builder;
struct agx_gs_xfb {
   agx_instr *params, *prim, *instance; /* in */
   unsigned counter;                    /* in: the emitted-vertex counter var (unused) */
   uint64_t mask;
   unsigned record_size, streams;
   unsigned strip[4], count[4]; /* per vertex stream: strip position, vertices */
   agx_instr *index, *region;
};
uint64_t agx_gs_xfb_begin(struct agx_builder *b, agx_shader *s, struct agx_gs_xfb *x);
void agx_gs_xfb_lower(struct agx_builder *b, const agx_shader *s, const struct agx_gs_xfb *x,
                      agx_instr *I);
void agx_gs_xfb_end(agx_shader *s, const struct agx_gs_xfb *x);

/* The tessellation path's variants (agx_pass_lower_tess.c, emulation.md
 * §7, layout/agx_tess_params.h): the control shader as a compute kernel
 * over patches (TCS; input_mask = the software vertex shader's slots;
 * returns vertex_mask, patch_mask, output_vertices: the control-shader
 * buffer's layout) or the evaluation shader as the hardware vertex shader
 * over the domain points (TES; takes the control shader's masks, output
 * vertices and the domain, 1 + AGX_TESS_DOMAIN_*). Run before
 * agx_pass_lower_io. 0, or -1 with a message. */
enum agx_tess_variant { AGX_TESS_TCS, AGX_TESS_TES };
struct agx_tess_options {
   enum agx_tess_variant variant;
   uint64_t input_mask;
   uint64_t vertex_mask, patch_mask;
   uint32_t output_vertices;
   uint32_t domain;
};
int agx_pass_lower_tess(agx_shader *s, struct agx_tess_options *o, char *err, size_t err_size);

struct agx_io_options {
   /* Byte offset of a binding inside its set's descriptor memory; NULL uses
    * the default from agx_abi.h. */
   unsigned (*binding_offset)(void *data, unsigned set, unsigned binding);
   /* Bytes between the array elements of a binding, or 0 for the access's
    * own descriptor size (AGX_ABI_DESC_SIZE, AGX_ABI_TEXEL_DESC_SIZE,
    * AGX_ABI_IMAGE_DESC_SIZE): a mutable binding holds descriptors of
    * several kinds at one stride. NULL: always the access's size. */
   unsigned (*binding_stride)(void *data, unsigned set, unsigned binding);
   void *data;
};
bool agx_pass_lower_io(agx_shader *s, const struct agx_io_options *opts);
/* Part of lower_io (agx_pass_lower_texel.c): lowers texel_buffer_* I whose
 * descriptor is at byte `offset` (32-bit value) of set `set`. Loads and
 * stores are rewritten in place (returns NULL); size and address return
 * the replacement value (the caller rewrites uses and removes I). */
agx_instr *agx_lower_texel_buffer(agx_shader *s, agx_instr *I, unsigned set, agx_instr *offset);
/* agx_pass_lower_image.c: one image_* intrinsic, its descriptor at byte
 * offset `offset` of set `set` (image_sample: the sampler's at
 * sampler_offset of sampler_set). Returns the value replacing I (the caller
 * rewrites its uses and removes I), or NULL when I was rewritten in place. */
agx_instr *agx_lower_image(agx_shader *s, agx_instr *I, unsigned set, agx_instr *offset,
                           unsigned sampler_set, agx_instr *sampler_offset);

/* The uniform file holds 512 16-bit registers (1024 bytes). */
#define AGX_PREAMBLE_UNIFORM_LIMIT 1024u

struct agx_preamble_options {
   unsigned uniform_base;  /* first byte for results; 0 = AGX_ABI_UNIFORM_SIZE */
   unsigned uniform_limit; /* end of the usable uniforms; 0 = AGX_PREAMBLE_UNIFORM_LIMIT */
   /* Cost model hook: whether the back end folds memory instruction I's
    * address (an iadd of a base and an offset) into I, so a uniform base
    * costs nothing there. uses: SSA use counts. NULL: never. */
   bool (*address_folds)(const agx_instr *I, const uint32_t *uses, void *data);
   void *data;
};
/* Hoists dispatch-uniform work into a new preamble shader (returned; NULL
 * when nothing is worth hoisting) that stores its results with
 * store_uniform at bytes [uniform_base, *uniform_end); s reads them back
 * with load_uniform. Requires lowered I/O. See agx_pass_preamble.c. */
agx_shader *agx_pass_preamble(agx_shader *s, const struct agx_preamble_options *opts,
                              unsigned *uniform_end);

/* The lowering a back end without integer division, fp transcendentals
 * beyond rcp/rsqrt/exp2/log2/sin/cos, vector ALU or 64-bit integer ALU
 * needs: lower_idiv, lower_transcendental, scalarize, lower_int64, then
 * agx_optimize. */
void agx_lower_for_backend(agx_shader *s);

/* Runs the cleanup passes (fold, copy-prop, CSE, DCE, constant ifs, one-trip
 * loop removal) to a fixed point. */
void agx_optimize(agx_shader *s);

/* Evaluates a foldable ALU / vec / extract / mov instruction on constant
 * sources (src[i] holds source i's components). Returns false if the opcode
 * cannot be evaluated. Shared by constant folding and the interpreter. */
bool agx_eval_instr(const agx_instr *I, const uint64_t (*src)[4], uint64_t out[4]);

/* Graphics stage lowering (one file each; run by agx_backend_compile). */
bool agx_pass_lower_vs_inputs(agx_shader *s);
bool agx_pass_lower_vs_outputs(agx_shader *s, const uint8_t *fs_interp);
/* Vertex shaders of multiview pipelines: the Layer output becomes the view
 * index (agx_abi.h AGX_ABI_VIEW_INDEX), replacing any Layer write; run
 * before agx_pass_lower_vs_outputs. */
bool agx_pass_multiview_layer(agx_shader *s);
bool agx_pass_lower_fs_inputs(agx_shader *s);
/* Clip/cull distances in the FS (agx_pass_lower_cull_fs.c): the location a
 * fragment load_input reads (false: none), and the cull test of `count`
 * distances (run before agx_pass_lower_fs_inputs). */
bool agx_fs_input_location(const agx_instr *I, unsigned *loc, unsigned *comp);
bool agx_pass_lower_cull_fs(agx_shader *s, unsigned count);
/* Fragment shaders linked to a pre-rasterisation stage that does not write
 * ViewportIndex: its reads become 0 (agx_pass_viewport_zero.c; run before
 * agx_pass_lower_fs_inputs). */
bool agx_pass_viewport_zero(agx_shader *s);
bool agx_pass_lower_discard(agx_shader *s);
/* Manual colour masking after tests at entry (agx_pass_write_samples.c):
 * every st_tile's sample mask ANDed with mask16 (16-bit); and the same for
 * the mask agx_pass_lower_discard left in r(AGX_FS_WRITE_SAMPLES_REG),
 * for programs storing their own colours. */
void agx_mask_tile_stores(agx_shader *s, agx_instr *mask16);
bool agx_pass_apply_write_samples(agx_shader *s);
bool agx_pass_lower_fs_sidefx(agx_shader *s);
/* Does I write memory (a buffer / image store or an atomic)? */
bool agx_instr_writes_memory(const agx_instr *I);
/* loop: wrap the shader in a loop over o->samples samples; false (with a
 * message in err) for what it cannot lower. */
void agx_pass_sample_shading_inputs(agx_shader *s);
bool agx_pass_lower_sample_shading(agx_shader *s, const struct agx_coverage_options *o, bool loop,
                                   char *err, size_t errsize);
/* struct agx_coverage_options: agx_stage_info.h */
bool agx_pass_lower_coverage(agx_shader *s, const struct agx_coverage_options *o);
bool agx_pass_lower_tilebuffer(agx_shader *s, const struct agx_tilebuffer_layout *tib);
/* The st_tile of render target rt (agx_pass_lower_tilebuffer's form):
 * logical components `words` (32-bit; NULL = 0) converted to the register
 * form of the physical format and stored with component mask wmask (packed
 * formats: always every component; the caller merges for read-modify-write;
 * mask 0: nothing). Emits wait_pix 0xC first unless *waited. */
struct agx_builder;
void agx_tib_emit_store(struct agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt,
                        agx_instr *const *words, unsigned wmask, bool *waited);
/* The same with the st_tile's 16-bit sample mask `samples` (0xFF: every
 * covered sample; the output epilog's per-sample read-modify-write stores
 * one sample at a time). */
void agx_tib_emit_store_samples(struct agx_builder *b, const struct agx_tilebuffer_layout *tib,
                                unsigned rt, agx_instr *const *words, unsigned wmask,
                                unsigned samples, bool *waited);
/* The ld_tile of a render target of tilebuffer format f at byte offset
 * offset_B of the sample (input attachments resident in the tilebuffer,
 * agx_spirv_options.tile_inputs): wait_pix 0x8, then the load of the first
 * sample in the 16-bit mask `samples` (0xFF: the first covered one),
 * returned as 32x4: floats for float and normalised formats (f16 widened,
 * f16-stored unorm formats clamped to [0, 1]), integers for integer ones
 * (8/16-bit sint sign-extended), missing components (0, 0, 0, 1). NULL for
 * an unknown format. explicit_sample: `samples` names one sample, kept by
 * per-sample loops (agx_pass_lower_sample_shading). */
agx_instr *agx_tib_emit_load(struct agx_builder *b, enum agx_tib_format f, unsigned offset_B,
                             agx_instr *samples, bool explicit_sample);
/* agx_emrt.c: spilled render targets (eMRT, agx_abi.h). The store writes
 * words[0..3] (32-bit register forms; NULL = 0) of render target rt to
 * memory for the live samples of this pass in the 16-bit mask `samples`
 * (0xFF: every covered sample), after wait_pix 0xC, followed by a PBE ->
 * texture fence; no component masks (callers read-modify-write). The load
 * returns 32x4 of the sample `samples` names (one bit), else of the pass's
 * sample (per-sample loop) or sample 0, after wait_pix 0xC. SNORM render
 * targets are accessed through SINT descriptors (icd/agxv_emrt.c) so every
 * code, -2^(b-1) included, is exact: with `codes` the words are the
 * components' sign-extended two's-complement codes (logic ops), without
 * they are fp32 values converted here. The samples a store may write are
 * narrowed by agx_mask_tile_stores (its load_active_samples store = 1). */
void agx_emrt_emit_store(struct agx_builder *b, const struct agx_tilebuffer_layout *tib,
                         unsigned rt, agx_instr *const *words, unsigned samples, bool codes);
agx_instr *agx_emrt_emit_load(struct agx_builder *b, const struct agx_tilebuffer_layout *tib,
                              unsigned rt, unsigned samples, bool codes);
/* Is render target rt's format a signed normalised one (its eMRT
 * descriptors are SINT, agx_emrt_emit_store)? */
bool agx_emrt_snorm(const struct agx_tilebuffer_layout *tib, unsigned rt);
bool agx_pass_lower_colour_exports(agx_shader *s);
