/* Prints the physical devices the loader reports ("devices N" and names);
 * used by the environment-variable tests. */
#include "agx_test.h"

int
main(void)
{
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   VkInstance instance;
   VkResult r = vkCreateInstance(&ici, NULL, &instance);
   if (r != VK_SUCCESS) {
      printf("instance error %d\n", (int)r);
      return 0;
   }
   VkPhysicalDevice pdevs[4];
   uint32_t n = 4;
   r = vkEnumeratePhysicalDevices(instance, &n, pdevs);
   if (r != VK_SUCCESS && r != VK_INCOMPLETE)
      n = 0;
   printf("devices %u\n", n);
   for (uint32_t i = 0; i < n; i++) {
      VkPhysicalDeviceProperties p;
      vkGetPhysicalDeviceProperties(pdevs[i], &p);
      printf("device %s\n", p.deviceName);
   }
   vkDestroyInstance(instance, NULL);
   return 0;
}
