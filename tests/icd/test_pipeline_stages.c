/*
 * Pipelines hold one compiled shader per stage (agxv_pipeline.h): compute
 * pipelines fill only the compute stage, graphics pipelines add vertex and
 * fragment programs, each in its own executable BO.
 * Assumes: a simulator device (agx_internal_test.h); the uploaded bytes are
 * never executed, so any bytes do.
 */
#include <string.h>

#include "agx_internal_test.h"
#include "agxv_bo.h"
#include "agxv_graphics_state.h"
#include "agxv_pipeline.h"
#include "agxv_shared_code.h"

static void
check_code(struct agx_test_device *t, const struct agxv_shader *s, const uint8_t *code,
           uint32_t size)
{
   CHECK(s && s->code && s->code_size == size);
   CHECK(s->code->flags & AGXV_BO_EXEC);
   uint8_t back[64];
   CHECK(size <= sizeof(back) && agxv_bo_read_va(t->dev, s->code->va, back, size));
   CHECK(memcmp(back, code, size) == 0);
}

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();

   CHECK(agxv_stage_from_vk(VK_SHADER_STAGE_COMPUTE_BIT) == AGXV_STAGE_COMPUTE);
   CHECK(agxv_stage_from_vk(VK_SHADER_STAGE_VERTEX_BIT) == AGXV_STAGE_VERTEX);
   CHECK(agxv_stage_from_vk(VK_SHADER_STAGE_FRAGMENT_BIT) == AGXV_STAGE_FRAGMENT);
   CHECK(agxv_stage_from_vk(VK_SHADER_STAGE_GEOMETRY_BIT) == AGXV_STAGE_COUNT);

   uint8_t cs[16], vs[24], fs[32];
   for (unsigned i = 0; i < sizeof(fs); i++) {
      if (i < sizeof(cs))
         cs[i] = (uint8_t)(0x10 + i);
      if (i < sizeof(vs))
         vs[i] = (uint8_t)(0x40 + i);
      fs[i] = (uint8_t)(0x80 + i);
   }
   struct agxv_shader_info info = {.gpr_halves = 8, .local_size = {32, 1, 1}};

   /* Compute: only the compute stage, reachable under the old names too. */
   struct agxv_pipeline *p = NULL;
   CHECK(agxv_compute_pipeline_create(t.dev, cs, sizeof(cs), &info, &t.dev->alloc, &p) ==
         VK_SUCCESS);
   CHECK(p->bind_point == VK_PIPELINE_BIND_POINT_COMPUTE);
   CHECK(p->stages == 1u << AGXV_STAGE_COMPUTE);
   check_code(&t, agxv_pipeline_shader(p, AGXV_STAGE_COMPUTE), cs, sizeof(cs));
   CHECK(agxv_pipeline_shader(p, AGXV_STAGE_VERTEX) == NULL);
   CHECK(agxv_pipeline_shader(p, AGXV_STAGE_FRAGMENT) == NULL);
   CHECK(agxv_pipeline_shader(p, AGXV_STAGE_COUNT) == NULL);
   const struct agxv_shader *c = &p->shaders[AGXV_STAGE_COMPUTE];
   CHECK(c->code_size == sizeof(cs));
   CHECK(c->info.gpr_halves == 8 && c->info.local_size[0] == 32);
   /* A stage is uploaded once. */
   CHECK(agxv_pipeline_upload_stage(t.dev, p, AGXV_STAGE_COMPUTE, cs, sizeof(cs), &info) ==
         VK_ERROR_UNKNOWN);
   agxv_pipeline_destroy(t.dev, p, &t.dev->alloc);

   /* Graphics: vertex + fragment, separate BOs, separate info. */
   struct agxv_pipeline g = {.bind_point = VK_PIPELINE_BIND_POINT_GRAPHICS};
   struct agxv_shader_info vinfo = {.gpr_halves = 16};
   struct agxv_shader_info finfo = {.gpr_halves = 24, .uniform_halves = 40};
   CHECK(agxv_pipeline_upload_stage(t.dev, &g, AGXV_STAGE_VERTEX, vs, sizeof(vs), &vinfo) ==
         VK_SUCCESS);
   CHECK(g.stages == 1u << AGXV_STAGE_VERTEX);
   CHECK(agxv_pipeline_upload_stage(t.dev, &g, AGXV_STAGE_FRAGMENT, fs, sizeof(fs), &finfo) ==
         VK_SUCCESS);
   CHECK(g.stages == ((1u << AGXV_STAGE_VERTEX) | (1u << AGXV_STAGE_FRAGMENT)));
   const struct agxv_shader *v = agxv_pipeline_shader(&g, AGXV_STAGE_VERTEX);
   const struct agxv_shader *f = agxv_pipeline_shader(&g, AGXV_STAGE_FRAGMENT);
   check_code(&t, v, vs, sizeof(vs));
   check_code(&t, f, fs, sizeof(fs));
   CHECK(v->code != f->code && v->code->va != f->code->va);
   CHECK(v->info.gpr_halves == 16 && f->info.gpr_halves == 24 && f->info.uniform_halves == 40);
   CHECK(agxv_pipeline_shader(&g, AGXV_STAGE_COMPUTE) == NULL);
   /* Bad input: an unknown stage, an out-of-range preamble. */
   CHECK(agxv_pipeline_upload_stage(t.dev, &g, AGXV_STAGE_COUNT, fs, sizeof(fs), &finfo) ==
         VK_ERROR_UNKNOWN);
   struct agxv_shader_info bad = {.preamble_offset = 4096};
   CHECK(agxv_pipeline_upload_stage(t.dev, &g, AGXV_STAGE_COMPUTE, cs, sizeof(cs), &bad) ==
         VK_ERROR_UNKNOWN);
   CHECK(g.stages == ((1u << AGXV_STAGE_VERTEX) | (1u << AGXV_STAGE_FRAGMENT)));
   for (unsigned s = 0; s < AGXV_STAGE_COUNT; s++) {
      if (g.stages & (1u << s))
         agxv_shared_code_put(t.dev, g.shaders[s].code); /* agxv_shared_code.h */
   }

   /* A graphics pipeline object: its parsed state, then its stages. */
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .cullMode = VK_CULL_MODE_FRONT_BIT,
      .lineWidth = 3.0f,
   };
   VkDynamicState dyn_states[] = {VK_DYNAMIC_STATE_LINE_WIDTH};
   VkPipelineDynamicStateCreateInfo dyn = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = 1,
      .pDynamicStates = dyn_states,
   };
   VkGraphicsPipelineCreateInfo gci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pRasterizationState = &rs,
      .pDynamicState = &dyn,
   };
   struct agxv_pipeline *gp = NULL;
   CHECK(agxv_graphics_pipeline_create(t.dev, &gci, &t.dev->alloc, &gp) == VK_SUCCESS);
   CHECK(gp->bind_point == VK_PIPELINE_BIND_POINT_GRAPHICS && gp->stages == 0 && gp->graphics);
   CHECK(gp->graphics->rs.cull_mode == VK_CULL_MODE_FRONT_BIT);
   CHECK(gp->graphics->rs.line.width == 1.0f &&
         gp->graphics->dynamic == AGXV_DYN_BIT(RS_LINE_WIDTH));
   CHECK(agxv_pipeline_upload_stage(t.dev, gp, AGXV_STAGE_VERTEX, vs, sizeof(vs), &vinfo) ==
         VK_SUCCESS);
   check_code(&t, agxv_pipeline_shader(gp, AGXV_STAGE_VERTEX), vs, sizeof(vs));
   agxv_pipeline_destroy(t.dev, gp, &t.dev->alloc);
   /* Bad create info: an error, no pipeline. */
   gci.pRasterizationState = NULL;
   gp = NULL;
   CHECK(agxv_graphics_pipeline_create(t.dev, &gci, &t.dev->alloc, &gp) == VK_ERROR_UNKNOWN);
   CHECK(gp == NULL);
   /* Compute pipelines carry no graphics state. */
   CHECK(agxv_compute_pipeline_create(t.dev, cs, sizeof(cs), &info, &t.dev->alloc, &p) ==
         VK_SUCCESS);
   CHECK(p->graphics == NULL);
   agxv_pipeline_destroy(t.dev, p, &t.dev->alloc);

   agx_test_device_destroy(&t);
   printf("pipeline_stages: OK\n");
   return 0;
}
