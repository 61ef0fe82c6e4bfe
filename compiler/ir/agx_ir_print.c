/* Text dump of the IR (agxc --ir). One instruction per line:
 *   %5:32x4 = iadd %3, %4
 * Constants print their components in hex; intrinsics print their named
 * constant indices; phis print [pred block: value] pairs. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "agx_ir.h"

static void
indent(FILE *f, unsigned depth)
{
   for (unsigned i = 0; i < depth; i++)
      fputs("  ", f);
}

static void
print_instr(FILE *f, const agx_instr *I, unsigned depth)
{
   const struct agx_op_info *info = agx_info(I);
   indent(f, depth);
   if (info->has_dest) {
      fprintf(f, "%%%u:%u", I->index, I->type.bits);
      if (I->type.comps > 1)
         fprintf(f, "x%u", I->type.comps);
      fputs(" = ", f);
   }
   fputs(info->name, f);
   if (I->op == AGX_OP_CONST) {
      for (unsigned i = 0; i < I->type.comps; i++)
         fprintf(f, "%s0x%" PRIx64, i ? ", " : " ", I->value[i]);
   } else if (I->op == AGX_OP_PHI) {
      for (unsigned i = 0; i < I->num_srcs; i++)
         fprintf(f, "%s[b%u: %%%u]", i ? ", " : " ", I->pred[i]->index, I->src[i]->index);
   } else {
      for (unsigned i = 0; i < I->num_srcs; i++)
         fprintf(f, "%s%%%u", i ? ", " : " ", I->src[i] ? I->src[i]->index : 0u);
   }
   for (unsigned i = 0; i < info->num_consts; i++) {
      if (!strcmp(info->const_names[i], "op") && I->c[i] < AGX_NUM_OPS)
         fprintf(f, " op=%s", agx_op_infos[I->c[i]].name);
      else
         fprintf(f, " %s=%u", info->const_names[i], I->c[i]);
   }
   fputc('\n', f);
}

static void
print_list(FILE *f, const agx_list *list, unsigned depth)
{
   agx_foreach_cf((agx_list *)list, node) {
      if (node->type == AGX_CF_BLOCK) {
         agx_block *b = agx_cf_as_block(node);
         indent(f, depth);
         fprintf(f, "b%u:\n", b->index);
         agx_foreach_instr(b, I)
            print_instr(f, I, depth + 1);
      } else if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         indent(f, depth);
         fprintf(f, "if %%%u {\n", nif->cond->index);
         print_list(f, &nif->then_list, depth + 1);
         indent(f, depth);
         fputs("} else {\n", f);
         print_list(f, &nif->else_list, depth + 1);
         indent(f, depth);
         fputs("}\n", f);
      } else {
         agx_loop *loop = agx_cf_as_loop(node);
         indent(f, depth);
         fputs("loop {\n", f);
         print_list(f, &loop->body, depth + 1);
         indent(f, depth);
         fputs("} continue {\n", f);
         print_list(f, &loop->cont, depth + 1);
         indent(f, depth);
         fputs("}\n", f);
      }
   }
}

void
agx_print_shader(const agx_shader *s, void *file)
{
   FILE *f = file;
   fprintf(f, "shader %s", agx_stage_name(s->stage));
   if (agx_stage_is_compute(s->stage))
      fprintf(f, " local_size=%u,%u,%u shared=%u", s->cs.local_size[0], s->cs.local_size[1],
              s->cs.local_size[2], s->cs.shared_size);
   fprintf(f, " scratch=%u push=%u vars=%u%s\n", s->scratch_size, s->push_size, s->num_vars,
           s->io_lowered ? " io_lowered" : "");
   print_list(f, &s->body, 1);
}
