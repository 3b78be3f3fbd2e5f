fun main() {
    val n = readLine()!!.trim().toLong()
    var s = 0L
    var i = 1L
    while (i <= n) { s = (s * 31 + i) % 1000003; i++ }
    println(s)
}
