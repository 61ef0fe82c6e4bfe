#version 450
// test_maint5: o[i] = v[i] * mul + add, with set 0 bound (out), set 1 pushed
// (in) and mul/add push constants, all through the VK_KHR_maintenance6
// *2KHR commands.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(set = 1, binding = 0) readonly buffer In { uint v[]; };
layout(push_constant) uniform P { uint mul; uint add; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   o[i] = v[i] * pc.mul + pc.add;
}
