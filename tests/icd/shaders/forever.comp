#version 450
// Never terminates: the device must be lost by the watchdog, not hang.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
void main() {
   uint i = 0u;
   while (data[0] != 12345u)
      i++;
   data[1] = i;
}
