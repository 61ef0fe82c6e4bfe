/*
 * AGX (G13) instruction-set API: one table (generated from agx_isa.py) drives
 * encoding, decoding, operand interpretation, disassembly and assembly.
 *
 * Assumes: instructions are 2..12 little-endian bytes; a decoded instruction
 * is the descriptor index plus the raw value of every named field of that
 * descriptor (struct agx_isa_instr).  Operands are a typed view of those
 * fields (struct agx_isa_value) following the community (applegpu) syntax.
 */
#ifndef AGX_ISA_H
#define AGX_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_isa_ops.h"

#define AGX_ISA_MAX_BYTES 12
#define AGX_ISA_NO_FIELD 0xFF

/* ---- table (agx_isa_table.c, generated) ---- */

struct agx_isa_piece {
   uint8_t start, size;
};

struct agx_isa_field {
   const char *name;
   uint8_t npieces;
   uint8_t width; /* total bits; pieces[0] holds the low bits */
   struct agx_isa_piece pieces[3];
};

struct agx_isa_enum {
   const char *name;
   unsigned count;
   const char *const *names; /* indexed by value; NULL = unnamed value */
};

/* agx_isa_operand.flags */
#define AGX_OPF_R32 1
#define AGX_OPF_R64 2
#define AGX_OPF_PAIRED 4
#define AGX_OPF_FIMM 8
#define AGX_OPF_OPTIONAL 16
#define AGX_OPF_IMM_WHEN_ZERO 32
#define AGX_OPF_TRIPLE 64
#define AGX_OPF_DEF 128 /* written by the instruction (else read) */

struct agx_isa_operand {
   const char *name;
   uint8_t kind;     /* enum agx_isa_opkind */
   uint8_t field[4]; /* value field first; AGX_ISA_NO_FIELD when unused */
   uint8_t dep[2];   /* fields of other operands this one is read through */
   uint8_t flags;
   uint8_t tsize; /* width of the type field of ALU sources (3 or 4) */
   const struct agx_isa_enum *enumt;
};

enum agx_isa_mnem {
   AGX_MNEM_PLAIN,
   AGX_MNEM_SAT,     /* ".sat" when field S is set */
   AGX_MNEM_ALT,     /* alt[field] */
   AGX_MNEM_ALT_SAT, /* alt[field] + ".sat" */
   AGX_MNEM_ALIAS,   /* printed through a named alias rule */
};

enum agx_isa_alias {
   AGX_ALIAS_NONE,
   AGX_ALIAS_BITOP,     /* and/or/xor/.../not/mov by truth table */
   AGX_ALIAS_PUSH_EXEC, /* if_fcmp eq 0.0, 0.0 -> push_exec / update_exec */
   AGX_ALIAS_LDST_TILE, /* ld_tile / st_tile by the load bit */
   AGX_ALIAS_MAP,       /* map / unmap by op */
};

struct agx_isa_desc {
   const char *name;
   uint8_t size[2]; /* bytes, short and long form */
   uint8_t lbit;    /* bit selecting the long form when sizes differ */
   uint8_t mask[AGX_ISA_MAX_BYTES];
   uint8_t bits[AGX_ISA_MAX_BYTES];
   uint8_t nfields;
   const struct agx_isa_field *fields;
   uint8_t nops;
   const struct agx_isa_operand *ops;
   uint8_t mnem;       /* enum agx_isa_mnem */
   uint8_t mnem_field; /* field choosing alt[] */
   uint8_t sat_field;
   const char *alt[2];
   uint8_t alias;       /* enum agx_isa_alias */
   uint8_t placeholder; /* bits transcribed, meaning unknown */
   const char *group;
};

extern const struct agx_isa_desc agx_isa_descs[AGX_OP_COUNT];

/* Decode index: agx_isa_byte0_ops[agx_isa_byte0_start[b] ..
 * agx_isa_byte0_start[b + 1]) are the descriptors, in table order, whose
 * fixed bits allow first byte b. */
extern const uint16_t agx_isa_byte0_start[257];
extern const uint8_t agx_isa_byte0_ops[];
extern const char *const agx_isa_sr_names[];
extern const unsigned agx_isa_num_sr_names;

/* ---- instructions (agx_isa_codec.c) ---- */

struct agx_isa_instr {
   uint16_t op;                    /* enum agx_isa_op */
   uint8_t size;                   /* bytes; set by decode and encode */
   uint8_t long_form;              /* force the long form (set by decode when L = 1) */
   uint64_t f[AGX_ISA_MAX_FIELDS]; /* raw field values, table order */
};

enum agx_isa_error {
   AGX_ISA_ERR_NOMATCH = -1,   /* no descriptor matches the bytes */
   AGX_ISA_ERR_TRUNCATED = -2, /* the instruction runs past the buffer */
   AGX_ISA_ERR_RANGE = -3,     /* a field value does not fit its bits */
   AGX_ISA_ERR_OP = -4,        /* invalid descriptor index */
   AGX_ISA_ERR_OPERAND = -5,   /* operand cannot be encoded here */
};

/* Zero every field and select descriptor op. */
void agx_isa_init(struct agx_isa_instr *I, enum agx_isa_op op);

/* Decode the instruction at bytes (avail bytes readable).  Returns its size
 * in bytes or a negative enum agx_isa_error. */
int agx_isa_decode(const uint8_t *bytes, size_t avail, struct agx_isa_instr *out);

/* Decode the bytes as descriptor op if its fixed bits match, regardless of
 * table order.  First-match order (as in applegpu) shadows a few encodings
 * by more general descriptors, e.g. Mesa's stack_adjust (0xB5, bits 16-19
 * = 1, bits 24-25 = 1) decodes first as stack_store; a consumer that needs
 * the specific meaning asks for it here.  Returns the size or a negative
 * error (AGX_ISA_ERR_NOMATCH when op does not match). */
int agx_isa_decode_as(const uint8_t *bytes, size_t avail, enum agx_isa_op op,
                      struct agx_isa_instr *out);

/* Encode I into out (AGX_ISA_MAX_BYTES).  The long form is chosen when any
 * bit beyond the short form is set or I->long_form is set, so that
 * encode(decode(bytes)) reproduces every decodable instruction exactly.
 * Returns the size or a negative error. */
int agx_isa_encode(const struct agx_isa_instr *I, uint8_t out[AGX_ISA_MAX_BYTES]);

/* Index of the named field of descriptor op, or -1. */
int agx_isa_field_index(enum agx_isa_op op, const char *name);

/* ---- operands (agx_isa_operand.c) ---- */

enum agx_isa_vkind {
   AGX_V_EMPTY, /* prints nothing */
   AGX_V_NONE,  /* operand absent; prints "None" like applegpu */
   AGX_V_REG,   /* register or consecutive register tuple */
   AGX_V_IMM,   /* integer immediate */
   AGX_V_FIMM,  /* 8-bit float immediate (n = encoding) */
   AGX_V_PCREL, /* pc-relative byte offset */
   AGX_V_STR,   /* keyword (condition, enum, "lsl 2", "mask 0xFF", 0b...) */
};

enum agx_isa_rclass {
   AGX_R16,
   AGX_R32,
   AGX_U16,
   AGX_U32,
   AGX_TS,
   AGX_SS,
   AGX_CF,
   AGX_SR,
};

/* modifier flags, printed in this order */
#define AGX_MOD_CACHE 1
#define AGX_MOD_DISCARD 2
#define AGX_MOD_SX 4
#define AGX_MOD_ABS 8
#define AGX_MOD_NEG 16

struct agx_isa_value {
   uint8_t kind;   /* enum agx_isa_vkind */
   uint8_t rclass; /* enum agx_isa_rclass */
   uint8_t count;  /* registers in a tuple; a 64-bit register is 2 x 32-bit */
   uint8_t mods;   /* AGX_MOD_* */
   int64_t n;      /* first register, immediate value or offset */
   char str[48];   /* AGX_V_STR text; token text when parsed */
};

/* Typed view of operand i of I. */
void agx_isa_get_operand(const struct agx_isa_instr *I, unsigned i, struct agx_isa_value *v);

/* Store v into the fields of operand i; 0 or AGX_ISA_ERR_OPERAND.  Operands
 * that depend on other fields (e.g. select sources on the destination size)
 * must be set after those. */
int agx_isa_set_operand(struct agx_isa_instr *I, unsigned i, const struct agx_isa_value *v);

/* Set every operand of I from vals[0..nops-1], operands that read fields of
 * later operands last.  0 or AGX_ISA_ERR_OPERAND. */
int agx_isa_set_operands(struct agx_isa_instr *I, const struct agx_isa_value *vals);

/* Whether two operand values are the same operand. */
bool agx_isa_value_equal(const struct agx_isa_value *a, const struct agx_isa_value *b);

/* Convenience constructors for the compiler. */
struct agx_isa_value agx_isa_reg(enum agx_isa_rclass c, unsigned n, unsigned count);
struct agx_isa_value agx_isa_imm(int64_t n);
struct agx_isa_value agx_isa_str(const char *s);

/* 8-bit float immediate: value of encoding n, and encoding of x (-1 if x is
 * not representable). */
double agx_isa_fimm_value(unsigned n);
int agx_isa_fimm_encode(double x);

/* ---- text (agx_isa_format.c, agx_isa_parse.c) ---- */

/* Mnemonic and operands as applegpu prints them ("iadd             r0, r1,
 * 5").  pc is the address of the instruction, used for branch targets when
 * have_pc.  Returns the length of the text. */
int agx_isa_format(const struct agx_isa_instr *I, bool have_pc, uint64_t pc, char *buf,
                   size_t size);

/* Parse one instruction line at address pc.  Returns 0 or a negative error
 * with a message in err. */
int agx_isa_parse(const char *line, uint64_t pc, struct agx_isa_instr *out, char *err,
                  size_t errsize);

#endif
