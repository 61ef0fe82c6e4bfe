#!/usr/bin/env python3
# Checks the terrain demo (demo/terrain) on agx-vk's simulator and on lavapipe: both modes render,
# the images agree within a tolerance (lavapipe's own tessellator against the CPU-tessellated
# triangles drawn on agx-vk and on lavapipe), the picture has sky above and lit ground below, the
# PNG is well formed, and on agx-vk the simulated GPU work line is printed with non-zero counters
# (on lavapipe: "not available"); a run under the Khronos validation layer reports nothing.
# usage: check_terrain.py AGX-TERRAIN AGX_ICD_JSON LAVAPIPE_ICD_JSON OUTDIR
# Assumes: lavapipe and agx-vk offer tessellationShader (on by default on agx-vk).
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terrain_png import read_png  # noqa: E402

SIZE = (160, 90)
# Tolerances: mean absolute difference per channel, and the share of pixels differing by more
# than 32 in some channel. The same triangles on two drivers differ only by rounding and texture
# filtering (TIGHT). Lavapipe's own tessellator places the same domain points but stitches the
# rings of a patch with other triangles than ours (cl_kernels/tessellator.cl keeps D3D11's points
# and counts, not its stitching), which moves the shading of coarse distant patches (LOOSE).
TIGHT = (1.0, 0.005)
LOOSE = (3.0, 0.04)

failures = []


def fail(msg):
    print('FAIL:', msg)
    failures.append(msg)


def run(exe, icd, mode, out, extra_env=None):
    env = dict(os.environ, VK_ICD_FILENAMES=icd, NODEVICE_SELECT='1')
    env.pop('AGX_SIM_STATS', None)
    env.update(extra_env or {})
    p = subprocess.run([exe, '--mode', mode, '--size', f'{SIZE[0]}x{SIZE[1]}', '--output', out],
                       env=env, capture_output=True, text=True, timeout=600)
    print(f'--- {os.path.basename(icd)} {mode}: exit {p.returncode}')
    print(p.stdout + p.stderr, end='')
    return p.returncode, p.stdout + p.stderr


def check_stats(out, where, expect):
    m = re.search(r'agx-terrain-stats: mode=(\w+) triangles=(\d+) thread_insns=(\d+) '
                  r'simd_insns=(\d+) bytes_read=(\d+) bytes_written=(\d+)', out)
    if expect:
        if not m:
            fail(f'{where}: no agx-terrain-stats line')
        elif min(int(m.group(i)) for i in range(2, 7)) <= 0:
            fail(f'{where}: zero counters in {m.group(0)}')
        elif int(m.group(6)) < SIZE[0] * SIZE[1] * 4:
            # the frame's end-of-tile stores write the whole RGBA8 colour image
            fail(f'{where}: {m.group(6)} bytes written, less than the colour image')
    elif m or 'simulated GPU work: not available' not in out:
        fail(f'{where}: expected "not available" for the simulated GPU work')


def compare(a, b, what, tol):
    wa, ha, ra = read_png(a)
    wb, hb, rb = read_png(b)
    if (wa, ha) != SIZE or (wb, hb) != SIZE:
        fail(f'{what}: sizes {wa}x{ha} / {wb}x{hb}, want {SIZE}')
        return
    total, far = 0, 0
    for y in range(ha):
        for x in range(wa):
            d = [abs(ra[y][3 * x + c] - rb[y][3 * x + c]) for c in range(3)]
            total += sum(d)
            far += max(d) > 32
    mean = total / (wa * ha * 3)
    share = far / (wa * ha)
    print(f'{what}: mean |diff| {mean:.3f}, {100 * share:.2f}% of pixels differ by > 32')
    if mean > tol[0] or share > tol[1]:
        fail(f'{what}: images differ (mean {mean:.3f} > {tol[0]} or {share:.4f} > {tol[1]})')


def check_picture(path):
    """Sky above (blue over red), lit ground at the bottom (not black, not sky)."""
    w, h, rows = read_png(path)

    def avg(y0, y1):
        s = [0, 0, 0]
        for y in range(y0, y1):
            for x in range(w):
                for c in range(3):
                    s[c] += rows[y][3 * x + c]
        n = (y1 - y0) * w
        return [v / n for v in s]

    top, bottom = avg(0, h // 10), avg(h - h // 5, h)
    print(f'{path}: top rows RGB {[round(v) for v in top]}, bottom rows {[round(v) for v in bottom]}')
    if not (top[2] > top[0] + 20 and top[2] > 120):
        fail(f'{path}: the top of the image is not sky')
    if not (20 < sum(bottom) / 3 < 200 and bottom[1] > bottom[2]):
        fail(f'{path}: the bottom of the image is not lit ground')


def main():
    if len(sys.argv) != 5:
        print('usage: check_terrain.py AGX-TERRAIN AGX_ICD_JSON LAVAPIPE_ICD_JSON OUTDIR')
        return 2
    exe, agx, lvp, outdir = sys.argv[1:]
    os.makedirs(outdir, exist_ok=True)
    img = {k: os.path.join(outdir, f'terrain-{k}.png')
           for k in ('agx-pretess', 'agx-tess', 'lvp-pretess', 'lvp-tess')}

    st, out = run(exe, agx, 'pretess', img['agx-pretess'])
    if st != 0:
        fail(f'agx-vk pretess: exit {st}')
    else:
        check_stats(out, 'agx-vk pretess', True)
        check_picture(img['agx-pretess'])
    for mode in ('pretess', 'tess'):
        st, out = run(exe, lvp, mode, img[f'lvp-{mode}'])
        if st != 0:
            fail(f'lavapipe {mode}: exit {st}')
        else:
            check_stats(out, f'lavapipe {mode}', False)
    st, out = run(exe, agx, 'auto', os.path.join(outdir, 'terrain-layer.png'),
                  {'VK_INSTANCE_LAYERS': 'VK_LAYER_KHRONOS_validation'})
    if st != 0 or re.search(r'Validation (Error|Warning)|VUID-', out):
        fail(f'agx-vk under the validation layer: exit {st} or messages')
    st, out = run(exe, agx, 'tess', img['agx-tess'])
    agx_tess = st == 0
    if st == 0:
        check_stats(out, 'agx-vk tess', True)
    else:
        fail(f'agx-vk tess: exit {st}')

    if not failures:
        compare(img['agx-pretess'], img['lvp-pretess'], 'agx-vk pretess vs lavapipe pretess',
                TIGHT)
        compare(img['lvp-tess'], img['lvp-pretess'], 'lavapipe tess vs lavapipe pretess', LOOSE)
        if agx_tess:
            # our emulation runs the tessellator the pre-tessellated mode ran on the CPU
            compare(img['agx-tess'], img['agx-pretess'], 'agx-vk tess vs agx-vk pretess', TIGHT)
            compare(img['agx-tess'], img['lvp-tess'], 'agx-vk tess vs lavapipe tess', LOOSE)
    print('FAILED' if failures else 'OK')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
