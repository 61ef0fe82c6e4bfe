/*
 * Private data slots (see agx_private_data.h). One process-wide mutex
 * guards the list of live slots and their tables: objects are freed
 * without knowing their device, and private data is not a hot path.
 * Table: open addressing with linear probing over (handle, value) pairs;
 * key 0 is an empty entry and key 1 a deleted one (handles are aligned
 * pointers, never 0 or 1). It grows to keep used entries below 3/4.
 */
#include "agx_private_data.h"

#include <pthread.h>

#include "agx_alloc.h"
#include "agx_device.h"

#define EMPTY 0u
#define DELETED 1u

struct agx_private_entry {
   uint64_t key, value;
};

struct agx_private_data_slot {
   struct agx_private_data_slot *prev, *next; /* in the live list */
   VkAllocationCallbacks alloc;
   struct agx_private_entry *entries;
   uint32_t capacity; /* power of two, or 0 */
   uint32_t used;     /* live + deleted entries */
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_private_data_slot, VkPrivateDataSlot)

uint32_t agx_private_data_slots_live;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct agx_private_data_slot *live;

/* Tables are released with pfnFree directly: agx_free would call back into
 * agx_private_data_forget, under the lock. */
static void
raw_free(const VkAllocationCallbacks *alloc, void *p)
{
   if (p)
      alloc->pfnFree(alloc->pUserData, p);
}

static uint32_t
hash(uint64_t key)
{
   key ^= key >> 33;
   key *= 0xff51afd7ed558ccdull;
   key ^= key >> 33;
   return (uint32_t)key;
}

/* The entry holding `key`, or NULL. */
static struct agx_private_entry *
find(struct agx_private_data_slot *slot, uint64_t key)
{
   if (!slot->capacity)
      return NULL;
   uint32_t mask = slot->capacity - 1;
   for (uint32_t i = hash(key) & mask;; i = (i + 1) & mask) {
      struct agx_private_entry *e = &slot->entries[i];
      if (e->key == key)
         return e;
      if (e->key == EMPTY)
         return NULL;
   }
}

/* Room for one more entry: rebuilds the table (dropping deleted entries)
 * into a larger one when it would pass 3/4 full. */
static VkResult
reserve(struct agx_private_data_slot *slot)
{
   if ((slot->used + 1) * 4 <= slot->capacity * 3)
      return VK_SUCCESS;
   uint32_t live_count = 0;
   for (uint32_t i = 0; i < slot->capacity; i++)
      live_count += slot->entries[i].key > DELETED;
   uint32_t capacity = 16;
   while ((live_count + 1) * 4 > capacity * 3 / 2)
      capacity *= 2;
   struct agx_private_entry *entries =
      agx_zalloc(&slot->alloc, capacity * sizeof(*entries), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!entries)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   for (uint32_t i = 0; i < slot->capacity; i++) {
      const struct agx_private_entry *e = &slot->entries[i];
      if (e->key <= DELETED)
         continue;
      uint32_t j = hash(e->key) & (capacity - 1);
      while (entries[j].key != EMPTY)
         j = (j + 1) & (capacity - 1);
      entries[j] = *e;
   }
   raw_free(&slot->alloc, slot->entries);
   slot->entries = entries;
   slot->capacity = capacity;
   slot->used = live_count;
   return VK_SUCCESS;
}

void
agx_private_data_forget(const void *ptr)
{
   pthread_mutex_lock(&lock);
   for (struct agx_private_data_slot *s = live; s; s = s->next) {
      struct agx_private_entry *e = find(s, (uint64_t)(uintptr_t)ptr);
      if (e)
         e->key = DELETED;
   }
   pthread_mutex_unlock(&lock);
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_CreatePrivateDataSlot(VkDevice _device, const VkPrivateDataSlotCreateInfo *pCreateInfo,
                          const VkAllocationCallbacks *pAllocator, VkPrivateDataSlot *pSlot)
{
   AGX_FROM_HANDLE(agx_device, device, _device);
   const VkAllocationCallbacks *alloc = agx_choose_alloc(&device->alloc, pAllocator);
   struct agx_private_data_slot *slot =
      agx_zalloc(alloc, sizeof(*slot), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!slot)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   slot->alloc = *alloc;
   pthread_mutex_lock(&lock);
   slot->next = live;
   if (live)
      live->prev = slot;
   live = slot;
   __atomic_add_fetch(&agx_private_data_slots_live, 1, __ATOMIC_RELAXED);
   pthread_mutex_unlock(&lock);
   *pSlot = agx_private_data_slot_to_handle(slot);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agx_DestroyPrivateDataSlot(VkDevice _device, VkPrivateDataSlot _slot,
                           const VkAllocationCallbacks *pAllocator)
{
   AGX_FROM_HANDLE(agx_private_data_slot, slot, _slot);
   if (!slot)
      return;
   pthread_mutex_lock(&lock);
   if (slot->prev)
      slot->prev->next = slot->next;
   else
      live = slot->next;
   if (slot->next)
      slot->next->prev = slot->prev;
   __atomic_sub_fetch(&agx_private_data_slots_live, 1, __ATOMIC_RELAXED);
   pthread_mutex_unlock(&lock);
   raw_free(&slot->alloc, slot->entries);
   /* The slot itself may carry other slots' data: agx_free forgets it. */
   AGX_FROM_HANDLE(agx_device, device, _device);
   agx_free(agx_choose_alloc(&device->alloc, pAllocator), slot);
}

VKAPI_ATTR VkResult VKAPI_CALL
agx_SetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                   VkPrivateDataSlot _slot, uint64_t data)
{
   AGX_FROM_HANDLE(agx_private_data_slot, slot, _slot);
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&lock);
   struct agx_private_entry *e = find(slot, objectHandle);
   if (e) {
      e->value = data;
   } else if ((result = reserve(slot)) == VK_SUCCESS) {
      uint32_t mask = slot->capacity - 1;
      uint32_t i = hash(objectHandle) & mask;
      while (slot->entries[i].key > DELETED)
         i = (i + 1) & mask;
      if (slot->entries[i].key == EMPTY)
         slot->used++;
      slot->entries[i] = (struct agx_private_entry){objectHandle, data};
   }
   pthread_mutex_unlock(&lock);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
agx_GetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                   VkPrivateDataSlot _slot, uint64_t *pData)
{
   AGX_FROM_HANDLE(agx_private_data_slot, slot, _slot);
   pthread_mutex_lock(&lock);
   const struct agx_private_entry *e = find(slot, objectHandle);
   *pData = e ? e->value : 0;
   pthread_mutex_unlock(&lock);
}
