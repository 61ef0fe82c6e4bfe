/* VkDescriptorPool, VkDescriptorSet and update templates. A pool owns one
 * buffer object; each set is a sub-range of it (GPU address + CPU pointer). */
#ifndef AGX_DESCRIPTOR_SET_H
#define AGX_DESCRIPTOR_SET_H

#include "agx_descriptor_set_layout.h"
#include "agx_va.h"

struct agx_bo;
struct agx_device;

struct agx_descriptor_set {
   struct agx_descriptor_pool *pool;
   struct agx_descriptor_set *prev, *next;
   struct agx_descriptor_set_layout *layout;
   uint64_t va;  /* GPU address of the descriptors (0 if size is 0) */
   uint8_t *map; /* CPU view of the same bytes */
   uint32_t size;
   uint32_t variable_count;
};

struct agx_descriptor_pool {
   struct agx_device *device;
   VkAllocationCallbacks alloc;
   VkDescriptorPoolCreateFlags flags;
   struct agx_bo *bo;       /* NULL when no set needs memory */
   struct agx_va_heap heap; /* over the BO's GPU addresses */
   struct agx_descriptor_set *sets;
   uint32_t max_sets, set_count;
};

struct agx_descriptor_update_template {
   VkPipelineBindPoint bind_point;
   uint32_t entry_count;
   VkDescriptorUpdateTemplateEntry entries[];
};

/* Points each inline uniform block's descriptor at its bytes (set memory
 * at CPU `map`, GPU `va`). */
void agx_descriptor_set_init_inline(const struct agx_descriptor_set_layout *layout, uint8_t *map,
                                    uint64_t va);

/* Applies one write / one template's entries to `set` (also used on the
 * temporary sets of push descriptors, whose memory is command-buffer upload
 * memory). */
void agx_descriptor_set_write(struct agx_descriptor_set *set, const VkWriteDescriptorSet *write);
void agx_descriptor_set_write_template(struct agx_descriptor_set *set,
                                       const struct agx_descriptor_update_template *t,
                                       const void *data);

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_descriptor_pool, VkDescriptorPool)
AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_descriptor_set, VkDescriptorSet)
AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_descriptor_update_template, VkDescriptorUpdateTemplate)

#endif
