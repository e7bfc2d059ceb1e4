-- Every check-in rewrites its agent's row; free space on each page lets PostgreSQL keep the new
-- version on the same page without touching the indexes (a HOT update), the trigram index included.
ALTER TABLE "agents" SET (fillfactor = 70);
