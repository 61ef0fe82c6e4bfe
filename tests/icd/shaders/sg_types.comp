#version 450
// Subgroup operations on one element type (test_subgroup_types.c), compiled
// once per type by meson with glslang -D: T (the GLSL type), S (its scalar
// type), N (components), BITS, KIND 0 (integer), 1 (float) or 2 (bool) and
// SIGNED.
// Specialization constant 0 is the workgroup width, 1 the family: 0-6 add,
// mul, min, max, and, or, xor (reduce, inclusive, exclusive, clustered 1 to
// 128 and the plain binary operation on two values), 7 the moves
// (broadcasts with constant and dynamically uniform lanes, shuffles, quad
// operations, all-equal; and the type's own abs(x) + sign(y) where signed). Values arrive as raw
// bits: invocation g's component c of x in words in[g*16 + 2c] (low) and
// + 2c + 1 (high), of y 8 words later. Invocation g writes its subgroup id,
// lane and whether it took the divergent branch (lane bit of pc.pattern) to
// out[g*W ..], then result j's component c to out[g*W + 8 + 8j + 2c] and + 1
// (0xdeadbeef where it did not run). Cluster sizes above the subgroup size
// are compiled but not run (dEQP-VK.subgroups.clustered does the same);
// with CLUSTERED 0 there are no clustered operations.
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_float16 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#if CLUSTERED
#extension GL_KHR_shader_subgroup_clustered : require
#endif
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_quad : require

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint FAMILY = 0u;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } o;
layout(push_constant) uniform P { uint pattern; } pc;

const uint W = 8u + 8u * 16u; // words per invocation
uint base;

#if N == 1
#define COMP(v, c) (v)
#define UV uint
#else
#define COMP(v, c) (v)[c]
#if N == 2
#define UV uvec2
#elif N == 3
#define UV uvec3
#else
#define UV uvec4
#endif
#endif

// one component from / to raw bits
S from_bits(uint lo, uint hi) {
#if KIND == 2
  return lo != 0u;
#elif KIND == 1 && BITS == 16
  return uint16BitsToFloat16(uint16_t(lo));
#elif KIND == 1
  return uintBitsToFloat(lo);
#elif BITS == 64
  return S((uint64_t(hi) << 32) | uint64_t(lo));
#else
  return S(lo);
#endif
}

uvec2 to_bits(S v) {
#if KIND == 2
  return uvec2(v ? 1u : 0u, 0u);
#elif KIND == 1 && BITS == 16
  return uvec2(uint(float16BitsToUint16(v)), 0u);
#elif KIND == 1
  return uvec2(floatBitsToUint(v), 0u);
#elif BITS == 64
  return uvec2(uint(uint64_t(v)), uint(uint64_t(v) >> 32));
#else
  return uvec2(uint(v), 0u);
#endif
}

S load1(uint g, uint off, uint c) {
  return from_bits(inb.v[g * 16u + off + 2u * c], inb.v[g * 16u + off + 2u * c + 1u]);
}

T load(uint g, uint off) {
#if N == 1
  return load1(g, off, 0u);
#elif N == 2
  return T(load1(g, off, 0u), load1(g, off, 1u));
#elif N == 3
  return T(load1(g, off, 0u), load1(g, off, 1u), load1(g, off, 2u));
#else
  return T(load1(g, off, 0u), load1(g, off, 1u), load1(g, off, 2u), load1(g, off, 3u));
#endif
}

void put(uint j, T v) {
  for (uint c = 0u; c < uint(N); c++) {
    uvec2 w = to_bits(COMP(v, c));
    o.v[base + 8u + 8u * j + 2u * c] = w.x;
    o.v[base + 8u + 8u * j + 2u * c + 1u] = w.y;
  }
}

void put_bool(uint j, bool v) { o.v[base + 8u + 8u * j] = v ? 1u : 0u; }

// The plain binary operation of a bool family (GLSL has && || ^^ on
// scalars only).
#if N == 1
#define BOOLOP(x, y, op) ((uint(x) op uint(y)) != 0u)
#else
#define BOOLOP(x, y, op) notEqual(UV(x) op UV(y), UV(0u))
#endif

#if !CLUSTERED /* for devices without VK_SUBGROUP_FEATURE_CLUSTERED_BIT */
#define CLUSTERS(f, x)
#else
#define CLUSTERS(f, x)                                                   \
  put(3u, f(x, 1u));                                                     \
  put(4u, f(x, 2u));                                                     \
  put(5u, f(x, 4u));                                                     \
  if (8u <= gl_SubgroupSize) put(6u, f(x, 8u));                          \
  if (16u <= gl_SubgroupSize) put(7u, f(x, 16u));                        \
  if (32u <= gl_SubgroupSize) put(8u, f(x, 32u));                        \
  if (64u <= gl_SubgroupSize) put(9u, f(x, 64u));                        \
  if (128u <= gl_SubgroupSize) put(10u, f(x, 128u));
#endif

#define FAMILY_OPS(R, I, E, C, x, plain)                                 \
  put(0u, R(x));                                                         \
  put(1u, I(x));                                                         \
  put(2u, E(x));                                                         \
  CLUSTERS(C, x)                                                         \
  put(11u, plain);

void results(T x, T y) {
#if KIND != 2
  if (FAMILY == 0u) {
    FAMILY_OPS(subgroupAdd, subgroupInclusiveAdd, subgroupExclusiveAdd, subgroupClusteredAdd, x,
               x + y)
  } else if (FAMILY == 1u) {
    FAMILY_OPS(subgroupMul, subgroupInclusiveMul, subgroupExclusiveMul, subgroupClusteredMul, x,
               x * y)
  } else if (FAMILY == 2u) {
    FAMILY_OPS(subgroupMin, subgroupInclusiveMin, subgroupExclusiveMin, subgroupClusteredMin, x,
               min(x, y))
  } else if (FAMILY == 3u) {
    FAMILY_OPS(subgroupMax, subgroupInclusiveMax, subgroupExclusiveMax, subgroupClusteredMax, x,
               max(x, y))
  }
#endif
#if KIND == 0
  if (FAMILY == 4u) {
    FAMILY_OPS(subgroupAnd, subgroupInclusiveAnd, subgroupExclusiveAnd, subgroupClusteredAnd, x,
               x & y)
  } else if (FAMILY == 5u) {
    FAMILY_OPS(subgroupOr, subgroupInclusiveOr, subgroupExclusiveOr, subgroupClusteredOr, x,
               x | y)
  } else if (FAMILY == 6u) {
    FAMILY_OPS(subgroupXor, subgroupInclusiveXor, subgroupExclusiveXor, subgroupClusteredXor, x,
               x ^ y)
  }
#elif KIND == 2
  if (FAMILY == 4u) {
    FAMILY_OPS(subgroupAnd, subgroupInclusiveAnd, subgroupExclusiveAnd, subgroupClusteredAnd, x,
               BOOLOP(x, y, &))
  } else if (FAMILY == 5u) {
    FAMILY_OPS(subgroupOr, subgroupInclusiveOr, subgroupExclusiveOr, subgroupClusteredOr, x,
               BOOLOP(x, y, |))
  } else if (FAMILY == 6u) {
    FAMILY_OPS(subgroupXor, subgroupInclusiveXor, subgroupExclusiveXor, subgroupClusteredXor, x,
               BOOLOP(x, y, ^))
  }
#endif
  if (FAMILY == 7u) {
    uint l = gl_SubgroupInvocationID, m = gl_SubgroupSize - 1u;
    put(0u, subgroupBroadcast(x, 0u));
    put(1u, subgroupBroadcast(x, 3u));
    put(2u, subgroupBroadcastFirst(x));
    put(3u, subgroupShuffle(x, (l * 5u + 3u) & m));
    put(4u, subgroupShuffleXor(x, 1u));
    put(5u, subgroupShuffleUp(x, 1u));
    put(6u, subgroupShuffleDown(x, 2u));
    put(7u, subgroupQuadBroadcast(x, 2u));
    put(8u, subgroupQuadSwapHorizontal(x));
    put(9u, subgroupQuadSwapVertical(x));
    put(10u, subgroupQuadSwapDiagonal(x));
    put_bool(11u, subgroupAllEqual(x));
    put_bool(12u, subgroupAllEqual(subgroupBroadcastFirst(x)));
    put(13u, x);
    put(14u, subgroupBroadcast(x, (gl_SubgroupSize >> 2) + 1u)); // dynamically uniform id
#if SIGNED
    put(15u, abs(x) + sign(y)); // the type's own abs and sign
#endif
  }
}

void main() {
  uint g = gl_GlobalInvocationID.x;
  base = g * W;
  bool act = ((pc.pattern >> (gl_SubgroupInvocationID & 31u)) & 1u) != 0u;
  o.v[base] = gl_SubgroupID;
  o.v[base + 1u] = gl_SubgroupInvocationID;
  o.v[base + 2u] = act ? 1u : 0u;
  for (uint j = 3u; j < W; j++)
    o.v[base + j] = 0xdeadbeefu;
  T x = load(g, 0u), y = load(g, 8u);
  if (act)
    results(x, y);
}
