-- Trigram matching for the "contains" searches (omnibox, alert title and free-text filters).
-- pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
