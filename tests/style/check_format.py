#!/usr/bin/env python3
# Checks that every tracked C, header and OpenCL C file is formatted with the
# tree's .clang-format (one style, enforced). Usage:
#   check_format.py CLANG_FORMAT SOURCE_ROOT
# Lists the files with `git ls-files` when SOURCE_ROOT is a git checkout
# (CI clones are), otherwise walks the tree; prints each file that differs
# and exits 1. Fix with: git ls-files '*.c' '*.h' '*.cl' | xargs clang-format-15 -i
import os
import subprocess
import sys

EXTS = ('.c', '.h', '.cl')
SKIP_DIRS = {'.git', 'build'}


def tracked_files(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '*.c', '*.h', '*.cl'],
                             check=True, capture_output=True, text=True).stdout
        return [f for f in out.splitlines() if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if x not in SKIP_DIRS and not x.startswith('build')]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names if n.endswith(EXTS)]
        return files


def main():
    clang_format, root = sys.argv[1], sys.argv[2]
    files = tracked_files(root)
    if not files:
        print('no sources found under', root)
        return 1
    bad = []
    for i in range(0, len(files), 64):
        chunk = files[i:i + 64]
        r = subprocess.run([clang_format, '--dry-run', '--Werror', '--style=file'] + chunk,
                           cwd=root, capture_output=True, text=True)
        if r.returncode != 0:
            for line in r.stderr.splitlines():
                if ': error:' in line:
                    name = line.split(':', 1)[0]
                    if name not in bad:
                        bad.append(name)
            if not bad:
                print(r.stderr)
                return 1
    for name in bad:
        print('not formatted:', name)
    print('%d of %d files formatted' % (len(files) - len(bad), len(files)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
