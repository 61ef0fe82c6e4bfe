/*
 * Mnemonic aliases shared by the printer (agx_isa_format.c) and the parser
 * (agx_isa_parse.c): applegpu prints bitop with these truth tables under
 * their logic names; "not"/"mov" only when the second source is 0.
 */
#ifndef AGX_ISA_TEXT_PRIV_H
#define AGX_ISA_TEXT_PRIV_H

#include <stdbool.h>

static const struct agx_bitop_alias {
   const char *tt, *name;
   bool unary;
} bitop_aliases[] = {
   {"0001", "and", false}, {"0111", "or", false},   {"0110", "xor", false}, {"1110", "nand", false},
   {"1000", "nor", false}, {"1001", "xnor", false}, {"1010", "not", true},  {"0101", "mov", true},
};

#define AGX_NUM_BITOP_ALIASES (sizeof(bitop_aliases) / sizeof(bitop_aliases[0]))

#endif
