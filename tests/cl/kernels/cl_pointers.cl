/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL C test kernels for generic and local pointers and constant data, built for the GPU
 * (tests/cl/meson.build: clang-15 -O1 -> llvm-spirv-15 -> the driver's compiler) and for the
 * host (cl_pointers_host.c), whose results test_cl_pointers.c compares.
 * Assumes: workgroups of CL_GROUP invocations along x; no barriers, so each invocation only
 * reads the threadgroup memory it wrote itself (the host runs invocations in sequence).
 */
#include "cl_test_shim.h"

#define CL_GROUP 16

/* Unqualified pointers are generic (OpenCL C 2.0): one helper for every address space. */
static uint
gen_weighted_sum(const uint *p, uint n)
{
   uint s = 0;
   for (uint k = 0; k < n; k++)
      s += p[k] * (k + 1);
   return s;
}

static void
gen_store_pair(uint *p, uint v)
{
   p[0] = v;
   p[1] = v ^ 0x5a5au;
}

/* The same generic helpers on global memory, a kernel's __local array and a dynamic
 * __local argument (storage known at compile time once inlined). */
TEST_KERNEL(CL_GROUP) void cl_same_helper(global uint *out, global const uint *in, local uint *dyn)
{
   uint g = get_global_id(0), l = get_local_id(0);
   LOCAL_ARRAY(uint, stat, 2 * CL_GROUP);
   gen_store_pair(&stat[2 * l], in[g]);
   gen_store_pair(&dyn[2 * l], in[g] + 1);
   gen_store_pair(&out[4 * g + 2], in[g] * 3);
   out[4 * g + 0] = gen_weighted_sum(&stat[2 * l], 2) + gen_weighted_sum(&in[g], 1);
   out[4 * g + 1] = gen_weighted_sum(&dyn[2 * l], 2);
}

/* Generic pointers chosen at run time (by a kernel argument and per invocation) between
 * global, local and private memory; to_global / to_local; get_fence; an atomic through a
 * generic pointer. */
TEST_KERNEL(CL_GROUP) void cl_select(global uint *out, global uint *buf, local uint *dyn, uint mode)
{
   uint g = get_global_id(0), l = get_local_id(0);
   uint priv[4];
   for (uint k = 0; k < 4; k++)
      priv[k] = g * 10 + k;
   dyn[l] = g + 1000;
   buf[g] = g + 2000;
   /* mode 0: global, 1: local, 2: private */
   uint *p = (mode & 1) ? (uint *)&dyn[l] : (uint *)&buf[g];
   p = (mode & 2) ? (uint *)&priv[g & 3] : p;
   out[11 * g + 0] = *p;
   *p += 5;
   out[11 * g + 1] = *p;
   uint *q = (g & 1) ? (uint *)&buf[g] : (uint *)&priv[1];
   q = (g & 2) ? (uint *)&dyn[l] : q;
   out[11 * g + 2] = *q + priv[g & 3];
   uint *r = (g & 1) ? (uint *)&buf[g] : (uint *)&dyn[l];
   out[11 * g + 3] = to_local(r) != NULL;
   out[11 * g + 4] = to_global(r) != NULL;
   global uint *rg = to_global(r);
   local uint *rl = to_local(r);
   out[11 * g + 5] = rg ? *rg : 0xdeadu;
   out[11 * g + 6] = rl ? *rl : 0xbeefu;
   out[11 * g + 7] = GENERIC_ATOMIC_ADD(r, 7u);
   out[11 * g + 8] = dyn[l];
   out[11 * g + 9] = buf[g];
   out[11 * g + 10] = get_fence(r); /* OpGenericPtrMemSemantics */
}

/* Two dynamic __local arguments of dispatch-time sizes next to a kernel's own __local
 * array: none may overlap another. */
TEST_KERNEL(CL_GROUP) void cl_local_args(global uint *out, local uint *a, local uint *b, uint salt)
{
   uint g = get_global_id(0), l = get_local_id(0);
   LOCAL_ARRAY(volatile uint, mine, CL_GROUP); /* volatile: kept in memory */
   mine[l] = g ^ salt;
   for (uint k = 0; k < 4; k++)
      a[4 * l + k] = g * 4 + k;
   for (uint k = 0; k < 2; k++)
      b[2 * l + k] = salt + g * 2 + k;
   out[3 * g + 0] = mine[l];
   out[3 * g + 1] = a[4 * l] + a[4 * l + 1] + a[4 * l + 2] + a[4 * l + 3];
   out[3 * g + 2] = b[2 * l] * b[2 * l + 1];
}

/* Program-scope constant data indexed dynamically: read from the constant data section,
 * not copied into threadgroup memory. */
constant uint cl_table[64] = {
   0x9e3779b9u, 0x7f4a7c15u, 0xf39cc060u, 0x5ced1f06u, 0x2f0b6ed8u, 0xa1b2c3d4u, 0x00000001u,
   0x12345678u, 0x87654321u, 0xdeadbeefu, 0xcafebabeu, 0x0badf00du, 0x31415926u, 0x27182818u,
   0x16180339u, 0x14142135u, 17u,         19u,         23u,         29u,         31u,
   37u,         41u,         43u,         47u,         53u,         59u,         61u,
   67u,         71u,         73u,         79u,         83u,         89u,         97u,
   101u,        103u,        107u,        109u,        113u,        127u,        131u,
   137u,        139u,        149u,        151u,        157u,        163u,        167u,
   173u,        179u,        181u,        191u,        193u,        197u,        199u,
   211u,        223u,        227u,        229u,        233u,        239u,        241u,
   251u,
};

struct cl_entry {
   uint a;
   ushort b;
   uchar c;
};

constant struct cl_entry cl_entries[5] = {
   {1000u, 7, 200}, {2000u, 65535, 1}, {3u, 300, 30}, {0xffffffffu, 1, 255}, {42u, 4242, 42},
};

TEST_KERNEL(CL_GROUP) void cl_const_table(global uint *out, global const uint *in)
{
   uint g = get_global_id(0), i = in[g];
   out[2 * g + 0] = cl_table[i & 63] + cl_table[(i >> 6) & 63] * 3u;
   struct cl_entry e = cl_entries[i % 5];
   out[2 * g + 1] = e.a + e.b + e.c + cl_table[5];
}

/* 8-, 16- and 32-bit fields through a generic struct pointer chosen at run time among
 * global, local and private memory. */
struct cl_rec {
   uint a;
   ushort b;
   uchar c, d;
};

static uint
rec_mix(const struct cl_rec *r)
{
   return r->a * 3u + r->b * 5u + r->c * 7u + r->d;
}

static void
rec_bump(struct cl_rec *r, uint v)
{
   r->a += v;
   r->b = (ushort)(r->b + v * 257u);
   r->c ^= (uchar)(v * 3u);
   r->d = (uchar)(r->d + 1u);
}

TEST_KERNEL(CL_GROUP)
void
cl_generic_types(global uint *out, global struct cl_rec *recs, local struct cl_rec *lrec, uint mode)
{
   uint g = get_global_id(0), l = get_local_id(0);
   struct cl_rec priv[2];
   for (uint k = 0; k < 2; k++) {
      priv[k].a = g * 100u + k;
      priv[k].b = (ushort)(g * 999u + k);
      priv[k].c = (uchar)(g + 7u * k);
      priv[k].d = (uchar)(250u + k);
   }
   lrec[l].a = g * 11u;
   lrec[l].b = (ushort)(g * 4099u);
   lrec[l].c = (uchar)(g * 3u);
   lrec[l].d = (uchar)(255u - g);
   struct cl_rec *r = (mode & 1) ? (struct cl_rec *)&lrec[l] : (struct cl_rec *)&recs[g];
   r = (mode & 2) ? (struct cl_rec *)&priv[g & 1] : r;
   rec_bump(r, g + mode);
   out[4 * g + 0] = rec_mix(r);
   out[4 * g + 1] = rec_mix(&lrec[l]);
   out[4 * g + 2] = rec_mix(&priv[g & 1]) ^ rec_mix(&priv[(g & 1) ^ 1]);
   out[4 * g + 3] = rec_mix(&recs[g]);
}
