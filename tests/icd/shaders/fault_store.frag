#version 450
#extension GL_EXT_buffer_reference : require
// test_render_fault: every fragment stores through the buffer reference in
// the push constants (given an address nothing is mapped at, the render
// command faults on agx-vk).
layout(buffer_reference, std430) buffer Words { uint v[]; };
layout(push_constant) uniform Push { Words words; } pc;
layout(location = 0) out vec4 o;
void main()
{
   pc.words.v[int(gl_FragCoord.y) * 32 + int(gl_FragCoord.x)] = 1u;
   o = vec4(0.25, 0.5, 0.75, 1.0);
}
