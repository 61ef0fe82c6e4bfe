#version 450
// Specialization-constant switch whose cases hold ifs on specialization
// constants (DXVK's present shaders have this shape): const_if folds an
// inner if and then the enclosing one, which must drop the merged blocks'
// phi sources (loop-exit phis of the switch) as well.
layout(constant_id = 0) const uint sel = 0u;
layout(constant_id = 1) const bool a = true;
layout(constant_id = 2) const bool b = true;
layout(location = 0) in vec4 v;
layout(location = 0) out vec4 o;

vec4 f(vec4 c)
{
   switch (sel) {
   default:
      if (a != b)
         c.rgb = sqrt(c.rgb);
      return c;
   case 0u:
      if (!b)
         c.rgb = exp2(c.rgb);
      return c;
   }
}

void main()
{
   o = f(v);
}
