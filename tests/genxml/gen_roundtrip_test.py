#!/usr/bin/env python3
# Generates a C test over every struct of the genxml files:
#   - random valid templates: pack -> unpack (accepted) -> fields equal, and
#     repacking the unpacked template gives the same words;
#     packing at an unaligned address gives the same bytes and writes exactly
#     LENGTH of them;
#   - the default template packs to exactly the bits of its exact fields;
#   - unpack rejects a flipped bit in each exact field and each unknown bit;
#   - every value that cannot be encoded triggers the debug range check.
# Fields that overlap an earlier field are left at their (zero-encoding)
# defaults so the chosen ones round-trip independently.
#
# usage: gen_roundtrip_test.py GENXML_DIR OUT.c XML...

import os
import sys

sys.path.insert(0, os.path.abspath(sys.argv[1]))
from agx_genxml import Spec, GenxmlError  # noqa: E402

ITERATIONS = 64


def c_str(text):
    return text.replace('\\', '\\\\').replace('"', '\\"')


def u64(v):
    return f'UINT64_C(0x{v:x})'


def random_expr(f):
    """C expression of a random valid value for f, using uint64_t r."""
    t, size, m = f.type, f.size, f.modifier
    ct = f.c_type()
    cbits = f.c_type_bits()
    if t == 'bool':
        return '(r & 1) != 0'
    if f.enum is not None:
        vals = [v for _, v in f.enum.values if v < (1 << size)]
        table = ', '.join(str(v) for v in vals)
        return f'({ct})((const int[]){{{table}}})[r % {len(vals)}]'
    if t == 'float':
        return 'agx_test_float(r)'
    if t == 'half':
        return 'agx_genxml_half_to_float(agx_test_half(r))'
    if t == 'lod':
        return '(float)(r % 0x381) / 64.0f'
    if t == 'int':
        return f'({ct})((int64_t)(r << {64 - size}) >> {64 - size})'
    mask = u64((1 << size) - 1)
    if m is None:
        return f'({ct})(r & {mask})'
    if m.kind == 'shr':
        return f'({ct})((r & {mask}) << {m.arg})'
    if m.kind == 'align':
        return f'({ct})((r & {mask}) & ~{u64(m.arg - 1)})'
    if m.kind == 'minus':
        top = (1 << cbits) - 1
        return f'({ct})(agx_test_minus(r & {mask}, {m.arg}, {u64(top)}))'
    if m.kind == 'log2':
        return f'({ct})(UINT64_C(1) << (r % {min(1 << size, cbits)}))'
    if m.kind == 'groups':
        return f'({ct})({m.arg}u * (1 + r % {1 << size}))'
    raise AssertionError(m.kind)


def bad_values(f):
    """Values representable in the C type that the field cannot encode."""
    t, size, m = f.type, f.size, f.modifier
    if t in ('bool', 'float', 'half', 'lod'):
        return []
    cbits = f.c_type_bits()
    fits = lambda v: v < (1 << cbits)  # noqa: E731
    if t == 'int':
        return [str(1 << (size - 1))] if size < cbits else []
    if f.enum is not None:
        return [str(1 << size)]
    out = []
    if m is None:
        if fits(1 << size):
            out.append(1 << size)
    elif m.kind == 'shr':
        if m.arg:
            out.append(1)
        if fits(1 << (size + m.arg)):
            out.append(1 << (size + m.arg))
    elif m.kind == 'minus':
        if m.arg:
            out.append(m.arg - 1)
        if fits((1 << size) + m.arg):
            out.append((1 << size) + m.arg)
    elif m.kind == 'log2':
        out += [0, 3]
        if fits(1 << (1 << size)):
            out.append(1 << (1 << size))
    elif m.kind == 'groups':
        if fits((m.arg << size) + 1):
            out.append((m.arg << size) + 1)
    return [u64(v) for v in out]


def chosen_fields(s):
    taken = [f for f in s.fields if f.exact is not None]
    chosen = []
    for f in s.fields:
        if f.exact is None and not any(f.overlaps(o) for o in taken):
            chosen.append(f)
            taken.append(f)
    return chosen


def same_expr(f, a, b):
    if f.type in ('float', 'half', 'lod'):
        return f'agx_genxml_float_bits({a}.{f.cname}) == agx_genxml_float_bits({b}.{f.cname})'
    return f'{a}.{f.cname} == {b}.{f.cname}'


def emit_struct_test(s, out):
    n, lname = s.cname, s.packed
    fn = 'test_' + lname[:-len('_packed')]
    sname = c_str(s.name)
    live = chosen_fields(s)
    exact_words = [0] * s.words
    for f in s.fields:
        if f.exact is not None:
            v = f.exact[1] << f.start
            for w in range(s.words):
                exact_words[w] |= (v >> (32 * w)) & 0xffffffff
    unknown = [w * 32 + b for w in range(s.words) for b in range(32)
               if (s.unknown_mask(w) >> b) & 1]

    if unknown or any(f.exact is not None for f in s.fields):
        out.write(f'static bool\nunpack_{fn[5:]}(FILE *fp, const uint8_t *cl, void *t)\n{{\n'
                  f'   return {n}_unpack(fp, cl, (struct {n} *)t);\n}}\n\n')
    out.write(f'static void\n{fn}(void)\n{{\n')
    out.write(f'   const char *name = "{sname}";\n')
    # random round trip
    out.write(f'   for (unsigned iter = 0; iter < {ITERATIONS}; ++iter) {{\n')
    out.write(f'      struct {n} t = {{{n}_header}}, u;\n')
    out.write('      uint64_t r = 0;\n      (void)r;\n')
    for f in live:
        out.write(f'      r = agx_test_rand();\n      t.{f.cname} = {random_expr(f)};\n')
    out.write(f'      struct {lname} p, q;\n')
    out.write(f'      {n}_pack(p.opaque, &t);\n')
    out.write('      memset(&u, 0x5a, sizeof(u));\n')
    out.write(f'      if (!{n}_unpack(stderr, (const uint8_t *)p.opaque, &u))\n'
              f'         agx_test_fail(name, "unpack rejected a packed template");\n')
    for f in live:
        out.write(f'      if (!({same_expr(f, "t", "u")}))\n'
                  f'         agx_test_fail(name, "field \\"{c_str(f.name)}\\" changed in a round trip");\n')
    out.write(f'      {n}_pack(q.opaque, &u);\n')
    out.write(f'      if (memcmp(&p, &q, {n}_LENGTH) != 0) /* pack writes LENGTH bytes */\n'
              '         agx_test_fail(name, "repacking the unpacked template differs");\n')
    out.write(f'      uint8_t odd[{n}_LENGTH + 4];\n'
              '      memset(odd, 0xee, sizeof(odd));\n'
              f'      {n}_pack(odd + 2, &t); /* unaligned, and nothing past LENGTH */\n'
              f'      if (memcmp(odd + 2, &p, {n}_LENGTH) != 0 || odd[0] != 0xee || odd[1] != 0xee ||\n'
              f'          odd[{n}_LENGTH + 2] != 0xee || odd[{n}_LENGTH + 3] != 0xee)\n'
              '         agx_test_fail(name, "packing at an odd address differs or spills");\n')
    out.write('      agx_test_checks++;\n   }\n')

    # print names every software-visible field
    live_all = [f for f in s.fields if f.exact is None]
    if live_all:
        out.write(f'   {{\n      struct {n} t = {{{n}_header}};\n      char *buf = NULL;\n'
                  '      size_t len = 0;\n      FILE *fp = open_memstream(&buf, &len);\n'
                  f'      {n}_print(fp, &t, 1);\n      fclose(fp);\n')
        for f in live_all:
            out.write(f'      if (!strstr(buf, " {c_str(f.name)}: "))\n'
                      f'         agx_test_fail(name, "print lacks \\"{c_str(f.name)}\\"");\n')
        out.write('      free(buf);\n      agx_test_checks++;\n   }\n')

    # default template = exact bits only, and it unpacks
    words = ', '.join(f'0x{w:x}u' for w in exact_words)
    out.write(f'   {{\n      static const uint32_t want[{s.words}] = {{{words}}};\n')
    out.write(f'      struct {n} t = {{{n}_header}}, u;\n      struct {lname} p;\n')
    out.write(f'      {n}_pack(p.opaque, &t);\n')
    out.write(f'      if (memcmp(p.opaque, want, {n}_LENGTH) != 0)\n'
              '         agx_test_fail(name, "default template does not pack to its exact bits");\n')
    out.write(f'      if (!{n}_unpack(NULL, (const uint8_t *)p.opaque, &u))\n'
              '         agx_test_fail(name, "default template does not unpack");\n')
    out.write('      agx_test_checks++;\n')
    # corruption: exact fields and unknown bits
    corrupt = [(f.start, f'exact field \\"{c_str(f.name)}\\"') for f in s.fields if f.exact is not None]
    for start, what in corrupt:
        out.write(f'      agx_test_reject(name, "{what}", p.opaque, {s.length}, {start}, '
                  f'unpack_{fn[5:]}, sizeof(struct {n}));\n')
    if unknown:
        table = ', '.join(str(b) for b in unknown)
        out.write(f'      static const uint16_t unknown[] = {{{table}}};\n')
        out.write('      for (unsigned i = 0; i < sizeof(unknown) / sizeof(unknown[0]); ++i)\n')
        out.write(f'         agx_test_reject(name, "unknown bit", p.opaque, {s.length}, unknown[i], '
                  f'unpack_{fn[5:]}, sizeof(struct {n}));\n')
    out.write('   }\n')

    # range checks
    for f in s.fields:
        if f.exact is not None:
            continue
        for bad in bad_values(f):
            out.write(f'   {{\n      struct {n} t = {{{n}_header}};\n      struct {lname} p;\n')
            out.write(f'      t.{f.cname} = ({f.c_type()}){bad};\n')
            out.write('      agx_test_expect_range();\n')
            out.write(f'      {n}_pack(p.opaque, &t);\n')
            out.write(f'      agx_test_check_range(name, "{c_str(f.name)}", (uint64_t){bad});\n   }}\n')
    out.write('}\n\n')
    return fn


PRELUDE = r'''/* Generated by tests/genxml/gen_roundtrip_test.py. Do not edit. */
#undef NDEBUG
#define _GNU_SOURCE /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Range failures are recorded here instead of aborting. */
static unsigned agx_test_range_hits;
static const char *agx_test_range_field;
static void
agx_test_range_hook(const char *strct, const char *field, uint64_t value, const char *rule)
{
   (void)strct;
   (void)value;
   (void)rule;
   if (!agx_test_range_hits++)
      agx_test_range_field = field;
}
#define AGX_GENXML_RANGE_HOOK(s, f, v, r) agx_test_range_hook(s, f, v, r)

#include "agx_pack.h"

static unsigned agx_test_failures, agx_test_checks;

static void
agx_test_fail(const char *strct, const char *what)
{
   if (agx_test_failures++ < 50)
      fprintf(stderr, "FAIL %s: %s\n", strct, what);
}

/* splitmix64, fixed seed: runs are reproducible */
static uint64_t agx_test_state = 0x243f6a8885a308d3ull;
static uint64_t
agx_test_rand(void)
{
   uint64_t z = (agx_test_state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static float
agx_test_float(uint64_t r)
{
   uint32_t bits = (uint32_t)r;
   if (((bits >> 23) & 0xff) == 0xff)
      bits &= ~(1u << 30); /* no NaN/Inf */
   return agx_genxml_bits_float(bits);
}

static uint32_t
agx_test_half(uint64_t r)
{
   uint32_t h = (uint32_t)r & 0xffff;
   if ((h & 0x7c00) == 0x7c00)
      h &= ~0x4000u;
   return h;
}

static uint64_t
agx_test_minus(uint64_t stored, uint64_t n, uint64_t type_max)
{
   return stored > type_max - n ? n : stored + n;
}

typedef bool (*agx_unpack_fn)(FILE *, const uint8_t *, void *);

/* Flips `bit` of a copy of `packed`: unpack must refuse it. */
static void
agx_test_reject(const char *strct, const char *what, const uint32_t *packed,
                unsigned length, unsigned bit, agx_unpack_fn unpack, size_t tsize)
{
   uint8_t bytes[64] = {0};
   uint64_t tmpl[64];
   memcpy(bytes, packed, length);
   bytes[bit / 8] ^= (uint8_t)(1u << (bit % 8));
   if (tsize > sizeof(tmpl) || unpack(NULL, bytes, tmpl)) {
      char msg[160];
      snprintf(msg, sizeof(msg), "unpack accepted a corrupted %s (bit %u)", what, bit);
      agx_test_fail(strct, msg);
   }
   agx_test_checks++;
}

static void
agx_test_expect_range(void)
{
   agx_test_range_hits = 0;
   agx_test_range_field = NULL;
}

static void
agx_test_check_range(const char *strct, const char *field, uint64_t value)
{
   if (!agx_test_range_hits || !agx_test_range_field ||
       strcmp(agx_test_range_field, field) != 0) {
      char msg[200];
      snprintf(msg, sizeof(msg), "value 0x%llx of \"%s\" was not caught by the range check",
               (unsigned long long)value, field);
      agx_test_fail(strct, msg);
   }
   agx_test_checks++;
}

'''


def main():
    out_path, xmls = sys.argv[2], sys.argv[3:]
    try:
        spec = Spec(xmls)
    except GenxmlError as e:
        print(f'gen_roundtrip_test.py: error: {e}', file=sys.stderr)
        return 1
    with open(out_path, 'w') as out:
        out.write(PRELUDE)
        fns = []
        for kind, s in spec.order:
            if kind == 'struct':
                fns.append(emit_struct_test(s, out))
        out.write('int\nmain(void)\n{\n')
        for fn in fns:
            out.write(f'   {fn}();\n')
        out.write(f'   printf("%u checks over {len(fns)} structs, %u failures\\n",\n'
                  '          agx_test_checks, agx_test_failures);\n')
        out.write('   return agx_test_failures ? 1 : 0;\n}\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
