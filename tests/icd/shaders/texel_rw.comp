#version 450
// Read-modify-write of one storage texel buffer in place, declared with a
// format (rgba8ui), read back without one (StorageImageReadWithoutFormat
// is exercised by texel_read_nofmt.comp).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, rgba8ui) uniform uimageBuffer img;
void main()
{
   int i = int(gl_GlobalInvocationID.x);
   uvec4 t = imageLoad(img, i);
   imageStore(img, i, t.wzyx + uvec4(1u));
}
