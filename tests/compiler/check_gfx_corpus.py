#!/usr/bin/env python3
"""Graphics-shader corpus (issue 18 "Done when"): every vertex and fragment
shader source given (GLSL .vert/.frag, HLSL NAME.vs.hlsl/NAME.ps.hlsl) is
compiled with glslang, then by agxc to machine code and disassembled
(agxc --disasm exits non-zero on undecodable bytes; fragment shaders for
four rgba8_unorm render targets). Prints per shader the CPU time of
parse+optimise (mean of --time N runs) and of the back end, code bytes and
instructions, then totals; then the sizes of vertex-fetch prologs, output
epilogs and tile programs for representative keys. Fails on any compile or
disassembly error, or if fewer shaders than --min compiled.

check_gfx_corpus.py AGXC GLSLANG --min N [--repeat N] SOURCE...
"""
import os
import re
import subprocess
import sys
import tempfile

RT = ['--rt', 'rgba8_unorm'] * 4

STATS = re.compile(r'(\d+) bytes, (\d+) instructions.*back end ([0-9.]+) us')
FRONT = re.compile(r'([0-9.]+) us per parse\+optimise')
HEAD = re.compile(r'^; .*(?:program|prolog), (?:\d+ attributes, )?(\d+) bytes', re.M)


def stage_of(path):
    name = os.path.basename(path)
    if name.endswith('.vs.hlsl'):
        return 'vert', True
    if name.endswith('.ps.hlsl'):
        return 'frag', True
    ext = name.rsplit('.', 1)[-1]
    return (ext, False) if ext in ('vert', 'frag') else (None, False)


def compile_one(agxc, glslang, src, tmp, repeat):
    stage, hlsl = stage_of(src)
    spv = os.path.join(tmp, os.path.basename(src) + '.spv')
    cmd = [glslang, '--quiet', '-V', '--target-env', 'vulkan1.3', '-o', spv]
    if hlsl:
        cmd += ['-D', '-e', 'main', '-S', stage]
    r = subprocess.run(cmd + [src], capture_output=True, text=True)
    if r.returncode:
        return None, 'glslang: ' + (r.stdout + r.stderr).strip()[:300]
    args = [agxc, spv, '--disasm', '--time', str(repeat)] + (RT if stage == 'frag' else [])
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        return None, 'agxc: ' + r.stderr.strip()[:300]
    if 'unknown' in r.stdout.lower():
        return None, 'agxc: the disassembly has unknown words'
    f, s = FRONT.search(r.stderr), STATS.search(r.stderr)
    if not f or not s:
        return None, 'agxc: no statistics in: ' + r.stderr.strip()[:300]
    return (stage, float(f.group(1)), float(s.group(3)), int(s.group(1)), int(s.group(2))), None


def program_size(agxc, args):
    r = subprocess.run([agxc] + args, capture_output=True, text=True)
    m = HEAD.search(r.stdout) if r.returncode == 0 else None
    if not m:
        sys.exit('agxc %s failed: %s' % (' '.join(args), r.stderr.strip()))
    return int(m.group(1))


def main():
    argv = sys.argv[1:]
    agxc, glslang = argv[0], argv[1]
    rest = argv[2:]
    minimum, repeat, sources = 0, 5, []
    i = 0
    while i < len(rest):
        if rest[i] == '--min':
            minimum = int(rest[i + 1])
            i += 2
        elif rest[i] == '--repeat':
            repeat = int(rest[i + 1])
            i += 2
        else:
            sources.append(rest[i])
            i += 1
    failures = []
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for src in sources:
            res, err = compile_one(agxc, glslang, src, tmp, repeat)
            if err:
                failures.append('%s: %s' % (src, err))
            else:
                rows.append((os.path.basename(src),) + res)
    print('%-28s %5s %9s %9s %7s %6s' % ('shader', 'stage', 'front ms', 'back ms', 'bytes',
                                          'instrs'))
    for name, stage, fus, bus, size, n in rows:
        print('%-28s %5s %9.3f %9.3f %7d %6d' % (name, stage, fus / 1e3, bus / 1e3, size, n))
    for stage in ('vert', 'frag'):
        sel = [r for r in rows if r[1] == stage]
        if sel:
            tot = sorted((r[2] + r[3]) / 1e3 for r in sel)
            print('%s: %d shaders, compile CPU time per shader: mean %.3f ms, median %.3f ms, '
                  'max %.3f ms; code mean %.0f bytes' %
                  (stage, len(sel), sum(tot) / len(tot), tot[len(tot) // 2], tot[-1],
                   sum(r[4] for r in sel) / len(sel)))
    # prologs, epilogs and tile programs for representative keys
    keys = [
        ('prolog: 1 attribute rgba32_float', ['--vbo', 'rgba32_float']),
        ('prolog: 3 attributes rgb32_float, rgba8_unorm, rg16_float',
         ['--vbo', 'rgb32_float,rgba8_unorm,rg16_float']),
        ('prolog: 4 attributes incl. scaled and packed',
         ['--vbo', 'rgb32_float,rg16_sscaled,rgba8_uscaled,rgb10a2_snorm']),
        ('epilog: 1 rt rgba8_unorm, no blending', ['--rt', 'rgba8_unorm', '--epilog', '1']),
        ('epilog: 1 rt rgba8_unorm, alpha blending',
         ['--rt', 'rgba8_unorm', '--epilog', '1', '--blend', '0:6,7,0,1,7,0,15']),
        ('epilog: 2 rts rgba8_unorm + rgba16_float, blend on rt 0',
         ['--rt', 'rgba8_unorm', '--rt', 'rgba16_float', '--epilog', '3', '--blend',
          '0:6,7,0,1,7,0,15']),
        ('epilog: 1 rt rgba8_unorm, logic op xor',
         ['--rt', 'rgba8_unorm', '--epilog', '1', '--logic-op', '6']),
        ('background: clear 1 rt rgba8_unorm', ['--rt', 'rgba8_unorm', '--bg', 'clear']),
        ('background: load 1 rt rgba8_unorm', ['--rt', 'rgba8_unorm', '--bg', 'load']),
        ('end of tile: 1 rt rgba8_unorm', ['--rt', 'rgba8_unorm', '--eot', '1']),
        ('end of tile: 2 rts, 4 samples',
         ['--rt', 'rgba8_unorm', '--rt', 'rgba16_float', '--samples', '4', '--eot', '3']),
    ]
    for label, args in keys:
        print('%-60s %5d bytes' % (label, program_size(agxc, args)))
    for f in failures:
        print('FAIL', f)
    print('%d of %d shaders compiled and disassembled' % (len(rows), len(sources)))
    if failures or len(rows) < minimum:
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
