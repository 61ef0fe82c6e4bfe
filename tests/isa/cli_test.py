#!/usr/bin/env python3
# CLI test for agx-asm / agx-disasm.
# Assumes: argv[1] = agx-asm, argv[2] = agx-disasm; expected bytes below
# were cross-checked with applegpu's assembler/disassembler.
import os
import subprocess
import sys
import tempfile

asm, disasm = sys.argv[1], sys.argv[2]
failures = 0


def check(cond, msg):
    global failures
    if not cond:
        failures += 1
        print('FAIL:', msg)


PROGRAM = """\
# a tiny compute-like program
get_sr           r0, sr80 (thread_position_in_grid.x)
iadd             r1, r0, 5        ; comment
device_load      0, i32, x, r2, u0_u1, r0, signed
wait             0
fmul32           r2, r2, 0.5
device_store     0, i32, x, r2, u2_u3, r0, signed, 0
jmp_exec_none    pc+8
stop
"""
EXPECTED = bytes.fromhex(
    '72011004'            # get_sr r0, sr80
    '0e05405200000000'    # iadd r1, r0, 5
    '0511000c00c01200'    # device_load (long form: mask in the extension)
    '3800'                # wait 0
    '1a8944020200'        # fmul32 r2, r2, 0.5 (long form: r2 needs no ext,
                          # the 0.5 immediate's type is in the extension)
    '4511040c00c01200'    # device_store
    '20c008000000'        # jmp_exec_none pc+8
    '8800')               # stop

with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, 'p.s')
    bin_ = os.path.join(tmp, 'p.bin')
    with open(src, 'w') as f:
        f.write(PROGRAM)
    r = subprocess.run([asm, '-o', bin_, src], capture_output=True, text=True)
    check(r.returncode == 0, 'agx-asm failed: ' + r.stderr)
    data = open(bin_, 'rb').read() if r.returncode == 0 else b''
    check(data == EXPECTED, 'agx-asm bytes %s, want %s' % (data.hex(), EXPECTED.hex()))

    r = subprocess.run([disasm, bin_], capture_output=True, text=True)
    check(r.returncode == 0, 'agx-disasm failed: ' + r.stderr)
    lines = r.stdout.splitlines()
    check(len(lines) == 8, 'expected 8 listing lines, got %d' % len(lines))
    if lines:
        check(lines[0] == '   0: 72011004             get_sr           r0, sr80 (thread_position_in_grid.x)',
              'first line %r' % lines[0])
        check(lines[-2].endswith('jmp_exec_none    0x2C'), 'branch line %r' % lines[-2])
        check(lines[-1].startswith('  2a: 8800 ') and lines[-1].rstrip().endswith('stop'),
              'last line %r' % lines[-1])

    # the listing re-assembles to the same bytes (branch targets absolute)
    lst = os.path.join(tmp, 'p.lst')
    with open(lst, 'w') as f:
        f.write(r.stdout)
    r2 = subprocess.run([asm, '-x', lst], capture_output=True, text=True)
    check(r2.returncode == 0 and bytes.fromhex(''.join(r2.stdout.split())) == data,
          'listing does not re-assemble: ' + r2.stderr)

    # undecodable bytes: non-zero exit and the offset in the message
    bad = os.path.join(tmp, 'bad.bin')
    with open(bad, 'wb') as f:
        f.write(bytes.fromhex('8800' '3800' '0100'))
    r = subprocess.run([disasm, bad], capture_output=True, text=True)
    check(r.returncode != 0, 'agx-disasm accepted undecodable bytes')
    check('offset 0x4' in r.stderr, 'no offset in error: %r' % r.stderr)
    check(r.stdout.count('\n') == 2, 'instructions before the error are listed')

    # truncated instruction
    with open(bad, 'wb') as f:
        f.write(bytes.fromhex('8800' '0e01'))
    r = subprocess.run([disasm, bad], capture_output=True, text=True)
    check(r.returncode != 0 and 'truncated' in r.stderr and '0x2' in r.stderr,
          'truncated input: %r' % r.stderr)

    # hex input and assembler errors name the line
    r = subprocess.run([disasm, '-x', '-'], input='88 00', capture_output=True, text=True)
    check(r.returncode == 0 and 'stop' in r.stdout, 'hex input')
    with open(src, 'w') as f:
        f.write('stop\nfrobnicate r0\n')
    r = subprocess.run([asm, '-x', src], capture_output=True, text=True)
    check(r.returncode != 0 and ':2:' in r.stderr and 'frobnicate' in r.stderr,
          'assembler error message: %r' % r.stderr)

    # labels (applegpu's "pc+label" syntax), forward and backward
    with open(src, 'w') as f:
        f.write('top:\n'
                '  iadd             r1, r1, 1\n'
                '  jmp_exec_none    pc+done\n'
                '  jmp_exec_any     pc+top\n'
                'done: stop\n')
    r = subprocess.run([asm, '-x', src], capture_output=True, text=True)
    code = bytes.fromhex(''.join(r.stdout.split())) if r.returncode == 0 else b''
    # iadd (8 bytes) at 0, jmp_exec_none at 8 -> +12, jmp_exec_any at 14 -> -14
    check(code == bytes.fromhex('0e0542120000000020c00c00000000c0f2ffffff8800'),
          'labels: %s %s' % (code.hex(), r.stderr))
    with open(src, 'w') as f:
        f.write('jmp_exec_any pc+nowhere\n')
    r = subprocess.run([asm, '-x', src], capture_output=True, text=True)
    check(r.returncode != 0 and 'nowhere' in r.stderr, 'unknown label: %r' % r.stderr)

    # text-only listing feeds the assembler
    with open(bin_, 'wb') as f:
        f.write(code)
    r = subprocess.run([disasm, '-t', bin_], capture_output=True, text=True)
    check(r.returncode == 0 and r.stdout.splitlines()[2].startswith('jmp_exec_any') and
          r.stdout.splitlines()[2].rstrip().endswith('pc-14'), 'text-only: %r' % r.stdout)
    r2 = subprocess.run([asm, '-x', '-'], input=r.stdout, capture_output=True, text=True)
    check(r2.returncode == 0 and bytes.fromhex(''.join(r2.stdout.split())) == code,
          'text-only listing does not re-assemble: %r' % r2.stderr)

print('cli test: %d failures' % failures)
sys.exit(1 if failures else 0)
