/* VkInstance: the API version and extensions the application enabled, and
 * the (at most one) physical device found. */
#ifndef AGXV_INSTANCE_H
#define AGXV_INSTANCE_H

#include <pthread.h>
#include <stdbool.h>

#include "agxv_entrypoints.h"
#include "agxv_object.h"

struct agxv_physical_device;

struct agxv_instance {
   struct agxv_object base;
   VkAllocationCallbacks alloc;
   uint32_t api_version;
   bool enabled_extensions[AGXV_INSTANCE_EXT_COUNT + 1];

   pthread_mutex_t mutex;
   bool enumerated;
   struct agxv_physical_device *physical_device; /* NULL: none found */
};

AGXV_DEFINE_HANDLE_CASTS(agxv_instance, VkInstance, VK_OBJECT_TYPE_INSTANCE)

/* The API version the driver implements. */
#define AGXV_API_VERSION VK_MAKE_API_VERSION(0, 1, 3, VK_HEADER_VERSION)

/* Is an entry point visible for this API version and enabled extensions? */
bool agxv_entrypoint_enabled(const struct agxv_entrypoint *ep, uint32_t api_version,
                             const bool *instance_exts, const bool *device_exts);

#endif
