def main():
    line = input().strip()
    parts = line.split(" ")
    record_len = -1
    record_num = 0
    for p in parts:
        if p == "":
            continue
        num = int(p)
        cur = num
        biggest = num
        cnt = 0
        while True:
            if cur == 1:
                break
            if cur % 2 == 1:
                cur = cur * 3 + 1
            else:
                cur = cur // 2
            cnt = cnt + 1
            if cur > biggest:
                biggest = cur
        print(f"{num} {cnt} {biggest}")
        if cnt > record_len:
            record_len = cnt
            record_num = num
    print(f"longest: {record_num}")


main()
