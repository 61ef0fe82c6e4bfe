#!/usr/bin/env python3
"""Turns chosen OpenCL.std extended instructions of a SPIR-V module into calls to imported
functions named as libclc exports them (Itanium-mangled OpenCL C builtins, e.g. erf(float) ->
_Z3erff), so that spirv-link can resolve them against Debian's libclc SPIR-V module.
usage: spirv_libclc_calls.py GRAMMAR.json IN.spv OUT.spv OP[,OP...]
Assumes: a Kernel module from llvm-spirv-15 (Linkage capability present, one OpenCL.std
import); the rewritten instructions take float/double scalars or vectors only."""
import json
import struct
import sys

OP_EXTINSTIMPORT, OP_EXTINST, OP_FUNCTIONCALL = 11, 12, 57
OP_TYPEINT, OP_TYPEFLOAT, OP_TYPEVECTOR, OP_TYPEFUNCTION = 21, 22, 23, 33
OP_FUNCTION, OP_FUNCTIONPARAMETER, OP_FUNCTIONEND = 54, 55, 56
OP_DECORATE, OP_CAPABILITY = 71, 17
DEC_LINKAGE, LINK_IMPORT, CAP_LINKAGE = 41, 1, 5
# Sections that precede the type declarations (logical layout order).
PRE_TYPES = {17, 10, 11, 14, 15, 16, 331, 3, 4, 5, 6, 7, 8, 71, 72, 73, 74, 332, 333}


def instrs(words):
    i = 5
    while i < len(words):
        n = words[i] >> 16
        if n == 0 or i + n > len(words):
            sys.exit('spirv_libclc_calls: malformed module')
        yield i, words[i] & 0xffff, words[i:i + n]
        i += n


def enc(op, operands):
    return [((len(operands) + 1) << 16) | op] + operands


def string_words(s):
    b = s.encode() + b'\0'
    b += b'\0' * (-len(b) % 4)
    return list(struct.unpack(f'<{len(b) // 4}I', b))


def main():
    grammar, src, dst, ops = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(',')
    with open(grammar) as f:
        number = {i['opname']: i['opcode'] for i in json.load(f)['instructions']}
    wanted = {number[o]: o for o in ops}
    data = open(src, 'rb').read()
    words = list(struct.unpack(f'<{len(data) // 4}I', data))
    bound = words[3]

    mangle = {}  # type id -> mangled name
    clstd = None
    first_type = first_function = None
    has_linkage = False
    fn_types = {}
    for at, op, ins in instrs(words):
        if op == OP_CAPABILITY and ins[1] == CAP_LINKAGE:
            has_linkage = True
        if op == OP_EXTINSTIMPORT and bytes(struct.pack(f'<{len(ins) - 2}I', *ins[2:])).rstrip(b'\0') == b'OpenCL.std':
            clstd = ins[1]
        if first_type is None and op not in PRE_TYPES:
            first_type = at
        if first_function is None and op == OP_FUNCTION:
            first_function = at
        if op == OP_TYPEFLOAT:
            mangle[ins[1]] = {16: 'Dh', 32: 'f', 64: 'd'}[ins[2]]
        if op == OP_TYPEVECTOR and ins[2] in mangle:
            mangle[ins[1]] = f'Dv{ins[3]}_{mangle[ins[2]]}'
        if op == OP_TYPEFUNCTION:
            fn_types[tuple(ins[2:])] = ins[1]
    if clstd is None or not has_linkage or first_function is None:
        sys.exit('spirv_libclc_calls: expected a Kernel module with Linkage and OpenCL.std')

    # Pass 1: one imported declaration per (function, type, arity).
    imports = {}
    new_types, new_decls, new_decs = [], [], []
    for at, op, ins in instrs(words):
        if op == OP_EXTINST and ins[3] == clstd and ins[4] in wanted:
            rt, args = ins[1], ins[5:]
            key = (wanted[ins[4]], rt, len(args))
            if key not in imports:
                name = wanted[ins[4]]
                if rt not in mangle:
                    sys.exit(f'spirv_libclc_calls: {name}: only float types are supported')
                # OpenCL.std float builtins take every argument in the result type.
                m = mangle[rt]
                argm = m + ('S_' if m.startswith('Dv') else m) * (len(args) - 1)
                sig = (rt,) + (rt,) * len(args)
                ft = fn_types.get(sig)
                if ft is None:
                    ft = bound
                    bound += 1
                    fn_types[sig] = ft
                    new_types += enc(OP_TYPEFUNCTION, [ft] + list(sig))
                fid = bound
                bound += 1
                new_decls += enc(OP_FUNCTION, [rt, fid, 0, ft])
                for _ in args:
                    new_decls += enc(OP_FUNCTIONPARAMETER, [rt, bound])
                    bound += 1
                new_decls += enc(OP_FUNCTIONEND, [])
                mangled = f'_Z{len(name)}{name}{argm}'
                new_decs += enc(OP_DECORATE, [fid, DEC_LINKAGE] + string_words(mangled) + [LINK_IMPORT])
                imports[key] = fid

    # Pass 2: declarations in their sections, calls in place of the instructions.
    out = []
    for at, op, ins in instrs(words):
        if op == OP_EXTINST and ins[3] == clstd and ins[4] in wanted:
            rt, res, args = ins[1], ins[2], ins[5:]
            ins = enc(OP_FUNCTIONCALL, [rt, res, imports[(wanted[ins[4]], rt, len(args))]] + args)
        if at == first_type:
            out += new_decs
        if at == first_function:
            out += new_types + new_decls
        out += ins
    words = words[:5] + out
    words[3] = bound
    open(dst, 'wb').write(struct.pack(f'<{len(words)}I', *words))


if __name__ == '__main__':
    main()
