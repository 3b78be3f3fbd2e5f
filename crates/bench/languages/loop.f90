program loop
  implicit none
  integer(kind=8) :: n, i, s
  read(*, *) n
  s = 0
  do i = 1, n
    s = mod(s * 31 + i, 1000003_8)
  end do
  print '(I0)', s
end program loop
