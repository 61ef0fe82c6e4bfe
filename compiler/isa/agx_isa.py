# The G13 (Apple M1) shader instruction set, as one data table.
#
# Assumes: instructions are little-endian bit strings of 2..12 bytes; a
# descriptor matches when (bits & mask) == fixed after the bytes beyond its
# decoded length are read as zero (the length comes from the L bit when the
# short and long sizes differ).  Descriptors are tried in table order and the
# first match wins, exactly like the community disassembler (applegpu), so the
# ORDER OF THIS LIST IS PART OF THE DESCRIPTION.
#
# Facts (bit positions, names, operand layouts, mnemonics) come from
# dougallj/applegpu (applegpu.py) and Mesa src/asahi (AGX2.xml,
# agx_opcodes.py, agx_pack.c); see shared/reference/isa.md.
#
# Verification status (done locally, outside the repository, issue 4):
# - the layout of every descriptor (sizes, length bit, fixed bits, field
#   pieces, operand count and order) was compared with applegpu's descriptor
#   objects: identical for all 161;
# - 157 descriptors were checked by disassembling random encodings with
#   applegpu and with this table (about 500 per descriptor): identical text
#   except the select-uniform bit noted below; the other 4
#   (stack_get_ptr, TODO.stack_adjust, TODO.unk51, TODO.stack_adjust2) are
#   shadowed by earlier descriptors in first-match order, in applegpu too,
#   and were checked structurally only;
# - all 554 encodings of Mesa's AGX2.xml test cases decode to their length
#   with applegpu's text and re-encode exactly.
# Descriptors whose meaning is not understood by the public references are
# marked placeholder=True (bits transcribed, fields without known meaning).
# Deliberate difference: icmpsel/fcmpsel uniform sources take index bit 8
# from type bit 0 (AGX2.xml "cmpsel" encoding); applegpu's printer drops it.
#
# The build runs gen_isa.py on this file to produce C tables (stdlib only).

# --- enumerations (value -> printed text) ------------------------------------

MEMORY_FORMATS = {
    0: 'i8', 1: 'i16', 2: 'i32', 3: 'f16', 4: 'u8norm', 5: 's8norm',
    6: 'u16norm', 7: 's16norm', 8: 'rgb10a2', 10: 'srgba8', 12: 'rg11b10f',
    13: 'rgb9e5', 14: 'rg11b10f.rtz', 15: 'rgb9e5.rtz',
}

def _mask_names(with_empty):
    out = {}
    for v in range(16):
        s = ''.join(c for i, c in enumerate('xyzw') if v & (1 << i))
        if s or with_empty:
            out[v] = s
    return out

WRITE_MASK = _mask_names(True)          # 0 prints nothing
SAMPLE_WRITE_MASK = _mask_names(False)  # texture results: 0 prints "0"

ICOND = {0: 'ueq', 1: 'ult', 2: 'ugt', 4: 'seq', 5: 'slt', 6: 'sgt',
         8: 'nueq', 9: 'ugte', 10: 'ulte', 12: 'nseq', 13: 'sgte', 14: 'slte'}
FCOND = {0: 'eq', 1: 'lt', 2: 'gt', 3: 'ltn', 5: 'gte', 6: 'lte', 7: 'gtn',
         8: 'neq', 9: 'nlt', 10: 'ngt', 11: 'nltn', 13: 'ngte', 14: 'nlte',
         15: 'ngtn'}

CONVERT_MODES = {0: 'u8_to_f', 1: 's8_to_f', 4: 'f_to_u16', 5: 'f_to_s16',
                 6: 'u16_to_f', 7: 's16_to_f', 8: 'f_to_u32', 9: 'f_to_s32',
                 10: 'u32_to_f', 11: 's32_to_f'}
ROUND_ZE = {0: 'rtz', 1: 'rte'}
ROUND_EZ = {0: 'rte', 1: 'rtz'}
SIGNEDNESS = {0: 'signed', 1: 'unsigned'}
ATOMIC_OPS = {0: 'add', 1: 'sub', 2: 'xchg', 3: 'cmpxchg', 4: 'umin',
              5: 'imin', 6: 'umax', 7: 'imax', 8: 'and', 9: 'or', 10: 'xor'}
TEX_DIMS = {0: 'tex_1d', 1: 'tex_1d_array', 2: 'tex_2d', 3: 'tex_2d_array',
            4: 'tex_2d_ms', 5: 'tex_3d', 6: 'tex_cube', 7: 'tex_cube_array',
            8: 'tex_2d_ms_array'}
# 13 (auto_lod_bias_min, register form): a 32-bit register of two fp16
# halves, the bias then the minimum LOD (Mesa agx_compile.c
# AGX_LOD_MODE_AUTO_LOD_BIAS_MIN: 2 halves; the order is an assumption).
# 12 (lod_grad_min): the gradients, then the fp16 minimum in the next
# 32-bit register (Mesa models it as one more 32-bit component).
TEX_LOD = {0: 'auto_lod', 1: 'auto_lod_bias', 2: 'lod_min', 4: 'lod_grad',
           5: 'auto_lod_bias', 6: 'lod_min', 12: 'lod_grad_min', 13: 'auto_lod_bias_min'}
TEX_MODE = {0: '', 2: 'query_lod'}
TEX_GATHER = {0: 'none', 1: 'compare', 2: 'gather_r', 3: 'gather_depth',
              6: 'gather_g', 10: 'gather_b', 14: 'gather_a'}
INTERP = {0: 'center', 1: 'sample', 2: 'centroid', 3: 'sample'}
FORWARD = {0: '', 1: 'forward'}
ELIDE = {0: '', 1: 'elide'}
ASYNC_KIND = {0: 'copy_1d', 1: 'copy_2d'}
MAP_OP = {0: 'unmap', 1: 'map'}
MAP_TARGET = {0: 'target0', 1: 'target1'}

ENUMS = {
    'memory_format': MEMORY_FORMATS, 'write_mask': WRITE_MASK,
    'sample_write_mask': SAMPLE_WRITE_MASK, 'icond': ICOND, 'fcond': FCOND,
    'convert_mode': CONVERT_MODES, 'round_ze': ROUND_ZE, 'round_ez': ROUND_EZ,
    'signedness': SIGNEDNESS, 'atomic_op': ATOMIC_OPS, 'tex_dim': TEX_DIMS,
    'tex_lod': TEX_LOD, 'tex_mode': TEX_MODE, 'tex_gather': TEX_GATHER,
    'interp': INTERP, 'forward': FORWARD, 'elide': ELIDE,
    'async_kind': ASYNC_KIND, 'map_op': MAP_OP, 'map_target': MAP_TARGET,
}

# Special register names printed after "srN" by get_sr.
SR_NAMES = {
    0: 'threadgroup_position_in_grid.x', 1: 'threadgroup_position_in_grid.y',
    2: 'threadgroup_position_in_grid.z', 4: 'threads_per_threadgroup.x',
    5: 'threads_per_threadgroup.y', 6: 'threads_per_threadgroup.z',
    8: 'dispatch_threads_per_threadgroup.x',
    9: 'dispatch_threads_per_threadgroup.y',
    10: 'dispatch_threads_per_threadgroup.z', 20: 'core_index', 21: 'vm_slot',
    48: 'thread_position_in_threadgroup.x',
    49: 'thread_position_in_threadgroup.y',
    50: 'thread_position_in_threadgroup.z', 51: 'thread_index_in_threadgroup',
    52: 'thread_index_in_simdgroup', 53: 'simdgroup_index_in_threadgroup',
    56: 'active_thread_index_in_quadgroup',
    58: 'active_thread_index_in_simdgroup', 60: 'internal_coverage_mask',
    62: 'backfacing', 63: 'is_active_thread', 80: 'thread_position_in_grid.x',
    81: 'thread_position_in_grid.y', 82: 'thread_position_in_grid.z',
    124: 'input_sample_mask', 144: 'opfifo_cmd', 146: 'opfifo_data_l',
    147: 'opfifo_data_h',
}

# --- operand constructors -----------------------------------------------------
# An operand is (kind, name, fields, params).  fields: list of
# (field_name, [(start, size), ...]) where the first piece is the low bits.
# Operand kinds are interpreted by compiler/isa/agx_isa_operand.c.

def _op(kind, name, fields, **params):
    return {'kind': kind, 'name': name, 'fields': fields, 'params': params}

def reg_value(name, lo, ext):
    """6 low bits at lo plus 2 high bits at ext (register index in halves)."""
    return (name, [(lo, 6), (ext, 2)])

def dst(name, ext, r32=True, r64=False, paired=False):
    return _op('dst', name, [reg_value(name, 9, ext), (name + 't', [(7, 2)])],
               r32=r32, r64=r64, paired=paired)

def src(name, lo, ext, tsize=4, r32=True, r64=False, paired=False,
        sx=None, mod=None, fimm=False):
    fields = [reg_value(name, lo, ext), (name + 't', [(lo + 6, tsize)])]
    if sx is not None:
        fields.append((name + 's', [(sx, 1)]))
    if mod is not None:
        fields.append((name + 'm', [(mod, 2)]))
    return _op('src', name, fields, r32=r32, r64=r64, paired=paired,
               fimm=fimm)

def alu_src(name, lo, ext):
    return src(name, lo, ext)

def alu_src64(name, lo, ext):
    return src(name, lo, ext, r64=True)

def alu_src16(name, lo, ext):
    return src(name, lo, ext, r32=False)

def mul_src(name, lo, ext):
    return src(name, lo, ext, sx=lo + 10)

def add_src(name, lo, ext):
    return src(name, lo, ext, sx=lo + 10, r64=True)

def float_src(name, lo, ext, mod=None, paired=False):
    return src(name, lo, ext, mod=lo + 10 if mod is None else mod,
               fimm=True, paired=paired)

def half_src(name, lo, ext):
    return src(name, lo, ext, tsize=3, mod=lo + 9, fimm=True)

def cmpsel_src(name, lo, ext, dest_t):
    return _op('cmpsel', name, [reg_value(name, lo, ext),
                                (name + 't', [(lo + 6, 3)])], dest_t=dest_t)

def cond(enum, cc, ccn):
    f = [('cc', [(cc, 3)])]
    if ccn is not None:
        f.append(('ccn', [(ccn, 1)]))
    return _op('cond', 'cc', f, enum=enum)

def imm(name, pieces):
    if isinstance(pieces, tuple):
        pieces = [pieces]
    return _op('imm', name, [(name, pieces)])

def binary(name, start, size):
    return _op('binary', name, [(name, [(start, size)])])

def enum(name, pieces, table):
    if isinstance(pieces, tuple):
        pieces = [pieces]
    return _op('enum', name, [(name, pieces)], enum=table)

def simple(kind, name, pieces, **params):
    """Operand made of one (possibly split) field."""
    if isinstance(pieces, tuple):
        pieces = [pieces]
    return _op(kind, name, [(name, pieces)], **params)

def valt(kind, name, pieces, tpieces, **params):
    """Operand made of a value field and a type field."""
    if isinstance(pieces, tuple):
        pieces = [pieces]
    if isinstance(tpieces, tuple):
        tpieces = [tpieces]
    return _op(kind, name, [(name, pieces), (name + 't', tpieces)], **params)

def truth_table():
    return _op('truth_table', 'tt', [('tt0', [(26, 1)]), ('tt1', [(27, 1)]),
                                     ('tt2', [(38, 1)]), ('tt3', [(39, 1)])])

def shift():
    return simple('shift', 's', [(39, 1), (52, 2)])

def bitfield_mask():
    return simple('bitmask', 'm', [(38, 2), (50, 2), (63, 1)])

def branch(start, size):
    return simple('branch', 'off', (start, size))

def stack_adjust():
    return simple('stack_adjust', 'v', [(20, 4), (32, 4), (56, 8)])

def mem_index(name='O'):
    return valt('mem_index', name, [(20, 4), (32, 4), (56, 8)], (24, 1))

def mem_base(name='A'):
    return valt('mem_base', name, [(16, 4), (36, 4)], (27, 1))

def mem_reg(name='R', lo=10, ext=40, t=49, mask='mask'):
    return valt('mem_reg', name, [(lo, 6), (ext, 2)], (t, 1), mask=mask)

def tg_reg(name='R', alive=None):
    if alive is None:
        op = valt('tg_reg', name, [(9, 6), (60, 2)], (8, 1), mask='mask')
    else:
        op = valt('tg_reg', name, [(9, 6), (60, 2)], (8, 1), optional=True)
    if alive is not None:
        op['fields'].append((name + 'a', [(alive, 1)]))
    return op

def tg_base(name='A'):
    return valt('tg_base', name, [(16, 6), (58, 2)], (22, 2))

def tg_index(name='O'):
    return valt('tg_index', name, [(28, 6), (48, 10)], (34, 1))

def mem_shift():
    return simple('mem_shift', 's', (42, 2))

# --- instruction descriptors --------------------------------------------------

DESCRIPTORS = []

def D(name, size, fixed, ops=(), raw=(), lbit=15, mnem=None, placeholder=False,
      group='misc', cname=None, defs=()):
    """size: int or (short, long); fixed: [(start, size, value)];
    cname: C identifier when the mnemonic is shared or not an identifier;
    defs: operands written by the instruction besides destinations (kinds
          dst, r0l, var_reg and atomic_dst are always written);
    raw: extra named fields that are not printed as operands;
    mnem: mnemonic rule: None, ('sat',), ('alt', field, [names]),
          ('alt_sat', field, [names]) or ('alias', id)."""
    sizes = (size, size) if isinstance(size, int) else tuple(size)
    DESCRIPTORS.append({
        'name': name, 'sizes': sizes, 'lbit': lbit, 'fixed': list(fixed),
        'ops': list(ops), 'raw': list(raw), 'mnem': mnem,
        'placeholder': placeholder, 'group': group, 'cname': cname,
        'defs': list(defs),
    })

# Moves.  Bit 8 is both the high bit of the destination type and the
# 16/32-bit selector, so each form only takes destinations of its own size.
D('mov_imm', (4, 6), [(0, 7, 0x62), (8, 1, 0)],
  [dst('D', 44), imm('imm16', (16, 16))], group='move', cname='mov_imm16')
D('mov_imm', (6, 8), [(0, 7, 0x62), (8, 1, 1)],
  [dst('D', 60), imm('imm32', (16, 32)), binary('kill', 62, 1)], group='move',
  cname='mov_imm32')
D('get_sr', 4, [(0, 7, 0x72), (15, 1, 0)],
  [dst('D', 28), simple('sreg', 'SR', [(16, 6), (26, 2)])], group='move')

# Integer arithmetic (S = saturate, N = subtract)
D('iadd', 8, [(0, 6, 0x0E), (15, 1, 0)],
  [dst('D', 44, r64=True), add_src('A', 16, 42), add_src('B', 28, 40), shift()],
  raw=[('S', [(6, 1)]), ('N', [(27, 1)])],
  mnem=('alt_sat', 'N', ['iadd', 'isub']), group='int')
D('imadd', 8, [(0, 6, 0x1E), (15, 1, 0)],
  [dst('D', 60, r64=True), mul_src('A', 16, 58), mul_src('B', 28, 56),
   add_src('C', 40, 54), shift()],
  raw=[('S', [(6, 1)]), ('N', [(27, 1)])],
  mnem=('alt_sat', 'N', ['imadd', 'imsub']), group='int')
D('convert', 6, [(0, 7, 0x3E), (15, 1, 1), (38, 2, 0), (42, 2, 0), (22, 4, 0)],
  [enum('mode', (16, 6), 'convert_mode'), dst('D', 44),
   alu_src('src', 28, 40), enum('round', (26, 2), 'round_ze')], group='int')

# Shifts and bitfields: opcode 0x2E, sub-op in bit 15 and bits 26-27
def _bitfield(name, b15, op, with_c):
    ops = [dst('D', 60), alu_src('A', 16, 58), alu_src('B', 28, 56)]
    if with_c:
        ops += [alu_src('C', 40, 54), bitfield_mask()]
    D(name, 8, [(0, 7, 0x2E), (15, 1, b15), (26, 2, op)], ops, group='bitfield')

_bitfield('bfi', 0, 0, True)
_bitfield('bfeil', 1, 0, True)
_bitfield('extr', 0, 1, True)
_bitfield('shlhi', 0, 2, True)
_bitfield('shrhi', 1, 2, True)
_bitfield('asr', 1, 1, False)
_bitfield('asrh', 1, 3, False)

# Bit operations
D('bitop', 6, [(0, 7, 0x7E), (15, 1, 0)],
  [truth_table(), dst('D', 44), alu_src('A', 16, 42), alu_src('B', 28, 40)],
  mnem=('alias', 'bitop'), group='bitop')

def _iunary(name, op, placeholder=False):
    fixed = [(0, 7, 0x3E), (15, 1, 0), (28, 10, 0)]
    ops = [dst('D', 44), alu_src('A', 16, 42)]
    if op is None:
        ops += [binary('op1', 38, 2), binary('op2', 26, 2)]
    else:
        fixed += [(38, 2, 0), (26, 2, op)]
    D(name, 6, fixed, ops, placeholder=placeholder, group='bitop')

_iunary('bitrev', 1)
_iunary('popcount', 2)
D('intl', 6, [(0, 7, 0x3E), (15, 1, 0), (38, 2, 0), (26, 2, 0)],
  [dst('D', 44), alu_src('A', 16, 42), alu_src('B', 28, 40)], group='bitop')
_iunary('ffs', 3)
_iunary('iunop', None, placeholder=True)

# Floating point (S = saturate, printed as .sat)
_SAT = ('sat',)
D('fmadd32', (6, 8), [(0, 6, 0x3A)],
  [dst('D', 60), float_src('A', 16, 58), float_src('B', 28, 56),
   float_src('C', 40, 54)], raw=[('S', [(6, 1)])], mnem=_SAT, group='float')
D('fmadd16', (6, 8), [(0, 6, 0x36)],
  [dst('D', 60, r32=False), half_src('A', 16, 58), half_src('B', 28, 56),
   half_src('C', 40, 54)], raw=[('S', [(6, 1)])], mnem=_SAT, group='float')

def _fbinary(name, opcode, half):
    if half:
        ops = [dst('D', 44, r32=False), half_src('A', 16, 42),
               half_src('B', 28, 40)]
    else:
        ops = [dst('D', 44), float_src('A', 16, 42), float_src('B', 28, 40)]
    D(name, (4, 6), [(0, 6, opcode)], ops, raw=[('S', [(6, 1)])], mnem=_SAT,
      group='float')

_fbinary('fadd32', 0x2A, False)
_fbinary('fadd16', 0x26, True)
_fbinary('fmul32', 0x1A, False)
_fbinary('fmul16', 0x16, True)

def _funary(name, op, kill=False):
    fixed = [(0, 6, 0x0A), (34, 8, 0)]
    ops = [dst('D', 44), float_src('A', 16, 42)]
    raw = [('S', [(6, 1)])]
    if op is None:
        ops.append(binary('op', 28, 6))
    else:
        fixed.append((28, 6, op))
    if kill:
        raw.append(('kill', [(46, 1)]))
    D(name, (4, 6), fixed, ops, raw=raw, mnem=_SAT,
      placeholder=op is None, group='float')

_funary('floor', 0)
_funary('ceil', 16)
_funary('trunc', 32)
_funary('rint', 48)
_funary('rcp', 8)
_funary('rsqrt', 9)
_funary('rsqrt_special', 1)
_funary('sin_pt_1', 10)
_funary('sin_pt_2', 14)
_funary('log2', 12)
_funary('exp2', 13)
_funary('dfdx', 4, kill=True)
_funary('dfdy', 6, kill=True)
_funary('funop', None)

# Flow control
D('ret', 2, [(0, 7, 0x14)], [simple('reg32', 'reg32', (9, 7))], group='flow')
D('stop', 2, [(0, 16, 0x88)], group='flow')
D('trap', 2, [(0, 16, 0x08)], group='flow')
D('call', 2, [(0, 7, 0x04)], [simple('reg32', 'reg32', (9, 7))], group='flow',
  cname='call_reg')
D('jmp_incomplete', 4, [(0, 16, 0), (24, 8, 0)], [branch(16, 8)], group='flow')
D('jmp_exec_any', 6, [(0, 16, 0xC000)], [branch(16, 32)], group='flow')
D('jmp_exec_none', 6, [(0, 16, 0xC020)], [branch(16, 32)], group='flow')
D('call', 6, [(0, 16, 0xC010)], [branch(16, 32)], group='flow')

# Execution mask stack; r0l is implicit (only its cache bit is encoded)
def _r0l():
    return simple('r0l', 'D', (7, 1))

def _nest():
    return imm('n', (11, 2))

D('pop_exec', 6, [(0, 7, 0x52), (9, 2, 3), (13, 35, 0)], [_r0l(), _nest()],
  group='exec')

def _icmp_mask(name, op):
    D(name, 6, [(0, 7, 0x52), (26, 2, 0), (38, 2, 0), (44, 2, 0), (9, 2, op)],
      [_r0l(), cond('icond', 13, 8), alu_src('A', 16, 42),
       alu_src('B', 28, 40), _nest()], group='exec')

def _fcmp_mask(name, op, alias=None):
    D(name, 6, [(0, 7, 0x42), (44, 2, 0), (9, 2, op)],
      [_r0l(), cond('fcond', 13, 8), float_src('A', 16, 42),
       float_src('B', 28, 40), _nest()],
      mnem=('alias', alias) if alias else None, group='exec')

_icmp_mask('if_icmp', 0)
_fcmp_mask('if_fcmp', 0, alias='push_exec')
_icmp_mask('while_icmp', 2)
_fcmp_mask('while_fcmp', 2)
_icmp_mask('else_icmp', 1)
_fcmp_mask('else_fcmp', 1)

# Compare and select
D('icmpsel', (8, 10), [(0, 7, 0x12)],
  [cond('icond', 61, None), dst('D', 76), alu_src('A', 16, 74),
   alu_src('B', 28, 72), cmpsel_src('X', 40, 70, 'Dt'),
   cmpsel_src('Y', 52, 68, 'Dt')], group='select')
D('fcmpsel', (8, 10), [(0, 7, 0x02)],
  [cond('fcond', 61, None), dst('D', 76), float_src('A', 16, 74),
   float_src('B', 28, 72), cmpsel_src('X', 40, 70, 'Dt'),
   cmpsel_src('Y', 52, 68, 'Dt')], group='select')

# Ballots
for _name, _quad in (('icmp_ballot', 1), ('icmp_quad_ballot', 0)):
    D(_name, 8, [(0, 7, 0x32), (26, 2, 0), (38, 2, 0), (48, 13, _quad)],
      [dst('D', 44), cond('icond', 61, 47), alu_src('A', 16, 42),
       alu_src('B', 28, 40)], group='simd')
for _name, _quad in (('fcmp_ballot', 1), ('fcmp_quad_ballot', 0)):
    D(_name, 8, [(0, 7, 0x22), (48, 13, _quad)],
      [dst('D', 44), cond('fcond', 61, 47), float_src('A', 16, 42),
       float_src('B', 28, 40)], group='simd')

# SIMD shuffles: bit 47 = rotate, bits 38-39 = none/xor/up/down,
# bits 26-27 = 1 for simd, 0 for quad
for _name, _rot, _kind in (('simd_shuffle', 0, 0), ('simd_shuffle_down', 0, 3),
                           ('simd_shuffle_up', 0, 2),
                           ('simd_shuffle_rotate_up', 1, 2),
                           ('simd_shuffle_xor', 0, 1)):
    D(_name, 6, [(0, 7, 0x6F), (15, 1, 0), (47, 1, _rot), (38, 2, _kind),
                 (26, 2, 1)],
      [dst('D', 44), alu_src('A', 16, 42), alu_src16('B', 28, 40)],
      group='simd')

# Matrix multiply-accumulate on register pairs (not understood in detail)
for _name, _b26 in (('simd_matrix_fmadd32', 1), ('simd_matrix_fmadd16', 0)):
    D(_name, 8, [(0, 7, 0x6F), (15, 1, 0), (27, 1, 1), (26, 1, _b26),
                 (63, 1, 1)],
      [dst('D', 60, paired=True), float_src('A', 16, 58, mod=52, paired=True),
       float_src('B', 28, 56, paired=True),
       float_src('C', 40, 54, paired=True)], placeholder=True, group='simd')

for _name, _rot, _kind in (('quad_shuffle', 0, 0), ('quad_shuffle_down', 0, 3),
                           ('quad_shuffle_up', 0, 2),
                           ('quad_shuffle_rotate_up', 1, 2),
                           ('quad_shuffle_xor', 0, 1), (None, None, None)):
    fixed = [(0, 7, 0x6F), (15, 1, 0)]
    ops = []
    if _name is None:
        ops = [binary('op1', 47, 1), binary('op2', 38, 2), binary('op3', 26, 2)]
    else:
        fixed += [(47, 1, _rot), (38, 2, _kind), (26, 2, 0)]
    ops += [dst('D', 44), alu_src64('A', 16, 42), alu_src64('B', 28, 40)]
    D(_name or 'simd_shuf_op', 6, fixed, ops, placeholder=_name is None,
      group='simd')

# Subgroup reductions / scans: bit 15 = 1; bit 47 = integer flavour;
# bits 26-41: operation (bit 28 float, bit 29 simd (vs quad), bit 30 prefix,
# bits 38-40 op)
_REDUCTIONS = [
    (0, 0x0000, 'quad_and'), (0, 0x1000, 'quad_or'), (0, 0x2000, 'quad_xor'),
    (1, 0x0000, 'quad_iadd'), (0, 0x0004, 'quad_fadd'),
    (0, 0x1004, 'quad_fmul'), (1, 0x0010, 'quad_prefix_iadd'),
    (0, 0x0014, 'quad_prefix_fadd'), (0, 0x1014, 'quad_prefix_fmul'),
    (1, 0x6000, 'quad_min.u'), (1, 0x7000, 'quad_max.u'),
    (1, 0x2000, 'quad_min.s'), (1, 0x3000, 'quad_max.s'),
    (0, 0x2004, 'quad_min.f'), (0, 0x3004, 'quad_max.f'),
    (0, 0x0008, 'simd_and'), (0, 0x1008, 'simd_or'), (0, 0x2008, 'simd_xor'),
    (1, 0x0008, 'simd_iadd'), (0, 0x000C, 'simd_fadd'),
    (0, 0x100C, 'simd_fmul'), (1, 0x0018, 'simd_prefix_iadd'),
    (0, 0x001C, 'simd_prefix_fadd'), (0, 0x101C, 'simd_prefix_fmul'),
    (0, 0x0018, 'simd_prefix_and'), (0, 0x1018, 'simd_prefix_or'),
    (0, 0x2018, 'simd_prefix_xor'), (1, 0x2018, 'simd_prefix_min.s'),
    (1, 0x6018, 'simd_prefix_min.u'), (1, 0x3018, 'simd_prefix_max.s'),
    (1, 0x7018, 'simd_prefix_max.u'), (1, 0x6008, 'simd_min.u'),
    (1, 0x7008, 'simd_max.u'), (1, 0x2008, 'simd_min.s'),
    (1, 0x3008, 'simd_max.s'), (0, 0x200C, 'simd_min.f'),
    (0, 0x300C, 'simd_max.f'), (None, None, 'simd_op'),
]
for _int, _opbits, _name in _REDUCTIONS:
    fixed = [(0, 7, 0x6F), (15, 1, 1)]
    ops = []
    if _int is None:
        ops = [binary('op1', 47, 1), binary('op2', 26, 16)]
    else:
        fixed += [(47, 1, _int), (26, 16, _opbits)]
    ops += [dst('D', 44), alu_src64('A', 16, 42)]
    D(_name, 6, fixed, ops, placeholder=_int is None, group='simd')

# Raster-order (pixel) synchronisation
D('wait_pix', 4, [(0, 8, 0x48)], [imm('i', (8, 10)), imm('j', (22, 2))],
  group='graphics')
D('signal_pix', 4, [(0, 8, 0x58)], [imm('i', (8, 10)), imm('j', (22, 2))],
  group='graphics')
D('wait', 2, [(0, 8, 0x38)], [imm('i', (8, 1))], group='memory')

# Tilebuffer access; bit 6 selects load (ld_tile) or store (st_tile)
D('TODO.ld/st_tile', (8, 10), [(0, 6, 0x09)],
  [imm('load', (6, 1)), tg_reg('R'), enum('F', (24, 4), 'memory_format'),
   imm('u0', (35, 1)), enum('mask', (36, 4), 'write_mask'),
   imm('O', [(28, 7), (40, 2)]),
   valt('sample_mask', 'S', [(42, 6), (56, 2)], (22, 2), imm_when_zero=True),
   imm('C', [(16, 6), (58, 2)])],
  mnem=('alias', 'ldst_tile'), group='graphics',
  defs=['R'])  # written by ld_tile (load = 1), read by st_tile

# Varyings
def _iterate(name, proj):
    ops = [_op('var_reg', 'D', [('D', [(9, 6), (56, 2)]), ('Dt', [(8, 1)]),
                                ('count', [(30, 2)])], triple=False),
           valt('cf', 'I', [(16, 6), (58, 2)], (23, 1))]
    if proj:
        ops.append(simple('cf_persp', 'J', [(24, 6), (60, 2)]))
    ops += [simple('iter_sample', 'S', (32, 8), interp='interpolation'),
            enum('forwarding', (22, 1), 'forward'),
            enum('elide', (46, 1), 'elide'),
            enum('interpolation', (48, 2), 'interp'),
            binary('kill', 52, 1), imm('unk1', (40, 6)), imm('unk2', (47, 1)),
            imm('unk3', (50, 2)), imm('unk4', (53, 3)), imm('unk5', (62, 2))]
    D(name, (4, 8), [(0, 6, 0x21), (6, 1, 1 if proj else 0), (7, 1, 0)], ops,
      group='graphics')

_iterate('iter', False)
_iterate('iterproj', True)
D('TODO.ldcf', (4, 8), [(0, 6, 0x21), (6, 2, 2)],
  [_op('var_reg', 'D', [('D', [(9, 6), (56, 2)]), ('Dt', [(8, 1)]),
                        ('count', [(30, 2)])], triple=True),
   valt('cf', 'I', [(16, 6), (58, 2)], (23, 1))], group='graphics')

# Uniform and descriptor-state stores (preamble)
D('uniform_store', (6, 8),
  [(0, 7, 0x45), (9, 1, 0), (28, 2, 3), (50, 2, 0), (16, 4, 0), (36, 4, 0),
   (27, 1, 1)],
  [imm('unk', (25, 2)), enum('F', (7, 2), 'memory_format'),
   enum('mask', (52, 4), 'write_mask'), imm('b', (44, 3)), mem_reg(),
   mem_index(), mem_shift()], lbit=47, group='memory')
D('tex_state_store', 8, [(0, 8, 0xED), (20, 1, 1)],
  [simple('ts_dest', 'TS', (8, 7)), simple('ureg64', 'B', (58, 6)),
   simple('reg32', 'O', (27, 7))], group='texture')
D('sampler_state_store', 8, [(0, 8, 0xAD), (20, 1, 1)],
  [simple('ss_dest', 'SS', (8, 5)), simple('ureg64', 'B', (58, 6)),
   simple('reg32', 'O', (27, 7))], group='texture')

for _name, _op10 in (('no_var', 0x51), ('st_var', 0x11), ('st_var_final', 0x91)):
    D(_name, 4, [(0, 10, _op10), (22, 1, 0)],
      [imm('u', (31, 1)), simple('exreg32', 'r', [(10, 5), (24, 2)]),
       valt('uvs_index', 'I', [(16, 6), (26, 2)], (23, 1))], group='graphics')

# Asynchronous copies (not understood in detail)
for _name, _bit in (('async_store', 1), ('async_load', 0)):
    D(_name, 8, [(0, 7, 0x25 | (_bit << 6))],
      [enum('F', (47, 1), 'async_kind'),
       valt('async_reg', 'R', (9, 6), (8, 1)),
       valt('async_base', 'A', [(16, 4), (36, 4)], (25, 1), copy='F')],
      placeholder=True, group='memory')

# Device memory.  g = wait group; Ou = offset signedness; s = extra shift
def _device(name, bit, fixed, extra_ops, placeholder=False):
    ops = [imm('g', (30, 1)),
           enum('F', [(7, 3), (48, 1)], 'memory_format'),
           enum('mask', (52, 4), 'write_mask'), mem_reg(), mem_base(),
           mem_index(), enum('Ou', (25, 1), 'signedness'), mem_shift()]
    D(name, (6, 8), [(0, 7, 0x05 | (bit << 6))] + fixed, ops + extra_ops,
      lbit=47, placeholder=placeholder, group='memory',
      defs=[] if bit else ['R'])

_device('device_load', 0, [(26, 1, 1), (28, 2, 0), (44, 3, 4), (50, 2, 0)], [])
_device('device_store', 1, [(26, 1, 1), (28, 2, 0), (45, 2, 2), (50, 2, 0)],
        [imm('u6', (44, 1))])
# Coherent load: Mesa's agx_pack.c sets bits 44-46 to 7 instead of 4 for loads whose
# access is coherent or volatile (the access does not hit in the GPU's non-coherent caches);
# applegpu has no name for it (device_load.TODO). Mnemonic ours, from Mesa's flag.
_device('device_load.coherent', 0, [(26, 1, 1), (28, 2, 0), (44, 3, 7), (50, 2, 0)], [])
_device('device_load.TODO', 0, [],
        [imm('u1', (26, 1)), imm('u3', (28, 2)), imm('u4', (44, 3)),
         imm('u5', (50, 2))], placeholder=True)
_device('device_store.TODO', 1, [],
        [imm('u6', (44, 1)), imm('u1', (26, 1)), imm('u3', (28, 2)),
         imm('u4', (45, 2)), imm('u5', (50, 2))], placeholder=True)

# Stack (scratch) access
def _stack(name, bit):
    reg = mem_reg()
    ops = [] if bit else [reg]
    ops += [enum('F', [(8, 2), (50, 2)], 'memory_format'), imm('i1', (26, 1)),
            imm('i2', (36, 3)), enum('mask', (52, 4), 'write_mask'),
            imm('i5', (44, 3))]
    if bit:
        ops.append(reg)
    ops += [mem_index(), imm('i6', (30, 1))]
    D(name, (6, 8), [(0, 8, (bit << 7) | 0x35)], ops, lbit=47, group='memory',
      defs=[] if bit else ['R'])

_stack('stack_store', 1)
_stack('stack_load', 0)
D('stack_get_ptr', (6, 8), [(0, 8, 0x35), (16, 4, 1), (48, 2, 2)],
  [imm('i0', (8, 2)), imm('i1', (26, 1)), imm('i2', (36, 3)),
   imm('i4', (50, 6)), imm('i3', (44, 3)),
   simple('stack_reg32', 'R', [(10, 6), (40, 2)])], lbit=47, group='memory')
D('TODO.stack_adjust', (6, 8), [(0, 8, 0xB5), (16, 4, 1), (24, 2, 1)],
  [imm('i0', (8, 2)), imm('i1', (26, 1)), imm('i2', (36, 3)),
   imm('i3', (44, 3)), imm('i4', (50, 6)), stack_adjust()], lbit=47,
  group='memory')

# Threadgroup (local) memory; offsets in elements of the format
for _name, _bit in (('threadgroup_load', 1), ('threadgroup_store', 0)):
    D(_name, (6, 8), [(0, 4, 0x9), (5, 2, 1 | (_bit << 1))],
      [enum('F', (24, 4), 'memory_format'), enum('mask', (36, 4), 'write_mask'),
       tg_reg(), tg_base(), tg_index()], group='memory',
      defs=['R'] if _bit else [])

# Texture sample / load (12 bytes long form)
def _texture(name, opcode):
    ops = [imm('compare', (23, 1)), enum('mode', (30, 2), 'tex_mode'),
           binary('q3', 43, 4), binary('slot', 63, 1),
           enum('q6', (86, 5), 'tex_gather'),
           enum('mask', (48, 4), 'sample_write_mask'),
           binary('kill', 69, 2),
           mem_reg('R', lo=9, ext=72, t=8, mask='mask'),
           simple('sample_ureg', 'U', (64, 5), tex_t='Tt'),
           valt('texture', 'T', [(32, 6), (78, 2)], (38, 2)),
           valt('sampler', 'S', [(56, 6), (92, 2)], (62, 1)),
           enum('n', [(40, 3), (71, 1)], 'tex_dim'),
           _op('coords', 'C', [('C', [(16, 6), (74, 2)]), ('Ct', [(22, 1)]),
                               ('Cs', [(47, 1)])], dim='n'),
           enum('lod', (52, 4), 'tex_lod'),
           simple('lod', 'D', [(24, 6), (76, 2)], lod='lod', dim='n'),
           valt('cmp_off', 'O', [(80, 6), (94, 2)], (91, 1),
                compare='compare')]
    D(name, (8, 12), [(0, 8, opcode)], ops, group='texture', defs=['R'])

_texture('texture_sample', 0x31)
_texture('texture_load', 0x71)
D('threadgroup_barrier', 2, [(0, 8, 0x68)], group='barrier')

# Atomics
D('atomic', 8, [(0, 6, 0x15)],
  [enum('op', (6, 4), 'atomic_op'), imm('g', (30, 1)),
   valt('atomic_dst', 'R', [(10, 6), (40, 2)], (47, 1)), mem_base(),
   mem_index(), enum('Ou', (25, 1), 'signedness'),
   simple('atomic_src', 'S', (48, 8), op='op'), imm('u1', (26, 1)),
   imm('u2', (28, 2)), imm('u3', (31, 1)), imm('u4', (42, 3)),
   imm('u5', (45, 2))], group='atomic')
D('threadgroup_atomic', (6, 10), [(0, 6, 0x19)],
  [enum('op', (24, 4), 'atomic_op'), tg_reg('R', alive=38), tg_base(),
   tg_index(), simple('atomic_src', 'S', (64, 8), op='op'),
   imm('u1', (6, 2)), imm('u3', (35, 3)), imm('u4', (40, 8)),
   imm('u5', (72, 8))], group='atomic')

# Encodings seen in compiled shaders whose meaning is unknown
D('TODO.after_sampling1', 2, [(0, 16, 0x101C)], placeholder=True)
D('TODO.after_sampling2', 2, [(0, 16, 0x62CC)], placeholder=True)
D('TODO.unk30C0', 6, [(0, 16, 0xC030)], [imm('imm', (16, 32))],
  placeholder=True)
D('TODO.unk40C0', 6, [(0, 48, 0xC040)], placeholder=True)
D('TODO.unkC0000000', 4, [(0, 32, 0xC0)], placeholder=True)
D('TODO.unk51', 4, [(0, 31, 0x51)], placeholder=True)
D('TODO.unkE800', 2, [(0, 16, 0xE8)], placeholder=True)
D('TODO.unk0C00', 2, [(0, 16, 0x0C)], placeholder=True)

# Helper-program mailbox
D('doorbell', 2, [(0, 8, 0x28)], [imm('imm', (8, 8))], group='flow')
D('jmp_if_skipping_doorbell', 4, [(0, 16, 0x20), (24, 8, 0)],
  [branch(16, 8)], group='flow')

# Image writes (PBE)
D('image_write_block', (6, 10), [(0, 8, 0xB1), (48, 5, 0), (68, 10, 0)],
  [simple('tile_reg', 'R', [(9, 6), (56, 2)]),
   _op('coords', 'C', [('C', [(16, 6), (58, 2)]), ('Ct', [(22, 1)]),
                       ('Cs', [(47, 1)])], dim='n'),
   valt('pbe_lod', 'D', [(24, 6), (60, 2)], (31, 1)),
   valt('texture', 'T', [(32, 6), (62, 2)], (38, 2)),
   enum('n', [(40, 3), (55, 1)], 'tex_dim'),
   enum('round', (53, 1), 'round_ez'),
   enum('F', [(8, 1), (64, 3)], 'memory_format'), imm('q0', (23, 1)),
   imm('q1', (43, 4)), imm('q2', (67, 1))], group='texture')
D('TODO.stack_adjust2', (6, 8), [(0, 8, 0xB5), (16, 4, 1), (24, 2, 0)],
  [imm('i0', (8, 2)), imm('i1', (26, 1)), imm('i2', (36, 3)),
   imm('i3', (44, 3)), imm('i4', (50, 6)),
   simple('reg32_half', 'r', [(20, 4), (32, 4)])], lbit=47, placeholder=True,
  group='memory')
D('image_write', (6, 8), [(0, 8, 0xF1)],
  [valt('pbe_src', 'R', [(9, 6), (56, 2)], (8, 1)),
   _op('coords', 'C', [('C', [(16, 6), (58, 2)]), ('Ct', [(22, 1)]),
                       ('Cs', [(47, 1)])], dim='n'),
   valt('pbe_lod', 'D', [(24, 6), (60, 2)], (31, 1)),
   simple('sample_ureg', 'U', (48, 5), tex_t='Tt'),
   valt('texture', 'T', [(32, 6), (62, 2)], (38, 2)),
   enum('n', [(40, 3), (55, 1)], 'tex_dim'),
   enum('round', (53, 1), 'round_ez'), imm('u1', (23, 1)),
   imm('u2', (30, 1)), imm('u3', (43, 4)), imm('u5', (54, 1))],
  group='texture')
D('TODO.sr_thing', 4, [(0, 7, 0x72), (15, 1, 1)],
  [dst('D', 28), simple('sreg', 'SR', [(16, 6), (26, 2)])], placeholder=True)
D('TODO.pop_exec2', 6, [(0, 7, 0x52), (9, 2, 3), (13, 10, 0), (23, 1, 1)],
  [_r0l(), _nest()], placeholder=True, group='exec')
D('map', 8, [(0, 8, 0x75), (10, 1, 0), (47, 1, 1), (24, 2, 1), (27, 3, 0),
             (31, 1, 0)],
  [enum('op', (16, 4), 'map_op'), enum('target', (36, 1), 'map_target'),
   simple('exreg32', 'R', [(11, 5), (40, 2)]), stack_adjust(),
   binary('q1', 8, 2), binary('q2', 30, 1), binary('q3', 37, 3),
   binary('q4', 42, 5), binary('q5', 48, 8)],
  mnem=('alias', 'map'), group='memory')
D('TODO.unk75_alt', 8, [(0, 8, 0x75), (10, 1, 0), (47, 1, 1)],
  [imm('q16', (16, 4)), imm('q17', (24, 2)), imm('q18', (27, 3)),
   imm('q19', (31, 1)), simple('exreg32', 'R', [(11, 5), (40, 2)]),
   stack_adjust(), binary('q1', 8, 2)], placeholder=True, group='memory')
D('sample_mask', 4, [(0, 8, 0xC1), (15, 1, 0)],
  [valt('sample_mask', 'S', [(9, 6), (24, 2)], (8, 1), imm_when_zero=False),
   valt('discard_mask', 'M', [(16, 6), (26, 2)], (23, 1))], group='graphics')
D('zs_emit', 4, [(0, 8, 0x41), (15, 1, 0)],
  [valt('sample_mask', 'S', [(9, 6), (24, 2)], (8, 1), imm_when_zero=False),
   _op('zs', 'T', [('T', [(16, 6), (26, 2)]), ('z', [(29, 1)]),
                   ('s', [(30, 1)])]),
   imm('u0', (22, 2))], group='graphics')
D('memory_barrier', 2, [(0, 8, 0xF5)],
  [imm('a', (10, 2)), imm('b', (8, 2)), imm('c', (12, 4))], group='barrier')
