/* Lowers resource access to the driver ABI of agx_abi.h. Assumes the front
 * end emitted load_push_constant (byte offset source, base = range start)
 * and load_buffer_address (source: array index; set, binding consts).
 *  - load_push_constant(off)[base] -> load_uniform(off)[AGX_ABI_PUSH_BASE + base]
 *  - load_buffer_address(i)[set, b] ->
 *      load_global(load_uniform[set address] + binding_offset + i * stride)
 *  - load_buffer_size(i)[set, b] -> the 32-bit size word 8 bytes further
 *  - texel_buffer_*(i, ...)[set, b] -> agx_lower_texel_buffer with the
 *    descriptor's byte offset binding_offset + i * stride
 *  - image_*(i, ...)[set, b] -> agx_lower_image likewise (image_sample: also
 *    the sampler's descriptor offset, from its own set and binding)
 *    where stride is the binding's (agx_io_options.binding_stride: mutable
 *    bindings), else the access's descriptor size (AGX_ABI_DESC_SIZE,
 *    AGX_ABI_TEXEL_DESC_SIZE, AGX_ABI_IMAGE_DESC_SIZE)
 *  - load_robust_sink -> load_uniform[AGX_ABI_ROBUST_SINK]
 *  - load_num_workgroups -> load_uniform[AGX_ABI_NUM_WORKGROUPS]
 *  - load_workgroup_id -> the hardware's id + load_uniform[AGX_ABI_BASE_WORKGROUP]
 *    (vkCmdDispatchBase; global ids derive from the workgroup id)
 *  - load_const_data_address -> load_uniform[AGX_ABI_CONST_DATA] (64-bit)
 *  - load_geometry_params -> load_uniform[AGX_ABI_GEOMETRY_PARAMS] (64-bit)
 *  - load_base_vertex / load_base_instance / load_draw_id (vertex shaders) ->
 *    load_uniform[AGX_ABI_VS_*]
 *  - load_view_index (graphics stages) -> load_uniform[AGX_ABI_VIEW_INDEX]
 * Sets the shader's io_lowered flag. */
#include <stdlib.h>

#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_passes.h"

static unsigned
default_binding_offset(void *data, unsigned set, unsigned binding)
{
   (void)data;
   (void)set;
   return binding * AGX_ABI_DEFAULT_BINDING_BYTES;
}

/* The stride of (set, binding) for an access whose descriptor has `size` bytes. */
static unsigned
stride_of(const struct agx_io_options *opts, unsigned set, unsigned binding, unsigned size)
{
   unsigned stride =
      opts && opts->binding_stride ? opts->binding_stride(opts->data, set, binding) : 0;
   return stride ? stride : size;
}

bool
agx_pass_lower_io(agx_shader *s, const struct agx_io_options *opts)
{
   unsigned (*boff)(void *, unsigned, unsigned) =
      opts && opts->binding_offset ? opts->binding_offset : default_binding_offset;
   void *data = opts ? opts->data : NULL;
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   bool progress = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op == AGX_OP_LOAD_PUSH_CONSTANT) {
         I->op = AGX_OP_LOAD_UNIFORM;
         I->c[0] += AGX_ABI_PUSH_BASE;
         progress = true;
      } else if (I->op == AGX_OP_LOAD_ROBUST_SINK) {
         agx_builder b = agx_builder_before(s, I);
         agx_instr *u = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, I->type, 1, agx_imm(&b, 32, 0), NULL,
                                   NULL, AGX_ABI_ROBUST_SINK, 0, 0);
         agx_rewrite_uses(s, I, u);
         agx_instr_remove(I);
         progress = true;
      } else if (I->op == AGX_OP_LOAD_BUFFER_ADDRESS || I->op == AGX_OP_LOAD_BUFFER_SIZE) {
         agx_builder b = agx_builder_before(s, I);
         unsigned set = I->c[0], binding = I->c[1];
         agx_instr *set_addr =
            agx_intrin(&b, AGX_OP_LOAD_UNIFORM, agx_type_make(64, 1), 1, agx_imm(&b, 32, 0), NULL,
                       NULL, AGX_ABI_SET_ADDR_BASE + 8 * (set % AGX_ABI_MAX_SETS), 0, 0);
         agx_instr *idx = agx_u2u(&b, 64, I->src[0]);
         agx_instr *off = agx_iadd(
            &b, agx_imm(&b, 64, boff(data, set, binding)),
            agx_imul(&b, idx, agx_imm(&b, 64, stride_of(opts, set, binding, AGX_ABI_DESC_SIZE))));
         agx_instr *desc = agx_iadd(&b, set_addr, off);
         /* Rewrite in place so uses need no update. */
         bool size = I->op == AGX_OP_LOAD_BUFFER_SIZE;
         if (size)
            desc = agx_iadd(&b, desc, agx_imm(&b, 64, 8));
         I->op = AGX_OP_LOAD_GLOBAL;
         I->src[0] = desc;
         I->c[0] = size ? 4 : 8;
         I->c[1] = 0;
         progress = true;
      } else if (I->op == AGX_OP_TEXEL_BUFFER_LOAD || I->op == AGX_OP_TEXEL_BUFFER_STORE ||
                 I->op == AGX_OP_TEXEL_BUFFER_SIZE || I->op == AGX_OP_TEXEL_BUFFER_ADDRESS) {
         agx_builder b = agx_builder_before(s, I);
         unsigned set = I->c[0], binding = I->c[1];
         agx_instr *off = agx_iadd(
            &b, agx_imm(&b, 32, boff(data, set, binding)),
            agx_imul(&b, I->src[0],
                     agx_imm(&b, 32, stride_of(opts, set, binding, AGX_ABI_TEXEL_DESC_SIZE))));
         agx_instr *value = agx_lower_texel_buffer(s, I, set, off);
         if (value) {
            agx_rewrite_uses(s, I, value);
            agx_instr_remove(I);
         }
         progress = true;
      } else if (I->op == AGX_OP_IMAGE_LOAD || I->op == AGX_OP_IMAGE_STORE ||
                 I->op == AGX_OP_IMAGE_SAMPLE || I->op == AGX_OP_IMAGE_SAMPLE_GRAD ||
                 I->op == AGX_OP_IMAGE_GATHER || I->op == AGX_OP_IMAGE_SIZE ||
                 I->op == AGX_OP_IMAGE_TEXEL_ADDRESS || I->op == AGX_OP_IMAGE_LEVELS ||
                 I->op == AGX_OP_IMAGE_SAMPLES) {
         agx_builder b = agx_builder_before(s, I);
         unsigned set = I->c[0], binding = I->c[1];
         bool sample = I->op == AGX_OP_IMAGE_SAMPLE || I->op == AGX_OP_IMAGE_SAMPLE_GRAD ||
                       I->op == AGX_OP_IMAGE_GATHER;
         agx_instr *idx = sample ? agx_extract(&b, I->src[0], 0) : I->src[0];
         agx_instr *off = agx_iadd(
            &b, agx_imm(&b, 32, boff(data, set, binding)),
            agx_imul(&b, idx,
                     agx_imm(&b, 32, stride_of(opts, set, binding, AGX_ABI_IMAGE_DESC_SIZE))));
         unsigned sset = 0;
         agx_instr *soff = NULL;
         if (sample) {
            sset = I->c[3] >> 16;
            soff = agx_iadd(
               &b, agx_imm(&b, 32, boff(data, sset, I->c[3] & 0xFFFF)),
               agx_imul(&b, agx_extract(&b, I->src[0], 1),
                        agx_imm(&b, 32,
                                stride_of(opts, sset, I->c[3] & 0xFFFF, AGX_ABI_IMAGE_DESC_SIZE))));
         }
         agx_instr *value = agx_lower_image(s, I, set, off, sset, soff);
         if (value) {
            agx_rewrite_uses(s, I, value);
            agx_instr_remove(I);
         }
         progress = true;
      } else if (I->op == AGX_OP_LOAD_CONST_DATA_ADDRESS || I->op == AGX_OP_LOAD_GEOMETRY_PARAMS) {
         agx_builder b = agx_builder_before(s, I);
         unsigned off =
            I->op == AGX_OP_LOAD_CONST_DATA_ADDRESS ? AGX_ABI_CONST_DATA : AGX_ABI_GEOMETRY_PARAMS;
         agx_instr *addr = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, agx_type_make(64, 1), 1,
                                      agx_imm(&b, 32, 0), NULL, NULL, off, 0, 0);
         agx_rewrite_uses(s, I, addr);
         agx_instr_remove(I);
         progress = true;
      } else if (I->op == AGX_OP_LOAD_BASE_VERTEX || I->op == AGX_OP_LOAD_BASE_INSTANCE ||
                 I->op == AGX_OP_LOAD_DRAW_ID) {
         agx_builder b = agx_builder_before(s, I);
         s->vs.reads_base_vertex |= I->op == AGX_OP_LOAD_BASE_VERTEX;
         s->vs.reads_base_instance |= I->op == AGX_OP_LOAD_BASE_INSTANCE;
         s->vs.reads_draw_id |= I->op == AGX_OP_LOAD_DRAW_ID;
         unsigned off = I->op == AGX_OP_LOAD_BASE_VERTEX     ? AGX_ABI_VS_BASE_VERTEX
                        : I->op == AGX_OP_LOAD_BASE_INSTANCE ? AGX_ABI_VS_BASE_INSTANCE
                                                             : AGX_ABI_VS_DRAW_ID;
         agx_instr *u = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, I->type, 1, agx_imm(&b, 32, 0), NULL,
                                   NULL, off, 0, 0);
         agx_rewrite_uses(s, I, u);
         agx_instr_remove(I);
         progress = true;
      } else if (I->op == AGX_OP_LOAD_VIEW_INDEX) {
         agx_builder b = agx_builder_before(s, I);
         agx_instr *u = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, I->type, 1, agx_imm(&b, 32, 0), NULL,
                                   NULL, AGX_ABI_VIEW_INDEX, 0, 0);
         agx_rewrite_uses(s, I, u);
         agx_instr_remove(I);
         progress = true;
      } else if (I->op == AGX_OP_LOAD_NUM_WORKGROUPS || I->op == AGX_OP_LOAD_WORKGROUP_ID) {
         agx_builder b = agx_builder_before(s, I);
         bool count = I->op == AGX_OP_LOAD_NUM_WORKGROUPS;
         agx_instr *uniform =
            agx_intrin(&b, AGX_OP_LOAD_UNIFORM, I->type, 1, agx_imm(&b, 32, 0), NULL, NULL,
                       count ? AGX_ABI_NUM_WORKGROUPS : AGX_ABI_BASE_WORKGROUP, 0, 0);
         agx_instr *value = uniform;
         if (!count) {
            agx_instr *hw =
               agx_intrin(&b, AGX_OP_LOAD_WORKGROUP_ID, I->type, 0, NULL, NULL, NULL, 0, 0, 0);
            value = agx_iadd(&b, hw, uniform);
         }
         agx_rewrite_uses(s, I, value);
         agx_instr_remove(I);
         progress = true;
      }
   }
   s->io_lowered = true;
   return progress;
}
