/**
 * One atomic step of a token bucket. State per account: a hash {t: tokens in thousandths, ts: ms of
 * the last refill}. Integer thousandths keep the arithmetic exact: `rate` tokens/s is exactly `rate`
 * thousandths per millisecond. A missing key is a full bucket, so the key expires once it would have
 * refilled completely.
 *
 * KEYS[1] bucket hash
 * ARGV    rate (tokens/s), capacity (tokens), cost (tokens), now (ms; negative = use Redis TIME)
 * returns {allowed 0|1, tokens left in thousandths, ms until `cost` tokens are available}
 */
export const TOKEN_BUCKET_LUA = `
local rate = tonumber(ARGV[1])
local cap = tonumber(ARGV[2]) * 1000
local cost = tonumber(ARGV[3]) * 1000
local now = tonumber(ARGV[4])
if now < 0 then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local s = redis.call('HMGET', KEYS[1], 't', 'ts')
local tokens = tonumber(s[1])
local ts = tonumber(s[2])
if tokens == nil or ts == nil then
  tokens = cap
  ts = now
elseif now > ts then
  tokens = tokens + (now - ts) * rate
  ts = now
end
if tokens > cap then tokens = cap end
local allowed = 0
local wait = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
else
  wait = math.ceil((cost - tokens) / rate)
end
redis.call('HSET', KEYS[1], 't', string.format('%.0f', tokens), 'ts', string.format('%.0f', ts))
redis.call('PEXPIRE', KEYS[1], math.ceil((cap - tokens) / rate) + 1000)
return { allowed, tokens, wait }
`;
