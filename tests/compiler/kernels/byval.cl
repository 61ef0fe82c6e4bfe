/* A struct kernel argument passed by value (clang: ByVal pointer), after a scalar, with
 * mixed member sizes and an inner array. */
struct byval_args {
   ulong out; /* OpenCL forbids pointers in struct kernel arguments */
   uint count;
   float scale;
   int bias[3];
   ulong big;
};

kernel __attribute__((reqd_work_group_size(4, 1, 1))) void
byval(uint first, struct byval_args a)
{
   uint i = get_global_id(0);
   if (i < a.count)
      ((global int *)a.out)[i] =
         (int)((float)(i + first) * a.scale) + a.bias[i % 3] + (int)(a.big >> 40);
}
