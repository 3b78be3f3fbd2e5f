n = STDIN.read.to_i
s = 0
i = 1
while i <= n
  s = (s * 31 + i) % 1000003
  i += 1
end
puts s
