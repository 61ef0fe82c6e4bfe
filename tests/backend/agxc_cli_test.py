#!/usr/bin/env python3
"""agxc end to end on the command line: compile SPIR-V to OUT.bin, check the
binary (and OUT.bin.preamble when agxc reports a preamble) decodes completely
with agx-disasm and ends with stop, that --disasm prints the same
instructions, and that --no-preamble writes one program only. Usage: agxc_cli_test.py AGXC DISASM SPV..."""
import os
import subprocess
import sys
import tempfile


def main():
    agxc, disasm, spvs = sys.argv[1], sys.argv[2], sys.argv[3:]
    failures = 0
    with_preamble = 0
    with tempfile.TemporaryDirectory() as tmp:
        for spv in spvs:
            out = os.path.join(tmp, os.path.basename(spv) + '.bin')
            r = subprocess.run([agxc, spv, '-o', out, '--disasm'], capture_output=True, text=True)
            if r.returncode != 0:
                print(f'{spv}: agxc failed ({r.returncode}): {r.stderr}')
                failures += 1
                continue
            has_pre = 'no preamble' not in r.stderr
            if has_pre != os.path.exists(out + '.preamble'):
                print(f'{spv}: preamble reported {has_pre}, file exists '
                      f'{os.path.exists(out + ".preamble")}')
                failures += 1
            with_preamble += has_pre
            text = r.stdout.split('preamble:\n')
            for path, listing in zip([out, out + '.preamble'], text):
                d = subprocess.run([disasm, '-t', path], capture_output=True, text=True)
                lines = [l for l in d.stdout.splitlines() if l.strip()]
                if d.returncode != 0 or not lines or not lines[-1].strip().startswith('stop'):
                    print(f'{path}: agx-disasm rc {d.returncode}, last line {lines[-1:]}: {d.stderr}')
                    failures += 1
                ours = [l for l in listing.splitlines() if ':' in l]
                if len(ours) != len(lines):
                    print(f'{path}: --disasm has {len(ours)} lines, agx-disasm {len(lines)}')
                    failures += 1
            print(f'{spv}: {os.path.getsize(out)} bytes; ' + r.stderr.strip().split(': ', 2)[-1])
            # --no-preamble: one program, and a stale OUT.bin.preamble is gone
            r = subprocess.run([agxc, spv, '--no-preamble', '-o', out], capture_output=True,
                               text=True)
            if r.returncode != 0 or 'no preamble' not in r.stderr or \
                    os.path.exists(out + '.preamble'):
                print(f'{spv}: --no-preamble: rc {r.returncode}: {r.stderr}')
                failures += 1
    if with_preamble == 0:
        print('no shader got a preamble')
        failures += 1
    # errors are reported, not crashes
    r = subprocess.run([agxc, '/nonexistent.spv', '-o', '/dev/null'], capture_output=True)
    if r.returncode != 1:
        print('missing input: rc', r.returncode)
        failures += 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
