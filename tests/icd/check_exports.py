#!/usr/bin/env python3
"""The driver exports exactly the three loader-interface functions."""
import subprocess
import sys

EXPECTED = {
    'vk_icdNegotiateLoaderICDInterfaceVersion',
    'vk_icdGetInstanceProcAddr',
    'vk_icdGetPhysicalDeviceProcAddr',
}

out = subprocess.run(['nm', '-D', '--defined-only', sys.argv[1]], check=True,
                     capture_output=True, text=True).stdout
symbols = set()
for line in out.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in 'TtWwDdBbRrVvi':
        symbols.add(parts[2].split('@')[0])
if symbols != EXPECTED:
    print('unexpected exports:', sorted(symbols - EXPECTED), 'missing:', sorted(EXPECTED - symbols))
    sys.exit(1)
print('ok:', sorted(symbols))
