program Loop;
var
  n, i, s: int64;
begin
  read(n);
  s := 0;
  i := 1;
  while i <= n do
  begin
    s := (s * 31 + i) mod 1000003;
    i := i + 1;
  end;
  writeln(s);
end.
