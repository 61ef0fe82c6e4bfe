/*
 * Messages and debug flags. Every message the driver prints starts with
 * "agx:". AGX_DEBUG is a comma-separated list of the flags in agxv_log.c
 * (AGX_DEBUG=help lists them); it is parsed once per process.
 */
#ifndef AGXV_LOG_H
#define AGXV_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

enum agxv_debug_flag {
   AGXV_DEBUG_IOCTL = 1u << 0,      /* trace every kernel/simulator ioctl */
   AGXV_DEBUG_SUBMIT = 1u << 1,     /* trace queue submissions and syncs */
   AGXV_DEBUG_ALLOC = 1u << 2,      /* trace BO and VA allocations */
   AGXV_DEBUG_STARTUP = 1u << 3,    /* explain device selection */
   AGXV_DEBUG_SHADERS = 1u << 4,    /* print the disassembly of every compiled shader */
   AGXV_DEBUG_TRACE = 1u << 5,      /* decode every submitted control stream */
   AGXV_DEBUG_NOPREAMBLE = 1u << 6, /* compile shaders without a preamble */
   AGXV_DEBUG_NOSHM = 1u << 7,      /* X11 presentation without MIT-SHM (plain image puts) */
};

uint32_t agxv_debug_flags(void);

static inline bool
agxv_debug(enum agxv_debug_flag flag)
{
   return (agxv_debug_flags() & flag) != 0;
}

/* Whether the comma list in AGXV_EXPERIMENTAL names `feature` (features
 * advertised before their conformance tests pass broadly: "vsstores"
 * vertexPipelineStoresAndAtomics). The first call notes keys of features
 * now on by default ("gs", "tess": ignored) and unknown keys on stderr. */
bool agxv_experimental(const char *feature);

/* Reports (once) AGXV_EXPERIMENTAL keys that are unknown or retired. */
void agxv_experimental_check(void);

void agxv_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Logs "agx: not implemented: <name>" the first time for each command. */
void agxv_not_implemented(const char *name, bool *reported);

/* Logs the reason when any AGX_DEBUG flag is set and returns `result`. */
VkResult agxv_error(VkResult result, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
