# The extensions agx-vk advertises: the single list the entry-point and
# extension-table generator reads. Add a name here only once the extension is
# implemented and tested; spec versions come from vk.xml.

INSTANCE_EXTENSIONS = [
    'VK_KHR_get_physical_device_properties2',
    'VK_KHR_external_memory_capabilities',
    'VK_KHR_external_semaphore_capabilities',
    'VK_KHR_external_fence_capabilities',
    'VK_KHR_device_group_creation',
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
]
