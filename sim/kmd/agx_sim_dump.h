/*
 * Render-command captures (issue 17 item 9): what a DRM_ASAHI_CMD_RENDER
 * saw when it started, written by the simulated kernel when AGX_SIM_DUMP
 * names a directory, and read back by `agx-sim-run --render` to replay the
 * command without the driver.
 *
 * File format (host byte order, little-endian on every supported host;
 * version 1, defined by this simulator, not a hardware or kernel format):
 *   struct agx_sim_dump_header
 *   cmd_size bytes: the struct drm_asahi_cmd_render as the kernel copied it
 *   nruns x { struct agx_sim_dump_run, pages flag bytes (0 = all-zero page,
 *             1 = data follows), then 16 KiB per page flagged 1 }
 * A run is a VA-contiguous range of mapped pages with one permission set.
 *
 * Assumes: the VM's pages at the start of the command are all the command
 * can read (the UAPI gives it nothing else besides timestamps, which a
 * replay does not write). Pages that alias one BO range at several VAs are
 * captured as independent copies: a replay that writes through one alias
 * and reads through another differs from the original (not modelled).
 */
#ifndef AGX_SIM_DUMP_H
#define AGX_SIM_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drm-uapi/asahi_drm.h"

struct agx_sim;
struct agx_sim_vm;

#define AGX_SIM_DUMP_MAGIC "AGXSIMRD"
#define AGX_SIM_DUMP_VERSION 1

struct agx_sim_dump_header {
   char magic[8];
   uint32_t version;
   uint32_t cmd_size; /* bytes of the render command that follow */
   uint64_t usc_exec_base;
   uint64_t kernel_start, kernel_end; /* VM_CREATE's kernel range */
   uint32_t chip;                     /* enum agx_sim_chip */
   uint32_t nruns;
};

struct agx_sim_dump_run {
   uint64_t va;
   uint64_t pages;
   uint32_t perms; /* enum agx_sim_access bits */
   uint32_t pad;
};

/* A capture in memory: runs with their bytes (pages x 16 KiB each). */
struct agx_sim_dump {
   struct agx_sim_dump_header h;
   struct drm_asahi_cmd_render cmd;
   struct agx_sim_dump_run *runs;
   uint8_t **data;
};

/* Write the capture of `cmd` (about to run on `vm`, which the caller holds
 * with agx_sim_vm_access_begin) into `path`. Returns false with a reason in
 * err on I/O failure. */
bool agx_sim_dump_write(const char *path, struct agx_sim_vm *vm, uint32_t chip,
                        uint64_t usc_exec_base, const struct drm_asahi_cmd_render *cmd, char *err,
                        size_t err_size);

/* Read a capture; NULL with a reason in err for a missing, truncated or
 * malformed file. */
struct agx_sim_dump *agx_sim_dump_read(const char *path, char *err, size_t err_size);
void agx_sim_dump_free(struct agx_sim_dump *d);

#endif
