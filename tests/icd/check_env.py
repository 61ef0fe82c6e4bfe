#!/usr/bin/env python3
"""AGX_DEVICE, AGX_DEBUG and AGXV_EXPERIMENTAL: documented values work,
bad or retired values are reported with an `agx:` message and never crash
or lose the device."""
import os
import subprocess
import sys

probe, manifest = sys.argv[1], sys.argv[2]


def run(**extra):
    env = dict(os.environ)
    env.pop('AGX_DEVICE', None)
    env.pop('AGX_DEBUG', None)
    env.pop('AGXV_EXPERIMENTAL', None)
    env.update({'VK_ICD_FILENAMES': manifest, 'NODEVICE_SELECT': '1'})
    env.update(extra)
    p = subprocess.run([probe], env=env, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        sys.exit(f'probe failed with {extra}: {p.stderr}')
    return p.stdout, p.stderr


def expect(cond, what, out, err):
    if not cond:
        print(out, err)
        sys.exit('FAILED: ' + what)


out, err = run()
expect('devices 1' in out and 'Apple M1' in out, 'auto selects the simulator here', out, err)
expect('agx:' not in err, 'quiet by default', out, err)

out, err = run(AGX_DEVICE='sim')
expect('devices 1' in out, 'AGX_DEVICE=sim', out, err)

if not any(os.path.exists(f'/dev/dri/renderD{128 + i}') for i in range(8)):
    out, err = run(AGX_DEVICE='drm')
    expect('devices 0' in out, 'AGX_DEVICE=drm without hardware: no device', out, err)
    expect('agx: no device on the drm backend' in err, 'AGX_DEVICE=drm explains itself', out, err)

out, err = run(AGX_DEVICE='gpu9000')
expect('devices 1' in out, 'bad AGX_DEVICE falls back to auto', out, err)
expect("agx: AGX_DEVICE='gpu9000' is not one of auto, drm, sim" in err, 'bad AGX_DEVICE reported', out, err)

out, err = run(AGX_DEBUG='help')
expect('agx: AGX_DEBUG is a comma-separated list of:' in err and 'ioctl' in err, 'AGX_DEBUG=help', out, err)
expect('nopreamble' in err and 'every tracing flag above (not nopreamble, noshm)' in err,
       'AGX_DEBUG=help lists nopreamble and says all leaves it off', out, err)

out, err = run(AGX_DEBUG='bogus,,startup')
expect("agx: ignoring unknown AGX_DEBUG flag 'bogus'" in err, 'unknown flag reported', out, err)
expect('agx: Apple M1' in err and 'sim backend' in err, 'startup flag traces selection', out, err)
expect('devices 1' in out, 'bad AGX_DEBUG loses nothing', out, err)

out, err = run(AGX_DEBUG='ioctl')
expect('agx: ioctl ASAHI_GET_PARAMS -> 0' in err, 'ioctl tracing', out, err)
out, err = run(AGXV_EXPERIMENTAL='tess,vsstores,,bogus,gs')
expect("agx: AGXV_EXPERIMENTAL 'tess' is no longer needed (tessellationShader is on by default)"
       in err, 'retired AGXV_EXPERIMENTAL=tess noted', out, err)
expect("agx: AGXV_EXPERIMENTAL 'gs' is no longer needed" in err, 'retired gs noted', out, err)
expect("agx: ignoring unknown AGXV_EXPERIMENTAL key 'bogus'" in err, 'unknown key reported', out,
       err)
expect("agx: AGXV_EXPERIMENTAL 'vsstores' is no longer needed" in err, 'retired vsstores noted',
       out, err)
expect(err.count('no longer needed') == 3, 'noted once per key', out, err)
expect('devices 1' in out, 'AGXV_EXPERIMENTAL loses nothing', out, err)

print('ok')
