/*
 * Subgroup-scope memory-model cases shaped as dEQP-VK.memory_model's
 * (message passing and write-after-read at subgroup scope, payload and
 * guard in buffers or workgroup memory; issue 16 saw the device lost on
 * them): shaders/mm_subgroup.comp compiled per variant
 * (mm_subgroup_<war><payload shared><guard shared>.spv) on 31 x 31
 * workgroups, 2 x 2 of them, as dEQP sizes them. Invocations whose
 * partner lane is absent leave before a subgroupBarrier; the others must
 * finish (no watchdog), report no failed check, and leave their payload
 * and guard words in the states the test allows: MP payload[i] = i, WAR
 * payload[i] = i or 0 (partner not seen yet), guard[i] = 1.
 * test_memory_model_sg SPV_DIR [--validation] [--reference]
 */
#include <stdbool.h>
#include <stdint.h>

#include "agx_vk_ctx.h"

#define DIM 31
#define EACH 2
#define N (DIM * DIM * EACH * EACH)

static const char *const variants[] = {"001", "101", "011", "111", "000", "100", "010", "110"};

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   static struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan12Features want = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .vulkanMemoryModel = VK_TRUE,
      .vulkanMemoryModelDeviceScope = VK_TRUE};
   agx_vk_ctx_device(&c, &want, 0, NULL);

   struct agx_vk_pipeline p;
   agx_vk_pipeline(&c, &p, &(struct agx_vk_pipeline_desc){.buffers = 3});
   struct agx_vk_buffer bufs[3] = {agx_vk_buffer(&c, N * 4), agx_vk_buffer(&c, N * 4),
                                   agx_vk_buffer(&c, N * 4)};
   uint32_t *payload = (uint32_t *)bufs[0].map, *guard = (uint32_t *)bufs[1].map,
            *fail = (uint32_t *)bufs[2].map;
   agx_vk_pipeline_bind(&c, &p, (VkBuffer[3]){bufs[0].buf, bufs[1].buf, bufs[2].buf});

   for (unsigned vi = 0; vi < sizeof(variants) / sizeof(variants[0]); vi++) {
      const char *v = variants[vi];
      bool war = v[0] == '1', pshared = v[1] == '1', gshared = v[2] == '1';
      char path[1024];
      snprintf(path, sizeof(path), "%s/mm_subgroup_%s.spv", argv[1], v);
      VkShaderModule m = agx_vk_shader(&c, path);
      int32_t spec[2] = {DIM, EACH};
      VkSpecializationMapEntry e[2] = {{0, 0, 4}, {1, 4, 4}};
      VkSpecializationInfo si = {2, e, 8, spec};
      p.pipeline = agx_vk_compute_pipeline(&c, p.layout, m, &si, 0, NULL);
      memset(payload, 0, N * 4);
      memset(guard, 0, N * 4);
      memset(fail, 0, N * 4);
      VK_OK(agx_vk_dispatch(&c, &p, NULL, EACH, EACH, 1));
      unsigned ran = 0;
      for (uint32_t i = 0; i < N; i++) {
         if (fail[i]) {
            fprintf(stderr, "variant %s: invocation %u failed its check\n", v, i);
            return 1;
         }
         if (!pshared)
            CHECK(payload[i] == 0 || payload[i] == i);
         if (!gshared)
            CHECK(guard[i] == 0 || guard[i] == 1);
         ran += gshared ? (!pshared && payload[i] == i) : guard[i] == 1;
      }
      /* Most invocations ran: only lanes whose partner lane is absent
       * leave (how invocations form subgroups is the implementation's:
       * agx-vk loses one lane per workgroup, lavapipe one per row). The
       * payload and guard both in workgroup memory, or a WAR guard there,
       * leave nothing in buffers to count. */
      if (!(pshared && gshared) && !(war && gshared))
         CHECK(ran >= N * 3 / 4);
      printf("variant %s (%s, payload %s, guard %s) ok: %u invocations ran\n", v,
             war ? "write after read" : "message passing", pshared ? "shared" : "buffer",
             gshared ? "shared" : "buffer", ran);
      vkDestroyPipeline(c.dev, p.pipeline, NULL);
      p.pipeline = VK_NULL_HANDLE;
      vkDestroyShaderModule(c.dev, m, NULL);
   }
   agx_vk_pipeline_free(&c, &p);
   for (unsigned i = 0; i < 3; i++)
      agx_vk_buffer_free(&c, &bufs[i]);
   return agx_vk_ctx_finish(&c);
}
