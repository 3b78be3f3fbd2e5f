local n = math.tointeger(tonumber(io.read("l")))
local s = 0
for i = 1, n do s = (s * 31 + i) % 1000003 end
print(s)
