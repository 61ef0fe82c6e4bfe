#!/usr/bin/env python3
# Generates agx_pack.h (C11 and OpenCL C 2.0) from the AGX genxml files, or
# prints their field layout for review and tools.
#
#   gen_pack.py --header OUT.h XML...   write the pack/unpack/print header
#   gen_pack.py --layout XML...         print struct<TAB>field<TAB>start<TAB>size
#
# Assumes the model of agx_genxml.py; the generated code relies on the
# helpers in agx_pack_helpers.h. Stdlib only; run by meson at build time.

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agx_genxml import Spec, GenxmlError  # noqa: E402


def c_string(text):
    """C string literal body for text (also safe inside printf formats)."""
    return text.replace('\\', '\\\\').replace('"', '\\"').replace('%', '%%')


def hexu(v):
    return f'0x{v:x}u' if v < (1 << 32) else f'0x{v:x}ull'


# --- layout listing ------------------------------------------------------

def emit_layout(spec, out):
    for kind, obj in spec.order:
        if kind != 'struct':
            continue
        for f in obj.fields:
            out.write(f'{obj.name}\t{f.name}\t{f.start}\t{f.size}\n')


# --- header --------------------------------------------------------------

def emit_enum(e, out):
    out.write(f'/* {e.name} */\n{e.c_type} {{\n')
    for vname, value in e.values:
        out.write(f'   {e.value_cname(vname)} = {value},\n')
    out.write('};\n\n')
    out.write('#ifndef __OPENCL_C_VERSION__\n')
    out.write(f'static inline const char *\n{e.c_func}({e.c_type} v)\n{{\n')
    out.write('   switch (v) {\n')
    seen = set()
    for vname, value in e.values:
        if value in seen:
            continue
        seen.add(value)
        out.write(f'   case {e.value_cname(vname)}: return "{c_string(vname)}";\n')
    out.write('   default: return 0;\n   }\n}\n#endif\n\n')


def encode_expr(f):
    """uint64_t expression of the stored bits of a non-exact field."""
    src = f'values->{f.cname}'
    t = f.type
    if t == 'int':
        return f'(uint64_t)(int64_t){src}'
    if t == 'float':
        return f'(uint64_t)agx_genxml_float_bits({src})'
    if t == 'half':
        return f'(uint64_t)agx_genxml_float_to_half({src})'
    if t == 'lod':
        return f'(uint64_t)agx_genxml_pack_lod({src})'
    base = f'(uint64_t){src}'
    m = f.modifier
    if m is None:
        return base
    if m.kind == 'shr':
        return f'{base} >> {m.arg}'
    if m.kind == 'minus':
        return f'{base} - {m.arg}u'
    if m.kind == 'align':
        return f'({base} + {m.arg - 1}u) & ~(uint64_t){m.arg - 1}u'
    if m.kind == 'log2':
        return f'agx_genxml_log2({base})'
    if m.kind == 'groups':
        return f'agx_genxml_to_groups({base}, {m.arg}u, {f.size})'
    raise AssertionError(m.kind)


def range_checks(f):
    """(condition, rule) pairs that can fail for values of the C type."""
    if f.type in ('bool', 'float', 'half', 'lod'):
        return []
    src = f'values->{f.cname}'
    size, m = f.size, f.modifier
    cbits = f.c_type_bits()
    if f.type == 'int':
        if size >= cbits:
            return []
        lo, hi = -(1 << (size - 1)), (1 << (size - 1)) - 1
        return [(f'(int64_t){src} >= {lo}ll && (int64_t){src} <= {hi}ll',
                 f'must be in {lo}..{hi}')]
    val = f'(uint64_t){src}'
    if f.enum is not None:
        return [(f'{val} < {hexu(1 << size)}', f'must be < {hex(1 << size)}')]
    cmax = (1 << cbits) - 1
    checks = []
    if m is None:
        if cmax >= (1 << size):
            checks.append((f'{val} < {hexu(1 << size)}', f'must be < {hex(1 << size)}'))
    elif m.kind == 'shr':
        n = m.arg
        checks.append((f'({val} & {hexu((1 << n) - 1)}) == 0', f'must be a multiple of {1 << n}'))
        if cmax >= (1 << (size + n)):
            checks.append((f'{val} < {hexu(1 << (size + n))}', f'must be < {hex(1 << (size + n))}'))
    elif m.kind == 'minus':
        n = m.arg
        if n > 0:
            checks.append((f'{val} >= {n}u', f'must be >= {n}'))
        if cmax >= (1 << size) + n:
            checks.append((f'{val} < {hexu((1 << size) + n)}',
                           f'must be <= {hex((1 << size) - 1 + n)}'))
    elif m.kind == 'log2':
        checks.append((f'agx_genxml_is_pot({val})', 'must be a power of two'))
        if cbits - 1 >= (1 << size):
            checks.append((f'{val} < {hexu(1 << (1 << size))}',
                           f'must be < {hex(1 << (1 << size))}'))
    elif m.kind == 'groups':
        top = m.arg << size
        if cmax > top:
            checks.append((f'{val} <= {hexu(top)}', f'must be <= {top}'))
    elif m.kind == 'align':
        if cmax >= (1 << size):
            checks.append((f'{val} <= {hexu((1 << size) - m.arg)}',
                           f'must be <= {hex((1 << size) - m.arg)} after alignment'))
    return checks


def word_piece(var, f, word):
    """uint32_t expression of field f's bits that land in 32-bit `word`."""
    shift = f.start - word * 32
    lo = max(f.start, word * 32) - word * 32
    hi = min(f.end, word * 32 + 31) - word * 32
    mask = ((1 << (hi - lo + 1)) - 1) << lo
    if shift >= 0:
        moved = f'({var} << {shift})' if shift else var
    else:
        moved = f'({var} >> {-shift})'
    return f'((uint32_t){moved} & {hexu(mask)})'


def extract_expr(f):
    """uint64_t expression reading field f's stored bits from words w[]."""
    parts = []
    for k in range(f.start // 32, f.end // 32 + 1):
        off = 32 * k - f.start
        if off < 0:
            parts.append(f'((uint64_t)w[{k}] >> {-off})')
        elif off == 0:
            parts.append(f'(uint64_t)w[{k}]')
        elif off < 64:
            parts.append(f'((uint64_t)w[{k}] << {off})')
    expr = ' | '.join(parts)
    if f.size < 64:
        expr = f'({expr}) & {hexu((1 << f.size) - 1)}'
    return f'({expr})'


def decode_expr(f, raw):
    t = f.type
    ct = f.c_type()
    if t == 'bool':
        return f'{raw} != 0'
    if t == 'float':
        return f'agx_genxml_bits_float((uint32_t){raw})'
    if t == 'half':
        return f'agx_genxml_half_to_float((uint32_t){raw})'
    if t == 'lod':
        return f'(float){raw} / 64.0f'
    if t == 'int':
        sign = 1 << (f.size - 1)
        return f'({ct})(int64_t)(({raw} ^ {hexu(sign)}) - {hexu(sign)})'
    if f.enum is not None:
        return f'({ct}){raw}'
    m = f.modifier
    if m is None or m.kind == 'align':
        val = raw
    elif m.kind == 'shr':
        val = f'({raw} << {m.arg})'
    elif m.kind == 'minus':
        val = f'({raw} + {m.arg}u)'
    elif m.kind == 'log2':
        val = f'((uint64_t)1 << {raw})'
    elif m.kind == 'groups':
        val = f'agx_genxml_from_groups({raw}, {m.arg}u, {f.size})'
    return f'({ct}){val}'


def print_stmt(f):
    src = f'values->{f.cname}'
    pre = f'fprintf(fp, "%*s{c_string(f.name)}: '
    t = f.type
    if f.enum is not None:
        return (f'{{\n      const char *s = {f.enum.c_func}({src});\n'
                f'      if (s)\n         {pre}%s\\n", (int)indent, "", s);\n'
                f'      else\n         {pre}unknown 0x%X\\n", (int)indent, "", (unsigned){src});\n   }}')
    if t == 'bool':
        return f'{pre}%s\\n", (int)indent, "", {src} ? "true" : "false");'
    if t in ('float', 'half', 'lod'):
        return f'{pre}%g\\n", (int)indent, "", (double){src});'
    wide = f.c_type_bits() == 64
    if t == 'int':
        return (f'{pre}%" PRId64 "\\n", (int)indent, "", (int64_t){src});' if wide
                else f'{pre}%d\\n", (int)indent, "", (int){src});')
    if t == 'address':
        return f'{pre}0x%" PRIx64 "\\n", (int)indent, "", (uint64_t){src});'
    if t == 'hex':
        return (f'{pre}0x%" PRIX64 "\\n", (int)indent, "", (uint64_t){src});' if wide
                else f'{pre}0x%X\\n", (int)indent, "", (unsigned){src});')
    return (f'{pre}%" PRIu64 "\\n", (int)indent, "", (uint64_t){src});' if wide
            else f'{pre}%u\\n", (int)indent, "", (unsigned){src});')


def emit_struct(s, out):
    n = s.cname
    live = [f for f in s.fields if f.exact is None]
    out.write(f'/* {s.name} ({s.length} bytes) */\n')
    out.write(f'struct {n} {{\n')
    for f in live:
        out.write(f'   {f.c_type():<32} {f.cname};\n')
    if not live:
        out.write('   uint8_t unused; /* no software-visible fields */\n')
    out.write('};\n\n')

    defaults = [(f.cname, f.template_default()) for f in live]
    defaults = [f'.{c} = {d}' for c, d in defaults if d is not None]
    if defaults:
        out.write(f'#define {n}_header {", ".join(defaults)}\n')
    else:
        out.write(f'#define {n}_header 0\n')
    out.write(f'#define {n}_LENGTH {s.length}\n')
    out.write(f'#define {n}_ALIGN {s.align}\n')
    out.write(f'#define {n}_WORDS {s.words}\n')
    out.write(f'struct {s.packed} {{\n   uint32_t opaque[{s.words}];\n}};\n\n')

    # pack
    out.write(f'/* Writes the {s.length} bytes at cl (AGX_PACK_PTR). */\n')
    out.write(f'static inline void\n{n}_pack(AGX_PACK_DST AGX_PACK_PTR *restrict cl,\n'
              f'{" " * (len(n) + 6)}const struct {n} *restrict values)\n{{\n')
    out.write(f'   uint32_t w[{s.words}];\n')
    for f in live:
        out.write(f'   const uint64_t v_{f.cname} = {encode_expr(f)};\n')
    for f in live:
        for cond, rule in range_checks(f):
            out.write(f'   AGX_GENXML_CHECK({cond}, "{c_string(s.name)}", '
                      f'"{c_string(f.name)}", values->{f.cname}, "{c_string(rule)}");\n')
    if not live:
        out.write('   (void)values;\n')
    for w in range(s.words):
        const = 0
        parts = []
        for f in s.fields:
            if f.end < w * 32 or f.start > w * 32 + 31:
                continue
            if f.exact is not None:
                const |= ((f.exact[1] << f.start) >> (w * 32)) & 0xffffffff
            else:
                parts.append(word_piece(f'v_{f.cname}', f, w))
        if const or not parts:
            parts.append(hexu(const))
        joiner = ' |\n' + ' ' * (len(f'   w[{w}] = '))
        out.write(f'   w[{w}] = {joiner.join(parts)};\n')
    out.write('#ifdef __OPENCL_C_VERSION__\n')
    for w in range(s.words):
        out.write(f'   cl[{w}] = w[{w}];\n')
    out.write(f'#else\n   memcpy(cl, w, {s.length});\n#endif\n')
    out.write('}\n\n')

    # unpack
    out.write(f'/* Reads {s.length} bytes; false if an exact field differs or an\n'
              f' * unknown bit is set (reported to fp when fp is non-NULL). */\n')
    out.write(f'static inline bool\n{n}_unpack(AGX_FILE *fp, AGX_UNPACK_SRC const uint8_t *restrict cl,\n'
              f'{" " * (len(n) + 8)}struct {n} *restrict values)\n{{\n')
    out.write(f'   uint32_t w[{s.words}] = {{0}};\n')
    out.write(f'   for (unsigned i = 0; i < {s.length}; ++i)\n'
              f'      w[i / 4] |= (uint32_t)cl[i] << (8 * (i % 4));\n')
    out.write('   bool valid = true;\n   (void)fp;\n')
    if not live:
        out.write('   values->unused = 0;\n')
    for f in live:
        out.write(f'   values->{f.cname} = {decode_expr(f, extract_expr(f))};\n')
    for f in s.fields:
        if f.exact is None:
            continue
        out.write(f'   {{\n      const uint64_t got = {extract_expr(f)};\n'
                  f'      if (got != {hexu(f.exact[1])}) {{\n         valid = false;\n'
                  f'         agx_genxml_report_exact(fp, "{c_string(s.name)}", "{c_string(f.name)}", '
                  f'got, {hexu(f.exact[1])});\n      }}\n   }}\n')
    for w in range(s.words):
        bad = s.unknown_mask(w)
        if bad:
            out.write(f'   if (w[{w}] & {hexu(bad)}) {{\n      valid = false;\n'
                      f'      agx_genxml_report_bits(fp, "{c_string(s.name)}", {w}, w[{w}], '
                      f'w[{w}] & {hexu(bad)});\n   }}\n')
    out.write('   return valid;\n}\n\n')

    # print
    out.write('#ifndef __OPENCL_C_VERSION__\n')
    out.write(f'static inline void\n{n}_print(FILE *fp, const struct {n} *values, unsigned indent)\n{{\n')
    if not live:
        out.write('   (void)fp;\n   (void)values;\n   (void)indent;\n')
    for f in live:
        out.write(f'   {print_stmt(f)}\n')
    out.write('}\n#endif\n\n')


def emit_header(spec, paths, out):
    names = ' '.join(os.path.basename(p) for p in paths)
    out.write(f'/* Generated by genxml/gen_pack.py from {names}. Do not edit. */\n')
    out.write('#ifndef AGX_PACK_H\n#define AGX_PACK_H\n\n#include "agx_pack_helpers.h"\n\n')
    for kind, obj in spec.order:
        if kind == 'enum':
            emit_enum(obj, out)
    for kind, obj in spec.order:
        if kind == 'struct':
            emit_struct(obj, out)
    out.write('#endif /* AGX_PACK_H */\n')


def main(argv):
    ap = argparse.ArgumentParser(
        description='Generate agx_pack.h from AGX genxml files, or print their field layout.')
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument('--layout', action='store_true',
                      help='print struct<TAB>field<TAB>start_bit<TAB>size_bits')
    mode.add_argument('--header', metavar='OUT', help='write the C/OpenCL C header')
    ap.add_argument('xml', nargs='+')
    args = ap.parse_args(argv)
    try:
        spec = Spec(args.xml)
    except GenxmlError as e:
        print(f'gen_pack.py: error: {e}', file=sys.stderr)
        return 1
    if args.layout:
        try:
            emit_layout(spec, sys.stdout)
            sys.stdout.flush()
        except BrokenPipeError:
            # reader went away (e.g. `| head`): not an error
            sys.stdout = None
        return 0
    tmp = args.header + '.tmp'
    with open(tmp, 'w') as out:
        emit_header(spec, args.xml, out)
    os.replace(tmp, args.header)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
