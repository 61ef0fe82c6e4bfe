#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// test_fs_deriv: implicit-LOD sampling. The coordinates grow exponentially
// with the pixel position, so the LOD the hardware derives from each 2x2
// quad rises across the screen (levels are flat colours); bias from a push
// constant. With comp = 1 every other pixel (a checkerboard) is demoted to a
// helper first: it keeps computing coordinates for its quad's LOD. With
// comp = 2 only the other pixels sample, coordinates computed in the branch.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(push_constant) uniform Push { float bias; float scale; int shift; int comp; } pc;
layout(location = 0) out vec4 colour;

void main()
{
   // f(p) = 2^(6p/64) / (6 ln 2): f'(p) = 2^(6p/64) / 64
   vec2 uv = exp2(gl_FragCoord.xy * (6.0 / 64.0)) * (1.0 / (6.0 * 0.69314718));
   bool odd = ((int(gl_FragCoord.x) ^ int(gl_FragCoord.y)) & 1) == 1;
   if (pc.comp == 2) {
      // non-uniform control flow inside every quad: the LOD is undefined,
      // but sampling must work (the other lanes' coordinates are stale)
      colour = vec4(1.0, 0.0, 1.0, 1.0);
      if (!odd) {
         vec2 st = exp2(gl_FragCoord.yx * (6.0 / 64.0));
         colour = texture(tex, st, pc.bias);
      }
      return;
   }
   if (pc.comp == 1 && odd)
      demote;
   colour = texture(tex, uv, pc.bias);
}
