-- issue 30: trail publishing, retiring, team admins: reserved (left as a no-op if nothing is needed here)
SELECT 1;
