#!/usr/bin/env python3
# Compiles cl_pack_kernel.cl with the generated agx_pack.h as OpenCL C 2.0
# (clang-15 --target=spir64), translates it to SPIR-V (llvm-spirv-15),
# validates it (spirv-val), and checks that the constant-input kernel stores
# the same words as the C golden test (so pack behaves identically in C and
# OpenCL C). Also checks that the same header compiles as strict C11 with
# clang-15 and gcc (when present) with -Wall -Wextra -Werror.
#
# usage: test_opencl.py CLANG LLVM_SPIRV SPIRV_VAL SPIRV_DIS KERNEL.cl INCDIR... -- WORKDIR

import os
import re
import shutil
import subprocess
import sys


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        print(f'FAIL: {" ".join(cmd)}\n{r.stdout}{r.stderr}')
        sys.exit(1)
    return r.stdout + r.stderr


def main():
    args = sys.argv[1:]
    sep = args.index('--')
    clang, llvm_spirv, spirv_val, spirv_dis, kernel = args[:5]
    incs, workdir = args[5:sep], args[sep + 1]
    os.makedirs(workdir, exist_ok=True)
    bc = os.path.join(workdir, 'cl_pack_kernel.bc')
    spv = os.path.join(workdir, 'cl_pack_kernel.spv')

    warn = run([clang, '-c', '-cl-std=CL2.0', '--target=spir64-unknown-unknown',
                '-emit-llvm', '-O2', '-Wall', '-Wextra', '-Werror',
                *[f'-I{i}' for i in incs], '-o', bc, kernel])
    run([llvm_spirv, '--spirv-max-version=1.4', bc, '-o', spv])
    run([spirv_val, spv])
    dis = run([spirv_dis, spv])

    entries = set(re.findall(r'OpEntryPoint Kernel %\w+ "(\w+)"', dis))
    want_entries = {'agx_test_pack_cdm_launch', 'agx_test_pack_usc_shader',
                    'agx_test_pack_constants'}
    if not want_entries <= entries:
        print(f'FAIL: entry points {sorted(entries)}, want {sorted(want_entries)}')
        return 1

    # Words from test_golden.c: CDM Launch Word 0 and USC Shader word 0/1.
    consts = {int(v) & 0xffffffff for v in re.findall(r'OpConstant %\w+ (-?\d+)', dis)}
    missing = [w for w in (0x08002424, 0xBEE00D0D, 0xDEAD) if w not in consts]
    if missing:
        print('FAIL: constant words not found in SPIR-V: ' +
              ', '.join(f'0x{w:08X}' for w in missing))
        return 1
    c_file = os.path.join(workdir, 'c11_check.c')
    with open(c_file, 'w') as f:
        f.write('#include "agx_pack.h"\nint main(void) { return 0; }\n')
    compilers = [clang] + ([shutil.which('gcc')] if shutil.which('gcc') else [])
    for cc in compilers:
        run([cc, '-std=c11', '-Wall', '-Wextra', '-Werror', '-fsyntax-only',
             *[f'-I{i}' for i in incs], c_file])
    print(f'ok: {len(entries)} kernels, SPIR-V valid, constant words match C; '
          f'C11 clean with {", ".join(os.path.basename(c) for c in compilers)}{warn}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
