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
