/*
 * VkPrivateDataSlot (Vulkan 1.3 privateData). Each slot maps object handles
 * to 64-bit values in a hash table; an object never set reads 0.
 * Every driver object is one host allocation whose address is its handle
 * and is released through agxv_free, which tells this module
 * (agxv_private_data_forget) so a later object at the same address starts
 * at 0 again rather than inheriting a destroyed object's data.
 */
#ifndef AGXV_PRIVATE_DATA_H
#define AGXV_PRIVATE_DATA_H

#include <stdint.h>

/* Non-zero while any private data slot exists (read without a lock). */
extern uint32_t agxv_private_data_slots_live;

/* Drops every slot's value for the object at `ptr` (being freed). */
void agxv_private_data_forget(const void *ptr);

#endif
