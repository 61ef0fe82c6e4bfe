/*
 * The terrain frame on the GPU: descriptor set (scene uniforms, height map, colour and normal
 * maps), the sky and terrain pipelines (pre-tessellated: vertex + fragment; tessellated: vertex +
 * control + evaluation + fragment), and one command buffer that draws sky then terrain into an
 * R8G8B8A8_UNORM image with a D32_SFLOAT depth buffer and copies the image to a buffer.
 * Assumes: terrain_vk is initialised; the scene's maps fit the device's image limits.
 */
#ifndef TERRAIN_RENDER_H
#define TERRAIN_RENDER_H

#include "terrain_scene.h"
#include "terrain_vk.h"

struct terrain_render {
   uint32_t width, height;
   bool tess;
   bool geometry_only; /* rasteriser discard on the terrain, no sky: the geometry work alone */
   struct terrain_image heights, colour, normal, target, depth;
   struct terrain_buffer uniforms, vertices, indices, readback;
   uint32_t draw_count; /* indices (pre-tessellated) or patch corners */
   VkSampler nearest, linear;
   VkDescriptorSetLayout set_layout;
   VkDescriptorPool desc_pool;
   VkDescriptorSet set;
   VkPipelineLayout layout;
   VkPipeline sky, terrain;
};

/* Uploads the scene and mesh, builds pipelines; false with a message on failure. */
bool terrain_render_init(struct terrain_render *r, struct terrain_vk *vk,
                         const struct terrain_scene *s, const struct terrain_mesh *m,
                         uint32_t width, uint32_t height, bool tess, bool geometry_only);

/* Records and runs the frame (one submission, waited for). */
bool terrain_render_frame(struct terrain_render *r, struct terrain_vk *vk);

/* Copies the rendered image to r->readback.map (RGBA8, tightly packed), in a submission of its
 * own so that the frame's statistics do not include it. */
bool terrain_render_readback(struct terrain_render *r, struct terrain_vk *vk);

void terrain_render_finish(struct terrain_render *r, struct terrain_vk *vk);

#endif
