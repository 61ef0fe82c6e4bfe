#version 450
// Fragment shader of test_record_memo: the colour of a uniform buffer in
// set 1 (a set only the fragment stage reads).
layout(set = 1, binding = 0, std140) uniform Tint {
   vec4 tint;
};
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = tint;
}
