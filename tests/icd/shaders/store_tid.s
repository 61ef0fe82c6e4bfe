# out[gid] = gid * 3 + push[0], hand-written in the resource ABI
# (compiler/ir/agx_abi.h): u0_u1 = address of descriptor set 0, whose
# binding 0 is a storage-buffer descriptor {u64 address, u32 size};
# push constants start at u16.
device_load      0, i32, xy, r2_r3, u0_u1, 0, signed
get_sr           r4, sr80 (thread_position_in_grid.x)
imadd            r5, r4, 3, u16
wait             0
device_store     0, i32, x, r5, r2_r3, r4, unsigned, 0
wait             0
stop
