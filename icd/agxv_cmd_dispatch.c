/*
 * Compute commands: vkCmdDispatch* over the compute bind point's state
 * (agxv_cmd_bind.c), and launches of the driver's own kernels. A dispatch
 * uploads its root uniforms (agxv_pipeline.h) and a USC word list (Uniform
 * DMA of the root, then the pipeline's Shared, Shader, Registers and
 * Preshader or No Preshader words, packed with the pipeline), then emits
 * a CDM launch: Word 0 (uniform registers incl. those the preamble writes,
 * Preshader register count), Word 1, Global size (in threads) or Indirect,
 * Local size. Every word is packed with GenXML.
 */
#include <string.h>

#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agx_cl_kernels.h"
#include "agxv_cmd_buffer.h"
#include "agxv_descriptor_set.h"
#include "agxv_device.h"
#include "agx_indirect.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agx_pack.h"
#include "agxv_pipeline.h"

/* USC word lists start 64-byte aligned (Launch Word 1 drops 6 bits). */
#define USC_LIST_ALIGN 64u
/* The root's chunks, one USC Uniform word each (agxv_cmd_buffer.h): chunk
 * i covers root bytes [root_chunk[i], root_chunk[i + 1]): the set
 * addresses; push constants 0-63 (the ones updated most: small, so an
 * update uploads little); push constants 64-191; the rest. */
static const uint32_t root_chunk[AGXV_ROOT_CHUNKS + 1] = {0, 64, 128, 256, AGX_ABI_UNIFORM_SIZE};
_Static_assert(AGX_ABI_PUSH_BASE == 64 && AGX_ABI_UNIFORM_SIZE > 256 &&
                  AGX_ABI_UNIFORM_SIZE - 256 <= AGXV_ROOT_CHUNK_MAX,
               "root_chunk: the set addresses alone first, chunks of at most 64 halves");
/* The Uniform DMA words of the root, then the pipeline's words (agxv_pipeline_pack_usc). */
#define USC_LIST_MAX (AGXV_ROOT_CHUNKS * AGX_USC_UNIFORM_LENGTH + AGXV_USC_WORDS_MAX)

/* The chunk addresses of a root uploaded whole at `root`. */
static void
whole_root(uint64_t root, uint64_t chunks[AGXV_ROOT_CHUNKS])
{
   for (uint32_t i = 0; i < AGXV_ROOT_CHUNKS; i++)
      chunks[i] = root + root_chunk[i];
}

/* Uploads the USC word list of a launch of `pipeline` with the root
 * uniforms' chunks at `chunks` and dyn_shared bytes of dynamic threadgroup
 * memory; *usc_offset is its offset in the USC heap (Launch Word 1). */
static VkResult
emit_usc_words(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
               const uint64_t chunks[AGXV_ROOT_CHUNKS], uint32_t dyn_shared, uint32_t *usc_offset)
{
   struct agxv_device *device = cmd->device;
   struct agxv_upload_ptr list;
   VkResult result = agxv_upload_alloc(&cmd->usc, USC_LIST_MAX, USC_LIST_ALIGN, &list);
   if (result != VK_SUCCESS)
      return result;
   uint8_t *p = list.cpu;

   for (uint32_t i = 0; i < AGXV_ROOT_CHUNKS; i++) {
      agxv_push(p, USC_UNIFORM, cfg) {
         cfg.start_halfs = root_chunk[i] / 2;
         cfg.size_halfs = (root_chunk[i + 1] - root_chunk[i]) / 2;
         cfg.buffer = chunks[i];
      }
   }
   /* The rest depends on the pipeline alone unless __local arguments add
    * threadgroup memory (after the shader's own). */
   if (dyn_shared)
      agxv_pipeline_pack_usc(device, &pipeline->shaders[AGXV_STAGE_COMPUTE],
                             pipeline->shaders[AGXV_STAGE_COMPUTE].info.shared_size + dyn_shared,
                             p);
   else
      memcpy(p, pipeline->shaders[AGXV_STAGE_COMPUTE].usc_words,
             pipeline->shaders[AGXV_STAGE_COMPUTE].usc_words_size);

   *usc_offset = (uint32_t)(list.gpu - device->usc_base);
   return VK_SUCCESS;
}

/* Fills a dispatch's root uniforms (the ABI layout, agx_abi.h) at r: set
 * addresses, push_size bytes of push constants (the rest zero), workgroup
 * count and base, robust-access sink, constant data. */
static void
fill_root(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
          const uint64_t set_addr[AGXV_MAX_SETS], const void *push, uint32_t push_size,
          const uint32_t groups[3], const uint32_t base[3], uint8_t *r)
{
   memcpy(r + AGX_ABI_SET_ADDR_BASE, set_addr, AGXV_MAX_SETS * sizeof(uint64_t));
   memcpy(r + AGX_ABI_PUSH_BASE, push, push_size);
   if (push_size < AGX_ABI_PUSH_SIZE)
      memset(r + AGX_ABI_PUSH_BASE + push_size, 0, AGX_ABI_PUSH_SIZE - push_size);
   memcpy(r + AGX_ABI_NUM_WORKGROUPS, groups, 12);
   memcpy(r + AGX_ABI_BASE_WORKGROUP, base, 12);
   const uint64_t sink = cmd->device->robust_sink ? cmd->device->robust_sink->va : 0;
   memcpy(r + AGX_ABI_ROBUST_SINK, &sink, 8);
   const uint64_t data = pipeline->shaders[AGXV_STAGE_COMPUTE].info.const_data_size
                            ? pipeline->shaders[AGXV_STAGE_COMPUTE].code->va +
                                 pipeline->shaders[AGXV_STAGE_COMPUTE].info.const_data_offset
                            : 0;
   memcpy(r + AGX_ABI_CONST_DATA, &data, 8);
   memset(r + AGX_ABI_GEOMETRY_PARAMS, 0, 16); /* and AGX_ABI_FS_EMRT */
}
_Static_assert(AGX_ABI_PUSH_BASE == AGX_ABI_SET_ADDR_BASE + AGXV_MAX_SETS * 8 &&
                  AGX_ABI_NUM_WORKGROUPS == AGX_ABI_PUSH_BASE + AGX_ABI_PUSH_SIZE &&
                  AGX_ABI_BASE_WORKGROUP == AGX_ABI_NUM_WORKGROUPS + 12 &&
                  AGX_ABI_ROBUST_SINK == AGX_ABI_BASE_WORKGROUP + 12 &&
                  AGX_ABI_CONST_DATA == AGX_ABI_ROBUST_SINK + 8 &&
                  AGX_ABI_GEOMETRY_PARAMS == AGX_ABI_CONST_DATA + 8 &&
                  AGX_ABI_FS_EMRT == AGX_ABI_GEOMETRY_PARAMS + 8 &&
                  AGX_ABI_UNIFORM_SIZE == AGX_ABI_FS_EMRT + 8,
               "fill_root writes every byte of the root uniforms");

/* The root uniforms written whole into upload memory at *root_gpu. */
static VkResult
write_root(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
           const uint64_t set_addr[AGXV_MAX_SETS], const void *push, uint32_t push_size,
           const uint32_t groups[3], const uint32_t base[3], uint64_t *root_gpu)
{
   struct agxv_upload_ptr root;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_ABI_UNIFORM_SIZE, 16, &root);
   if (result != VK_SUCCESS)
      return result;
   fill_root(cmd, pipeline, set_addr, push, push_size, groups, base, root.cpu);
   *root_gpu = root.gpu;
   return VK_SUCCESS;
}

/* The chunk addresses of root uniforms r (built on the stack): a chunk
 * equal to the last one uploaded is pointed at again, the others are
 * uploaded (together when none is known) and remembered. */
static VkResult
upload_chunks(struct agxv_cmd_buffer *cmd, struct agxv_dispatch_cache *c, const uint8_t *r,
              uint64_t chunks[AGXV_ROOT_CHUNKS])
{
   uint32_t missing = 0;
   for (uint32_t i = 0; i < AGXV_ROOT_CHUNKS; i++) {
      uint32_t off = root_chunk[i], bytes = root_chunk[i + 1] - off;
      if (c->chunk_gpu[i] && !memcmp(c->chunk[i], r + off, bytes))
         chunks[i] = c->chunk_gpu[i];
      else
         missing |= 1u << i;
   }
   if (missing == (1u << AGXV_ROOT_CHUNKS) - 1) {
      /* nothing to point at again: one upload of the whole root */
      struct agxv_upload_ptr root;
      VkResult result = agxv_upload_alloc(&cmd->data, AGX_ABI_UNIFORM_SIZE, 16, &root);
      if (result != VK_SUCCESS)
         return result;
      memcpy(root.cpu, r, AGX_ABI_UNIFORM_SIZE);
      whole_root(root.gpu, chunks);
   }
   for (uint32_t i = 0; i < AGXV_ROOT_CHUNKS; i++) {
      if (!(missing & (1u << i)))
         continue;
      uint32_t off = root_chunk[i], bytes = root_chunk[i + 1] - off;
      if (missing != (1u << AGXV_ROOT_CHUNKS) - 1) {
         struct agxv_upload_ptr chunk;
         VkResult result = agxv_upload_alloc(&cmd->data, bytes, 16, &chunk);
         if (result != VK_SUCCESS)
            return result;
         memcpy(chunk.cpu, r + off, bytes);
         chunks[i] = chunk.gpu;
      }
      memcpy(c->chunk[i], r + off, bytes);
      c->chunk_gpu[i] = chunks[i];
   }
   return VK_SUCCESS;
}

/* Emits the CDM launch of `pipeline` whose USC word list is at `usc`, over
 * `groups` workgroups, or over the thread grid stored at `indirect_threads`. */
static void emit_cdm_launch_threads(struct agxv_cmd_buffer *cmd,
                                    const struct agxv_pipeline *pipeline, uint32_t usc,
                                    const uint32_t threads[3], uint64_t indirect_threads);

static void
emit_cdm_launch(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline, uint32_t usc,
                const uint32_t groups[3], uint64_t indirect_threads)
{
   const uint32_t *local = pipeline->shaders[AGXV_STAGE_COMPUTE].info.local_size;
   const uint32_t threads[3] = {groups[0] * local[0], groups[1] * local[1], groups[2] * local[2]};
   emit_cdm_launch_threads(cmd, pipeline, usc, threads, indirect_threads);
}

/* A launch over an exact grid of threads (the last workgroups may be
 * partial: sim/dm/agx_sim_cdm.c, Honeykrisp's unpredicated grids). */
void
agxv_cmd_launch_threads(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                        uint64_t root, const uint32_t threads[3])
{
   uint32_t usc;
   uint64_t chunks[AGXV_ROOT_CHUNKS];
   whole_root(root, chunks);
   VkResult result = emit_usc_words(cmd, pipeline, chunks, 0, &usc);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   emit_cdm_launch_threads(cmd, pipeline, usc, threads, 0);
}

void
agxv_cmd_launch_indirect(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                         uint64_t root, uint64_t grid)
{
   uint32_t usc;
   uint64_t chunks[AGXV_ROOT_CHUNKS];
   whole_root(root, chunks);
   VkResult result = emit_usc_words(cmd, pipeline, chunks, 0, &usc);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   const uint32_t none[3] = {0, 0, 0};
   emit_cdm_launch_threads(cmd, pipeline, usc, none, grid);
}

static void
emit_cdm_launch_threads(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                        uint32_t usc, const uint32_t threads[3], uint64_t indirect_threads)
{
   /* Multi-cluster G14 parts (G14X) take an extra word in every launch. */
   const bool g14x = cmd->device->g14x;
   struct agxv_cs *cs = agxv_cmd_cs(cmd, AGXV_CS_CDM);
   void *p = agxv_cs_reserve(
      cs, AGX_CDM_LAUNCH_WORD_0_LENGTH + AGX_CDM_LAUNCH_WORD_1_LENGTH +
             (g14x ? AGX_CDM_UNK_G14X_LENGTH : 0) +
             (indirect_threads ? AGX_CDM_INDIRECT_LENGTH : AGX_CDM_GLOBAL_SIZE_LENGTH) +
             AGX_CDM_LOCAL_SIZE_LENGTH);
   if (!p) {
      agxv_cmd_set_error(cmd, cs->status);
      return;
   }
   const uint32_t *local = pipeline->shaders[AGXV_STAGE_COMPUTE].info.local_size;
   agxv_push(p, CDM_LAUNCH_WORD_0, cfg) {
      /* the root uniforms plus what the preamble writes */
      cfg.uniform_register_count =
         pipeline->shaders[AGXV_STAGE_COMPUTE].info.uniform_halves > AGX_ABI_UNIFORM_SIZE / 2
            ? pipeline->shaders[AGXV_STAGE_COMPUTE].info.uniform_halves
            : AGX_ABI_UNIFORM_SIZE / 2;
      /* Textures are bindless (no texture state registers); the txf
       * sampler takes ss0 when the shader samples, in the smallest
       * sampler-state group the field encodes. */
      cfg.texture_state_register_count = 0;
      cfg.sampler_state_register_count = pipeline->shaders[AGXV_STAGE_COMPUTE].info.sampler_states
                                            ? AGX_SAMPLER_STATES_4_COMPACT
                                            : AGX_SAMPLER_STATES_0;
      cfg.preshader_register_count =
         pipeline->shaders[AGXV_STAGE_COMPUTE].info.preamble_offset
            ? pipeline->shaders[AGXV_STAGE_COMPUTE].info.preamble_gpr_halves
            : 0;
      cfg.mode = indirect_threads ? AGX_CDM_MODE_INDIRECT_GLOBAL : AGX_CDM_MODE_DIRECT;
   }
   agxv_push(p, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = usc;
   }
   if (g14x) {
      /* its one known bit is fixed by the layout */
      agxv_push(p, CDM_UNK_G14X, cfg)
         ;
   }
   if (indirect_threads) {
      agxv_push(p, CDM_INDIRECT, cfg) {
         cfg.address_hi = (uint32_t)(indirect_threads >> 32);
         cfg.address_lo = (uint32_t)indirect_threads;
      }
   } else {
      agxv_push(p, CDM_GLOBAL_SIZE, cfg) {
         cfg.x = threads[0];
         cfg.y = threads[1];
         cfg.z = threads[2];
      }
   }
   agxv_push(p, CDM_LOCAL_SIZE, cfg) {
      cfg.x = local[0];
      cfg.y = local[1];
      cfg.z = local[2];
   }
   cmd->dispatch_since_barrier = true;
}

/* A direct launch over groups (offset by base) with the given root inputs. */
static void
launch(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
       const uint64_t set_addr[AGXV_MAX_SETS], const void *push, uint32_t push_size,
       const uint32_t groups[3], const uint32_t base[3], uint32_t dyn_shared)
{
   if (!pipeline || groups[0] == 0 || groups[1] == 0 || groups[2] == 0)
      return;
   uint64_t root, chunks[AGXV_ROOT_CHUNKS];
   uint32_t usc;
   VkResult result = write_root(cmd, pipeline, set_addr, push, push_size, groups, base, &root);
   if (result == VK_SUCCESS) {
      whole_root(root, chunks);
      result = emit_usc_words(cmd, pipeline, chunks, dyn_shared, &usc);
   }
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   emit_cdm_launch(cmd, pipeline, usc, groups, 0);
}

/*
 * vkCmdDispatch{,Base}: the compute bind point's pipeline over groups.
 * The root uniforms and USC word list of the last such launch are used
 * again while neither the bind point (dirty) nor the grid changed, so a
 * run of dispatches with the same state only adds CDM words; otherwise
 * only the root chunks that changed are uploaded (upload_chunks).
 */
static void
dispatch(struct agxv_cmd_buffer *cmd, const uint32_t groups[3], const uint32_t base[3])
{
   struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_COMPUTE];
   const struct agxv_pipeline *pipeline = bind->pipeline;
   if (!pipeline || groups[0] == 0 || groups[1] == 0 || groups[2] == 0)
      return;
   struct agxv_dispatch_cache *c = &cmd->dispatch_cache;
   if (bind->dirty || c->pipeline != pipeline || memcmp(c->groups, groups, sizeof(c->groups)) ||
       memcmp(c->base, base, sizeof(c->base))) {
      _Alignas(16) uint8_t r[AGX_ABI_UNIFORM_SIZE];
      uint64_t chunks[AGXV_ROOT_CHUNKS];
      fill_root(cmd, pipeline, bind->desc.set_addr, bind->desc.push, sizeof(bind->desc.push),
                groups, base, r);
      VkResult result = upload_chunks(cmd, c, r, chunks);
      if (result == VK_SUCCESS)
         result = emit_usc_words(cmd, pipeline, chunks, 0, &c->usc);
      if (result != VK_SUCCESS) {
         c->pipeline = NULL;
         agxv_cmd_set_error(cmd, result);
         return;
      }
      c->pipeline = pipeline;
      memcpy(c->groups, groups, sizeof(c->groups));
      memcpy(c->base, base, sizeof(c->base));
      bind->dirty = false;
   }
   const uint32_t *local = pipeline->shaders[AGXV_STAGE_COMPUTE].info.local_size;
   agxv_stats_dispatch(cmd, groups, 0, local[0] * local[1] * local[2]);
   emit_cdm_launch(cmd, pipeline, c->usc, groups, 0);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDispatch(VkCommandBuffer commandBuffer, uint32_t x, uint32_t y, uint32_t z)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const uint32_t groups[3] = {x, y, z}, base[3] = {0, 0, 0};
   dispatch(cmd, groups, base);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDispatchBase(VkCommandBuffer commandBuffer, uint32_t baseX, uint32_t baseY, uint32_t baseZ,
                     uint32_t x, uint32_t y, uint32_t z)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const uint32_t groups[3] = {x, y, z}, base[3] = {baseX, baseY, baseZ};
   dispatch(cmd, groups, base);
}

/* Every device group has one physical device (vkEnumeratePhysicalDeviceGroups),
 * so the only valid mask is 1 and commands always run on device 0. */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDeviceMask(VkCommandBuffer commandBuffer, uint32_t deviceMask)
{
   (void)commandBuffer;
   if (deviceMask != 1)
      agxv_log("vkCmdSetDeviceMask: mask 0x%x names a device outside the group", deviceMask);
}

/*
 * The hardware's indirect launch reads a grid in threads; a one-thread
 * helper kernel (agx_indirect_fixup, cl_kernels/agx_indirect.cl) reads the
 * application's workgroup counts and writes the packed thread grid for the CDM Indirect record and the workgroup count into the
 * launch's root uniforms. A CDM barrier makes both visible to the launch.
 */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdDispatchIndirect(VkCommandBuffer commandBuffer, VkBuffer _buffer, VkDeviceSize offset)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   struct agxv_buffer *buffer = agxv_buffer_from_handle(_buffer);
   const struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_COMPUTE];
   const struct agxv_pipeline *pipeline = bind->pipeline;
   if (!pipeline)
      return;
   struct agxv_upload_ptr threads;
   uint64_t root = 0;
   const uint32_t zero[3] = {0, 0, 0};
   VkResult result = agxv_upload_alloc(&cmd->data, 12, 16, &threads);
   if (result == VK_SUCCESS)
      result = write_root(cmd, pipeline, bind->desc.set_addr, bind->desc.push,
                          sizeof(bind->desc.push), zero, zero, &root);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   const struct agx_indirect_args args = {
      .groups = buffer->va + offset,
      .grid = threads.gpu,
      .num_workgroups = root + AGX_ABI_NUM_WORKGROUPS,
      .local_x = pipeline->shaders[AGXV_STAGE_COMPUTE].info.local_size[0],
      .local_y = pipeline->shaders[AGXV_STAGE_COMPUTE].info.local_size[1],
      .local_z = pipeline->shaders[AGXV_STAGE_COMPUTE].info.local_size[2]};
   agxv_dispatch_kernel(cmd, AGX_CL_INDIRECT_FIXUP, 1, &args, sizeof(args));
   agxv_stats_dispatch(cmd, NULL, args.groups, args.local_x * args.local_y * args.local_z);
   agxv_cmd_emit_cdm_barrier(cmd);
   uint32_t usc;
   uint64_t chunks[AGXV_ROOT_CHUNKS];
   whole_root(root, chunks);
   result = emit_usc_words(cmd, pipeline, chunks, 0, &usc);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   emit_cdm_launch(cmd, pipeline, usc, zero, threads.gpu);
}

static void
dispatch_internal(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                  const struct agxv_internal_buffer *buffers, uint32_t buffer_count,
                  const void *push, uint32_t push_size, uint32_t groups_x, uint32_t dyn_shared)
{
   /* Set 0 is written here, straight into upload memory, in the ABI's
    * buffer-descriptor layout (bindings at consecutive 16-byte slots). */
   struct agxv_upload_ptr set;
   VkResult result =
      agxv_upload_alloc(&cmd->data, buffer_count * AGXV_BUFFER_DESCRIPTOR_SIZE, 16, &set);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   for (uint32_t i = 0; i < buffer_count; i++) {
      uint8_t *d = (uint8_t *)set.cpu + i * AGXV_BUFFER_DESCRIPTOR_SIZE;
      uint32_t size = buffers[i].size > UINT32_MAX ? UINT32_MAX : (uint32_t)buffers[i].size;
      memcpy(d, &buffers[i].address, 8);
      memcpy(d + 8, &size, 4);
      memset(d + 12, 0, 4);
   }
   uint64_t set_addr[AGXV_MAX_SETS] = {set.gpu};
   const uint32_t groups[3] = {groups_x, 1, 1}, base[3] = {0, 0, 0};
   launch(cmd, pipeline, set_addr, push, push_size, groups, base, dyn_shared);
}

void
agxv_cmd_dispatch_internal(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                           const struct agxv_internal_buffer *buffers, uint32_t buffer_count,
                           const void *push, uint32_t push_size, uint32_t groups_x)
{
   dispatch_internal(cmd, pipeline, buffers, buffer_count, push, push_size, groups_x, 0);
}

/* __local arguments: each gets `local_sizes[k]` bytes of threadgroup memory after
 * the shader's own (and after the previous one), AGX_ABI_LOCAL_ARG_ALIGN aligned;
 * its offset goes into the argument's 64-bit slot of a copy of the push data. */
void
agxv_cmd_dispatch_internal_local(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline,
                                 const void *push, uint32_t push_size, uint32_t groups_x,
                                 const uint32_t *local_sizes, uint32_t local_count)
{
   const struct agxv_shader_info *info = &pipeline->shaders[AGXV_STAGE_COMPUTE].info;
   uint8_t args[AGX_ABI_PUSH_SIZE] = {0};
   if (local_count != info->num_local_args || push_size > sizeof(args)) {
      agxv_log("kernel takes %u __local arguments and at most %u argument bytes, given %u and %u",
               info->num_local_args, (unsigned)sizeof(args), local_count, push_size);
      agxv_cmd_set_error(cmd, VK_ERROR_UNKNOWN);
      return;
   }
   memcpy(args, push, push_size);
   uint64_t top =
      (info->shared_size + AGX_ABI_LOCAL_ARG_ALIGN - 1) & ~(uint64_t)(AGX_ABI_LOCAL_ARG_ALIGN - 1);
   for (uint32_t k = 0; k < local_count; k++) {
      uint64_t off = top;
      if (info->local_arg_push[k] + 8 > sizeof(args))
         off = UINT64_MAX;
      top = (top + local_sizes[k] + AGX_ABI_LOCAL_ARG_ALIGN - 1) &
            ~(uint64_t)(AGX_ABI_LOCAL_ARG_ALIGN - 1);
      if (off == UINT64_MAX || top > AGXV_MAX_THREADGROUP_MEMORY) {
         agxv_log("__local arguments need %llu bytes of threadgroup memory (at most %u)",
                  (unsigned long long)top, AGXV_MAX_THREADGROUP_MEMORY);
         agxv_cmd_set_error(cmd, VK_ERROR_UNKNOWN);
         return;
      }
      memcpy(args + info->local_arg_push[k], &off, 8);
      if (info->local_arg_push[k] + 8 > push_size)
         push_size = info->local_arg_push[k] + 8;
   }
   dispatch_internal(cmd, pipeline, NULL, 0, args, push_size, groups_x,
                     (uint32_t)top - info->shared_size);
}
