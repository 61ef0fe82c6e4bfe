#version 450
// Writes its invocation index into a storage buffer: the first shader the
// driver's compute path will run.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint data[]; } out_buf;
void main() { out_buf.data[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * 3u + 1u; }
