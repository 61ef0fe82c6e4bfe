#version 450
// Explicit layouts through buffer references (physical storage buffer
// pointers): whole row/column-major matrices, arrays of them, matrices in
// nested structs, columns and components, loaded into o[] in column-major
// element order and stored into a second set of blocks. The access chains end
// at the matrix / column, so the pointer must keep the member's MatrixStride
// and RowMajor. test_psb_layout.c holds the same layouts as a table.
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;

struct InnerR { float a; mat2x3 m; };
struct InnerC { float a; mat2x3 m; };

layout(buffer_reference, std140, row_major) buffer RM140 { float pad; mat3x4 m; mat2 arr[2]; InnerR s; };
layout(buffer_reference, std430, column_major) buffer CM430 { mat3 m3; mat4x2 arr[2]; InnerC s[2]; };
layout(buffer_reference, std140) buffer CM140 { mat2 m; mat3x2 a[2]; };
layout(buffer_reference, std430, row_major) buffer RM430 { mat4x3 m; mat2 a[2][2]; };

layout(std430, binding = 0) buffer Out { float o[]; };
layout(push_constant) uniform PC {
  RM140 a; CM430 b; CM140 c; RM430 d;
  RM140 ao; CM430 bo; CM140 co; RM430 do_;
  int one; int two;
} pc;

#define PUT(M, C, R) for (int c = 0; c < C; c++) for (int r = 0; r < R; r++) o[k++] = M[c][r];
#define FILL(M, C, R, B) for (int c = 0; c < C; c++) for (int r = 0; r < R; r++) M[c][r] = float(B + c * 10 + r);

void main() {
  uint k = 0u;
  int i1 = pc.one, i2 = pc.two;
  // loads
  mat3x4 l0 = pc.a.m; PUT(l0, 3, 4)
  mat2 l1 = pc.a.arr[i1]; PUT(l1, 2, 2)
  InnerR l2 = pc.a.s; o[k++] = l2.a; PUT(l2.m, 2, 3)
  mat3 l3 = pc.b.m3; PUT(l3, 3, 3)
  mat4x2 l4 = pc.b.arr[1]; PUT(l4, 4, 2)
  mat2x3 l5 = pc.b.s[i1].m; PUT(l5, 2, 3)
  mat2 l6 = pc.c.m; PUT(l6, 2, 2)
  mat3x2 l7 = pc.c.a[i1]; PUT(l7, 3, 2)
  mat4x3 l8 = pc.d.m; PUT(l8, 4, 3)
  mat2 l9 = pc.d.a[1][i1]; PUT(l9, 2, 2)
  vec3 l10 = pc.d.m[i2]; for (int r = 0; r < 3; r++) o[k++] = l10[r];
  o[k++] = pc.a.m[2][3];
  mat2 l12[2][2] = pc.d.a; PUT(l12[0][0], 2, 2) PUT(l12[0][1], 2, 2) PUT(l12[1][0], 2, 2) PUT(l12[1][1], 2, 2)
  // stores
  mat3x4 s0; FILL(s0, 3, 4, 100) pc.ao.m = s0;
  mat2 s1; FILL(s1, 2, 2, 200) pc.ao.arr[i1] = s1;
  mat2x3 s2; FILL(s2, 2, 3, 300) pc.ao.s = InnerR(350.0, s2);
  mat3 s3; FILL(s3, 3, 3, 400) pc.bo.m3 = s3;
  mat2x3 s4; FILL(s4, 2, 3, 500) pc.bo.s[i1].m = s4;
  mat3x2 s5; FILL(s5, 3, 2, 600) pc.co.a[i1] = s5;
  pc.co.m[1] = vec2(700.0, 701.0);
  pc.do_.m[i2] = vec3(800.0, 801.0, 802.0);
  pc.do_.a[1][i1][0][1] = 900.0;
  mat2 s9; FILL(s9, 2, 2, 1000) pc.do_.a[0][1] = s9;
}
