/*
 * 4x4 matrices for the terrain demo, column-major as GLSL reads them (m[col * 4 + row]).
 * Assumes: right-handed view space looking down -z; Vulkan clip space (y down, depth 0..1).
 */
#ifndef TERRAIN_MATH_H
#define TERRAIN_MATH_H

void terrain_look_at(float m[16], const float eye[3], const float at[3]);
void terrain_perspective(float m[16], float fovy, float aspect, float znear, float zfar);
void terrain_mat_mul(float out[16], const float a[16], const float b[16]);
/* Inverse by cofactors; the identity when m is singular. */
void terrain_mat_invert(float out[16], const float m[16]);

#endif
