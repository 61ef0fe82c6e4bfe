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
 * (rendering state tib from the inheritance): reserves the block its draws
 * name (cmd->rendering.emrt), zeroed until a primary fills it. None for
 * SIMULTANEOUS_USE secondaries (one block cannot hold the descriptors of
 * several pending primaries): their draws keep refusing. */
VkResult agxv_emrt_reserve(struct agxv_cmd_buffer *cmd);

/* vkCmdExecuteCommands of `secondary` in cmd's pass: writes the pass's
 * eMRT descriptors into the secondary's block (a CPU write at record time;
 * valid as a secondary without SIMULTANEOUS_USE is in no other pending or
 * executable primary, VUID-vkCmdExecuteCommands-pCommandBuffers-00092 and
 * the invalidation of its earlier primaries). */
void agxv_emrt_fill(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary);
