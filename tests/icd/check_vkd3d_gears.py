#!/usr/bin/env python3
"""Debian's vkd3d-gears (package vkd3d-demos: Direct3D 12 through vkd3d 1.x)
on agx-vk under an Xvfb the test starts itself, against the same program on
lavapipe. The gears turn with wall-clock time, so frames of two runs are
not the same image; what must match is what the window shows: the number
of pixels that are mostly red, mostly green and mostly blue (the three
gears), each within 10% of lavapipe's and each at least 1000. The screen
is read with the xcb_grab tool every 2 s until it matches or 90 s pass;
vkd3d-gears must still be running then (it draws until closed).

Skipped (exit 77) when vkd3d-gears or Xvfb is missing.

check_vkd3d_gears.py AGX_MANIFEST XCB_GRAB LAVAPIPE_MANIFEST [ASAN_RUNTIME]
(ASAN_RUNTIME: the sanitizer runtime preloaded into vkd3d-gears when the
driver is built with ASan, as check_vkcube.py does.)
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_vkcube import load_ppm, start_xvfb  # noqa: E402

TOLERANCE = 0.10
MIN_PIXELS = 1000


def skip(why):
    print(f'vkd3d-gears: skipped: {why}')
    sys.exit(77)


def gear_pixels(path):
    """Pixels whose red, green or blue channel is over 40 and more than
    twice each other channel."""
    w, h, p = load_ppm(path)
    counts = [0, 0, 0]
    for i in range(0, 3 * w * h, 3):
        c = p[i:i + 3]
        for k in range(3):
            if c[k] > 40 and c[k] > 2 * c[(k + 1) % 3] and c[k] > 2 * c[(k + 2) % 3]:
                counts[k] += 1
    return counts


def close(a, ref):
    return all(r >= MIN_PIXELS and abs(x - r) <= TOLERANCE * r for x, r in zip(a, ref))


def watch(env, manifest, grab, shot, ref, deadline, preload=''):
    """Runs vkd3d-gears, grabs the screen until its gear pixels match ref
    (or, without ref, until there are gears); returns the last counts."""
    env = dict(env, VK_ICD_FILENAMES=manifest)
    app_env = dict(env)
    if preload:
        app_env.update(LD_PRELOAD=preload, ASAN_OPTIONS='detect_leaks=0')
    p = subprocess.Popen(['vkd3d-gears'], env=app_env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    counts, start = None, time.monotonic()
    try:
        while time.monotonic() - start < deadline:
            time.sleep(2)
            if p.poll() is not None:
                print(p.stdout.read()[-4000:])
                sys.exit(f'vkd3d-gears exited with status {p.returncode}')
            if subprocess.run([grab, shot], env=env).returncode != 0:
                sys.exit('xcb_grab failed')
            counts = gear_pixels(shot)
            if (ref and close(counts, ref)) or (not ref and min(counts) >= MIN_PIXELS):
                break
    finally:
        p.kill()
        p.wait()
    print(f'{manifest}: red/green/blue gear pixels {counts} after '
          f'{time.monotonic() - start:.0f} s')
    return counts


def main():
    manifest, grab, lavapipe = sys.argv[1:4]
    asan = sys.argv[4] if len(sys.argv) > 4 else ''
    if not shutil.which('vkd3d-gears'):
        skip('vkd3d-gears is not installed (Debian package vkd3d-demos)')
    if not shutil.which('Xvfb'):
        skip('Xvfb is not installed')
    xvfb, display = start_xvfb()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, DISPLAY=display, XDG_RUNTIME_DIR=tmp, AGX_DEVICE='sim')
            shot = os.path.join(tmp, 'screen.ppm')
            ref = watch(env, lavapipe, grab, shot, None, 30)
            if min(ref) < MIN_PIXELS:
                sys.exit(f'lavapipe shows no gears: {ref}')
            agx = watch(env, manifest, grab, shot, ref, 90, asan)
            if not close(agx, ref):
                sys.exit(f'agx-vk gear pixels {agx}, lavapipe {ref}')
    finally:
        xvfb.kill()
        xvfb.wait()
    print('ok')


if __name__ == '__main__':
    main()
