#!/usr/bin/env python3
"""Checks that shuffles by the lane XOR a constant compile to single
simd_shuffle_xor / quad_shuffle_xor instructions (not 32 broadcasts each) and
quad broadcasts by a constant to single quad_shuffle instructions: compiles
SPV with agxc --disasm and counts instructions. Usage:
check_shuffle_xor.py AGXC SPV N MAX [Q]
(N = expected *_shuffle_xor count, MAX = most instructions allowed,
Q = expected quad_shuffle count, 0 by default)."""
import subprocess
import sys


def main():
    agxc, spv, want, most = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    want_quad = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    r = subprocess.run([agxc, '--stage', 'comp', spv, '--disasm'], capture_output=True, text=True)
    if r.returncode != 0:
        print(f'agxc failed ({r.returncode}): {r.stderr}')
        return 1
    main_part = r.stdout.split('preamble:\n')[0]
    insns = [l for l in main_part.splitlines() if ':' in l]
    xors = [l for l in insns if '_shuffle_xor' in l]
    quads = [l for l in insns if 'quad_shuffle ' in l]
    ors = [l for l in insns if 'simd_or' in l]
    print(f'{len(insns)} instructions, {len(xors)} *_shuffle_xor, {len(quads)} quad_shuffle, '
          f'{len(ors)} simd_or')
    ok = len(xors) == want and len(quads) == want_quad and not ors and len(insns) <= most
    if not ok:
        print(main_part)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
