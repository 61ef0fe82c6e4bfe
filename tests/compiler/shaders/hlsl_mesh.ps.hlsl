// HLSL pixel shader (glslang -D): textures and samplers in separate
// registers, alpha test with clip(), SV_IsFrontFace, derivatives, two
// render targets and SV_Depth.
Texture2D albedo : register(t0, space1);
Texture2D<float> shadow : register(t1, space1);
SamplerState samp : register(s0, space1);
SamplerComparisonState cmp : register(s1, space1);

struct PSIn {
   float4 pos : SV_Position;
   float3 normal : NORMAL;
   float2 uv : TEXCOORD0;
   nointerpolation uint id : TEXCOORD1;
   float4 tint : COLOR0;
   float fog : FOG;
};

struct PSOut {
   float4 colour : SV_Target0;
   float4 normal : SV_Target1;
   float depth : SV_Depth;
};

PSOut main(PSIn i, bool front : SV_IsFrontFace)
{
   float4 c = albedo.Sample(samp, i.uv) * i.tint;
   clip(c.a - 0.5);
   float lit = shadow.SampleCmpLevelZero(cmp, i.uv, i.pos.z);
   float3 n = normalize(front ? i.normal : -i.normal);
   float edge = length(float2(ddx(i.uv.x), ddy(i.uv.y)));
   PSOut o;
   o.colour = float4(lerp(float3(0.5, 0.6, 0.7), c.rgb * lit, i.fog), c.a);
   o.normal = float4(n * 0.5 + 0.5, (float)(i.id & 255) / 255.0 + edge);
   o.depth = i.pos.z * 0.999;
   return o;
}
