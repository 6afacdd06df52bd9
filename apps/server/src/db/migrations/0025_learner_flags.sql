-- issue 28: learner flags (first reward seen): reserved (left as a no-op if nothing is needed here)
SELECT 1;
