/* The resource ABI between the driver and compiled compute shaders, applied by
 * agx_pass_lower_io. Chosen by this project (no hardware constraint behind it),
 * kept deliberately simple so the driver can change it in one place.
 *
 * Uniforms: a driver-filled array of 32-bit words readable by every
 * invocation (on AGX: uniform registers preloaded per dispatch). Byte layout:
 *
 *   [  0,  64)  8 x uint64: GPU address of descriptor set 0..7
 *   [ 64, 320)  push constants, copied verbatim (Vulkan offsets)
 *   [320, 332)  3 x uint32: workgroups in the dispatch (gl_NumWorkGroups)
 *   [332, 344)  3 x uint32: base workgroup (vkCmdDispatchBase, else 0);
 *               gl_WorkGroupID and gl_GlobalInvocationID include it
 *   [344, 352)  uint64: address of the robust-access sink, a device-owned
 *               area of at least AGX_ABI_ROBUST_SINK_SIZE bytes where
 *               out-of-bounds accesses of shaders compiled with robust
 *               buffer access are redirected (0 otherwise)
 *   [352, 360)  uint64: GPU address of the shader's read-only constant data
 *               (agx_shader.const_data: program-scope __constant arrays and
 *               constant tables indexed dynamically), 0 if it has none. The
 *               driver uploads the bytes next to the shader code, 16-byte
 *               aligned (AGX_ABI_CONST_DATA_ALIGN), and shaders read them with
 *               device loads.
 *   [360, 368)  uint64: GPU address of the draw's struct agx_gs_params
 *               (layout/agx_gs.h) for the geometry-shader path's variants
 *               (software vertex shader, main and rasterization geometry
 *               shaders, agx_pass_lower_gs.c); 0 for other shaders.
 *   [368, 376)  fragment: uint64 GPU address of the pass's eMRT descriptors
 *               (AGX_ABI_FS_EMRT, below); 0 when no render target spills.
 *
 * Graphics stages use the same block (sets, push constants, robust sink,
 * constant data); the compute words [320, 344) mean instead:
 *   vertex:   [320] uint32 base vertex (vertexOffset for indexed draws,
 *             firstVertex otherwise: Vulkan BaseVertex), [324] uint32 base
 *             instance (firstInstance), [328] uint32 draw index (DrawIndex);
 *             the hardware preloads r5 = vertex index (base vertex already
 *             added) and r6 = instance number from 0 (InstanceIndex = r6 +
 *             base instance); a vertex-fetch prolog leaves attribute
 *             location i, component c in r(8 + 4i + c) (Mesa's split-program
 *             ABI, isa.md §13)
 *   fragment: [320, 336) float32 x 4 blend constants (RGBA) read by the
 *             output epilog (agx_fs_epilog.h). Mesa's ABI puts them in
 *             u2-u5 (isa.md §13), which are set addresses 1-2 here, so this
 *             project moves them to the free fragment words.
 *   both:     [340] uint32 view index (Vulkan ViewIndex) of the draw: the
 *             driver replays each draw of a multiview pass once per view
 *             of the view mask with this word set (0 outside multiview),
 *             as Honeykrisp does (Mesa src/asahi/vulkan/hk_cmd_draw.c
 *             hk_foreach_view, root.draw.view_index); its vertex shaders
 *             then write the layer from it (agx_pass_multiview_layer).
 * Spilled render targets (eMRT, graphics.md §5.3; Mesa
 * agx_nir_lower_tilebuffer.c, hk_cmd_draw.c hk_usc_upload_spilled_rt_descs,
 * hk_image_view.c HK_DESC_USAGE_EMRT): a render target the tilebuffer
 * layout marks spilled lives in memory during the pass; fragment shaders
 * store it with image_write and read it with texture_load
 * (compiler/ir/agx_emrt.c). The pass's eMRT descriptors are, per render
 * target rt, a Texture at byte AGX_ABI_EMRT_TEXTURE(rt) = 48 rt and a PBE
 * at AGX_ABI_EMRT_PBE(rt) = 48 rt + 24 (Mesa's bindless_base + 2 rt (+1)
 * in 24-byte descriptors; entries of RTs that do not spill are unused).
 * The driver binds them to texture state registers 0 .. 2 n - 1 with a USC
 * Texture word (Texture of rt in 2 rt, PBE in 2 rt + 1, the indexing of
 * Honeykrisp's background programs) and puts their address at
 * AGX_ABI_FS_EMRT for the software words shaders read. Honeykrisp reads
 * them bindlessly from a heap at u0-u1, which here hold set 0's address:
 * texture instructions reach a heap only in u0-u31 (5-bit field), all
 * taken by set addresses and push constants. The Texture is the view as a
 * 2D array (2D multisampled array with samples), like an input attachment
 * view. The PBE: single-sampled, the view as a 2D array; multisampled,
 * Honeykrisp's buffer-like PBE: Dimension 2D, Layout Linear, Width 16384
 * (AGX_ABI_TEXEL_WIDTH), Stride 16384 x bytes per sample - 4, Buffer = the
 * view's first layer at its level, and the software words Aligned width
 * MSAA (level width aligned to the tile width), Sample count log2, Tile
 * width / height (log2) and Layer stride (shr 7); shaders store sample s
 * of pixel (x, y) of layer l at texel (i % 16384, i / 16384) with
 * i = ((tile index x tile pixels + Morton index) << log2(samples)) + s +
 * l x layer stride / bytes per sample (Mesa libagx texture.cl
 * libagx_image_texel_address).
 * Background tile programs (compiler/backend/agx_tile_programs.h) read the
 * clear value of render target i at bytes [8 + 16 i, 24 + 16 i) (Honeykrisp's
 * layout; bytes 0-7 are the eMRT heap there).
 *
 * Descriptor set memory (at the set's address): binding b, array element i
 * is a descriptor at
 *   set_address + binding_offset(set, b) + i * stride(set, b)
 * where stride defaults to the descriptor's size: AGX_ABI_DESC_SIZE (16)
 * for buffers, AGX_ABI_TEXEL_DESC_SIZE (48) for texel buffers,
 * AGX_ABI_IMAGE_DESC_SIZE (48) for image-like descriptors; binding_offset
 * defaults to b * AGX_ABI_DEFAULT_BINDING_BYTES (room for 16 buffer
 * descriptors or 5 texel-buffer descriptors). The driver supplies both from
 * the pipeline layout (struct agx_io_options); offsets are multiples of 16.
 * A mutable binding (VK_EXT_mutable_descriptor_type) holds descriptors of
 * several kinds, each from byte 0 of its element, at the stride of the
 * largest of them, so a buffer access there steps by that stride too.
 *
 * A buffer descriptor is { uint64 address; uint32 size; uint32 reserved }.
 * Shaders read the address, and the size for OpArrayLength and (when
 * compiled with robust buffer access) for bounds checks.
 *
 * A texel buffer descriptor (uniform or storage) is the hardware's Texture
 * descriptor (24 B) at +0 followed by its PBE descriptor (24 B) at +24, as
 * in Mesa's Honeykrisp (storage images are Texture + PBE there too): loads
 * use the Texture, stores the PBE, both bindlessly with the set's address
 * (a uniform register pair) as the heap base and the descriptor's byte
 * offset in a register. The view is a LINEAR 2D image AGX_ABI_TEXEL_WIDTH
 * texels wide, texel i at (i % width, i / width). The descriptor's address
 * fields hold the view's start rounded down to 16 bytes; the remaining
 * whole texels and the element count are in the software words of the
 * Texture (bytes 16-23: "Buffer size (sw)" = element count, "Buffer offset
 * (sw)" = texels to skip), the PBE's "Buffer offset (sw)" (bytes 40-43)
 * repeats the skip. Shaders map element e to i = e + skip when e < count,
 * else to i = 0xFFFFFFFF, whose row lies past any view's height: the texture
 * unit returns the sampler's border (transparent black) and drops stores.
 * Atomics (R32 formats) address texel i directly at PBE Buffer + 4 i.
 *
 * Sampler state register 0 must hold the driver's txf sampler (nearest,
 * clamp to border, transparent black border, Mip filter Nearest: with None
 * the texture unit ignores the level of texelFetch(lod > 0), as Mesa notes)
 * when the compiled shader says it samples (agx_backend_info.sampler_states).
 *
 * Images and samplers. Every image-like descriptor (storage image, sampled
 * image, combined image sampler, sampler, and the texel buffers above)
 * occupies AGX_ABI_IMAGE_DESC_SIZE = 48 bytes in a set:
 *   [ 0, 24)  Texture descriptor: storage, sampled, combined image sampler
 *   [24, 48)  PBE descriptor: storage images only
 * A combined image sampler (Texture at +0) and a sampler (no Texture, bytes
 * 0-23 zero) hold instead at +24 a uint32 whose bits 0-15 are an index into
 * the device's sampler heap (AGX_ABI_SAMPLER_INDEX) and at +28 a float32
 * LOD bias (AGX_ABI_SAMPLER_LOD_BIAS; the Sampler has no bias field,
 * shaders add it to the explicit LOD, or scale explicit gradients by
 * 2^bias). Custom border colours (VK_EXT_custom_border_color) are emulated
 * as in Honeykrisp (hk_descriptor_set.h, whose bindless heap cannot hold
 * the hardware's Border record): the heap slot's Sampler has an opaque
 * white border, bits 16-31 of the index word hold the heap slot + 1 of a
 * twin Sampler with a transparent black border (0: no custom border), and
 * bytes 32-47 (AGX_ABI_SAMPLER_BORDER) the colour's four 32-bit words
 * (float or integer as the API gave them, zero otherwise). Shaders sample
 * with both and blend (floats: c0 + (c1 - c0) * border) or select (integer
 * results, gathers: the border where they differ). Storage images need both halves: imageLoad, imageSize and the
 * layer checks read the Texture, imageStore and atomics the PBE. The sampler heap is an array of
 * 8-byte hardware Sampler descriptors, device wide, passed in every compute
 * command (drm_asahi_cmd_compute.sampler_heap / sampler_count); shaders
 * sample with the register form (St=1) of that index. texture_load
 * (texelFetch, imageLoad) always uses the txf sampler in ss0.
 *
 * An image view's minimum LOD (VK_EXT_image_view_min_lod) is a float32
 * relative to the view's base level in bytes 20-23 of its Texture
 * (AGX_ABI_IMAGE_MIN_LOD, genxml "Min LOD (sw)"; 0 without one; the
 * hardware reads those words only with Extended, which views never set).
 * Explicit-LOD samples take max(LOD + bias, min); implicit LODs and
 * gradients pass it to the texture unit (auto_lod_bias_min, lod_grad_min);
 * texel fetches of levels below its integer part are out of range (x =
 * AGX_ABI_IMAGE_OOB_X), and so are gathers (level 0) when it is 1 or more.
 *
 * Image layouts: optimal tiling = Layout GPU (ail's 16 KiB tiles, Morton
 * order inside, full mip chain); linear tiling = Layout Linear (2D, one
 * level, one layer). Views, as packed by the driver:
 * - Width/Height of Texture and PBE are the IMAGE's level-0 sizes; the
 *   Texture's First level = view base level, Last level = base + count - 1
 *   (storage views: First = Last = base); the PBE's Level = view base
 *   level, Levels = image level count. The view's base layer is applied by
 *   the driver in the address (Texture Address / PBE Buffer point at layer
 *   baseArrayLayer of the image, level 0).
 * - 1D views are packed as 2D (Height 1) and 1D arrays as 2D arrays: the
 *   shader supplies y = 0 (integer) or 0.5 (normalised float).
 * - Depth (Texture bits 110-123, minus 1) = view layer count for arrays,
 *   level-0 depth for 3D, cube count for sampled Cube / Cube Array views
 *   (Dimension Cube / Cube Array). PBE Layers = view layer count (3D: depth
 *   at level 0).
 * - Storage views of multisampled images: the Texture as for sampled views
 *   (2D MS / 2D MS array, Samples; loads at a sample), the PBE the
 *   buffer-like one of eMRT above (Dimension 2D, Layout Linear, Width
 *   AGX_ABI_TEXEL_WIDTH, Stride = width x bytes per sample - 4, Buffer = the
 *   view's first layer; software words Aligned width MSAA, Sample count
 *   log2, Tile width / height, Layer stride): stores write sample s of
 *   pixel (x, y) of layer l at texel (i % width, i / width), atomics (R32)
 *   at Buffer + 4 i, with i = ((tile index x tile pixels + Morton index +
 *   l x layer stride / bytes per sample / samples) << log2(samples)) + s
 *   (Honeykrisp, hk_image_view.c pack_pbe; libagx image_texel_address).
 * - Storage views of cube and cube-array images use Dimension 2D Array in
 *   both Texture and PBE with Depth/Layers = 6 x cubes; the shader's face
 *   index is the layer (imageSize of a cube array divides by 6).
 * Queries read the Texture in software: Width bits 28-41 and Height bits
 * 42-55 (stored minus 1), First level 56-59, Last level 60-63, Samples bit
 * 64 (0 = 2, 1 = 4 samples; only meaningful for multisampled Dimensions,
 * else 1), Depth bits 110-123 (minus 1; only arrays, 3D, cubes). Size at
 * view level l is max(1, W >> (First level + l)) (3D depth too; layers
 * are not minified); levels = Last level - First level + 1.
 * Robustness: coordinates out of the level are left to the hardware (the
 * txf sampler's border for loads, PBE drops stores); an out-of-range layer
 * or level is turned into x = 0xFFF0 (AGX_ABI_IMAGE_OOB_X, past any width)
 * as in Mesa, so the hardware treats it the same way.
 * Image atomics (R32 formats) address texels in software from the PBE: GPU
 * layout uses the PBE software words "Level offset (sw)" (bytes 40-43 bits
 * 0-26, offset of level Level from Buffer, shr 7), "Tile width (sw)" /
 * "Tile height (sw)" (log2, bits 27-30 / 31-34 of bytes 40-47: the tiles
 * of that level, square for 4-byte texels) and "Layer stride (sw)" (shr 7,
 * from bit 35: bytes between layers, or between 3D slices); texel (x, y,
 * z) is at Buffer + level offset + z * layer stride + 4 * (tile index *
 * tile texels + Morton index), tiles row-major, ceil(max(1, Width >>
 * Level) / tile width) per row. Linear images use the PBE Stride field
 * (row stride - 4): Buffer + y * stride + 4 x.
 *
 * OpenCL pointers (Physical64 kernels) are 64-bit values in one generic
 * encoding, tagged in bits 63:62 like Mesa's nir_address_format_62bit_generic:
 *   0b00 / 0b11  global (device) address, used as is
 *   0b01         threadgroup (Workgroup, __local) byte offset in bits 31:0
 *   0b10         private (Function, scratch) byte offset in bits 31:0
 * Null is 0 in every storage class. __local kernel arguments are 64-bit
 * argument slots into which the driver writes the argument's byte offset in
 * threadgroup memory (dynamic local memory follows the shader's own
 * threadgroup memory, see AGX_ABI_LOCAL_ARG_ALIGN); the shader adds the tag. */
#pragma once

#define AGX_ABI_MAX_SETS 8
#define AGX_ABI_SET_ADDR_BASE 0u
#define AGX_ABI_PUSH_BASE 64u
#define AGX_ABI_PUSH_SIZE 256u
#define AGX_ABI_NUM_WORKGROUPS 320u
#define AGX_ABI_BASE_WORKGROUP 332u
#define AGX_ABI_ROBUST_SINK 344u
#define AGX_ABI_VS_BASE_VERTEX 320u
#define AGX_ABI_VS_BASE_INSTANCE 324u
#define AGX_ABI_VS_DRAW_ID 328u
#define AGX_ABI_FS_BLEND_CONST 320u
#define AGX_ABI_VIEW_INDEX 340u /* vertex and fragment stages */
/* fragment: a statistics epilog's slot (agx_fs_epilog_key.statistics): the 64-bit
 * address of a u64 holding the fragment-shader-invocation counter's address; the
 * geometry parameters' words (AGX_ABI_GEOMETRY_PARAMS), which only vertex stages read */
#define AGX_ABI_FS_STATS 360u
/* the largest access: a 64-bit vec4 is 32 bytes; a vertex element read
 * from the sink (a binding too small for one element) spans up to
 * maxVertexInputAttributeOffset 2047 + 16 bytes */
#define AGX_ABI_ROBUST_SINK_SIZE 4096u
#define AGX_ABI_CONST_DATA 352u
#define AGX_ABI_CONST_DATA_ALIGN 16u
#define AGX_ABI_GEOMETRY_PARAMS 360u /* vertex stages; fragment: AGX_ABI_FS_STATS */
#define AGX_ABI_FS_EMRT 368u         /* fragment: eMRT descriptors' address (above) */
#define AGX_ABI_EMRT_DESC_SIZE 48u
#define AGX_ABI_EMRT_TEXTURE(rt) (48u * (rt))
#define AGX_ABI_EMRT_PBE(rt) (48u * (rt) + 24u)
#define AGX_ABI_UNIFORM_SIZE 376u
#define AGX_ABI_DESC_SIZE 16u
#define AGX_ABI_PTR_TAG_SHIFT 62u
#define AGX_ABI_PTR_TAG_SHARED 1u
#define AGX_ABI_PTR_TAG_PRIVATE 2u
#define AGX_ABI_LOCAL_ARG_ALIGN 16u /* each dynamic __local argument's alignment */
#define AGX_ABI_MAX_LOCAL_ARGS 8u
#define AGX_ABI_DEFAULT_ARRAY 16u /* default room for buffer descriptor arrays */
#define AGX_ABI_DEFAULT_BINDING_BYTES (AGX_ABI_DESC_SIZE * AGX_ABI_DEFAULT_ARRAY)

/* Image-like descriptors (see above) */
#define AGX_ABI_IMAGE_DESC_SIZE 48u
#define AGX_ABI_IMAGE_TEXTURE 0u     /* Texture descriptor */
#define AGX_ABI_IMAGE_PBE 24u        /* PBE descriptor (storage images) */
#define AGX_ABI_SAMPLER_INDEX 24u    /* sampler heap index | custom-border twin + 1 << 16 */
#define AGX_ABI_SAMPLER_LOD_BIAS 28u /* float32 LOD bias */
#define AGX_ABI_SAMPLER_BORDER 32u   /* 4 x 32-bit custom border colour */
#define AGX_ABI_SAMPLER_DESC_SIZE 8u /* one hardware Sampler in the heap */
#define AGX_ABI_IMAGE_OOB_X 0xFFF0u  /* x of an out-of-range layer/level */
#define AGX_ABI_IMAGE_MIN_LOD 20u    /* Texture "Min LOD (sw)": float32 */

/* Texel buffer descriptors (see above) */
#define AGX_ABI_TEXEL_DESC_SIZE AGX_ABI_IMAGE_DESC_SIZE
#define AGX_ABI_TEXEL_TEXTURE 0u     /* Texture descriptor */
#define AGX_ABI_TEXEL_PBE 24u        /* PBE descriptor */
#define AGX_ABI_TEXEL_COUNT 16u      /* Texture "Buffer size (sw)": elements */
#define AGX_ABI_TEXEL_SKIP 20u       /* Texture "Buffer offset (sw)": texels */
#define AGX_ABI_TEXEL_PBE_BUFFER 32u /* PBE Buffer: bits 64-99, address >> 4 */
#define AGX_ABI_TEXEL_WIDTH 16384u   /* Mesa's AGX_TEXTURE_BUFFER_WIDTH */
#define AGX_ABI_TEXEL_WIDTH_LOG2 14u
#define AGX_ABI_TEXEL_OOB 0xFFFFFFFFu /* index of an out-of-range element */

struct agx_buffer_descriptor {
   unsigned long long address;
   unsigned size;
   unsigned reserved;
};
