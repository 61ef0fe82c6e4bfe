/* Vertex-fetch prolog (graphics.md §2.2; Mesa agx_nir_lower_vbo.c,
 * agx_nir_prolog_epilog.c): a program run before the vertex shader that
 * loads each attribute from its vertex buffer, converts it to 32-bit
 * values and leaves location i, component c in r(8 + 4i + c) (Mesa's
 * split-program ABI, isa.md §13). It ends without stop: the driver uploads
 * the prolog immediately followed by the main vertex shader's code
 * (concatenation, Mesa's linker) and gives the USC the larger register
 * count of the two. The prolog keeps r5 (vertex index) and r6 (instance
 * number) for the main shader.
 *
 * Driver contract: uniform bytes key->uniform_base + 16 b hold, for vertex
 * buffer binding b, the 64-bit GPU address of the buffer (binding offset
 * applied) and at +8 a uint32 clamp: the largest element index whose
 * attribute bytes all lie in the bound range (Mesa: floor((size - offset -
 * elsize) / stride)); an element past the clamp reads zeros, missing
 * components filled with (0, 0, 1) [robustBufferAccess2 style]. At +12 a uint32 stride: read as the
 * binding's stride when the key marks it dynamic (Vulkan 1.3
 * VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE), ignored otherwise (the
 * key's immediate stride). Assumption (no public layout: this record is the
 * driver's own uniform data, not a hardware structure). The base instance is the vertex ABI uniform
 * (agx_abi.h AGX_ABI_VS_BASE_INSTANCE). Choose uniform_base past the main
 * shader's uniforms (its preamble stores above AGX_ABI_UNIFORM_SIZE: use
 * info.uniform_halves * 2 of the main shader, rounded up to 8).
 * Attribute offsets may be any byte offset (an offset that is not a
 * multiple of the component size is read byte by byte). */
#pragma once
#include "agx_backend.h"

enum agx_vbo_format {
   AGX_VBO_NONE = 0,
   AGX_VBO_R32_FLOAT,
   AGX_VBO_RG32_FLOAT,
   AGX_VBO_RGB32_FLOAT,
   AGX_VBO_RGBA32_FLOAT,
   AGX_VBO_R32_UINT,
   AGX_VBO_RG32_UINT,
   AGX_VBO_RGB32_UINT,
   AGX_VBO_RGBA32_UINT,
   AGX_VBO_R32_SINT,
   AGX_VBO_RG32_SINT,
   AGX_VBO_RGB32_SINT,
   AGX_VBO_RGBA32_SINT,
   AGX_VBO_R16_FLOAT,
   AGX_VBO_RG16_FLOAT,
   AGX_VBO_RGBA16_FLOAT,
   AGX_VBO_R16_UNORM,
   AGX_VBO_RG16_UNORM,
   AGX_VBO_RGBA16_UNORM,
   AGX_VBO_R16_SNORM,
   AGX_VBO_RG16_SNORM,
   AGX_VBO_RGBA16_SNORM,
   AGX_VBO_R16_UINT,
   AGX_VBO_RG16_UINT,
   AGX_VBO_RGBA16_UINT,
   AGX_VBO_R16_SINT,
   AGX_VBO_RG16_SINT,
   AGX_VBO_RGBA16_SINT,
   AGX_VBO_R8_UNORM,
   AGX_VBO_RG8_UNORM,
   AGX_VBO_RGBA8_UNORM,
   AGX_VBO_R8_SNORM,
   AGX_VBO_RG8_SNORM,
   AGX_VBO_RGBA8_SNORM,
   AGX_VBO_R8_UINT,
   AGX_VBO_RG8_UINT,
   AGX_VBO_RGBA8_UINT,
   AGX_VBO_R8_SINT,
   AGX_VBO_RG8_SINT,
   AGX_VBO_RGBA8_SINT,
   AGX_VBO_BGRA8_UNORM,   /* B8G8R8A8_UNORM: bytes B, G, R, A */
   AGX_VBO_RGB10A2_UNORM, /* A2B10G10R10_UNORM_PACK32: R in bits 0-9 ... A in 30-31 */
   AGX_VBO_RGB10A2_UINT,  /* A2B10G10R10_UINT_PACK32 */
   /* USCALED / SSCALED: the integer converted to float (Vulkan "Numeric
    * Format": 1 becomes 1.0) */
   AGX_VBO_R8_USCALED,
   AGX_VBO_RG8_USCALED,
   AGX_VBO_RGBA8_USCALED,
   AGX_VBO_R8_SSCALED,
   AGX_VBO_RG8_SSCALED,
   AGX_VBO_RGBA8_SSCALED,
   AGX_VBO_R16_USCALED,
   AGX_VBO_RG16_USCALED,
   AGX_VBO_RGBA16_USCALED,
   AGX_VBO_R16_SSCALED,
   AGX_VBO_RG16_SSCALED,
   AGX_VBO_RGBA16_SSCALED,
   AGX_VBO_RGB10A2_USCALED, /* A2B10G10R10_USCALED_PACK32 */
   AGX_VBO_RGB10A2_SSCALED, /* A2B10G10R10_SSCALED_PACK32: signed bit fields */
   AGX_VBO_RGB10A2_SNORM,   /* A2B10G10R10_SNORM_PACK32 */
   AGX_VBO_RGB10A2_SINT,    /* A2B10G10R10_SINT_PACK32 */
   AGX_VBO_NUM_FORMATS
};

#define AGX_VBO_MAX_BUFFERS 16

struct agx_vbo_attrib {
   uint8_t location; /* shader input location (< AGX_MAX_ATTRIBS) */
   uint8_t format;   /* enum agx_vbo_format */
   uint8_t buffer;   /* binding (< AGX_VBO_MAX_BUFFERS) */
   uint32_t offset;  /* byte offset in the element */
};

struct agx_vbo_buffer {
   uint32_t stride;     /* bytes between elements */
   bool per_instance;   /* VK_VERTEX_INPUT_RATE_INSTANCE */
   bool dynamic_stride; /* stride from the record's +12 word (stride must be 0) */
   uint32_t divisor;    /* per-instance: instances per element (0: all the same) */
};

struct agx_vbo_key {
   unsigned num_attribs;
   struct agx_vbo_attrib attribs[AGX_MAX_ATTRIBS];
   struct agx_vbo_buffer buffers[AGX_VBO_MAX_BUFFERS];
   unsigned uniform_base; /* byte offset of the per-buffer uniforms (multiple of 8) */
};

/* Software vertex fetch for a vertex shader that runs as a compute kernel
 * (the geometry-shader path's AGX_GS_VS_SW, emulation.md §3): replaces each
 * load_input(location, comp) of s (still a vertex shader, before
 * agx_pass_lower_gs) by the prolog's fetch and conversion of that
 * component, with the element from load_vertex_id / load_instance_id /
 * load_base_instance and the per-buffer (address, clamp, stride) records read from
 * memory at the 64-bit address in the draw's geometry parameters at byte
 * `table_offset` (binding b at + 16 b, the prolog's uniform layout).
 * key->uniform_base is unused. Returns 0, or -1 with a message. */
int agx_vbo_lower_sw(agx_shader *s, const struct agx_vbo_key *key, unsigned table_offset, char *err,
                     size_t errsize);

/* The lower-case name of a prolog format ("rgba8_unorm"), NULL if none. */
const char *agx_vbo_format_name(unsigned format);
/* Bytes of one attribute of a prolog format (0 if none). */
unsigned agx_vbo_format_bytes(unsigned format);

/* Builds the prolog. Returns 0, or -1 with a message (bad format, location,
 * buffer, or a stride not aligned to the components). */
int agx_build_vbo_prolog(const struct agx_vbo_key *key, struct agx_backend_result *out, char *err,
                         size_t errsize);
