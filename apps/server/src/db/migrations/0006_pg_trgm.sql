-- Trigram indexes make the inbox's case-insensitive substring search use an index (issue 5).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
