/*
 * Primitive assembly, clipping, culling and the viewport transform
 * (graphics.md sections 2.4, 3.1-3.3; Vulkan's primitive topologies).
 *
 * Topologies: triangle list, strip and fan (Index List Primitive 6, 9,
 * 11); a restart entry starts a new strip/fan. CF bindings' "Flat vertex
 * k" and the Cull flat-shading vertex name vertex k of the hardware order.
 * Assumption (chosen so that Mesa's mapping - Vulkan FIRST -> vertex 0,
 * LAST -> 2, first-provoking fans -> 1, graphics.md 2.4 - gives Vulkan's
 * provoking vertices): strip triangle i is (i, i+1, i+2) with its facing
 * inverted for odd i (Vulkan's winding), fan triangle i is (0, i+1, i+2).
 * Points (Primitive 0) are squares (see point()), lines, line strips and
 * loops segments (see line()). Quads are not modelled yet (the command
 * faults as unmodelled).
 *
 * Clipping: against w > 0 (w >= W Clamp when PPP_CTRL enables it,
 * otherwise a tiny positive w), when Cull "Depth clip" is set against
 * 0 <= z <= w (Vulkan depth range), and against every clip distance that
 * Output Select enables (d >= 0; no enable mask beyond that, graphics.md
 * 2.3), in clip space, interpolating every
 * vertex output word linearly (Sutherland-Hodgman, result fanned from its
 * first vertex). Assumption: x and y are not clipped (an unbounded guard
 * band); window coordinates are clamped to +-2^24 pixels.
 * Viewport (PPP Viewport 0): x_w = Translate X + Scale X * x / w, likewise
 * y and z. Window x/y snap to 1/256 pixel (8 sub-pixel bits, the precision
 * Honeykrisp advertises; Assumption: round to nearest).
 * Facing: Vulkan's a = -1/2 sum(x_i y_i+1 - x_i+1 y_i) in framebuffer
 * space; with Cull "Front face CCW" a > 0 is front-facing, otherwise a < 0.
 * Cull front/back drop the matching triangles; zero-area ones are dropped.
 * Rasterizer discard (Cull or Cull 2 bit) drops everything.
 * Polygon mode (Fragment face Polygon mode of the triangle's facing, after
 * clipping and culling): Line draws the clipped polygon's boundary edges
 * as width-1 lines, Point its vertices as 1-pixel points, both keeping the
 * triangle's facing (for stencil) and viewport. Assumption: the fan's inner
 * diagonals of a clipped polygon are not edges. The edges and vertices
 * keep the polygon's depth slope for depth bias (Vulkan biases polygons in
 * every polygon mode; the object type stays Triangle, the only one Mesa
 * enables depth bias for, graphics.md 3.4); real lines and points get none.
 * Layer and viewport index (graphics.md 2.3): when Output Select "Render
 * target" or "Viewport target" is set, the UVS word after the position,
 * the 32-bit and 16-bit varyings (Varying Counts words) and the point size
 * holds the layer (bits 0-15) and viewport index (bits 16-31), taken from
 * the provoking vertex (Cull "Flat shading vertex"), for triangles, lines
 * and points alike. Assumptions: a layer
 * >= the command's layers or a viewport index >= Viewport count drops the
 * triangle; viewport i uses ISP scissor base + i.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agx_sim_raster.h"

#define MAX_POLY 24 /* 3 vertices + one per clip plane (19) */

struct cvert {
   uint32_t idx; /* record in r->vtx */
};

static bool
position_written(const struct agx_sim_vtx *v)
{
   return (v->written[0] & 0xF) == 0xF;
}

static float
wordf(const struct agx_sim_vtx *v, unsigned i)
{
   float f;
   memcpy(&f, &v->w[i], 4);
   return f;
}

/* New record = a + t (b - a) for every word (as floats). */
static bool
lerp_vertex(struct agx_sim_render *r, uint32_t a, uint32_t b, double t, unsigned words,
            uint32_t *out)
{
   struct agx_sim_vtx *vt =
      agx_sim_render_grow(r, r->vtx, &r->cap_vtx, r->nvtx + 1, sizeof(struct agx_sim_vtx));
   if (!vt)
      return false;
   r->vtx = vt;
   struct agx_sim_vtx *n = &r->vtx[r->nvtx];
   const struct agx_sim_vtx *va = &r->vtx[a], *vb = &r->vtx[b];
   memset(n, 0, sizeof(*n));
   for (unsigned i = 0; i < words; i++) {
      double x = wordf(va, i), y = wordf(vb, i);
      float f = (float)(x + t * (y - x));
      memcpy(&n->w[i], &f, 4);
   }
   for (unsigned i = 0; i < AGX_SIM_UVS_MAX / 8; i++)
      n->written[i] = va->written[i] & vb->written[i];
   *out = r->nvtx++;
   return true;
}

/* Clip planes: 0 w >= wmin, 1 z >= 0, 2 z <= w, 3 + i clip distance i
 * (its UVS word in word[i]). */
struct clip_cfg {
   double wmin;
   unsigned word[16];
};

static double
plane_dist(const struct agx_sim_vtx *v, unsigned p, const struct clip_cfg *cc)
{
   double z = wordf(v, 2), w = wordf(v, 3);
   switch (p) {
   case 0:
      return w - cc->wmin;
   case 1:
      return z;
   case 2:
      return w - z;
   default:
      return wordf(v, cc->word[p - 3]);
   }
}

/* Output Select clip plane bits as a mask. */
static unsigned
clip_plane_mask(const struct AGX_OUTPUT_SELECT *o)
{
   const bool b[16] = {
      o->clip_distance_plane_0,  o->clip_distance_plane_1,  o->clip_distance_plane_2,
      o->clip_distance_plane_3,  o->clip_distance_plane_4,  o->clip_distance_plane_5,
      o->clip_distance_plane_6,  o->clip_distance_plane_7,  o->clip_distance_plane_8,
      o->clip_distance_plane_9,  o->clip_distance_plane_10, o->clip_distance_plane_11,
      o->clip_distance_plane_12, o->clip_distance_plane_13, o->clip_distance_plane_14,
      o->clip_distance_plane_15,
   };
   unsigned m = 0;
   for (unsigned i = 0; i < 16; i++)
      m |= (unsigned)b[i] << i;
   return m;
}

static bool
clip_poly(struct agx_sim_render *r, uint32_t *poly, unsigned *n, unsigned planes,
          const struct clip_cfg *cc, unsigned words)
{
   for (unsigned p = 0; p < 19; p++) {
      if (!(planes & (1u << p)) || *n == 0)
         continue;
      uint32_t out[MAX_POLY];
      unsigned m = 0;
      for (unsigned i = 0; i < *n; i++) {
         uint32_t a = poly[i], b = poly[(i + 1) % *n];
         double da = plane_dist(&r->vtx[a], p, cc), db = plane_dist(&r->vtx[b], p, cc);
         if (da >= 0)
            out[m++] = a;
         if ((da >= 0) != (db >= 0)) {
            uint32_t nv;
            if (!lerp_vertex(r, a, b, da / (da - db), words, &nv))
               return false;
            out[m++] = nv;
         }
      }
      memcpy(poly, out, m * sizeof(uint32_t));
      *n = m;
   }
   return true;
}

/* The clip planes of a primitive of draw `draw` with vertices v[0..n)
 * (see the header comment): w always, depth when Cull "Depth clip", and
 * every clip distance Output Select enables (UVS words after the varyings,
 * point size and layer/viewport word, one per enabled plane, graphics.md
 * 2.3). False (GPU fault) when a vertex lacks an enabled distance. */
static bool
clip_setup(struct agx_sim_render *r, uint32_t draw, const struct agx_sim_vtx *const *v, unsigned n,
           struct clip_cfg *cc, unsigned *planes)
{
   const struct agx_sim_draw *d = &r->draws[draw];
   const struct agx_sim_ppp *s = &d->ppp;
   unsigned words = d->vdm.outputs.output_count_1;
   cc->wmin = (r->cmd->ppp_ctrl & 2) && s->w_clamp > 0 ? s->w_clamp : 1e-30;
   *planes = 1u | (s->cull.depth_clip ? 6u : 0u);
   unsigned cd = clip_plane_mask(&s->output_select);
   unsigned word = 4 + s->counts32.smooth + s->counts32.flat + s->counts32.linear +
                   s->counts16.smooth + s->counts16.flat + s->counts16.linear +
                   (s->output_select.point_size ? 1 : 0) +
                   (s->output_select.render_target || s->output_select.viewport_target ? 1 : 0);
   for (unsigned i = 0; i < 16; i++) {
      if (!(cd & (1u << i)))
         continue;
      for (unsigned k = 0; k < n; k++) {
         if (word >= words || !(v[k]->written[word / 8] & (1u << (word % 8)))) {
            agx_sim_usc_error(r->gpu, AGX_SIM_GPU_FIDELITY, 0,
                              "draw %u: Output Select enables clip plane %u but the vertex "
                              "shader did not write its UVS word %u",
                              draw, i, word);
            return false;
         }
      }
      cc->word[i] = word++;
      *planes |= 1u << (3 + i);
   }
   return true;
}

static bool append_prim(struct agx_sim_render *r, struct agx_sim_prim *p);

/* Window position of one vertex: x/y in 1/256 pixel, z, 1/w; lines also
 * keep x/y in 1/65536 pixel (lx, ly; 0 when not computed: fx, fy used). */
struct wpos {
   int64_t fx, fy;
   double z, inv_w;
   uint32_t vtx;
   int64_t lx, ly;
   bool fine;
};

/* The two triangles of a point square of `size` pixels centred on v (see
 * point()). */
static bool
point_square(struct agx_sim_render *r, uint32_t draw, const struct wpos *v, double size,
             uint16_t layer, unsigned vpi, bool back, const struct agx_sim_prim *poly)
{
   int64_t fx = v->fx, fy = v->fy, h = llround(size * 128);
   const int64_t qx[2][3] = {{fx - h, fx + h, fx - h}, {fx + h, fx + h, fx - h}};
   const int64_t qy[2][3] = {{fy - h, fy - h, fy + h}, {fy - h, fy + h, fy + h}};
   for (unsigned t = 0; t < 2; t++) {
      struct agx_sim_prim p;
      memset(&p, 0, sizeof(p));
      p.draw = draw;
      p.layer = layer;
      p.viewport = (uint8_t)vpi;
      p.point = true;
      p.backfacing = back;
      p.point_x0 = (double)(fx - h) / 256, p.point_y0 = (double)(fy - h) / 256;
      p.point_size = (double)(2 * h) / 256;
      if (poly)
         p.poly_bias = true, p.poly_m = poly->poly_m, p.poly_zmax = poly->poly_zmax;
      for (unsigned i = 0; i < 3; i++) {
         p.fx[i] = qx[t][i], p.fy[i] = qy[t][i];
         p.z[i] = v->z;
         p.inv_w[i] = v->inv_w;
         p.vtx[i] = v->vtx;
      }
      if (!append_prim(r, &p))
         return false;
   }
   return true;
}

/* A line segment a -> b (see line()) in window coordinates. Two models:
 * - Bresenham (one sample per pixel, or Cull "Primitive MSAA", which
 *   Honeykrisp sets for VK_LINE_RASTERIZATION_MODE_BRESENHAM lines): stored
 *   as the triangle (a, b, a + perpendicular) whose third vertex repeats
 *   a's record, so the plane through it interpolates along the segment
 *   (attributes constant across it; a segment shorter than 1/256 pixel
 *   gets a third vertex one pixel along x instead); coverage is the
 *   parallelogram below tested at the pixel centre from endpoints in
 *   1/65536 pixel, every sample of a covered pixel covered
 *   (agx_sim_raster.c line_covered).
 * - otherwise, with several samples: Vulkan's non-strict parallelogram
 *   (edges of length 1 along the minor axis centred on the endpoints,
 *   edges parallel to the segment), sampled at the sample positions with
 *   the polygon tie rules, as two triangles (a - h, b - h, a + h) and
 *   (a + h, b - h, b + h) whose a-end vertices carry a's record and b-end
 *   ones b's, which is the interpolation the specification describes.
 * Assumption: the meaning of Primitive MSAA is not public (graphics.md
 * 3.5); this model matches Honeykrisp's use of it and dEQP-VK's
 * multisample line cases (raster_samples primitive_line needs partially
 * covered pixels for default-mode lines), and keeps single-sampled default
 * lines one pixel per major-axis column, the Bresenham lines the driver
 * advertises (nonStrictSinglePixelWideLinesUseParallelogram = false). */
static bool
line_segment(struct agx_sim_render *r, uint32_t draw, const struct wpos *a, const struct wpos *b,
             uint16_t layer, unsigned vpi, bool back, const struct agx_sim_prim *poly)
{
   struct agx_sim_prim p;
   memset(&p, 0, sizeof(p));
   p.draw = draw;
   p.layer = layer;
   p.viewport = (uint8_t)vpi;
   p.backfacing = back;
   if (poly)
      p.poly_bias = true, p.poly_m = poly->poly_m, p.poly_zmax = poly->poly_zmax;
   int64_t lx[2] = {a->fine ? a->lx : a->fx * 256, b->fine ? b->lx : b->fx * 256};
   int64_t ly[2] = {a->fine ? a->ly : a->fy * 256, b->fine ? b->ly : b->fy * 256};
   if (lx[0] == lx[1] && ly[0] == ly[1])
      return true; /* zero length */
   bool msaa_quad = r->cmd->samples > 1 && !r->draws[draw].ppp.cull.primitive_msaa;
   if (msaa_quad && a->fx == b->fx && a->fy == b->fy)
      return true; /* zero length at the 8 bits of the sample grid */
   if (msaa_quad) {
      int64_t dx = b->fx - a->fx, dy = b->fy - a->fy;
      bool xmajor = llabs(dx) >= llabs(dy);
      int64_t hx = xmajor ? 0 : 128, hy = xmajor ? 128 : 0; /* half a pixel, minor axis */
      const struct wpos *e[2][3] = {{a, b, a}, {a, b, b}};
      const int sg[2][3] = {{-1, -1, 1}, {1, -1, 1}};
      p.line_quad = true;
      for (unsigned t = 0; t < 2; t++) {
         for (unsigned i = 0; i < 3; i++) {
            p.fx[i] = e[t][i]->fx + sg[t][i] * hx;
            p.fy[i] = e[t][i]->fy + sg[t][i] * hy;
            p.z[i] = e[t][i]->z, p.inv_w[i] = e[t][i]->inv_w, p.vtx[i] = e[t][i]->vtx;
         }
         if (!append_prim(r, &p))
            return false;
      }
      return true;
   }
   p.line = true;
   const struct wpos *e[2] = {a, b};
   for (unsigned i = 0; i < 2; i++) {
      p.fx[i] = e[i]->fx, p.fy[i] = e[i]->fy;
      p.z[i] = e[i]->z, p.inv_w[i] = e[i]->inv_w, p.vtx[i] = e[i]->vtx;
      p.lx[i] = lx[i], p.ly[i] = ly[i];
   }
   if (p.fx[1] == p.fx[0] && p.fy[1] == p.fy[0]) {
      /* shorter than 1/256 pixel: attributes blend over one pixel along x
       * from the first endpoint (a plane needs a non-zero extent) */
      p.fx[1] = p.fx[0] + 256;
   }
   p.fx[2] = p.fx[0] - (p.fy[1] - p.fy[0]);
   p.fy[2] = p.fy[0] + (p.fx[1] - p.fx[0]);
   p.z[2] = p.z[0], p.inv_w[2] = p.inv_w[0], p.vtx[2] = p.vtx[0];
   return append_prim(r, &p);
}

/* Polygon mode Line / Point (Fragment face of the triangle's facing): the
 * edges in `edges` (bit i: vertex i -> i + 1 mod 3) as lines of width 1,
 * or their first vertices as points of size 1 (polygonModePointSize is
 * false: Assumption that the hardware ignores the UVS point size here). */
static bool
polygon_edges(struct agx_sim_render *r, const struct agx_sim_prim *t, unsigned mode, unsigned edges)
{
   struct agx_sim_prim poly = *t;
   agx_sim_raster_depth_slope(t, &poly.poly_m, &poly.poly_zmax);
   struct wpos v[3];
   for (unsigned i = 0; i < 3; i++)
      v[i] = (struct wpos){t->fx[i], t->fy[i], t->z[i], t->inv_w[i], t->vtx[i]};
   for (unsigned i = 0; i < 3; i++) {
      if (!(edges & (1u << i)))
         continue;
      bool ok =
         mode == AGX_POLYGON_MODE_LINE
            ? line_segment(r, t->draw, &v[i], &v[(i + 1) % 3], t->layer, t->viewport, t->backfacing,
                           &poly)
            : point_square(r, t->draw, &v[i], 1.0, t->layer, t->viewport, t->backfacing, &poly);
      if (!ok)
         return false;
   }
   return true;
}

static bool
emit_triangle(struct agx_sim_render *r, uint32_t draw, const uint32_t v[3], uint16_t layer,
              unsigned vpi, bool flip, unsigned edges)
{
   const struct agx_sim_draw *d = &r->draws[draw];
   const struct agx_sim_ppp *s = &d->ppp;
   struct agx_sim_prim p;
   memset(&p, 0, sizeof(p));
   p.draw = draw;
   p.layer = layer;
   p.viewport = (uint8_t)vpi;
   const struct AGX_VIEWPORT *vp = &s->viewport[vpi];
   double wx[3], wy[3];
   for (unsigned i = 0; i < 3; i++) {
      const struct agx_sim_vtx *x = &r->vtx[v[i]];
      double w = wordf(x, 3);
      double iw = 1.0 / w;
      wx[i] = vp->translate_x + vp->scale_x * (wordf(x, 0) * iw);
      wy[i] = vp->translate_y + vp->scale_y * (wordf(x, 1) * iw);
      p.z[i] = vp->translate_z + vp->scale_z * (wordf(x, 2) * iw);
      p.inv_w[i] = iw;
      double cx = fmin(fmax(wx[i], -16777216.0), 16777216.0);
      double cy = fmin(fmax(wy[i], -16777216.0), 16777216.0);
      p.fx[i] = llround(cx * 256.0);
      p.fy[i] = llround(cy * 256.0);
      p.vtx[i] = v[i];
   }
   /* Vulkan: a = -1/2 sum(x_i y_{i+1} - x_{i+1} y_i) (in 1/256^2 units) */
   __int128 sum = 0;
   for (unsigned i = 0; i < 3; i++) {
      unsigned j = (i + 1) % 3;
      sum += (__int128)p.fx[i] * p.fy[j] - (__int128)p.fx[j] * p.fy[i];
   }
   if (sum == 0)
      return true;                 /* zero area */
   bool a_pos = (sum < 0) != flip; /* a = -sum/2 */
   bool front = s->cull.front_face_ccw ? a_pos : !a_pos;
   if ((front && s->cull.cull_front) || (!front && s->cull.cull_back))
      return true;
   p.backfacing = !front;
   unsigned mode = front ? s->front.polygon_mode : s->back.polygon_mode;
   if (mode == AGX_POLYGON_MODE_LINE || mode == AGX_POLYGON_MODE_POINT)
      return polygon_edges(r, &p, mode, edges);
   return append_prim(r, &p);
}

/* Bounding box, framebuffer rejection and append. */
static bool
append_prim(struct agx_sim_render *r, struct agx_sim_prim *pp)
{
   struct agx_sim_prim p = *pp;
   p.prim_id = r->cur_prim_id;
   int64_t minx = INT64_MAX, miny = INT64_MAX, maxx = INT64_MIN, maxy = INT64_MIN;
   for (unsigned i = 0; i < 3; i++) {
      minx = p.fx[i] < minx ? p.fx[i] : minx;
      maxx = p.fx[i] > maxx ? p.fx[i] : maxx;
      miny = p.fy[i] < miny ? p.fy[i] : miny;
      maxy = p.fy[i] > maxy ? p.fy[i] : maxy;
   }
   /* pixels whose centres (or samples) may be covered: conservative box */
   int64_t x0 = (minx >> 8) - 1, x1 = (maxx >> 8) + 2, y0 = (miny >> 8) - 1, y1 = (maxy >> 8) + 2;
   int64_t W = r->cmd->width_px, H = r->cmd->height_px;
   x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
   x1 = x1 > W ? W : x1, y1 = y1 > H ? H : y1;
   if (x0 >= x1 || y0 >= y1)
      return true;
   p.x0 = (int32_t)x0, p.x1 = (int32_t)x1, p.y0 = (int32_t)y0, p.y1 = (int32_t)y1;
   struct agx_sim_prim *pr =
      agx_sim_render_grow(r, r->prims, &r->cap_prims, r->nprims + 1, sizeof(*pr));
   if (!pr)
      return false;
   r->prims = pr;
   r->prims[r->nprims++] = p;
   return true;
}

/* Layer and viewport index of a primitive from its provoking vertex src
 * (see the header comment); *drop when out of range. */
static bool
layer_viewport(struct agx_sim_render *r, uint32_t draw, const struct agx_sim_vtx *src,
               uint16_t *layer, unsigned *vpi, bool *drop)
{
   const struct agx_sim_draw *d = &r->draws[draw];
   const struct agx_sim_ppp *s = &d->ppp;
   *drop = false;
   if (!s->output_select.render_target && !s->output_select.viewport_target)
      return true;
   unsigned words = d->vdm.outputs.output_count_1;
   unsigned word = 4 + s->counts32.smooth + s->counts32.flat + s->counts32.linear +
                   s->counts16.smooth + s->counts16.flat + s->counts16.linear +
                   (s->output_select.point_size ? 1 : 0);
   if (word >= words || !(src->written[word / 8] & (1u << (word % 8)))) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_FIDELITY, 0,
                        "draw %u: Output Select asks for a layer/viewport word (UVS word %u) "
                        "the vertex shader did not write",
                        draw, word);
      return false;
   }
   uint32_t lv = src->w[word];
   if (s->output_select.render_target)
      *layer = (uint16_t)(lv & 0xFFFF);
   if (s->output_select.viewport_target)
      *vpi = lv >> 16;
   *drop = *layer >= r->cmd->layers || *vpi >= s->viewport_count;
   return true;
}

static bool
triangle(struct agx_sim_render *r, uint32_t draw, uint32_t a, uint32_t b, uint32_t c,
         uint16_t layer, bool flip)
{
   const struct agx_sim_draw *d = &r->draws[draw];
   const struct agx_sim_vtx *v[3] = {&r->vtx[a], &r->vtx[b], &r->vtx[c]};
   for (unsigned i = 0; i < 3; i++) {
      if (!position_written(v[i])) {
         agx_sim_usc_error(r->gpu, AGX_SIM_GPU_FIDELITY, 0,
                           "vertex shader did not write the position (UVS words 0-3) of a "
                           "vertex of draw %u",
                           draw);
         return false;
      }
   }
   unsigned words = d->vdm.outputs.output_count_1;
   unsigned vpi = 0;
   bool drop = false;
   unsigned pv = d->ppp.cull.flat_shading_vertex ? d->ppp.cull.flat_shading_vertex - 1 : 0;
   if (!layer_viewport(r, draw, v[pv > 2 ? 0 : pv], &layer, &vpi, &drop))
      return false;
   if (drop)
      return true;
   struct clip_cfg cc;
   unsigned planes;
   if (!clip_setup(r, draw, v, 3, &cc, &planes))
      return false;
   unsigned outside = 0, inside = 0;
   for (unsigned p = 0; p < 19; p++) {
      if (!(planes & (1u << p)))
         continue;
      unsigned in = 0;
      for (unsigned i = 0; i < 3; i++)
         in += plane_dist(v[i], p, &cc) >= 0;
      if (in == 0)
         outside = 1;
      if (in == 3)
         inside |= 1u << p;
   }
   if (outside)
      return true;
   if (inside == planes) {
      uint32_t t[3] = {a, b, c};
      return emit_triangle(r, draw, t, layer, vpi, flip, 7);
   }
   /* Assumption: a clipped triangle's pieces keep vertex 0 of the polygon
    * as their first vertex; flat varyings of clipped triangles use the
    * clipped vertex records, which interpolate to the same value only when
    * the attribute is constant (as flat attributes of one triangle are in
    * practice). */
   uint32_t poly[MAX_POLY] = {a, b, c};
   unsigned n = 3;
   if (!clip_poly(r, poly, &n, planes, &cc, words))
      return false;
   for (unsigned i = 1; i + 1 < n; i++) {
      uint32_t t[3] = {poly[0], poly[i], poly[i + 1]};
      /* polygon edges only: not the fan's inner diagonals */
      unsigned edges = 2u | (i == 1 ? 1u : 0u) | (i + 2 == n ? 4u : 0u);
      if (!emit_triangle(r, draw, t, layer, vpi, flip, edges))
         return false;
   }
   return true;
}

/* A point: a square of the UVS point size (Output Select Point size; 1.0
 * otherwise) centred on the vertex, as two triangles sharing the vertex's
 * record, so the top-left rule covers exactly [c - s/2, c + s/2) in x and
 * y. A point is clipped whole when its vertex fails the w, depth-clip or an
 * enabled clip-distance plane (Vulkan "Primitive Clipping": a point is
 * passed unchanged when inside, discarded otherwise; x/y as for other
 * primitives are not clipped). Assumptions: the size is clamped to [1, 511.9375] and rounded to
 * 1/16 (graphics.md 3.5); points are front-facing and never culled. */
static bool
point(struct agx_sim_render *r, uint32_t draw, uint32_t vi, uint16_t layer)
{
   const struct agx_sim_draw *d = &r->draws[draw];
   const struct agx_sim_ppp *s = &d->ppp;
   const struct agx_sim_vtx *v = &r->vtx[vi];
   if (!position_written(v)) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_FIDELITY, 0,
                        "vertex shader did not write the position of a point of draw %u", draw);
      return false;
   }
   unsigned vpi = 0;
   bool drop = false;
   if (!layer_viewport(r, draw, v, &layer, &vpi, &drop))
      return false;
   if (drop)
      return true;
   double x = wordf(v, 0), y = wordf(v, 1), z = wordf(v, 2), w = wordf(v, 3);
   struct clip_cfg cc;
   unsigned planes;
   if (!clip_setup(r, draw, &v, 1, &cc, &planes))
      return false;
   for (unsigned p = 0; p < 19; p++)
      if ((planes & (1u << p)) && plane_dist(v, p, &cc) < 0)
         return true;
   double size = 1.0;
   if (s->output_select.point_size) {
      unsigned word = 4 + s->counts32.smooth + s->counts32.flat + s->counts32.linear +
                      s->counts16.smooth + s->counts16.flat + s->counts16.linear;
      if (word >= d->vdm.outputs.output_count_1 || !(v->written[word / 8] & (1u << (word % 8)))) {
         agx_sim_usc_error(r->gpu, AGX_SIM_GPU_FIDELITY, 0,
                           "draw %u: Output Select asks for a point size (UVS word %u) the "
                           "vertex shader did not write",
                           draw, word);
         return false;
      }
      size = wordf(v, word);
      size = size != size ? 1.0 : fmin(fmax(size, 1.0), 511.9375);
      size = nearbyint(size * 16) / 16;
   }
   const struct AGX_VIEWPORT *vp = &s->viewport[vpi];
   double cx = vp->translate_x + vp->scale_x * (x / w);
   double cy = vp->translate_y + vp->scale_y * (y / w);
   cx = fmin(fmax(cx, -16777216.0), 16777216.0);
   cy = fmin(fmax(cy, -16777216.0), 16777216.0);
   struct wpos c = {llround(cx * 256), llround(cy * 256), vp->translate_z + vp->scale_z * (z / w),
                    1.0 / w, vi};
   return point_square(r, draw, &c, size, layer, vpi, false, NULL);
}

/* A line segment a -> b (width 1), clipped in clip space against the
 * planes of clip_setup() (Vulkan: the part of the segment inside the clip
 * volume is kept; new endpoints interpolate every vertex output word
 * linearly, as clip_poly() does for triangles), then projected and
 * rasterised by line_segment(). Assumptions: only width 1 (Fragment face
 * Line width 15, i.e. 4:4 fixed point 1.0) is modelled; lines are
 * front-facing; the layer and viewport come from the provoking vertex
 * (Cull Flat shading vertex 3 names the second). */
static bool
line(struct agx_sim_render *r, uint32_t draw, uint32_t a, uint32_t b, uint16_t layer)
{
   const struct agx_sim_draw *d = &r->draws[draw];
   const struct agx_sim_ppp *s = &d->ppp;
   if (s->front.line_width != 15) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0,
                        "draw %u: line width field %u (only width 1 is modelled)", draw,
                        s->front.line_width);
      return false;
   }
   uint32_t vi[2] = {a, b};
   const struct agx_sim_vtx *v[2] = {&r->vtx[a], &r->vtx[b]};
   for (unsigned i = 0; i < 2; i++) {
      if (!position_written(v[i])) {
         agx_sim_usc_error(r->gpu, AGX_SIM_GPU_FIDELITY, 0,
                           "vertex shader did not write the position of a line of draw %u", draw);
         return false;
      }
   }
   unsigned pv = s->cull.flat_shading_vertex > 1 ? 1 : 0;
   unsigned vpi = 0;
   bool drop = false;
   if (!layer_viewport(r, draw, v[pv], &layer, &vpi, &drop))
      return false;
   if (drop)
      return true;
   struct clip_cfg cc;
   unsigned planes;
   if (!clip_setup(r, draw, v, 2, &cc, &planes))
      return false;
   /* parametric clip: keep t in [t0, t1] */
   double t0 = 0, t1 = 1;
   for (unsigned p = 0; p < 19; p++) {
      if (!(planes & (1u << p)))
         continue;
      double da = plane_dist(v[0], p, &cc), db = plane_dist(v[1], p, &cc);
      if (da < 0 && db < 0)
         return true;
      if (da < 0)
         t0 = fmax(t0, da / (da - db));
      else if (db < 0)
         t1 = fmin(t1, da / (da - db));
   }
   if (t0 >= t1)
      return true;
   unsigned words = d->vdm.outputs.output_count_1;
   if (t0 > 0 && !lerp_vertex(r, a, b, t0, words, &vi[0]))
      return false;
   if (t1 < 1 && !lerp_vertex(r, a, b, t1, words, &vi[1]))
      return false;
   struct wpos e[2];
   const struct AGX_VIEWPORT *vp = &s->viewport[vpi];
   for (unsigned i = 0; i < 2; i++) {
      const struct agx_sim_vtx *x = &r->vtx[vi[i]]; /* r->vtx may have moved */
      double px = wordf(x, 0), py = wordf(x, 1), pz = wordf(x, 2), w = wordf(x, 3);
      double wx = fmin(fmax(vp->translate_x + vp->scale_x * (px / w), -16777216.0), 16777216.0);
      double wy = fmin(fmax(vp->translate_y + vp->scale_y * (py / w), -16777216.0), 16777216.0);
      e[i] = (struct wpos){llround(wx * 256),
                           llround(wy * 256),
                           vp->translate_z + vp->scale_z * (pz / w),
                           1.0 / w,
                           vi[i],
                           llround(wx * 65536),
                           llround(wy * 65536),
                           true};
   }
   return line_segment(r, draw, &e[0], &e[1], layer, vpi, false, NULL);
}

bool
agx_sim_prim_assemble(struct agx_sim_render *r, uint32_t draw, unsigned topology,
                      const uint32_t *verts, uint32_t count, uint16_t layer)
{
   const struct agx_sim_ppp *s = &r->draws[draw].ppp;
   if (s->cull.rasterizer_discard || s->cull2.rasterizer_discard)
      return true;
   if (!s->has_viewport || !s->has_cull) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "draw %u without Viewport / Cull PPP state",
                        draw);
      return false;
   }
   /* PrimitiveID: input primitives of this instance counted from 0,
    * across restarts (Vulkan "Primitive ID": reset per instance) */
   uint32_t pid = 0;
   if (topology == AGX_PRIMITIVE_POINTS) {
      for (uint32_t i = 0; i < count; i++) {
         if (verts[i] == UINT32_MAX)
            continue;
         r->cur_prim_id = pid++;
         if (!point(r, draw, verts[i], layer))
            return false;
      }
      return true;
   }
   if (topology == AGX_PRIMITIVE_LINES || topology == AGX_PRIMITIVE_LINE_STRIP ||
       topology == AGX_PRIMITIVE_LINE_LOOP) {
      uint32_t i = 0;
      while (i < count) {
         uint32_t start = i;
         while (i < count && verts[i] != UINT32_MAX)
            i++;
         const uint32_t *v = verts + start;
         uint32_t n = i - start;
         i++;
         uint32_t step = topology == AGX_PRIMITIVE_LINES ? 2 : 1;
         for (uint32_t k = 0; k + 1 < n; k += step) {
            r->cur_prim_id = pid++;
            if (!line(r, draw, v[k], v[k + 1], layer))
               return false;
         }
         if (topology == AGX_PRIMITIVE_LINE_LOOP && n > 2) {
            r->cur_prim_id = pid++; /* the closing line is a primitive too */
            if (!line(r, draw, v[n - 1], v[0], layer))
               return false;
         }
      }
      return true;
   }
   if (topology != AGX_PRIMITIVE_TRIANGLES && topology != AGX_PRIMITIVE_TRIANGLE_STRIP &&
       topology != AGX_PRIMITIVE_TRIANGLE_FAN) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "primitive type %u is not modelled",
                        topology);
      return false;
   }
   uint32_t i = 0;
   while (i < count) {
      /* one run between restarts */
      uint32_t start = i;
      while (i < count && verts[i] != UINT32_MAX)
         i++;
      const uint32_t *v = verts + start;
      uint32_t n = i - start;
      i++;
      if (topology == AGX_PRIMITIVE_TRIANGLES) {
         for (uint32_t k = 0; k + 2 < n; k += 3) {
            r->cur_prim_id = pid++;
            if (!triangle(r, draw, v[k], v[k + 1], v[k + 2], layer, false))
               return false;
         }
      } else if (topology == AGX_PRIMITIVE_TRIANGLE_STRIP) {
         for (uint32_t k = 0; k + 2 < n; k++) {
            r->cur_prim_id = pid++;
            if (!triangle(r, draw, v[k], v[k + 1], v[k + 2], layer, k % 2))
               return false;
         }
      } else {
         for (uint32_t k = 0; k + 2 < n; k++) {
            r->cur_prim_id = pid++;
            if (!triangle(r, draw, v[0], v[k + 1], v[k + 2], layer, false))
               return false;
         }
      }
   }
   return true;
}
