#!/usr/bin/env python3
# Copyright 2026 agx-vk contributors
# SPDX-License-Identifier: MIT
"""Checks what the driver's compiler will be handed by cl_kernels/tessellator.spv: the two
kernel entry points, no OpenCL.std extended instructions (so no libclc is needed), and a
device-scope atomic add for the heap.
Assumes: argv[1] is the block-ordered, spirv-val-validated tessellator.spv."""
import struct
import sys

OP_EXT_INST, OP_ENTRY_POINT, OP_CONSTANT, OP_ATOMIC_IADD = 12, 15, 43, 234
EXEC_MODEL_KERNEL, SCOPE_DEVICE = 6, 1

data = open(sys.argv[1], "rb").read()
words = struct.unpack("<%dI" % (len(data) // 4), data)
assert words[0] == 0x07230203, "not SPIR-V"
entry, ext_insts, atomic_scopes, consts = {}, 0, [], {}
i = 5
while i < len(words):
    count, op = words[i] >> 16, words[i] & 0xFFFF
    inst = words[i:i + count]
    if op == OP_ENTRY_POINT:
        name = b"".join(struct.pack("<I", w) for w in inst[3:]).split(b"\0")[0].decode()
        entry[name] = inst[1]
    elif op == OP_EXT_INST:
        ext_insts += 1
    elif op == OP_CONSTANT and count == 4:
        consts[inst[2]] = inst[3]
    elif op == OP_ATOMIC_IADD:
        atomic_scopes.append(inst[4])
    i += count

failures = []
for k in ("agx_tess_count_kernel", "agx_tess_write_kernel"):
    if entry.get(k) != EXEC_MODEL_KERNEL:
        failures.append("missing Kernel entry point " + k)
if ext_insts:
    failures.append("%d OpExtInst (libclc would be needed)" % ext_insts)
if not atomic_scopes or any(consts.get(s) != SCOPE_DEVICE for s in atomic_scopes):
    failures.append("heap allocation is not a device-scope OpAtomicIAdd")
for f in failures:
    print("FAIL:", f)
print("entry points:", ", ".join(sorted(entry)))
print("FAIL" if failures else "PASS")
sys.exit(1 if failures else 0)
