#version 450
#extension GL_EXT_shader_image_load_formatted : require
// imageLoad from a storage texel buffer declared without a format.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly uniform imageBuffer img;
layout(set = 0, binding = 1) writeonly buffer Out { vec4 v[]; } o;
void main()
{
   int i = int(gl_GlobalInvocationID.x);
   o.v[i] = imageLoad(img, i);
}
