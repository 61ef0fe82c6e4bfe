/*
 * Render-command timestamps (issue 17 item 1; UAPI drm_asahi_cmd_render
 * ts_vtx / ts_frag): with a bound timestamp object
 * (DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS), a render command writes four
 * u64 nanosecond values in phase order: vertex start <= vertex end <=
 * fragment start <= fragment end, all between the host's clock before the
 * submission and after the wait (command_timestamp_frequency_hz is 1e9);
 * the fragment phase of a frame with work in it takes time (end > start);
 * bytes next to the four are untouched.
 *
 * Assumes: the harness of sim_render_util.h; the simulator writes the
 * vertex end and fragment start between its two phases (agx_sim_exec.c).
 */
#include <stdlib.h>

#include "sim_render_util.h"

#define W 256
#define H 256

int
main(void)
{
   struct env e;
   env_init(&e);
   uint32_t bo = sim_bo_create(e.sim, 16384, 0, 0);
   uint64_t *ts = sim_bo_map(e.sim, bo, 16384);
   CHECK(ts != NULL);
   if (!ts)
      return SIM_TEST_RESULT();
   memset(ts, 0xEE, 16384);
   struct drm_asahi_gem_bind_object b = {.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
                                         .flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
                                         .handle = bo,
                                         .range = 16384};
   CHECK_EQ(agx_sim_ioctl(e.sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &b), 0);

   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   uint32_t fs = put_fs_text(&e, SIM_FS_ONE);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   const float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
   for (unsigned k = 0; k < 3; k++) {
      float v[8] = {cx[k], cy[k], 0.5f, 1, 0, 0, 0, 0};
      put_vertex(&e, k, v);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
   /* slots 1, 2, 4, 5 (bytes 8.. and 32..): 0, 3 and 6 stay untouched */
   f.ts_vtx = (struct drm_asahi_timestamps){{b.object_handle, 8}, {b.object_handle, 16}};
   f.ts_frag = (struct drm_asahi_timestamps){{b.object_handle, 32}, {b.object_handle, 40}};
   int64_t t0 = sim_now_plus_ms(0);
   CHECK(frame_submit(&f) == 1);
   int64_t t1 = sim_now_plus_ms(0);
   uint64_t vs = ts[1], ve = ts[2], fs0 = ts[4], fe = ts[5];
   printf("timestamps (ns after submission): vertex %lld..%lld, fragment %lld..%lld, wait %lld\n",
          (long long)(vs - (uint64_t)t0), (long long)(ve - (uint64_t)t0),
          (long long)(fs0 - (uint64_t)t0), (long long)(fe - (uint64_t)t0), (long long)(t1 - t0));
   CHECK(vs >= (uint64_t)t0 && vs <= ve && ve <= fs0 && fs0 < fe && fe <= (uint64_t)t1);
   CHECK(ts[0] == 0xEEEEEEEEEEEEEEEEull && ts[3] == 0xEEEEEEEEEEEEEEEEull &&
         ts[6] == 0xEEEEEEEEEEEEEEEEull);
   /* every pixel was shaded */
   unsigned lit = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         lit += rt32(&e, W * 4, 4, x, y, 0) == 1;
   CHECK_EQ(lit, W * H);
   struct drm_asahi_gem_bind_object u = {.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
                                         .object_handle = b.object_handle};
   CHECK_EQ(agx_sim_ioctl(e.sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &u), 0);
   CHECK_EQ(agx_sim_munmap(e.sim, ts, 16384), 0);
   env_fini(&e);
   return SIM_TEST_RESULT();
}
