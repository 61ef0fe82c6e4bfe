#version 450
// Fragment shader of test_rt_formats: the push-constant value to colour
// attachment 0 as a float (KIND 0), signed (1) or unsigned (2) vector; the
// push constants hold the bits.
layout(push_constant) uniform Push {
   uvec4 value;
} pc;
#if KIND == 0
layout(location = 0) out vec4 o;
#elif KIND == 1
layout(location = 0) out ivec4 o;
#else
layout(location = 0) out uvec4 o;
#endif
void main()
{
#if KIND == 0
   o = uintBitsToFloat(pc.value);
#elif KIND == 1
   o = ivec4(pc.value);
#else
   o = pc.value;
#endif
}
