/*
 * A Vulkan 1.1 application handing over SPIR-V 1.4 (as Slang-built shaders
 * are): it enables VK_KHR_spirv_1_4 and its dependency
 * VK_KHR_shader_float_controls by name, which a 1.3 driver must still list
 * (both are core since 1.2), then runs a SPIR-V 1.4 shader with a
 * specialization constant and checks the words against the CPU.
 * test_spirv14 FIB14.spv [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

static uint32_t
fib(uint32_t n)
{
   uint32_t a = 0, b = 1;
   for (uint32_t k = 0; k < n; k++) {
      uint32_t t = a + b;
      a = b;
      b = t;
   }
   return a;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   size_t spv_size;
   uint32_t *words = agx_vk_read_spv(argv[1], &spv_size);
   CHECK(spv_size > 20 && words[1] == 0x00010400); /* the build made SPIR-V 1.4 */
   free(words);

   struct agx_vk_ctx c;
   agx_vk_ctx_instance_version(&c, argc, argv, VK_API_VERSION_1_1);
   const char *dev_exts[] = {VK_KHR_SPIRV_1_4_EXTENSION_NAME,
                             VK_KHR_SHADER_FLOAT_CONTROLS_EXTENSION_NAME};
   for (unsigned i = 0; i < 2; i++) {
      if (!agx_vk_ctx_has_extension(&c, dev_exts[i])) {
         fprintf(stderr, "%s is not listed\n", dev_exts[i]);
         return 1;
      }
   }
   agx_vk_ctx_device(&c, NULL, 2, dev_exts);

   const uint32_t count = 40; /* the specialization constant: words past it stay */
   VkSpecializationMapEntry entry = {0, 0, sizeof(count)};
   VkSpecializationInfo spec = {1, &entry, sizeof(count), &count};
   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p,
                   &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 1, .spec = &spec});
   struct agx_vk_buffer buf = agx_vk_buffer(&c, 64 * 4);
   uint32_t *map = (uint32_t *)buf.map;
   for (uint32_t i = 0; i < 64; i++)
      map[i] = i;
   agx_vk_pipeline_bind(&c, &p, &buf.buf);
   VK_OK(agx_vk_dispatch(&c, &p, NULL, 2, 1, 1));
   for (uint32_t i = 0; i < 64; i++) {
      uint32_t expect = i < count ? fib(i) : i;
      if (map[i] != expect) {
         fprintf(stderr, "word %u: %u, expected %u\n", i, map[i], expect);
         return 1;
      }
   }
   printf("spirv 1.4 fibonacci ok (fib(39) = %u)\n", map[39]);

   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &buf);
   return agx_vk_ctx_finish(&c);
}
