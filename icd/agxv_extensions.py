# The extensions agx-vk advertises: the single list the entry-point and
# extension-table generator reads. Add a name here only once the extension is
# implemented and tested; spec versions come from vk.xml.

INSTANCE_EXTENSIONS = [
    'VK_KHR_get_physical_device_properties2',
    'VK_KHR_external_memory_capabilities',
    'VK_KHR_external_semaphore_capabilities',
    'VK_KHR_external_fence_capabilities',
    'VK_KHR_device_group_creation',
    # Window-system integration (agxv_wsi*.c). The platform ones are kept
    # only for the window systems built in (meson options xcb, wayland).
    'VK_KHR_surface',
    'VK_KHR_get_surface_capabilities2',
    'VK_EXT_headless_surface',
    'VK_KHR_xcb_surface',
    'VK_KHR_xlib_surface',
    'VK_KHR_wayland_surface',
]

DEVICE_EXTENSIONS = [
    'VK_KHR_bind_memory2',
    'VK_KHR_get_memory_requirements2',
    'VK_KHR_timeline_semaphore',
    'VK_KHR_push_descriptor',
    'VK_KHR_synchronization2',
    'VK_KHR_maintenance4',
    # Promoted to Vulkan 1.2 core (float controls properties come from
    # VkPhysicalDeviceVulkan12Properties); applications still ask by name.
    'VK_KHR_shader_float_controls',
    'VK_KHR_spirv_1_4',
    # Core since 1.1-1.3 and implemented here; listed by name as Mesa's
    # drivers do, because applications and the CTS enable them by name
    # (dEQP-VK.api.object_management.private_data.* enables
    # VK_EXT_private_data and failed with VK_ERROR_EXTENSION_NOT_PRESENT).
    'VK_KHR_maintenance1',
    'VK_KHR_maintenance2',
    'VK_KHR_maintenance3',
    'VK_KHR_dedicated_allocation',
    'VK_KHR_descriptor_update_template',
    'VK_KHR_storage_buffer_storage_class',
    'VK_KHR_relaxed_block_layout',
    'VK_KHR_shader_non_semantic_info',
    'VK_KHR_buffer_device_address',
    'VK_EXT_host_query_reset',
    'VK_KHR_uniform_buffer_standard_layout',
    'VK_KHR_vulkan_memory_model',
    'VK_KHR_shader_subgroup_extended_types',
    'VK_EXT_inline_uniform_block',
    'VK_EXT_pipeline_creation_cache_control',
    'VK_EXT_private_data',
    'VK_EXT_subgroup_size_control',
    'VK_KHR_shader_integer_dot_product',
    'VK_KHR_zero_initialize_workgroup_memory',
    'VK_KHR_copy_commands2',
    # With their features (agxv_physical_device.c, tests/icd test_types,
    # test_float16): storage-buffer and uniform 8/16-bit access, shaderInt8,
    # shaderFloat16 (8/16-bit push constants stay off), scalarBlockLayout.
    'VK_KHR_8bit_storage',
    'VK_KHR_16bit_storage',
    'VK_KHR_shader_float16_int8',
    'VK_EXT_scalar_block_layout',
    # robustBufferAccess2, nullDescriptor and robustImageAccess2; tests/icd
    # test_robust, test_robust_image
    'VK_EXT_robustness2',
    # Block-decorated Workgroup variables aliasing with explicit layouts
    # (tests/icd test_wg_explicit)
    'VK_KHR_workgroup_memory_explicit_layout',
    # Texel buffer views at any texel-aligned offset (the descriptor keeps
    # the sub-16-byte part in software; tests/icd test_texel_buffer).
    'VK_EXT_texel_buffer_alignment',
    # Cube maps filtered within each face (D3D9 semantics, DXVK's d3d9): the
    # Sampler's "Seamful cube maps" bit (tests/icd test_cube_seam).
    'VK_EXT_non_seamless_cube_map',
    # 32-bit float atomics on buffers, shared memory and R32_SFLOAT images /
    # texel buffers: load, store and exchange natively, add as a
    # compare-exchange loop (agx_spirv_mem.c; tests/icd test_atomic_float).
    # No 64-bit, no sparse.
    'VK_EXT_shader_atomic_float',
    # samplerMirrorClampToEdge (core 1.2; listed by name like the others)
    'VK_KHR_sampler_mirror_clamp_to_edge',
    # Swapchains of tiled images presented by copy (agxv_swapchain.c)
    'VK_KHR_swapchain',
    # Core 1.1, listed by name: vulkaninfo (and DXVK) enable it by name for
    # the device-group present queries of VK_KHR_swapchain.
    'VK_KHR_device_group',
    # Every descriptor-indexing feature (core 1.2 descriptorIndexing; tests/icd
    # test_desc_indexing, test_texel_buffer, test_desc_images)
    'VK_EXT_descriptor_indexing',
    # BaseVertex, BaseInstance, DrawIndex (core 1.1 shaderDrawParameters;
    # listed by name: vkd3d requires the extension; tests/icd
    # test_draw_params)
    'VK_KHR_shader_draw_parameters',
    # vkCmdDraw(Indexed)IndirectCountKHR (core 1.2 drawIndirectCount; listed by
    # name: DXVK and vkd3d-proton use the KHR names; tests/icd test_draw_count)
    'VK_KHR_draw_indirect_count',
    # Core 1.1 multiview by name (no commands; icd/agxv_multiview.h, tests/icd
    # test_multiview)
    'VK_KHR_multiview',
    # Transform feedback of vertex shader outputs, emulated with compute
    # (icd/agxv_cmd_xfb.c; tests/icd test_xfb): buffers, counters,
    # pause/resume, stream queries, vkCmdDrawIndirectByteCountEXT. One
    # stream, no geometry shader outputs yet.
    'VK_EXT_transform_feedback',
    # depthClipEnable (VkPipelineRasterizationDepthClipStateCreateInfoEXT):
    # Cull "Depth clip" (tests/icd test_raster_features)
    'VK_EXT_depth_clip_enable',
    # Instance-rate divisors including 0 (vertex-fetch prolog; tests/icd
    # test_vertex_input). The KHR extension adds supportsNonZeroFirstInstance,
    # true: the prolog divides the instance number (InstanceIndex -
    # firstInstance) and adds firstInstance, the direct draw's or the
    # indirect record's (tests/icd test_divisor).
    'VK_EXT_vertex_attribute_divisor',
    'VK_KHR_vertex_attribute_divisor',
    # Vertex input set at draw time: the prolog of the state in effect is
    # linked per key, cached with the pipeline (icd/agxv_vs_variants.c;
    # tests/icd test_vidyn)
    'VK_EXT_vertex_input_dynamic_state',
    # vkCmdDrawMulti(Indexed)EXT: one API draw per entry through the direct
    # draw path, gl_DrawID = the entry's index (agxv_cmd_draw.c; tests/icd
    # test_multi_draw)
    'VK_EXT_multi_draw',
    # ViewportIndex and Layer written by the vertex shader
    # (agx_pass_lower_vs_outputs.c; tests/icd test_raster_features,
    # test_vs_layer); core 1.2 shaderOutputViewportIndex/shaderOutputLayer.
    'VK_EXT_shader_viewport_index_layer',
    # LOAD_OP_NONE / STORE_OP_NONE (agxv_render.c: NONE loads so the forced
    # ZLS store and hk's colour workaround write back what was there; tests/icd
    # test_render, test_raster_features). The KHR extension (DXVK requires
    # it by name) promotes the EXT one unchanged: same enum values, no
    # commands, no structures.
    'VK_EXT_load_store_op_none',
    'VK_KHR_load_store_op_none',
    # Graphics pipeline libraries (icd/agxv_graphics_pipeline_library.c;
    # tests/icd test_gpl): the four parts, fast linking of main shaders
    # compiled once with the vertex-fetch prolog and output epilog linked
    # from the state, link-time optimisation recompiling from SPIR-V.
    'VK_KHR_pipeline_library',
    'VK_EXT_graphics_pipeline_library',
    # Core in Vulkan 1.3 (the EXT commands alias the core ones); offered by
    # name because DXVK, vkd3d-proton and dEQP (dynamic_state *bind_buffers_2*)
    # look for them. extendedDynamicState2LogicOp: the epilog of the logic
    # op in effect (agxv_fs_variants.h; tests/icd test_eds3);
    # PatchControlPoints stays off (dynamic patch sizes untested), its
    # command forwards to the state all the same (agxv_cmd_state.c).
    'VK_EXT_extended_dynamic_state',
    'VK_EXT_extended_dynamic_state2',
    # The dynamic states of VkPhysicalDeviceExtendedDynamicState3FeaturesEXT
    # set in agxv_physical_device.c: colour blend enables, equations, write
    # masks, logic op enable, sample mask, alpha to coverage / one pick the
    # output epilog at draw time (agxv_fs_variants.h); depth clamp and
    # polygon mode are PPP words (tests/icd test_eds3).
    'VK_EXT_extended_dynamic_state3',
    # Vulkan 1.4's maintenance extensions, both required by DXVK (tests/icd
    # test_maint5): BindIndexBuffer2 with a size, flags2 structures for
    # pipelines and buffers, shader modules chained into stages,
    # A1B5G5R5_UNORM_PACK16, subresource layout 2, rendering area
    # granularity; the *2 binding commands with stage flags, VkBindMemoryStatus.
    'VK_KHR_maintenance5',
    'VK_KHR_maintenance6',
    # Subgroup rotations (plain and clustered): a shuffle from lane
    # (id + delta) mod the cluster size (compiler/spirv/agx_spirv_subgroup.c);
    # Honeykrisp offers them too (src/asahi/vulkan/hk_physical_device.c).
    'VK_KHR_shader_subgroup_rotate',
    # Core 1.2/1.3 and implemented (agxv_render_pass.c, agxv_cmd_rendering.c),
    # listed by name: maintenance5 depends on VK_KHR_dynamic_rendering for
    # Vulkan 1.1/1.2 applications, which enable it (and renderpass2 /
    # depth_stencil_resolve below 1.2) by name, as
    # dEQP-VK.api.version_check.unavailable_entry_points does.
    'VK_KHR_create_renderpass2',
    'VK_KHR_depth_stencil_resolve',
    'VK_KHR_dynamic_rendering',
    # Mutable descriptors and host-only pools (agxv_descriptor_set*.c; tests/icd
    # test_mutable_desc). vkd3d-proton uses either name for its bindless heaps.
    'VK_EXT_mutable_descriptor_type',
    'VK_VALVE_mutable_descriptor_type',
    # Custom border colours, with or without a format (DXVK requires it):
    # emulated as Honeykrisp does, two samples blended with the colour the
    # descriptor holds (agxv_sampler.c, agx_pass_lower_image.c; tests/icd
    # test_border_color).
    'VK_EXT_custom_border_color',
    # minLod of image views (vkd3d-proton wants it): explicit and implicit
    # LODs and gradients raised to it, texel fetches of lower levels out of
    # range, gathers (level 0) too (agx_pass_lower_image.c; tests/icd
    # test_view_min_lod; dEQP-VK.texture.mipmap *min_lod*).
    'VK_EXT_image_view_min_lod',
]

# Extensions listed above that the system's vk.xml (1.3.239) predates. Their
# registry entries (type, spec version, commands, feature/property structures)
# are in agxv_vk_newer.xml, excerpts of later registries (KhronosGroup/Vulkan-Docs
# xml/vk.xml), and their C definitions in include/agxv_vk_newer.h; the
# generators fail if neither registry has one of these.
NEWER_THAN_REGISTRY = (
    'VK_KHR_load_store_op_none',
    'VK_KHR_maintenance5',
    'VK_KHR_maintenance6',
    'VK_KHR_shader_subgroup_rotate',
    'VK_KHR_vertex_attribute_divisor',
)
