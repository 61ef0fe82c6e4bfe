/* VkPhysicalDevice: what GET_PARAMS reports, turned into Vulkan properties. */
#ifndef AGX_PHYSICAL_DEVICE_H
#define AGX_PHYSICAL_DEVICE_H

#include "agx_device_structs.h"
#include "agx_instance.h"
#include "kmd/agx_kmd.h"

struct agx_physical_device {
   VK_LOADER_DATA loader_data;
   struct agx_instance *instance;
   enum agx_kmd_backend backend; /* the backend devices are opened on */
   struct agx_kmd *kmd;          /* kept open for queries (params, time) */
   struct drm_asahi_params_global params;
   char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
   uint32_t core_count;
   uint64_t heap_size;
   struct agx_features features;
   struct agx_properties properties;
};

AGX_DEFINE_HANDLE_CASTS(agx_physical_device, VkPhysicalDevice)

/* *out = NULL (and VK_SUCCESS) when no usable device exists. */
VkResult agx_physical_device_try_create(struct agx_instance *instance,
                                        struct agx_physical_device **out);
void agx_physical_device_destroy(struct agx_physical_device *pdev);

/* GPU page size: every BO and VA allocation is a multiple of it. */
#define AGX_PAGE_SIZE (16384ull)

#endif
