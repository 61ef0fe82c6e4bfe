/*
 * VK_EXT_shader_atomic_float through the loader (tests/compiler/shaders/
 * atomics_float.comp): 32-bit float atomicAdd, atomicExchange, atomicLoad
 * and atomicStore on buffer and shared memory, from several workgroups of
 * 64 invocations, against the CPU expectations of
 * tests/compiler/atomics_float_ref.h (exact sums of small integers and
 * halves; returned values checked as sets). Also checks which features the
 * device advertises: the buffer and shared 32-bit ones, nothing for images
 * or float64 on agx-vk.
 * test_atomic_float SHADER.spv [--validation] [--reference]
 */
#include <stdint.h>

#include "agx_vk_ctx.h"
#include "atomics_float_ref.h"

#define GROUPS 8

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *ext = VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME;
   if (c.reference && !agx_vk_ctx_has_extension(&c, ext)) {
      printf("the reference driver lacks %s: skipped\n", ext);
      return 77;
   }
   CHECK(agx_vk_ctx_has_extension(&c, ext));
   VkPhysicalDeviceShaderAtomicFloatFeaturesEXT have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   CHECK(have.shaderBufferFloat32Atomics && have.shaderBufferFloat32AtomicAdd &&
         have.shaderSharedFloat32Atomics && have.shaderSharedFloat32AtomicAdd);
   if (!c.reference) /* what agx-vk does not claim (see agxv_physical_device.c) */
      CHECK(!have.shaderBufferFloat64Atomics && !have.shaderBufferFloat64AtomicAdd &&
            !have.shaderSharedFloat64Atomics && !have.shaderSharedFloat64AtomicAdd &&
            !have.shaderImageFloat32Atomics && !have.shaderImageFloat32AtomicAdd &&
            !have.sparseImageFloat32Atomics && !have.sparseImageFloat32AtomicAdd);
   VkPhysicalDeviceShaderAtomicFloatFeaturesEXT want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
      .shaderBufferFloat32Atomics = VK_TRUE,
      .shaderBufferFloat32AtomicAdd = VK_TRUE,
      .shaderSharedFloat32Atomics = VK_TRUE,
      .shaderSharedFloat32AtomicAdd = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 1, &ext);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.spv = argv[1], .buffers = 3});
   const unsigned n = GROUPS * AF_LOCAL;
   struct agx_vk_buffer in = agx_vk_buffer(&c, n * 4);
   struct agx_vk_buffer acc = agx_vk_buffer(&c, af_acc_floats(GROUPS) * 4);
   struct agx_vk_buffer out = agx_vk_buffer(&c, n * 16);
   af_init(in.ptr, acc.ptr, GROUPS);
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[3]){in.buf, acc.buf, out.buf});
   VK_OK(agx_vk_dispatch(&c, &p, NULL, GROUPS, 1, 1));
   unsigned failures = af_check(in.ptr, acc.ptr, out.ptr, GROUPS);
   printf("float atomics: %u workgroups of %u invocations, %u mismatches\n", GROUPS, AF_LOCAL,
          failures);
   agx_vk_pipeline_free(&c, &p);
   agx_vk_buffer_free(&c, &in);
   agx_vk_buffer_free(&c, &acc);
   agx_vk_buffer_free(&c, &out);
   int rc = agx_vk_ctx_finish(&c);
   return failures ? 1 : rc;
}
