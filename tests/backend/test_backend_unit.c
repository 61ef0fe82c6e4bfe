/* Back-end unit tests on IR built with the builder API: for each op family
 * the emitted code must contain the expected instructions (checked on the
 * disassembly text), decode completely and end with stop; register
 * pressure beyond the budget and unsupported operations must fail with a
 * clear message and no code. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_backend.h"
#include "agx_builder.h"

static unsigned failures, checks;

#define CHECK(cond, ...)                                                          \
   do {                                                                           \
      checks++;                                                                   \
      if (!(cond)) {                                                              \
         failures++;                                                              \
         fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                            \
         fputc('\n', stderr);                                                     \
      }                                                                           \
   } while (0)

static agx_shader *
new_shader(agx_builder *b)
{
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   *b = agx_builder_at_end(s, blk);
   s->io_lowered = true;
   s->cs.local_size[0] = 32;
   s->cs.local_size[1] = s->cs.local_size[2] = 1;
   return s;
}

/* 32/64-bit inputs: a push-constant word (uniform) and a loaded word. */
static agx_instr *
uni(agx_builder *b, unsigned bits, unsigned byte)
{
   return agx_intrin(b, AGX_OP_LOAD_UNIFORM, agx_type_make(bits, 1), 1, agx_imm(b, 32, 0), NULL,
                     NULL, byte, 0, 0);
}

static agx_instr *
loaded(agx_builder *b, unsigned bits)
{
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(bits, 1), 1, uni(b, 64, 0), NULL, NULL,
                     bits / 8, 0, 0);
}

static void
store(agx_builder *b, agx_instr *v)
{
   agx_intrin(b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, uni(b, 64, 8), v, NULL,
              v->type.bits / 8, 0, 0);
}

/* Compiles s; returns the disassembly (malloc'ed) or NULL with err set. */
static char *
compile(agx_shader *s, unsigned max_halves, char *err, size_t errsize,
        struct agx_backend_info *info)
{
   /* these tests check instruction selection on uniform inputs: no preamble */
   struct agx_backend_options o = {.max_halves = max_halves, .no_preamble = true};
   struct agx_backend_result r;
   int rc = agx_backend_compile(s, &o, &r, err, errsize);
   agx_shader_destroy(s);
   if (rc) {
      CHECK(r.code == NULL && r.size == 0, "failed compile left code");
      return NULL;
   }
   char *text = NULL;
   size_t len = 0;
   FILE *f = open_memstream(&text, &len);
   bool ok = agx_backend_disasm(r.code, r.size, f);
   fclose(f);
   CHECK(ok, "code does not decode completely:\n%s", text);
   CHECK(r.size >= 2 && r.code[r.size - 2] == 0x88 && r.code[r.size - 1] == 0x00,
         "code does not end with stop");
   if (info)
      *info = r.info;
   agx_backend_result_free(&r);
   return text;
}

/* Every space-separated word group of `want` ("a|b" lists) must appear in
 * the text, in order. */
static void
expect(const char *what, const char *text, const char *const *want)
{
   const char *at = text;
   for (unsigned i = 0; want[i]; i++) {
      const char *p = strstr(at, want[i]);
      CHECK(p != NULL, "%s: missing \"%s\" (in order) in:\n%s", what, want[i], text);
      if (p)
         at = p + strlen(want[i]);
   }
}

#define EXPECT(what, text, ...)                     \
   do {                                             \
      const char *const w_[] = {__VA_ARGS__, NULL}; \
      expect(what, text, w_);                       \
   } while (0)

/* ---- ALU families -------------------------------------------------------- */

struct alu_case {
   enum agx_op op;
   unsigned bits, nsrc;
   bool fl;
   const char *want[6]; /* NULL-terminated */
};

static const struct alu_case alu_cases[] = {
   {AGX_OP_IADD, 32, 2, false, {"iadd", "u16"}},
   {AGX_OP_ISUB, 32, 2, false, {"isub"}},
   {AGX_OP_IMUL, 32, 2, false, {"imadd"}},
   {AGX_OP_IAND, 32, 2, false, {"and "}},
   {AGX_OP_IOR, 32, 2, false, {"or "}},
   {AGX_OP_IXOR, 32, 2, false, {"xor "}},
   {AGX_OP_INOT, 32, 1, false, {"not "}},
   {AGX_OP_ISHL, 32, 2, false, {"and ", "bfi "}},
   {AGX_OP_USHR, 32, 2, false, {"and ", "bfeil "}},
   {AGX_OP_ISHR, 32, 2, false, {"and ", "asr "}},
   {AGX_OP_IMIN, 32, 2, false, {"icmpsel", "slt"}},
   {AGX_OP_UMAX, 32, 2, false, {"icmpsel", "ugt"}},
   {AGX_OP_INEG, 32, 1, false, {"isub", "0,"}},
   {AGX_OP_IABS, 32, 1, false, {"isub", "icmpsel", "slt"}},
   {AGX_OP_BIT_COUNT, 32, 1, false, {"popcount"}},
   {AGX_OP_BIT_REVERSE, 32, 1, false, {"bitrev"}},
   {AGX_OP_UFIND_MSB, 32, 1, false, {"ffs"}},
   {AGX_OP_UMUL_HIGH, 32, 2, false, {"imadd", "_r"}},
   {AGX_OP_IADD, 64, 2, false, {"iadd", "_r"}},
   {AGX_OP_IABS, 64, 1, false, {"isub", "icmpsel", "slt", "icmpsel"}},
   {AGX_OP_FADD, 32, 2, true, {"fadd32"}},
   {AGX_OP_FSUB, 32, 2, true, {"fadd32", ".neg"}},
   {AGX_OP_FMUL, 32, 2, true, {"fmadd32", "-0.0"}}, /* keeps -0 products */
   {AGX_OP_FFLOOR, 32, 1, true, {"floor"}},
   {AGX_OP_FCEIL, 32, 1, true, {"ceil"}},
   {AGX_OP_FTRUNC, 32, 1, true, {"trunc"}},
   {AGX_OP_FROUND_EVEN, 32, 1, true, {"rint"}},
   {AGX_OP_FRCP, 32, 1, true, {"rcp"}},
   {AGX_OP_FRSQ, 32, 1, true, {"rsqrt"}},
   {AGX_OP_FEXP2, 32, 1, true, {"exp2"}},
   {AGX_OP_FLOG2, 32, 1, true, {"log2"}},
   {AGX_OP_FDIV, 32, 2, true, {"rcp", "fmadd32", "-0.0"}},
   {AGX_OP_FSQRT, 32, 1, true, {"rsqrt", "rcp"}},
   {AGX_OP_FMIN, 32, 2, true, {"fcmpsel", "ltn", "fadd32", "-0.0"}}, /* flushed */
   {AGX_OP_FMAX, 32, 2, true, {"fcmpsel", "gtn", "fadd32", "-0.0"}},
   {AGX_OP_FNEG, 32, 1, true, {"fadd32", ".neg", "-0.0"}},
   {AGX_OP_FABS, 32, 1, true, {"fadd32", ".abs"}},
};

static void
test_alu(void)
{
   for (unsigned i = 0; i < sizeof(alu_cases) / sizeof(alu_cases[0]); i++) {
      const struct alu_case *c = &alu_cases[i];
      agx_builder b;
      agx_shader *s = new_shader(&b);
      agx_instr *x = c->bits == 64 ? loaded(&b, 64) : loaded(&b, 32);
      agx_instr *y = c->bits == 64 ? loaded(&b, 64) : uni(&b, 32, 64);
      agx_instr *r = agx_build(&b, c->op, agx_type_make(c->bits, 1), c->nsrc, x,
                               c->nsrc > 1 ? y : NULL, NULL, NULL);
      store(&b, r);
      char err[512];
      char *text = compile(s, 0, err, sizeof(err), NULL);
      CHECK(text != NULL, "%s: %s", agx_op_infos[c->op].name, err);
      if (!text)
         continue;
      expect(agx_op_infos[c->op].name, text, c->want);
      EXPECT(agx_op_infos[c->op].name, text, "device_load", "wait", "device_store", "stop");
      free(text);
   }
}

/* Comparisons produce 16-bit booleans with icmpsel/fcmpsel; negated
 * conditions select the other way round. */
static void
test_compare(void)
{
   static const struct {
      enum agx_op op;
      const char *want;
      bool fl;
   } cases[] = {
      {AGX_OP_IEQ, "ueq, r", false}, {AGX_OP_INE, "ueq, r", false}, {AGX_OP_ILT, "slt, r", false},
      {AGX_OP_UGE, "ult, r", false}, {AGX_OP_FLT, "lt, r", true},   {AGX_OP_FGE, "gte, r", true},
      {AGX_OP_FNEU, "eq, r", true},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      agx_builder b;
      agx_shader *s = new_shader(&b);
      agx_instr *x = loaded(&b, 32), *y = loaded(&b, 32);
      agx_instr *c = agx_build(&b, cases[i].op, agx_type_make(1, 1), 2, x, y, NULL, NULL);
      store(&b, agx_build(&b, AGX_OP_BCSEL, agx_type_make(32, 1), 3, c, agx_imm(&b, 32, 7),
                          agx_imm(&b, 32, 9), NULL));
      char err[512];
      char *text = compile(s, 0, err, sizeof(err), NULL);
      CHECK(text != NULL, "%s: %s", agx_op_infos[cases[i].op].name, err);
      if (!text)
         continue;
      EXPECT(agx_op_infos[cases[i].op].name, text, cases[i].fl ? "fcmpsel" : "icmpsel",
             cases[i].want, "icmpsel", "ueq");
      free(text);
   }
}

static void
test_conversions(void)
{
   static const struct {
      enum agx_op op;
      unsigned from, to;
      const char *want;
   } cases[] = {
      {AGX_OP_I2F, 32, 32, "s32_to_f"}, {AGX_OP_U2F, 32, 32, "u32_to_f"},
      {AGX_OP_F2I, 32, 32, "f_to_s32"}, {AGX_OP_F2U, 32, 32, "f_to_u32"},
      {AGX_OP_U2U, 16, 32, "iadd"},     {AGX_OP_I2I, 16, 32, ".sx"},
      {AGX_OP_F2F, 32, 16, "fadd32"},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      agx_builder b;
      agx_shader *s = new_shader(&b);
      agx_instr *x = loaded(&b, cases[i].from);
      store(&b, agx_build(&b, cases[i].op, agx_type_make(cases[i].to, 1), 1, x, NULL, NULL, NULL));
      char err[512];
      char *text = compile(s, 0, err, sizeof(err), NULL);
      CHECK(text != NULL, "%s: %s", agx_op_infos[cases[i].op].name, err);
      if (!text)
         continue;
      EXPECT(agx_op_infos[cases[i].op].name, text, cases[i].want);
      free(text);
   }
}

/* ---- intrinsics ------------------------------------------------------------ */

static void
test_intrinsics(void)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   s->cs.shared_size = 256;
   agx_instr *lid = agx_intrin(&b, AGX_OP_LOAD_LOCAL_INVOCATION_ID, agx_type_make(32, 3), 0, NULL,
                               NULL, NULL, 0, 0, 0);
   agx_instr *wid =
      agx_intrin(&b, AGX_OP_LOAD_WORKGROUP_ID, agx_type_make(32, 3), 0, NULL, NULL, NULL, 0, 0, 0);
   agx_instr *x = agx_extract(&b, lid, 0);
   agx_instr *off =
      agx_build(&b, AGX_OP_IMUL, agx_type_make(32, 1), 2, x, agx_imm(&b, 32, 4), NULL, NULL);
   agx_intrin(&b, AGX_OP_STORE_SHARED, agx_type_make(0, 0), 2, off, agx_extract(&b, wid, 0), NULL,
              4, 0, 0);
   agx_intrin(&b, AGX_OP_BARRIER, agx_type_make(0, 0), 0, NULL, NULL, NULL, 2, 2, 0);
   agx_instr *v =
      agx_intrin(&b, AGX_OP_LOAD_SHARED, agx_type_make(32, 1), 1, off, NULL, NULL, 4, 0, 0);
   agx_instr *old = agx_intrin(&b, AGX_OP_ATOMIC_GLOBAL, agx_type_make(32, 1), 2, uni(&b, 64, 16),
                               v, NULL, AGX_ATOMIC_ADD, 0, 0);
   agx_instr *sold = agx_intrin(&b, AGX_OP_ATOMIC_SHARED, agx_type_make(32, 1), 2,
                                agx_imm(&b, 32, 8), old, NULL, AGX_ATOMIC_UMAX, 0, 0);
   agx_instr *vec = agx_intrin(&b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 4), 1, uni(&b, 64, 0),
                               NULL, NULL, 16, 0, 0);
   agx_instr *sum = agx_build(&b, AGX_OP_IADD, agx_type_make(32, 1), 2, agx_extract(&b, vec, 3),
                              sold, NULL, NULL);
   store(&b, sum);
   char err[512];
   struct agx_backend_info info;
   char *text = compile(s, 0, err, sizeof(err), &info);
   CHECK(text != NULL, "intrinsics: %s", err);
   if (!text)
      return;
   EXPECT("intrinsics", text, "sr48", "sr0", "threadgroup_store", "threadgroup_barrier",
          "threadgroup_load", "atomic", "add", "u4_u5", "wait", "threadgroup_atomic", "umax",
          "device_load", "xyzw", "u0_u1", "wait", "iadd", "device_store");
   CHECK(info.shared_size == 256, "shared %u", info.shared_size);
   CHECK(info.uniform_halves == 12, "uniform halves %u", info.uniform_halves);
   CHECK(info.gpr_halves % 8 == 0 && info.gpr_halves >= 8, "gpr halves %u", info.gpr_halves);
   CHECK(info.local_size[0] == 32, "local size %u", info.local_size[0]);
   free(text);
}

/* ---- control flow ---------------------------------------------------------- */

static void
test_control_flow(void)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_instr *x = loaded(&b, 32);
   agx_instr *c =
      agx_build(&b, AGX_OP_ULT, agx_type_make(1, 1), 2, x, agx_imm(&b, 32, 10), NULL, NULL);
   agx_if *nif = agx_push_if(&b, c);
   store(&b, x);
   agx_push_else(&b, nif);
   store(&b, agx_imm(&b, 32, 1000));
   agx_pop_if(&b, nif);
   agx_loop *loop = agx_push_loop(&b);
   agx_instr *c2 = agx_build(&b, AGX_OP_IEQ, agx_type_make(1, 1), 2, loaded(&b, 32),
                             agx_imm(&b, 32, 0), NULL, NULL);
   agx_if *brk = agx_push_if(&b, c2);
   agx_jump(&b, AGX_OP_BREAK);
   agx_push_else(&b, brk);
   agx_pop_if(&b, brk);
   store(&b, agx_imm(&b, 32, 5));
   agx_push_continue(&b, loop);
   agx_pop_loop(&b, loop);
   char err[512];
   char *text = compile(s, 0, err, sizeof(err), NULL);
   CHECK(text != NULL, "control flow: %s", err);
   if (!text)
      return;
   EXPECT("if/else", text, "icmpsel", "if_icmp          r0l, nueq", "jmp_exec_none", "device_store",
          "else_icmp        r0l, ueq, 0, 0, 1", "jmp_exec_none", "device_store",
          "pop_exec         r0l, 1");
   EXPECT("loop", text, "if_icmp          r0l, ueq, 0, 0, 2", "if_icmp          r0l, nueq",
          "mov_imm          r0l, 3", "pop_exec         r0l, 0", "pop_exec         r0l, 1",
          "jmp_exec_none", "device_store", "while_icmp       r0l, ueq, 0, 0, 2", "jmp_exec_any",
          "pop_exec         r0l, 2", "stop");
   free(text);
}

/* ---- failures ---------------------------------------------------------------- */

/* n values loaded up front and summed at the end are all live at once. */
static agx_shader *
pressure_shader(unsigned n)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_instr **v = malloc(n * sizeof(*v));
   agx_instr *base = uni(&b, 64, 0);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *addr = agx_build(&b, AGX_OP_IADD, agx_type_make(64, 1), 2, base,
                                  agx_imm(&b, 64, 4 * i), NULL, NULL);
      v[i] = agx_intrin(&b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
   }
   agx_instr *sum = v[0];
   for (unsigned i = 1; i < n; i++)
      sum = agx_build(&b, AGX_OP_IXOR, agx_type_make(32, 1), 2, sum,
                      agx_build(&b, AGX_OP_IMUL, agx_type_make(32, 1), 2, v[i],
                                agx_imm(&b, 32, i + 1), NULL, NULL),
                      NULL, NULL);
   store(&b, sum);
   free(v);
   return s;
}

static void
test_pressure(void)
{
   char err[512];
   struct agx_backend_info info;
   char *text = compile(pressure_shader(40), 0, err, sizeof(err), &info);
   CHECK(text != NULL, "40 live values: %s", err);
   CHECK(!text || info.gpr_halves >= 80, "40 live values in %u halves", info.gpr_halves);
   free(text);
   err[0] = 0;
   /* 200 live 32-bit values exceed the 128 registers: they spill */
   text = compile(pressure_shader(200), 0, err, sizeof(err), &info);
   CHECK(text != NULL, "200 live values must spill: %s", err);
   CHECK(!text || (info.scratch_size >= 4 && info.gpr_halves <= 256),
         "200 live values: %u halves, %u stack bytes", info.gpr_halves, info.scratch_size);
   CHECK(!text || (strstr(text, "stack_store") && strstr(text, "stack_load")),
         "200 live values: no stack access");
   free(text);
   err[0] = 0;
   text = compile(pressure_shader(40), 64, err, sizeof(err), &info);
   CHECK(text != NULL && info.gpr_halves <= 64 && info.scratch_size > 0,
         "budget 64: %s (%u halves, %u stack bytes)", err, text ? info.gpr_halves : 0,
         text ? info.scratch_size : 0);
   free(text);
   err[0] = 0;
   text = compile(pressure_shader(40), 0, err, sizeof(err), &info);
   CHECK(text != NULL && info.scratch_size == 0, "no spill below the budget");
   free(text);
   err[0] = 0;
   /* r0, r1 and two registers cannot hold an address pair plus a value */
   text = compile(pressure_shader(40), 8, err, sizeof(err), NULL);
   CHECK(text == NULL && strstr(err, "budget of 8 halves"), "budget 8: %s", err);
   free(text);
   err[0] = 0;
   text = compile(pressure_shader(4), 12, err, sizeof(err), NULL);
   CHECK(text == NULL && strstr(err, "multiple of 8"), "bad budget: %s", err);
   free(text);
}

static void
test_unsupported(void)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   /* fp64 does not exist on AGX */
   agx_instr *x = loaded(&b, 64);
   store(&b, agx_build(&b, AGX_OP_FADD, agx_type_make(64, 1), 2, x, x, NULL, NULL));
   char err[512] = "";
   char *text = compile(s, 0, err, sizeof(err), NULL);
   CHECK(text == NULL && strstr(err, "unsupported") && strstr(err, "64-bit fadd"), "fadd64: %s",
         err);
   free(text);

   s = new_shader(&b);
   s->io_lowered = false;
   store(&b, loaded(&b, 32));
   err[0] = 0;
   text = compile(s, 0, err, sizeof(err), NULL);
   CHECK(text == NULL && strstr(err, "lower"), "not lowered: %s", err);
   free(text);
}

int
main(void)
{
   test_alu();
   test_compare();
   test_conversions();
   test_intrinsics();
   test_control_flow();
   test_pressure();
   test_unsupported();
   printf("%u checks, %u failures\n", checks, failures);
   return failures ? 1 : 0;
}
