package main

import "fmt"

func main() {
	var n int64
	fmt.Scan(&n)
	var s int64
	for i := int64(1); i <= n; i++ {
		s = (s*31 + i) % 1000003
	}
	fmt.Println(s)
}
