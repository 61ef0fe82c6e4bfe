/*
 * Shared set-up for the newer loader tests (test_queries, test_features): an
 * instance (optionally with the Khronos validation layer, any message counts
 * as a failure), the first physical device, a device with one queue and the
 * caller's feature chain and extensions, a command pool, host-visible
 * buffers and one-shot command buffers.
 * Each test program takes [--validation] [--reference] (--reference: the run
 * is on another driver, lavapipe, which checks the test's own expectations).
 */
#ifndef AGX_VK_CTX_H
#define AGX_VK_CTX_H

#include <stdbool.h>
#include <stdint.h>

#include "agx_test.h"

struct agx_vk_ctx {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice dev;
   VkQueue queue;
   VkCommandPool pool;
   bool validation, reference;
};

struct agx_vk_buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   uint8_t *map;
   VkDeviceSize size;
};

/* Parses the flags and creates instance and physical device (no device yet). */
void agx_vk_ctx_instance(struct agx_vk_ctx *c, int argc, char **argv);

/* Whether the physical device offers extension `name`. */
bool agx_vk_ctx_has_extension(const struct agx_vk_ctx *c, const char *name);

/* Creates the device (features chain `pnext`, extensions), queue and pool. */
void agx_vk_ctx_device(struct agx_vk_ctx *c, const void *pnext, uint32_t ext_count,
                       const char *const *exts);

/* Destroys everything and returns the exit status (1 on validation messages). */
int agx_vk_ctx_finish(struct agx_vk_ctx *c);

/* A host-visible, coherent, mapped buffer usable as storage/uniform/transfer. */
struct agx_vk_buffer agx_vk_buffer(struct agx_vk_ctx *c, VkDeviceSize size);
void agx_vk_buffer_free(struct agx_vk_ctx *c, struct agx_vk_buffer *b);

/* A primary (or secondary, with empty inheritance) command buffer, begun. */
VkCommandBuffer agx_vk_begin(struct agx_vk_ctx *c, VkCommandBufferLevel level);

/* Ends, submits and waits for `cb`, then frees it. */
VkResult agx_vk_submit_wait(struct agx_vk_ctx *c, VkCommandBuffer cb);

/* A compute shader module from a .spv file. */
VkShaderModule agx_vk_shader(struct agx_vk_ctx *c, const char *path);

#endif
