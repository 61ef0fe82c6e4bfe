/*
 * Constant arrays indexed dynamically through the loader: tests/compiler's
 * const_table.comp (a uint[256], a vec4[16] and a struct[8] table) over
 * random indices, every word compared with the C reference of the same
 * formulas (const_table_ref.h). On agx the tables come from the shader's
 * constant data uploaded after its code (tests/compiler checks they take no
 * threadgroup memory); under validation; on lavapipe (--reference) the same
 * expectations hold.
 * test_const_table CONST_TABLE.spv [--validation] [--reference]
 */
#include <stdint.h>

#include "agx_vk_ctx.h"
#include "const_table_ref.h"

#define GROUPS 4u
#define N (64u * GROUPS)

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   agx_vk_ctx_device(&c, NULL, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 2});
   struct agx_vk_buffer bufs[2] = {agx_vk_buffer(&c, N * 4), agx_vk_buffer(&c, N * 16)};
   uint32_t *idx = (uint32_t *)bufs[0].map, *val = (uint32_t *)bufs[1].map;
   uint32_t seed = 12345;
   for (unsigned i = 0; i < N; i++) {
      seed = seed * 1664525u + 1013904223u;
      idx[i] = seed ^ (seed >> 13);
   }
   const VkBuffer handles[2] = {bufs[0].buf, bufs[1].buf};
   agx_vk_pipeline_bind(&c, &p, handles);
   VK_OK(agx_vk_dispatch(&c, &p, NULL, GROUPS, 1, 1));

   for (unsigned i = 0; i < N; i++)
      for (unsigned w = 0; w < 4; w++) {
         uint32_t want = const_table_ref(idx[i], w);
         if (val[4 * i + w] != want) {
            fprintf(stderr, "invocation %u word %u: 0x%08x, expected 0x%08x (index 0x%08x)\n", i, w,
                    val[4 * i + w], want, idx[i]);
            return 1;
         }
      }
   printf("constant tables indexed dynamically: %u invocations ok\n", N);

   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &bufs[0]);
   agx_vk_buffer_free(&c, &bufs[1]);
   return agx_vk_ctx_finish(&c);
}
