/*
 * UAPI layout at runtime: struct sizes, key offsets and ioctl numbers as
 * the compiler of this build sees them (the header pins them statically
 * too; this test makes the values visible in the test log).
 */
#include <stddef.h>

#include "sim_test_util.h"

int
main(void)
{
   static const struct {
      const char *name;
      size_t size, expected;
   } sizes[] = {
#define S(s, n) {#s, sizeof(struct s), n}
      S(drm_asahi_get_params, 24),      S(drm_asahi_params_global, 592),
      S(drm_asahi_vm_create, 24),       S(drm_asahi_vm_destroy, 8),
      S(drm_asahi_gem_create, 24),      S(drm_asahi_gem_mmap_offset, 16),
      S(drm_asahi_gem_bind_op, 32),     S(drm_asahi_vm_bind, 24),
      S(drm_asahi_gem_bind_object, 40), S(drm_asahi_queue_create, 24),
      S(drm_asahi_queue_destroy, 8),    S(drm_asahi_sync, 16),
      S(drm_asahi_cmd_header, 8),       S(drm_asahi_submit, 40),
      S(drm_asahi_attachment, 24),      S(drm_asahi_zls_buffer, 24),
      S(drm_asahi_timestamp, 8),        S(drm_asahi_timestamps, 16),
      S(drm_asahi_helper_program, 16),  S(drm_asahi_bg_eot, 8),
      S(drm_asahi_cmd_render, 240),     S(drm_asahi_cmd_compute, 64),
      S(drm_asahi_get_time, 16),
#undef S
   };
   for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
      printf("sizeof(struct %s) = %zu\n", sizes[i].name, sizes[i].size);
      CHECK_EQ(sizes[i].size, sizes[i].expected);
   }

   CHECK_EQ(offsetof(struct drm_asahi_params_global, vm_start), 552);
   CHECK_EQ(offsetof(struct drm_asahi_params_global, command_timestamp_frequency_hz), 584);
   CHECK_EQ(offsetof(struct drm_asahi_cmd_render, ts_frag), 224);
   CHECK_EQ(offsetof(struct drm_asahi_cmd_compute, ts), 48);

   static const struct {
      const char *name;
      unsigned long value, expected;
   } ioctls[] = {
#define I(n, v) {#n, (unsigned long)(n), v}
      I(DRM_IOCTL_ASAHI_GET_PARAMS, 0x40186440ul),
      I(DRM_IOCTL_ASAHI_GET_TIME, 0xC0106441ul),
      I(DRM_IOCTL_ASAHI_VM_CREATE, 0xC0186442ul),
      I(DRM_IOCTL_ASAHI_VM_DESTROY, 0x40086443ul),
      I(DRM_IOCTL_ASAHI_VM_BIND, 0x40186444ul),
      I(DRM_IOCTL_ASAHI_GEM_CREATE, 0xC0186445ul),
      I(DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, 0xC0106446ul),
      I(DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, 0xC0286447ul),
      I(DRM_IOCTL_ASAHI_QUEUE_CREATE, 0xC0186448ul),
      I(DRM_IOCTL_ASAHI_QUEUE_DESTROY, 0x40086449ul),
      I(DRM_IOCTL_ASAHI_SUBMIT, 0x4028644Aul),
#undef I
   };
   for (size_t i = 0; i < sizeof(ioctls) / sizeof(ioctls[0]); i++) {
      printf("%s = 0x%08lX\n", ioctls[i].name, ioctls[i].value);
      CHECK_EQ(ioctls[i].value, ioctls[i].expected);
   }
   CHECK_EQ(DRM_ASAHI_BARRIER_NONE, 0xFFFF);
   CHECK_EQ(DRM_ASAHI_MAX_CLUSTERS, 64);
   return SIM_TEST_RESULT();
}
