"""The Lua scripts of the Redis store: each checks what a change was built on and makes it in one
atomic step on the Redis server, so every process sharing the store sees one gapless sequence of
versions.

A table is three keys with the table id as hash tag (`{id}`: on a Redis Cluster all three sit in
one slot, so each script below touches one shard): a hash `meta` (`setup`, `seats`, `version` and
`write`, the id of the last write), the list `actions` and the list `redo`, whose entries are the
JSON of the record's entries. Undo moves the last entry of `actions` to the end of `redo` and redo
moves it back (as the change gives it: marked with whose phone moved it), exactly as the service
builds the record, so nothing needs replaying on load.

Every write carries a fresh write id. A write applied whose reply was lost (a dropped connection)
and that the client then retries finds its own id on the table and answers "ok" instead of
refusing itself as stale: retrying a write is safe, so the client may retry any command.
Replies: {status, version} where status is "ok", "stale" (the table moved on: `version` is the
stored one), "gone" (no such table) or "empty" (nothing to undo or redo).
"""
from __future__ import annotations

# KEYS: meta, actions, redo. ARGV: op ("act", "undo", "redo"), the new version, the seats the
# change was built with (JSON), the write id, and the entry: for "act" the one appended, for
# "undo" and "redo" (optional) the one moved as it now stands (marked with whose phone moved it).
APPEND = """
local stored = redis.call('HMGET', KEYS[1], 'version', 'seats', 'write')
if not stored[1] then return {'gone', 0} end
local v, want = tonumber(stored[1]), tonumber(ARGV[2])
if v ~= want - 1 or stored[2] ~= ARGV[3] then
  if v == want and stored[3] == ARGV[4] then return {'ok', v} end
  return {'stale', v}
end
if ARGV[1] == 'act' then
  redis.call('RPUSH', KEYS[2], ARGV[5])
  redis.call('DEL', KEYS[3])
else
  local from, to = KEYS[2], KEYS[3]
  if ARGV[1] == 'redo' then from, to = KEYS[3], KEYS[2] end
  local entry = redis.call('RPOP', from)
  if not entry then return {'empty', v} end
  redis.call('RPUSH', to, ARGV[5] or entry)
end
redis.call('HSET', KEYS[1], 'version', want, 'write', ARGV[4])
return {'ok', want}
"""

# KEYS: meta, actions, redo. ARGV: mode ("base": the stored table must still be the one the new
# record was made from, version and seats; "newer": it must not be newer than the record), the
# base's version and seats, the write id, the new version, setup and seats, then the number of
# actions (-1: the lists are unchanged, as when only a seat changed) and the entries of actions
# and of redo.
SAVE = """
local stored = redis.call('HMGET', KEYS[1], 'version', 'seats', 'write')
if not stored[1] then return {'gone', 0} end
local v = tonumber(stored[1])
if stored[3] == ARGV[4] then return {'ok', v} end
if ARGV[1] == 'base' then
  if v ~= tonumber(ARGV[2]) or stored[2] ~= ARGV[3] then return {'stale', v} end
elseif tonumber(ARGV[5]) < v then
  return {'stale', v}
end
redis.call('HSET', KEYS[1], 'setup', ARGV[6], 'seats', ARGV[7], 'version', ARGV[5], 'write', ARGV[4])
local n = tonumber(ARGV[8])
if n >= 0 then
  redis.call('DEL', KEYS[2], KEYS[3])
  for i = 9, 8 + n do redis.call('RPUSH', KEYS[2], ARGV[i]) end
  for i = 9 + n, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
end
return {'ok', tonumber(ARGV[5])}
"""

# KEYS: meta, actions, redo. ARGV: the write id, setup, seats, version, the number of actions,
# then the entries of actions and of redo. A table id that is taken is refused.
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'write') == ARGV[1] then return {'ok', 0} end
  return {'taken', 0}
end
redis.call('HSET', KEYS[1], 'setup', ARGV[2], 'seats', ARGV[3], 'version', ARGV[4], 'write', ARGV[1])
local n = tonumber(ARGV[5])
for i = 6, 5 + n do redis.call('RPUSH', KEYS[2], ARGV[i]) end
for i = 6 + n, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
return {'ok', 0}
"""

# KEYS: the index's codes (code -> id), summaries (id -> JSON) and created (ids, newest first).
# ARGV: id, join code, summary. A join code that another table holds is refused.
LIST = """
local owner = redis.call('HGET', KEYS[1], ARGV[2])
if owner and owner ~= ARGV[1] then return {'taken', 0} end
if not owner then
  redis.call('HSET', KEYS[1], ARGV[2], ARGV[1])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
  redis.call('LPUSH', KEYS[3], ARGV[1])
end
return {'ok', 0}
"""

# KEYS: the event's record (JSON) and the id of its last write. ARGV: the revision the change was
# built on ("" for a new event), the write id, the new record's JSON. The stored record's
# "revision" must still be that one (a record stored before events counted has none: 0); a new
# event's id must be free. Replies "ok", "stale" (with the stored revision), "taken", "gone" or
# "damaged" (the stored JSON cannot be read).
SAVE_EVENT = """
local raw = redis.call('GET', KEYS[1])
if ARGV[1] == '' then
  if raw then
    if redis.call('GET', KEYS[2]) == ARGV[2] then return {'ok', 0} end
    return {'taken', 0}
  end
else
  if not raw then return {'gone', 0} end
  local read, doc = pcall(cjson.decode, raw)
  if not read or type(doc) ~= 'table' then return {'damaged', 0} end
  local v = tonumber(doc['revision']) or 0
  if v ~= tonumber(ARGV[1]) then
    if redis.call('GET', KEYS[2]) == ARGV[2] then return {'ok', v} end
    return {'stale', v}
  end
end
redis.call('SET', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[2])
return {'ok', 0}
"""
