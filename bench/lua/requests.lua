-- wrk script of bench/wrk.ts (see its docstrings): requests from a file, closed
-- or open loop, machine-readable results. Runs in wrk's LuaJIT, one Lua state
-- per wrk thread plus the main one (setup, done).
--
-- Arguments (after `--`): <requests file> <closed|open> <rate per second> <connections> <threads>
--
-- Requests file: one request a line, tab-separated:
--   METHOD \t PATH \t BODY (may be empty) \t Header: value \t Header: value ...
-- "{{now}}" in a body becomes the current UTC time (ISO 8601, ms) when the
-- request is sent. Thread t of T takes lines t+1, t+1+T, ... and cycles them.
--
-- Open loop (wrk2's method): run with threads == connections, so each Lua
-- state drives one connection c. Its k-th request is due at
-- t0 + (k*C + c)/R; delay() holds it until then, and its latency runs from
-- its due time (or its actual send, when that was earlier) to the answer, so a late answer that holds up
-- the next requests is counted in theirs (coordinated omission corrected).
-- Latencies go to a histogram per thread (10 us buckets below 10 ms, 100 us
-- below 100 ms, 1 ms above), merged in done().
--
-- Output lines, parsed by bench/wrk.ts: "RALLY_WRK <kind> key=value ...".

local ffi = require("ffi")
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } rally_timespec;
int clock_gettime(int clock_id, rally_timespec *tp);
]])
local ts = ffi.new("rally_timespec")
local CLOCK_REALTIME, CLOCK_MONOTONIC = 0, 1

local function clock_us(id)
  ffi.C.clock_gettime(id, ts)
  return tonumber(ts.tv_sec) * 1000000 + tonumber(ts.tv_nsec) / 1000
end

local NOW_MARK = "{{now}}"
local NOW_SLOT = string.rep("X", 24) -- as long as 2026-01-01T00:00:00.000Z

local function iso_now()
  local us = clock_us(CLOCK_REALTIME)
  local seconds = math.floor(us / 1000000)
  return os.date("!%Y-%m-%dT%H:%M:%S", seconds) .. string.format(".%03dZ", math.floor(us / 1000) % 1000)
end

local function bucket(us)
  if us < 10000 then return math.floor(us / 10) * 10 end
  if us < 100000 then return math.floor(us / 100) * 100 end
  return math.floor(us / 1000) * 1000
end

-- Main state: threads, in order, and the common start of the schedule.
local threads = {}
local schedule_start = nil

function setup(thread)
  if schedule_start == nil then schedule_start = clock_us(CLOCK_MONOTONIC) + 100000 end
  thread:set("thread_index", #threads)
  thread:set("t0", schedule_start)
  table.insert(threads, thread)
end

-- Thread state (globals: thread:get reads them from done()).
local requests = {}   -- each: a formatted request, or { before, after } around {{now}}
local next_request = 1
hist = {}
statuses = {}
sent = 0
local due_us, sent_us = 0, 0
local k = 0
local rate, connections, thread_count = 0, 1, 1

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do table.insert(fields, field) end
  return fields
end

local function format(fields)
  local headers = {}
  for i = 4, #fields do
    local name, value = fields[i]:match("^([^:]+):%s*(.*)$")
    if name then headers[name] = value end
  end
  local body = fields[3] ~= "" and fields[3] or nil
  local at = body and body:find(NOW_MARK, 1, true)
  if not at then return wrk.format(fields[1], fields[2], headers, body) end
  local raw = wrk.format(fields[1], fields[2], headers, body:sub(1, at - 1) .. NOW_SLOT .. body:sub(at + #NOW_MARK))
  local slot = raw:find(NOW_SLOT, 1, true)
  return { raw:sub(1, slot - 1), raw:sub(slot + #NOW_SLOT) }
end

function init(args)
  local file, mode = args[1], args[2]
  rate, connections, thread_count = tonumber(args[3]), tonumber(args[4]), tonumber(args[5])
  local lines = {}
  for line in io.lines(file) do if line ~= "" then table.insert(lines, line) end end
  if #lines == 0 then error("no requests in " .. file) end
  for i = thread_index + 1, #lines, thread_count do table.insert(requests, format(split(lines[i]))) end
  if #requests == 0 then requests[1] = format(split(lines[(thread_index % #lines) + 1])) end
  if mode == "open" then delay = open_delay end
end

function open_delay()
  due_us = t0 + (k * connections + thread_index) * 1000000 / rate
  k = k + 1
  local wait_ms = (due_us - clock_us(CLOCK_MONOTONIC)) / 1000
  if wait_ms <= 0 then return 0 end
  -- Whole ms (wrk's timers); up to 1 ms early, measured from the actual send then.
  return math.floor(wait_ms)
end

function request()
  local r = requests[next_request]
  next_request = next_request % #requests + 1
  sent = sent + 1
  sent_us = clock_us(CLOCK_MONOTONIC)
  if type(r) == "table" then return r[1] .. iso_now() .. r[2] end
  return r
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if delay then
    -- From the due time; from the send when it went out early (whole-ms timers).
    local b = bucket(clock_us(CLOCK_MONOTONIC) - math.min(due_us, sent_us))
    hist[b] = (hist[b] or 0) + 1
  end
end

-- Main state again, after the run.
local function percentiles(merged)
  local keys, total = {}, 0
  for b, n in pairs(merged) do table.insert(keys, b); total = total + n end
  table.sort(keys)
  local out = { count = total }
  for _, p in ipairs({ 50, 90, 99, 99.9 }) do
    local rank, seen = math.ceil(p / 100 * total), 0
    for _, b in ipairs(keys) do
      seen = seen + merged[b]
      if seen >= rank then out[p] = b; break end
    end
  end
  out.max = keys[#keys]
  return out
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    "RALLY_WRK summary requests=%d duration_us=%d bytes=%d connect_errors=%d read_errors=%d write_errors=%d timeout_errors=%d status_errors=%d\n",
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.timeout, e.status))
  io.write(string.format("RALLY_WRK latency source=wrk count=%d p50_us=%d p90_us=%d p99_us=%d p99.9_us=%d max_us=%d\n",
    summary.requests, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency:percentile(99.9), latency.max))
  local merged, codes, total_sent = {}, {}, 0
  for _, thread in ipairs(threads) do
    for b, n in pairs(thread:get("hist") or {}) do merged[b] = (merged[b] or 0) + n end
    for code, n in pairs(thread:get("statuses") or {}) do codes[code] = (codes[code] or 0) + n end
    total_sent = total_sent + (thread:get("sent") or 0)
  end
  for code, n in pairs(codes) do io.write(string.format("RALLY_WRK status code=%d count=%d\n", code, n)) end
  io.write(string.format("RALLY_WRK sent count=%d\n", total_sent))
  -- From the first due time to now (done() runs as the threads stop): the achieved rate's window.
  io.write(string.format("RALLY_WRK schedule window_us=%d\n", clock_us(CLOCK_MONOTONIC) - schedule_start))
  local p = percentiles(merged)
  if p.count > 0 then
    io.write(string.format("RALLY_WRK latency source=intended count=%d p50_us=%d p90_us=%d p99_us=%d p99.9_us=%d max_us=%d\n",
      p.count, p[50], p[90], p[99], p[99.9], p.max))
  end
end
