# The scratch helper program: the GPU runs it (one thread per core) to map
# stack memory for SIMD-groups that spill. Assembled at build time by
# agx-asm; the driver embeds the bytes (agx_helper_gen.py).
#
# Assumes: the memory layout of agx_helper_layout.h (word indices below:
# core record at word 16 + 32 * core; alloc_cur +2, alloc_max +3,
# alloc_failed +4, alloc_count +6); helper.data = the header address, read
# from sr146/sr147 before the first doorbell; sr20 = core_index; after
# `doorbell 32` (NEXT) sr144 = op and sr146 = its argument; answers are
# `doorbell 48` (ACK) / `doorbell 49` (NACK). Ops: STACK_ALLOC 0 (argument
# = Spill size), STACK_FREE 1, END 15; others are refused. Free slots form a
# stack: STACK_ALLOC takes block list slot alloc_cur, STACK_FREE unmaps the
# freed SIMD-group's blocks into slot alloc_cur - 1. One thread runs, so
# if_icmp + jmp_exec_none serve as conditional branches (each path pops).
# Registers: r2_r3 header, r5 subgroups, r6 core record word, r8_r9 block
# list, r10 op, r11 argument, r12 alloc_cur word, r13 alloc_cur,
# r16..r19 block words.
get_sr r2, sr146
get_sr r3, sr147
get_sr r4, sr20
device_load 0, i32, x, r5, r2_r3, 0, signed
imadd r6, r4, 32, 16
device_load 0, i32, xy, r8_r9, r2_r3, r6, unsigned
iadd r12, r6, 2
wait 0
loop:
doorbell 32
get_sr r10, sr144
get_sr r11, sr146
device_load 0, i32, x, r13, r2_r3, r12, unsigned
wait 0
if_icmp r0l, ueq, r10, 0, 1
jmp_exec_none pc+not_alloc
pop_exec r0l, 1
# STACK_ALLOC: refuse when every slot is taken
if_icmp r0l, ugte, r13, r5, 1
jmp_exec_none pc+alloc_ok
pop_exec r0l, 1
iadd r14, r6, 4
device_load 0, i32, x, r15, r2_r3, r14, unsigned
wait 0
iadd r15, r15, 1
device_store 0, i32, x, r15, r2_r3, r14, unsigned, 0
doorbell 49
jmp_exec_any pc+loop
alloc_ok:
pop_exec r0l, 1
imadd r14, r13, 4, 0
device_load 0, i32, xyzw, r16_r17_r18_r19, r8_r9, r14, unsigned
wait 0
map target0, r16, 0, 0b00, 0b0, 0b000, 0b10000, 0b00010000
map target0, r17, 1, 0b00, 0b0, 0b000, 0b10000, 0b00010000
map target0, r18, 2, 0b00, 0b0, 0b000, 0b10000, 0b00010000
map target0, r19, 3, 0b00, 0b0, 0b000, 0b10000, 0b00010000
iadd r13, r13, 1
device_store 0, i32, x, r13, r2_r3, r12, unsigned, 0
iadd r14, r6, 3
device_load 0, i32, x, r15, r2_r3, r14, unsigned
wait 0
icmpsel ugt, r15, r13, r15, r13, r15
device_store 0, i32, x, r15, r2_r3, r14, unsigned, 0
and r11, r11, 15
iadd r14, r6, 6
iadd r14, r14, r11
device_load 0, i32, x, r15, r2_r3, r14, unsigned
wait 0
iadd r15, r15, 1
device_store 0, i32, x, r15, r2_r3, r14, unsigned, 0
doorbell 48
jmp_exec_any pc+loop
not_alloc:
pop_exec r0l, 1
if_icmp r0l, ueq, r10, 1, 1
jmp_exec_none pc+not_free
pop_exec r0l, 1
# STACK_FREE: refuse an underflow
if_icmp r0l, ueq, r13, 0, 1
jmp_exec_none pc+free_ok
pop_exec r0l, 1
doorbell 49
jmp_exec_any pc+loop
free_ok:
pop_exec r0l, 1
isub r13, r13, 1
device_store 0, i32, x, r13, r2_r3, r12, unsigned, 0
unmap target0, r16, 0, 0b00, 0b0, 0b000, 0b10000, 0b00010000
unmap target0, r17, 1, 0b00, 0b0, 0b000, 0b10000, 0b00010000
unmap target0, r18, 2, 0b00, 0b0, 0b000, 0b10000, 0b00010000
unmap target0, r19, 3, 0b00, 0b0, 0b000, 0b10000, 0b00010000
imadd r14, r13, 4, 0
device_store 0, i32, xyzw, r16_r17_r18_r19, r8_r9, r14, unsigned, 0
doorbell 48
jmp_exec_any pc+loop
not_free:
pop_exec r0l, 1
if_icmp r0l, ueq, r10, 15, 1
jmp_exec_none pc+unknown
pop_exec r0l, 1
# END: the command is over
stop
unknown:
pop_exec r0l, 1
doorbell 49
jmp_exec_any pc+loop
