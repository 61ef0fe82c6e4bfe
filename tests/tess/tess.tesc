#version 450
// Golden-data capture: the levels of patch N are entry N of an agx_tess_levels array
// (float outer[4]; float inner[2]; uint pad[2]) = two vec4s.
layout(vertices = 1) out;

layout(std430, set = 0, binding = 0) readonly buffer Levels {
   vec4 levels[];
};

// One draw per patch: lavapipe 22.3 corrupts captured vertices once a single tessellated draw
// emits more than about 2^16 domain points, so the patch number comes from a push constant.
layout(push_constant) uniform Patch {
   uint patch_id;
};

void main()
{
   if (gl_InvocationID == 0) {
      vec4 o = levels[2 * int(patch_id)];
      vec4 i = levels[2 * int(patch_id) + 1];
      gl_TessLevelOuter[0] = o.x;
      gl_TessLevelOuter[1] = o.y;
      gl_TessLevelOuter[2] = o.z;
      gl_TessLevelOuter[3] = o.w;
      gl_TessLevelInner[0] = i.x;
      gl_TessLevelInner[1] = i.y;
   }
   gl_out[gl_InvocationID].gl_Position = vec4(0.0);
}
