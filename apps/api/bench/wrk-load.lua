-- wrk's side of bench/wrk-load.ts: each wrk thread sends the requests of its own file, one per
-- line ("<access token>\t<JSON body>"), in the file's order, each once, with an Idempotency-Key
-- of its own (a line with no body is sent without one). A thread that has sent every line of its
-- file stops and says so, also by writing the file <WRK_LOAD_DONE><thread>: wrk itself runs for
-- its whole duration, so the caller ends it (SIGINT) once every thread has. Answers still on
-- their way when a thread stops are not counted. At the end, the latency of every answered
-- request goes to a file as "<microseconds> <count>" lines.
--
-- With WRK_LOAD_REPEAT=1 a thread goes round its lines again until the time is up (reads, sent
-- without an Idempotency-Key).
--
-- Environment: WRK_LOAD_FILES (the files' prefix: thread n reads <prefix><n>), WRK_LOAD_PATH,
-- WRK_LOAD_METHOD (POST unless given), WRK_LOAD_KEY_PREFIX (each key is <prefix><thread>-<n>),
-- WRK_LOAD_LATENCIES (the output file), WRK_LOAD_DONE (the prefix of the threads' done files),
-- WRK_LOAD_HEADERS (more headers, one "name: value" a line), WRK_LOAD_REPEAT.

local threads = {}
local count = 0

function setup(thread)
  count = count + 1
  thread:set('id', count)
  table.insert(threads, thread)
end

local tokens = {}
local bodies = {}
local sent = 0
local path = os.getenv('WRK_LOAD_PATH')
local method = os.getenv('WRK_LOAD_METHOD') or 'POST'
local repeating = os.getenv('WRK_LOAD_REPEAT') == '1'
local extra = {}
for line in (os.getenv('WRK_LOAD_HEADERS') or ''):gmatch('[^\n]+') do
  local colon = line:find(':', 1, true)
  extra[line:sub(1, colon - 1)] = line:sub(colon + 1):gsub('^%s+', '')
end
local keyPrefix = os.getenv('WRK_LOAD_KEY_PREFIX')

function init(args)
  for line in io.lines(os.getenv('WRK_LOAD_FILES') .. id) do
    local tab = line:find('\t', 1, true)
    if tab then
      table.insert(tokens, line:sub(1, tab - 1))
      table.insert(bodies, line:sub(tab + 1))
    end
  end
  exhausted = false
  -- wrk calls the first thread's request() once before the run, to check what it returns, and
  -- sends nothing of it: that call must not use up a line.
  checking = id == 1
end

local function post(n)
  local headers = { ['Authorization'] = 'Bearer ' .. tokens[n] }
  for name, value in pairs(extra) do headers[name] = value end
  if not repeating then headers['Idempotency-Key'] = keyPrefix .. id .. '-' .. n end
  if bodies[n] == '' then return wrk.format(method, path, headers) end
  headers['Content-Type'] = 'application/json'
  return wrk.format(method, path, headers, bodies[n])
end

function request()
  if checking then
    checking = false
    return post(1)
  end
  if repeating and sent >= #bodies then sent = 0 end
  if sent >= #bodies then
    -- Nothing left to send: this thread is done. wrk still wants a request from this call; an
    -- empty one sends nothing and is never answered, so it counts for nothing.
    exhausted = true
    local marker = assert(io.open(os.getenv('WRK_LOAD_DONE') .. id, 'w'))
    marker:close()
    wrk.thread:stop()
    return ''
  end
  sent = sent + 1
  return post(sent)
end

function done(summary, latency, requests)
  local out = assert(io.open(os.getenv('WRK_LOAD_LATENCIES'), 'w'))
  local ran_out = false
  for _, thread in ipairs(threads) do
    if thread:get('exhausted') then ran_out = true end
  end
  local errors = summary.errors
  out:write(string.format('requests %d\n', summary.requests))
  out:write(string.format('duration %d\n', summary.duration))
  out:write(string.format('status_errors %d\n', errors.status))
  out:write(string.format('socket_errors %d\n', errors.connect + errors.read + errors.write + errors.timeout))
  out:write(string.format('exhausted %s\n', tostring(ran_out)))
  for i = 1, #latency do
    local value, n = latency(i)
    out:write(string.format('%d %d\n', value, n))
  end
  out:close()
end
