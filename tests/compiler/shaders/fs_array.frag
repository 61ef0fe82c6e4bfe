#version 450
// A local array indexed dynamically in a fragment shader (the stack).
layout(location = 0) flat in int sel;
layout(location = 0) out vec4 colour;

void main()
{
   vec4 pal[5];
   for (int i = 0; i < 5; i++)
      pal[i] = vec4(float(i) * 0.25, gl_FragCoord.x, 0.0, 1.0);
   pal[sel % 5].z = 1.0;
   colour = pal[(sel + 1) % 5] + pal[sel % 5];
}
