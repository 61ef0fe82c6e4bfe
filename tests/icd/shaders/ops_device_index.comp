#version 450
// gl_DeviceIndex (DeviceIndex built-in): 0 on agx-vk's single-device groups.
#extension GL_EXT_device_group : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) writeonly buffer Out { uint o[]; } dst;

void main()
{
   dst.o[gl_LocalInvocationIndex] = uint(gl_DeviceIndex) + 100u * gl_LocalInvocationIndex + 7u;
}
