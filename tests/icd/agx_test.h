/* Minimal checking helpers for the Vulkan-level tests (through the loader). */
#ifndef AGX_TEST_H
#define AGX_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define CHECK(cond)                                                               \
   do {                                                                           \
      if (!(cond)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
         exit(1);                                                                 \
      }                                                                           \
   } while (0)

#define CHECK_VK(expr, expected)                                                            \
   do {                                                                                     \
      VkResult r_ = (expr);                                                                 \
      if (r_ != (expected)) {                                                               \
         fprintf(stderr, "%s:%d: %s returned %d, expected %d\n", __FILE__, __LINE__, #expr, \
                 (int)r_, (int)(expected));                                                 \
         exit(1);                                                                           \
      }                                                                                     \
   } while (0)

#define VK_OK(expr) CHECK_VK(expr, VK_SUCCESS)

#endif
