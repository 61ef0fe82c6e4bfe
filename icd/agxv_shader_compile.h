/*
 * The bridge from the driver to the compiler libraries: SPIR-V in, machine
 * code and launch information out. Kept in its own file because the
 * compiler's headers and the driver's share short names.
 */
#ifndef AGXV_SHADER_COMPILE_H
#define AGXV_SHADER_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include "agxv_pipeline.h"

struct agxv_descriptor_set_layout;

struct agxv_spec_constant {
   uint32_t id;
   uint64_t value;
};

struct agxv_compile_request {
   const uint32_t *words;
   size_t word_count;
   const char *entry;
   const struct agxv_spec_constant *spec;
   uint32_t spec_count;
   /* Where each (set, binding) lives in descriptor memory. */
   struct agxv_descriptor_set_layout *const *set_layouts;
   uint32_t set_count;
   bool print_disasm;         /* AGX_DEBUG=shaders */
   bool no_preamble;          /* AGX_DEBUG=nopreamble */
   bool robust_buffer_access; /* the device enabled robustBufferAccess */
};

struct agxv_compile_result {
   uint8_t *code; /* malloc'ed; free with agxv_compile_result_free */
   uint32_t size;
   struct agxv_shader_info info;
};

/* 0, or -1 with a message in err. */
int agxv_compile_compute(const struct agxv_compile_request *req, struct agxv_compile_result *out,
                         char *err, size_t err_size);
void agxv_compile_result_free(struct agxv_compile_result *r);

#endif
