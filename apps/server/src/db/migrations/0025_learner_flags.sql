-- issue 28: learner flags (first reward seen, anonymous surveys): reserved (left as a no-op if nothing is needed here)
SELECT 1;
