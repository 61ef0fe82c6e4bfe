/* Tile programs of a render pass (graphics.md §5.4; Mesa agx_bg_eot.c,
 * Honeykrisp hk_cmd_draw.c hk_build_bg_eot): the background (BG) program
 * that starts every tile by clearing or loading each colour attachment into
 * the tilebuffer, and the end-of-tile (EOT) program that stores the
 * tilebuffer to the attachments through PBE descriptors. Both are built for
 * a tilebuffer layout (agx_tilebuffer.h) and returned as machine code the
 * driver uploads and references from the render command. Depth/stencil are
 * not handled here (ZLS).
 *
 * Driver contract (Honeykrisp's, as graphics.md §5.4 describes it):
 * BG program (fragment-type, per pixel):
 *  - clear of RT i: its clear value is read from uniform bytes
 *    [8 + 16 i, 24 + 16 i) (halves 4 + 8 i .. +8: USC Uniform word start
 *    4 + 8 i, 8 halves) in st_tile's register form for the RT's physical
 *    format: 16-bit components (f16 formats as halves, i8/i16 formats as
 *    the integer values) packed from the first byte, or 32-bit components
 *    (unorm/snorm/srgb/packed formats as fp32, i32 formats as raw bits);
 *  - load of RT i: the attachment's Texture descriptor in texture state
 *    register 2 i (USC Texture word start 2 i, count 1) and the txf sampler
 *    (agx_abi.h) in sampler state register 0; multisampled attachments
 *    (2D MS texture descriptors) are loaded sample by sample, each texel
 *    fetch (x, y, sample; layered: x, y, sample, layer of a 2D MS array
 *    descriptor) stored with st_tile's sample mask 1 << sample, as Mesa's
 *    per-sample background programs do;
 *  - no wait_pix (the BG program is the eldest of the tile).
 * EOT program (compute-type, once per tile): the PBE descriptor of RT i in
 * texture state register i (USC Texture word start i); image_write_block per
 * stored RT (f16 RTs copied as i16), implicit tile coordinates.
 * Layered passes (the _layered builders): the views are 2D arrays; BG loads
 * read and EOT stores write the layer being processed (special register 2),
 * as Mesa's agx_bg_eot.c does with the layer id.
 * Both need the USC Shared word of the layout (tile size, samples, sample
 * stride sample_size_B / 8, bytes per threadgroup). */
#pragma once
#include "agx_backend.h"
#include "agx_tilebuffer.h"

enum agx_bg_op {
   AGX_BG_NONE = 0, /* leave the tile undefined (or as the ZLS left it) */
   AGX_BG_CLEAR,
   AGX_BG_LOAD,
};

/* Builds the BG program for op[rt] per render target of tib. Returns 0, or
 * -1 with a message (spilled RT, MSAA load, ...). The result's code is the
 * program; info.uniform_halves covers the clear values. */
int agx_build_bg_program(const struct agx_tilebuffer_layout *tib, const uint8_t *op,
                         struct agx_backend_result *out, char *err, size_t errsize);

/* Builds the EOT program storing the RTs in store_mask. */
int agx_build_eot_program(const struct agx_tilebuffer_layout *tib, unsigned store_mask,
                          struct agx_backend_result *out, char *err, size_t errsize);

/* The same for layered passes (layered false: the programs above). */
int agx_build_bg_program_layered(const struct agx_tilebuffer_layout *tib, const uint8_t *op,
                                 bool layered, struct agx_backend_result *out, char *err,
                                 size_t errsize);
int agx_build_eot_program_layered(const struct agx_tilebuffer_layout *tib, unsigned store_mask,
                                  bool layered, struct agx_backend_result *out, char *err,
                                  size_t errsize);
