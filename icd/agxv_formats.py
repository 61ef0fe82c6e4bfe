# The driver's one table of Vulkan formats and their AGX hardware encodings,
# turned into C (agxv_format_table.h/.c) at build time by meson.
#
# Facts from Mesa's src/asahi/layout/formats.c (ail_pixel_format: hardware
# "Channels" value, Texture Type, texturable, renderable) and the Vulkan ->
# Gallium format mapping (packed formats: Vulkan names list the most
# significant component first; the hardware's channel 0 is the least
# significant bits, as in Gallium names).
#
# Columns:
#   vk        VkFormat enumerator without the VK_FORMAT_ prefix
#   channels  genxml "Channels" value name (hardware pixel format)
#   type      genxml "Texture Type" value name
#   order     memory channel feeding result component R, G, B, A: a letter
#             names the channel by position (R = channel 0 ... A = 3, the
#             least significant first), '0'/'1' a constant (missing channel)
#   bpp       bytes per texel (per 4x4 block for block-compressed formats)
#   flags     's' sRGB, 'r' renderable (colour, also the PBE can write it),
#             'c' colour attachment (COLOR_ATTACHMENT: rendering to it is tested
#             through the loader, tests/icd/test_rt_formats.c), 'B' blendable
#             colour attachment (COLOR_ATTACHMENT_BLEND: blending into it is
#             tested, tests/icd/test_rt_formats.c), 'd' depth/stencil
#             (DEPTH_STENCIL_ATTACHMENT and TRANSFER_SRC/DST per aspect,
#             optimal tiling; no other image or buffer feature: rendering and
#             aspect copies are tested, tests/icd/test_depth_stencil.c),
#             'b' block-compressed in 4x4 blocks (BC1-BC7: Channels 0x74-0x7B,
#             ETC2/EAC: 0x58-0x5C; ASTC 'ASTC WxH' 0x60-0x6D in W x H blocks,
#             shared/reference/hardware.md section 13; types as formats.c pairs
#             them; sampled, filtered and copied only, optimal tiling only)
#
# Derived rules (agxv_format.c): a format in this table is
# texturable (except 'd' depth/stencil formats: attachment and copies only); uniform texel buffers take every texturable non-depth format,
# storage texel buffers (also without format) those with a power-of-two
# size, atomics R32_UINT/R32_SINT only. Formats not listed (R5G5B5A1 /
# B5G5R5A1, which the hardware's channel orders do not cover,
# RGB32, which Mesa emulates with shader loads, 24-bit, 64-bit, scaled,
# ASTC HDR/3D, D24/X8_D24/D16_S8/D24_S8) have no features; the
# block-compressed ones listed have no buffer features.
import argparse

FORMATS = [
    # vk                          channels        type     order  bpp flags
    ('R8_UNORM',                  'R8',           'Unorm', 'R001', 1, 'rcB'),
    ('R8_SNORM',                  'R8',           'Snorm', 'R001', 1, 'rcB'),
    ('R8_UINT',                   'R8',           'Uint',  'R001', 1, 'rc'),
    ('R8_SINT',                   'R8',           'Sint',  'R001', 1, 'rc'),
    ('R8_SRGB',                   'R8',           'Unorm', 'R001', 1, 'srcB'),
    ('R8G8_UNORM',                'R8G8',         'Unorm', 'RG01', 2, 'rcB'),
    ('R8G8_SNORM',                'R8G8',         'Snorm', 'RG01', 2, 'rcB'),
    ('R8G8_UINT',                 'R8G8',         'Uint',  'RG01', 2, 'rc'),
    ('R8G8_SINT',                 'R8G8',         'Sint',  'RG01', 2, 'rc'),
    ('R8G8_SRGB',                 'R8G8',         'Unorm', 'RG01', 2, 'srcB'),
    ('R8G8B8A8_UNORM',            'R8G8B8A8',     'Unorm', 'RGBA', 4, 'rcB'),
    ('R8G8B8A8_SNORM',            'R8G8B8A8',     'Snorm', 'RGBA', 4, 'rcB'),
    ('R8G8B8A8_UINT',             'R8G8B8A8',     'Uint',  'RGBA', 4, 'rc'),
    ('R8G8B8A8_SINT',             'R8G8B8A8',     'Sint',  'RGBA', 4, 'rc'),
    ('R8G8B8A8_SRGB',             'R8G8B8A8',     'Unorm', 'RGBA', 4, 'srcB'),
    ('B8G8R8A8_UNORM',            'R8G8B8A8',     'Unorm', 'BGRA', 4, 'rcB'),
    ('B8G8R8A8_SNORM',            'R8G8B8A8',     'Snorm', 'BGRA', 4, 'rcB'),
    ('B8G8R8A8_UINT',             'R8G8B8A8',     'Uint',  'BGRA', 4, 'rc'),
    ('B8G8R8A8_SINT',             'R8G8B8A8',     'Sint',  'BGRA', 4, 'rc'),
    ('B8G8R8A8_SRGB',             'R8G8B8A8',     'Unorm', 'BGRA', 4, 'srcB'),
    # A8B8G8R8_*_PACK32: R in the low byte, the same bytes as R8G8B8A8
    ('A8B8G8R8_UNORM_PACK32',     'R8G8B8A8',     'Unorm', 'RGBA', 4, 'rcB'),
    ('A8B8G8R8_SNORM_PACK32',     'R8G8B8A8',     'Snorm', 'RGBA', 4, 'rcB'),
    ('A8B8G8R8_UINT_PACK32',      'R8G8B8A8',     'Uint',  'RGBA', 4, 'rc'),
    ('A8B8G8R8_SINT_PACK32',      'R8G8B8A8',     'Sint',  'RGBA', 4, 'rc'),
    ('A8B8G8R8_SRGB_PACK32',      'R8G8B8A8',     'Unorm', 'RGBA', 4, 'srcB'),
    # A2B10G10R10: R in bits 0-9 (Gallium R10G10B10A2); A2R10G10B10: B there
    # 16-bit packed: Vulkan names list the most significant field first,
    # the hardware's channel 0 is the least significant (so B5G6R5 is the
    # identity and R5G6B5 reads red from channel 2)
    ('R5G6B5_UNORM_PACK16',       'R5G6B5',       'Unorm', 'BGR1', 2, 'rcB'),
    ('B5G6R5_UNORM_PACK16',       'R5G6B5',       'Unorm', 'RGB1', 2, 'rcB'),
    ('R4G4B4A4_UNORM_PACK16',     'R4G4B4A4',     'Unorm', 'ABGR', 2, 'rcB'),
    ('B4G4R4A4_UNORM_PACK16',     'R4G4B4A4',     'Unorm', 'GBAR', 2, 'rcB'),
    ('A4R4G4B4_UNORM_PACK16',     'R4G4B4A4',     'Unorm', 'BGRA', 2, 'rcB'),
    ('A4B4G4R4_UNORM_PACK16',     'R4G4B4A4',     'Unorm', 'RGBA', 2, 'rcB'),
    ('A1R5G5B5_UNORM_PACK16',     'R5G5B5A1',     'Unorm', 'BGRA', 2, 'rcB'),
    # VK_KHR_maintenance5: R in bits 0-4, A in bit 15, the hardware's own
    # channel order (Mesa formats.c R5G5B5A1_UNORM, the Gallium format
    # Vulkan's A1B5G5R5 maps to); rendered and blended in tests/icd
    # test_rt_formats, drawn in test_maint5
    ('A1B5G5R5_UNORM_PACK16_KHR', 'R5G5B5A1',     'Unorm', 'RGBA', 2, 'rcB'),
    # VK_KHR_maintenance5's A8_UNORM: one 8-bit channel read as alpha (an R8
    # Unorm texture through the 000R swizzle, as Mesa formats.c's A8_UNORM);
    # sampled, filtered, copied and blitted from (tests/icd test_tex_formats),
    # not rendered to, no buffer features (agxv_format.c)
    ('A8_UNORM_KHR',              'R8',           'Unorm', '000R', 1, ''),
    ('A2B10G10R10_UNORM_PACK32',  'R10G10B10A2',  'Unorm', 'RGBA', 4, 'rcB'),
    ('A2B10G10R10_UINT_PACK32',   'R10G10B10A2',  'Uint',  'RGBA', 4, 'rc'),
    ('A2B10G10R10_SINT_PACK32',   'R10G10B10A2',  'Sint',  'RGBA', 4, ''),
    ('A2R10G10B10_UNORM_PACK32',  'R10G10B10A2',  'Unorm', 'BGRA', 4, 'rcB'),
    ('A2R10G10B10_UINT_PACK32',   'R10G10B10A2',  'Uint',  'BGRA', 4, 'rc'),
    ('A2R10G10B10_SINT_PACK32',   'R10G10B10A2',  'Sint',  'BGRA', 4, ''),
    ('B10G11R11_UFLOAT_PACK32',   'R11G11B10',    'Float', 'RGB1', 4, 'rcB'),
    ('E5B9G9R9_UFLOAT_PACK32',    'R9G9B9E5',     'Float', 'RGB1', 4, 'r'),
    ('R16_UNORM',                 'R16',          'Unorm', 'R001', 2, 'rcB'),
    ('R16_SNORM',                 'R16',          'Snorm', 'R001', 2, 'rcB'),
    ('R16_UINT',                  'R16',          'Uint',  'R001', 2, 'rc'),
    ('R16_SINT',                  'R16',          'Sint',  'R001', 2, 'rc'),
    ('R16_SFLOAT',                'R16',          'Float', 'R001', 2, 'rcB'),
    ('R16G16_UNORM',              'R16G16',       'Unorm', 'RG01', 4, 'rcB'),
    ('R16G16_SNORM',              'R16G16',       'Snorm', 'RG01', 4, 'rcB'),
    ('R16G16_UINT',               'R16G16',       'Uint',  'RG01', 4, 'rc'),
    ('R16G16_SINT',               'R16G16',       'Sint',  'RG01', 4, 'rc'),
    ('R16G16_SFLOAT',             'R16G16',       'Float', 'RG01', 4, 'rcB'),
    ('R16G16B16A16_UNORM',        'R16G16B16A16', 'Unorm', 'RGBA', 8, 'rcB'),
    ('R16G16B16A16_SNORM',        'R16G16B16A16', 'Snorm', 'RGBA', 8, 'rcB'),
    ('R16G16B16A16_UINT',         'R16G16B16A16', 'Uint',  'RGBA', 8, 'rc'),
    ('R16G16B16A16_SINT',         'R16G16B16A16', 'Sint',  'RGBA', 8, 'rc'),
    ('R16G16B16A16_SFLOAT',       'R16G16B16A16', 'Float', 'RGBA', 8, 'rcB'),
    ('R32_UINT',                  'R32',          'Uint',  'R001', 4, 'rc'),
    ('R32_SINT',                  'R32',          'Sint',  'R001', 4, 'rc'),
    ('R32_SFLOAT',                'R32',          'Float', 'R001', 4, 'rcB'),
    # Depth/stencil: ZLS planes (graphics.md §6, §7.4; Mesa formats.c
    # Z32_FLOAT as R32 Float, Z16_UNORM as R16 Unorm, S8_UINT as R8 Uint).
    # The row describes the first plane (depth, or stencil for S8_UINT);
    # D32_SFLOAT_S8_UINT's stencil plane is an S8_UINT plane
    # (agxv_zs_plane_format).
    ('D16_UNORM',                 'R16',          'Unorm', 'R001', 2, 'd'),
    ('D32_SFLOAT',                'R32',          'Float', 'R001', 4, 'd'),
    ('S8_UINT',                   'R8',           'Uint',  'R001', 1, 'd'),
    ('D32_SFLOAT_S8_UINT',        'R32',          'Float', 'R001', 4, 'd'),
    ('R32G32_UINT',               'R32G32',       'Uint',  'RG01', 8, 'rc'),
    ('R32G32_SINT',               'R32G32',       'Sint',  'RG01', 8, 'rc'),
    ('R32G32_SFLOAT',             'R32G32',       'Float', 'RG01', 8, 'rcB'),
    ('R32G32B32A32_UINT',         'R32G32B32A32', 'Uint',  'RGBA', 16, 'rc'),
    ('R32G32B32A32_SINT',         'R32G32B32A32', 'Sint',  'RGBA', 16, 'rc'),
    ('R32G32B32A32_SFLOAT',       'R32G32B32A32', 'Float', 'RGBA', 16, 'rcB'),
    # BC1 RGB formats read alpha as 1 through the swizzle (the decoder's
    # transparent texels only count for the RGBA formats)
    ('BC1_RGB_UNORM_BLOCK',       'BC1',          'Unorm', 'RGB1', 8, 'b'),
    ('BC1_RGB_SRGB_BLOCK',        'BC1',          'Unorm', 'RGB1', 8, 'sb'),
    ('BC1_RGBA_UNORM_BLOCK',      'BC1',          'Unorm', 'RGBA', 8, 'b'),
    ('BC1_RGBA_SRGB_BLOCK',       'BC1',          'Unorm', 'RGBA', 8, 'sb'),
    ('BC2_UNORM_BLOCK',           'BC2',          'Unorm', 'RGBA', 16, 'b'),
    ('BC2_SRGB_BLOCK',            'BC2',          'Unorm', 'RGBA', 16, 'sb'),
    ('BC3_UNORM_BLOCK',           'BC3',          'Unorm', 'RGBA', 16, 'b'),
    ('BC3_SRGB_BLOCK',            'BC3',          'Unorm', 'RGBA', 16, 'sb'),
    ('BC4_UNORM_BLOCK',           'BC4',          'Unorm', 'R001', 8, 'b'),
    ('BC4_SNORM_BLOCK',           'BC4',          'Snorm', 'R001', 8, 'b'),
    ('BC5_UNORM_BLOCK',           'BC5',          'Unorm', 'RG01', 16, 'b'),
    ('BC5_SNORM_BLOCK',           'BC5',          'Snorm', 'RG01', 16, 'b'),
    ('BC6H_UFLOAT_BLOCK',         'BC6H Ufloat',  'Float', 'RGB1', 16, 'b'),
    ('BC6H_SFLOAT_BLOCK',         'BC6H',         'Float', 'RGB1', 16, 'b'),
    ('BC7_UNORM_BLOCK',           'BC7',          'Unorm', 'RGBA', 16, 'b'),
    ('BC7_SRGB_BLOCK',            'BC7',          'Unorm', 'RGBA', 16, 'sb'),
    # ETC2/EAC (Channels 0x58-0x5C; formats.c pairs EAC's signed formats with Snorm):
    # sampled and copied (tests/icd/test_etc2.c), blit sources (the blit kernel's
    # agx_blit_etc2.h, tests/icd/test_etc2_blit.c): textureCompressionETC2
    ('ETC2_R8G8B8_UNORM_BLOCK',   'ETC2 RGB8',    'Unorm', 'RGB1', 8, 'b'),
    ('ETC2_R8G8B8_SRGB_BLOCK',    'ETC2 RGB8',    'Unorm', 'RGB1', 8, 'sb'),
    ('ETC2_R8G8B8A1_UNORM_BLOCK', 'ETC2 RGB8A1',  'Unorm', 'RGBA', 8, 'b'),
    ('ETC2_R8G8B8A1_SRGB_BLOCK',  'ETC2 RGB8A1',  'Unorm', 'RGBA', 8, 'sb'),
    ('ETC2_R8G8B8A8_UNORM_BLOCK', 'ETC2 RGBA8',   'Unorm', 'RGBA', 16, 'b'),
    ('ETC2_R8G8B8A8_SRGB_BLOCK',  'ETC2 RGBA8',   'Unorm', 'RGBA', 16, 'sb'),
    ('EAC_R11_UNORM_BLOCK',       'EAC R11',      'Unorm', 'R001', 8, 'b'),
    ('EAC_R11_SNORM_BLOCK',       'EAC R11',      'Snorm', 'R001', 8, 'b'),
    ('EAC_R11G11_UNORM_BLOCK',    'EAC RG11',     'Unorm', 'RG01', 16, 'b'),
    ('EAC_R11G11_SNORM_BLOCK',    'EAC RG11',     'Snorm', 'RG01', 16, 'b'),
    # ASTC LDR (Channels 0x60-0x6D, 16-byte blocks of W x H texels; formats.c pairs them
    # with Unorm, sRGB for _SRGB; the HDR formats would take Float): sampled and copied
    # (tests/icd/test_astc.c)
] + [('ASTC_%s_%s_BLOCK' % (size, kind), 'ASTC ' + size, 'Unorm', 'RGBA', 16,
      's' * (kind == 'SRGB') + 'b')
     for size in ('4x4', '5x4', '5x5', '6x5', '6x6', '8x5', '8x6', '8x8', '10x5', '10x6',
                  '10x8', '10x10', '12x10', '12x12') for kind in ('UNORM', 'SRGB')]


def block_size(channels, flags):
    """(width, height) of a row's block: ASTC's from its Channels name, 4 x 4 for the
    other 'b' rows, 1 x 1 for plain texels."""
    if channels.startswith('ASTC '):
        w, h = channels[5:].split('x')
        return int(w), int(h)
    return (4, 4) if 'b' in flags else (1, 1)

# Tilebuffer (logical render-target) format per hardware Channels and Texture
# Type (layout/agx_tilebuffer.h; graphics.md §5.1, Mesa layout/formats.c
# "renderable" column): the tilebuffer holds components in logical RGBA
# order, the end-of-tile PBE writes them in memory order through its
# swizzle, so B8G8R8A8 and A8B8G8R8 share R8G8B8A8's entry. sRGB formats
# take the srgba8 entry of their width. Only colour attachments ('c') get
# an entry; every renderable format with one is 'c' (test_rt_formats renders
# to each) except E5B9G9R9, whose rgb9e5 tile format the simulator does not
# model yet.
TIB = {
    ('R8', 'Unorm'): 'R8_UNORM', ('R8', 'Snorm'): 'R8_SNORM',
    ('R8', 'Uint'): 'R8_UINT', ('R8', 'Sint'): 'R8_SINT',
    ('R8G8', 'Unorm'): 'RG8_UNORM', ('R8G8', 'Snorm'): 'RG8_SNORM',
    ('R8G8', 'Uint'): 'RG8_UINT', ('R8G8', 'Sint'): 'RG8_SINT',
    ('R8G8B8A8', 'Unorm'): 'RGBA8_UNORM', ('R8G8B8A8', 'Snorm'): 'RGBA8_SNORM',
    ('R8G8B8A8', 'Uint'): 'RGBA8_UINT', ('R8G8B8A8', 'Sint'): 'RGBA8_SINT',
    ('R16', 'Unorm'): 'R16_UNORM', ('R16', 'Snorm'): 'R16_SNORM',
    ('R16', 'Uint'): 'R16_UINT', ('R16', 'Sint'): 'R16_SINT', ('R16', 'Float'): 'R16_FLOAT',
    ('R16G16', 'Unorm'): 'RG16_UNORM', ('R16G16', 'Snorm'): 'RG16_SNORM',
    ('R16G16', 'Uint'): 'RG16_UINT', ('R16G16', 'Sint'): 'RG16_SINT',
    ('R16G16', 'Float'): 'RG16_FLOAT',
    ('R16G16B16A16', 'Unorm'): 'RGBA16_UNORM', ('R16G16B16A16', 'Snorm'): 'RGBA16_SNORM',
    ('R16G16B16A16', 'Uint'): 'RGBA16_UINT', ('R16G16B16A16', 'Sint'): 'RGBA16_SINT',
    ('R16G16B16A16', 'Float'): 'RGBA16_FLOAT',
    ('R32', 'Uint'): 'R32_UINT', ('R32', 'Sint'): 'R32_SINT', ('R32', 'Float'): 'R32_FLOAT',
    ('R32G32', 'Uint'): 'RG32_UINT', ('R32G32', 'Sint'): 'RG32_SINT',
    ('R32G32', 'Float'): 'RG32_FLOAT',
    ('R32G32B32A32', 'Uint'): 'RGBA32_UINT', ('R32G32B32A32', 'Sint'): 'RGBA32_SINT',
    ('R32G32B32A32', 'Float'): 'RGBA32_FLOAT',
    ('R5G6B5', 'Unorm'): 'R5G6B5_UNORM', ('R4G4B4A4', 'Unorm'): 'RGBA4_UNORM',
    ('R5G5B5A1', 'Unorm'): 'RGB5A1_UNORM',
    ('R10G10B10A2', 'Unorm'): 'RGB10A2_UNORM', ('R10G10B10A2', 'Uint'): 'RGB10A2_UINT',
    ('R11G11B10', 'Float'): 'RG11B10_FLOAT', ('R9G9B9E5', 'Float'): 'RGB9E5_FLOAT',
}
TIB_SRGB = {'R8': 'R8_SRGB', 'R8G8': 'RG8_SRGB', 'R8G8B8A8': 'RGBA8_SRGB'}


def tib_format(channels, typ, flags):
    """AGX_TIB_* name of a table row ('NONE' when it is no colour attachment)."""
    if 'c' not in flags:
        return 'NONE'
    if 's' in flags:
        return TIB_SRGB.get(channels, 'NONE')
    return TIB.get((channels, typ), 'NONE')


def ident(name):
    return ''.join(ch if ch.isalnum() else '_' for ch in name).upper()


LETTER_CHANNEL = 'RGBA'  # letter -> memory channel index (R = channel 0 ...)


def swizzles(order):
    """(texture swizzle names, PBE swizzle list, channel count) for an order
    string: result component c reads memory channel order[c] (a letter) or
    the constant 0/1. PBE swizzle m = the result component stored into
    memory channel m (3, alpha, for channels no component feeds)."""
    tex = list(order)
    pbe = []
    for m in range(4):
        letter = LETTER_CHANNEL[m]
        pbe.append(order.index(letter) if letter in order else 3)
    n = sum(1 for ch in order if ch in LETTER_CHANNEL)
    return tex, pbe, n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--header', required=True)
    ap.add_argument('--source', required=True)
    a = ap.parse_args()
    with open(a.header, 'w') as h:
        h.write('''/* Generated by agxv_formats.py: the Vulkan format table. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "agx_tilebuffer.h"
#include "agxv_vk_newer.h"

struct agxv_format_info {
   VkFormat vk;
   uint8_t channels;      /* genxml Channels */
   uint8_t type;          /* genxml Texture Type */
   bool srgb;
   bool srgb_2_channel;   /* sRGB with two channels (Texture "sRGB 2-channel") */
   bool renderable;
   bool color_attachment; /* COLOR_ATTACHMENT feature ('c') */
   bool blend;            /* COLOR_ATTACHMENT_BLEND feature ('B') */
   bool depth;            /* depth/stencil format ('d') */
   uint8_t bytes;         /* per texel (per block when block > 1) */
   uint8_t block;         /* texels per block horizontally: 1, 4 (BC, ETC2/EAC), 4..12 (ASTC) */
   uint8_t block_h;       /* texels per block vertically */
   uint8_t nr_channels;   /* channels present in memory */
   uint8_t swizzle[4];    /* Texture swizzle R, G, B, A (genxml Channel) */
   uint8_t pbe_swizzle[4];/* PBE swizzle: result component per memory channel */
   uint8_t tib;           /* enum agx_tib_format when rendered to (AGX_TIB_NONE: never) */
};

#define AGXV_FORMAT_COUNT %du
extern const struct agxv_format_info agxv_format_table[AGXV_FORMAT_COUNT];

/* NULL for formats the hardware table does not cover. */
const struct agxv_format_info *agxv_format_info(VkFormat format);
''' % len(FORMATS))
    with open(a.source, 'w') as s:
        s.write('/* Generated by agxv_formats.py. */\n#include "agxv_format_table.h"\n'
                '#include "agx_pack.h"\n\n'
                'const struct agxv_format_info agxv_format_table[AGXV_FORMAT_COUNT] = {\n')
        for vk, channels, typ, order, bpp, flags in FORMATS:
            tex, pbe, n = swizzles(order)
            srgb = 's' in flags
            bw, bh = block_size(channels, flags)
            s.write('   {VK_FORMAT_%s, AGX_CHANNELS_%s, AGX_TEXTURE_TYPE_%s, %s, %s, %s, %s, %s, %s, %d, %d, %d, %d,\n'
                    '    {%s}, {%s}, AGX_TIB_%s},\n' % (
                        vk, ident(channels), ident(typ), 'true' if srgb else 'false',
                        'true' if srgb and n == 2 else 'false',
                        'true' if 'r' in flags else 'false',
                        'true' if 'c' in flags else 'false',
                        'true' if 'B' in flags else 'false',
                        'true' if 'd' in flags else 'false', bpp, bw, bh, n,
                        ', '.join('AGX_CHANNEL_' + ident(c) for c in tex),
                        ', '.join(str(x) for x in pbe),
                        tib_format(channels, typ, flags)))
        s.write('};\n\n'
                'const struct agxv_format_info *\nagxv_format_info(VkFormat format)\n{\n'
                '   for (unsigned i = 0; i < AGXV_FORMAT_COUNT; i++)\n'
                '      if (agxv_format_table[i].vk == format)\n'
                '         return &agxv_format_table[i];\n'
                '   return NULL;\n}\n')


if __name__ == '__main__':
    main()
