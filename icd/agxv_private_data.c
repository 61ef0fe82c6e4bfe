/*
 * Private data slots (see agxv_private_data.h). Values live in the objects;
 * the device's private_data_mutex guards them (vkSetPrivateData may grow an
 * object's array while another thread reads it). Private data is not a
 * hot path.
 */
#include "agxv_private_data.h"

#include <pthread.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreatePrivateDataSlot(VkDevice _device, const VkPrivateDataSlotCreateInfo *pCreateInfo,
                           const VkAllocationCallbacks *pAllocator, VkPrivateDataSlot *pSlot)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   struct agxv_private_data_slot *slot =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator), sizeof(*slot),
                         VK_OBJECT_TYPE_PRIVATE_DATA_SLOT);
   if (!slot)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   slot->index = __atomic_fetch_add(&device->private_data_slots, 1, __ATOMIC_RELAXED);
   *pSlot = agxv_private_data_slot_to_handle(slot);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyPrivateDataSlot(VkDevice _device, VkPrivateDataSlot _slot,
                            const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_private_data_slot, slot, _slot);
   /* Objects keep the slot's values until they go; its index is never reused. */
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), slot);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_SetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                    VkPrivateDataSlot _slot, uint64_t data)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_private_data_slot, slot, _slot);
   struct agxv_object *obj = agxv_object_from_u64(objectHandle, objectType);
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&device->private_data_mutex);
   if (slot->index >= obj->private_count) {
      uint32_t count = obj->private_count ? obj->private_count : 4;
      while (count <= slot->index)
         count *= 2;
      uint64_t *values =
         agxv_alloc(&device->alloc, count * sizeof(*values), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (values) {
         memset(values, 0, count * sizeof(*values));
         if (obj->private_count)
            memcpy(values, obj->private_data, obj->private_count * sizeof(*values));
         agxv_free(&device->alloc, obj->private_data);
         obj->private_data = values;
         obj->private_count = count;
      } else {
         result = VK_ERROR_OUT_OF_HOST_MEMORY;
      }
   }
   if (result == VK_SUCCESS)
      obj->private_data[slot->index] = data;
   pthread_mutex_unlock(&device->private_data_mutex);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                    VkPrivateDataSlot _slot, uint64_t *pData)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_private_data_slot, slot, _slot);
   const struct agxv_object *obj = agxv_object_from_u64(objectHandle, objectType);
   pthread_mutex_lock(&device->private_data_mutex);
   *pData = slot->index < obj->private_count ? obj->private_data[slot->index] : 0;
   pthread_mutex_unlock(&device->private_data_mutex);
}
