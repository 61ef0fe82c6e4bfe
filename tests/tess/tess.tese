#version 450
// Golden-data capture: every emitted vertex goes to transform feedback as
// (gl_TessCoord, patch number). DOMAIN, SPACING and POINT_MODE come from the build.
layout(DOMAIN, SPACING, cw) in;
#ifdef POINT_MODE
layout(point_mode) in;
#endif

layout(push_constant) uniform Patch {
   uint patch_id;
};

layout(xfb_buffer = 0, xfb_stride = 16, xfb_offset = 0, location = 0) out vec4 capture;

void main()
{
   capture = vec4(gl_TessCoord, float(patch_id));
   gl_Position = vec4(0.0);
}
