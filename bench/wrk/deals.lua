-- Referees posting deals as fast as the server takes them. Each request goes to the next
-- referee token (one bench match each, see bench/build.py) with a never-repeated
-- Idempotency-Key, so every post is a new deal. BENCH_TOKENS names a file of tokens, one a
-- line; BENCH_RUN makes the keys of this run differ from any earlier one.
dofile("bench/wrk/report.lua")

local tokens = {}
for line in io.lines(os.getenv("BENCH_TOKENS")) do
  table.insert(tokens, line)
end
local run = os.getenv("BENCH_RUN") or tostring(os.time())
local sent = 0

function request()
  sent = sent + 1
  local token = tokens[(sent + id * 7) % #tokens + 1]  -- id: this thread's number (setup)
  local a = 15 + sent % 91
  return wrk.format("POST", "/api/v1/referee/" .. token .. "/deals",
    {["Content-Type"] = "application/json",
     ["Idempotency-Key"] = string.format("%s-%d-%d", run, id, sent)},
    string.format('{"points": [%d, %d]}', a, 120 - a))
end
