/* Spilled render targets (Honeykrisp's eMRT; graphics.md §5.3): the
 * per-render-command descriptors fragment shaders store spilled colour
 * attachments through (compiler/ir/agx_abi.h AGX_ABI_FS_EMRT, agx_emrt.c).
 * Assumes the pass's tilebuffer layout (rendering state tib) is final and
 * every spilled attachment is a colour view of a bound image. */
#pragma once
#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;

/* Uploads the eMRT descriptors of the open pass's spilled colour
 * attachments (cmd->rendering.emrt / emrt_count; 0 when none spills). */
VkResult agxv_emrt_upload(struct agxv_cmd_buffer *cmd);

/* Load-op clears of spilled colour attachments over the render area,
 * done in memory before the pass (the background program skips them). */
void agxv_emrt_clear(struct agxv_cmd_buffer *cmd);

/* An inherited secondary continuing a pass whose render targets spill
 * (rendering state tib from the inheritance `info`): reserves the block its
 * draws name (cmd->rendering.emrt), zeroed until a primary fills it.
 * SIMULTANEOUS_USE secondaries: one block cannot hold the descriptors of
 * several pending primaries, so the block is filled here, once, when the
 * inheritance names a framebuffer with views (VkRenderPass inheritance;
 * every executing primary must render to that framebuffer). Without one
 * (dynamic-rendering inheritance, no or an imageless framebuffer) there is
 * no block and their draws refuse with a clear error. Why not more: a
 * secondary's stream is called, not copied, by its primaries
 * (agxv_rendering_execute), and every address its draws read is fixed at
 * record time: the FS root's AGX_ABI_FS_EMRT, the USC Texture word's
 * buffer. Of what differs per render command (drm_asahi_cmd_render) the
 * fragment shader sees only the tilebuffer and the sampler heap, so a
 * per-execution indirection has nothing to hang on; memory the primary
 * writes before the call races with another pending primary running the
 * same stream. What would work: a per-execution copy of the chain VDM
 * stream -> PPP blocks -> FS USC word lists -> FS roots, relocated (the
 * secondary logging where each pointer lives). Honeykrisp builds the
 * descriptors from the rendering state's image views
 * (hk_usc_upload_spilled_rt_descs, hk_cmd_buffer.c), which a secondary
 * inheriting dynamic rendering does not have either. */
VkResult agxv_emrt_reserve(struct agxv_cmd_buffer *cmd, const VkCommandBufferInheritanceInfo *info);

/* vkCmdExecuteCommands of `secondary` in cmd's pass: writes the pass's
 * eMRT descriptors into the secondary's block (a CPU write at record time;
 * valid as a secondary without SIMULTANEOUS_USE is in no other pending or
 * executable primary, VUID-vkCmdExecuteCommands-pCommandBuffers-00092 and
 * the invalidation of its earlier primaries). */
void agxv_emrt_fill(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary);
