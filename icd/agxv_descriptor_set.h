/* VkDescriptorPool, VkDescriptorSet and update templates. A pool owns one
 * buffer object; each set is a sub-range of it (GPU address + CPU pointer). */
#ifndef AGXV_DESCRIPTOR_SET_H
#define AGXV_DESCRIPTOR_SET_H

#include "agxv_descriptor_set_layout.h"
#include "agxv_va.h"

struct agxv_bo;
struct agxv_device;

struct agxv_descriptor_set {
   struct agxv_object base;
   struct agxv_descriptor_pool *pool;
   struct agxv_descriptor_set *prev, *next;
   struct agxv_descriptor_set_layout *layout;
   uint64_t va;  /* GPU address of the descriptors (0 if size is 0 or host-only) */
   uint8_t *map; /* CPU view of the same bytes */
   uint32_t size;
   uint32_t variable_count;
};

struct agxv_descriptor_pool {
   struct agxv_object base;
   struct agxv_device *device;
   VkAllocationCallbacks alloc;
   VkDescriptorPoolCreateFlags flags;
   struct agxv_bo *bo;       /* NULL when no set needs memory, or host-only */
   uint8_t *host;            /* a host-only pool's memory (else NULL) */
   struct agxv_va_heap heap; /* over the BO's GPU addresses (host: offsets) */
   bool has_heap;
   struct agxv_descriptor_set *sets;
   uint32_t max_sets, set_count;
};

struct agxv_descriptor_update_template {
   struct agxv_object base;
   VkPipelineBindPoint bind_point;
   uint32_t entry_count;
   VkDescriptorUpdateTemplateEntry entries[];
};

/* Points each inline uniform block's descriptor at its bytes (set memory
 * at CPU `map`, GPU `va`). */
void agxv_descriptor_set_init_inline(const struct agxv_descriptor_set_layout *layout, uint8_t *map,
                                     uint64_t va);

/* Applies one write / one template's entries to `set` (also used on the
 * temporary sets of push descriptors, whose memory is command-buffer upload
 * memory). */
void agxv_descriptor_set_write(struct agxv_descriptor_set *set, const VkWriteDescriptorSet *write);
void agxv_descriptor_set_write_template(struct agxv_descriptor_set *set,
                                        const struct agxv_descriptor_update_template *t,
                                        const void *data);

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_descriptor_pool, VkDescriptorPool,
                                 VK_OBJECT_TYPE_DESCRIPTOR_POOL)
AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_descriptor_set, VkDescriptorSet,
                                 VK_OBJECT_TYPE_DESCRIPTOR_SET)
AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_descriptor_update_template, VkDescriptorUpdateTemplate,
                                 VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE)

#endif
