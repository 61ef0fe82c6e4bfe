#version 450
// Structs, arrays and matrices: std430 SSBO and std140 UBO layouts, function
// storage arrays with dynamic indexing, private globals, row-major matrices.
layout(local_size_x = 8) in;
struct Item { vec3 pos; float w; mat2 m; int ids[3]; };
layout(std140, set = 0, binding = 0) uniform U { mat4 xf; vec3 bias; float scale; float table[4]; } u;
layout(std430, set = 0, binding = 1) readonly buffer Items { Item items[]; } src;
layout(std430, set = 0, binding = 2) writeonly buffer Out { vec4 v[]; } dst;
layout(std430, set = 0, binding = 3) buffer RM { layout(row_major) mat3 m; vec3 in_v; vec3 out_v; } rm;
vec4 priv_acc = vec4(1.0, 2.0, 3.0, 4.0);

float pick(float arr[5], int k) { return arr[k]; }

void main() {
  uint i = gl_GlobalInvocationID.x;
  Item it = src.items[i];
  vec4 p = u.xf * vec4(it.pos, 1.0);
  p.xyz += u.bias;
  p *= u.scale;
  vec2 q = it.m * vec2(it.w, 1.0);
  float arr[5];
  for (int k = 0; k < 5; k++)
    arr[k] = float(k * k) + it.w;
  int k = it.ids[i % 3u] % 5;
  if (k < 0) k = -k;
  priv_acc.y += float(i);
  dst.v[i * 3u] = p;
  dst.v[i * 3u + 1u] = vec4(q, pick(arr, k), u.table[i % 4u]);
  dst.v[i * 3u + 2u] = priv_acc + vec4(float(it.ids[0] + it.ids[1] + it.ids[2]));
  if (i == 0u)
    rm.out_v = rm.m * rm.in_v;
}
