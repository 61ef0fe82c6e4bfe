/*
 * PNG writer of the terrain demo (see terrain_png.h): signature, IHDR (8-bit truecolour), one IDAT
 * holding a zlib stream of stored deflate blocks of at most 65,535 bytes (each row starts with
 * filter byte 0), IEND.
 * Assumes: CRC-32 with the reflected polynomial 0xEDB88320 over chunk type + data (PNG spec 5.5).
 */
#include "terrain_png.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t
crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
   static uint32_t table[256];
   if (!table[1]) {
      for (uint32_t i = 0; i < 256; i++) {
         uint32_t c = i;
         for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
         table[i] = c;
      }
   }
   for (size_t i = 0; i < n; i++)
      crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
   return crc;
}

static void
put_be32(uint8_t *p, uint32_t v)
{
   p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
}

static bool
write_chunk(FILE *f, const char type[4], const uint8_t *data, uint32_t len)
{
   uint8_t hdr[8];
   put_be32(hdr, len);
   memcpy(hdr + 4, type, 4);
   uint32_t crc = crc32_update(0xFFFFFFFFu, hdr + 4, 4);
   crc = crc32_update(crc, data, len) ^ 0xFFFFFFFFu;
   uint8_t tail[4];
   put_be32(tail, crc);
   return fwrite(hdr, 1, 8, f) == 8 && (!len || fwrite(data, 1, len, f) == len) &&
          fwrite(tail, 1, 4, f) == 4;
}

/* The zlib stream of the filtered rows, as stored blocks; *out_len gets its size. */
static uint8_t *
zlib_stored(const uint8_t *raw, size_t n, uint32_t *out_len)
{
   size_t blocks = n ? (n + 65534) / 65535 : 1;
   size_t len = 2 + blocks * 5 + n + 4;
   if (len > UINT32_MAX)
      return NULL;
   uint8_t *z = malloc(len), *p = z;
   if (!z)
      return NULL;
   *p++ = 0x78, *p++ = 0x01; /* deflate, 32 KiB window, FCHECK so that 0x7801 % 31 == 0 */
   size_t done = 0;
   uint32_t a = 1, b = 0;
   do {
      size_t k = n - done > 65535 ? 65535 : n - done;
      *p++ = done + k == n; /* BFINAL, BTYPE 00 */
      *p++ = k & 0xff, *p++ = k >> 8, *p++ = ~k & 0xff, *p++ = (~k >> 8) & 0xff;
      memcpy(p, raw + done, k);
      for (size_t i = 0; i < k; i++) {
         a = (a + raw[done + i]) % 65521;
         b = (b + a) % 65521;
      }
      p += k, done += k;
   } while (done < n);
   put_be32(p, (b << 16) | a);
   *out_len = (uint32_t)len;
   return z;
}

bool
terrain_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height)
{
   size_t row = (size_t)width * 3 + 1, n = row * height;
   uint8_t *raw = malloc(n ? n : 1);
   if (!raw)
      return false;
   for (uint32_t y = 0; y < height; y++) {
      uint8_t *r = raw + y * row;
      r[0] = 0; /* filter: none */
      for (uint32_t x = 0; x < width; x++)
         memcpy(r + 1 + 3 * x, rgba + ((size_t)y * width + x) * 4, 3);
   }
   uint32_t zlen = 0;
   uint8_t *z = zlib_stored(raw, n, &zlen);
   free(raw);
   FILE *f = z ? fopen(path, "wb") : NULL;
   if (!f) {
      free(z);
      return false;
   }
   static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
   uint8_t ihdr[13];
   put_be32(ihdr, width);
   put_be32(ihdr + 4, height);
   ihdr[8] = 8, ihdr[9] = 2, ihdr[10] = ihdr[11] = ihdr[12] = 0; /* 8-bit RGB, no interlace */
   bool ok = fwrite(sig, 1, 8, f) == 8 && write_chunk(f, "IHDR", ihdr, 13) &&
             write_chunk(f, "IDAT", z, zlen) && write_chunk(f, "IEND", NULL, 0);
   free(z);
   return fclose(f) == 0 && ok;
}
