/*
 * Memory image for agx_decode: a list of non-overlapping chunks, each a
 * copy of some bytes placed at a GPU VA. Assumes few chunks (linear search).
 */
#include "agx_decode.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool
overlaps(const struct agx_decode_chunk *c, uint64_t va, size_t size)
{
   return va < c->va + c->size && c->va < va + size;
}

bool
agx_decode_image_read(void *image_, uint64_t va, void *dst, size_t size)
{
   const struct agx_decode_image *image = image_;
   if (size == 0)
      return true;
   if (va + size < va)
      return false;
   for (unsigned i = 0; i < image->count; ++i) {
      const struct agx_decode_chunk *c = &image->chunks[i];
      if (va >= c->va && va - c->va <= c->size && size <= c->size - (va - c->va)) {
         memcpy(dst, c->data + (va - c->va), size);
         return true;
      }
   }
   return false; /* reads never straddle chunks: each chunk is one BO */
}

bool
agx_decode_image_add(struct agx_decode_image *image, uint64_t va, const void *data, size_t size)
{
   if (size == 0 || va + size < va)
      return false;
   for (unsigned i = 0; i < image->count; ++i) {
      if (overlaps(&image->chunks[i], va, size))
         return false;
   }
   uint8_t *copy = malloc(size);
   struct agx_decode_chunk *chunks = realloc(image->chunks, (image->count + 1) * sizeof(*chunks));
   if (!copy || !chunks) {
      free(copy);
      if (chunks)
         image->chunks = chunks;
      return false;
   }
   memcpy(copy, data, size);
   image->chunks = chunks;
   image->chunks[image->count++] = (struct agx_decode_chunk){va, size, copy};
   return true;
}

bool
agx_decode_image_add_file(struct agx_decode_image *image, uint64_t va, const char *path, char *err,
                          size_t err_size)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      snprintf(err, err_size, "cannot open %s: %s", path, strerror(errno));
      return false;
   }
   size_t cap = 1 << 16, len = 0;
   uint8_t *buf = malloc(cap);
   while (buf) {
      len += fread(buf + len, 1, cap - len, f);
      if (len < cap)
         break;
      uint8_t *bigger = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
      if (!bigger) {
         free(buf);
         buf = NULL;
         break;
      }
      buf = bigger;
      cap *= 2;
   }
   bool read_error = ferror(f);
   fclose(f);
   if (!buf || read_error) {
      snprintf(err, err_size, "cannot read %s%s", path, buf ? "" : " (too large)");
      free(buf);
      return false;
   }
   if (len == 0) {
      snprintf(err, err_size, "%s is empty", path);
      free(buf);
      return false;
   }
   bool ok = agx_decode_image_add(image, va, buf, len);
   free(buf);
   if (!ok)
      snprintf(err, err_size, "%s at 0x%llx overlaps another chunk or wraps the address space",
               path, (unsigned long long)va);
   return ok;
}

void
agx_decode_image_free(struct agx_decode_image *image)
{
   for (unsigned i = 0; i < image->count; ++i)
      free(image->chunks[i].data);
   free(image->chunks);
   image->chunks = NULL;
   image->count = 0;
}
