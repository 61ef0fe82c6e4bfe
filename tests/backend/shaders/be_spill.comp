#version 450
// Register pressure beyond the 128 GPRs: 200 32-bit values are loaded and
// all stay live until a second pass reads them in reverse order, so the
// back end must spill (about 400 live halves against a budget of 256).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint a[]; };
layout(set = 0, binding = 1) buffer Out { uint o[]; };

// v<t><d> is value number 10 * t + d (glslang pastes identifiers, not numbers)
#define L(v, i) uint v = a[(g * 3u + (i)) & 511u] + (i);
#define L10(t, n) L(t##0, n) L(t##1, n + 1u) L(t##2, n + 2u) L(t##3, n + 3u) L(t##4, n + 4u) \
   L(t##5, n + 5u) L(t##6, n + 6u) L(t##7, n + 7u) L(t##8, n + 8u) L(t##9, n + 9u)
#define A(v) s = (s ^ v) * 3u + (s >> 7u);
#define A10(t) A(t##0) A(t##1) A(t##2) A(t##3) A(t##4) A(t##5) A(t##6) A(t##7) A(t##8) A(t##9)
#define B(v) t = t * 5u + (v ^ s);
#define B10(t) B(t##9) B(t##8) B(t##7) B(t##6) B(t##5) B(t##4) B(t##3) B(t##2) B(t##1) B(t##0)

void main()
{
   uint g = gl_GlobalInvocationID.x;
   L10(v, 0u) L10(v1, 10u) L10(v2, 20u) L10(v3, 30u) L10(v4, 40u) L10(v5, 50u) L10(v6, 60u) L10(v7, 70u) L10(v8, 80u) L10(v9, 90u) L10(v10, 100u) L10(v11, 110u) L10(v12, 120u) L10(v13, 130u) L10(v14, 140u) L10(v15, 150u) L10(v16, 160u) L10(v17, 170u) L10(v18, 180u) L10(v19, 190u)
   uint s = g;
   A10(v) A10(v1) A10(v2) A10(v3) A10(v4) A10(v5) A10(v6) A10(v7) A10(v8) A10(v9) A10(v10) A10(v11) A10(v12) A10(v13) A10(v14) A10(v15) A10(v16) A10(v17) A10(v18) A10(v19)
   uint t = 1u;
   if ((g & 1u) != 0u) {
      B10(v19) B10(v18) B10(v17) B10(v16) B10(v15) B10(v14) B10(v13) B10(v12) B10(v11) B10(v10)
   } else {
      B10(v9) B10(v8) B10(v7) B10(v6) B10(v5) B10(v4) B10(v3) B10(v2) B10(v1)
   }
   for (uint k = 0u; k < (g & 3u); k++) {
      B10(v)
   }
   o[g * 2u] = s;
   o[g * 2u + 1u] = t;
}
