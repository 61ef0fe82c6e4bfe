/*
 * The bridge from the driver to the compiler libraries: SPIR-V in, machine
 * code and launch information out. Kept in its own file because the
 * compiler's headers and the driver's share short names.
 */
#ifndef AGX_SHADER_COMPILE_H
#define AGX_SHADER_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include "agx_pipeline.h"

struct agx_descriptor_set_layout;

struct agx_spec_constant {
   uint32_t id;
   uint64_t value;
};

struct agx_compile_request {
   const uint32_t *words;
   size_t word_count;
   const char *entry;
   const struct agx_spec_constant *spec;
   uint32_t spec_count;
   /* Where each (set, binding) lives in descriptor memory. */
   struct agx_descriptor_set_layout *const *set_layouts;
   uint32_t set_count;
   bool print_disasm;         /* AGX_DEBUG=shaders */
   bool no_preamble;          /* AGX_DEBUG=nopreamble */
   bool robust_buffer_access; /* the device enabled robustBufferAccess */
};

struct agx_compile_result {
   uint8_t *code; /* malloc'ed; free with agx_compile_result_free */
   uint32_t size;
   struct agx_shader_info info;
};

/* 0, or -1 with a message in err. */
int agx_compile_compute(const struct agx_compile_request *req, struct agx_compile_result *out,
                        char *err, size_t err_size);
void agx_compile_result_free(struct agx_compile_result *r);

#endif
