/*
 * Pipeline-statistics queries (VK_QUERY_TYPE_PIPELINE_STATISTICS); see agxv_query_stats.c
 * for the design. The hooks are called by the query pool (begin/end), the draw and dispatch
 * entry points, the geometry-shader and tessellation paths and vkCmdExecuteCommands.
 */
#ifndef AGXV_QUERY_STATS_H
#define AGXV_QUERY_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;
struct agxv_query_pool;
struct agxv_vdm_draw;
struct agxv_stats_job;

/* Every statistic the driver counts (all eleven of Vulkan 1.3). */
#define AGXV_STATS_SUPPORTED 0x7FFu

/* Per command buffer: the query in progress and, in a secondary, the counting work its
 * primaries replay (agxv_stats_execute). */
struct agxv_stats_cmd_state {
   uint64_t va;        /* the active query's first counter; 0: none */
   uint32_t flags;     /* its pool's VkQueryPipelineStatisticFlags */
   uint32_t inherited; /* a secondary's VkCommandBufferInheritanceInfo::pipelineStatistics */
   uint64_t fs_slot;   /* the query's fragment-invocation slot (agxv_stats_fs_slot), 0: none */
   uint64_t inherited_fs_slot; /* a secondary's slot its primaries fill, 0: none yet */
   struct agxv_stats_job *jobs;
   uint32_t job_count, job_cap;
};

/* Command-buffer lifetime: a reset (keeps the job array) and the free. */
void agxv_stats_cmd_reset(struct agxv_cmd_buffer *cmd);
void agxv_stats_cmd_finish(struct agxv_cmd_buffer *cmd);

/* vkCmdBeginQuery / vkCmdEndQuery of a statistics pool. */
void agxv_stats_begin_query(struct agxv_cmd_buffer *cmd, const struct agxv_query_pool *pool,
                            uint32_t query);
void agxv_stats_end_query(struct agxv_cmd_buffer *cmd, const struct agxv_query_pool *pool,
                          uint32_t query);

/* An API draw (before its path runs), an API dispatch (direct: groups; indirect: the
 * VkDispatchIndirectCommand's address), the rasterization draw of a geometry shader
 * (cmd->index holds its indices; out_verts 1/2/3 for points/line/triangle strips) and of
 * a tessellation draw (params: struct agx_tess_params, rast: its indexed record). */
void agxv_stats_draw(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd);
void agxv_stats_dispatch(struct agxv_cmd_buffer *cmd, const uint32_t groups[3], uint64_t indirect,
                         uint32_t local_invocations);
void agxv_stats_gs(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd, uint32_t out_verts);
void agxv_stats_tess(struct agxv_cmd_buffer *cmd, uint64_t params, uint64_t rast,
                     uint32_t out_verts);

/* vkCmdExecuteCommands of `secondary`: before calling it (before: its fragment-invocation
 * slot) and after (its counting and availability work). */
void agxv_stats_execute(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary,
                        bool before);

/* The address of statistic `bit` of the query in progress, 0 if none counts it. */
uint64_t agxv_stats_counter(const struct agxv_cmd_buffer *cmd, uint32_t bit);

/* Fragment-shader invocations: the slot a draw's statistics variant reads the counter's
 * address from (the root's AGX_ABI_FS_STATS), 0: draws use the plain fragment stage. */
uint64_t agxv_stats_fs_slot(struct agxv_cmd_buffer *cmd);

struct agxv_device;
struct agxv_pipeline;
struct agx_tilebuffer_layout;
struct agx_fs_info;
struct agxv_shader_info;
/* Pipeline creation: links the main fragment program (code, size, main_size bytes of
 * it, info) with the statistics epilog into AGXV_STAGE_FRAGMENT_STATS. */
VkResult agxv_stats_fs_variant(struct agxv_device *device, struct agxv_pipeline *pipeline,
                               const struct agx_tilebuffer_layout *tib,
                               const struct agx_fs_info *fs, const uint8_t *code, uint32_t size,
                               uint32_t main_size, const struct agxv_shader_info *info);

#endif
