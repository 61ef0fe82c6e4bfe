/* SPIR-V -> IR (front end) -> ABI lowering with the pipeline layout's
 * binding offsets -> AGX machine code (back end). */
#include "agxv_shader_compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_backend.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_graphics_state.h"
#include "agx_gs.h"
#include "agx_passes.h"
#include "agx_vbo_prolog.h"
#include "agx_spirv.h"

struct layout_map {
   struct agxv_descriptor_set_layout *const *sets;
   uint32_t count;
};

static unsigned
binding_offset(void *data, unsigned set, unsigned binding)
{
   const struct layout_map *map = data;
   if (set >= map->count || !map->sets[set] || binding >= map->sets[set]->binding_count)
      return 0; /* not in the layout: invalid usage */
   return map->sets[set]->bindings[binding].offset;
}

/* Every binding's stride from the layout (a mutable binding's covers all
 * its types; a typed binding's equals its descriptor size). */
static unsigned
binding_stride(void *data, unsigned set, unsigned binding)
{
   const struct layout_map *map = data;
   if (set >= map->count || !map->sets[set] || binding >= map->sets[set]->binding_count)
      return 0; /* not in the layout: the access's own size */
   return map->sets[set]->bindings[binding].stride;
}

/* The software vertex shader (AGXV_GS_VS_SW) records clip/cull distance
 * words 4-7 under AGX_GS_CLIP_HI / AGX_GS_CULL_HI (layout/agx_gs.h): its
 * transform feedback words name those records. */
static void
xfb_hi_records(struct agx_xfb_info *x)
{
   for (uint32_t i = 0; i < x->count; i++) {
      struct agx_xfb_output *o = &x->out[i];
      if ((o->slot == AGX_IO_CLIP_DIST || o->slot == AGX_IO_CULL_DIST) && o->comp >= 4) {
         o->slot = (uint8_t)(o->slot == AGX_IO_CLIP_DIST ? AGX_GS_CLIP_HI : AGX_GS_CULL_HI);
         o->comp = (uint8_t)(o->comp - 4);
      }
   }
}

/* Compiles any stage; tib: the tilebuffer a fragment shader stores its
 * colour outputs to; info: the backend's stage interface (may be NULL). */
static int
compile_stage(const struct agxv_compile_request *req, const struct agx_tilebuffer_layout *tib,
              struct agxv_compile_result *out, struct agx_backend_info *info, char *err,
              size_t err_size)
{
   struct agx_spirv_spec_value *spec = NULL;
   if (req->spec_count) {
      spec = calloc(req->spec_count, sizeof(*spec));
      if (!spec) {
         snprintf(err, err_size, "out of memory");
         return -1;
      }
      for (uint32_t i = 0; i < req->spec_count; i++)
         spec[i] = (struct agx_spirv_spec_value){req->spec[i].id, req->spec[i].value};
   }
   struct agx_spirv_options opts = {.entry = req->entry,
                                    .spec = spec,
                                    .num_spec = req->spec_count,
                                    .robust_buffer_access = req->robust_buffer_access,
                                    .multiview = req->multiview,
                                    .view_index_is_device_index = req->view_index_is_device_index};
   for (unsigned i = 0; req->tiles && req->tiles->merged && i < AGX_TIB_MAX_RTS; i++) {
      opts.tile_inputs[i].format = req->tiles->inputs[i].format;
      opts.tile_inputs[i].offset_B = req->tiles->inputs[i].offset_B;
   }
   agx_shader *s = agx_compile_spirv(req->words, req->word_count, &opts, false, err, err_size);
   free(spec);
   if (!s)
      return -1;
   /* tessellation first: the evaluation shader in front of a geometry shader
    * is lowered to a vertex shader, then run as compute (AGXV_GS_VS_SW) */
   if (req->tess_variant) {
      struct agx_tess_options t = {.variant = (enum agx_tess_variant)(req->tess_variant - 1),
                                   .input_mask = req->tess_input_mask,
                                   .vertex_mask = req->tess_vertex_mask,
                                   .patch_mask = req->tess_patch_mask,
                                   .output_vertices = req->tess_output_vertices,
                                   .domain = req->tess_domain};
      out->tess = s->tess;
      if (agx_pass_lower_tess(s, &t, err, err_size)) {
         agx_shader_destroy(s);
         return -1;
      }
      out->tess_vertex_mask = t.vertex_mask;
      out->tess_patch_mask = t.patch_mask;
      out->tess_output_vertices = t.output_vertices;
   }

   if (req->gs_vbo && req->gs_variant == AGXV_GS_VS_SW &&
       agx_vbo_lower_sw(s, req->gs_vbo, AGX_GS_PARAMS_VERTEX_BUFFERS, err, err_size)) {
      agx_shader_destroy(s);
      return -1;
   }
   if (req->gs_variant) {
      struct agx_gs_options gs = {.variant = (enum agx_gs_variant)(req->gs_variant - 1),
                                  .input_mask = req->gs_input_mask,
                                  .rast_stream = req->gs_rast_stream};
      if (agx_pass_lower_gs(s, &gs, err, err_size)) {
         agx_shader_destroy(s);
         return -1;
      }
      out->gs_output_mask = gs.output_mask;
      out->gs = s->gs;
   }

   out->xfb = s->xfb;
   if (req->gs_variant == AGXV_GS_VS_SW)
      xfb_hi_records(&out->xfb);

   struct layout_map map = {req->set_layouts, req->set_count};
   struct agx_io_options io = {.binding_offset = binding_offset,
                               .binding_stride = binding_stride,
                               .data = &map};
   agx_pass_lower_io(s, &io);
   agx_optimize(s);

   struct agxv_shader_info extra = {.num_local_args = s->num_local_args};
   if (s->num_local_args > AGX_ABI_MAX_LOCAL_ARGS) {
      agx_shader_destroy(s);
      snprintf(err, err_size, "too many __local arguments");
      return -1;
   }
   memcpy(extra.local_arg_push, s->local_arg_push, s->num_local_args * sizeof(uint32_t));
   /* the constant data outlives the shader: copied into the blob below */
   uint32_t const_size = s->const_data_size;
   uint8_t *const_data = const_size ? malloc(const_size) : NULL;
   if (const_size && !const_data) {
      agx_shader_destroy(s);
      snprintf(err, err_size, "out of memory");
      return -1;
   }
   if (const_size)
      memcpy(const_data, s->const_data, const_size);

   struct agx_backend_result r;
   struct agx_backend_options bopts = {.no_preamble = req->no_preamble,
                                       .tib = tib,
                                       .fs_epilog = req->fs_epilog,
                                       .coverage = req->coverage,
                                       .fs_epilog_key = req->fs_epilog_key,

                                       .cull_distances = req->cull_distances,
                                       .viewport_zero = req->viewport_zero,
                                       .multiview = req->multiview};
   int ret = agx_backend_compile(s, &bopts, &r, err, err_size);
   agx_shader_destroy(s);
   if (ret) {
      free(const_data);
      return -1;
   }

   if (req->print_disasm) {
      fprintf(stderr, "agx: shader \"%s\": %u bytes, %u halves\n", req->entry ? req->entry : "main",
              (unsigned)r.size, r.info.gpr_halves);
      agx_print_stage_interface(&r.info, stderr);
      agx_backend_disasm(r.code, r.size, stderr);
      if (r.info.has_preamble) {
         fprintf(stderr, "agx: preamble: %u bytes, %u halves\n", (unsigned)r.preamble_size,
                 r.info.preamble_gpr_halves);
         agx_backend_disasm(r.preamble, r.preamble_size, stderr);
      }
   }
   /* One blob: the main program, then the preamble at the next code
    * alignment, then the constant data (zero padding between). */
   uint32_t pre_off =
      r.info.has_preamble ? ((uint32_t)r.size + AGXV_CODE_ALIGN - 1) & ~(AGXV_CODE_ALIGN - 1) : 0;
   size_t total = r.info.has_preamble ? pre_off + r.preamble_size : r.size;
   uint32_t const_off = 0;
   if (const_size) {
      const_off =
         ((uint32_t)total + AGX_ABI_CONST_DATA_ALIGN - 1) & ~(AGX_ABI_CONST_DATA_ALIGN - 1);
      total = const_off + const_size;
   }
   uint8_t *code = calloc(1, total ? total : 1);
   if (!code) {
      agx_backend_result_free(&r);
      free(const_data);
      snprintf(err, err_size, "out of memory");
      return -1;
   }
   memcpy(code, r.code, r.size);
   if (r.info.has_preamble)
      memcpy(code + pre_off, r.preamble, r.preamble_size);
   if (const_size)
      memcpy(code + const_off, const_data, const_size);
   free(const_data);
   out->code = code;
   out->size = (uint32_t)total;
   out->main_size = (uint32_t)r.size;
   out->info = (struct agxv_shader_info){
      .gpr_halves = r.info.gpr_halves,
      .local_size = {r.info.local_size[0], r.info.local_size[1], r.info.local_size[2]},
      .shared_size = r.info.shared_size,
      .scratch_size = r.info.scratch_size,
      .preamble_offset = pre_off,
      .preamble_gpr_halves = r.info.preamble_gpr_halves,
      .uniform_halves = r.info.uniform_halves,
      .const_data_offset = const_off,
      .const_data_size = const_size,
      .num_local_args = extra.num_local_args,
      .sampler_states = r.info.sampler_states,
   };
   memcpy(out->info.local_arg_push, extra.local_arg_push, sizeof(extra.local_arg_push));
   if (info)
      *info = r.info;
   agx_backend_result_free(&r);
   return 0;
}

int
agxv_compile_compute(const struct agxv_compile_request *req, struct agxv_compile_result *out,
                     char *err, size_t err_size)
{
   return compile_stage(req, NULL, out, NULL, err, err_size);
}

int
agxv_compile_graphics(const struct agxv_compile_request *req,
                      const struct agx_tilebuffer_layout *tib, struct agxv_compile_gfx_result *out,
                      char *err, size_t err_size)
{
   struct agx_backend_info info;
   memset(out, 0, sizeof(*out));
   if (compile_stage(req, tib, &out->r, &info, err, err_size))
      return -1;
   if (info.stage == AGX_STAGE_VERTEX) {
      out->stage = AGXV_STAGE_VERTEX;
      out->vs = info.vs;
   } else if (info.stage == AGX_STAGE_FRAGMENT) {
      out->stage = AGXV_STAGE_FRAGMENT;
      out->fs = info.fs;
   } else {
      agxv_compile_result_free(&out->r);
      snprintf(err, err_size, "entry point \"%s\" is not a vertex or fragment shader",
               req->entry ? req->entry : "main");
      return -1;
   }
   return 0;
}

void
agxv_compile_result_free(struct agxv_compile_result *r)
{
   free(r->code);
   r->code = NULL;
}

int
agxv_compile_result_copy(const struct agxv_compile_gfx_result *src,
                         struct agxv_compile_gfx_result *dst, char *err, size_t err_size)
{
   *dst = *src;
   dst->r.code = malloc(src->r.size ? src->r.size : 1);
   if (!dst->r.code) {
      snprintf(err, err_size, "out of memory");
      return -1;
   }
   memcpy(dst->r.code, src->r.code, src->r.size);
   return 0;
}
