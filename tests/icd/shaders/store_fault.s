# Stores to an address nothing is mapped at (2^40 - 16 KiB): a GPU fault.
mov_imm          r2, 4294950912, 0b0
mov_imm          r3, 255, 0b0
device_store     0, i32, x, r2, r2_r3, 0, signed, 0
wait             0
stop
