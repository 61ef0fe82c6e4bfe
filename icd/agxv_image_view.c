/*
 * Image views: Texture + PBE descriptors (Honeykrisp's hk_image_view.c
 * facts, over our layouts in agx_image_layout.h):
 * - 1D views are 2D images of height 1 (the hardware's 1D is not used), 1D
 *   arrays 2D arrays; cube and cube array views sample as Cube / Cube Array
 *   (Depth = cubes); their storage descriptors (Texture and PBE) are 2D
 *   arrays of faces (compiler/ir/agx_abi.h).
 * - The descriptor address is the image's plus the view's first layer
 *   (layer stride apart); First/Last level select levels of the full
 *   image, whose level offsets the hardware derives from the level-0 size
 *   and "Unk mipmapped" (set when the image has more than one level: the
 *   full chain is laid out then, see agx_image_layout.h).
 * - 3D views address the whole depth (Depth = image depth).
 * - The PBE writes the view's base level (Level), Levels = the image's
 *   level count, Layers = the view's layers (3D: depth); its software words
 *   give image atomics the level offset, tile size and layer stride.
 *   Storage Textures cover the base level only (First = Last).
 * - Linear images (2D, one level, one layer): Texture stride field =
 *   stride - 16, PBE stride field = stride - 4 (as for texel buffers).
 * - Swizzles: the view's component mapping applied after the format's
 *   (storage views have identity mappings, so the PBE takes the format's).
 * - Storage views of multisampled images: the multisampled Texture (loads
 *   at a sample) and Honeykrisp's buffer-like PBE (pack_ms_storage_pbe),
 *   through which shaders write and atomically update samples.
 * - Depth/stencil views describe the plane of their aspect (depth, or
 *   stencil when only STENCIL is selected) as R16_UNORM / R32_SFLOAT /
 *   R8_UINT at the plane's address (graphics.md §6); render passes take
 *   the planes from the image (agxv_render_zs_plane_init).
 */
#include "agxv_image_view.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_format_table.h"
#include "agxv_log.h"
#include "agx_pack.h"

static enum agx_channel
compose(const struct agxv_format_info *f, VkComponentSwizzle s, unsigned c)
{
   switch (s) {
   case VK_COMPONENT_SWIZZLE_IDENTITY:
      return (enum agx_channel)f->swizzle[c];
   case VK_COMPONENT_SWIZZLE_ZERO:
      return AGX_CHANNEL_0;
   case VK_COMPONENT_SWIZZLE_ONE:
      return AGX_CHANNEL_1;
   case VK_COMPONENT_SWIZZLE_R:
      return (enum agx_channel)f->swizzle[0];
   case VK_COMPONENT_SWIZZLE_G:
      return (enum agx_channel)f->swizzle[1];
   case VK_COMPONENT_SWIZZLE_B:
      return (enum agx_channel)f->swizzle[2];
   case VK_COMPONENT_SWIZZLE_A:
      return (enum agx_channel)f->swizzle[3];
   default:
      return (enum agx_channel)f->swizzle[c];
   }
}

static enum agx_texture_dimension
texture_dimension(VkImageViewType type)
{
   switch (type) {
   case VK_IMAGE_VIEW_TYPE_1D_ARRAY:
   case VK_IMAGE_VIEW_TYPE_2D_ARRAY:
      return AGX_TEXTURE_DIMENSION_2D_ARRAY;
   case VK_IMAGE_VIEW_TYPE_3D:
      return AGX_TEXTURE_DIMENSION_3D;
   case VK_IMAGE_VIEW_TYPE_CUBE:
      return AGX_TEXTURE_DIMENSION_CUBE;
   case VK_IMAGE_VIEW_TYPE_CUBE_ARRAY:
      return AGX_TEXTURE_DIMENSION_CUBE_ARRAY;
   default:
      return AGX_TEXTURE_DIMENSION_2D;
   }
}

/* The PBE of a storage view of a multisampled image: Honeykrisp's
 * buffer-like PBE (hk_image_view.c pack_pbe, msaa && !eot): Dimension 2D,
 * Layout Linear, Width AGX_ABI_TEXEL_WIDTH, Height the rows holding the
 * samples from the view's first layer to the image's end, Stride = width
 * x bytes per sample - 4, Buffer = the view's first layer (multisampled
 * images have one level), and the software words shaders address samples
 * with (compiler/ir/agx_pass_lower_image.c ms_sample_index): Aligned
 * width MSAA (the tiles of a row x tile width), Sample count log2, Tile
 * width / height, Layer stride. Spilled render targets write through it
 * too (agxv_emrt.c). */
static void
pack_ms_storage_pbe(const struct agxv_image *image, const struct agx_image_layout *l,
                    const struct agxv_format_info *f, uint64_t address,
                    const struct agxv_view_range *r, uint32_t *out)
{
   uint64_t samples = (l->size - (uint64_t)r->base_layer * l->layer_stride) / f->bytes;
   uint64_t rows = (samples + AGX_ABI_TEXEL_WIDTH - 1) / AGX_ABI_TEXEL_WIDTH;
   agx_pack(out, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = f->channels;
      cfg.type = f->type;
      cfg.swizzle_r = f->pbe_swizzle[0];
      cfg.swizzle_g = f->pbe_swizzle[1];
      cfg.swizzle_b = f->pbe_swizzle[2];
      cfg.swizzle_a = f->pbe_swizzle[3];
      cfg.width = AGX_ABI_TEXEL_WIDTH;
      cfg.height = (uint32_t)(rows ? rows : 1);
      cfg.stride = AGX_ABI_TEXEL_WIDTH * f->bytes - 4;
      cfg.buffer = address + l->level_offset[0];
      cfg.srgb = f->srgb;
      cfg.aligned_width_msaa_sw = l->tiles_per_row[0] << l->tile_w_log2[0];
      cfg.sample_count_log2_sw = image->samples == 4 ? 2 : 1;
      cfg.tile_width_sw = 1u << l->tile_w_log2[0];
      cfg.tile_height_sw = 1u << l->tile_h_log2[0];
      cfg.layer_stride_sw = (uint32_t)l->layer_stride;
   }
}

VkImageAspectFlagBits
agxv_view_plane_aspect(VkFormat format, VkImageAspectFlags aspects)
{
   unsigned depth_bytes, stencil_bytes;
   if (!agxv_zs_format_planes(format, &depth_bytes, &stencil_bytes))
      return VK_IMAGE_ASPECT_COLOR_BIT;
   if (aspects == VK_IMAGE_ASPECT_STENCIL_BIT || !depth_bytes)
      return VK_IMAGE_ASPECT_STENCIL_BIT;
   return VK_IMAGE_ASPECT_DEPTH_BIT;
}

bool
agxv_pack_image_view(const struct agxv_image *image, uint64_t va, const struct agxv_view_range *r,
                     bool storage, uint32_t *desc)
{
   VkImageAspectFlagBits aspect = agxv_view_plane_aspect(r->format, r->aspects);
   uint64_t plane_offset = 0;
   const struct agx_image_layout *l = agxv_image_plane(image, aspect, &plane_offset);
   const struct agxv_format_info *f = agxv_format_info(agxv_zs_plane_format(r->format, aspect));
   if (!f || !l)
      return false;
   va += plane_offset;
   unsigned zs_depth_bytes, zs_stencil_bytes;
   bool zs_plane = agxv_zs_format_planes(image->format, &zs_depth_bytes, &zs_stencil_bytes);
   bool is3d = r->type == VK_IMAGE_VIEW_TYPE_3D;
   uint64_t address = va + (is3d ? 0 : (uint64_t)r->base_layer * l->layer_stride);
   enum agx_texture_dimension dim = texture_dimension(r->type);
   if (storage && (dim == AGX_TEXTURE_DIMENSION_CUBE || dim == AGX_TEXTURE_DIMENSION_CUBE_ARRAY))
      dim = AGX_TEXTURE_DIMENSION_2D_ARRAY;
   bool cube = dim == AGX_TEXTURE_DIMENSION_CUBE || dim == AGX_TEXTURE_DIMENSION_CUBE_ARRAY;
   uint32_t depth = is3d ? l->layers : cube ? r->layers / 6 : r->layers;
   if (depth == 0)
      depth = 1;
   bool mipmapped = l->levels > 1;
   /* multisampled views: the MS dimensions and Samples (2 -> 0, 4 -> 1) of
    * Texture and PBE; the element is every sample of a texel (agxv_image.c),
    * which the hardware derives from Samples */
   bool ms = image->samples > 1;
   if (ms)
      dim = dim == AGX_TEXTURE_DIMENSION_2D ? AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED
                                            : AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED;
   enum agx_sample_count samples = image->samples == 4 ? AGX_SAMPLE_COUNT_4 : AGX_SAMPLE_COUNT_2;

   memset(desc, 0, AGXV_IMAGE_DESC_SIZE);
   agx_pack(desc + AGXV_IMAGE_DESC_TEXTURE / 4, TEXTURE, cfg) {
      cfg.dimension = dim;
      cfg.layout = l->tiled ? AGX_LAYOUT_GPU : AGX_LAYOUT_LINEAR;
      cfg.channels = f->channels;
      cfg.type = f->type;
      cfg.swizzle_r = compose(f, r->components.r, 0);
      cfg.swizzle_g = compose(f, r->components.g, 1);
      cfg.swizzle_b = compose(f, r->components.b, 2);
      cfg.swizzle_a = compose(f, r->components.a, 3);
      cfg.width = l->width;
      cfg.height = l->height;
      cfg.first_level = r->base_level;
      cfg.last_level = storage ? r->base_level : r->base_level + r->levels - 1;
      cfg.address = address;
      cfg.unk_mipmapped = mipmapped;
      cfg.srgb = f->srgb;
      cfg.srgb_2_channel = f->srgb_2_channel;
      if (ms)
         cfg.samples = samples;
      if (l->tiled)
         cfg.depth = depth;
      else
         cfg.stride = l->linear_stride - 16;
      /* depth/stencil arrays have page-aligned layers (agxv_image.c
       * zs_plane_layout); the texture unit pads its layer stride the same
       * way when told so (Mesa ail: page-aligned layers of Z/S arrays) */
      cfg.page_aligned_layers = zs_plane && l->tiled && l->layers > 1;
      /* VK_EXT_image_view_min_lod: relative to the view's base level, for
       * the shader (agx_abi.h AGX_ABI_IMAGE_MIN_LOD) */
      if (!storage && r->min_lod > (float)r->base_level)
         cfg.min_lod_sw = r->min_lod - (float)r->base_level;
   }
   if (storage && ms) {
      pack_ms_storage_pbe(image, l, f, address, r, desc + AGXV_IMAGE_DESC_PBE / 4);
      return true;
   }
   agx_pack(desc + AGXV_IMAGE_DESC_PBE / 4, PBE, cfg) {
      cfg.dimension = is3d ? AGX_TEXTURE_DIMENSION_3D
                      : ms ? dim
                           : (dim == AGX_TEXTURE_DIMENSION_2D ? AGX_TEXTURE_DIMENSION_2D
                                                              : AGX_TEXTURE_DIMENSION_2D_ARRAY);
      if (ms)
         cfg.samples = samples;
      cfg.layout = l->tiled ? AGX_LAYOUT_GPU : AGX_LAYOUT_LINEAR;
      cfg.channels = f->channels;
      cfg.type = f->type;
      cfg.swizzle_r = f->pbe_swizzle[0];
      cfg.swizzle_g = f->pbe_swizzle[1];
      cfg.swizzle_b = f->pbe_swizzle[2];
      cfg.swizzle_a = f->pbe_swizzle[3];
      cfg.width = l->width;
      cfg.height = l->height;
      cfg.buffer = address;
      cfg.srgb = f->srgb;
      cfg.unk_mipmapped = mipmapped;
      if (l->tiled) {
         cfg.level = r->base_level;
         cfg.levels = l->levels;
         cfg.layers = is3d ? l->layers : r->layers;
         cfg.level_offset_sw = (uint32_t)l->level_offset[r->base_level];
         cfg.tile_width_sw = 1u << l->tile_w_log2[r->base_level];
         cfg.tile_height_sw = 1u << l->tile_h_log2[r->base_level];
         cfg.layer_stride_sw = (uint32_t)l->layer_stride;
      } else {
         cfg.stride = l->linear_stride - 4;
      }
   }
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateImageView(VkDevice _device, const VkImageViewCreateInfo *pCreateInfo,
                     const VkAllocationCallbacks *pAllocator, VkImageView *pView)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_image, image, pCreateInfo->image);
   const VkImageSubresourceRange *sr = &pCreateInfo->subresourceRange;
   struct agxv_view_range r = {
      .type = pCreateInfo->viewType,
      .format = pCreateInfo->format,
      .components = pCreateInfo->components,
      .base_level = sr->baseMipLevel,
      .levels = sr->levelCount == VK_REMAINING_MIP_LEVELS ? image->mip_levels - sr->baseMipLevel
                                                          : sr->levelCount,
      .base_layer = sr->baseArrayLayer,
      .layers = sr->layerCount == VK_REMAINING_ARRAY_LAYERS
                   ? image->array_layers - sr->baseArrayLayer
                   : sr->layerCount,
      .aspects = sr->aspectMask,
   };
   const VkImageViewMinLodCreateInfoEXT *ml =
      (const VkImageViewMinLodCreateInfoEXT *)agxv_find_struct(
         pCreateInfo->pNext, VK_STRUCTURE_TYPE_IMAGE_VIEW_MIN_LOD_CREATE_INFO_EXT);
   if (ml)
      r.min_lod = ml->minLod;
   if (!agxv_format_info(r.format))
      return agxv_error(VK_ERROR_FORMAT_NOT_SUPPORTED, "image view format %d", r.format);
   struct agxv_image_view *view =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator), sizeof(*view),
                         VK_OBJECT_TYPE_IMAGE_VIEW);
   if (!view)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   view->image = image;
   view->type = r.type;
   view->format = r.format;
   view->aspects = r.aspects;
   view->base_level = r.base_level;
   view->levels = r.levels;
   view->base_layer = r.base_layer;
   view->layers = r.layers;
   agxv_pack_image_view(image, image->va, &r, false, view->desc);
   agxv_pack_image_view(image, image->va, &r, true, view->storage_desc);
   struct agxv_view_range ri = r;
   if (ri.type == VK_IMAGE_VIEW_TYPE_1D || ri.type == VK_IMAGE_VIEW_TYPE_2D)
      ri.type = VK_IMAGE_VIEW_TYPE_2D_ARRAY;
   agxv_pack_image_view(image, image->va, &ri, false, view->input_desc);
   *pView = agxv_image_view_to_handle(view);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyImageView(VkDevice _device, VkImageView imageView,
                      const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator),
                    agxv_image_view_from_handle(imageView));
}
