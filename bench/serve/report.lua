-- Shared by every scenario: prints one JSON line with the figures the harness reads.
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    '\nRESULT {"requests":%d,"duration_us":%d,"bytes":%d,"errors":%d,"status_errors":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, summary.bytes, errors, summary.errors.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
