/* The driver's internal pipelines: precompiled OpenCL helper kernels (uploaded on first
 * use) and the GLSL indirect fix-up (compiled on first use). */
#include "agx_meta.h"

#include <pthread.h>
#include <stdlib.h>

#include "agx_cl_kernels.h"
#include "agx_cmd_buffer.h"
#include "agx_descriptor_set_layout.h"
#include "agx_device.h"
#include "agx_log.h"
#include "agx_meta_spirv.h"
#include "agx_pipeline.h"
#include "agx_shader_compile.h"

_Static_assert(AGX_CL_KERNEL_COUNT <= AGX_META_MAX_CL_KERNELS, "raise AGX_META_MAX_CL_KERNELS");

static VkResult
compile_indirect(struct agx_device *device, struct agx_pipeline **out)
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
      .words = agx_meta_indirect_spv,
      .word_count = sizeof(agx_meta_indirect_spv) / 4,
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
      agx_log("internal shader indirect does not compile: %s", err);
      return VK_ERROR_UNKNOWN;
   }
   VkResult result = agx_compute_pipeline_create(device, compiled.code, compiled.size,
                                                 &compiled.info, &device->alloc, out);
   agx_compile_result_free(&compiled);
   return result;
}

/* Machine code and launch information come from the build (agx-precomp). */
static VkResult
upload_cl(struct agx_device *device, unsigned kernel, struct agx_pipeline **out)
{
   if (kernel >= AGX_CL_KERNEL_COUNT)
      return VK_ERROR_UNKNOWN;
   const struct agx_precompiled_kernel *k = &agx_cl_kernels[kernel];
   const struct agx_shader_info info = {
      .gpr_halves = k->gpr_halves,
      .local_size = {k->local_size[0], k->local_size[1], k->local_size[2]},
      .shared_size = k->shared_size,
      .scratch_size = k->scratch_size,
   };
   return agx_compute_pipeline_create(device, k->code, k->code_size, &info, &device->alloc, out);
}

VkResult
agx_meta_get(struct agx_device *device, enum agx_meta_kernel kernel, struct agx_pipeline **out)
{
   if ((unsigned)kernel >= AGX_META_COUNT)
      return VK_ERROR_UNKNOWN;
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&device->meta_mutex);
   if (!device->meta[kernel]) {
      if (kernel == AGX_META_INDIRECT)
         result = compile_indirect(device, &device->meta[kernel]);
      else
         result = upload_cl(device, kernel - AGX_META_CL_FIRST, &device->meta[kernel]);
   }
   *out = device->meta[kernel];
   pthread_mutex_unlock(&device->meta_mutex);
   return result;
}

void
agx_dispatch_kernel(struct agx_cmd_buffer *cmd, unsigned kernel, uint32_t groups_x,
                    const void *args, uint32_t args_size)
{
   if (groups_x == 0)
      return;
   struct agx_pipeline *pipeline = NULL;
   VkResult result = kernel < AGX_CL_KERNEL_COUNT
                        ? agx_meta_get(cmd->device, AGX_META_CL_FIRST + kernel, &pipeline)
                        : VK_ERROR_UNKNOWN;
   /* The struct must cover every argument byte the kernel reads. */
   if (result == VK_SUCCESS && args_size < agx_cl_kernels[kernel].args_size) {
      agx_log("helper kernel %s reads %u bytes of arguments, given %u",
              agx_cl_kernels[kernel].name, agx_cl_kernels[kernel].args_size, args_size);
      result = VK_ERROR_UNKNOWN;
   }
   if (result != VK_SUCCESS) {
      agx_cmd_set_error(cmd, result);
      return;
   }
   agx_cmd_dispatch_internal(cmd, pipeline, NULL, 0, args, args_size, groups_x);
}

void
agx_meta_finish(struct agx_device *device)
{
   for (unsigned k = 0; k < AGX_META_COUNT; k++) {
      if (device->meta[k])
         agx_pipeline_destroy(device, device->meta[k], &device->alloc);
   }
}
