#!/usr/bin/env python3
"""AGX_DEBUG=trace decodes each submitted render command with agx-decode
(issue 17 item 9): run test_render_fault (depth-only passes with a depth
store, a colour pass) and look for the UAPI struct, the ZLS and PPP
control words, the background/end-of-tile programs and the VDM stream with
its PPP state and draws, decoded without problems."""
import os
import subprocess
import sys

env = dict(os.environ, AGX_DEBUG='trace', AGX_DEVICE='sim')
p = subprocess.run(sys.argv[1:], env=env, capture_output=True, text=True, timeout=120)
if p.returncode != 0:
    sys.exit(p.stdout + p.stderr)
for needle in ('agx: queue 1: render command', 'drm_asahi_cmd_render', 'isp_zls_pixels = ',
               'zls_ctrl = ', 'Z Store: true', 'ppp_ctrl = ', 'vertex_helper.binary:',
               'ts_frag.end.handle:', 'bg: usc 0x', 'eot: usc 0x', 'partial_bg: usc 0x',
               'USC Shader', 'USC Fragment Properties', 'VDM stream at 0x', 'PPP Header',
               'Index List', 'end of VDM stream'):
    if needle not in p.stderr:
        print(p.stderr[-3000:])
        sys.exit(f'missing from the trace: {needle!r}')
if 'problems decoding' in p.stderr:
    sys.exit('the decoder found problems in our own control streams')
print('ok')
