/* logic_op_model.h: the CPU reference of Vulkan's colour logic operations
 * for loader tests (test_logic_op, test_emrt_logic). Assumes nothing of the
 * driver: the table of VkLogicOp in the Vulkan specification ("Logical
 * Operations", chapters/framebuffer.adoc), on the bits of one component;
 * the caller masks the result to the component's width. */
#ifndef LOGIC_OP_MODEL_H
#define LOGIC_OP_MODEL_H

#include <stdint.h>

#include <vulkan/vulkan.h>

/* The op on s (source) and d (destination); VkLogicOp values 0..15. */
static inline uint32_t
logic_op_model(VkLogicOp op, uint32_t s, uint32_t d)
{
   switch (op) {
   case VK_LOGIC_OP_CLEAR:
      return 0;
   case VK_LOGIC_OP_AND:
      return s & d;
   case VK_LOGIC_OP_AND_REVERSE:
      return s & ~d;
   case VK_LOGIC_OP_COPY:
      return s;
   case VK_LOGIC_OP_AND_INVERTED:
      return ~s & d;
   case VK_LOGIC_OP_NO_OP:
      return d;
   case VK_LOGIC_OP_XOR:
      return s ^ d;
   case VK_LOGIC_OP_OR:
      return s | d;
   case VK_LOGIC_OP_NOR:
      return ~(s | d);
   case VK_LOGIC_OP_EQUIVALENT:
      return ~(s ^ d);
   case VK_LOGIC_OP_INVERT:
      return ~d;
   case VK_LOGIC_OP_OR_REVERSE:
      return s | ~d;
   case VK_LOGIC_OP_COPY_INVERTED:
      return ~s;
   case VK_LOGIC_OP_OR_INVERTED:
      return ~s | d;
   case VK_LOGIC_OP_NAND:
      return ~(s & d);
   case VK_LOGIC_OP_SET:
      return ~0u;
   default:
      return 0xDEADBEEFu;
   }
}

#endif
