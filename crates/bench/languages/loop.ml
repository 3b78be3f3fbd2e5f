let () =
  let n = Scanf.scanf " %d" (fun x -> x) in
  let s = ref 0 in
  for i = 1 to n do
    s := (!s * 31 + i) mod 1000003
  done;
  Printf.printf "%d\n" !s
