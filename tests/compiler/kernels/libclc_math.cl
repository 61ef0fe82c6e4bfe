/* OpenCL.std math the compiler does not implement natively, resolved from libclc at the
 * SPIR-V level by the build (tests/compiler/meson.build). Workgroups of 8: libclc's tables are
 * copied per invocation into threadgroup memory (about 5 KiB each). */
kernel __attribute__((reqd_work_group_size(8, 1, 1))) void
agx_libclc_math(global float *out, global const float *in, uint n)
{
   uint i = get_global_id(0);
   if (i < n) {
      float x = in[i];
      out[4 * i + 0] = erf(x);
      out[4 * i + 1] = cbrt(x);
      out[4 * i + 2] = atan(x);
      out[4 * i + 3] = tanh(x);
   }
}
