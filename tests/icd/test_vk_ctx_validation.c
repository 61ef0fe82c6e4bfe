/*
 * The shared set-up's validation counting can fail: a pipeline of a shader
 * that needs features the device was created without (zero-initialised
 * workgroup memory, LocalSizeId) makes the Khronos layer report it after
 * instance creation, and agx_vk_ctx must count that. Also checks that a
 * message id the test allows is not counted.
 * test_vk_ctx_validation ZERO_INIT.spv --validation
 */
#include "agx_vk_ctx.h"

int
main(int argc, char **argv)
{
   CHECK(argc >= 3);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   CHECK(c.validation);
   agx_vk_ctx_device(&c, NULL, 0, NULL);

   const struct agx_vk_pipeline_desc desc = {.spv = argv[1], .buffers = 1, .first_binding = 1};
   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &desc);
   agx_vk_pipeline_free(&c, &p);
   const unsigned counted = c.messages;
   printf("%u messages counted\n", counted);
   CHECK(counted >= 1);

   agx_vk_ctx_allow(&c, "VUID-RuntimeSpirv-LocalSizeId-06434");
   agx_vk_pipeline(&c, &p, &desc);
   agx_vk_pipeline_free(&c, &p);
   CHECK(c.messages == counted + (counted - 1)); /* all but the allowed one again */

   c.messages = 0; /* provoked on purpose */
   return agx_vk_ctx_finish(&c);
}
