-- What every bench case reports, as one line that bench/run.py reads: wrk's own summary plus
-- p95 and p99 (wrk's --latency table has no p95). Errors are socket errors and answers >= 400.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests": %d, "seconds": %.3f, "p50_us": %d, "p95_us": %d, "p99_us": %d, "errors": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(95),
    latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status))
end
