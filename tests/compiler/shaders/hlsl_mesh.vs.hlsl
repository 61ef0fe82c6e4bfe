// HLSL vertex shader (glslang -D): a skinned-mesh style vertex stage with a
// constant buffer, vertex attributes by semantic, SV_VertexID and
// SV_InstanceID, a normal matrix and several interpolated outputs.
cbuffer Camera : register(b0, space0)
{
   float4x4 view_proj;
   float4x4 model[4];
   float3 light_dir;
   float time;
};

struct VSIn {
   float3 pos : POSITION;
   float3 normal : NORMAL;
   float2 uv : TEXCOORD0;
   float4 tint : COLOR0;
};

struct VSOut {
   float4 pos : SV_Position;
   float3 normal : NORMAL;
   float2 uv : TEXCOORD0;
   nointerpolation uint id : TEXCOORD1;
   float4 tint : COLOR0;
   float fog : FOG;
};

VSOut main(VSIn v, uint vid : SV_VertexID, uint iid : SV_InstanceID)
{
   VSOut o;
   float4x4 m = model[iid & 3];
   float4 world = mul(m, float4(v.pos, 1.0));
   world.y += 0.05 * sin(time + world.x);
   o.pos = mul(view_proj, world);
   o.normal = normalize(mul((float3x3)m, v.normal));
   o.uv = v.uv * float2(1.0, -1.0) + float2(0.0, 1.0);
   o.id = vid ^ (iid << 16);
   o.tint = v.tint * saturate(dot(o.normal, -light_dir) * 0.5 + 0.5);
   o.fog = exp2(-o.pos.w * 0.01);
   return o;
}
