/*
 * Shared set-up for the loader tests: an instance (optionally with the
 * Khronos validation layer; any warning or error it reports, at instance
 * creation or from a later call, counts as a failure), the first
 * physical device, a device with one queue and the caller's feature chain
 * and extensions, a command pool, host-visible buffers, compute pipelines
 * whose descriptor set is a run of storage buffers, and one-shot command
 * buffers.
 * Each test program takes [--validation] [--reference] anywhere among its
 * arguments (--reference: the run is on another driver, lavapipe, which
 * checks the test's own expectations); other arguments are the test's own.
 */
#ifndef AGX_VK_CTX_H
#define AGX_VK_CTX_H

#include <stdbool.h>
#include <stdint.h>

#include "agx_test.h"

struct agx_vk_ctx {
   VkInstance instance;
   VkDebugUtilsMessengerEXT messenger; /* with --validation: every later message */
   VkPhysicalDevice pdev;
   VkDevice dev;
   VkQueue queue;
   VkCommandPool pool;
   bool validation, reference;
   unsigned messages;      /* validation messages counted as failures */
   bool lost;              /* a call returned VK_ERROR_DEVICE_LOST (see agx_vk_ctx_device_lost) */
   const char *allowed_id; /* a message id the test provokes on purpose (see agx_vk_ctx_allow) */
   /* NULL-terminated message ids the installed layer (1.3.239) raises for
    * usage that extensions newer than it make valid (set by the test after
    * agx_vk_ctx_instance); printed, not counted */
   const char *const *layer_predates;
};

struct agx_vk_buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   union {
      uint8_t *map; /* the mapping, byte-addressed */
      void *ptr;    /* the same, for typed views */
   };
   VkDeviceSize size;
};

/* Parses the flags and creates instance and physical device (no device yet);
 * the application asks for Vulkan 1.3. */
void agx_vk_ctx_instance(struct agx_vk_ctx *c, int argc, char **argv);

/* The same for an application written against `api_version`. */
void agx_vk_ctx_instance_version(struct agx_vk_ctx *c, int argc, char **argv, uint32_t api_version);

/* The same with instance extensions `exts` enabled (window-system tests). */
void agx_vk_ctx_instance_exts(struct agx_vk_ctx *c, int argc, char **argv, uint32_t api_version,
                              uint32_t ext_count, const char *const *exts);

/* Call before agx_vk_ctx_instance: with --validation the layer passes
 * handles through unwrapped (VK_VALIDATION_FEATURE_DISABLE_UNIQUE_HANDLES_EXT),
 * so commands it does not know (extensions newer than the 1.3.239 layer,
 * reached through vkGetDeviceProcAddr) get the driver's own handles. */
void agx_vk_ctx_unwrapped_handles(void);

/* The test provokes messages with id `message_id` on purpose (valid usage
 * the layer still warns about): they are printed but not counted. Call
 * after agx_vk_ctx_instance. */
void agx_vk_ctx_allow(struct agx_vk_ctx *c, const char *message_id);

/* The device is lost (the test made it so): the layer's tracking of
 * pending work is stale from here on, so later messages are printed but
 * not counted. agx_vk_submit_wait calls it on VK_ERROR_DEVICE_LOST. */
void agx_vk_ctx_device_lost(struct agx_vk_ctx *c);

/* Whether the physical device offers extension `name`. */
bool agx_vk_ctx_has_extension(const struct agx_vk_ctx *c, const char *name);

/* Creates the device (features chain `pnext`, extensions), queue and pool. */
void agx_vk_ctx_device(struct agx_vk_ctx *c, const void *pnext, uint32_t ext_count,
                       const char *const *exts);

/* The same with Vulkan 1.0 features given as pEnabledFeatures (may be NULL). */
void agx_vk_ctx_device_features(struct agx_vk_ctx *c, const void *pnext,
                                const VkPhysicalDeviceFeatures *features, uint32_t ext_count,
                                const char *const *exts);

/* Destroys everything and returns the exit status (1 on validation messages). */
int agx_vk_ctx_finish(struct agx_vk_ctx *c);

/* The first memory type in `type_bits` with all of `flags` (a failed check if none). */
uint32_t agx_vk_memory_type(const struct agx_vk_ctx *c, uint32_t type_bits,
                            VkMemoryPropertyFlags flags);

/* A host-visible, coherent, mapped buffer usable as storage/uniform/transfer,
 * zero-filled. */
struct agx_vk_buffer agx_vk_buffer(struct agx_vk_ctx *c, VkDeviceSize size);

/* The same with the caller's usage flags. */
struct agx_vk_buffer agx_vk_buffer_usage(struct agx_vk_ctx *c, VkDeviceSize size,
                                         VkBufferUsageFlags usage);
void agx_vk_buffer_free(struct agx_vk_ctx *c, struct agx_vk_buffer *b);

/* A primary (or secondary, with empty inheritance) command buffer, begun. */
VkCommandBuffer agx_vk_begin(struct agx_vk_ctx *c, VkCommandBufferLevel level);

/* The same with usage flags (VkCommandBufferUsageFlags). */
VkCommandBuffer agx_vk_begin_flags(struct agx_vk_ctx *c, VkCommandBufferLevel level,
                                   VkCommandBufferUsageFlags flags);

/* Ends, submits and waits for `cb`, then frees it. */
VkResult agx_vk_submit_wait(struct agx_vk_ctx *c, VkCommandBuffer cb);

/* The words of a .spv file (malloc'ed, *size in bytes; a failed check if unreadable). */
uint32_t *agx_vk_read_spv(const char *path, size_t *size);

/* A compute shader module from a .spv file. */
VkShaderModule agx_vk_shader(struct agx_vk_ctx *c, const char *path);

/* A compute pipeline of `module` ("main") in `layout`; spec, flags and the
 * stage's pNext chain are optional (NULL / 0). */
VkPipeline agx_vk_compute_pipeline(struct agx_vk_ctx *c, VkPipelineLayout layout,
                                   VkShaderModule module, const VkSpecializationInfo *spec,
                                   VkPipelineShaderStageCreateFlags flags, const void *stage_next);

/* What a test's compute pipeline looks like: `buffers` storage buffers at
 * bindings first_binding.. of set 0 (none: no set at all), `push_size`
 * bytes of push constants at offset 0, optional specialization. Without
 * `spv` only the layouts and the set are made (the caller makes pipelines
 * in p->layout with agx_vk_compute_pipeline and puts one in p->pipeline). */
struct agx_vk_pipeline_desc {
   const char *spv;
   uint32_t buffers, first_binding;
   uint32_t push_size;
   const VkSpecializationInfo *spec;
};

struct agx_vk_pipeline {
   VkShaderModule module;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool dpool;
   VkDescriptorSet set;
   uint32_t buffers, first_binding, push_size;
};

/* Creates module, layouts, pipeline (with spv) and (with buffers) one descriptor set. */
void agx_vk_pipeline(struct agx_vk_ctx *c, struct agx_vk_pipeline *p,
                     const struct agx_vk_pipeline_desc *desc);

/* Points the set's bindings at whole buffers bufs[0..buffers-1]. */
void agx_vk_pipeline_bind(struct agx_vk_ctx *c, struct agx_vk_pipeline *p, const VkBuffer *bufs);

/* One command buffer: bind pipeline and set, push `push` (push_size bytes,
 * none if NULL), dispatch x*y*z workgroups; submits, waits and returns the
 * result of the submission/wait. */
VkResult agx_vk_dispatch(struct agx_vk_ctx *c, const struct agx_vk_pipeline *p, const void *push,
                         uint32_t x, uint32_t y, uint32_t z);

void agx_vk_pipeline_free(struct agx_vk_ctx *c, struct agx_vk_pipeline *p);

/* A 32-bit integer mix (xor-shift / multiply rounds) for reproducible test inputs. */
static inline uint32_t
agx_vk_hash(uint32_t v)
{
   v ^= v >> 16;
   v *= 0x7feb352du;
   v ^= v >> 15;
   v *= 0x846ca68bu;
   v ^= v >> 16;
   return v;
}

#endif
