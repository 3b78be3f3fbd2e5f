n = int(input())
s = 0
for i in range(1, n + 1):
    s = (s * 31 + i) % 1000003
print(s)
