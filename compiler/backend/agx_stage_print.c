/* Prints the stage and its interface (agxc --disasm): vertex outputs and
 * UVS layout, fragment CF bindings, colour outputs and tilebuffer. Lines
 * start with "; " and contain no ':' (listing parsers count ':' lines as
 * instructions). */
#include <stdio.h>

#include "agx_backend.h"

static const char *const interp_names[] = {"smooth", "flat", "linear"};

static void
print_vs(const struct agx_vs_info *vs, FILE *f)
{
   const struct agx_uvs_layout *l = &vs->uvs;
   fprintf(f, "; uvs words=%u smooth=%u flat=%u linear=%u position=0", l->size, l->group_words[0],
           l->group_words[1], l->group_words[2]);
   if (l->point_size != AGX_UVS_NONE)
      fprintf(f, " point_size=%u", l->point_size);
   if (l->layer_viewport != AGX_UVS_NONE)
      fprintf(f, " layer_viewport=%u", l->layer_viewport);
   if (l->clip_count)
      fprintf(f, " clip=%u+%u", l->clip_base, l->clip_count);
   fprintf(f, "\n");
   for (unsigned loc = 0; loc < AGX_MAX_VARYINGS; loc++) {
      if (l->offset[loc][0] == AGX_UVS_NONE && !vs->outputs.comps[loc])
         continue;
      fprintf(f, "; out location=%u %s words", loc, interp_names[l->interp[loc] % 3]);
      for (unsigned c = 0; c < 4; c++)
         if (l->offset[loc][c] != AGX_UVS_NONE)
            fprintf(f, " %c=%u", "xyzw"[c], l -> offset[loc][c]);
      fprintf(f, "\n");
   }
   if (vs->attribs_read)
      fprintf(f, "; attributes read=0x%x (prolog fills r(8+4i+c))\n", vs->attribs_read);
   fprintf(f, "; sysvals%s%s%s%s%s\n", vs->reads_vertex_id ? " vertex_id" : "",
           vs->reads_instance_id ? " instance_id" : "", vs->reads_base_vertex ? " base_vertex" : "",
           vs->reads_base_instance ? " base_instance" : "", vs->reads_draw_id ? " draw_id" : "");
}

static void
print_fs(const struct agx_fs_info *fs, FILE *f)
{
   fprintf(f, "; cf registers=%u bindings=%u%s%s%s%s\n", fs->num_cf_regs, fs->num_cf_bindings,
           fs->reads_frag_coord_z ? " frag_coord_z" : "", fs->uses_discard ? " discard" : "",
           fs->reads_front_facing ? " front_facing" : "", fs->early_fragment_tests ? " early" : "");
   if (fs->writes_depth)
      fprintf(f, "; writes depth (zs_emit: no early depth test)\n");
   if (fs->writes_memory)
      fprintf(f, "; writes memory (guarded; tests %s)\n", fs->tests_at_entry ? "at entry" : "late");
   if (fs->writes_sample_mask)
      fprintf(f, "; writes sample mask (sample_mask ~mask, 0)\n");
   if (fs->per_sample)
      fprintf(f, "; per-sample shading%s\n", fs->sample_loop ? " (a loop over the samples)" : "");
   for (unsigned i = 0; i < fs->num_cf_bindings; i++) {
      const struct agx_cf_binding *b = &fs->cf[i];
      if (b->is_w)
         fprintf(f, "; cf%u W\n", b->cf_base);
      else if (b->source == AGX_CF_SOURCE_FRAGCOORD_Z)
         fprintf(f, "; cf%u Z\n", b->cf_base);
      else if (b->source == AGX_CF_SOURCE_POINT_COORD)
         fprintf(f, "; cf%u point_coord count=2\n", b->cf_base);
      else
         fprintf(f, "; cf%u location=%u comp=%u count=%u %s\n", b->cf_base, b->location, b->comp,
                 b->count, interp_names[b->interp % 3]);
   }
   for (unsigned rt = 0; rt < AGX_MAX_RTS; rt++) {
      if (!(fs->colour_written & (1u << rt)))
         continue;
      const struct agx_tib_format_info *fi =
         rt < fs->tib.num_rts ? agx_tib_format((enum agx_tib_format)fs->tib.format[rt]) : NULL;
      fprintf(f, "; colour rt=%u comps=0x%x", rt, fs->colour_comps[rt]);
      if (fi)
         fprintf(f, " tib=%s offset=%u%s", fi->name, fs->tib.offset_B[rt],
                 fs->tib.spilled[rt] ? " spilled" : "");
      fprintf(f, "\n");
   }
   if (fs->tib.num_rts)
      fprintf(f, "; tilebuffer samples=%u sample_size=%u utile=%ux%u\n", fs->tib.nr_samples,
              fs->tib.sample_size_B, fs->tib.tile_w, fs->tib.tile_h);
}

void
agx_print_stage_interface(const struct agx_backend_info *info, void *file)
{
   FILE *f = file;
   fprintf(f, "; stage %s\n", agx_stage_name(info->stage));
   if (info->stage == AGX_STAGE_VERTEX)
      print_vs(&info->vs, f);
   else if (info->stage == AGX_STAGE_FRAGMENT)
      print_fs(&info->fs, f);
}
