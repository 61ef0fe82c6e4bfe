// Control-flow shapes from clang/llvm-spirv: nested loops, early return,
// a search loop with break, local-size arithmetic and 64-bit math.
int
first_multiple(int x, int m)
{
   int k = 1;
   while (k < 50) {
      if ((x * k) % m == 0)
         break;
      k++;
   }
   return k;
}

kernel void
shapes(global const int *in, global int *out, global long *wide, int n)
{
   size_t i = get_global_id(0);
   int x = in[i];
   if (x < -300) {
      out[i * 3] = -1;
      out[i * 3 + 1] = -1;
      out[i * 3 + 2] = -1;
      return;
   }
   int acc = 0;
   for (int a = 0; a < n; a++)
      for (int b = 0; b <= a; b++)
         acc += (a ^ b) * x;
   out[i * 3] = acc;
   out[i * 3 + 1] = first_multiple(x, 7);
   out[i * 3 + 2] = (int)(get_global_size(0) * 100 + get_local_size(0));
   wide[i] = (long)x * 0x100000001L + (long)i;
}
