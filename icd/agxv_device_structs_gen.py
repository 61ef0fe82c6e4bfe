#!/usr/bin/env python3
"""Generate the code that fills and checks the physical-device feature and
property structures an application chains into vkGetPhysicalDeviceFeatures2,
vkGetPhysicalDeviceProperties2 and vkCreateDevice.

The driver describes its features and properties once, in the
VkPhysicalDeviceVulkan11/12/13{Features,Properties} structures and the
extension structures listed in EXTENSION. Every other
core (1.1-1.3) structure repeats a subset of those members under the same
names; vk.xml tells us which, so the copies are generated rather than
written by hand. A few members were renamed when promoted: RENAMES.
Structures newer than the system registry come from --xml-newer
(agxv_vk_newer.xml) when the system registry lacks them; their stypes are
then macros of include/agxv_vk_newer.h, not enumerants, so the switches are
on the integer value.
"""
import argparse
import xml.etree.ElementTree as ET

CORE = ('VK_VERSION_1_1', 'VK_VERSION_1_2', 'VK_VERSION_1_3')
RENAMES = {
    ('VkPhysicalDeviceSubgroupProperties', 'supportedStages'): 'subgroupSupportedStages',
    ('VkPhysicalDeviceSubgroupProperties', 'supportedOperations'): 'subgroupSupportedOperations',
    ('VkPhysicalDeviceSubgroupProperties', 'quadOperationsInAllStages'):
        'subgroupQuadOperationsInAllStages',
}
# Extension structures the driver supports, kept whole in struct
# agxv_features / agxv_properties (agxv_device_structs.h) under these names.
EXTENSION = {
    'Features': {'VkPhysicalDeviceRobustness2FeaturesEXT': 'robustness2',
                 'VkPhysicalDeviceDepthClipEnableFeaturesEXT': 'depth_clip_enable',
                 'VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT': 'vertex_attribute_divisor',
                 'VkPhysicalDeviceShaderAtomicFloatFeaturesEXT': 'atomic_float',
                 'VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT': 'texel_buffer_alignment',
                 'VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT': 'non_seamless_cube_map',
                 'VkPhysicalDeviceTransformFeedbackFeaturesEXT': 'xfb',
                 'VkPhysicalDeviceWorkgroupMemoryExplicitLayoutFeaturesKHR': 'wg_explicit',
                 'VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT': 'gpl',
                 'VkPhysicalDeviceExtendedDynamicStateFeaturesEXT': 'eds',
                 'VkPhysicalDeviceExtendedDynamicState2FeaturesEXT': 'eds2',
                 'VkPhysicalDeviceExtendedDynamicState3FeaturesEXT': 'eds3',
                 'VkPhysicalDeviceMaintenance5FeaturesKHR': 'maintenance5',
                 'VkPhysicalDeviceMaintenance6FeaturesKHR': 'maintenance6',
                 'VkPhysicalDeviceShaderSubgroupRotateFeaturesKHR': 'subgroup_rotate',
                 'VkPhysicalDeviceMutableDescriptorTypeFeaturesEXT': 'mutable_descriptor',
                 'VkPhysicalDeviceCustomBorderColorFeaturesEXT': 'custom_border',
                 'VkPhysicalDeviceImageViewMinLodFeaturesEXT': 'min_lod',
                 'VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT': 'vertex_input_dynamic',
                 'VkPhysicalDeviceMultiDrawFeaturesEXT': 'multi_draw'},
    'Properties': {'VkPhysicalDeviceRobustness2PropertiesEXT': 'robustness2',
                   'VkPhysicalDeviceTransformFeedbackPropertiesEXT': 'xfb',
                   'VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT':
                       'vertex_attribute_divisor',
                   'VkPhysicalDeviceVertexAttributeDivisorPropertiesKHR':
                       'vertex_attribute_divisor_khr',
                   'VkPhysicalDeviceGraphicsPipelineLibraryPropertiesEXT': 'gpl',
                   'VkPhysicalDeviceMaintenance5PropertiesKHR': 'maintenance5',
                   'VkPhysicalDeviceMaintenance6PropertiesKHR': 'maintenance6',
                   'VkPhysicalDeviceCustomBorderColorPropertiesEXT': 'custom_border',
                   'VkPhysicalDeviceExtendedDynamicState3PropertiesEXT': 'eds3',
                   'VkPhysicalDeviceMultiDrawPropertiesEXT': 'multi_draw'},
}
SUMMARY = {
    'Features': ['VkPhysicalDeviceVulkan11Features', 'VkPhysicalDeviceVulkan12Features',
                 'VkPhysicalDeviceVulkan13Features'],
    'Properties': ['VkPhysicalDeviceVulkan11Properties', 'VkPhysicalDeviceVulkan12Properties',
                   'VkPhysicalDeviceVulkan13Properties'],
}


def is_vulkan(e):
    api = e.get('api')
    return api is None or 'vulkan' in api.split(',')


def load(path, newer_path=None):
    root = ET.parse(path).getroot()
    types = {}
    read_types(root, types)
    if newer_path:
        newer = {}
        read_types(ET.parse(newer_path).getroot(), newer)
        for name, t in newer.items():
            types.setdefault(name, t)
    core_types = set()
    for f in root.findall('feature'):
        if f.get('name') in CORE and is_vulkan(f):
            for req in f.findall('require'):
                for ty in req.findall('type'):
                    core_types.add(ty.get('name'))
    return types, core_types


def read_types(root, types):
    for t in root.find('types'):
        if t.get('category') != 'struct' or not is_vulkan(t) or t.get('alias'):
            continue
        members = []
        stype = None
        for m in t.findall('member'):
            if not is_vulkan(m):
                continue
            name = m.find('name').text
            mtype = m.find('type').text
            array = m.find('enum') is not None or '[' in ''.join(m.itertext())
            if name == 'sType':
                stype = m.get('values')
            members.append((name, mtype, array))
        types[t.get('name')] = (t.get('structextends') or '', stype, members)


def emit(types, core_types, out):
    w = out.write
    w('/* Generated by agxv_device_structs_gen.py from vk.xml. Do not edit. */\n')
    w('#include <stdint.h>\n#include <string.h>\n#include "agxv_device_structs.h"\n\n')
    for kind, extends in (('Features', 'VkPhysicalDeviceFeatures2'),
                          ('Properties', 'VkPhysicalDeviceProperties2')):
        summary = {s: types[s][2] for s in SUMMARY[kind]}
        structs = sorted(n for n, (ext, st, _) in types.items()
                         if extends in ext.split(',') and
                         (n in core_types or n in EXTENSION[kind]))
        lower = kind.lower()
        w(f'bool\nagxv_fill_{lower}_struct(VkBaseOutStructure *s, const struct agxv_{lower} *all)\n{{\n')
        w('   switch ((uint32_t)s->sType) {\n')
        for n in structs:
            _, stype, members = types[n]
            w(f'   case {stype}: {{\n')
            w(f'      {n} *d = ({n} *)s;\n')
            if n in summary or n in EXTENSION[kind]:
                field = EXTENSION[kind].get(n) or f'v1{SUMMARY[kind].index(n) + 1}'
                w(f'      VkBaseOutStructure *next = s->pNext;\n')
                w(f'      *d = all->{field};\n      d->sType = {stype};\n'
                  f'      d->pNext = (void *)next;\n')
            else:
                for name, mtype, array in members:
                    if name in ('sType', 'pNext'):
                        continue
                    src_name = RENAMES.get((n, name), name)
                    src = None
                    for i, s in enumerate(SUMMARY[kind]):
                        if any(m[0] == src_name for m in summary[s]):
                            src = f'all->v1{i + 1}.{src_name}'
                    if src is None:
                        raise SystemExit(f'{n}.{name}: not in any Vulkan1x {kind} struct')
                    if array:
                        w(f'      memcpy(d->{name}, {src}, sizeof(d->{name}));\n')
                    else:
                        w(f'      d->{name} = {src};\n')
            w('      return true;\n   }\n')
        w('   default:\n      return false;\n   }\n}\n\n')

    # Feature structs are VkBool32 arrays after the header: a generic check.
    feature_structs = sorted(n for n, (ext, st, _) in types.items()
                             if 'VkPhysicalDeviceFeatures2' in ext.split(',') and
                             (n in core_types or n in EXTENSION['Features']))
    w('bool\nagxv_feature_struct_bools(VkStructureType stype, unsigned *count)\n{\n   switch ((uint32_t)stype) {\n')
    for n in feature_structs:
        _, stype, members = types[n]
        for name, mtype, array in members[2:]:
            if mtype != 'VkBool32' or array:
                raise SystemExit(f'{n}.{name}: feature struct member is not a VkBool32')
        w(f'   case {stype}: *count = {len(members) - 2}; return true;\n')
    w('   default:\n      return false;\n   }\n}\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xml', required=True)
    ap.add_argument('--xml-newer', help='agxv_vk_newer.xml: structures newer than --xml')
    ap.add_argument('--source', required=True)
    args = ap.parse_args()
    types, core_types = load(args.xml, args.xml_newer)
    with open(args.source, 'w') as f:
        emit(types, core_types, f)


if __name__ == '__main__':
    main()
