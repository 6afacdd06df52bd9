-- issue 29: battle timing, extended time: reserved (left as a no-op if nothing is needed here)
SELECT 1;
