/*
 * The pipeline cache for graphics pipelines: the main program of a vertex
 * or fragment stage (agxv_graphics_compile_main) is looked up by the SHA-1
 * of its compile request and graphics options (stage, coverage, epilog
 * key, cull distances, multiview, tilebuffer layout) and stored with its
 * interface (struct agxv_compile_gfx_result without the code pointer).
 * Prologs and epilogs are linked after, from the pipeline's state, as for
 * a fresh compile.
 * Assumes: struct agxv_compile_gfx_result holds no pointer but r.code (see
 * agxv_compile_result_copy); the cache header's UUID changes with every
 * build, so stored struct bytes are only read by the build that wrote them.
 */
#include "agxv_graphics_pipeline_cache.h"

#include <stdlib.h>
#include <string.h>

#include "agx_fs_epilog_key.h"
#include "agxv_graphics_state.h"
#include "agxv_pipeline_cache.h"
#include "agxv_shader_compile.h"

/* Graphics options hashed after the request (fixed size, no padding
 * read: every field is written byte by byte). */
struct gfx_key_extra {
   uint8_t tag[4]; /* "GFX1": never equal to a compute key's (no extra) */
   uint32_t stage;
   uint32_t fs_epilog;
   uint32_t cull_distances;
   uint32_t viewport_zero;
   uint32_t multiview;
   uint32_t view_index_is_device_index;
   uint32_t has_tib, has_epilog_key;
   uint8_t tile_inputs[2 * AGX_TIB_MAX_RTS]; /* format, offset of each (agxv_subpass_tiles) */
};

void
agxv_gfx_cache_key(const struct agxv_compile_request *req, enum agxv_stage stage,
                   const struct agx_tilebuffer_layout *tib, uint8_t key[AGXV_SHA1_SIZE])
{
   /* the variable parts after the fixed header, in one buffer */
   uint8_t buf[sizeof(struct gfx_key_extra) + sizeof(struct agx_coverage_options) +
               sizeof(struct agx_tilebuffer_layout) + sizeof(struct agx_fs_epilog_key)];
   struct gfx_key_extra x = {
      .tag = {'G', 'F', 'X', '1'},
      .stage = (uint32_t)stage,
      .fs_epilog = req->fs_epilog,
      .cull_distances = req->cull_distances,
      .viewport_zero = req->viewport_zero,
      .multiview = req->multiview,
      .view_index_is_device_index = req->view_index_is_device_index,
      .has_tib = tib != NULL,
      .has_epilog_key = req->fs_epilog_key != NULL,
   };
   for (unsigned i = 0; req->tiles && req->tiles->merged && i < AGX_TIB_MAX_RTS; i++) {
      x.tile_inputs[2 * i] = req->tiles->inputs[i].format;
      x.tile_inputs[2 * i + 1] = req->tiles->inputs[i].offset_B;
   }
   size_t n = 0;
   memcpy(buf, &x, sizeof(x));
   n += sizeof(x);
   memcpy(buf + n, &req->coverage, sizeof(req->coverage));
   n += sizeof(req->coverage);
   /* tilebuffer layouts and epilog keys are zeroed before they are filled
    * (agx_tilebuffer_layout, agx_fs_epilog_key_init): their bytes compare */
   if (tib) {
      memcpy(buf + n, tib, sizeof(*tib));
      n += sizeof(*tib);
   }
   if (req->fs_epilog_key) {
      memcpy(buf + n, req->fs_epilog_key, sizeof(*req->fs_epilog_key));
      n += sizeof(*req->fs_epilog_key);
   }
   agxv_pipeline_cache_key(req, buf, n, key);
}

bool
agxv_gfx_cache_lookup(struct agxv_cache_use *cu, const uint8_t key[AGXV_SHA1_SIZE],
                      VkShaderStageFlagBits vk_stage, struct agxv_compile_gfx_result *out)
{
   if (!cu || !cu->cache)
      return false;
   const struct agxv_cache_entry *e = agxv_pipeline_cache_lookup(cu->cache, key);
   /* an entry of another size is not ours (a compute key cannot collide
    * with a graphics one, see the tag; this guards against corruption the
    * checksum missed) */
   if (!e || e->iface_size != sizeof(*out)) {
      cu->misses++;
      cu->miss_stages |= vk_stage;
      return false;
   }
   uint8_t *code = malloc(e->code_size ? e->code_size : 1);
   if (!code) {
      cu->misses++;
      cu->miss_stages |= vk_stage;
      return false;
   }
   memcpy(out, agxv_cache_entry_iface(e), sizeof(*out));
   memcpy(code, e->code, e->code_size);
   out->r.code = code;
   out->r.size = e->code_size;
   cu->hits++;
   cu->hit_stages |= vk_stage;
   return true;
}

void
agxv_gfx_cache_store(struct agxv_cache_use *cu, const uint8_t key[AGXV_SHA1_SIZE],
                     const struct agxv_compile_gfx_result *res)
{
   if (!cu || !cu->cache)
      return;
   struct agxv_compile_gfx_result iface = *res;
   iface.r.code = NULL;
   /* a cache that cannot grow is not an error for the pipeline */
   agxv_pipeline_cache_insert(cu->cache, key, &res->r.info, res->r.code, res->r.size, &iface,
                              sizeof(iface));
}
