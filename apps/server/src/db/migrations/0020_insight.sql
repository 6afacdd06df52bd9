-- issue 32: item statistics running sums: reserved (left as a no-op if nothing is needed here)
SELECT 1;
