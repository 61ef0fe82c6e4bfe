#version 450
// Compute shader of test_record_memo: push constants at offsets 0, 100 and
// 224 (root uniform chunks 1, 2 and 3 of agx-vk's dispatch root, at root
// bytes 64, 128, 256: the push constants start at root byte 64), a tag
// from set 1 and the workgroup count, written to slot pc.slot by
// workgroup 0.
layout(local_size_x = 1) in;
layout(push_constant) uniform Push {
   uint slot;     // offset 0
   uint pad0[24];
   uint mid;      // offset 100
   uint pad1[30];
   uint last;     // offset 224
} pc;
layout(set = 0, binding = 0, std430) buffer Out {
   uvec4 o[];
};
layout(set = 1, binding = 0, std430) readonly buffer Tag {
   uint tag;
};
void main()
{
   if (gl_WorkGroupID.x == 0)
      o[pc.slot] = uvec4(pc.mid, pc.last, tag, gl_NumWorkGroups.x);
}
