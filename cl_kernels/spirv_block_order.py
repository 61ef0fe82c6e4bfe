#!/usr/bin/env python3
# Copyright 2026 agx-vk contributors
# SPDX-License-Identifier: MIT
"""Reorder the basic blocks of every function of a SPIR-V module into reverse postorder.

llvm-spirv-15 emits blocks in LLVM's layout order. After loop rotation that order can put a
loop latch before its header, which breaks SPIR-V's rule that a block appears after every
block dominating it (spirv-val: "ID ... has not been defined"). Reverse postorder from the
entry block always respects dominance. Blocks are moved whole; nothing else changes.
Assumes: a valid module apart from block order; OpSwitch selectors of 32 bits.
"""
import struct
import sys

OP_FUNCTION, OP_FUNCTION_END, OP_LABEL = 54, 56, 248
OP_BRANCH, OP_BRANCH_COND, OP_SWITCH = 249, 250, 251
OP_LOOP_MERGE = 246


def instructions(words, start):
    i = start
    while i < len(words):
        count = words[i] >> 16
        if count == 0:
            raise ValueError("malformed instruction at word %d" % i)
        yield i, words[i] & 0xFFFF, words[i:i + count]
        i += count


def successors(term):
    op = term[0] & 0xFFFF
    if op == OP_BRANCH:
        return [term[1]]
    if op == OP_BRANCH_COND:
        return [term[2], term[3]]
    if op == OP_SWITCH:
        return [term[2]] + list(term[4::2])
    return []


def fix_loop_merge(body):
    """One OpLoopMerge per block, second to last (body: label first, terminator last)."""
    merges = [inst for inst in body if inst[0] & 0xFFFF == OP_LOOP_MERGE]
    if not merges:
        return body
    if any(m != merges[0] for m in merges):
        raise ValueError("block %d has different loop merges" % body[0][1])
    rest = [inst for inst in body if inst[0] & 0xFFFF != OP_LOOP_MERGE]
    return rest[:-1] + [merges[0]] + rest[-1:]


def reorder_function(blocks):
    """blocks: list of (label, [instruction word lists]); returns them in reverse postorder."""
    by_label = {label: body for label, body in blocks}
    seen, post = set(), []
    # iterative DFS to survive deep CFGs
    stack = [(blocks[0][0], iter(successors(blocks[0][1][-1])))]
    seen.add(blocks[0][0])
    while stack:
        label, it = stack[-1]
        nxt = next((s for s in it if s in by_label and s not in seen), None)
        if nxt is None:
            post.append(label)
            stack.pop()
        else:
            seen.add(nxt)
            stack.append((nxt, iter(successors(by_label[nxt][-1]))))
    order = list(reversed(post)) + [l for l, _ in blocks if l not in seen]
    return [(l, by_label[l]) for l in order]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: spirv_block_order.py IN.spv OUT.spv")
    data = open(sys.argv[1], "rb").read()
    if len(data) % 4 or len(data) < 20:
        sys.exit("spirv_block_order.py: %s is not a SPIR-V module" % sys.argv[1])
    words = list(struct.unpack("<%dI" % (len(data) // 4), data))
    if words[0] != 0x07230203:
        sys.exit("spirv_block_order.py: bad magic in %s" % sys.argv[1])
    out = words[:5]
    in_function, prologue, blocks = False, [], []
    for _, op, inst in instructions(words, 5):
        if op == OP_FUNCTION:
            in_function, prologue, blocks = True, [inst], []
        elif not in_function:
            out.extend(inst)
        elif op == OP_FUNCTION_END:
            for inst2 in prologue:
                out.extend(inst2)
            if blocks:
                blocks[-1] = (blocks[-1][0], fix_loop_merge(blocks[-1][1]))
                for _, body in reorder_function(blocks):
                    for inst2 in body:
                        out.extend(inst2)
            out.extend(inst)
            in_function = False
        elif op == OP_LABEL:
            if blocks:
                blocks[-1] = (blocks[-1][0], fix_loop_merge(blocks[-1][1]))
            blocks.append((inst[1], [inst]))
        elif blocks:
            blocks[-1][1].append(inst)
        else:
            prologue.append(inst)
    open(sys.argv[2], "wb").write(struct.pack("<%dI" % len(out), *out))


if __name__ == "__main__":
    main()
