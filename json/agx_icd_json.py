#!/usr/bin/env python3
"""Write a Vulkan loader ICD manifest (file_format_version 1.0.1)."""
import argparse
import json

ap = argparse.ArgumentParser()
ap.add_argument('--library', required=True)
ap.add_argument('--api-version', required=True)
ap.add_argument('--arch', required=True)
ap.add_argument('--out', required=True)
args = ap.parse_args()

manifest = {
    'file_format_version': '1.0.1',
    'ICD': {
        'library_path': args.library,
        'api_version': args.api_version,
        'library_arch': args.arch,
        'is_portability_driver': False,
    },
}
with open(args.out, 'w') as f:
    json.dump(manifest, f, indent=4)
    f.write('\n')
