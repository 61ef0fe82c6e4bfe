#version 450
// Each workgroup records its id and the dispatch's workgroup count.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; };
void main() {
   if (gl_LocalInvocationID.x == 0u)
      v[gl_WorkGroupID.x] = gl_NumWorkGroups.x * 1000u + gl_NumWorkGroups.y * 100u + gl_WorkGroupID.x;
   if (gl_LocalInvocationID.x == 1u)
      v[32u + gl_WorkGroupID.x] = gl_GlobalInvocationID.x;
}
