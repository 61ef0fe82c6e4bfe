#!/usr/bin/env python3
"""vulkaninfo through the loader sees our device; with the validation layer
enabled, a full vulkaninfo run prints no validation message."""
import os
import subprocess
import sys
import tempfile

manifest = sys.argv[1]
env = dict(os.environ)
# An ASan-built driver inside the (uninstrumented) vulkaninfo needs the
# runtime preloaded; argv[2] is its path when the build is sanitized.
if len(sys.argv) > 2 and sys.argv[2]:
    env['LD_PRELOAD'] = sys.argv[2]
    env['ASAN_OPTIONS'] = 'detect_leaks=0'
env['VK_ICD_FILENAMES'] = manifest
env.pop('VK_DRIVER_FILES', None)
env['XDG_RUNTIME_DIR'] = tempfile.mkdtemp()
env.pop('DISPLAY', None)
env.pop('WAYLAND_DISPLAY', None)

summary = subprocess.run(['vulkaninfo', '--summary'], env=env, capture_output=True, text=True)
print(summary.stdout)
if summary.returncode != 0:
    print(summary.stderr)
    sys.exit('vulkaninfo --summary failed')
for needle in ('Apple M1', 'PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU', 'apiVersion         = 1.3',
               'driverName         = agx-vk', 'vendorID           = 0x106b'):
    if needle not in summary.stdout:
        sys.exit(f'missing in vulkaninfo --summary: {needle!r}')

env['VK_INSTANCE_LAYERS'] = 'VK_LAYER_KHRONOS_validation'
full = subprocess.run(['vulkaninfo'], env=env, capture_output=True, text=True)
text = full.stdout + full.stderr
if full.returncode != 0:
    print(full.stderr[-4000:])
    sys.exit('vulkaninfo under validation failed')
bad = [l for l in text.splitlines() if 'Validation Error' in l or 'Validation Warning' in l
       or 'VUID-' in l]
if bad:
    print('\n'.join(bad[:20]))
    sys.exit(f'{len(bad)} validation messages')
if 'Apple M1' not in full.stdout:
    sys.exit('device missing from the full vulkaninfo output')
print('ok: vulkaninfo clean under VK_LAYER_KHRONOS_validation')
