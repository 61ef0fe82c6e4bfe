/*
 * The helper program: the userspace program a compute command names
 * (drm_asahi_cmd_compute.helper) that the GPU runs to map stack (scratch)
 * memory for SIMD-groups whose USC Registers word has a nonzero Spill size.
 *
 * Assumes (Mesa src/asahi/lib/agx_scratch.c and shaders/helper.cl,
 * applegpu, shared/reference/isa.md section 12; hardware behaviour the
 * public references do not document is marked MODEL):
 * - helper.binary holds a USC word-list offset from usc_exec_base in its
 *   high bits; Mesa ORs 1 into the low bits (meaning unknown). MODEL:
 *   binary == 0 means "no helper", the word list is at binary & ~63.
 * - the program runs on one thread per GPU core, started when the core first
 *   needs it. It reads sr146/sr147 (helper_arg lo/hi = helper.data) and
 *   sr20 (core_index), then loops: `doorbell 32` (NEXT) waits for an op,
 *   sr144 gives the op (STACK_ALLOC 0, STACK_FREE 1, END 15) and sr146 its
 *   argument; `map` / `unmap` with slot v in 0..3 write / read-and-clear
 *   the 4 stack block words of the SIMD-group being served; `doorbell 48`
 *   (ACK) or `doorbell 49` (NACK) answers. MODEL: after an op is delivered
 *   sr147 reads 0; STACK_ALLOC's argument is the Spill size of the launch.
 * - END is sent when the command finishes; the program then stops. Mesa
 *   ends with fence_helper_exit, whose encoding is not public: the model
 *   accepts a plain `stop`.
 * - MODEL: a NACKed STACK_ALLOC makes the hardware retry later; the model
 *   releases the threadgroup's other stacks and waits for a STACK_FREE from
 *   another host worker, and faults when nothing can ever be freed.
 * - the model runs one core (core_index 0, see agx_sim_isa_alu.c) shared by
 *   all host workers, so helper requests are serialised by one lock.
 */
#ifndef AGX_SIM_HELPER_H
#define AGX_SIM_HELPER_H

#include "agx_sim_gpu.h"

#define AGX_SIM_HELPER_OP_STACK_ALLOC 0
#define AGX_SIM_HELPER_OP_STACK_FREE 1
#define AGX_SIM_HELPER_OP_END 15

#define AGX_SIM_DOORBELL_NEXT 32
#define AGX_SIM_DOORBELL_ACK 48
#define AGX_SIM_DOORBELL_NACK 49

/* Create the command's helper state (NULL when binary == 0 or out of
 * memory: *oom tells which). */
struct agx_sim_helper *agx_sim_helper_create(uint32_t binary, uint32_t cfg, uint64_t data,
                                             bool *oom);
/* Send END to a started helper and run it to its end; frees h. */
bool agx_sim_helper_finish(struct agx_sim_gpu *gpu, struct agx_sim_helper *h);

/* Map stacks for SIMD-groups sgs[0..n) (Spill size `spill`); false after a
 * fault (gpu status set). */
bool agx_sim_helper_alloc(struct agx_sim_worker *w, struct agx_sim_sg *sgs, unsigned n,
                          unsigned spill);
/* Give the stacks of sgs[0..n) back (in reverse order). */
bool agx_sim_helper_free(struct agx_sim_worker *w, struct agx_sim_sg *sgs, unsigned n);

/* Instruction semantics of doorbell, map and unmap. */
bool agx_sim_decode_helper(struct agx_sim_insn *I, const struct agx_isa_instr *in);

/* sr144/146/147 while the helper runs; false when not in the helper. */
bool agx_sim_helper_sr(const struct agx_sim_worker *w, unsigned sr, uint32_t *v);

#endif
