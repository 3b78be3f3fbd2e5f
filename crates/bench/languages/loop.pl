my $n = <STDIN>;
my $s = 0;
for (my $i = 1; $i <= $n; $i++) { $s = ($s * 31 + $i) % 1000003; }
print "$s\n";
