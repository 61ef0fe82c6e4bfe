/*
 * 4x4 matrix helpers of the terrain demo (see terrain_math.h).
 * Assumes: column-major storage, float precision is enough for a camera.
 */
#include "terrain_math.h"

#include <math.h>
#include <string.h>

static void
normalize3(float v[3])
{
   float l = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
   for (int i = 0; i < 3; i++)
      v[i] /= l;
}

static void
cross3(float out[3], const float a[3], const float b[3])
{
   out[0] = a[1] * b[2] - a[2] * b[1];
   out[1] = a[2] * b[0] - a[0] * b[2];
   out[2] = a[0] * b[1] - a[1] * b[0];
}

void
terrain_look_at(float m[16], const float eye[3], const float at[3])
{
   const float up[3] = {0, 1, 0};
   float f[3] = {at[0] - eye[0], at[1] - eye[1], at[2] - eye[2]}, s[3], u[3];
   normalize3(f);
   cross3(s, f, up);
   normalize3(s);
   cross3(u, s, f);
   memset(m, 0, 16 * sizeof(float));
   for (int i = 0; i < 3; i++) {
      m[i * 4 + 0] = s[i];
      m[i * 4 + 1] = u[i];
      m[i * 4 + 2] = -f[i];
   }
   m[12] = -(s[0] * eye[0] + s[1] * eye[1] + s[2] * eye[2]);
   m[13] = -(u[0] * eye[0] + u[1] * eye[1] + u[2] * eye[2]);
   m[14] = f[0] * eye[0] + f[1] * eye[1] + f[2] * eye[2];
   m[15] = 1;
}

void
terrain_perspective(float m[16], float fovy, float aspect, float znear, float zfar)
{
   float f = 1.0f / tanf(fovy / 2);
   memset(m, 0, 16 * sizeof(float));
   m[0] = f / aspect;
   m[5] = -f; /* Vulkan's y points down */
   m[10] = zfar / (znear - zfar);
   m[11] = -1;
   m[14] = znear * zfar / (znear - zfar);
}

void
terrain_mat_mul(float out[16], const float a[16], const float b[16])
{
   float r[16];
   for (int c = 0; c < 4; c++)
      for (int row = 0; row < 4; row++) {
         float sum = 0;
         for (int k = 0; k < 4; k++)
            sum += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = sum;
      }
   memcpy(out, r, sizeof(r));
}

/* Determinant of the 3x3 minor of m without row `row` and column `col`. */
static double
minor3(const float m[16], int row, int col)
{
   double a[9];
   int n = 0;
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         if (r != row && c != col)
            a[n++] = m[c * 4 + r];
   /* a is column-major 3x3 */
   return a[0] * (a[4] * a[8] - a[7] * a[5]) - a[3] * (a[1] * a[8] - a[7] * a[2]) +
          a[6] * (a[1] * a[5] - a[4] * a[2]);
}

void
terrain_mat_invert(float out[16], const float m[16])
{
   double cof[16], det = 0;
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         cof[c * 4 + r] = (((r + c) & 1) ? -1.0 : 1.0) * minor3(m, r, c);
   for (int r = 0; r < 4; r++)
      det += m[0 * 4 + r] * cof[0 * 4 + r];
   if (fabs(det) < 1e-30) {
      memset(out, 0, 16 * sizeof(float));
      out[0] = out[5] = out[10] = out[15] = 1;
      return;
   }
   /* inverse = adjugate / det, adjugate = transpose of the cofactors */
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         out[c * 4 + r] = (float)(cof[r * 4 + c] / det);
}
