#version 450
// A dynamically indexed input array and vector component.
layout(location = 0) in vec4 v_w[2];
layout(location = 2) flat in int v_i;
layout(location = 0) out vec4 o_color;
void main()
{
   vec4 w = v_w[v_i & 1];
   o_color = vec4(w[v_i & 3], 0.0, 0.0, 1.0);
}
