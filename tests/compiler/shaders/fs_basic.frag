#version 450
// A fragment shader reading smooth, flat and noperspective inputs,
// FragCoord and FrontFacing, discarding, and writing two colour outputs.
layout(location = 0) in vec4 v_color;
layout(location = 1) flat in int v_id;
layout(location = 2) noperspective in vec2 v_uv;
layout(location = 0) out vec4 o_color;
layout(location = 1) out uvec4 o_id;
void main()
{
   if (v_uv.x < 0.0)
      discard;
   vec4 c = v_color;
   if (!gl_FrontFacing)
      c.rgb = vec3(1.0) - c.rgb;
   o_color = c * gl_FragCoord.w + vec4(gl_FragCoord.xy, gl_FragCoord.z, 0.0) * 0.001;
   o_id = uvec4(v_id, 7, 300, 70000);
}
