/*
 * A minimal PNG writer: 8-bit RGB, one IDAT of stored (uncompressed) deflate blocks, CRC-32 and
 * Adler-32 computed here (RFC 1950, 1951, 2083; no zlib needed).
 * Assumes: the image fits in memory twice; rows are tightly packed RGBA8, alpha is dropped.
 */
#ifndef TERRAIN_PNG_H
#define TERRAIN_PNG_H

#include <stdbool.h>
#include <stdint.h>

/* Writes rgba (width x height, 4 bytes a pixel) to path; false with errno-style message. */
bool terrain_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height);

#endif
