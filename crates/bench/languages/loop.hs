{-# LANGUAGE BangPatterns #-}
main :: IO ()
main = do
  n <- readLn :: IO Int
  let go !s !i | i > n = s
               | otherwise = go ((s * 31 + i) `mod` 1000003) (i + 1)
  print (go 0 1)
