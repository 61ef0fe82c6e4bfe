/*
 * Counting what agx-vk reports on stderr, for the loader tests that check
 * how often the driver compiles or links (test_gpl: main shaders, test_eds3 and
 * test_eds3_raster: fragment epilogs, test_vidyn: vertex prologs).
 *
 * Assumes: the driver prints one line per event when AGX_DEBUG names the
 * flag (AGX_DEBUG=shaders: `agx: shader "NAME"`, `agx: fs epilog variant`,
 * `agx: vs prolog variant`), and its other debug output starts with "agx: ",
 * a digit, a space or ';' (disassembly). On another driver (--reference)
 * nothing is captured and every count is 0.
 */
#ifndef AGX_VK_DEBUG_H
#define AGX_VK_DEBUG_H

#include <stdbool.h>
#include <stdio.h>

/* Adds `flag` to AGX_DEBUG (keeping what the environment already has);
 * call before agx_vk_ctx_instance. */
void agx_vk_debug_add(const char *flag);

/* stderr redirected into a temporary file between begin and end. */
struct agx_vk_capture {
   FILE *file;
   int saved_fd;
};

/* Starts capturing stderr unless `reference` (another driver). */
void agx_vk_capture_begin(struct agx_vk_capture *cap, bool reference);

/* Stops capturing: the number of captured lines starting with `prefix`;
 * lines that are not the driver's debug output (validation messages) are
 * passed on to stderr. 0 when nothing was captured. */
unsigned agx_vk_capture_end(struct agx_vk_capture *cap, const char *prefix);

#endif
