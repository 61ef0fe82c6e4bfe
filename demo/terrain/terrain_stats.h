/*
 * The simulated GPU work of a frame, read from the simulator's own statistics: with
 * AGX_SIM_STATS=FILE the embedded simulator (sim/README.md "Environment") appends one line of
 * counters per hardware command it executes, as a GPU's performance counters would report them.
 * The demo points the variable at a temporary file before the driver starts and totals the lines
 * written while its frame ran. No driver is involved: on another driver (lavapipe) or on real
 * hardware the file stays empty and the work is reported as unavailable.
 * Assumes: the simulator writes a command's line before the command's fence signals.
 */
#ifndef TERRAIN_STATS_H
#define TERRAIN_STATS_H

#include <stdbool.h>
#include <stdint.h>

struct terrain_stats {
   uint32_t render_cmds, compute_cmds;
   uint64_t thread_insns, simd_insns, bytes_read, bytes_written;
};

/* Sets AGX_SIM_STATS to a fresh temporary file unless the user set it; call before any Vulkan
 * call. */
void terrain_stats_setup(void);

/* The user set AGX_SIM_STATS=- : the lines go to stderr, not to a file the demo can read. */
bool terrain_stats_to_stderr(void);

/* Marks the start of the measured work (the current end of the file). */
void terrain_stats_begin(void);

/* Totals the lines written since terrain_stats_begin; false when there are none. */
bool terrain_stats_end(struct terrain_stats *out);

/* Removes the temporary file (not a file the user named). */
void terrain_stats_cleanup(void);

#endif
