/*
 * One render command (drm_asahi_cmd_render, uapi.md section 3): checks the
 * fields the model consumes, then runs the vertex/tiling phase (VDM) and
 * the fragment phase (tiles). See agx_sim_render.h.
 *
 * Refused as a GPU fault (the kernel accepts the command; the firmware
 * would fail it): sample_size_B not a multiple of 8, a tilebuffer larger
 * than 32 KiB per utile (sample_size_B x samples x utile pixels, graphics.md
 * 5.2), isp_zls_pixels smaller than the framebuffer while ZLS Control
 * loads or stores, a missing BG or EOT program. The vertex phase runs with
 * vertex_helper, the fragment phase with fragment_helper (the helper
 * program that maps stacks, usc/agx_sim_helper.h). Sample positions come from
 * ppp_multisamplectl (one byte per sample, (y << 4) | x in 1/16 pixel).
 * partial_bg/partial_eot run only for the partial renders that
 * AGX_SIM_PARTIAL_PRIMS forces. Not consumed yet: isp_merge_upper_x/y,
 * NO_VERTEX_CLUSTERING and VERTEX_SCRATCH.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_sim_render.h"

void *
agx_sim_render_grow(struct agx_sim_render *r, void *arr, uint32_t *cap, uint32_t need, size_t elem)
{
   if (need <= *cap)
      return arr;
   uint64_t n = *cap ? *cap : 64;
   while (n < need)
      n *= 2;
   /* host-memory guard: at most 512 MiB per array (about a million
    * vertex records); the hardware's TVB would split such a pass into
    * partial renders, which the model does not need to do */
   if (n > (1u << 26) || n * elem > (512ull << 20)) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0,
                        "render command needs more vertices or primitives than the model keeps "
                        "(%llu x %zu bytes)",
                        (unsigned long long)n, elem);
      return NULL;
   }
   void *p = realloc(arr, (size_t)n * elem);
   if (!p) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "out of host memory");
      return NULL;
   }
   *cap = (uint32_t)n;
   return p;
}

static bool
check_cmd(struct agx_sim_render *r)
{
   const struct drm_asahi_cmd_render *c = r->cmd;
   uint64_t tb = (uint64_t)c->sample_size_B * c->samples * c->utile_width_px * c->utile_height_px;
   const char *why = NULL;
   if (c->sample_size_B % 8)
      why = "sample_size_B is not a multiple of 8";
   else if (tb > 32768)
      why = "the tilebuffer (sample_size_B x samples x utile) exceeds 32 KiB";
   else if (!c->vdm_ctrl_stream_base)
      why = "no VDM control stream";
   if (why) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "malformed render command: %s", why);
      return false;
   }
   for (unsigned s = 0; s < 4; s++) {
      unsigned b = (unsigned)(c->ppp_multisamplectl >> (8 * s)) & 0xFF;
      r->sample_pos[s][0] = (float)(b & 15) / 16.0f;
      r->sample_pos[s][1] = (float)(b >> 4) / 16.0f;
   }
   const char *env = getenv("AGX_SIM_PARTIAL_PRIMS");
   if (env) {
      char *end;
      unsigned long v = strtoul(env, &end, 0);
      r->partial_prims = *env && !*end && v < (1ul << 30) ? (uint32_t)v : 0;
   }
   r->tiles_x = (c->width_px + AGX_SIM_TILE - 1) / AGX_SIM_TILE;
   r->tiles_y = (c->height_px + AGX_SIM_TILE - 1) / AGX_SIM_TILE;
   return true;
}

bool
agx_sim_render_run(struct agx_sim_gpu *gpu, const struct drm_asahi_cmd_render *cmd,
                   void (*between)(void *user), void *user)
{
   struct agx_sim_render *r = calloc(1, sizeof(*r));
   if (!r) {
      agx_sim_usc_error(gpu, AGX_SIM_GPU_ILLEGAL, 0, "out of host memory");
      return false;
   }
   r->gpu = gpu;
   r->cmd = cmd;
   /* each phase runs with its helper program (stack memory of spilling
    * shaders), which gets END when the phase is over */
   const struct drm_asahi_helper_program *vh = &cmd->vertex_helper, *fh = &cmd->fragment_helper;
   bool ok = check_cmd(r) && agx_sim_usc_helper_begin(gpu, vh->binary, vh->cfg, vh->data);
   if (ok) {
      ok = agx_sim_vdm_run(r);
      ok = agx_sim_usc_helper_end(gpu) && ok;
   }
   if (between)
      between(user);
   if (ok && agx_sim_usc_helper_begin(gpu, fh->binary, fh->cfg, fh->data)) {
      ok = agx_sim_tile_run(r);
      ok = agx_sim_usc_helper_end(gpu) && ok;
   } else {
      ok = false;
   }
   for (uint32_t i = 0; i < r->ndraws; i++)
      if (r->draws[i].fs)
         agx_sim_usc_state_destroy(r->draws[i].fs);
   free(r->draws);
   free(r->vtx);
   free(r->prims);
   free(r);
   return ok;
}
