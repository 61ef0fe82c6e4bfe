/*
 * The terrain scene on the CPU (see terrain_scene.h): gradient-noise height field with ridged
 * mountains rising toward the far edges, colour and normal maps derived from it (grass, dry meadow,
 * rock on slopes, snow on high flat ground), camera and sun, and the patch grid.
 * Assumes: the maps are stored with gamma 2 (shaders square the colour), normals packed as
 * n * 0.5 + 0.5; heights are world units.
 */
#include "terrain_scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agx_tess_host.h"
#include "terrain_math.h"

/* ---- noise ---------------------------------------------------------------------------------- */

static uint32_t
hash2(int32_t x, int32_t y)
{
   uint32_t h = (uint32_t)x * 0x8da6b343u ^ (uint32_t)y * 0xd8163841u;
   h ^= h >> 13;
   h *= 0x85ebca6bu;
   h ^= h >> 16;
   return h;
}

/* 256 unit gradients around the circle, indexed by the lattice hash. */
static float grad_table[256][2];

static void
grad_init(void)
{
   for (int i = 0; i < 256; i++) {
      float a = (float)i * (6.2831853f / 256.0f);
      grad_table[i][0] = cosf(a);
      grad_table[i][1] = sinf(a);
   }
}

/* Gradient noise in [-1, 1] with a quintic fade. */
static float
noise2(float x, float y)
{
   float fx = floorf(x), fy = floorf(y);
   int32_t ix = (int32_t)fx, iy = (int32_t)fy;
   float tx = x - fx, ty = y - fy;
   float w[2][2];
   for (int j = 0; j < 2; j++) {
      for (int i = 0; i < 2; i++) {
         const float *g = grad_table[hash2(ix + i, iy + j) & 255];
         w[j][i] = g[0] * (tx - i) + g[1] * (ty - j);
      }
   }
   float ux = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
   float uy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
   float r =
      (w[0][0] + (w[0][1] - w[0][0]) * ux) * (1 - uy) + (w[1][0] + (w[1][1] - w[1][0]) * ux) * uy;
   return r * 1.4f;
}

static float
fbm(float x, float y, int octaves)
{
   float sum = 0, amp = 0.5f;
   for (int o = 0; o < octaves; o++) {
      sum += amp * noise2(x, y);
      /* rotate a little between octaves to hide the lattice */
      float nx = 1.6f * x + 1.2f * y + 3.1f, ny = -1.2f * x + 1.6f * y + 7.7f;
      x = nx, y = ny, amp *= 0.5f;
   }
   return sum;
}

static float
ridged(float x, float y, int octaves)
{
   float sum = 0, amp = 0.55f, weight = 1.0f;
   for (int o = 0; o < octaves; o++) {
      float n = 1.0f - fabsf(noise2(x, y));
      n = n * n * weight;
      weight = fminf(1.0f, n * 1.8f);
      sum += amp * n;
      float nx = 1.7f * x + 1.1f * y + 5.3f, ny = -1.1f * x + 1.7f * y + 1.9f;
      x = nx, y = ny, amp *= 0.5f;
   }
   return sum;
}

static float
smooth01(float a, float b, float x)
{
   float t = fminf(fmaxf((x - a) / (b - a), 0.0f), 1.0f);
   return t * t * (3 - 2 * t);
}

/* The height of the ground at (x, z), with detail down to `octaves`. */
static float
ground(float x, float z, int octaves)
{
   float px = x / TERRAIN_SIZE * 3.0f, pz = z / TERRAIN_SIZE * 3.0f;
   float hills = fbm(px + 11.0f, pz + 4.0f, octaves) * 3.0f;
   float far = smooth01(24.0f, 60.0f, fmaxf(x, z)) + 0.35f * smooth01(10.0f, 40.0f, x + z - 30.0f);
   float peaks = ridged(px * 1.3f + 2.0f, pz * 1.3f + 9.0f, octaves) * (4.0f + 14.0f * far);
   return 1.5f + hills + peaks;
}

/* ---- maps ----------------------------------------------------------------------------------- */

static bool
mips_alloc(struct terrain_mips *m, uint32_t size)
{
   m->levels = 0;
   m->bytes = 0;
   for (uint32_t s = size; s >= 1 && m->levels < 16; s /= 2) {
      m->size[m->levels] = s;
      m->offset[m->levels] = m->bytes;
      m->bytes += (uint64_t)s * s * 4;
      m->levels++;
   }
   m->data = malloc(m->bytes);
   return m->data != NULL;
}

/* Fills levels 1.. with 2x2 box filters of the level above. */
static void
mips_build(struct terrain_mips *m)
{
   for (uint32_t l = 1; l < m->levels; l++) {
      uint32_t s = m->size[l], ps = m->size[l - 1];
      const uint8_t *src = m->data + m->offset[l - 1];
      uint8_t *dst = m->data + m->offset[l];
      for (uint32_t y = 0; y < s; y++) {
         for (uint32_t x = 0; x < s; x++) {
            for (int c = 0; c < 4; c++) {
               unsigned sum = src[((2 * y) * ps + 2 * x) * 4 + c] +
                              src[((2 * y) * ps + 2 * x + 1) * 4 + c] +
                              src[((2 * y + 1) * ps + 2 * x) * 4 + c] +
                              src[((2 * y + 1) * ps + 2 * x + 1) * 4 + c];
               dst[(y * s + x) * 4 + c] = (uint8_t)((sum + 2) / 4);
            }
         }
      }
   }
}

static uint8_t
unorm8(float v)
{
   v = fminf(fmaxf(v, 0.0f), 1.0f);
   return (uint8_t)(v * 255.0f + 0.5f);
}

static void
mix3(float out[3], const float a[3], const float b[3], float t)
{
   for (int i = 0; i < 3; i++)
      out[i] = a[i] + (b[i] - a[i]) * t;
}

/* Albedo (linear) of ground at height h with normal n at (x, z). */
static void
albedo(float x, float z, float h, const float n[3], float out[3])
{
   static const float grass_a[3] = {0.10f, 0.20f, 0.04f}, grass_b[3] = {0.22f, 0.28f, 0.07f};
   static const float meadow[3] = {0.36f, 0.32f, 0.14f}, rock_a[3] = {0.30f, 0.22f, 0.16f};
   static const float rock_b[3] = {0.50f, 0.44f, 0.36f}, snow[3] = {0.92f, 0.94f, 0.98f};
   float d1 = fbm(x * 0.35f, z * 0.35f, 4), d2 = fbm(x * 2.1f + 9.0f, z * 2.1f, 3);
   float c[3], r[3];
   mix3(c, grass_a, grass_b, smooth01(-0.4f, 0.4f, d1));
   mix3(c, c, meadow, smooth01(0.1f, 0.5f, d2 * 0.6f + d1 * 0.5f) * 0.7f);
   mix3(r, rock_a, rock_b, smooth01(-0.5f, 0.5f, d2 + 0.3f * sinf(h * 2.5f)));
   float steep = smooth01(0.80f, 0.68f, n[1] + 0.05f * d2);
   mix3(c, c, r, steep);
   float snowy = smooth01(8.0f, 10.5f, h + 2.0f * d1) * smooth01(0.40f, 0.60f, n[1] + 0.1f * d2);
   mix3(out, c, snow, snowy);
}

/* Colour and normal maps from the height at texel centres (one ring of texels beyond the edge
 * for the normals' central differences). */
static bool
maps_build(struct terrain_scene *s)
{
   const int32_t res = TERRAIN_MAP_RES, g = res + 2;
   const float texel = TERRAIN_SIZE / res;
   float *h = malloc(sizeof(float) * g * g);
   if (!h)
      return false;
   for (int32_t j = 0; j < g; j++)
      for (int32_t i = 0; i < g; i++)
         h[j * g + i] = ground((i - 0.5f) * texel, (j - 0.5f) * texel, 9);
   for (int32_t j = 0; j < res; j++) {
      for (int32_t i = 0; i < res; i++) {
         const float *c = &h[(j + 1) * g + i + 1];
         float dx = (c[1] - c[-1]) / (2 * texel), dz = (c[g] - c[-g]) / (2 * texel);
         float n[3] = {-dx, 1.0f, -dz}, a[3];
         float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
         for (int k = 0; k < 3; k++)
            n[k] /= len;
         albedo((i + 0.5f) * texel, (j + 0.5f) * texel, c[0], n, a);
         uint8_t *cp = s->colour.data + ((uint64_t)j * res + i) * 4;
         uint8_t *np = s->normal.data + ((uint64_t)j * res + i) * 4;
         for (int k = 0; k < 3; k++) {
            cp[k] = unorm8(sqrtf(a[k]));
            np[k] = unorm8(n[k] * 0.5f + 0.5f);
         }
         cp[3] = np[3] = 255;
      }
   }
   free(h);
   mips_build(&s->colour);
   mips_build(&s->normal);
   return true;
}

/* ---- camera --------------------------------------------------------------------------------- */

static void
uniforms_build(struct terrain_scene *s, uint32_t width, uint32_t height)
{
   struct terrain_uniforms *u = &s->u;
   float eye[3] = {4.0f, 0, 10.0f}, at[3] = {44.0f, 0, 36.0f};
   eye[1] = ground(eye[0], eye[2], 6) + 5.0f; /* 5 units above the ground, looking level */
   at[1] = eye[1];
   float view[16], proj[16];
   terrain_look_at(view, eye, at);
   terrain_perspective(proj, 45.0f * 3.14159265f / 180.0f, (float)width / (float)height, 0.1f,
                       300.0f);
   terrain_mat_mul(u->viewproj, proj, view);
   terrain_mat_invert(u->inv_viewproj, u->viewproj);
   memcpy(u->camera, eye, sizeof(eye));
   u->camera[3] = TERRAIN_LEVEL_SCALE;
   float sun[3] = {0.55f, 0.35f, -0.45f};
   float len = sqrtf(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
   for (int i = 0; i < 3; i++)
      u->sun[i] = sun[i] / len;
   u->sun[3] = 1.6f;
   u->terrain[0] = TERRAIN_SIZE;
   u->terrain[1] = TERRAIN_HEIGHT_RES;
   u->terrain[2] = TERRAIN_SIZE / TERRAIN_PATCHES;
   u->terrain[3] = 0;
   const float fog[4] = {0.62f, 0.70f, 0.82f, 0.008f}, zenith[4] = {0.16f, 0.32f, 0.66f, 0};
   memcpy(u->fog, fog, sizeof(fog));
   memcpy(u->zenith, zenith, sizeof(zenith));
}

bool
terrain_scene_init(struct terrain_scene *s, uint32_t width, uint32_t height)
{
   memset(s, 0, sizeof(*s));
   s->heights = malloc(sizeof(float) * TERRAIN_HEIGHT_RES * TERRAIN_HEIGHT_RES);
   if (!s->heights || !mips_alloc(&s->colour, TERRAIN_MAP_RES) ||
       !mips_alloc(&s->normal, TERRAIN_MAP_RES)) {
      terrain_scene_finish(s);
      return false;
   }
   grad_init();
   const float step = TERRAIN_SIZE / (TERRAIN_HEIGHT_RES - 1);
   for (uint32_t j = 0; j < TERRAIN_HEIGHT_RES; j++)
      for (uint32_t i = 0; i < TERRAIN_HEIGHT_RES; i++)
         s->heights[j * TERRAIN_HEIGHT_RES + i] = ground(i * step, j * step, 9);
   if (!maps_build(s)) {
      terrain_scene_finish(s);
      return false;
   }
   uniforms_build(s, width, height);
   return true;
}

void
terrain_scene_finish(struct terrain_scene *s)
{
   free(s->heights);
   free(s->colour.data);
   free(s->normal.data);
   memset(s, 0, sizeof(*s));
}

/* ---- patches -------------------------------------------------------------------------------- */

float
terrain_edge_level(const struct terrain_scene *s, float ax, float az, float bx, float bz)
{
   float mx = (ax + bx) * 0.5f - s->u.camera[0], mz = (az + bz) * 0.5f - s->u.camera[2];
   float d = fmaxf(sqrtf(mx * mx + mz * mz), 0.5f);
   float l = s->u.camera[3] * s->u.terrain[2] / d;
   return fminf(fmaxf(l, 1.0f), 64.0f);
}

static struct agx_tess_levels
patch_levels(const struct terrain_scene *s, float x0, float z0, float x1, float z1)
{
   struct agx_tess_levels lv;
   memset(&lv, 0, sizeof(lv));
   lv.outer[0] = terrain_edge_level(s, x0, z0, x0, z1); /* u = 0 */
   lv.outer[1] = terrain_edge_level(s, x0, z0, x1, z0); /* v = 0 */
   lv.outer[2] = terrain_edge_level(s, x1, z0, x1, z1); /* u = 1 */
   lv.outer[3] = terrain_edge_level(s, x0, z1, x1, z1); /* v = 1 */
   lv.inner[0] = fmaxf(lv.outer[1], lv.outer[3]);
   lv.inner[1] = fmaxf(lv.outer[0], lv.outer[2]);
   return lv;
}

static const struct agx_tess_config patch_config = {
   .domain = AGX_TESS_DOMAIN_QUAD,
   .spacing = AGX_TESS_SPACING_EQUAL,
   .flags = AGX_TESS_FLAG_CCW,
};

/* Appends the tessellator's triangles of one patch to the mesh (arrays grown by the caller). */
static bool
append_patch(struct terrain_mesh *m, struct agx_tess_levels lv, float x0, float z0, float p)
{
   struct agx_tess_point *pts;
   uint32_t *idx, np, ni;
   if (!agx_tess_host_patch(patch_config, lv, &pts, &np, &idx, &ni))
      return false;
   float *xz = realloc(m->xz, sizeof(float) * 2 * (m->num_vertices + np));
   uint32_t *ind = realloc(m->indices, sizeof(uint32_t) * (m->num_indices + ni));
   if (xz)
      m->xz = xz;
   if (ind)
      m->indices = ind;
   if (xz && ind) {
      for (uint32_t i = 0; i < np; i++) {
         xz[2 * (m->num_vertices + i)] = x0 + agx_tess_fixed_to_float(pts[i].u) * p;
         xz[2 * (m->num_vertices + i) + 1] = z0 + agx_tess_fixed_to_float(pts[i].v) * p;
      }
      for (uint32_t i = 0; i < ni; i++)
         ind[m->num_indices + i] = m->num_vertices + idx[i];
      m->num_vertices += np;
      m->num_indices += ni;
      m->num_triangles += ni / 3;
   }
   free(pts);
   free(idx);
   return xz && ind;
}

/* Four corners per patch, in the order of shaders/terrain.tesc. */
static void
put_corners(struct terrain_mesh *m, float x0, float z0, float p)
{
   const float c[8] = {x0, z0, x0 + p, z0, x0 + p, z0 + p, x0, z0 + p};
   memcpy(m->xz + 2 * m->num_vertices, c, sizeof(c));
   m->num_vertices += 4;
}

bool
terrain_mesh_build(const struct terrain_scene *s, bool pretess, struct terrain_mesh *m)
{
   memset(m, 0, sizeof(*m));
   const float p = TERRAIN_SIZE / TERRAIN_PATCHES;
   if (!pretess && !(m->xz = malloc(sizeof(float) * 8 * TERRAIN_PATCHES * TERRAIN_PATCHES)))
      return false;
   for (int j = 0; j < TERRAIN_PATCHES; j++) {
      for (int i = 0; i < TERRAIN_PATCHES; i++) {
         float x0 = i * p, z0 = j * p;
         struct agx_tess_levels lv = patch_levels(s, x0, z0, x0 + p, z0 + p);
         if (pretess) {
            if (!append_patch(m, lv, x0, z0, p)) {
               terrain_mesh_finish(m);
               return false;
            }
         } else {
            uint32_t np, ni;
            agx_tess_count(patch_config, lv, &np, &ni);
            m->num_triangles += ni / 3;
            put_corners(m, x0, z0, p);
         }
      }
   }
   return true;
}

void
terrain_mesh_finish(struct terrain_mesh *m)
{
   free(m->xz);
   free(m->indices);
   memset(m, 0, sizeof(*m));
}
