-- Word search folds accents and stems English and French words, as SQLite's index does in JavaScript.
-- unaccent is a trusted extension: a database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- As in PostgreSQL's documentation of unaccent: accents are folded before stemming, so "élèves" and
-- "eleves" give the same stem.
CREATE TEXT SEARCH CONFIGURATION quire_en (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION quire_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION quire_fr (COPY = french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION quire_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
--> statement-breakpoint
-- A file's search document: its title weighted A and its text B. A tsvector holds at most 1 MB of
-- distinct stems, and going past it is an error that would refuse the whole file: the text is then
-- shortened by halves until it fits, so a huge document is found by its first words rather than lost.
CREATE FUNCTION quire_tsvector(config regconfig, title text, body text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  size integer := length(body);
BEGIN
  LOOP
    BEGIN
      RETURN setweight(to_tsvector(config, title), 'A') || setweight(to_tsvector(config, left(body, size)), 'B');
    EXCEPTION WHEN program_limit_exceeded THEN
      IF size < 1024 THEN
        RAISE;
      END IF;
      size := size / 2;
    END;
  END LOOP;
END
$$;
