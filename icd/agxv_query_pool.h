/* VkQueryPool (timestamp and occlusion queries); see agxv_query_pool.c for the design. */
#ifndef AGXV_QUERY_POOL_H
#define AGXV_QUERY_POOL_H

#include <stdint.h>

#include "agxv_object.h"

struct agxv_bo;

/* Bytes of pool memory per query: value u64, availability u32, zero u32
 * (transform feedback stream queries: two values, stride 24). */
#define AGXV_QUERY_STRIDE 16u

struct agxv_query_pool {
   struct agxv_object base;
   VkQueryType type;
   uint32_t count;
   uint32_t values;     /* u64 values per query */
   uint32_t statistics; /* pipeline statistics pools: VkQueryPipelineStatisticFlags */
   uint32_t stride;     /* bytes per query: 8 * values + 8 (availability) */
   struct agxv_bo *bo;
   uint8_t *map;
   uint32_t ts_object; /* the BO bound as a timestamp object */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_query_pool, VkQueryPool, VK_OBJECT_TYPE_QUERY_POOL)

struct agxv_cmd_buffer;

/* Occlusion queries: a new render command of a pass began (points its
 * isp_oclqry_base at the active query's pool) / ended (sets the
 * availability of the queries ended in it, in a compute stream after it). */
void agxv_query_render_started(struct agxv_cmd_buffer *cmd);
void agxv_query_render_ended(struct agxv_cmd_buffer *cmd);

/* The PPP visibility mode (enum agx_visibility_mode) and occlusion index
 * of a draw recorded now. */
unsigned agxv_query_visibility(const struct agxv_cmd_buffer *cmd, uint32_t *index);

/* inheritedQueries. A secondary continuing a render pass begun with occlusionQueryEnable:
 * its draws count with the inherited flags (queryFlags) at occlusion index 0. */
void agxv_query_inherit(struct agxv_cmd_buffer *cmd, VkQueryControlFlags flags);
/* vkCmdExecuteCommands of a part of such a secondary inside cmd's pass: the part gets a
 * render command of its own whose isp_oclqry_base is the active query's value word (or a
 * scratch word when no query is active); returns whether execute_end must follow the part
 * (which resumes the pass with the primary's own base). */
bool agxv_query_execute_begin(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary);
void agxv_query_execute_end(struct agxv_cmd_buffer *cmd);

/* Sets the availability word at `avail` after the work recorded so far: now
 * (in the compute stream) outside a render pass, after the render command
 * inside one. */
void agxv_query_available(struct agxv_cmd_buffer *cmd, uint64_t avail);

#endif
