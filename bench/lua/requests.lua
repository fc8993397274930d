-- wrk script of bench/wrk.ts (see its docstrings): requests from a file, closed
-- or open loop, machine-readable results. Runs in wrk's LuaJIT, one Lua state
-- per wrk thread plus the main one (setup, done).
--
-- Arguments (after `--`): <requests file> <closed|open> <rate per second> <connections> <threads>
--
-- Requests file: one request a line, tab-separated:
--   METHOD \t PATH \t BODY (may be empty) \t Header: value \t Header: value ...
-- "{{now}}" in a body becomes the current UTC time (ISO 8601, ms) when the
-- request is sent, "{{id}}" 24 characters [a-z0-9] that no other send repeats
-- (a clientMessageId). Thread t of T takes lines t+1, t+1+T, ... and cycles them;
-- bench/wrk.ts writes those lines to "<file>.<t>" beforehand, and a thread
-- reads only its own file when it exists. (wrk runs each thread's init() in
-- its main thread, one thread after the other, before starting it: with 64
-- threads each reading a 20,000-line file, the last thread started ~0.7 s
-- late.)
--
-- Open loop (wrk2's method): run with threads == connections, so each Lua
-- state drives one connection c. Its k-th request is due at
-- t0 + (k*C + c)/R; delay() holds it until then, and its latency runs from
-- its due time (or its actual send, when that was earlier) to the answer, so a late answer that holds up
-- the next requests is counted in theirs (coordinated omission corrected).
-- A thread that starts after its first due time (see above: wrk starts the
-- threads one after the other) joins the schedule at its next due time
-- instead of sending the requests it missed at once; those are counted as
-- "skipped" and not measured. Without this, requests due before wrk itself
-- was ready were counted as late answers: 278 ms open-loop p99 against a
-- trivial node:http server answering in 0.3 ms (64 threads, 2,000/s).
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

local SLOT_LENGTH = 24 -- as long as 2026-01-01T00:00:00.000Z

local function iso_now()
  local us = clock_us(CLOCK_REALTIME)
  local seconds = math.floor(us / 1000000)
  return os.date("!%Y-%m-%dT%H:%M:%S", seconds) .. string.format(".%03dZ", math.floor(us / 1000) % 1000)
end

-- Thread state: how many requests this thread has sent (also in done()).
sent = 0
thread_index = 0

-- 24 URL-safe characters no other send of any run repeats: thread, count, wall clock ms.
local function unique_id()
  return string.format("w%03d%010d%010d", thread_index % 1000, sent % 1e10, math.floor(clock_us(CLOCK_REALTIME) / 1000) % 1e10)
end

-- Placeholders of a body, each replaced by a slot of SLOT_LENGTH bytes (so Content-Length holds).
local MARKS = {
  { pattern = "{{now}}", slot = string.rep("\1", SLOT_LENGTH), fill = iso_now },
  { pattern = "{{id}}", slot = string.rep("\2", SLOT_LENGTH), fill = unique_id },
}

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
skipped = 0
local due_us, sent_us = 0, 0
local k = 0
local rate, connections, thread_count = 0, 1, 1

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do table.insert(fields, field) end
  return fields
end

-- A request as wrk sends it: a string, or a list of strings and MARKS indexes to fill at send time.
local function format(fields)
  local headers = {}
  for i = 4, #fields do
    local name, value = fields[i]:match("^([^:]+):%s*(.*)$")
    if name then headers[name] = value end
  end
  local body = fields[3] ~= "" and fields[3] or nil
  if not body or not body:find("{{", 1, true) then return wrk.format(fields[1], fields[2], headers, body) end
  for _, m in ipairs(MARKS) do body = body:gsub(m.pattern, m.slot) end
  local raw = wrk.format(fields[1], fields[2], headers, body)
  local parts, pos = {}, 1
  while true do
    local at, kind = nil, nil
    for i, m in ipairs(MARKS) do
      local found = raw:find(m.slot, pos, true)
      if found and (not at or found < at) then at, kind = found, i end
    end
    if not at then table.insert(parts, raw:sub(pos)); break end
    table.insert(parts, raw:sub(pos, at - 1))
    table.insert(parts, kind)
    pos = at + SLOT_LENGTH
  end
  return parts
end

function init(args)
  local file, mode = args[1], args[2]
  rate, connections, thread_count = tonumber(args[3]), tonumber(args[4]), tonumber(args[5])
  local own = io.open(file .. "." .. thread_index, "r")
  if own then
    for line in own:lines() do if line ~= "" then table.insert(requests, format(split(line))) end end
    own:close()
  end
  if #requests == 0 then
    local lines = {}
    for line in io.lines(file) do if line ~= "" then table.insert(lines, line) end end
    if #lines == 0 then error("no requests in " .. file) end
    for i = thread_index + 1, #lines, thread_count do table.insert(requests, format(split(lines[i]))) end
    if #requests == 0 then requests[1] = format(split(lines[(thread_index % #lines) + 1])) end
  end
  if mode == "open" then delay = open_delay end
end

function open_delay()
  if k == 0 then
    -- Started late (see the header): join the schedule at the next due time.
    local late_us = clock_us(CLOCK_MONOTONIC) - (t0 + thread_index * 1000000 / rate)
    if late_us > 0 then
      k = math.ceil(late_us * rate / (connections * 1000000))
      skipped = k
    end
  end
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
  if type(r) ~= "table" then return r end
  local out = {}
  for i, part in ipairs(r) do out[i] = type(part) == "number" and MARKS[part].fill() or part end
  return table.concat(out)
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
  local merged, codes, total_sent, total_skipped = {}, {}, 0, 0
  for _, thread in ipairs(threads) do
    for b, n in pairs(thread:get("hist") or {}) do merged[b] = (merged[b] or 0) + n end
    for code, n in pairs(thread:get("statuses") or {}) do codes[code] = (codes[code] or 0) + n end
    total_sent = total_sent + (thread:get("sent") or 0)
    total_skipped = total_skipped + (thread:get("skipped") or 0)
  end
  for code, n in pairs(codes) do io.write(string.format("RALLY_WRK status code=%d count=%d\n", code, n)) end
  io.write(string.format("RALLY_WRK sent count=%d skipped=%d\n", total_sent, total_skipped))
  -- From the first due time to now (done() runs as the threads stop): the achieved rate's window.
  io.write(string.format("RALLY_WRK schedule window_us=%d\n", clock_us(CLOCK_MONOTONIC) - schedule_start))
  local p = percentiles(merged)
  if p.count > 0 then
    io.write(string.format("RALLY_WRK latency source=intended count=%d p50_us=%d p90_us=%d p99_us=%d p99.9_us=%d max_us=%d\n",
      p.count, p[50], p[90], p[99], p[99.9], p.max))
  end
end
