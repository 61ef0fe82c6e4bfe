#!/usr/bin/env python3
"""Checks that shuffles by the lane XOR a constant compile to single
simd_shuffle_xor instructions (not 32 broadcasts each): compiles SPV with agxc
--disasm and counts instructions. Usage: check_shuffle_xor.py AGXC SPV N MAX
(N = expected simd_shuffle_xor count, MAX = most instructions allowed)."""
import subprocess
import sys


def main():
    agxc, spv, want, most = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    r = subprocess.run([agxc, '--stage', 'comp', spv, '--disasm'], capture_output=True, text=True)
    if r.returncode != 0:
        print(f'agxc failed ({r.returncode}): {r.stderr}')
        return 1
    main_part = r.stdout.split('preamble:\n')[0]
    insns = [l for l in main_part.splitlines() if ':' in l]
    xors = [l for l in insns if 'simd_shuffle_xor' in l]
    ors = [l for l in insns if 'simd_or' in l]
    print(f'{len(insns)} instructions, {len(xors)} simd_shuffle_xor, {len(ors)} simd_or')
    ok = len(xors) == want and not ors and len(insns) <= most
    if not ok:
        print(main_part)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
