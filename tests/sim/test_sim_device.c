/*
 * Device-level ioctls: VERSION, GET_CAP, GET_PARAMS (M1 and M2 values,
 * truncated reads, MBZ checks), GET_TIME, unknown and unsupported ioctls,
 * and the AGX_SIM_MEMORY_MB cap.
 */
#include <unistd.h>

#include "sim_test_util.h"

static void
test_version(struct agx_sim *sim)
{
   char name[16] = {0}, date[32] = {0}, desc[64] = {0};
   struct drm_version v = {.name = name,
                           .name_len = sizeof(name) - 1,
                           .date = date,
                           .date_len = sizeof(date) - 1,
                           .desc = desc,
                           .desc_len = sizeof(desc) - 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_VERSION, &v), 0);
   CHECK(strcmp(name, "asahi") == 0);
   CHECK_EQ(v.name_len, 5);

   /* Length query without buffers, as drmGetVersion does first. */
   struct drm_version q = {0};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_VERSION, &q), 0);
   CHECK_EQ(q.name_len, 5);
}

static void
test_params(struct agx_sim *sim, uint32_t gen, uint32_t chip, uint32_t cores, uint32_t khz)
{
   struct drm_asahi_params_global p;
   memset(&p, 0xAB, sizeof(p));
   struct drm_asahi_get_params gp = {.pointer = (uintptr_t)&p, .size = sizeof(p)};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_PARAMS, &gp), 0);
   CHECK_EQ(p.features, 0);
   CHECK_EQ(p.gpu_generation, gen);
   CHECK_EQ(p.gpu_variant, 'G');
   CHECK_EQ(p.gpu_revision, 0x11);
   CHECK_EQ(p.chip_id, chip);
   CHECK_EQ(p.num_dies, 1);
   CHECK_EQ(p.num_clusters_total, 1);
   CHECK_EQ(p.num_cores_per_cluster, cores);
   CHECK_EQ(p.core_masks[0], (1ull << cores) - 1);
   CHECK_EQ(p.core_masks[1], 0);
   CHECK_EQ(p.max_frequency_khz, khz);
   CHECK_EQ(p.vm_start, 0x4000);
   CHECK_EQ(p.vm_end, 0x7FFFFF8000ull);
   CHECK_EQ(p.vm_kernel_min_size, 0x20000000ull);
   CHECK_EQ(p.max_commands_per_submission, 64);
   CHECK_EQ(p.max_attachments, 64);
   CHECK_EQ(p.command_timestamp_frequency_hz, 1000000000ull);
}

/* AGX_SIM_DEBUG=ioctl logs each ioctl and its result to stderr. */
static void
test_debug_log(void)
{
   setenv("AGX_SIM_DEBUG", "ioctl", 1);
   struct agx_sim *sim = sim_test_create();
   unsetenv("AGX_SIM_DEBUG");

   FILE *log = tmpfile();
   CHECK(log != NULL);
   if (!log)
      return;
   fflush(stderr);
   int saved = dup(STDERR_FILENO);
   dup2(fileno(log), STDERR_FILENO);
   struct drm_asahi_get_time t = {0};
   agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_TIME, &t);
   t.flags = 1;
   agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_TIME, &t);
   fflush(stderr);
   dup2(saved, STDERR_FILENO);
   close(saved);

   char text[512] = {0};
   rewind(log);
   size_t n = fread(text, 1, sizeof(text) - 1, log);
   fclose(log);
   CHECK(n > 0);
   CHECK(strstr(text, "agx-sim: DRM_IOCTL_ASAHI_GET_TIME -> 0\n") != NULL);
   CHECK(strstr(text, "agx-sim: DRM_IOCTL_ASAHI_GET_TIME -> -22\n") != NULL);
   agx_sim_destroy(sim);
}

int
main(void)
{
   test_debug_log();
   unsetenv("AGX_SIM_MEMORY_MB");
   struct agx_sim *sim = sim_test_create();

   test_version(sim);
   test_params(sim, 13, 0x8103, 8, 1278000);

   /* Old userspace with a shorter buffer: nothing past `size` is written. */
   uint8_t buf[32];
   memset(buf, 0xCD, sizeof(buf));
   struct drm_asahi_get_params gp = {.pointer = (uintptr_t)buf, .size = 16};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_PARAMS, &gp), 0);
   CHECK_EQ(buf[8], 13); /* gpu_generation */
   CHECK_EQ(buf[16], 0xCD);
   gp.param_group = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_PARAMS, &gp), -EINVAL);
   gp.param_group = 0;
   gp.pad = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_PARAMS, &gp), -EINVAL);
   struct drm_asahi_get_params null_ptr = {.pointer = 0, .size = 592};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_PARAMS, &null_ptr), -EFAULT);

   /* GET_TIME: monotonic nanoseconds. */
   struct drm_asahi_get_time t1 = {0}, t2 = {0};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_TIME, &t1), 0);
   int64_t now = sim_now_plus_ms(0);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_TIME, &t2), 0);
   CHECK((int64_t)t1.gpu_timestamp <= now && now <= (int64_t)t2.gpu_timestamp);
   t1.flags = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_TIME, &t1), -EINVAL);

   /* Caps, unknown and unsupported ioctls, NULL argument. */
   struct drm_get_cap cap = {.capability = DRM_CAP_SYNCOBJ_TIMELINE};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_GET_CAP, &cap), 0);
   CHECK_EQ(cap.value, 1);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOW(0x7f, uint64_t), &cap), -EINVAL);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GET_TIME, NULL), -EFAULT);
   struct drm_syncobj_handle h = {0};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h), -EOPNOTSUPP);
   struct drm_prime_handle ph = {0};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph), -EOPNOTSUPP);
   agx_sim_destroy(sim);

   /* M2 configuration. */
   struct agx_sim_config cfg = {.chip = AGX_SIM_CHIP_T8112};
   CHECK_EQ(agx_sim_create(&cfg, &sim), 0);
   test_params(sim, 14, 0x8112, 10, 1398000);
   agx_sim_destroy(sim);
   cfg.chip = 7;
   CHECK_EQ(agx_sim_create(&cfg, &sim), -EINVAL);

   /* Memory cap from the environment; invalid values are ignored. */
   setenv("AGX_SIM_MEMORY_MB", "1", 1);
   sim = sim_test_create();
   CHECK(sim_bo_create(sim, 512 * 1024, 0, 0) != 0);
   CHECK(sim_bo_create(sim, 512 * 1024, 0, 0) != 0);
   struct drm_asahi_gem_create c = {.size = PAGE};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &c), -ENOMEM);
   CHECK_EQ(sim_gem_close(sim, 1), 0);
   CHECK(sim_bo_create(sim, PAGE, 0, 0) != 0); /* freed memory is reusable */
   agx_sim_destroy(sim);

   setenv("AGX_SIM_MEMORY_MB", "lots", 1);
   sim = sim_test_create(); /* warns on stderr, default 8 GiB */
   uint32_t big = sim_bo_create(sim, 4 * GiB, 0, 0);
   CHECK(big != 0);
   c.size = 5 * GiB;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &c), -ENOMEM);
   agx_sim_destroy(sim);
   unsetenv("AGX_SIM_MEMORY_MB");

   return SIM_TEST_RESULT();
}
