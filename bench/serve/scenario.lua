-- One scenario, chosen by environment variables (wrk passes no arguments to Lua before `init`):
--   BENCH_PATHS  file with one "path<TAB>etag" per line; requests rotate over its lines
--   BENCH_AE     Accept-Encoding to send ("" for none)
--   BENCH_INM    "1" to send If-None-Match with the line's ETag (expects 304)
--   BENCH_DELAY_MS  a pause before each request of a connection (ms): a paced load, the same offered rate for
--                   every server, for latency at the same load rather than at saturation
local paths, etags = {}, {}
for line in io.lines(os.getenv("BENCH_PATHS")) do
  local p, e = line:match("^([^\t]+)\t?(.*)$")
  paths[#paths + 1] = p
  etags[#etags + 1] = e
end
local ae = os.getenv("BENCH_AE") or ""
local inm = os.getenv("BENCH_INM") == "1"
local requests = {}
-- Built in init, once wrk has set its Host header (wrk.format adds wrk.headers to each request).
init = function(args)
  for i = 1, #paths do
    local headers = {}
    if ae ~= "" then headers["Accept-Encoding"] = ae end
    if inm then headers["If-None-Match"] = etags[i] end
    requests[i] = wrk.format("GET", paths[i], headers)
  end
end
local i = 0
request = function()
  i = i % #requests + 1
  return requests[i]
end
local pause = tonumber(os.getenv("BENCH_DELAY_MS") or "0")
if pause > 0 then
  delay = function()
    return pause
  end
end
dofile(os.getenv("BENCH_DIR") .. "/report.lua")
