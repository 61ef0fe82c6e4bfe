#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Four render targets of different types, centroid and array inputs,
// demote and helper invocations.
layout(location = 0) centroid in vec3 v_normal;
layout(location = 1) in vec2 v_uv[2];
layout(location = 3) flat in uint v_mat;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec2 o1;
layout(location = 2) out ivec4 o2;
layout(location = 3) out float o3;
void main()
{
   if (v_mat == 3u)
      demote;
   o0 = vec4(normalize(v_normal), 1.0);
   o1 = v_uv[0] + v_uv[1];
   o2 = ivec4(-200, 100, int(v_mat), helperInvocationEXT() ? 1 : 0);
   o3 = gl_FragCoord.y;
}
