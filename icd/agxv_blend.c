/*
 * The fragment output epilog of a graphics pipeline's static blend state,
 * linked after the main fragment shader (agxv_blend.h).
 */
#include "agxv_blend.h"

#include <stdlib.h>
#include <string.h>

#include "agx_fs_epilog.h"
#include "agxv_graphics_pipeline_library.h"
#include "agxv_log.h"

void
agxv_blend_reset_dynamic(struct agxv_graphics_state *s)
{
   uint64_t d = s->dynamic;
   for (uint32_t i = 0; i < AGXV_MAX_RTS; i++) {
      struct agxv_cb_attachment *a = &s->cb.attachments[i];
      if (d & AGXV_DYN_BIT(CB_BLEND_ENABLES))
         a->blend_enable = false;
      if (d & AGXV_DYN_BIT(CB_BLEND_EQUATIONS)) {
         a->src_color_blend_factor = a->src_alpha_blend_factor = VK_BLEND_FACTOR_ONE;
         a->dst_color_blend_factor = a->dst_alpha_blend_factor = VK_BLEND_FACTOR_ZERO;
         a->color_blend_op = a->alpha_blend_op = VK_BLEND_OP_ADD;
      }
      if (d & AGXV_DYN_BIT(CB_WRITE_MASKS))
         a->write_mask = 0xF;
   }
   if (d & AGXV_DYN_BIT(CB_COLOR_WRITE_ENABLES))
      s->cb.color_write_enables = 0xFF;
   if (d & AGXV_DYN_BIT(CB_LOGIC_OP_ENABLE))
      s->cb.logic_op_enable = false;
   if (d & AGXV_DYN_BIT(CB_LOGIC_OP))
      s->cb.logic_op = VK_LOGIC_OP_COPY;
   if (d & AGXV_DYN_BIT(MS_SAMPLE_MASK))
      s->ms.sample_mask = 0xFFFFFFFFu;
   if (d & AGXV_DYN_BIT(MS_ALPHA_TO_COVERAGE_ENABLE))
      s->ms.alpha_to_coverage_enable = false;
   if (d & AGXV_DYN_BIT(MS_ALPHA_TO_ONE_ENABLE))
      s->ms.alpha_to_one_enable = false;
}

/* The epilog key of the state (Vulkan enum values: the key's enums
 * are VkBlendFactor / VkBlendOp / VkColorComponentFlags). Draws memoize
 * the program of a key by the state it reads (s->cb, s->ms, s->rp.tiles'
 * merged and other_rts: struct agxv_draw_fs_variant_memo): reading more
 * of s here needs that memo to compare it too. */
VkResult
agxv_blend_make_key(const struct agxv_graphics_state *s, const struct agx_tilebuffer_layout *tib,
                    const struct agx_fs_info *fs, struct agx_fs_epilog_key *key)
{
   if (s->cb.logic_op_enable && (unsigned)s->cb.logic_op > (unsigned)VK_LOGIC_OP_SET)
      return agxv_error(VK_ERROR_UNKNOWN, "invalid logic op %d", (int)s->cb.logic_op);
   memset(key, 0, sizeof(*key));
   agx_fs_epilog_key_init(key, tib, fs->colour_written);
   key->other_rts = s->rp.tiles.merged && s->rp.tiles.other_rts;
   /* the multisample state, when the main shader left it to the epilog
    * (agx_fs_info.coverage_in_main; the same values agxv_gpl_coverage_options
    * gives a main shader) */
   if (!fs->coverage_in_main) {
      struct agx_coverage_options o = agxv_gpl_coverage_options(s);
      key->sample_kill = o.sample_kill;
      key->alpha_to_coverage = o.a2c_samples;
      key->alpha_to_one = o.alpha_to_one;
      key->main_tests = fs->epilog_tests;
   }
   key->write_samples = fs->write_samples;
   /* Vulkan "Logical Operations": with logicOpEnable, blending of every
    * attachment is treated as disabled; the epilog applies the op to the
    * integer and normalized-integer render targets and passes the others
    * (float, sRGB) through unmodified (agx_fs_epilog.c rt_logic). The
    * enum agx_logic_op values are the VkLogicOp values. */
   key->logic_op_enable = s->cb.logic_op_enable;
   key->logic_op = s->cb.logic_op_enable ? (uint8_t)s->cb.logic_op : 0;
   for (uint32_t i = 0; i < s->cb.attachment_count && i < AGX_TIB_MAX_RTS; i++) {
      const struct agxv_cb_attachment *a = &s->cb.attachments[i];
      struct agx_blend_rt *rt = &key->rt[i];
      if (a->src_color_blend_factor >= (VkBlendFactor)AGX_BLEND_NUM_FACTORS ||
          a->dst_color_blend_factor >= (VkBlendFactor)AGX_BLEND_NUM_FACTORS ||
          a->src_alpha_blend_factor >= (VkBlendFactor)AGX_BLEND_NUM_FACTORS ||
          a->dst_alpha_blend_factor >= (VkBlendFactor)AGX_BLEND_NUM_FACTORS ||
          a->color_blend_op >= (VkBlendOp)AGX_BLEND_NUM_OPS ||
          a->alpha_blend_op >= (VkBlendOp)AGX_BLEND_NUM_OPS)
         return agxv_error(VK_ERROR_UNKNOWN, "blend factor or op of attachment %u is not supported",
                           i);
      rt->enable = a->blend_enable && !s->cb.logic_op_enable;
      rt->src_rgb = (uint8_t)a->src_color_blend_factor;
      rt->dst_rgb = (uint8_t)a->dst_color_blend_factor;
      rt->op_rgb = (uint8_t)a->color_blend_op;
      rt->src_alpha = (uint8_t)a->src_alpha_blend_factor;
      rt->dst_alpha = (uint8_t)a->dst_alpha_blend_factor;
      rt->op_alpha = (uint8_t)a->alpha_blend_op;
      /* factors of a disabled blend do not matter: one key for them (a
       * dynamic equation left set while blending is off links nothing new) */
      if (!rt->enable) {
         rt->src_rgb = rt->src_alpha = AGX_BLEND_ONE;
         rt->dst_rgb = rt->dst_alpha = AGX_BLEND_ZERO;
         rt->op_rgb = rt->op_alpha = AGX_BLEND_OP_ADD;
      }
      /* VK_EXT_color_write_enable: a disabled attachment writes nothing. */
      rt->write_mask = (s->cb.color_write_enables & (1u << i)) ? (uint8_t)(a->write_mask & 0xF) : 0;
   }
   return VK_SUCCESS;
}

VkResult
agxv_blend_key(const struct agxv_graphics_state *s, const struct agx_tilebuffer_layout *tib,
               struct agx_fs_epilog_key *key)
{
   /* for a per-sample loop's inlined epilog: the main shader applies the
    * multisample state */
   struct agx_fs_info none = {.coverage_in_main = true};
   return agxv_blend_make_key(s, tib, &none, key);
}

static VkResult
link_fs(const struct agxv_graphics_state *s, const struct agx_tilebuffer_layout *tib,
        const struct agx_fs_info *fs, const uint8_t *code, uint32_t size, uint32_t main_size,
        const struct agxv_shader_info *info, uint8_t **linked, uint32_t *linked_size,
        struct agxv_shader_info *linked_info, unsigned *pass_type, bool statistics)
{
   struct agx_fs_epilog_key key;
   VkResult result = agxv_blend_make_key(s, tib, fs, &key);
   if (result != VK_SUCCESS)
      return result;
   key.statistics = statistics;
   return agxv_blend_link_key(&key, fs, code, size, main_size, info, linked, linked_size,
                              linked_info, pass_type);
}

VkResult
agxv_blend_link_key(const struct agx_fs_epilog_key *kp, const struct agx_fs_info *fs,
                    const uint8_t *code, uint32_t size, uint32_t main_size,
                    const struct agxv_shader_info *info, uint8_t **linked, uint32_t *linked_size,
                    struct agxv_shader_info *linked_info, unsigned *pass_type)
{
   struct agx_fs_epilog_key key = *kp;
   if (fs->sample_loop) {
      /* the shader loops over the samples with the epilog inlined: nothing
       * to link */
      uint8_t *copy = malloc(size ? size : 1);
      if (!copy)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      memcpy(copy, code, size);
      *linked = copy;
      *linked_size = size;
      *linked_info = *info;
      *pass_type = agx_fs_pass_type(fs, &key);
      return VK_SUCCESS;
   }
   struct agx_backend_result ep;
   char err[256] = "";
   if (agx_build_fs_epilog_key(&key, &ep, err, sizeof(err)))
      return agxv_error(VK_ERROR_UNKNOWN, "cannot build the fragment output epilog: %s", err);
   /* [main][epilog][pad][preamble, constant data]: bytes [main_size, head)
    * of the code are padding. */
   uint32_t head = size;
   if (info->preamble_offset)
      head = info->preamble_offset;
   else if (info->const_data_size)
      head = info->const_data_offset;
   if (main_size > head)
      main_size = head;
   uint32_t ep_size = (uint32_t)ep.size;
   uint32_t tail = (main_size + ep_size + AGXV_CODE_ALIGN - 1) & ~(AGXV_CODE_ALIGN - 1);
   uint32_t total = tail + (size - head);
   uint8_t *out = calloc(1, total ? total : 1);
   if (!out) {
      agx_backend_result_free(&ep);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   memcpy(out, code, main_size);
   memcpy(out + main_size, ep.code, ep_size);
   memcpy(out + tail, code + head, size - head);
   *linked_info = *info;
   if (info->preamble_offset)
      linked_info->preamble_offset = tail;
   if (info->const_data_size)
      linked_info->const_data_offset = info->const_data_offset - head + tail;
   /* The larger register count of the two programs (0 means all 256). */
   if (linked_info->gpr_halves &&
       (!ep.info.gpr_halves || ep.info.gpr_halves > linked_info->gpr_halves))
      linked_info->gpr_halves = ep.info.gpr_halves;
   /* The epilog reads the blend constants inside the root block, which
    * draws always load (AGX_ABI_UNIFORM_SIZE). */
   if (ep.info.uniform_halves > linked_info->uniform_halves)
      linked_info->uniform_halves = ep.info.uniform_halves;
   /* spilled render targets' loads use the txf sampler (agx_emrt.c) */
   if (ep.info.sampler_states)
      linked_info->sampler_states = 1;
   *pass_type = agx_fs_pass_type(fs, &key);
   agx_backend_result_free(&ep);
   *linked = out;
   *linked_size = total;
   return VK_SUCCESS;
}

VkResult
agxv_blend_link_fs(const struct agxv_graphics_state *s, const struct agx_tilebuffer_layout *tib,
                   const struct agx_fs_info *fs, const uint8_t *code, uint32_t size,
                   uint32_t main_size, const struct agxv_shader_info *info, uint8_t **linked,
                   uint32_t *linked_size, struct agxv_shader_info *linked_info, unsigned *pass_type)
{
   return link_fs(s, tib, fs, code, size, main_size, info, linked, linked_size, linked_info,
                  pass_type, false);
}

VkResult
agxv_blend_link_fs_stats(const struct agxv_graphics_state *s,
                         const struct agx_tilebuffer_layout *tib, const struct agx_fs_info *fs,
                         const uint8_t *code, uint32_t size, uint32_t main_size,
                         const struct agxv_shader_info *info, uint8_t **linked,
                         uint32_t *linked_size, struct agxv_shader_info *linked_info,
                         unsigned *pass_type)
{
   return link_fs(s, tib, fs, code, size, main_size, info, linked, linked_size, linked_info,
                  pass_type, true);
}

bool
agxv_blend_epilog_kills(const struct agxv_graphics_state *s, const struct agx_fs_info *fs)
{
   if (fs->coverage_in_main)
      return false;
   struct agx_coverage_options o = agxv_gpl_coverage_options(s);
   return o.sample_kill || o.a2c_samples;
}
