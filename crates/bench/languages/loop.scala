object Main {
  def main(args: Array[String]): Unit = {
    val n = scala.io.StdIn.readLine().trim.toLong
    var s = 0L
    var i = 1L
    while (i <= n) { s = (s * 31 + i) % 1000003; i += 1 }
    println(s)
  }
}
