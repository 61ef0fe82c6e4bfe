/* CPU interpreter for the agx IR (a test tool, not used by the driver). Runs
 * a compute dispatch: every workgroup's invocations are stepped round-robin,
 * each running until it reaches a barrier or ends; when all live invocations
 * wait at a barrier they are released together. Global memory accesses go to
 * caller-provided buffers by address (out-of-range accesses are errors),
 * shared memory is per workgroup, scratch per invocation. */
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "agx_ir.h"

struct agx_interp_buffer {
   uint64_t address; /* the GPU address the shader sees */
   void *data;       /* host memory backing it */
   size_t size;
};

struct agx_interp_dispatch {
   uint32_t groups[3];
   /* Driver uniforms (agx_abi.h layout), read by load_uniform. */
   const void *uniforms;
   size_t uniform_size;
   /* Push constants, read by load_push_constant (before ABI lowering). */
   const void *push;
   size_t push_size;
   struct agx_interp_buffer *buffers;
   unsigned num_buffers;
   uint64_t max_steps; /* per invocation; 0: 50 million */
};

struct agx_interp_stats {
   uint64_t instructions; /* executed, all invocations */
   uint64_t barriers;     /* workgroup barrier releases */
};

/* Returns 0 on success; otherwise -1 with a message in err. */
int agx_interp_run(const agx_shader *s, const struct agx_interp_dispatch *d,
                   struct agx_interp_stats *stats, char *err, size_t err_size);
