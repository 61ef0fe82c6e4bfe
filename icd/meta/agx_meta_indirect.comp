#version 450
// vkCmdDispatchIndirect: the hardware's indirect launch reads the grid in
// threads, Vulkan gives it in workgroups. One invocation rewrites it.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) readonly buffer Groups { uint groups[3]; };
layout(set = 0, binding = 1) buffer Threads { uint threads[3]; };
layout(set = 0, binding = 2) buffer Count { uint workgroups[3]; }; // the launch's root uniforms
layout(push_constant) uniform Push { uint local[3]; } pc;
void main() {
   threads[0] = groups[0] * pc.local[0];
   threads[1] = groups[1] * pc.local[1];
   threads[2] = groups[2] * pc.local[2];
   workgroups[0] = groups[0];
   workgroups[1] = groups[1];
   workgroups[2] = groups[2];
}
