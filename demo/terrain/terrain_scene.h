/*
 * The terrain scene on the CPU: procedural height field, the colour and normal maps generated from
 * it, the camera, the distance-based tessellation levels (the formula of shaders/terrain.tesc) and
 * the patch grid, pre-tessellated with the project's host tessellator (cl_kernels/agx_tess_host.h,
 * the code the GPU tessellator is built from) or as patch corners for the tessellation stages.
 * Assumes: world y is up; the terrain covers [0, TERRAIN_SIZE] in x and z.
 */
#ifndef TERRAIN_SCENE_H
#define TERRAIN_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#define TERRAIN_SIZE 64.0f     /* world units per side */
#define TERRAIN_PATCHES 32     /* quad patches per side */
#define TERRAIN_HEIGHT_RES 257 /* height-map samples per side */
#define TERRAIN_MAP_RES 1024   /* colour and normal map texels per side (level 0) */
#define TERRAIN_LEVEL_SCALE 20.0f

/* The uniform block of shaders/scene.glsl (std140). */
struct terrain_uniforms {
   float viewproj[16], inv_viewproj[16]; /* column-major */
   float camera[4], sun[4], terrain[4], fog[4], zenith[4];
};

/* An RGBA8 image with its mip chain, level after level. */
struct terrain_mips {
   uint32_t levels;
   uint32_t size[16];   /* side of each level */
   uint64_t offset[16]; /* byte offset of each level */
   uint64_t bytes;
   uint8_t *data;
};

struct terrain_scene {
   float *heights; /* TERRAIN_HEIGHT_RES^2 */
   struct terrain_mips colour, normal;
   struct terrain_uniforms u;
};

/* Generated geometry: vertex positions (x, z) and, when pre-tessellated, u32 triangle indices. */
struct terrain_mesh {
   float *xz;
   uint32_t num_vertices;
   uint32_t *indices;
   uint32_t num_indices;
   uint32_t num_triangles; /* what the tessellator makes of the patches in both modes */
};

/* Builds height field, maps and uniforms for a width x height image; false when out of memory. */
bool terrain_scene_init(struct terrain_scene *s, uint32_t width, uint32_t height);
void terrain_scene_finish(struct terrain_scene *s);

/* Level of a patch edge from (ax, az) to (bx, bz), as shaders/terrain.tesc. */
float terrain_edge_level(const struct terrain_scene *s, float ax, float az, float bx, float bz);

/* The patch grid as the CPU's tessellator output (pretess) or as 4 corners per patch. */
bool terrain_mesh_build(const struct terrain_scene *s, bool pretess, struct terrain_mesh *m);
void terrain_mesh_finish(struct terrain_mesh *m);

#endif
