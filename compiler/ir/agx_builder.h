/* Builder: creates instructions at a cursor (end of a block, or before an
 * instruction) and structured control flow. push/pop calls must nest; if and
 * loop nodes are inserted after the cursor's block, which must be at its end. */
#pragma once
#include "agx_ir.h"

typedef struct agx_builder {
   agx_shader *shader;
   agx_block *block;
   agx_instr *before; /* NULL: append at the end of block */
} agx_builder;

agx_builder agx_builder_at_end(agx_shader *s, agx_block *block);
agx_builder agx_builder_before(agx_shader *s, agx_instr *I);
void agx_builder_insert(agx_builder *b, agx_instr *I);

agx_instr *agx_build(agx_builder *b, enum agx_op op, agx_type t, unsigned n, agx_instr *s0,
                     agx_instr *s1, agx_instr *s2, agx_instr *s3);
agx_instr *agx_const(agx_builder *b, agx_type t, const uint64_t *values);
agx_instr *agx_imm(agx_builder *b, unsigned bits, uint64_t v);
agx_instr *agx_undef(agx_builder *b, agx_type t);
agx_instr *agx_vec(agx_builder *b, unsigned n, agx_instr *const *comps);
agx_instr *agx_extract(agx_builder *b, agx_instr *v, unsigned comp);
agx_instr *agx_intrin(agx_builder *b, enum agx_op op, agx_type t, unsigned n, agx_instr *s0,
                      agx_instr *s1, agx_instr *s2, uint32_t c0, uint32_t c1, uint32_t c2);
/* Converts a scalar/vector integer to another bit size (zero/sign extend). */
agx_instr *agx_resize(agx_builder *b, agx_instr *v, unsigned bits, bool sign);

/* Replaces instructions: for each instruction I of the shader, lower()
 * builds a replacement before I and returns it (I is then removed and its
 * uses rewritten), or returns NULL to keep I. Returns whether anything
 * changed. The skeleton of the lowering passes. */
typedef agx_instr *(*agx_lower_fn)(agx_builder *b, agx_instr *I, void *data);
bool agx_lower_each(agx_shader *s, agx_lower_fn lower, void *data);

agx_if *agx_push_if(agx_builder *b, agx_instr *cond);
void agx_push_else(agx_builder *b, agx_if *nif);
void agx_pop_if(agx_builder *b, agx_if *nif);
agx_loop *agx_push_loop(agx_builder *b);
void agx_push_continue(agx_builder *b, agx_loop *loop);
void agx_pop_loop(agx_builder *b, agx_loop *loop);
void agx_jump(agx_builder *b, enum agx_op jump);

/* Puts I (not a phi or jump) under `if (cond)` where it stands, splitting
 * its block (agx_builder_wrap.c); cond must be defined before I. Returns
 * the value that replaces I's result (a phi with undef on the else side),
 * or I when it has none. */
agx_instr *agx_wrap_in_if(agx_shader *s, agx_instr *I, agx_instr *cond);

#include "agx_ir_builder_ops.h"
