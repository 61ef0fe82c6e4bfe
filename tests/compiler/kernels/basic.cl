// OpenCL C kernel through clang-15 + llvm-spirv-15 (unstructured SPIR-V):
// a loop, if/else, integer and float built-ins, global pointers, scalar args.
kernel void
basic(global const int *a, global int *out, global float *f, int n, float scale)
{
   size_t i = get_global_id(0);
   int s = 0;
   for (int j = 0; j < n; j++)
      s += a[i + j] * (j + 1);
   if (s > 1000)
      s = 1000 + (s & 7);
   else if (s < -1000)
      s = -1000;
   out[i] = s * 3 + clamp(s, -900, 900) + max(a[i], 3) * 10000 + (int)get_local_id(0) * 1000000;
   float x = (float)a[i] * scale;
   f[i] = mad(x, 0.5f, 1.0f) + fmin(x, 2.0f) + sqrt(fabs(x));
}
