const n = Number(require("fs").readFileSync(0, "utf8").trim());
let s = 0;
for (let i = 1; i <= n; i++) s = (s * 31 + i) % 1000003;
console.log(s);
