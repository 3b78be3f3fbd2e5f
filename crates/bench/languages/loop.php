<?php
$n = intval(trim(fgets(STDIN)));
$s = 0;
for ($i = 1; $i <= $n; $i++) {
    $s = ($s * 31 + $i) % 1000003;
}
echo $s, "\n";
