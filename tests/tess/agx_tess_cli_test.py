#!/usr/bin/env python3
# Copyright 2026 agx-vk contributors
# SPDX-License-Identifier: MIT
"""Checks the agx-tess command line tool: output format, known values, winding flag, errors.
Assumes: argv[1] is the agx-tess executable."""
import subprocess
import sys

TOOL = sys.argv[1]
failures = 0


def run(*args):
    p = subprocess.run([TOOL, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def expect(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)


# A triangle with every level 2: the corners, the edge midpoints and the centre (1/3 in 16.16).
rc, out, _ = run("--domain", "tri", "--spacing", "equal", "--outer", "2,2,2", "--inner", "2")
lines = out.splitlines()
expect(rc == 0, "tri run failed")
expect(lines[-1] == "points 7 prims 6", "tri summary: %r" % lines[-1:])
points = [l for l in lines if l.startswith("p ")]
expect(sorted(points) == sorted([
    "p 0.000000 1.000000 0.000000", "p 0.000000 0.500000 0.500000", "p 0.000000 0.000000 1.000000",
    "p 0.500000 0.000000 0.500000", "p 1.000000 0.000000 0.000000", "p 0.500000 0.500000 0.000000",
    "p 0.333328 0.333328 0.333344"]), "tri points: %r" % points)
tris = [tuple(map(int, l.split()[1:])) for l in lines if l.startswith("t ")]
expect(len(tris) == 6 and all(len(t) == 3 and max(t) < 7 for t in tris), "tri primitives: %r" % tris)

# --ccw reverses every triangle
rc, out_ccw, _ = run("--domain", "tri", "--spacing", "equal", "--outer", "2,2,2", "--inner", "2", "--ccw")
tris_ccw = [tuple(map(int, l.split()[1:])) for l in out_ccw.splitlines() if l.startswith("t ")]
expect([(a, c, b) for a, b, c in tris] == tris_ccw, "ccw is not the reversed cw order")

# quads print two coordinates; point mode lists every point once
rc, out, _ = run("--domain", "quad", "--spacing", "fractional_odd", "--outer", "3,3,3,3", "--inner", "3,3",
                 "--points")
lines = out.splitlines()
expect(rc == 0 and lines[-1] == "points 16 prims 16", "quad points summary: %r" % lines[-1:])
expect(all(len(l.split()) == 3 for l in lines if l.startswith("p ")), "quad points have 2 coordinates")
expect([l for l in lines if l.startswith("pt ")] == ["pt %d" % i for i in range(16)], "pt list")

# isolines: 2 lines of 3 segments, v = 0 and 0.5
rc, out, _ = run("--domain", "isoline", "--spacing", "equal", "--outer", "2,3")
lines = out.splitlines()
expect(rc == 0 and lines[-1] == "points 8 prims 6", "isoline summary: %r" % lines[-1:])
expect([l for l in lines if l.startswith("l ")][:3] == ["l 0 1", "l 1 2", "l 2 3"], "isoline segments")
expect("p 0.333328 0.500000" in lines, "isoline 1/3 in 16.16")

# culled patch: nothing but the summary
rc, out, _ = run("--domain", "quad", "--spacing", "equal", "--outer", "0,2,2,2", "--inner", "2,2")
expect(rc == 0 and out == "points 0 prims 0\n", "culled patch: %r" % out)

# bad input: clear message, exit status 2, no crash
for args in (["--domain", "cube", "--spacing", "equal", "--outer", "1,1,1"],
             ["--domain", "tri", "--spacing", "odd", "--outer", "1,1,1"],
             ["--domain", "tri", "--spacing", "equal", "--outer", "1,,1"],
             ["--domain", "quad", "--spacing", "equal", "--outer", "1,1,1"],
             ["--domain", "quad", "--spacing", "equal", "--outer", "1,1,1,1,1"],
             ["--domain", "tri", "--spacing", "equal"],
             ["--domain", "tri", "--spacing", "equal", "--outer"],
             ["--bogus"]):
    rc, out, err = run(*args)
    expect(rc == 2 and err.startswith("agx-tess:") and out == "", "bad input %r: rc %d" % (args, rc))

print("FAIL" if failures else "PASS")
sys.exit(1 if failures else 0)
