/*
 * Messages and debug flags. Every message the driver prints starts with
 * "agx:". AGX_DEBUG is a comma-separated list of the flags in agx_log.c
 * (AGX_DEBUG=help lists them); it is parsed once per process.
 */
#ifndef AGX_LOG_H
#define AGX_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

enum agx_debug_flag {
   AGX_DEBUG_IOCTL = 1u << 0,      /* trace every kernel/simulator ioctl */
   AGX_DEBUG_SUBMIT = 1u << 1,     /* trace queue submissions and syncs */
   AGX_DEBUG_ALLOC = 1u << 2,      /* trace BO and VA allocations */
   AGX_DEBUG_STARTUP = 1u << 3,    /* explain device selection */
   AGX_DEBUG_SHADERS = 1u << 4,    /* print the disassembly of every compiled shader */
   AGX_DEBUG_TRACE = 1u << 5,      /* decode every submitted control stream */
   AGX_DEBUG_NOPREAMBLE = 1u << 6, /* compile shaders without a preamble */
};

uint32_t agx_debug_flags(void);

static inline bool
agx_debug(enum agx_debug_flag flag)
{
   return (agx_debug_flags() & flag) != 0;
}

void agx_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Logs "agx: not implemented: <name>" the first time for each command. */
void agx_not_implemented(const char *name, bool *reported);

/* Logs the reason when any AGX_DEBUG flag is set and returns `result`. */
VkResult agx_error(VkResult result, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
