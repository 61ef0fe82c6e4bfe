#!/usr/bin/env python3
"""Generate the driver's entry points, dispatch lookup and extension tables
from the Vulkan registry (vk.xml).

Outputs:
  agxv_entrypoints.h  prototypes of agxv_<Command> for every Vulkan 1.0-1.3
                     core command and every command of an advertised
                     extension, the lookup API, and the extension enums.
  agxv_entrypoints.c  a weak default for each command (logs "not implemented"
                     once and returns an error the spec allows for it), the
                     sorted name table used by the *ProcAddr functions, and
                     the VkExtensionProperties tables.
Extensions of a window system (vk.xml `platform`, e.g. VK_KHR_xcb_surface)
are kept only for the platforms given with --platform; their commands are
declared under the platform's VK_USE_PLATFORM_* macro, which only
agxv_entrypoints.c and the WSI sources define.
Extensions newer than the system registry (agxv_extensions.NEWER_THAN_REGISTRY)
come from --xml-newer (agxv_vk_newer.xml, the same format); their C types
from include/agxv_vk_newer.h.
Real implementations are ordinary (strong) definitions elsewhere in icd/, so
the linker picks them over the weak defaults. Every icd/ source must be
linked into the library directly (not through an archive) for that to hold.
"""
import argparse
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agxv_extensions  # noqa: E402

CORE_VERSIONS = {
    'VK_VERSION_1_0': (1, 0), 'VK_VERSION_1_1': (1, 1),
    'VK_VERSION_1_2': (1, 2), 'VK_VERSION_1_3': (1, 3),
}

# Error codes to return from a not-yet-implemented command, best first; only
# codes the registry lists for that command are ever used.
ERROR_PREFERENCE = [
    'VK_ERROR_FEATURE_NOT_PRESENT', 'VK_ERROR_INITIALIZATION_FAILED',
    'VK_ERROR_OUT_OF_HOST_MEMORY', 'VK_ERROR_OUT_OF_DEVICE_MEMORY',
    'VK_ERROR_UNKNOWN',
]


def is_vulkan(elem):
    api = elem.get('api')
    return api is None or 'vulkan' in api.split(',')


class Command:
    def __init__(self, name, ret, params, errors):
        self.name = name
        self.ret = ret
        self.params = params          # list of (decl_text, type, name)
        self.errors = errors
        self.version = None           # (major, minor) if core
        self.extensions = []          # advertised extensions providing it
        self.aliases = []             # (alias_name, extension)
        self.protect = None           # VK_USE_PLATFORM_* macro of its platform extension

    @property
    def level(self):
        if self.name in ('vkGetInstanceProcAddr',):
            return 'AGXV_EP_GLOBAL'
        first = self.params[0][1] if self.params else None
        if first in ('VkDevice', 'VkQueue', 'VkCommandBuffer'):
            return 'AGXV_EP_DEVICE'
        if first == 'VkPhysicalDevice':
            return 'AGXV_EP_PHYSICAL_DEVICE'
        if first == 'VkInstance':
            return 'AGXV_EP_INSTANCE'
        return 'AGXV_EP_GLOBAL'

    def stub_return(self):
        if self.ret == 'void':
            return None
        if self.ret == 'VkResult':
            for e in ERROR_PREFERENCE:
                if e in self.errors:
                    return e
            return self.errors[0] if self.errors else 'VK_ERROR_UNKNOWN'
        return '0'


def parse_registry(path, newer_path=None):
    """Commands, command aliases and extensions of the registry at `path`,
    completed from `newer_path` (agxv_vk_newer.xml: entries newer than the
    system registry) wherever the system registry lacks a name."""
    root = ET.parse(path).getroot()
    commands, aliases = {}, {}
    read_commands(root, commands, aliases)

    for f in root.findall('feature'):
        if not is_vulkan(f) or f.get('name') not in CORE_VERSIONS:
            continue
        for req in f.findall('require'):
            for rc in req.findall('command'):
                n = rc.get('name')
                n = aliases.get(n, n)
                if commands[n].version is None:
                    commands[n].version = CORE_VERSIONS[f.get('name')]

    protects = {p.get('name'): p.get('protect') for p in root.find('platforms')}
    ext_info = {}
    read_extensions(root, protects, ext_info)
    if newer_path:
        newer = ET.parse(newer_path).getroot()
        newer_commands = {}
        read_commands(newer, newer_commands, aliases)
        for name, cmd in newer_commands.items():
            commands.setdefault(name, cmd)
        newer_ext = {}
        read_extensions(newer, protects, newer_ext)
        for ename, info in newer_ext.items():
            ext_info.setdefault(ename, info)
    # Extensions agxv_extensions.NEWER_THAN_REGISTRY names must come from one
    # of the two registries.
    for ename in agxv_extensions.NEWER_THAN_REGISTRY:
        if ename not in ext_info:
            sys.exit(f'agxv_entrypoints_gen: {ename} is in neither registry (--xml-newer?)')
    return commands, aliases, ext_info


def read_commands(root, commands, aliases):
    for c in root.find('commands'):
        if not is_vulkan(c):
            continue
        if c.get('alias'):
            aliases[c.get('name')] = c.get('alias')
            continue
        proto = c.find('proto')
        name = proto.find('name').text
        ret = ''.join(proto.itertext()).rsplit(name, 1)[0].strip()
        params = []
        for p in c.findall('param'):
            if not is_vulkan(p):
                continue
            text = ' '.join(''.join(p.itertext()).split())
            params.append((text, p.find('type').text, p.find('name').text))
        errors = [e for e in (c.get('errorcodes') or '').split(',') if e]
        commands[name] = Command(name, ret, params, errors)


def read_extensions(root, protects, ext_info):
    for e in root.find('extensions'):
        ename = e.get('name')
        spec_version = None
        ext_cmds = []
        for req in e.findall('require'):
            if not is_vulkan(req):
                continue
            for en in req.findall('enum'):
                # Some have a second, alias-only enum (VK_KHR_MAINTENANCE1_SPEC_VERSION
                # for _MAINTENANCE_1_): the value is on the first.
                if en.get('name', '').endswith('_SPEC_VERSION') and en.get('value'):
                    spec_version = en.get('value')
            for rc in req.findall('command'):
                ext_cmds.append(rc.get('name'))
        ext_info[ename] = (e.get('type'), spec_version, ext_cmds,
                           protects.get(e.get('platform')) if e.get('platform') else None,
                           e.get('platform'))


def build(commands, aliases, ext_info, platforms):
    def wanted(ename):
        platform = ext_info[ename][4] if ename in ext_info else None
        return platform is None or platform in platforms
    exts = {'instance': [n for n in agxv_extensions.INSTANCE_EXTENSIONS if wanted(n)],
            'device': [n for n in agxv_extensions.DEVICE_EXTENSIONS if wanted(n)]}
    for kind, names in exts.items():
        for ename in names:
            if ename not in ext_info:
                sys.exit(f'agxv_entrypoints_gen: unknown extension {ename}')
            etype, spec_version, cmds, protect, _ = ext_info[ename]
            if spec_version is None:
                sys.exit(f'agxv_entrypoints_gen: no spec version for {ename} in vk.xml')
            if etype != kind:
                sys.exit(f'agxv_entrypoints_gen: {ename} is a {etype} extension')
            for n in cmds:
                target = aliases.get(n, n)
                cmd = commands[target]
                if protect:
                    cmd.protect = protect
                if n != target:
                    cmd.aliases.append((n, ename))
                else:
                    cmd.extensions.append(ename)
    selected = [c for c in commands.values() if c.version or c.extensions or c.aliases]
    selected.sort(key=lambda c: c.name)
    return selected, exts


def ext_enum(kind, name):
    return f'AGXV_{kind.upper()}_EXT_{name[3:]}'


def emit_header(selected, exts, out):
    w = out.write
    w('/* Generated by agxv_entrypoints_gen.py from vk.xml. Do not edit. */\n')
    w('#ifndef AGXV_ENTRYPOINTS_H\n#define AGXV_ENTRYPOINTS_H\n\n')
    w('#include <stdbool.h>\n#include <stdint.h>\n#include <vulkan/vulkan_core.h>\n')
    w('#include "agxv_vk_newer.h"\n')
    protects = sorted({c.protect for c in selected if c.protect})
    if protects:
        w('#if ' + ' || '.join(f'defined({p})' for p in protects) + '\n')
        w('#include <vulkan/vulkan.h>\n#endif\n')
    w('\n')
    for kind, names in exts.items():
        w(f'enum agxv_{kind}_ext {{\n')
        for n in names:
            w(f'   {ext_enum(kind, n)},\n')
        w(f'   AGXV_{kind.upper()}_EXT_COUNT\n}};\n\n')
        w(f'extern const VkExtensionProperties agxv_{kind}_extensions[AGXV_{kind.upper()}_EXT_COUNT];\n\n')
    w('enum agxv_ep_level {\n   AGXV_EP_GLOBAL,\n   AGXV_EP_INSTANCE,\n'
      '   AGXV_EP_PHYSICAL_DEVICE,\n   AGXV_EP_DEVICE,\n};\n\n')
    w('/* One name the loader or the application may ask for. */\n')
    w('struct agxv_entrypoint {\n   const char *name;\n   PFN_vkVoidFunction func;\n'
      '   uint8_t level;           /* enum agxv_ep_level */\n'
      '   uint16_t core_version;   /* VK_MAKE_API_VERSION(0,M,m,0) >> 12, 0: extension only */\n'
      '   int16_t instance_ext;    /* enum agxv_instance_ext providing it, or -1 */\n'
      '   int16_t device_ext;      /* enum agxv_device_ext providing it, or -1 */\n'
      '};\n\n')
    w('const struct agxv_entrypoint *agxv_find_entrypoint(const char *name);\n')
    w('extern const struct agxv_entrypoint agxv_entrypoints[];\n')
    w('extern const unsigned agxv_entrypoint_count;\n\n')
    for c in selected:
        params = ', '.join(p[0] for p in c.params) or 'void'
        if c.protect:
            w(f'#ifdef {c.protect}\n')
        w(f'VKAPI_ATTR {c.ret} VKAPI_CALL agxv_{c.name[2:]}({params});\n')
        if c.protect:
            w('#endif\n')
    w('\n#endif\n')


def emit_source(selected, exts, ext_info, out):
    w = out.write
    w('/* Generated by agxv_entrypoints_gen.py from vk.xml. Do not edit. */\n')
    for p in sorted({c.protect for c in selected if c.protect}):
        w(f'#define {p}\n')
    w('#include <stdlib.h>\n#include <string.h>\n#include "agxv_entrypoints.h"\n'
      '#include "agxv_log.h"\n\n')
    for kind, names in exts.items():
        w(f'const VkExtensionProperties agxv_{kind}_extensions[AGXV_{kind.upper()}_EXT_COUNT] = {{\n')
        for n in names:
            w(f'   {{ "{n}", {ext_info[n][1]} }},\n')
        w('};\n\n')

    # Weak defaults: an honest "not implemented" for everything not written yet.
    for c in selected:
        params = ', '.join(p[0] for p in c.params) or 'void'
        w(f'__attribute__((weak)) VKAPI_ATTR {c.ret} VKAPI_CALL\nagxv_{c.name[2:]}({params})\n{{\n')
        w(f'   static bool reported;\n   agxv_not_implemented("{c.name}", &reported);\n')
        r = c.stub_return()
        if r is not None:
            w(f'   return ({c.ret}){r};\n' if r == '0' else f'   return {r};\n')
        w('}\n\n')

    inst_idx = {n: i for i, n in enumerate(exts['instance'])}
    dev_idx = {n: i for i, n in enumerate(exts['device'])}
    rows = []
    for c in selected:
        ver = (c.version[0] << 10 | c.version[1]) if c.version else 0
        def ext_of(e):
            return (inst_idx.get(e, -1), dev_idx.get(e, -1))
        ie, de = ext_of(c.extensions[0]) if (not c.version and c.extensions) else (-1, -1)
        rows.append((c.name, c, ver, ie, de))
        for alias, ename in c.aliases:
            ie, de = ext_of(ename)
            rows.append((alias, c, 0, ie, de))
    rows.sort(key=lambda r: r[0])
    w('/* Sorted by name for bsearch. core_version packs major<<10 | minor. */\n')
    w('const struct agxv_entrypoint agxv_entrypoints[] = {\n')
    for name, c, ver, ie, de in rows:
        w(f'   {{ "{name}", (PFN_vkVoidFunction)agxv_{c.name[2:]}, {c.level}, {ver}, {ie}, {de} }},\n')
    w('};\n\n')
    w(f'const unsigned agxv_entrypoint_count = {len(rows)};\n\n')
    w('static int\ncompare_entrypoint(const void *key, const void *elem)\n{\n'
      '   return strcmp((const char *)key, ((const struct agxv_entrypoint *)elem)->name);\n}\n\n')
    w('const struct agxv_entrypoint *\nagxv_find_entrypoint(const char *name)\n{\n'
      '   if (name == NULL)\n      return NULL;\n'
      '   return bsearch(name, agxv_entrypoints, agxv_entrypoint_count,\n'
      '                  sizeof(agxv_entrypoints[0]), compare_entrypoint);\n}\n')


def emit_core_list(selected, out):
    """Names of every core 1.0-1.3 command, for the resolution test."""
    for c in selected:
        if c.version:
            level = 'device' if c.level == 'AGXV_EP_DEVICE' else \
                'physical' if c.level == 'AGXV_EP_PHYSICAL_DEVICE' else \
                'instance' if c.level == 'AGXV_EP_INSTANCE' else 'global'
            out.write(f'{c.name} {level} {c.version[0]}.{c.version[1]}\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xml', required=True)
    ap.add_argument('--xml-newer', help='agxv_vk_newer.xml: entries newer than --xml')
    ap.add_argument('--header')
    ap.add_argument('--source')
    ap.add_argument('--core-list')
    ap.add_argument('--platform', action='append', default=[],
                    help='a window system to build (vk.xml platform name: xcb, xlib, wayland)')
    args = ap.parse_args()
    commands, aliases, ext_info = parse_registry(args.xml, args.xml_newer)
    selected, exts = build(commands, aliases, ext_info, set(args.platform))
    if args.header:
        with open(args.header, 'w') as f:
            emit_header(selected, exts, f)
    if args.source:
        with open(args.source, 'w') as f:
            emit_source(selected, exts, ext_info, f)
    if args.core_list:
        with open(args.core_list, 'w') as f:
            emit_core_list(selected, f)


if __name__ == '__main__':
    main()
