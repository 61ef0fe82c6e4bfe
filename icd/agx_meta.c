/* Compiling and caching the driver's internal pipelines. */
#include "agx_meta.h"

#include <pthread.h>
#include <stdlib.h>

#include "agx_descriptor_set_layout.h"
#include "agx_device.h"
#include "agx_log.h"
#include "agx_meta_spirv.h"
#include "agx_pipeline.h"
#include "agx_shader_compile.h"

static const struct {
   const uint32_t *words;
   size_t count;
   const char *name;
} kernels[AGX_META_COUNT] = {
   [AGX_META_FILL] = {agx_meta_fill_spv, sizeof(agx_meta_fill_spv) / 4, "fill"},
   [AGX_META_COPY] = {agx_meta_copy_spv, sizeof(agx_meta_copy_spv) / 4, "copy"},
   [AGX_META_COPY_ALIGNED] = {agx_meta_copy_aligned_spv, sizeof(agx_meta_copy_aligned_spv) / 4,
                              "copy_aligned"},
   [AGX_META_INDIRECT] = {agx_meta_indirect_spv, sizeof(agx_meta_indirect_spv) / 4, "indirect"},
};

static VkResult
compile(struct agx_device *device, enum agx_meta_kernel kernel, struct agx_pipeline **out)
{
   /* Set 0: storage buffers at bindings 0.., 16 bytes apart, exactly as
    * agx_cmd_dispatch_internal writes them. */
   enum { BINDINGS = 3 };
   struct agx_descriptor_set_layout *layout =
      calloc(1, sizeof(*layout) + BINDINGS * sizeof(layout->bindings[0]));
   if (!layout)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   layout->binding_count = BINDINGS;
   for (uint32_t b = 0; b < BINDINGS; b++)
      layout->bindings[b] = (struct agx_descriptor_binding){
         .type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .count = 1,
         .offset = b * AGX_BUFFER_DESCRIPTOR_SIZE, .stride = AGX_BUFFER_DESCRIPTOR_SIZE};

   struct agx_descriptor_set_layout *sets[1] = {layout};
   struct agx_compile_request req = {
      .words = kernels[kernel].words,
      .word_count = kernels[kernel].count,
      .entry = "main",
      .set_layouts = sets,
      .set_count = 1,
      .print_disasm = agx_debug(AGX_DEBUG_SHADERS),
   };
   struct agx_compile_result compiled;
   char err[512] = "";
   int ret = agx_compile_compute(&req, &compiled, err, sizeof(err));
   free(layout);
   if (ret) {
      agx_log("internal shader %s does not compile: %s", kernels[kernel].name, err);
      return VK_ERROR_UNKNOWN;
   }
   VkResult result = agx_compute_pipeline_create(device, compiled.code, compiled.size,
                                                 &compiled.info, &device->alloc, out);
   agx_compile_result_free(&compiled);
   return result;
}

VkResult
agx_meta_get(struct agx_device *device, enum agx_meta_kernel kernel, struct agx_pipeline **out)
{
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&device->meta_mutex);
   if (!device->meta[kernel])
      result = compile(device, kernel, &device->meta[kernel]);
   *out = device->meta[kernel];
   pthread_mutex_unlock(&device->meta_mutex);
   return result;
}

void
agx_meta_finish(struct agx_device *device)
{
   for (unsigned k = 0; k < AGX_META_COUNT; k++) {
      if (device->meta[k])
         agx_pipeline_destroy(device, device->meta[k], &device->alloc);
   }
}
