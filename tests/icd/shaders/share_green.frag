#version 450
// Fragment shader of test_pipeline_share: constant green (a different binary).
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(0.0, 1.0, 0.0, 1.0);
}
