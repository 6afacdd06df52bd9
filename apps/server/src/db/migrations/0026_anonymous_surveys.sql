-- issue 28: anonymous surveys (the customer's setting for coaches): reserved (left as a no-op if nothing is needed here)
SELECT 1;
