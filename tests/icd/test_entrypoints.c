/*
 * Every Vulkan 1.0-1.3 core command resolves to a non-NULL pointer through
 * the loader (argv[1]: the list generated from vk.xml by the driver's
 * entry-point generator), version rules are applied to vkGetDeviceProcAddr,
 * and a command the driver has not implemented yet answers with an error
 * instead of crashing.
 */
#include "agx_vk_ctx.h"

int
main(int argc, char **argv)
{
   CHECK(argc == 2);
   FILE *list = fopen(argv[1], "r");
   CHECK(list != NULL);

   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   VkInstance instance = c.instance;
   VkDevice device = c.dev;

   char name[256], level[32], version[16];
   unsigned total = 0, missing = 0;
   while (fscanf(list, "%255s %31s %15s", name, level, version) == 3) {
      /* Global commands are queried without an instance. */
      PFN_vkVoidFunction f = strcmp(level, "device") == 0   ? vkGetDeviceProcAddr(device, name)
                             : strcmp(level, "global") == 0 ? vkGetInstanceProcAddr(NULL, name)
                                                            : vkGetInstanceProcAddr(instance, name);
      if (f == NULL) {
         fprintf(stderr, "unresolved: %s (%s, %s)\n", name, level, version);
         missing++;
      }
      total++;
   }
   fclose(list);
   printf("%u core commands, %u unresolved\n", total, missing);
   CHECK(total > 200);
   CHECK(missing == 0);

   /* Unknown names and instance-level names through GDPA give NULL. */
   CHECK(vkGetDeviceProcAddr(device, "vkNotARealCommand") == NULL);
   CHECK(vkGetInstanceProcAddr(instance, "vkNotARealCommand") == NULL);

   /* A not-yet-implemented command returns an error code the spec allows. */
   /* (Y'CbCr conversions are not implemented; pick another when they are.) */
   VkSamplerYcbcrConversionCreateInfo yci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_CREATE_INFO,
      .format = VK_FORMAT_G8_B8R8_2PLANE_420_UNORM};
   VkSamplerYcbcrConversion conv = VK_NULL_HANDLE;
   PFN_vkCreateSamplerYcbcrConversion create_conv =
      (PFN_vkCreateSamplerYcbcrConversion)vkGetDeviceProcAddr(device,
                                                              "vkCreateSamplerYcbcrConversion");
   CHECK(create_conv != NULL);
   VkResult r = create_conv(device, &yci, NULL, &conv);
   CHECK(r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_FEATURE_NOT_PRESENT ||
         r == VK_ERROR_INITIALIZATION_FAILED);

   CHECK(agx_vk_ctx_finish(&c) == 0);

   /* An application asking for Vulkan 1.0 does not see 1.3 device commands. */
   agx_vk_ctx_instance_version(&c, argc, argv, VK_API_VERSION_1_0);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   device = c.dev;
   CHECK(vkGetDeviceProcAddr(device, "vkCmdSetCullMode") == NULL);
   CHECK(vkGetDeviceProcAddr(device, "vkGetBufferDeviceAddress") == NULL);
   CHECK(vkGetDeviceProcAddr(device, "vkCreateBuffer") != NULL);
   return agx_vk_ctx_finish(&c);
}
