/* Grammar-driven operand walking (see agx_spirv_walk.c). */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_spirv_tables.h"

/* Called for every id operand; return false to reject the id. */
typedef bool (*agx_spirv_id_cb)(uint32_t id, void *data);

/* Walks the operands of one instruction (words[0] is the opcode word, wc its
 * word count, already checked to be in bounds). Returns true if the words
 * match the grammar, otherwise false with a description in msg. */
bool agx_spirv_walk_operands(const uint32_t *words, unsigned wc, agx_spirv_id_cb cb, void *data,
                             char *msg, size_t msg_size);
