-- issue 30: invitations, audit log, account states: reserved (left as a no-op if nothing is needed here)
SELECT 1;
