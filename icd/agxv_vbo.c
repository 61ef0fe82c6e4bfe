/*
 * Vertex-fetch prologs: VkFormat -> prolog format, the prolog key from a
 * pipeline's vertex input state, the device's prolog cache and the link of
 * prolog + main vertex shader. See agxv_vbo.h.
 */
#include "agxv_vbo.h"

#include <stdlib.h>
#include <string.h>

#include "agx_vbo_prolog.h"
#include "agxv_device.h"
#include "agxv_graphics_state.h"
#include "agxv_log.h"

/* One cached prolog: its key and machine code (no stop at the end). */
struct agxv_vbo_prolog {
   struct agxv_vbo_prolog *next;
   struct agx_vbo_key key;
   uint8_t *code;
   uint32_t size;
   uint32_t gpr_halves;
};

unsigned
agxv_vbo_format(VkFormat format)
{
   switch (format) {
#define F(vk, agx)      \
   case VK_FORMAT_##vk: \
      return AGX_VBO_##agx
      F(R32_SFLOAT, R32_FLOAT);
      F(R32G32_SFLOAT, RG32_FLOAT);
      F(R32G32B32_SFLOAT, RGB32_FLOAT);
      F(R32G32B32A32_SFLOAT, RGBA32_FLOAT);
      F(R32_UINT, R32_UINT);
      F(R32G32_UINT, RG32_UINT);
      F(R32G32B32_UINT, RGB32_UINT);
      F(R32G32B32A32_UINT, RGBA32_UINT);
      F(R32_SINT, R32_SINT);
      F(R32G32_SINT, RG32_SINT);
      F(R32G32B32_SINT, RGB32_SINT);
      F(R32G32B32A32_SINT, RGBA32_SINT);
      F(R16_SFLOAT, R16_FLOAT);
      F(R16G16_SFLOAT, RG16_FLOAT);
      F(R16G16B16A16_SFLOAT, RGBA16_FLOAT);
      F(R16_UNORM, R16_UNORM);
      F(R16G16_UNORM, RG16_UNORM);
      F(R16G16B16A16_UNORM, RGBA16_UNORM);
      F(R16_SNORM, R16_SNORM);
      F(R16G16_SNORM, RG16_SNORM);
      F(R16G16B16A16_SNORM, RGBA16_SNORM);
      F(R16_UINT, R16_UINT);
      F(R16G16_UINT, RG16_UINT);
      F(R16G16B16A16_UINT, RGBA16_UINT);
      F(R16_SINT, R16_SINT);
      F(R16G16_SINT, RG16_SINT);
      F(R16G16B16A16_SINT, RGBA16_SINT);
      F(R8_UNORM, R8_UNORM);
      F(R8G8_UNORM, RG8_UNORM);
      F(R8G8B8A8_UNORM, RGBA8_UNORM);
      F(R8_SNORM, R8_SNORM);
      F(R8G8_SNORM, RG8_SNORM);
      F(R8G8B8A8_SNORM, RGBA8_SNORM);
      F(R8_UINT, R8_UINT);
      F(R8G8_UINT, RG8_UINT);
      F(R8G8B8A8_UINT, RGBA8_UINT);
      F(R8_SINT, R8_SINT);
      F(R8G8_SINT, RG8_SINT);
      F(R8G8B8A8_SINT, RGBA8_SINT);
      /* A8B8G8R8_*_PACK32: the same bytes as R8G8B8A8 (R in the low byte) */
      F(A8B8G8R8_UNORM_PACK32, RGBA8_UNORM);
      F(A8B8G8R8_SNORM_PACK32, RGBA8_SNORM);
      F(A8B8G8R8_UINT_PACK32, RGBA8_UINT);
      F(A8B8G8R8_SINT_PACK32, RGBA8_SINT);
      F(B8G8R8A8_UNORM, BGRA8_UNORM);
      F(A2B10G10R10_UNORM_PACK32, RGB10A2_UNORM);
      F(A2B10G10R10_UINT_PACK32, RGB10A2_UINT);
      F(A2B10G10R10_SNORM_PACK32, RGB10A2_SNORM);
      F(A2B10G10R10_SINT_PACK32, RGB10A2_SINT);
      F(A2B10G10R10_USCALED_PACK32, RGB10A2_USCALED);
      F(A2B10G10R10_SSCALED_PACK32, RGB10A2_SSCALED);
      F(R8_USCALED, R8_USCALED);
      F(R8G8_USCALED, RG8_USCALED);
      F(R8G8B8A8_USCALED, RGBA8_USCALED);
      F(A8B8G8R8_USCALED_PACK32, RGBA8_USCALED);
      F(R8_SSCALED, R8_SSCALED);
      F(R8G8_SSCALED, RG8_SSCALED);
      F(R8G8B8A8_SSCALED, RGBA8_SSCALED);
      F(A8B8G8R8_SSCALED_PACK32, RGBA8_SSCALED);
      F(R16_USCALED, R16_USCALED);
      F(R16G16_USCALED, RG16_USCALED);
      F(R16G16B16A16_USCALED, RGBA16_USCALED);
      F(R16_SSCALED, R16_SSCALED);
      F(R16G16_SSCALED, RG16_SSCALED);
      F(R16G16B16A16_SSCALED, RGBA16_SSCALED);
#undef F
   default:
      return AGX_VBO_NONE;
   }
}

/* Bytes of one attribute of a prolog format. */
static uint32_t
format_bytes(VkFormat format)
{
   switch (agxv_vbo_format(format)) {
   case AGX_VBO_R8_UNORM:
   case AGX_VBO_R8_SNORM:
   case AGX_VBO_R8_UINT:
   case AGX_VBO_R8_SINT:
   case AGX_VBO_R8_USCALED:
   case AGX_VBO_R8_SSCALED:
      return 1;
   case AGX_VBO_RG8_UNORM:
   case AGX_VBO_RG8_SNORM:
   case AGX_VBO_RG8_UINT:
   case AGX_VBO_RG8_SINT:
   case AGX_VBO_R16_FLOAT:
   case AGX_VBO_R16_UNORM:
   case AGX_VBO_R16_SNORM:
   case AGX_VBO_R16_UINT:
   case AGX_VBO_R16_SINT:
   case AGX_VBO_RG8_USCALED:
   case AGX_VBO_RG8_SSCALED:
   case AGX_VBO_R16_USCALED:
   case AGX_VBO_R16_SSCALED:
      return 2;
   case AGX_VBO_RGBA16_FLOAT:
   case AGX_VBO_RGBA16_UNORM:
   case AGX_VBO_RGBA16_SNORM:
   case AGX_VBO_RGBA16_UINT:
   case AGX_VBO_RGBA16_SINT:
   case AGX_VBO_RGBA16_USCALED:
   case AGX_VBO_RGBA16_SSCALED:
   case AGX_VBO_RG32_FLOAT:
   case AGX_VBO_RG32_UINT:
   case AGX_VBO_RG32_SINT:
      return 8;
   case AGX_VBO_RGB32_FLOAT:
   case AGX_VBO_RGB32_UINT:
   case AGX_VBO_RGB32_SINT:
      return 12;
   case AGX_VBO_RGBA32_FLOAT:
   case AGX_VBO_RGBA32_UINT:
   case AGX_VBO_RGBA32_SINT:
      return 16;
   default:
      return 4;
   }
}

/* The prolog key of a vertex input state; fills the link's buffer facts. */
static VkResult
make_key(const struct agxv_vi_state *vi, bool dynamic_stride, uint32_t attribs_read,
         uint32_t uniform_base, struct agx_vbo_key *key, struct agxv_vbo_link *link)
{
   memset(key, 0, sizeof(*key));
   key->uniform_base = uniform_base;
   for (uint32_t loc = 0; loc < AGX_MAX_ATTRIBS && loc < AGXV_MAX_VERTEX_ATTRIBS; loc++) {
      if (!(attribs_read & (1u << loc)))
         continue;
      if (!(vi->attributes_valid & (1u << loc)))
         return agxv_error(VK_ERROR_UNKNOWN,
                           "the vertex shader reads location %u, which the "
                           "vertex input state does not describe",
                           loc);
      const struct agxv_vertex_attribute *a = &vi->attributes[loc];
      unsigned f = agxv_vbo_format(a->format);
      if (!f)
         return agxv_error(VK_ERROR_UNKNOWN, "vertex attribute format %d is not supported",
                           a->format);
      if (a->binding >= AGX_VBO_MAX_BUFFERS || !(vi->bindings_valid & (1u << a->binding)))
         return agxv_error(VK_ERROR_UNKNOWN, "vertex attribute %u: binding %u undescribed", loc,
                           a->binding);
      const struct agxv_vertex_binding *b = &vi->bindings[a->binding];
      key->attribs[key->num_attribs++] = (struct agx_vbo_attrib){.location = (uint8_t)loc,
                                                                 .format = (uint8_t)f,
                                                                 .buffer = (uint8_t)a->binding,
                                                                 .offset = a->offset};
      /* a dynamic stride is read from the record at draw time: keys of
       * every stride share one prolog */
      key->buffers[a->binding] =
         (struct agx_vbo_buffer){.stride = dynamic_stride ? 0 : b->stride,
                                 .per_instance = b->input_rate == VK_VERTEX_INPUT_RATE_INSTANCE,
                                 .dynamic_stride = dynamic_stride,
                                 .divisor = b->divisor};
      if (dynamic_stride)
         link->dynamic_strides |= 1u << a->binding;
      uint32_t end = a->offset + format_bytes(a->format);
      link->buffers |= 1u << a->binding;
      /* offsets go up to maxVertexInputAttributeOffset (2047): an element
       * spans up to 2063 bytes (mat4 columns after other attributes) */
      if (end > UINT16_MAX)
         return agxv_error(VK_ERROR_UNKNOWN, "vertex attribute %u ends past byte %u", loc,
                           UINT16_MAX);
      if (end > link->elsize[a->binding])
         link->elsize[a->binding] = (uint16_t)end;
      link->stride[a->binding] = dynamic_stride ? 0 : b->stride;
   }
   return VK_SUCCESS;
}

/* The cached prolog of a key, built on first use. */
static VkResult
get_prolog(struct agxv_device *device, const struct agx_vbo_key *key,
           const struct agxv_vbo_prolog **out)
{
   pthread_mutex_lock(&device->vbo_mutex);
   for (struct agxv_vbo_prolog *p = device->vbo_prologs; p; p = p->next) {
      if (!memcmp(&p->key, key, sizeof(*key))) {
         pthread_mutex_unlock(&device->vbo_mutex);
         *out = p;
         return VK_SUCCESS;
      }
   }
   struct agx_backend_result r;
   char err[256] = "";
   VkResult result = VK_SUCCESS;
   if (agx_build_vbo_prolog(key, &r, err, sizeof(err))) {
      pthread_mutex_unlock(&device->vbo_mutex);
      return agxv_error(VK_ERROR_UNKNOWN, "cannot build the vertex-fetch prolog: %s", err);
   }
   struct agxv_vbo_prolog *p = calloc(1, sizeof(*p));
   if (p) {
      p->key = *key;
      p->code = r.code;
      p->size = (uint32_t)r.size;
      p->gpr_halves = r.info.gpr_halves;
      r.code = NULL;
      p->next = device->vbo_prologs;
      device->vbo_prologs = p;
      device->vbo_prolog_builds++;
      *out = p;
   } else {
      result = VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   agx_backend_result_free(&r);
   pthread_mutex_unlock(&device->vbo_mutex);
   return result;
}

#define ALIGN_UP(x, a) (((x) + (a)-1) & ~((a)-1))

VkResult
agxv_vbo_sw_key(const struct agxv_graphics_state *s, struct agx_vbo_key *key,
                struct agxv_vbo_link *link)
{
   if (s->dynamic & AGXV_DYN_BIT(VI))
      return agxv_error(VK_ERROR_UNKNOWN, "dynamic vertex input with vertex attributes is not "
                                          "supported yet");
   memset(link, 0, sizeof(*link));
   return make_key(&s->vi, (s->dynamic & AGXV_DYN_BIT(VI_BINDING_STRIDES)) != 0,
                   s->vi.attributes_valid, 0, key, link);
}

uint32_t
agxv_vbo_uniform_base(const struct agxv_shader_info *info)
{
   uint32_t main_uniforms = info->uniform_halves * 2;
   if (main_uniforms < AGX_ABI_UNIFORM_SIZE)
      main_uniforms = AGX_ABI_UNIFORM_SIZE;
   return ALIGN_UP(main_uniforms, 8u);
}

VkResult
agxv_vbo_make_key(const struct agxv_vi_state *vi, bool dynamic_stride, uint32_t attribs_read,
                  uint32_t uniform_base, struct agx_vbo_key *key, struct agxv_vbo_link *link)
{
   memset(link, 0, sizeof(*link));
   link->uniform_base = uniform_base;
   return make_key(vi, dynamic_stride, attribs_read, uniform_base, key, link);
}

VkResult
agxv_vbo_link_key(struct agxv_device *device, const struct agx_vbo_key *key,
                  const struct agxv_vbo_link *link, const uint8_t *code, uint32_t size,
                  const struct agxv_shader_info *info, uint8_t **linked, uint32_t *linked_size,
                  struct agxv_shader_info *linked_info)
{
   const struct agxv_vbo_prolog *p = NULL;
   VkResult result = get_prolog(device, key, &p);
   if (result != VK_SUCCESS)
      return result;
   /* [prolog][main program ... head][pad][preamble, constant data]: the
    * tail keeps its alignment (256 bytes, AGXV_CODE_ALIGN). */
   uint32_t head = size;
   if (info->preamble_offset)
      head = info->preamble_offset;
   else if (info->const_data_size)
      head = info->const_data_offset;
   uint32_t tail = ALIGN_UP(p->size + head, AGXV_CODE_ALIGN);
   uint32_t total = tail + (size - head);
   uint8_t *out = calloc(1, total);
   if (!out)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   memcpy(out, p->code, p->size);
   memcpy(out + p->size, code, head);
   memcpy(out + tail, code + head, size - head);
   *linked_info = *info;
   if (info->preamble_offset)
      linked_info->preamble_offset = tail;
   if (info->const_data_size)
      linked_info->const_data_offset = info->const_data_offset - head + tail;
   /* 0 means all 256 halves */
   if (linked_info->gpr_halves && (!p->gpr_halves || p->gpr_halves > linked_info->gpr_halves))
      linked_info->gpr_halves = p->gpr_halves;
   uint32_t nbuf = 32 - (uint32_t)__builtin_clz(link->buffers | 1);
   linked_info->uniform_halves = (link->uniform_base + 16 * nbuf) / 2;
   *linked = out;
   *linked_size = total;
   return VK_SUCCESS;
}

VkResult
agxv_vbo_link_vs(struct agxv_device *device, const struct agxv_graphics_state *s,
                 uint32_t attribs_read, const uint8_t *code, uint32_t size,
                 const struct agxv_shader_info *info, uint8_t **linked, uint32_t *linked_size,
                 struct agxv_shader_info *linked_info, struct agxv_vbo_link *link)
{
   if (s->dynamic & AGXV_DYN_BIT(VI))
      return agxv_error(VK_ERROR_UNKNOWN, "dynamic vertex input: the prolog is linked at "
                                          "draw time (agxv_vs_variants.h)");
   struct agx_vbo_key key;
   VkResult result = agxv_vbo_make_key(&s->vi, (s->dynamic & AGXV_DYN_BIT(VI_BINDING_STRIDES)) != 0,
                                       attribs_read, agxv_vbo_uniform_base(info), &key, link);
   if (result != VK_SUCCESS)
      return result;
   return agxv_vbo_link_key(device, &key, link, code, size, info, linked, linked_size, linked_info);
}

void
agxv_vbo_cache_finish(struct agxv_device *device)
{
   struct agxv_vbo_prolog *p = device->vbo_prologs;
   while (p) {
      struct agxv_vbo_prolog *next = p->next;
      free(p->code);
      free(p);
      p = next;
   }
   device->vbo_prologs = NULL;
}
