/*
 * The shader core (USC) as the data masters and the kernel model see it:
 * the one interface through which dm/ (CDM today, VDM and the fragment
 * pipeline next) runs programs, reads GPU memory and reports GPU errors.
 * Everything else under usc/ (agx_sim_gpu.h: SIMD-groups, workers,
 * pre-decoded instructions) is private to the shader core.
 *
 * Assumes: one `struct agx_sim_gpu` per hardware command, created by the
 * kernel model (kmd/agx_sim_exec.c) with the command's VM and
 * usc_exec_base; the caller holds agx_sim_vm_access_begin() on the VM for
 * the whole command so GPU memory is translated directly. A USC state is
 * what a USC word list (Uniform/Texture/Sampler/Shared/Shader/Registers/
 * Preshader words, genxml/agx_usc.xml) sets up before threads start.
 */
#ifndef AGX_SIM_USC_H
#define AGX_SIM_USC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct agx_sim_vm;
struct agx_sim_helper;
/* The state a USC word list sets up (uniforms, texture/sampler state,
 * program, registers, preamble); opaque outside usc/. */
struct agx_sim_dispatch;

/* What went wrong, for the kernel-style error report. */
enum agx_sim_gpu_error {
   AGX_SIM_GPU_OK = 0,
   AGX_SIM_GPU_FAULT,    /* MMU fault: unmapped / permission */
   AGX_SIM_GPU_ILLEGAL,  /* illegal or unsupported instruction / stream */
   AGX_SIM_GPU_TIMEOUT,  /* instruction budget exhausted */
   AGX_SIM_GPU_FIDELITY, /* strict-mode check */
};

#define AGX_SIM_MSG_SIZE 512

struct agx_sim_gpu_status {
   enum agx_sim_gpu_error error;
   uint64_t fault_addr;
   char msg[AGX_SIM_MSG_SIZE];
};

/* Configuration of the GPU model (environment: see README). */
struct agx_sim_gpu_config {
   bool strict;
   uint64_t budget;  /* SIMD-group instructions per command, 0 = unlimited */
   unsigned threads; /* host worker threads */
};

/* Everything a command executes with. */
struct agx_sim_gpu {
   struct agx_sim_vm *vm;
   uint64_t usc_base;
   struct agx_sim_gpu_config cfg;
   struct agx_sim_helper *helper; /* the command's helper program, or NULL */
   /* results */
   struct agx_sim_gpu_status status;
   uint64_t thread_insns; /* lanes x instructions executed */
   uint64_t sg_insns;     /* SIMD-group instructions executed */
   /* bytes of GPU memory requested by shaders, the texture unit and the data
    * masters (no cache is modelled: every access counts) */
   uint64_t mem_read, mem_write;
   /* AGX_SIM_STATS stream (kmd), or NULL: data masters may add per-launch lines */
   FILE *stats;
   /* set by any worker on error; workers stop */
   int failed;
   void *lock; /* pthread_mutex_t, private to agx_sim_gpu.c */
};

void agx_sim_gpu_init(struct agx_sim_gpu *gpu, struct agx_sim_vm *vm, uint64_t usc_base);
void agx_sim_gpu_finish(struct agx_sim_gpu *gpu);
void agx_sim_gpu_config_from_env(struct agx_sim_gpu_config *cfg);

/* ---- used by the data masters ------------------------------------------ */

/* Read GPU memory (READ permission); a fault is recorded on gpu. */
bool agx_sim_usc_read(struct agx_sim_gpu *gpu, uint64_t va, void *dst, size_t size);

/* Write GPU memory (WRITE permission); a fault is recorded on gpu. */
bool agx_sim_usc_write(struct agx_sim_gpu *gpu, uint64_t va, const void *src, size_t size);

/* agx_sim_usc_read / agx_sim_usc_write for a fixed-function unit: a fault
 * is recorded as `fmt` (printf-style, formatted only then; e.g. "ZLS depth
 * store of pixel (3, 4)") followed by the fault's kind and address, since
 * no program counter names the access. */
bool agx_sim_usc_access_for(struct agx_sim_gpu *gpu, uint64_t va, void *buf, size_t size,
                            bool write, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Byte address of sample s of pixel (x, y) of `layer` of a single-level
 * GPU-tiled surface (the ail layout textures and PBEs use) with `bytes` per
 * sample: what the ZLS unit reads and writes (graphics.md section 6). */
uint64_t agx_sim_usc_surface_address(uint64_t base, uint32_t width, uint32_t height, unsigned bytes,
                                     unsigned samples, uint64_t layer_stride, uint32_t x,
                                     uint32_t y, uint32_t layer, unsigned s);

/* Record the first error of the command (no program counter: stream and
 * fixed-function errors). */
void agx_sim_usc_error(struct agx_sim_gpu *gpu, enum agx_sim_gpu_error e, uint64_t addr,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The command's helper program (drm_asahi_helper_program, binary 0 =
 * none): begin before the first launch, end after the last (sends END). */
bool agx_sim_usc_helper_begin(struct agx_sim_gpu *gpu, uint32_t binary, uint32_t cfg,
                              uint64_t data);
bool agx_sim_usc_helper_end(struct agx_sim_gpu *gpu);

/* Apply the USC word list at pipeline_va (GPU VA) to a new state; the
 * preamble gets preamble_halves registers; register-indexed samplers come
 * from the sampler heap. NULL after recording an error. */
struct agx_sim_dispatch *agx_sim_usc_state_create(struct agx_sim_gpu *gpu, uint64_t pipeline_va,
                                                  unsigned preamble_halves, uint64_t sampler_heap,
                                                  uint32_t sampler_count);
void agx_sim_usc_state_destroy(struct agx_sim_dispatch *d);

/* What a fragment program's word list says about it. */
struct agx_sim_usc_info {
   bool fragment_properties; /* a USC Fragment Properties word was present */
   bool early_z;             /* its Early-z testing bit */
};
void agx_sim_usc_state_info(const struct agx_sim_dispatch *d, struct agx_sim_usc_info *info);

/* Compute: run the preamble once, then the grid of `global` threads in
 * threadgroups of `local` threads (partial threadgroups at the end). */
bool agx_sim_usc_run_grid(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d,
                          const uint32_t global[3], const uint32_t local[3]);

/* ---- graphics threads (vertex, fragment, background, end-of-tile) ------ */

enum agx_sim_usc_stage {
   AGX_SIM_STAGE_VERTEX,
   AGX_SIM_STAGE_FRAGMENT,
   AGX_SIM_STAGE_BACKGROUND, /* BG program: per pixel, the eldest: no wait_pix */
   AGX_SIM_STAGE_EOT,        /* end-of-tile program: one thread per utile */
};

/* Per-thread inputs of a pixel-stage thread (fragment, BG, EOT). */
struct agx_sim_usc_pixel {
   uint32_t x, y;      /* pixel (SR 80/81); EOT: the utile's first pixel */
   uint16_t layer;     /* SR 2 */
   uint8_t coverage;   /* samples still live (SR 60); sample_mask/zs_emit update it */
   uint8_t input_mask; /* covered samples at launch (SR 124) */
   bool helper;        /* quad helper lane (SR 63 = 0; no tile or memory side effects) */
   bool backfacing;    /* SR 62 */
};

/* What the data master provides to the graphics instructions. A NULL hook
 * makes the instruction illegal in that stage. Error returns are a message
 * (the shader core adds the PC and disassembly). */
struct agx_sim_usc_gfx_ops {
   /* st_var / st_var_final: word `slot` of the thread's vertex record */
   const char *(*st_var)(void *ctx, uint32_t thread, unsigned slot, uint32_t value);
   /* coefficient register cf of the thread's primitive: {A, B, C} */
   const char *(*coeff)(void *ctx, uint32_t thread, unsigned cf, float abc[3]);
   /* sample_mask / zs_emit: samples of `target` that are in `live` are
    * depth/stencil tested (with z/s when has_z/has_s), the others killed;
    * updates pixel->coverage. NULL = ok. */
   const char *(*test)(void *ctx, uint32_t thread, unsigned target, unsigned live, bool has_z,
                       float z, bool has_s, unsigned s);
};

/* The current utile's tilebuffer, which ld_tile / st_tile and
 * image_write_block address directly (the tilebuffer is the shader core's
 * own memory): sample s of pixel (x, y) of the utile is the sample_size
 * bytes at data + (((y - y0) x w + (x - x0)) x samples + s) x sample_size.
 * Accesses outside the utile or past sample_size are fidelity errors. */
struct agx_sim_usc_tilebuffer {
   uint8_t *data;
   uint32_t x0, y0, w, h; /* the utile (pixels) */
   unsigned sample_size;  /* bytes per sample (sample_size_B) */
   uint8_t *stored;       /* per utile pixel (row-major): samples st_tile stored (bit s) */
};

struct agx_sim_usc_batch {
   enum agx_sim_usc_stage stage;
   uint32_t count; /* threads; pixel stages put quads on lanes 4k..4k+3 */
   /* preloaded 32-bit registers: reg[i] = values[thread * nregs + i] */
   unsigned nregs;
   uint8_t reg[4];
   const uint32_t *values;
   struct agx_sim_usc_pixel *pixels;        /* pixel stages: count entries */
   unsigned samples;                        /* pixel stages: 1, 2 or 4 */
   float sample_pos[4][2];                  /* sample positions in the pixel (iter sample) */
   unsigned utile_w, utile_h;               /* EOT: the block image_write_block stores */
   const struct agx_sim_usc_tilebuffer *tb; /* pixel stages; NULL = no tilebuffer access */
   const struct agx_sim_usc_gfx_ops *ops;
   void *ctx;
};

/* Run the batch's threads on the calling host thread, in SIMD-groups of 32
 * consecutive threads, with d's uniforms and state (the preamble runs
 * first when d has one). */
bool agx_sim_usc_run_batch(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d,
                           const struct agx_sim_usc_batch *b);

#endif
