/*
 * Varying linkage words for draws, from the compiler's UVS layout and CF
 * binding table (layout/agx_uvs.h): the vertex half of PPP Output
 * Select, VDM State Vertex Outputs, PPP Varying Counts, the fragment half of
 * Output Select, and the CF binding header + bindings the Fragment Shader
 * Word 2 points at, linked for a VS/FS pair and a provoking vertex.
 *
 * Facts: graphics.md §2.3 (UVS groups, Output Select bits, sizes in VDM
 * Vertex Outputs and PPP Output Size), §4.1 (slots: W, Z, then user words;
 * header = 1 + hasZ + user words slots, the FS's cf register count); Mesa
 * agx_link_varyings_vs_fs (src/gallium/drivers/asahi/agx_state.c,
 * src/asahi/lib/agx_linker.c): base slot per binding, shade model from the
 * provoking vertex, Primitive ID source turning on primitive-ID generation.
 * Assumes: 32-bit varyings only (no 16-bit words: Varying Counts 16 is 0).
 */
#ifndef AGXV_VARYINGS_H
#define AGXV_VARYINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_uvs.h"

/* Packed Output Select bits the vertex shader's record provides: clip
 * planes 0..n-1, point size, viewport + render target (layer/viewport word). */
uint32_t agxv_varyings_vs_output_select(const struct agx_uvs_layout *l);
/* Packed Output Select bits of the fragment shader: varyings (any binding),
 * frag coord Z. */
uint32_t agxv_varyings_fs_output_select(unsigned nr_bindings, bool reads_z);
/* Packed VDM State Vertex Outputs: the record size in both counts. */
uint32_t agxv_varyings_vdm_outputs(const struct agx_uvs_layout *l);
/* Packed Varying Counts (32-bit): smooth, flat, linear words. */
uint32_t agxv_varyings_counts_32(const struct agx_uvs_layout *l);

/* Bytes of a CF binding table of n bindings (header + bindings). */
size_t agxv_varyings_cf_table_size(unsigned nr_bindings);
/* Links the FS bindings to the VS record: writes the table to out (4-byte
 * aligned) and returns its size, 0 if nothing is read (no table needed),
 * capacity is short or a value does not fit. *generate_primitive_id tells
 * whether a binding reads the hardware primitive ID (VDM Vertex Unknown and
 * PPP Cull 2 must then generate it). */
size_t agxv_varyings_link(void *out, size_t capacity, const struct agx_uvs_layout *vs,
                          const struct agx_cf_binding *bindings, unsigned nr_bindings,
                          unsigned nr_cf, bool reads_z, unsigned provoking_vertex,
                          bool *generate_primitive_id);

#endif
