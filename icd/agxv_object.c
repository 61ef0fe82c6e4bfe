/* The object base (agxv_object.h): set-up and release of what every object
 * carries. Private data values are allocated from the owning device's
 * allocator, since vkSetPrivateData takes none. */
#include "agxv_object.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"

void
agxv_object_init(struct agxv_object *obj, struct agxv_device *device, VkObjectType type)
{
   memset(obj, 0, sizeof(*obj));
   set_loader_magic_value(obj);
   obj->type = type;
   obj->device = device;
}

void
agxv_object_finish(struct agxv_object *obj)
{
   if (obj->private_data)
      agxv_free(&obj->device->alloc, obj->private_data);
   obj->private_data = NULL;
   obj->private_count = 0;
}

void *
agxv_object_zalloc(struct agxv_device *device, const VkAllocationCallbacks *alloc, size_t size,
                   VkObjectType type)
{
   struct agxv_object *obj = agxv_zalloc(alloc, size, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (obj)
      agxv_object_init(obj, device, type);
   return obj;
}

void
agxv_object_free(const VkAllocationCallbacks *alloc, void *obj)
{
   if (!obj)
      return;
   agxv_object_finish(obj);
   agxv_free(alloc, obj);
}
