/*
 * Private data slots (see agxv_private_data.h). One process-wide mutex
 * guards the list of live slots and their tables: objects are freed
 * without knowing their device, and private data is not a hot path.
 * Table: open addressing with linear probing over (handle, value) pairs;
 * key 0 is an empty entry and key 1 a deleted one (handles are aligned
 * pointers, never 0 or 1). It grows to keep used entries below 3/4.
 */
#include "agxv_private_data.h"

#include <pthread.h>

#include "agxv_alloc.h"
#include "agxv_device.h"

#define EMPTY 0u
#define DELETED 1u

struct agxv_private_entry {
   uint64_t key, value;
};

struct agxv_private_data_slot {
   struct agxv_private_data_slot *prev, *next; /* in the live list */
   VkAllocationCallbacks alloc;
   struct agxv_private_entry *entries;
   uint32_t capacity; /* power of two, or 0 */
   uint32_t used;     /* live + deleted entries */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_private_data_slot, VkPrivateDataSlot)

uint32_t agxv_private_data_slots_live;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct agxv_private_data_slot *live;

/* Tables are released with pfnFree directly: agxv_free would call back into
 * agxv_private_data_forget, under the lock. */
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
static struct agxv_private_entry *
find(struct agxv_private_data_slot *slot, uint64_t key)
{
   if (!slot->capacity)
      return NULL;
   uint32_t mask = slot->capacity - 1;
   for (uint32_t i = hash(key) & mask;; i = (i + 1) & mask) {
      struct agxv_private_entry *e = &slot->entries[i];
      if (e->key == key)
         return e;
      if (e->key == EMPTY)
         return NULL;
   }
}

/* Room for one more entry: rebuilds the table (dropping deleted entries)
 * into a larger one when it would pass 3/4 full. */
static VkResult
reserve(struct agxv_private_data_slot *slot)
{
   if ((slot->used + 1) * 4 <= slot->capacity * 3)
      return VK_SUCCESS;
   uint32_t live_count = 0;
   for (uint32_t i = 0; i < slot->capacity; i++)
      live_count += slot->entries[i].key > DELETED;
   uint32_t capacity = 16;
   while ((live_count + 1) * 4 > capacity * 3 / 2)
      capacity *= 2;
   struct agxv_private_entry *entries =
      agxv_zalloc(&slot->alloc, capacity * sizeof(*entries), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!entries)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   for (uint32_t i = 0; i < slot->capacity; i++) {
      const struct agxv_private_entry *e = &slot->entries[i];
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
agxv_private_data_forget(const void *ptr)
{
   pthread_mutex_lock(&lock);
   for (struct agxv_private_data_slot *s = live; s; s = s->next) {
      struct agxv_private_entry *e = find(s, (uint64_t)(uintptr_t)ptr);
      if (e)
         e->key = DELETED;
   }
   pthread_mutex_unlock(&lock);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreatePrivateDataSlot(VkDevice _device, const VkPrivateDataSlotCreateInfo *pCreateInfo,
                           const VkAllocationCallbacks *pAllocator, VkPrivateDataSlot *pSlot)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_private_data_slot *slot =
      agxv_zalloc(alloc, sizeof(*slot), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!slot)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   slot->alloc = *alloc;
   pthread_mutex_lock(&lock);
   slot->next = live;
   if (live)
      live->prev = slot;
   live = slot;
   __atomic_add_fetch(&agxv_private_data_slots_live, 1, __ATOMIC_RELAXED);
   pthread_mutex_unlock(&lock);
   *pSlot = agxv_private_data_slot_to_handle(slot);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyPrivateDataSlot(VkDevice _device, VkPrivateDataSlot _slot,
                            const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_private_data_slot, slot, _slot);
   if (!slot)
      return;
   pthread_mutex_lock(&lock);
   if (slot->prev)
      slot->prev->next = slot->next;
   else
      live = slot->next;
   if (slot->next)
      slot->next->prev = slot->prev;
   __atomic_sub_fetch(&agxv_private_data_slots_live, 1, __ATOMIC_RELAXED);
   pthread_mutex_unlock(&lock);
   raw_free(&slot->alloc, slot->entries);
   /* The slot itself may carry other slots' data: agxv_free forgets it. */
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   agxv_free(agxv_choose_alloc(&device->alloc, pAllocator), slot);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_SetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                    VkPrivateDataSlot _slot, uint64_t data)
{
   AGXV_FROM_HANDLE(agxv_private_data_slot, slot, _slot);
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&lock);
   struct agxv_private_entry *e = find(slot, objectHandle);
   if (e) {
      e->value = data;
   } else if ((result = reserve(slot)) == VK_SUCCESS) {
      uint32_t mask = slot->capacity - 1;
      uint32_t i = hash(objectHandle) & mask;
      while (slot->entries[i].key > DELETED)
         i = (i + 1) & mask;
      if (slot->entries[i].key == EMPTY)
         slot->used++;
      slot->entries[i] = (struct agxv_private_entry){objectHandle, data};
   }
   pthread_mutex_unlock(&lock);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                    VkPrivateDataSlot _slot, uint64_t *pData)
{
   AGXV_FROM_HANDLE(agxv_private_data_slot, slot, _slot);
   pthread_mutex_lock(&lock);
   const struct agxv_private_entry *e = find(slot, objectHandle);
   *pData = e ? e->value : 0;
   pthread_mutex_unlock(&lock);
}
