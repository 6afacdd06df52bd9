-- issue 35: object storage: reserved (left as a no-op if nothing is needed here)
SELECT 1;
