#!/usr/bin/env python3
# Checks `gen_pack.py --layout`: one struct<TAB>field<TAB>start<TAB>size line
# per field, all 84 structs present, a sample of fields at the positions the
# public reference documents, and clear errors (exit 1, no traceback) for
# malformed XML.
#
# usage: test_layout.py GEN_PACK XML...

import os
import subprocess
import sys
import tempfile

# (struct, field, start, size) spot checks, taken from the public
# documentation of the layouts (shared/reference/hardware.md).
EXPECTED = [
    ('Texture', 'Width', 28, 14),
    ('Texture', 'Address', 66, 36),
    ('Texture', 'Depth', 110, 14),
    ('Texture', 'Stride', 110, 18),
    ('PBE', 'Buffer', 64, 36),
    ('PBE', 'Layer stride (sw)', 163, 27),
    ('Sampler', 'Compare func', 39, 3),
    ('Sparse block', 'Enabled', 31, 1),
    ('USC Uniform', 'Buffer', 26, 38),
    ('USC Texture', 'Buffer', 27, 36),
    ('USC Shader', 'Code', 16, 32),
    ('USC Preshader', 'Unk', 8, 24),
    ('CDM Launch Word 0', 'Mode', 27, 2),
    ('CDM Launch Word 1', 'Pipeline', 6, 26),
    ('CDM Unk G14X', 'Unknown 30', 62, 1),
    ('CDM Indirect', 'Address lo', 34, 30),
    ('CDM Local size', 'Z', 64, 32),
    ('Index List', 'Index size', 17, 3),
    ('VDM Stream Link', 'Target lo', 32, 32),
    ('VDM Stream Terminate', 'Block Type', 29, 3),
    ('PPP Header', 'Viewport count', 12, 4),
    ('Fragment occlusion query', 'Index', 17, 15),
    ('Region clip', 'Max Y', 32, 9),
    ('ZLS Control', 'S Resolve', 58, 1),
    ('CR ISP ZLS Pixels', 'Y', 15, 15),
    ('Scissor', 'Max Z', 96, 32),
]

BAD_XML = {
    'bool wider than 1 bit': '<struct name="A" size="4"><field name="x" start="0" size="2" type="bool"/></struct>',
    'field past the end': '<struct name="A" size="4"><field name="x" start="30" size="4" type="uint"/></struct>',
    'unknown type': '<struct name="A" size="4"><field name="x" start="0" size="4" type="Nope"/></struct>',
    'unknown exact value': '<enum name="E"><value name="a" value="1"/></enum>'
                           '<struct name="A" size="4"><field name="x" start="0" size="4" type="E" exact="b"/></struct>',
    'bad modifier': '<struct name="A" size="4"><field name="x" start="0" size="4" type="uint" modifier="shl(2)"/></struct>',
    'duplicate struct': '<struct name="A" size="4"/><struct name="A" size="4"/>',
    'not xml': '<struct name="A"',
}


def main():
    gen, xmls = sys.argv[1], sys.argv[2:]
    failures = 0
    r = subprocess.run([sys.executable, gen, '--layout', *xmls], capture_output=True, text=True)
    if r.returncode != 0:
        print(f'FAIL: --layout exited {r.returncode}: {r.stderr}')
        return 1
    rows = []
    for line in r.stdout.splitlines():
        parts = line.split('\t')
        if len(parts) != 4 or not parts[2].isdigit() or not parts[3].isdigit():
            print(f'FAIL: malformed line {line!r}')
            failures += 1
            continue
        rows.append((parts[0], parts[1], int(parts[2]), int(parts[3])))
    structs = {row[0] for row in rows}
    # Structs with no fields at all (Viewport control, Varying 2, Output
    # Unknown) have no lines.
    if len(structs) != 81:
        print(f'FAIL: {len(structs)} structs with fields, want 81')
        failures += 1
    for exp in EXPECTED:
        if exp not in rows:
            print(f'FAIL: missing layout row {exp}')
            failures += 1

    for what, body in BAD_XML.items():
        with tempfile.NamedTemporaryFile('w', suffix='.xml', delete=False) as f:
            f.write(f'<genxml>{body}</genxml>' if what != 'not xml' else body)
            path = f.name
        r = subprocess.run([sys.executable, gen, '--layout', path], capture_output=True, text=True)
        os.unlink(path)
        if r.returncode != 1 or 'error:' not in r.stderr or 'Traceback' in r.stderr:
            print(f'FAIL: {what}: exit {r.returncode}, stderr {r.stderr!r}')
            failures += 1
        else:
            print(f'ok rejected ({what}): {r.stderr.strip()}')
    print(f'{len(rows)} layout rows, {len(structs)} structs, {failures} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
