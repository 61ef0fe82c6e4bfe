/*
 * The render data masters: one drm_asahi_cmd_render run as the hardware
 * does it in two phases (shared/reference/graphics.md sections 1.1, 11):
 * the vertex/tiling phase walks the VDM stream (agx_sim_vdm.c), applies
 * PPP state updates (agx_sim_ppp.c), runs vertex shaders and assembles,
 * clips, culls and projects primitives (agx_sim_prim.c); the fragment
 * phase processes the frame tile by tile (agx_sim_tile.c): background
 * program, ZLS load/clear, rasterisation (agx_sim_raster.c), fragment
 * shaders, end-of-tile program, ZLS store.
 *
 * Assumes: the shader core is used only through usc/agx_sim_usc.h; the
 * caller holds the VM access lock for the whole command. The binned
 * primitive list is unbounded (no TVB overflow); AGX_SIM_PARTIAL_PRIMS=N
 * forces partial renders every N primitives to exercise the driver's
 * partial BG/EOT programs (graphics.md 1.5).
 */
#ifndef AGX_SIM_RENDER_H
#define AGX_SIM_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "drm-uapi/asahi_drm.h"
#include "agx_pack.h"
#include "agx_sim_usc.h"

#define AGX_SIM_UVS_MAX 128 /* hardware limit of vertex output words */
#define AGX_SIM_TILE 32     /* binning tile, pixels */

/* PPP state, retained across draws of one VDM stream (graphics.md 1.3). */
struct agx_sim_ppp {
   struct AGX_FRAGMENT_CONTROL fc;
   /* the second Fragment Control word (the linked fragment shader's bits); its tag write
    * disable turns the fragment shader off (Mesa hk_cmd_draw.c hk_flush_ppp_state sets it
    * there for draws without one: "seems to be ignored (sometimes?) in the main fragment
    * control word") */
   struct AGX_FRAGMENT_CONTROL fc2;
   struct AGX_FRAGMENT_FACE front, back;
   struct AGX_FRAGMENT_FACE_2 front2, back2;
   struct AGX_FRAGMENT_STENCIL front_stencil, back_stencil;
   struct AGX_DEPTH_BIAS_SCISSOR dbs;
   unsigned viewport_count;
   struct AGX_VIEWPORT viewport[16];
   struct AGX_REGION_CLIP region[16];
   float w_clamp;
   struct AGX_OUTPUT_SELECT output_select;
   struct AGX_VARYING_COUNTS counts32, counts16;
   struct AGX_CULL cull;
   struct AGX_CULL_2 cull2;
   struct AGX_FRAGMENT_SHADER_WORD_0 fs0;
   struct AGX_FRAGMENT_SHADER_WORD_1 fs1;
   struct AGX_FRAGMENT_SHADER_WORD_2 fs2;
   struct AGX_FRAGMENT_OCCLUSION_QUERY oq;
   uint32_t output_size;
   bool has_viewport, has_fs, has_cull;
};

/* VDM state, retained across draws. */
struct agx_sim_vdm_state {
   uint32_t restart_index;
   struct AGX_VDM_STATE_VERTEX_SHADER_WORD_0 vs0;
   struct AGX_VDM_STATE_VERTEX_SHADER_WORD_1 vs1;
   struct AGX_VDM_STATE_VERTEX_OUTPUTS outputs;
   struct AGX_VDM_STATE_VERTEX_UNKNOWN vunk;
   bool has_vs, has_outputs;
};

/* State of one draw, snapshotted when its Index List executes. */
struct agx_sim_draw {
   struct agx_sim_ppp ppp;
   struct agx_sim_vdm_state vdm;
   struct agx_sim_dispatch *fs; /* fragment USC state, created on first use */
   bool fs_failed;
   struct agx_sim_usc_info fs_info;
   unsigned nbind; /* CF bindings (Fragment Shader Word 0 count) */
   struct AGX_CF_BINDING bind[128];
   unsigned slots32; /* CF binding header: Number of 32-bit slots */
   unsigned cf_count;
};

/* One vertex after the vertex shader. */
struct agx_sim_vtx {
   uint32_t w[AGX_SIM_UVS_MAX];
   uint8_t written[AGX_SIM_UVS_MAX / 8]; /* words st_var wrote */
};

/* A projected triangle, binned to the tiles its bounding box touches. */
struct agx_sim_prim {
   uint32_t draw; /* index into render->draws */
   uint16_t layer;
   uint8_t viewport; /* viewport index (selects viewport and scissor base + i) */
   bool point;       /* half of a point sprite: no depth bias */
   double point_x0, point_y0, point_size; /* sprite's top-left corner and size (pixels) */
   bool line; /* a line: vertices 0-1 are the segment (agx_sim_raster.c) */
   /* a line's endpoints in 1/65536 pixel for coverage (agx_sim_raster.c;
    * Assumption: line setup keeps more than the 8 sub-pixel bits of fx/fy) */
   int64_t lx[2], ly[2];
   /* half of a multisampled line's parallelogram (agx_sim_prim.c
    * line_segment()): a triangle, vertex 0 on the first endpoint's side,
    * vertex 1 on the second's; flat bindings and depth bias as lines */
   bool line_quad;
   /* an edge or vertex of a polygon drawn in polygon mode Line / Point:
    * depth bias uses the polygon's depth slope and largest |z| (Vulkan
    * biases the fragments of polygons in every polygon mode) */
   bool poly_bias;
   double poly_m, poly_zmax;
   bool backfacing;
   /* window coordinates in 1/256 pixel (8 sub-pixel bits), and z */
   int64_t fx[3], fy[3];
   double z[3], inv_w[3];
   int32_t x0, y0, x1, y1; /* covered pixel bounding box (inclusive-exclusive) */
   uint8_t provoking;      /* not used by flat CF bindings, which name a vertex */
   uint32_t prim_id;       /* input primitive index in its draw instance (PrimitiveID) */
   uint32_t vtx[3];        /* indices into render->vtx (post-clip copies) */
};

struct agx_sim_render {
   struct agx_sim_gpu *gpu;
   const struct drm_asahi_cmd_render *cmd;
   unsigned tiles_x, tiles_y;
   uint32_t partial_prims; /* AGX_SIM_PARTIAL_PRIMS: split the fragment phase (0 = never) */
   float sample_pos[4][2];
   /* vertex/tiling phase results */
   struct agx_sim_draw *draws;
   uint32_t ndraws, cap_draws;
   struct agx_sim_vtx *vtx;
   uint32_t nvtx, cap_vtx;
   struct agx_sim_prim *prims;
   uint32_t nprims, cap_prims;
   uint32_t cur_prim_id; /* PrimitiveID of the primitive being assembled */
   /* current stream state */
   struct agx_sim_ppp ppp;
   struct agx_sim_vdm_state vdm;
};

/* agx_sim_render.c. `between` (may be NULL) is called with `user` once the
 * vertex/tiling phase is over and before the fragment phase starts (the
 * kernel model writes ts_vtx.end and ts_frag.start there). */
bool agx_sim_render_run(struct agx_sim_gpu *gpu, const struct drm_asahi_cmd_render *cmd,
                        void (*between)(void *user), void *user);
void *agx_sim_render_grow(struct agx_sim_render *r, void *arr, uint32_t *cap, uint32_t need,
                          size_t elem);

/* agx_sim_ppp.c: apply the PPP update of `words` words at va. */
bool agx_sim_ppp_update(struct agx_sim_render *r, uint64_t va, unsigned words);

/* agx_sim_vdm.c: walk the VDM stream, running every draw's vertex stage. */
bool agx_sim_vdm_run(struct agx_sim_render *r);

/* agx_sim_prim.c: assemble, clip, cull and project the primitives of a draw
 * from its vertices (indices into r->vtx, in draw order; UINT32_MAX =
 * restart). */
bool agx_sim_prim_assemble(struct agx_sim_render *r, uint32_t draw, unsigned topology,
                           const uint32_t *verts, uint32_t count, uint16_t layer);

/* agx_sim_tile.c: the fragment phase. */
bool agx_sim_tile_run(struct agx_sim_render *r);

#endif
