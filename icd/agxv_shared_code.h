/*
 * Shader code BOs shared between pipelines (issue 19, pipeline switches):
 * pipelines whose stages compiled to the same final binary (main program
 * with its linked prolog/epilog, constant data and the launch facts of
 * struct agxv_shader_info) share one uploaded copy, reference counted on
 * the device. Equal code then has one USC address, so the USC word lists
 * of two such pipelines are equal and a draw's state cache
 * (agxv_draw_cache.h) keys them by the BO, not by the pipeline.
 * Assumes: a code BO is never written after its upload (it is mapped and
 * filled once here, then only executed); SHA-1 of stage, info and code
 * names a binary as the pipeline cache names compiled shaders
 * (agxv_pipeline_cache.h).
 */
#ifndef AGXV_SHARED_CODE_H
#define AGXV_SHARED_CODE_H

#include <stdint.h>

#include "agxv_pipeline.h"

struct agxv_device;
struct agxv_bo;

/* The device's BO holding `code` (uploaded now, or the existing copy of
 * the same stage, info and bytes with one more reference). */
VkResult agxv_shared_code_get(struct agxv_device *device, enum agxv_stage stage, const void *code,
                              uint32_t size, const struct agxv_shader_info *info,
                              struct agxv_bo **out);
/* Drops one reference to a BO agxv_shared_code_get returned; the last one
 * frees it. */
void agxv_shared_code_put(struct agxv_device *device, struct agxv_bo *bo);
/* Device creation / destruction: the table (empty once every pipeline is
 * destroyed; whatever is left is freed). */
void agxv_shared_code_init(struct agxv_device *device);
void agxv_shared_code_finish(struct agxv_device *device);

#endif
