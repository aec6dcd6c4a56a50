// The daily page count of one account on one UTC day, as two keys sharing the account's hash tag:
//   KEYS[1] hash  used = confirmed pages, held = pages held by open reservations,
//                 h:<ref> = pages held by reservation <ref>, c:<ref> = pages counted when <ref> was confirmed
//                 k:<ref> = the API key the reservation was made with (until it is confirmed or released)
//   KEYS[2] zset  open reservations by expiry (ms): a caller that dies between reserve and settle
//                 cannot keep its pages held for the rest of the day.
//   KEYS[3] hash  (confirm only) usage of the day by key: k:<api key id> = pages counted ('k:' = no key),
//                 kept for the usage retention, long after the day's quota keys are gone.

/** Gives back the holds that expired; shared prologue of every script. ARGV[1] = now (ms). */
const RECLAIM = `
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
for _, r in ipairs(expired) do
  local p = redis.call('HGET', KEYS[1], 'h:' .. r)
  if p then
    redis.call('HINCRBY', KEYS[1], 'held', -tonumber(p))
    redis.call('HDEL', KEYS[1], 'h:' .. r)
  end
  redis.call('ZREM', KEYS[2], r)
end
`;

/**
 * ARGV now, reference, pages, limit (<= 0: no limit, count only), hold ttl (ms), key ttl (s), api key id
 * returns {allowed 0|1, used, held} after the call; a repeated reference returns its first outcome.
 */
export const RESERVE_LUA = `${RECLAIM}
local ref = ARGV[2]
local pages = tonumber(ARGV[3])
local limit = tonumber(ARGV[4])
local used = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
local held = tonumber(redis.call('HGET', KEYS[1], 'held') or '0')
if redis.call('HEXISTS', KEYS[1], 'h:' .. ref) == 1 or redis.call('HEXISTS', KEYS[1], 'c:' .. ref) == 1 then
  return { 1, used, held }
end
if limit > 0 and used + held + pages > limit then
  return { 0, used, held }
end
redis.call('HINCRBY', KEYS[1], 'held', pages)
redis.call('HSET', KEYS[1], 'h:' .. ref, pages)
if ARGV[7] ~= '' then redis.call('HSET', KEYS[1], 'k:' .. ref, ARGV[7]) end
redis.call('ZADD', KEYS[2], tonumber(ARGV[1]) + tonumber(ARGV[5]), ref)
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return { 1, used, held + pages }
`;

/**
 * ARGV now, reference, billed pages, key ttl (s), usage ttl (s)
 * Counts min(billed, held) pages (all billed pages when the hold already lapsed); returns the pages
 * counted, the same on a repeated confirm. The pages are added once to the usage of the reservation's
 * key (KEYS[3]) in the same step, so usage by key sums to the day's count.
 */
export const CONFIRM_LUA = `${RECLAIM}
local ref = ARGV[2]
local c = redis.call('HGET', KEYS[1], 'c:' .. ref)
if c then return tonumber(c) end
local billed = tonumber(ARGV[3])
local p = redis.call('HGET', KEYS[1], 'h:' .. ref)
if p then
  p = tonumber(p)
  if billed > p then billed = p end
  redis.call('HINCRBY', KEYS[1], 'held', -p)
  redis.call('HDEL', KEYS[1], 'h:' .. ref)
  redis.call('ZREM', KEYS[2], ref)
end
redis.call('HINCRBY', KEYS[1], 'used', billed)
redis.call('HSET', KEYS[1], 'c:' .. ref, billed)
redis.call('EXPIRE', KEYS[1], ARGV[4])
local key = redis.call('HGET', KEYS[1], 'k:' .. ref) or ''
redis.call('HDEL', KEYS[1], 'k:' .. ref)
if billed > 0 then
  redis.call('HINCRBY', KEYS[3], 'k:' .. key, billed)
  redis.call('EXPIRE', KEYS[3], ARGV[5])
end
return billed
`;

/** ARGV now, reference. Returns 1 when a hold was given back, 0 otherwise (unknown, confirmed, released). */
export const RELEASE_LUA = `${RECLAIM}
local ref = ARGV[2]
local p = redis.call('HGET', KEYS[1], 'h:' .. ref)
if not p then return 0 end
redis.call('HDEL', KEYS[1], 'k:' .. ref)
redis.call('HINCRBY', KEYS[1], 'held', -tonumber(p))
redis.call('HDEL', KEYS[1], 'h:' .. ref)
redis.call('ZREM', KEYS[2], ref)
return 1
`;

/** ARGV now. Returns {used, held}. */
export const READ_LUA = `${RECLAIM}
local used = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
local held = tonumber(redis.call('HGET', KEYS[1], 'held') or '0')
return { used, held }
`;
