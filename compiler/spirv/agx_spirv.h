/* SPIR-V front end: translates one compute entry point of a SPIR-V module
 * (1.0-1.6, Vulkan compute as produced by glslang) into the agx IR. Every
 * function call is inlined; function-local scalars/vectors become IR
 * variables (run agx_pass_vars_to_ssa next), aggregates in Function/Private
 * storage live in scratch memory, Workgroup variables in shared memory, and
 * buffers / push constants are reached through load_buffer_address /
 * load_push_constant (lowered to the driver ABI by agx_pass_lower_io).
 * OpenCL kernels (Kernel execution model, Physical64 addressing) are
 * accepted for simple shapes: merges are inferred for unstructured control
 * flow (one latch and one exit per loop), CrossWorkgroup pointers are 64-bit
 * global addresses, and kernel arguments are read like push constants
 * (each at the next offset aligned to its size, 3-component vectors taking
 * 4, in declaration order).
 * Malformed or unsupported input returns NULL with a message. */
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "agx_ir.h"

struct agx_spirv_spec_value {
   uint32_t id;    /* SpecId decoration */
   uint64_t value; /* raw bits, low bits used for narrower types */
};

struct agx_spirv_options {
   const char *entry; /* NULL: the first compute entry point, else the first graphics one */
   /* With match_stage, only entry points of that stage are considered (a
    * module may name a vertex and a fragment entry point "main"). */
   bool match_stage;
   enum agx_stage stage;
   const struct agx_spirv_spec_value *spec;
   unsigned num_spec;
   /* Workgroup size for modules that declare none (OpenCL kernels);
    * zero: 1x1x1. */
   uint32_t local_size[3];
   /* Vulkan robustBufferAccess: loads, stores and atomics through storage
    * and uniform buffer descriptors are bounds-checked against the
    * descriptor's range; out-of-range ones read 0 and write nothing. */
   bool robust_buffer_access;
   /* Fragment shaders of multiview pipelines: input attachments (subpass
    * data) are read from the layer of the view (ViewIndex), as 2D arrays
    * (Vulkan: "the layer of the input attachment read is the view index";
    * Mesa's nir_lower_input_attachments use_view_id_for_layer, which
    * Honeykrisp sets for multiview). */
   bool multiview;
   /* Fragment shaders: input attachments that live in the tilebuffer while
    * the shader runs (render-pass subpasses merged into one render command,
    * icd/agxv_render_pass.c), by InputAttachmentIndex: the render target's
    * tilebuffer format (enum agx_tib_format; AGX_TIB_NONE: read as a
    * texture) and its byte offset in a sample. subpassLoad of one is an
    * ld_tile of the fragment's pixel (the Sample operand's sample, else
    * the first covered one), converted as agx_tib_emit_load says. */
   struct {
      uint8_t format, offset_B;
   } tile_inputs[AGX_TIB_MAX_RTS];
   /* VK_PIPELINE_CREATE_VIEW_INDEX_FROM_DEVICE_INDEX_BIT: the ViewIndex
    * built-in reads the device index instead of the view, 0 (agx-vk's
    * device groups have one device). What is rendered still follows the
    * view (the multiview layer, input attachments). */
   bool view_index_is_device_index;
};

agx_shader *agx_spirv_to_ir(const uint32_t *words, size_t num_words,
                            const struct agx_spirv_options *opts, char *err, size_t err_size);

/* The whole front/middle end: SPIR-V -> IR, vars to SSA, cleanup passes,
 * optional ABI lowering, validation. Returns NULL with a message on error. */
agx_shader *agx_compile_spirv(const uint32_t *words, size_t num_words,
                              const struct agx_spirv_options *opts, bool lower_io, char *err,
                              size_t err_size);
