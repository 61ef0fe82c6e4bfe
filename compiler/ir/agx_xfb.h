/*
 * Transform feedback outputs of a shader (VK_EXT_transform_feedback): what
 * the SPIR-V front end reads from the Xfb execution mode and the XfbBuffer,
 * XfbStride, Offset and Stream decorations of Output variables
 * (compiler/spirv/agx_spirv_xfb.c), one entry per captured 32-bit word.
 * The driver captures these words from the vertex shader's software
 * variant (icd/agxv_cmd_xfb.c). Plain C, no pointers.
 */
#ifndef AGX_XFB_H
#define AGX_XFB_H

#include <stdbool.h>
#include <stdint.h>

#define AGX_XFB_MAX_BUFFERS 4u
/* words captured per shader: 4 buffers of maxTransformFeedbackBufferDataSize
 * (512 bytes) each */
#define AGX_XFB_MAX_OUTPUTS 512u

struct agx_xfb_output {
   uint8_t slot;    /* enum agx_io_slot */
   uint8_t comp;    /* word of the slot */
   uint8_t buffer;  /* XfbBuffer */
   uint8_t stream;  /* Stream (0 without one) */
   uint16_t offset; /* bytes from the vertex's start in the buffer */
};

struct agx_xfb_info {
   bool enabled;                         /* ExecutionMode Xfb */
   uint32_t count;                       /* captured words */
   uint32_t stride[AGX_XFB_MAX_BUFFERS]; /* XfbStride (0: buffer not used) */
   struct agx_xfb_output out[AGX_XFB_MAX_OUTPUTS];
};

#endif
