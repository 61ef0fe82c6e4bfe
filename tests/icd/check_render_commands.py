#!/usr/bin/env python3
"""Runs a loader test with AGX_DEBUG=submit and checks the number of render
commands of its submissions: before a submission the test prints
"expect-render-commands N" on stderr, and the driver's next "SUBMIT of C
compute and R render commands" line must have R == N (test_subpass_tile:
subpasses merged into one render command, or split by a dependency;
test_clear_inpass: clears drawn inside the pass). --min=N (first argument): at least N
submissions checked (default 7)."""
import os
import re
import subprocess
import sys

args = sys.argv[1:]
min_checked = 7
if args and args[0].startswith('--min='):
    min_checked = int(args[0][len('--min='):])
    args = args[1:]
env = dict(os.environ, AGX_DEBUG='submit', AGX_DEVICE='sim')
p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=240)
if p.returncode != 0:
    sys.exit(p.stdout + p.stderr[-3000:])
expect = None
checked = 0
for line in p.stderr.splitlines():
    m = re.match(r'expect-render-commands (\d+)$', line)
    if m:
        expect = int(m.group(1))
        continue
    m = re.search(r'SUBMIT of \d+ compute and (\d+) render commands', line)
    if m and expect is not None:
        if int(m.group(1)) != expect:
            sys.exit(f'a submission has {m.group(1)} render commands, the test expects {expect}')
        expect = None
        checked += 1
if checked < min_checked or expect is not None:
    print(p.stderr[-3000:])
    sys.exit(f'{checked} submissions checked (every expectation needs a SUBMIT line after it)')
print(f'ok: {checked} submissions with the expected render commands')
