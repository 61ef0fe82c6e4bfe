#!/usr/bin/env python3
"""AGX_DEBUG=trace decodes each submitted compute command with agx-decode,
and AGX_DEBUG=shaders is accepted: run a dispatch test and look for the
decoded words."""
import os
import subprocess
import sys

env = dict(os.environ, AGX_DEBUG='trace', AGX_DEVICE='sim')
p = subprocess.run(sys.argv[1:], env=env, capture_output=True, text=True, timeout=120)
if p.returncode != 0:
    sys.exit(p.stdout + p.stderr)
for needle in ('agx: queue 1: compute command 1 of 1', 'drm_asahi_cmd_compute', 'CDM Launch Word 0',
               'CDM Global size', 'USC Uniform', 'USC Shader', 'USC Registers', 'CDM Stream Terminate'):
    if needle not in p.stderr:
        print(p.stderr[-3000:])
        sys.exit(f'missing from the trace: {needle!r}')
if 'problems decoding' in p.stderr:
    sys.exit('the decoder found problems in our own control streams')
print('ok')
