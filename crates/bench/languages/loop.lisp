(let ((n (read)) (s 0))
  (declare (type fixnum n s))
  (loop for i of-type fixnum from 1 to n
        do (setf s (mod (+ (* s 31) i) 1000003)))
  (format t "~d~%" s))
