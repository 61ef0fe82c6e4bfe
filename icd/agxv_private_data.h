/*
 * VkPrivateDataSlot (Vulkan 1.3 privateData). Each slot has an index,
 * unique on its device and never reused; an object keeps its values in its
 * base (agxv_object.private_data, indexed by slot), so they go away with
 * the object and a new object starts with none (reads 0), with no table to
 * search when objects are freed (Mesa's vk_object_base keeps them in the
 * object too).
 */
#ifndef AGXV_PRIVATE_DATA_H
#define AGXV_PRIVATE_DATA_H

#include "agxv_object.h"

struct agxv_private_data_slot {
   struct agxv_object base;
   uint32_t index;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_private_data_slot, VkPrivateDataSlot,
                                 VK_OBJECT_TYPE_PRIVATE_DATA_SLOT)

#endif
