-- Trigram indexes make the inbox's case-insensitive substring search use an index (docs/product.md §9 Performance targets).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
