#!/usr/bin/env python3
# Checks that the layers' names do not collide (README "Names"):
#  - no two tracked headers share a file name (an #include "x.h" must resolve
#    to one file whatever the include path order);
#  - every source under icd/ carries the driver's agxv_ prefix, so a driver
#    file can never shadow a compiler, GenXML or OpenCL header.
# Usage: check_names.py SOURCE_ROOT
import collections
import os
import subprocess
import sys


def main():
    root = sys.argv[1]
    files = subprocess.run(['git', '-C', root, 'ls-files'], check=True, capture_output=True,
                           text=True).stdout.split()
    files = sorted(set(files))  # unmerged paths are listed once per stage
    bad = 0
    headers = collections.defaultdict(list)
    for f in files:
        if f.endswith('.h'):
            headers[os.path.basename(f)].append(f)
    for name, paths in sorted(headers.items()):
        if len(paths) > 1:
            print('header name used twice:', ', '.join(paths))
            bad += 1
    for f in files:
        base = os.path.basename(f)
        if f.startswith('icd/') and base.endswith(('.c', '.h', '.py', '.sym')):
            if not base.startswith('agxv_'):
                print('driver file without the agxv_ prefix:', f)
                bad += 1
    print('%d problems in %d files' % (bad, len(files)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
