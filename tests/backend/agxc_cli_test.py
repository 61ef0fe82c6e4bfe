#!/usr/bin/env python3
"""agxc end to end on the command line: compile SPIR-V to OUT.bin, check the
binary decodes completely with agx-disasm and ends with stop, and that
--disasm prints the same instructions. Usage: agxc_cli_test.py AGXC DISASM SPV..."""
import os
import subprocess
import sys
import tempfile


def main():
    agxc, disasm, spvs = sys.argv[1], sys.argv[2], sys.argv[3:]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for spv in spvs:
            out = os.path.join(tmp, os.path.basename(spv) + '.bin')
            r = subprocess.run([agxc, spv, '-o', out, '--disasm'], capture_output=True, text=True)
            if r.returncode != 0:
                print(f'{spv}: agxc failed ({r.returncode}): {r.stderr}')
                failures += 1
                continue
            if os.path.exists(out + '.preamble'):
                print(f'{spv}: unexpected preamble')
                failures += 1
            d = subprocess.run([disasm, '-t', out], capture_output=True, text=True)
            lines = [l for l in d.stdout.splitlines() if l.strip()]
            if d.returncode != 0 or not lines or not lines[-1].strip().startswith('stop'):
                print(f'{spv}: agx-disasm rc {d.returncode}, last line {lines[-1:]}: {d.stderr}')
                failures += 1
            ours = [l.split(':', 1)[1].strip() for l in r.stdout.splitlines() if ':' in l]
            theirs = [l.split(':', 1)[1].strip() if ':' in l else l.strip() for l in lines]
            if len(ours) != len(theirs):
                print(f'{spv}: --disasm has {len(ours)} lines, agx-disasm {len(theirs)}')
                failures += 1
            print(f'{spv}: {os.path.getsize(out)} bytes, {len(lines)} instructions; '
                  + r.stderr.strip().split(': ', 2)[-1])
    # errors are reported, not crashes
    r = subprocess.run([agxc, '/nonexistent.spv', '-o', '/dev/null'], capture_output=True)
    if r.returncode != 1:
        print('missing input: rc', r.returncode)
        failures += 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
