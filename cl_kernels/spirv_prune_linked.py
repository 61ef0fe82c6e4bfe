#!/usr/bin/env python3
"""After spirv-link has merged a kernel module with libclc: keeps only the functions reachable
from the entry points (plus everything else of the module), drops the linkage decorations and
names of the rest, and puts the remaining function declarations before the definitions
(spirv-link --allow-partial-linkage leaves libclc's own unresolved imports after them).
usage: spirv_prune_linked.py SPIRV.CORE.GRAMMAR.json IN.spv OUT.spv
Assumes: a valid linked Kernel module; later passes (spirv-opt) remove dead types/constants."""
import json
import struct
import sys

OP_NAME, OP_MEMBERNAME, OP_ENTRYPOINT, OP_DECORATE, OP_MEMBERDECORATE = 5, 6, 15, 71, 72
OP_FUNCTION, OP_FUNCTIONEND, OP_FUNCTIONCALL, OP_LABEL = 54, 56, 57, 248
DEC_LINKAGE = 41
OP_EXECUTIONMODE = 16
# Declarations that may be dropped: OpTypeVoid..OpTypeForwardPointer minus the forward
# pointer (kept), constants, OpVariable and OpUndef.
DECL_FIRST, DECL_LAST = 19, 38
DECL_OTHER = {1, 41, 42, 43, 44, 45, 46, 48, 49, 50, 51, 52, 59}


def instrs(words):
    i = 5
    while i < len(words):
        n = words[i] >> 16
        if n == 0 or i + n > len(words):
            sys.exit('spirv_prune_linked: malformed module')
        yield words[i] & 0xffff, words[i:i + n]
        i += n


def result_positions(grammar):
    """opcode -> word index of its result id (None if it defines none)."""
    with open(grammar) as f:
        insts = json.load(f)['instructions']
    pos = {}
    for i in insts:
        kinds = [o['kind'] for o in i.get('operands', [])]
        pos[i['opcode']] = kinds.index('IdResult') + 1 if 'IdResult' in kinds else None
    return pos


def main():
    respos = result_positions(sys.argv[1])
    data = open(sys.argv[2], 'rb').read()
    words = list(struct.unpack(f'<{len(data) // 4}I', data))
    head, funcs, cur = [], {}, None
    order = []
    calls = {}
    roots = set()
    for op, ins in instrs(words):
        if op == OP_FUNCTION:
            cur = ins[2]
            funcs[cur] = []
            order.append(cur)
            calls[cur] = set()
        if cur is None:
            head.append((op, ins))
            if op == OP_ENTRYPOINT:
                roots.add(ins[2])
        else:
            funcs[cur].append(ins)
            if op == OP_FUNCTIONCALL:
                calls[cur].add(ins[3])
        if op == OP_FUNCTIONEND:
            cur = None
    live, todo = set(), list(roots)
    while todo:
        f = todo.pop()
        if f in live or f not in funcs:
            continue
        live.add(f)
        todo += calls[f]
    # Module-level types, constants and variables only the dropped functions used go too (the
    # front end need not understand libclc's other types). Any word of a kept instruction
    # counts as a reference: a literal that happens to equal an id keeps a little extra.
    referenced = set()
    for f in live:
        for ins in funcs[f]:
            referenced.update(ins[1:])
    for op, ins in head:
        if op in (OP_ENTRYPOINT, OP_EXECUTIONMODE):
            referenced.update(ins[1:])
    keep = [True] * len(head)
    for k in range(len(head) - 1, -1, -1):
        op, ins = head[k]
        if DECL_FIRST <= op <= DECL_LAST or op in DECL_OTHER:
            if ins[respos[op]] not in referenced:
                keep[k] = False
                continue
            referenced.update(ins[1:])
    head = [h for h, k in zip(head, keep) if k]

    defined = set()
    for op, ins in head:
        if respos.get(op):
            defined.add(ins[respos[op]])
    for f in live:
        for ins in funcs[f]:
            op = ins[0] & 0xffff
            if respos.get(op):
                defined.add(ins[respos[op]])
    out = []
    for op, ins in head:
        if op == OP_DECORATE and ins[2] == DEC_LINKAGE:
            continue  # the module is complete now: no exports, and live imports are resolved
        if op in (OP_NAME, OP_MEMBERNAME, OP_DECORATE, OP_MEMBERDECORATE) and ins[1] not in defined:
            continue
        out += ins
    decls = [f for f in order
             if f in live and not any((i[0] & 0xffff) == OP_LABEL for i in funcs[f])]
    if decls:
        sys.exit('spirv_prune_linked: unresolved functions remain: ' + ', '.join(map(str, decls)))
    for f in order:
        if f in live:
            for ins in funcs[f]:
                out += ins
    words = words[:5] + out
    open(sys.argv[3], 'wb').write(struct.pack(f'<{len(words)}I', *words))


if __name__ == '__main__':
    main()
