#version 450
// More live values than the 128 GPRs hold: 160 words are loaded and all stay
// live until they are read back in reverse order, so the AGX back end spills
// (the driver cannot run such shaders yet; lavapipe checks the arithmetic).
// The barrier keeps a compiler from sinking the loads to their uses.
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Data { uint w[]; };

#define L(v, i) uint v = w[(g + (i) * 7u) & 255u] * ((i) + 1u);
#define L10(t, n) L(t##0, n) L(t##1, n + 1u) L(t##2, n + 2u) L(t##3, n + 3u) L(t##4, n + 4u) \
   L(t##5, n + 5u) L(t##6, n + 6u) L(t##7, n + 7u) L(t##8, n + 8u) L(t##9, n + 9u)
#define F(v) s = s * 31u + v;
#define F10(t) F(t##9) F(t##8) F(t##7) F(t##6) F(t##5) F(t##4) F(t##3) F(t##2) F(t##1) F(t##0)

void main()
{
   uint g = gl_GlobalInvocationID.x;
   L10(a, 0u) L10(b, 10u) L10(c, 20u) L10(d, 30u) L10(e, 40u) L10(f, 50u) L10(h, 60u) L10(i, 70u)
   L10(j, 80u) L10(k, 90u) L10(l, 100u) L10(m, 110u) L10(n, 120u) L10(o, 130u) L10(p, 140u)
   L10(q, 150u)
   memoryBarrierBuffer();
   barrier();
   uint s = g;
   F10(q) F10(p) F10(o) F10(n) F10(m) F10(l) F10(k) F10(j) F10(i) F10(h) F10(f) F10(e) F10(d)
   F10(c) F10(b) F10(a)
   w[256u + g] = s;
}
