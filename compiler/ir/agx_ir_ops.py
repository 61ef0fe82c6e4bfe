# The single table of IR opcodes. agx_ir_gen.py turns it into the opcode enum,
# the per-opcode info table, the scalar evaluator (used by constant folding
# and by the interpreter) and typed builder helpers.
#
# Typing rules:
#   same   all sources and the destination have one type
#   cmp    sources share a type, destination is 1-bit with the same components
#   shift  like "same" but source 1 (the shift count) may have any bit size
#   sel    source 0 is 1-bit, sources 1 and 2 have the destination's type
#   conv   the destination type is explicit; sources have its component count
#   any    checked by hand (vec, extract, phi, intrinsics)
#
# Value classes for evaluation: 'i' integer (raw bits a,b,c,d; signed views
# sa,sb,sc; B = source bit size, DB = destination bit size), 'f' float (fa,fb,fc
# as double). Expressions are C; helpers live in agx_ir_eval_helpers.h.

class Op:
    def __init__(self, name, nsrc, rule, src='i', dst='i', expr=None, comm=False,
                 kind='alu', dest=True, effects=False, reorder=True, consts=()):
        self.name, self.nsrc, self.rule = name, nsrc, rule
        self.src, self.dst, self.expr, self.comm = src, dst, expr, comm
        self.kind, self.dest, self.effects = kind, dest, effects
        self.reorder, self.consts = reorder, consts


OPS = []


def alu(*a, **k):
    OPS.append(Op(*a, **k))


def intr(name, nsrc, dest=True, effects=False, reorder=False, consts=()):
    OPS.append(Op(name, nsrc, 'any', kind='intrinsic', dest=dest, effects=effects,
                  reorder=reorder, consts=consts))


def special(name, nsrc, dest=True, effects=False, consts=()):
    OPS.append(Op(name, nsrc, 'any', kind='special', dest=dest, effects=effects,
                  reorder=not effects, consts=consts))


# --- special ---------------------------------------------------------------
special('const', 0)
special('undef', 0)
special('mov', 1)
special('vec', -1)              # 2..4 scalar sources -> vector
special('extract', 1, consts=('comp',))
special('phi', -1)
special('pack_64_2x32', 1)      # 32x2 (lo, hi) -> 64
special('unpack_64_2x32', 1)    # 64 -> 32x2 (lo, hi)
special('break', 0, dest=False, effects=True)
special('continue', 0, dest=False, effects=True)
special('halt', 0, dest=False, effects=True)   # the invocation ends

# --- integer ---------------------------------------------------------------
alu('iadd', 2, 'same', expr='a + b', comm=True)
alu('isub', 2, 'same', expr='a - b')
alu('imul', 2, 'same', expr='a * b', comm=True)
alu('ineg', 1, 'same', expr='0 - a')
alu('imul_high', 2, 'same', expr='agx_sc_imul_high(sa, sb, B)', comm=True)
alu('umul_high', 2, 'same', expr='agx_sc_umul_high(a, b, B)', comm=True)
# Division by zero is undefined in SPIR-V; the IR defines it as 0 (and the
# remainder as the dividend) so folding and interpretation agree.
alu('udiv', 2, 'same', expr='b ? a / b : 0')
alu('idiv', 2, 'same', expr='agx_sc_idiv(sa, sb)')
alu('umod', 2, 'same', expr='b ? a % b : a')
alu('irem', 2, 'same', expr='agx_sc_irem(sa, sb)')   # sign of the dividend
alu('imod', 2, 'same', expr='agx_sc_imod(sa, sb)')   # sign of the divisor
alu('iabs', 1, 'same', expr='sa < 0 ? 0 - a : a')
alu('isign', 1, 'same', expr='sa < 0 ? (uint64_t)-1 : (sa > 0)')
alu('imin', 2, 'same', expr='sa < sb ? a : b', comm=True)
alu('imax', 2, 'same', expr='sa > sb ? a : b', comm=True)
alu('umin', 2, 'same', expr='a < b ? a : b', comm=True)
alu('umax', 2, 'same', expr='a > b ? a : b', comm=True)
alu('iand', 2, 'same', expr='a & b', comm=True)
alu('ior', 2, 'same', expr='a | b', comm=True)
alu('ixor', 2, 'same', expr='a ^ b', comm=True)
alu('inot', 1, 'same', expr='~a')
alu('ishl', 2, 'shift', expr='a << (b & (B - 1))')
alu('ishr', 2, 'shift', expr='(uint64_t)(sa >> (b & (B - 1)))')
alu('ushr', 2, 'shift', expr='a >> (b & (B - 1))')
alu('bit_reverse', 1, 'same', expr='agx_sc_bit_reverse(a, B)')
alu('ubfe', 3, 'any', expr='agx_sc_ubfe(a, b, c, B)')
alu('ibfe', 3, 'any', expr='agx_sc_ibfe(a, b, c, B)')
alu('bfi', 4, 'any', expr='agx_sc_bfi(a, b, c, d, B)')
alu('bit_count', 1, 'conv', expr='(uint64_t)__builtin_popcountll(a)')
alu('ufind_msb', 1, 'conv', expr='a ? (uint64_t)(63 - __builtin_clzll(a)) : (uint64_t)-1')
alu('ifind_msb', 1, 'conv', expr='agx_sc_ifind_msb(sa)')
alu('find_lsb', 1, 'conv', expr='a ? (uint64_t)__builtin_ctzll(a) : (uint64_t)-1')

# --- comparisons -----------------------------------------------------------
alu('ieq', 2, 'cmp', expr='a == b', comm=True)
alu('ine', 2, 'cmp', expr='a != b', comm=True)
alu('ilt', 2, 'cmp', expr='sa < sb')
alu('ige', 2, 'cmp', expr='sa >= sb')
alu('ult', 2, 'cmp', expr='a < b')
alu('uge', 2, 'cmp', expr='a >= b')
for n, e in (('eq', '=='), ('ne', '!='), ('lt', '<'), ('le', '<='), ('gt', '>'), ('ge', '>=')):
    # Ordered: false if either is NaN. Unordered: true if either is NaN.
    alu('f' + n, 2, 'cmp', src='f', expr='!isnan(fa) && !isnan(fb) && fa %s fb' % e,
        comm=n in ('eq', 'ne'))
    alu('f' + n + 'u', 2, 'cmp', src='f', expr='isnan(fa) || isnan(fb) || fa %s fb' % e,
        comm=n in ('eq', 'ne'))
alu('fisnan', 1, 'cmp', src='f', expr='isnan(fa)')
alu('fisinf', 1, 'cmp', src='f', expr='isinf(fa)')
alu('bcsel', 3, 'sel', expr='(a & 1) ? b : c')

# --- float -----------------------------------------------------------------
def falu(name, nsrc, expr, comm=False):
    alu(name, nsrc, 'same', src='f', dst='f', expr=expr, comm=comm)


falu('fadd', 2, 'fa + fb', comm=True)
falu('fsub', 2, 'fa - fb')
falu('fmul', 2, 'fa * fb', comm=True)
falu('fdiv', 2, 'fa / fb')
falu('ffma', 3, 'agx_sc_ffma(fa, fb, fc, B)')
falu('fneg', 1, '-fa')
falu('fabs', 1, 'fabs(fa)')
falu('fsign', 1, 'isnan(fa) ? fa : (fa > 0 ? 1.0 : (fa < 0 ? -1.0 : fa))')
falu('ffloor', 1, 'floor(fa)')
falu('fceil', 1, 'ceil(fa)')
falu('ftrunc', 1, 'trunc(fa)')
falu('fround_even', 1, 'nearbyint(fa)')
falu('ffract', 1, 'fa - floor(fa)')
falu('fmin', 2, 'fmin(fa, fb)', comm=True)
falu('fsat', 1, '(isnan(fa) || fa <= 0) ? 0.0 : (fa > 1.0 ? 1.0 : fa)')  # clamp to [0, 1], NaN -> 0
falu('fmax', 2, 'fmax(fa, fb)', comm=True)
falu('fsqrt', 1, 'sqrt(fa)')
falu('frsq', 1, '1.0 / sqrt(fa)')
falu('frcp', 1, '1.0 / fa')
falu('fexp2', 1, 'exp2(fa)')
falu('flog2', 1, 'log2(fa)')
falu('fpow', 2, 'pow(fa, fb)')
falu('fsin', 1, 'sin(fa)')
falu('fcos', 1, 'cos(fa)')
falu('ftan', 1, 'tan(fa)')
falu('fasin', 1, 'asin(fa)')
falu('facos', 1, 'acos(fa)')
falu('fatan', 1, 'atan(fa)')
falu('fatan2', 2, 'atan2(fa, fb)')
falu('fsinh', 1, 'sinh(fa)')
falu('fcosh', 1, 'cosh(fa)')
falu('ftanh', 1, 'tanh(fa)')
falu('fasinh', 1, 'asinh(fa)')
falu('facosh', 1, 'acosh(fa)')
falu('fatanh', 1, 'atanh(fa)')
falu('fmod', 2, 'fa - fb * floor(fa / fb)')   # GLSL mod / OpFMod
falu('frem', 2, 'fmod(fa, fb)')                # OpFRem (sign of the dividend)

# --- conversions (destination type explicit) -------------------------------
alu('i2f', 1, 'conv', dst='f', expr='(double)sa')
alu('u2f', 1, 'conv', dst='f', expr='(double)a')
alu('f2i', 1, 'conv', src='f', expr='agx_sc_f2i(fa, DB)')
alu('f2u', 1, 'conv', src='f', expr='agx_sc_f2u(fa, DB)')
alu('f2f', 1, 'conv', src='f', dst='f', expr='fa')
alu('i2i', 1, 'conv', expr='(uint64_t)sa')     # sign-extend or truncate
alu('u2u', 1, 'conv', expr='a')                # zero-extend or truncate
alu('bitcast', 1, 'conv', expr='a')            # same bit size, reinterpret

# --- intrinsics ------------------------------------------------------------
# Function-local variables (promoted to SSA by agx_pass_vars_to_ssa).
intr('load_var', 0, reorder=False, consts=('var',))
intr('store_var', 1, dest=False, effects=True, consts=('var',))
# Memory: global takes a 64-bit address; shared and scratch a 32-bit byte
# offset into the workgroup's / invocation's memory.
# coherent = 1: the load must not hit in the GPU's non-coherent caches (a volatile
# access: polls of memory other agents write); never hoisted or merged.
intr('load_global', 1, consts=('align', 'coherent'))
intr('store_global', 2, dest=False, effects=True, consts=('align',))
intr('load_shared', 1, consts=('align',))
intr('store_shared', 2, dest=False, effects=True, consts=('align',))
intr('load_scratch', 1, consts=('align',))
intr('store_scratch', 2, dest=False, effects=True, consts=('align',))
intr('atomic_global', 2, effects=True, consts=('atomic_op',))
intr('atomic_global_cmpxchg', 3, effects=True)      # (addr, compare, value)
intr('atomic_shared', 2, effects=True, consts=('atomic_op',))
intr('atomic_shared_cmpxchg', 3, effects=True)
intr('barrier', 0, dest=False, effects=True, consts=('exec_scope', 'mem_scope', 'semantics'))
intr('memory_barrier', 0, dest=False, effects=True, consts=('mem_scope', 'semantics'))
# System values.
intr('load_local_invocation_id', 0, reorder=True)
intr('load_local_invocation_index', 0, reorder=True)
intr('load_workgroup_id', 0, reorder=True)
intr('load_num_workgroups', 0, reorder=True)
intr('load_workgroup_size', 0, reorder=True)
intr('load_subgroup_size', 0, reorder=True)
intr('load_subgroup_invocation', 0, reorder=True)
intr('load_subgroup_id', 0, reorder=True)
intr('load_num_subgroups', 0, reorder=True)
# Resource access before ABI lowering (agx_pass_lower_io): push constants by
# byte offset, and the 64-bit base address of a buffer descriptor (source:
# the array index within the binding), and its size in bytes.
intr('load_push_constant', 1, reorder=True, consts=('base',))
intr('load_buffer_address', 1, reorder=True, consts=('set', 'binding'))
intr('load_buffer_size', 1, reorder=True, consts=('set', 'binding'))
# Texel buffers before ABI lowering (agx_pass_lower_io): source 0 is the
# array index within the binding, element the texel index. load returns the
# texel converted by the format as 32x4 (float or integer bits per the
# format's type); store takes a 32x4 texel; size is the element count;
# address is the 64-bit address of a 4-byte texel (R32 atomics). Out of
# range elements: loads return 0, stores are dropped (robust access); the
# address of one is unspecified (callers check the size).
intr('texel_buffer_load', 2, consts=('set', 'binding'))           # (index, element)
intr('texel_buffer_store', 3, dest=False, effects=True, consts=('set', 'binding'))
intr('texel_buffer_size', 1, reorder=True, consts=('set', 'binding'))
intr('texel_buffer_address', 2, reorder=True, consts=('set', 'binding'))
# Images other than buffers before ABI lowering (agx_pass_lower_io): source
# 0 the array index within the binding (image_sample*: 32x3, the image's
# and the sampler's index and the packed texel offset: 4-bit x, y, z); const dim = enum agx_image_dim | flags (agx_ir.h).
# load: coordinates 32x4 (x, y, z or layer, level; multisampled: sample)
# -> texel 32x4 as
# texel_buffer_load; store: coordinates 32x4 (x, y, z or layer, unused),
# texel 32x4; sample: fp32 coordinates 32x4 (s, t, r or layer or cube z,
# cube-array index), fp32 LOD (or bias with AGX_IMAGE_IMPLICIT_LOD) -> 32x4,
# sampler at (set, binding) packed in
# const sampler as set << 16 | binding; sample_grad: fp32 gradients ddx,
# ddy (32x2 or 32x3) instead of the LOD; size: (level) -> 32x4 (width,
# height, depth or layers, 0) at that view level; levels / samples -> 32.
# Out-of-range coordinates, layers or levels: loads return 0, stores are
# dropped.
intr('image_load', 2, consts=('set', 'binding', 'dim'))
intr('image_store', 3, dest=False, effects=True, consts=('set', 'binding', 'dim'))
intr('image_sample', 3, consts=('set', 'binding', 'dim', 'sampler'))
intr('image_sample_grad', 4, consts=('set', 'binding', 'dim', 'sampler'))
# gather: as sample, source 2 the component gathered (a 32-bit constant 0-3);
# returns the 2x2 footprint of a linear sample at the view's first level, in
# Vulkan's order (i0j1, i1j1, i1j0, i0j0).
intr('image_gather', 3, consts=('set', 'binding', 'dim', 'sampler'))
intr('image_size', 2, reorder=True, consts=('set', 'binding', 'dim'))
intr('image_levels', 1, reorder=True, consts=('set', 'binding', 'dim'))
intr('image_samples', 1, reorder=True, consts=('set', 'binding', 'dim'))
# The 64-bit address of the 4-byte texel at coordinates 32x4 (x, y, z|layer,
# 0) of an R32 storage image (atomics; callers check the bounds).
intr('image_texel_address', 2, reorder=True, consts=('set', 'binding', 'dim'))
# Makes earlier writes visible to later texture reads of this invocation:
# kind 0 after image stores (PBE -> texture cache), 1 after atomics on
# texels (memory -> texture cache). Mesa's fence_pbe_to_tex / fence_mem_to_tex.
intr('texture_fence', 0, dest=False, effects=True, consts=('kind',))
# Robust buffer access: the 64-bit address of a small device-owned area where
# out-of-bounds loads, stores and atomics are redirected (their results are
# then replaced by zero), so they touch no other memory.
intr('load_robust_sink', 0, reorder=True)
# The 64-bit GPU address of the shader's read-only constant data
# (agx_shader.const_data), lowered to load_uniform[AGX_ABI_CONST_DATA].
intr('load_const_data_address', 0, reorder=True)
# Subgroup operations (subgroup size 32, the AGX SIMD width). They involve
# all active invocations of the subgroup, so they are never moved or merged
# (can_reorder false); unused ones may be removed. reduce: const op is the IR
# ALU opcode combining values, kind 0 reduce / 1 inclusive / 2 exclusive scan,
# cluster the cluster size of a clustered reduction (0: whole subgroup;
# agx_pass_lower_subgroup removes clusters and non-32-bit forms).
# Fragment shaders: the screen-space derivative of a 16/32-bit float scalar
# across the invocation's 2x2 quad (x: along its row, y: along its column),
# helper lanes included; never moved or merged across control flow.
intr('fddx', 1)
intr('fddy', 1)
intr('subgroup_elect', 0)
intr('subgroup_ballot', 1)             # bool -> 32x4 mask
intr('subgroup_all', 1)
intr('subgroup_any', 1)
intr('subgroup_all_equal', 1)
intr('subgroup_broadcast', 2)          # (value, lane)
intr('subgroup_broadcast_first', 1)
intr('subgroup_shuffle', 2)            # (value, lane)
intr('subgroup_reduce', 1, consts=('op', 'kind', 'cluster'))
# After ABI lowering: driver uniforms, by byte offset (base + source).
intr('load_uniform', 1, reorder=True, consts=('base',))
# After texel-buffer lowering: the hardware's bindless texture access, the
# descriptor at (64-bit uniform at byte heap) + source 0 (32-bit byte
# offset); coordinates 32x2 (2D, LOD 0); sampler state register 0 holds the
# driver's txf sampler (clamp to border, transparent black). Load: Texture
# descriptor, result 32x4. Store: PBE descriptor, data 32x4.
intr('bindless_image_load', 2, consts=('heap',))
intr('bindless_image_store', 3, dest=False, effects=True, consts=('heap',))
# After image lowering: bindless texture_load / image_write /
# texture_sample of any dimension (const dim = enum agx_image_dim, without
# flags), descriptor as above; coordinates 32xN (N = 2 to 4: x, y, then z,
# layer or cube index words as the hardware takes them). texture_load:
# source 2 the 32-bit level (constant 0: LOD mode auto), const q3 (12, or 13
# for images written by the dispatch). texture_sample: source 0 = 32x2
# (descriptor offset, sampler heap index | packed texel offset << 16),
# source 2 the fp16 LOD; _grad: sources 2, 3 the fp32 ddx, ddy vectors.
# texture_sample: const c[2] = AGX_TEX_* flags (agx_ir.h: texel offset,
# implicit LOD + fp16 bias in source 2, fp32 depth reference in source 0
# component 2), c[3] = 0, or 1 + the component of a gather (gather_r ...
# gather_a).
intr('bindless_texture_load', 3, consts=('heap', 'dim', 'q3'))
intr('bindless_image_write', 3, dest=False, effects=True, consts=('heap', 'dim'))
intr('bindless_texture_sample', 3, consts=('heap', 'dim'))
intr('bindless_texture_sample_grad', 5, consts=('heap', 'dim'))  # + fp16 minimum LOD
# Preamble only (agx_pass_preamble): writes the source to the uniform
# registers at byte offset base, for the main program's load_uniform.
intr('store_uniform', 1, dest=False, effects=True, consts=('base',))
# --- graphics stages --------------------------------------------------------
# Before stage lowering (SPIR-V front end), one 32-bit word each:
# store_output writes output word (slot, comp) (slot: enum agx_io_slot,
# agx_ir.h; user locations are AGX_IO_VAR0 + location; interp as load_input's),
# executed once at the
# end of the shader for every written word; load_input reads input word
# (location, comp) with interp = enum agx_interp | AGX_INTERP_CENTROID.
intr('store_output', 1, dest=False, effects=True, consts=('slot', 'comp', 'interp'))
intr('load_input', 0, reorder=True, consts=('location', 'comp', 'interp'))
# Vertex system values: VertexIndex (includes the base vertex), the
# zero-based instance number, and the draw's base vertex / base instance /
# draw index (uniforms, agx_abi.h).
intr('load_vertex_id', 0, reorder=True)
intr('load_instance_id', 0, reorder=True)
intr('load_base_vertex', 0, reorder=True)
intr('load_base_instance', 0, reorder=True)
intr('load_draw_id', 0, reorder=True)
# Multiview: the view being drawn (ViewIndex; a uniform of every graphics
# stage, agx_abi.h AGX_ABI_VIEW_INDEX; 0 outside multiview passes).
intr('load_view_index', 0, reorder=True)
# Geometry shaders before agx_pass_lower_gs (emulation.md §3, §4): input
# word (location, comp) of the input primitive's vertex `source 0`;
# emit_vertex / end_primitive (EmitVertex/EndPrimitive, the outputs of the
# vertex are the store_output words executed since the previous emit);
# the input primitive's number (PrimitiveId input); gs_active: false for an
# invocation of a compute variant past the end of the grid (the front end
# halts it at entry). load_geometry_params: the 64-bit address of the draw's
# struct agx_gs_params (layout/agx_gs.h), lowered by agx_pass_lower_io to
# load_uniform[AGX_ABI_GEOMETRY_PARAMS].
intr('load_per_vertex_input', 1, reorder=True, consts=('location', 'comp'))
intr('emit_vertex', 0, dest=False, effects=True, consts=('stream',))
intr('end_primitive', 0, dest=False, effects=True, consts=('stream',))
intr('load_primitive_id', 0, reorder=True)
intr('load_gs_active', 0, reorder=True)
intr('load_geometry_params', 0, reorder=True)
# Tessellation stages before agx_pass_lower_tess (emulation.md §7): the
# control shader's per-vertex output word (location, comp) of output vertex
# `source 0` (read back / written: source 1 the value), patch words (patch
# outputs of the control shader, patch inputs of the evaluation shader,
# tessellation levels: AGX_IO_TESS_LEVEL_*), the evaluation shader's
# TessCoord component and PatchVertices (the patch size read).
intr('load_per_vertex_output', 1, consts=('location', 'comp'))
intr('store_per_vertex_output', 2, dest=False, effects=True, consts=('location', 'comp'))
intr('load_patch', 0, consts=('location', 'comp'))
intr('store_patch', 1, dest=False, effects=True, consts=('location', 'comp'))
intr('load_tess_coord', 0, reorder=True, consts=('comp',))
intr('load_patch_vertices', 0, reorder=True)
# Fragment system values: pixel coordinates (32x2 float, pixel centre), the
# FragCoord z and 1/w (after input lowering: iter of the Z / W slots),
# front facing and helper invocation (1-bit).
intr('load_frag_coord_xy', 0, reorder=True)
intr('load_frag_coord_zw', 0, reorder=True)
intr('load_front_facing', 0, reorder=True)
intr('load_helper_invocation', 0)
# Sample shading (agx_pass_lower_sample_shading): the sample being shaded
# (32-bit index; 0 without a per-sample loop), its position in the pixel
# (32x2 float), the input coverage (gl_SampleMaskIn, 32-bit) and the
# samples the current pass of the loop shades (16-bit mask; 0xFF without
# a loop; `store` = 1 when a spilled render target's store asks, which
# agx_mask_tile_stores narrows like st_tile's mask). interpolateAtSample /
# interpolateAtOffset of an input (source: the 32-bit sample index / the
# 32x2 float offset from the pixel centre).
intr('load_sample_id', 0, reorder=True)
intr('load_sample_pos', 0, reorder=True)
intr('load_sample_mask_in', 0)
intr('load_active_samples', 0, reorder=True, consts=('store',))
intr('load_input_at_sample', 1, reorder=True, consts=('location', 'comp', 'interp'))
intr('load_input_at_offset', 1, reorder=True, consts=('location', 'comp', 'interp'))
# Discard the invocation's samples (OpKill, demote, terminate); the
# invocation keeps running as a helper until it halts.
intr('discard', 0, dest=False, effects=True)
# After stage lowering (the hardware's operations):
# store_uvs: st_var of a 32-bit word to UVS word `index` (last = 1: the
# final one, st_var_final); uvs_none: no_var (a vertex shader writing nothing).
intr('store_uvs', 1, dest=False, effects=True, consts=('index', 'last'))
intr('uvs_none', 0, dest=False, effects=True)
# load_preloaded: the 32-bit register r`reg` as the hardware or a prolog left
# it at entry (vertex: r5 vertex id, r6 instance id, r8+ attributes).
intr('load_preloaded', 0, reorder=True, consts=('reg',))
# interp_cf: iter/iterproj, interpolates the result's components from coefficient registers cf..cf+n-1
# (mode 0 centre, 2 centroid); persp_cf = W register + 1 for iterproj (0:
# plain iter). load_cf: ldcf, the coefficient C of each (flat) component.
intr('interp_cf', 0, reorder=True, consts=('cf', 'mode', 'persp_cf'))
# interp_cf_sample: the same at the sample whose index is the 16-bit source
# (iter "sample" mode, Mesa load_barycentric_at_sample).
intr('interp_cf_sample', 1, reorder=True, consts=('cf', 'persp_cf'))
intr('load_cf', 0, reorder=True, consts=('cf',))
# load_cf_abc: ldcf, the coefficients A, B, C of a component (32x3).
intr('load_cf_abc', 0, reorder=True, consts=('cf',))
# load_sr: a special register (get_sr), 32-bit.
intr('load_sr', 0, reorder=True, consts=('sr',))
# load_sr_volatile: the same for registers instructions change (SR 60
# coverage after sample_mask): never merged or moved.
intr('load_sr_volatile', 0, consts=('sr',))
# Tilebuffer: tile_wait = wait_pix (raster order), store_tile = st_tile of a
# 32xN value (ISA format, component mask, byte offset in the sample) to
# the samples of the 16-bit second source (0xFF: all), discard_samples = sample_mask (target, live: 16-bit each).
intr('tile_wait', 0, dest=False, effects=True, consts=('mask',))
intr('store_tile', 2, dest=False, effects=True, consts=('format', 'mask', 'offset'))
# load_tile: ld_tile of the components in `mask` (32-bit registers, one
# per enabled component, consecutive) from byte `offset` of the sample,
# of the first of the samples in the 16-bit source (0xFF: the first
# covered one); ordered after tile_wait 0x8.
# explicit = 1: the mask names the sample to read (an input attachment's
# Sample operand), which a per-sample loop keeps.
intr('load_tile', 1, effects=True, consts=('format', 'mask', 'offset', 'explicit'))
intr('discard_samples', 2, dest=False, effects=True)
# Tile programs (background / end of tile, agx_tile_programs.c):
# tile_texture_load: texture_load (txf, LOD 0, sampler ss0) of the 2D
# texture in texture state register `ts` at integer pixel coordinates 32x2
# (32x3: x, y, layer of a 2D array, layered passes; with `ms` set: x, y,
# sample of a 2D multisampled texture) -> 32x4;
# tile_block_store: image_write_block of the render target at byte
# `offset` of the tile through the PBE descriptor in texture state register
# `ts` (format: ISA format | samples << 8 | layered << 12; samples > 1:
# multisampled), implicit tile coordinates; the source is the layer a
# layered store writes (a 2D-array PBE), ignored otherwise.
# (coherent = 1: q3 13, the load sees image_write stores of earlier
# fragments, for spilled render targets; 0: q3 12.)
# tile_image_write: image_write of data 32x4 (source 1) through the PBE in
# texture state register `ts` at integer coordinates 32x2 (2D) or 32x3
# (x, y, layer of a 2D array): spilled render targets (agx_emrt.c).
intr('tile_texture_load', 1, consts=('ts', 'ms', 'coherent'))
intr('tile_image_write', 2, dest=False, effects=True, consts=('ts',))
intr('tile_block_store', 1, dest=False, effects=True, consts=('ts', 'offset', 'format'))
# zs_emit: depth (fp32) output for the samples of the 16-bit second source
# (0xFF: all), triggering the depth/stencil test with the shader's value.
intr('depth_emit', 2, dest=False, effects=True)
# PointCoord (32x2), before input lowering.
intr('load_point_coord', 0, reorder=True)
# Prologs (agx_shader.prolog): leaves the 32-bit source in register r`reg`
# for the program that follows (vertex-fetch prolog: attributes).
intr('store_preloaded', 1, dest=False, effects=True, consts=('reg',))
