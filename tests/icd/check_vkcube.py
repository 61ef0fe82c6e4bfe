#!/usr/bin/env python3
"""Debian's vkcube (package vulkan-tools) on agx-vk under an Xvfb the test
starts itself: N frames at 128x128 must end with exit status 0, and the last
frame (read from the window by the vkcube_capture LD_PRELOAD shim just
before vkcube destroys it) must match the same frame on lavapipe: fewer
than 1% of the pixels differ by more than 8 in a channel (edges), and the
frame shows more than the clear colour. Prints frames per second of both.

Skipped (exit 77) when vkcube or Xvfb is missing; every failure of vkcube
on agx-vk fails the test (render passes and fragment derivatives, which it
needs, are implemented).

check_vkcube.py AGX_MANIFEST CAPTURE_SHIM LAVAPIPE_MANIFEST [ASAN_RUNTIME]
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

FRAMES = 10
SIZE = 128


def skip(why):
    print(f'vkcube: skipped: {why}')
    sys.exit(77)


def start_xvfb():
    r, w = os.pipe()
    proc = subprocess.Popen(['Xvfb', '-displayfd', str(w), '-screen', '0', '320x240x24',
                             '-nolisten', 'tcp'], pass_fds=(w,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        display = f.readline().strip()
    if not display:
        proc.kill()
        sys.exit('Xvfb did not report a display')
    return proc, ':' + display


def load_ppm(path):
    data = open(path, 'rb').read()
    fields = data.split(maxsplit=4)
    if fields[0] != b'P6' or fields[3] != b'255':
        sys.exit(f'{path}: not an 8-bit PPM')
    w, h = int(fields[1]), int(fields[2])
    pixels = fields[4]
    if len(pixels) != 3 * w * h:
        sys.exit(f'{path}: {len(pixels)} bytes of pixels for {w}x{h}')
    return w, h, pixels


def run(env, manifest, shot, what):
    env = dict(env)
    env['VK_ICD_FILENAMES'] = manifest
    env['VKCUBE_CAPTURE'] = shot
    start = time.monotonic()
    p = subprocess.run(['vkcube', '--c', str(FRAMES), '--width', str(SIZE), '--height',
                        str(SIZE)], env=env, capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - start
    out = p.stdout + p.stderr
    if p.returncode == 0:
        print(f'{what}: {FRAMES} frames in {elapsed:.2f} s '
              f'({FRAMES / elapsed:.1f} frames/s including start-up)')
    return p.returncode, out


def main():
    manifest, shim, lavapipe = sys.argv[1:4]
    asan = sys.argv[4] if len(sys.argv) > 4 else ''
    if not shutil.which('vkcube'):
        skip('vkcube is not installed (Debian package vulkan-tools)')
    if not shutil.which('Xvfb'):
        skip('Xvfb is not installed')
    xvfb, display = start_xvfb()
    try:
        tmp = tempfile.mkdtemp()
        env = dict(os.environ)
        env.pop('VK_DRIVER_FILES', None)
        env.pop('WAYLAND_DISPLAY', None)
        env['DISPLAY'] = display
        env['XDG_RUNTIME_DIR'] = tmp
        env['AGX_DEVICE'] = 'sim'
        env['AGX_DEBUG'] = 'startup'  # agxv_error explains refusals
        env['LD_PRELOAD'] = ' '.join(x for x in (asan, shim) if x)
        if asan:
            env['ASAN_OPTIONS'] = 'detect_leaks=0'
        agx_shot = os.path.join(tmp, 'agx.ppm')
        rc, out = run(env, manifest, agx_shot, 'agx-vk')
        if rc != 0:
            print(out[-4000:])
            sys.exit(f'vkcube on agx-vk failed with exit status {rc}')
        w, h, agx = load_ppm(agx_shot)
        if (w, h) != (SIZE, SIZE):
            sys.exit(f'captured a {w}x{h} window')
        colours = len(set(agx[i:i + 3] for i in range(0, len(agx), 3)))
        if colours < 50:
            sys.exit(f'the last frame has {colours} colours: no textured cube')
        print(f'agx-vk: last frame {w}x{h}, {colours} colours')
        if not os.path.exists(lavapipe):
            print('lavapipe is not installed: frame not compared')
            return
        env.pop('AGX_DEVICE')
        lvp_shot = os.path.join(tmp, 'lavapipe.ppm')
        rc, out = run(env, lavapipe, lvp_shot, 'lavapipe')
        if rc != 0:
            print(out[-4000:])
            sys.exit('vkcube on lavapipe failed: no reference')
        _, _, ref = load_ppm(lvp_shot)
        diff = sum(1 for i in range(w * h)
                   if max(abs(agx[3 * i + c] - ref[3 * i + c]) for c in range(3)) > 8)
        print(f'last frame vs lavapipe: {diff} of {w * h} pixels differ by more than 8')
        if diff * 100 >= w * h:
            sys.exit('the frame differs from lavapipe\'s')
        print('ok')
    finally:
        xvfb.kill()
        xvfb.wait()


if __name__ == '__main__':
    main()
