/* Generic pointers whose storage the compiler decides at compile time: a select
 * between two __local addresses and a loop walking one (a phi of generic pointers)
 * read threadgroup memory directly, without run-time tag tests (tests/compiler checks
 * the IR has no device or private loads). */
static uint
walk(const uint *p, const uint *end)
{
   uint s = 0;
   for (; p != end; p++)
      s = s * 31u + *p;
   return s;
}

kernel __attribute__((reqd_work_group_size(16, 1, 1))) void
generic_phi(global uint *out, uint salt)
{
   local uint tile[64];
   uint l = get_local_id(0), g = get_global_id(0);
   for (uint k = 0; k < 4; k++)
      tile[4 * l + k] = g * 7u + k + salt;
   const uint *p = (salt & 1) ? &tile[4 * l] : &tile[4 * l + 1];
   out[g] = walk(p, p + (salt >> 1) % 4u);
}
