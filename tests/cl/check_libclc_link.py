#!/usr/bin/env python3
"""The libclc-linked math module: every rewritten builtin must be defined (resolved from
libclc), no import may remain, and the module must be small (only what the kernel uses).
usage: check_libclc_link.py SPIRV-DIS LINKED.spv FUNC...
Assumes: spirv-val already passed at build time."""
import subprocess
import sys

dis = subprocess.run([sys.argv[1], sys.argv[2]], check=True, capture_output=True, text=True).stdout
bad = 0
if 'LinkageAttributes' in dis:
    print('a linkage import or export is left')
    bad += 1
for f in sys.argv[3:]:
    if f'%{f} = OpFunction ' not in dis:
        print(f'{f} is not defined in the linked module')
        bad += 1
functions = dis.count(' = OpFunction ')
if functions > 200:
    print(f'{functions} functions: pruning did not happen')
    bad += 1
print(f'{functions} functions, {len(dis.splitlines())} lines' if not bad else f'{bad} problems')
sys.exit(1 if bad else 0)
