-- issue 29: check step, feedback mode: reserved (left as a no-op if nothing is needed here)
SELECT 1;
