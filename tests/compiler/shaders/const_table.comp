#version 450
// A large constant table, a vector table and a struct table indexed
// dynamically: the compiler places them in the shader's read-only constant
// data (device loads from AGX_ABI_CONST_DATA), not in threadgroup memory.
// Shared by tests/compiler (IR interpreter, metadata) and tests/icd
// (agx vs lavapipe); TABLE[j] = (j * 2654435761) ^ (j << 7) ^ 0x5bd1e995.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { uint idx[]; };
layout(set = 0, binding = 1) buffer Out { uint val[]; };

const uint TABLE[256] = uint[](
   0x5bd1e995u, 0xc5e690a4u, 0x67bf1bf7u, 0x81778506u, 0x230c0d51u, 0x4cc48b60u,
   0xee9d30b3u, 0x0855b9c2u, 0xaa6a201du, 0xd422aa2cu, 0x75fb2c7fu, 0x97b3d68eu,
   0x31485bd9u, 0x5300c2e8u, 0xfcd9493bu, 0x1e91cf4au, 0xb8a67a85u, 0xda7ef5d4u,
   0x44376ee7u, 0xe5cfe836u, 0x07846241u, 0xa15d1890u, 0xc31597a3u, 0x6d2a0cf2u,
   0x8ee28d0du, 0x28bb075cu, 0x4a73bf6fu, 0xf40831beu, 0x15c0a8c9u, 0xb7992e18u,
   0xd151a42bu, 0x73665a7au, 0x9d3ecfb5u, 0x3ef756c4u, 0x588fd117u, 0xfa445b26u,
   0x641ce771u, 0x85d56d80u, 0x27edead3u, 0x41a273e2u, 0xe37afe3du, 0x0d33804cu,
   0xaec80b9fu, 0xc8808caeu, 0x6a5915f9u, 0x94119b08u, 0x3626235bu, 0x57fea96au,
   0xf1b720a5u, 0x134fbbf4u, 0xbd043407u, 0xdedcce56u, 0x78954461u, 0x9aadc2b0u,
   0x046259c3u, 0xa63ad712u, 0xc7f36b2du, 0x618bed7cu, 0x8340668fu, 0x2d18ffdeu,
   0x4ed172e9u, 0xe8e60838u, 0x0abe8e4bu, 0xb477049au, 0xd60fa5d5u, 0x77c42ce4u,
   0x919c9737u, 0x33551146u, 0x5d6d9891u, 0xff2207a0u, 0x18fa8cf3u, 0xbab30a02u,
   0x244bf45du, 0x46007e6cu, 0xe7d8e1bfu, 0x01916aceu, 0xa3a9ef19u, 0xcd7e5528u,
   0x6f36dd7bu, 0x88cf438au, 0x2a87c6c5u, 0x545c4014u, 0xf6153a27u, 0x102db476u,
   0xb1e22d81u, 0xd3baa4d0u, 0x7d7323e3u, 0x9f0b9932u, 0x38c0114du, 0x5a988b9cu,
   0xc4510cafu, 0x666985feu, 0x803e7c09u, 0x21f6f258u, 0x438f686bu, 0xed47eebau,
   0x0f1c7bf5u, 0xa8d4c504u, 0xcaed4d57u, 0x74a5d766u, 0x967a52b1u, 0x3032d9c0u,
   0x51cba613u, 0xf3802c22u, 0x1d58b27du, 0xbf11348cu, 0xd929bfdfu, 0x7afe00eeu,
   0xe4b68939u, 0x064f0f48u, 0xa007949bu, 0xc1dc1daau, 0x6394ece5u, 0x8dad6634u,
   0x2f65e047u, 0x493a7a96u, 0xeaf2f7a1u, 0x148b4ef0u, 0xb643c503u, 0xd0184352u,
   0x71d0df6du, 0x93e951bcu, 0x3dbe2acfu, 0x5f76ac1eu, 0xf90f2629u, 0x1ac7bc78u,
   0x849c338bu, 0x265488dau, 0x406d7115u, 0xe225fb24u, 0x03fa6377u, 0xadb2ed86u,
   0xcf4b14d1u, 0x690393e0u, 0x8ad81833u, 0x34908642u, 0x56a90b9du, 0xf061b2acu,
   0x123635ffu, 0xb3cebf0eu, 0xdd872359u, 0x7f5fa968u, 0x99142ebbu, 0x3b2d57cau,
   0xa4e5d205u, 0xc6ba4c54u, 0x6072c667u, 0x820b40b6u, 0x23c3f9c1u, 0x4d987710u,
   0xef50ef23u, 0x09696572u, 0xab21e48du, 0xd4f61fdcu, 0x768e90efu, 0x90470a3eu,
   0x321f8049u, 0x53d40698u, 0xfdecbdabu, 0x1fa532fau, 0xb97db735u, 0xdb323144u,
   0x44caba97u, 0xe683c3a6u, 0x00584ef1u, 0xa210d400u, 0xcc295253u, 0x6de1d862u,
   0x8fb661bdu, 0x294ee8ccu, 0x4b07731fu, 0xf4dff52eu, 0x16947d79u, 0xb0ac8388u,
   0xd26508dbu, 0x7c3d91eau, 0x9df21825u, 0x3f8a9274u, 0x59432d87u, 0xfb1ba6d6u,
   0x64d023e1u, 0x86e8b930u, 0x20a13143u, 0x42764f92u, 0xec0ec2adu, 0x0dc745fcu,
   0xaf9fde0fu, 0xc954505eu, 0x6b6cea69u, 0x952560b8u, 0x36fde7cbu, 0x50b27d1au,
   0xf24acd55u, 0x1c033764u, 0xbddbb0b7u, 0xdf9039c6u, 0x79a8a011u, 0x9b612e20u,
   0x05399473u, 0xa6ce1282u, 0xc0869fddu, 0x625f06ecu, 0x8c17893fu, 0x2e2cf34eu,
   0x4fe57699u, 0xe9bdfda8u, 0x0b7262fbu, 0xb50ae80au, 0xd6c35e45u, 0x709bd894u,
   0x925053a7u, 0x3c68ccf6u, 0x5e214501u, 0xfff9c350u, 0x198e3b63u, 0xbb46b1b2u,
   0x251f28cdu, 0x46d7a21cu, 0xe0ec242fu, 0x02a49e7eu, 0xac7d1389u, 0xce358ad8u,
   0x6fca01ebu, 0x8982873au, 0x2b5be375u, 0x55106d84u, 0xf728f6d7u, 0x10e17fe6u,
   0xb2b9fa31u, 0xdc4e4040u, 0x7e06cf93u, 0x9fdf54a2u, 0x3997d5fdu, 0x5bac5f0cu,
   0xc564a75fu, 0x673d296eu, 0x80f5b0b9u, 0x228a37c8u, 0x4c42bc1bu, 0xee1b022au,
   0x0fd38465u, 0xa9e81eb4u, 0xcba099c7u, 0x75791316u, 0x970e6f21u, 0x30c6e570u,
   0x529f6283u, 0xfc57fbd2u, 0x1e6c76edu, 0xb824c83cu, 0xd9fd424fu, 0x7bb5c49eu,
   0xe54a5da9u, 0x0702d4f8u, 0xa0db2b0bu, 0xc293a15au);

const vec4 VTABLE[16] = vec4[](
   vec4(0.5, 0.25, -1.0, 0.125),
   vec4(1.5, 3.25, -2.0, 7.125),
   vec4(2.5, 6.25, -3.0, 14.125),
   vec4(3.5, 9.25, -4.0, 21.125),
   vec4(4.5, 12.25, -5.0, 28.125),
   vec4(5.5, 15.25, -6.0, 35.125),
   vec4(6.5, 18.25, -7.0, 42.125),
   vec4(7.5, 21.25, -8.0, 49.125),
   vec4(8.5, 24.25, -9.0, 56.125),
   vec4(9.5, 27.25, -10.0, 63.125),
   vec4(10.5, 30.25, -11.0, 70.125),
   vec4(11.5, 33.25, -12.0, 77.125),
   vec4(12.5, 36.25, -13.0, 84.125),
   vec4(13.5, 39.25, -14.0, 91.125),
   vec4(14.5, 42.25, -15.0, 98.125),
   vec4(15.5, 45.25, -16.0, 105.125));

struct S {
   float a;
   int b;
};
const S STRUCTS[8] = S[](
   S(0.75, 17),
   S(2.75, -983),
   S(4.75, -1983),
   S(6.75, -2983),
   S(8.75, -3983),
   S(10.75, -4983),
   S(12.75, -5983),
   S(14.75, -6983));

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint k = idx[i];
   val[4 * i + 0] = TABLE[k & 255u];
   val[4 * i + 1] = floatBitsToUint(VTABLE[k % 16u][(k >> 4) & 3u]);
   uint j = (k >> 8) & 7u;
   val[4 * i + 2] = floatBitsToUint(STRUCTS[j].a) ^ uint(STRUCTS[j ^ 1u].b);
   val[4 * i + 3] = TABLE[(k >> 8) & 255u] + TABLE[3];
}
