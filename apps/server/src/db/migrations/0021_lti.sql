-- issue 33: LTI registrations, keys, launches: reserved (left as a no-op if nothing is needed here)
SELECT 1;
