/* VkInstance: the API version and extensions the application enabled, and
 * the (at most one) physical device found. */
#ifndef AGX_INSTANCE_H
#define AGX_INSTANCE_H

#include <pthread.h>
#include <stdbool.h>

#include "agx_entrypoints.h"
#include "agx_object.h"

struct agx_physical_device;

struct agx_instance {
   VK_LOADER_DATA loader_data;
   VkAllocationCallbacks alloc;
   uint32_t api_version;
   bool enabled_extensions[AGX_INSTANCE_EXT_COUNT + 1];

   pthread_mutex_t mutex;
   bool enumerated;
   struct agx_physical_device *physical_device; /* NULL: none found */
};

AGX_DEFINE_HANDLE_CASTS(agx_instance, VkInstance)

/* The API version the driver implements. */
#define AGX_API_VERSION VK_MAKE_API_VERSION(0, 1, 3, VK_HEADER_VERSION)

/* Is an entry point visible for this API version and enabled extensions? */
bool agx_entrypoint_enabled(const struct agx_entrypoint *ep, uint32_t api_version,
                            const bool *instance_exts, const bool *device_exts);

#endif
