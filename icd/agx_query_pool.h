/* VkQueryPool (timestamp queries); see agx_query_pool.c for the design. */
#ifndef AGX_QUERY_POOL_H
#define AGX_QUERY_POOL_H

#include <stdint.h>

#include "agx_object.h"

struct agx_bo;

/* Bytes of pool memory per query: value u64, availability u32, zero u32. */
#define AGX_QUERY_STRIDE 16u

struct agx_query_pool {
   VkQueryType type;
   uint32_t count;
   struct agx_bo *bo;
   uint8_t *map;
   uint32_t ts_object; /* the BO bound as a timestamp object */
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_query_pool, VkQueryPool)

#endif
