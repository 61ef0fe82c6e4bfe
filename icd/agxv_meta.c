/* The driver's helper kernels: machine code and launch information precompiled at build
 * time (agx-precomp), uploaded into one pipeline each when the device is created, so that
 * recording only looks them up. */
#include "agxv_meta.h"

#include <string.h>

#include "agx_cl_kernels.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_pipeline.h"

_Static_assert(AGX_CL_KERNEL_COUNT <= AGXV_META_COUNT, "raise AGXV_META_COUNT");

VkResult
agxv_meta_pipeline_create(struct agxv_device *device, const struct agx_precompiled_kernel *k,
                          struct agxv_pipeline **out)
{
   struct agxv_shader_info info = {
      .gpr_halves = k->gpr_halves,
      .local_size = {k->local_size[0], k->local_size[1], k->local_size[2]},
      .shared_size = k->shared_size,
      .scratch_size = k->scratch_size,
      .const_data_offset = k->const_data_offset,
      .const_data_size = k->const_data_size,
      .num_local_args = k->num_local_args,
   };
   _Static_assert(sizeof(info.local_arg_push) == sizeof(k->local_arg_offsets), "slot count");
   memcpy(info.local_arg_push, k->local_arg_offsets, sizeof(info.local_arg_push));
   return agxv_compute_pipeline_create(device, k->code, k->code_size, &info, &device->alloc, out);
}

VkResult
agxv_meta_init(struct agxv_device *device)
{
   for (unsigned k = 0; k < AGX_CL_KERNEL_COUNT; k++) {
      VkResult result = agxv_meta_pipeline_create(device, &agx_cl_kernels[k], &device->meta[k]);
      if (result != VK_SUCCESS)
         return result; /* agxv_meta_finish releases the ones made */
   }
   return VK_SUCCESS;
}

static void
dispatch(struct agxv_cmd_buffer *cmd, unsigned kernel, uint32_t groups_x, const void *args,
         uint32_t args_size, const uint32_t *local_sizes, uint32_t local_count)
{
   if (groups_x == 0)
      return;
   const struct agxv_pipeline *pipeline =
      kernel < AGX_CL_KERNEL_COUNT ? cmd->device->meta[kernel] : NULL;
   VkResult result = pipeline ? VK_SUCCESS : VK_ERROR_UNKNOWN;
   /* The struct must cover every argument byte the kernel reads. */
   if (result == VK_SUCCESS && args_size < agx_cl_kernels[kernel].args_size) {
      agxv_log("helper kernel %s reads %u bytes of arguments, given %u",
               agx_cl_kernels[kernel].name, agx_cl_kernels[kernel].args_size, args_size);
      result = VK_ERROR_UNKNOWN;
   }
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   if (agx_cl_kernels[kernel].num_local_args || local_count)
      agxv_cmd_dispatch_internal_local(cmd, pipeline, args, args_size, groups_x, local_sizes,
                                       local_count);
   else
      agxv_cmd_dispatch_internal(cmd, pipeline, NULL, 0, args, args_size, groups_x);
}

void
agxv_dispatch_kernel(struct agxv_cmd_buffer *cmd, unsigned kernel, uint32_t groups_x,
                     const void *args, uint32_t args_size)
{
   dispatch(cmd, kernel, groups_x, args, args_size, NULL, 0);
}

void
agxv_dispatch_kernel_local(struct agxv_cmd_buffer *cmd, unsigned kernel, uint32_t groups_x,
                           const void *args, uint32_t args_size, const uint32_t *local_sizes,
                           uint32_t local_count)
{
   dispatch(cmd, kernel, groups_x, args, args_size, local_sizes, local_count);
}

void
agxv_meta_finish(struct agxv_device *device)
{
   for (unsigned k = 0; k < AGXV_META_COUNT; k++) {
      if (device->meta[k])
         agxv_pipeline_destroy(device, device->meta[k], &device->alloc);
      device->meta[k] = NULL;
   }
}
