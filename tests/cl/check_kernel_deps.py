#!/usr/bin/env python3
"""Header dependency tracking of the helper kernels: ninja must have recorded, from clang's
depfiles, exactly the headers each kernel source includes, so that editing one header rebuilds
only the kernels that include it.
usage: check_kernel_deps.py NINJA BUILD_DIR
Assumes: the build has run (ninja records depfile contents after the first build)."""
import subprocess
import sys

# kernel bitcode target -> (headers it must depend on, headers it must not)
EXPECT = {
    'cl_kernels/agx_transfer.bc': (['agx_transfer.h', 'agx_cl_shim.h'],
                                   ['agx_indirect.h', 'agx_pack.h']),
    'cl_kernels/agx_indirect.bc': (['agx_indirect.h', 'agx_cl_shim.h', 'agx_pack.h',
                                    'agx_pack_helpers.h'], ['agx_transfer.h']),
}


def main():
    ninja, build = sys.argv[1], sys.argv[2]
    bad = 0
    for target, (need, avoid) in EXPECT.items():
        out = subprocess.run([ninja, '-C', build, '-t', 'deps', target], check=True,
                             capture_output=True, text=True).stdout
        if '(VALID)' not in out:
            print(f'{target}: no valid recorded dependencies:\n{out}')
            bad += 1
            continue
        names = {line.strip().rsplit('/', 1)[-1] for line in out.splitlines()[1:] if line.strip()}
        for h in need:
            if h not in names:
                print(f'{target}: missing dependency on {h}')
                bad += 1
        for h in avoid:
            if h in names:
                print(f'{target}: needless dependency on {h}')
                bad += 1
    print('kernel header dependencies ok' if not bad else f'{bad} problems')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
