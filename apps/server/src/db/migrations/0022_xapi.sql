-- issue 33: xAPI settings and outbox: reserved (left as a no-op if nothing is needed here)
SELECT 1;
