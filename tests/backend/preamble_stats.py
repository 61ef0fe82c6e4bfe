#!/usr/bin/env python3
"""Static instruction counts over a shader corpus with and without the
preamble: agxc compiles every SPIR-V file both ways and this prints, per
shader, the main program's instructions without the preamble, then main +
preamble with it. Fails if the preamble ever makes the main program longer
(the cost model must only hoist work that leaves the per-thread program)
or if no shader shrinks. Shaders the back end rejects either way are listed
as skipped.  Usage: preamble_stats.py AGXC SPV..."""
import os
import re
import subprocess
import sys
import tempfile

COUNTS = re.compile(r'(\d+) bytes, (\d+) instructions, .*?(no preamble|preamble (\d+) bytes, '
                    r'(\d+) instructions)')


def compile_counts(agxc, spv, out, extra):
    r = subprocess.run([agxc, spv, '-o', out] + extra, capture_output=True, text=True)
    m = COUNTS.search(r.stderr)
    if r.returncode != 0 or not m:
        return None
    return int(m.group(2)), int(m.group(5) or 0)


def main():
    agxc, spvs = sys.argv[1], sys.argv[2:]
    failures = 0
    total_before = total_main = total_pre = shrunk = 0
    print(f'{"shader":28} {"before":>7} {"main":>6} {"+pre":>5}')
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'out.bin')
        for spv in spvs:
            name = os.path.basename(spv)
            before = compile_counts(agxc, spv, out, ['--no-preamble'])
            after = compile_counts(agxc, spv, out, [])
            if before is None or after is None:
                print(f'{name:28} skipped (not compiled: both ways {before is None and after is None})')
                if (before is None) != (after is None):
                    failures += 1
                continue
            main_n, pre_n = after
            print(f'{name:28} {before[0]:7} {main_n:6} {pre_n:5}')
            total_before += before[0]
            total_main += main_n
            total_pre += pre_n
            shrunk += main_n < before[0]
            if main_n > before[0]:
                print(f'  {name}: the preamble made the main program longer')
                failures += 1
    print(f'{"total":28} {total_before:7} {total_main:6} {total_pre:5}  '
          f'({shrunk} shaders shrank, main program {100.0 * (total_before - total_main) / max(total_before, 1):.1f}% shorter)')
    if shrunk == 0:
        print('no shader shrank')
        failures += 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
