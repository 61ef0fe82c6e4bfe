/* VkPhysicalDevice: what GET_PARAMS reports, turned into Vulkan properties. */
#ifndef AGXV_PHYSICAL_DEVICE_H
#define AGXV_PHYSICAL_DEVICE_H

#include "agxv_device_structs.h"
#include "agxv_instance.h"
#include "kmd/agxv_kmd.h"

struct agxv_physical_device {
   struct agxv_object base;
   struct agxv_instance *instance;
   enum agxv_kmd_backend backend; /* the backend devices are opened on */
   struct agxv_kmd *kmd;          /* kept open for queries (params, time) */
   struct drm_asahi_params_global params;
   char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
   uint32_t core_count;
   uint64_t heap_size;
   struct agxv_features features;
   struct agxv_properties properties;
};

AGXV_DEFINE_HANDLE_CASTS(agxv_physical_device, VkPhysicalDevice, VK_OBJECT_TYPE_PHYSICAL_DEVICE)

/* *out = NULL (and VK_SUCCESS) when no usable device exists. */
VkResult agxv_physical_device_try_create(struct agxv_instance *instance,
                                         struct agxv_physical_device **out);
void agxv_physical_device_destroy(struct agxv_physical_device *pdev);

/* GPU page size: every BO and VA allocation is a multiple of it. */
#define AGXV_PAGE_SIZE (16384ull)

#endif
