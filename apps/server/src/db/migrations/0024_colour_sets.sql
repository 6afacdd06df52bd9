-- issue 28: colour sets and pebble backgrounds: reserved (left as a no-op if nothing is needed here)
SELECT 1;
