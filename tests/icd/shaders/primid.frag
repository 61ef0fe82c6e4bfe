#version 450
// Fragment shader of test_primitive_id: PrimitiveId + 1 (no geometry shader).
layout(location = 0) out uint o;
void main()
{
   o = uint(gl_PrimitiveID) + 1u;
}
