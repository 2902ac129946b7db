-- The term filter's trigram indexes (pg_trgm ships with PostgreSQL and with PGlite, which loads it
-- in openDatabase). It is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "exercise_status_counts" (
	"workspace_id" integer NOT NULL,
	"status_id" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "exercise_status_counts_workspace_id_status_id_pk" PRIMARY KEY("workspace_id","status_id"),
	CONSTRAINT "exercise_status_counts_count_check" CHECK ("exercise_status_counts"."count" >= 0)
);
--> statement-breakpoint
-- The list's index again with its ids DESC NULLS FIRST, the order `order by id desc` asks for (with
-- NULLS LAST the planner could not read a status tab's page off it); the author and assigned
-- indexes again with the status, for counting an author's own exercises from the indexes alone.
DROP INDEX "exercises_workspace_status_idx";--> statement-breakpoint
DROP INDEX "exercises_workspace_author_idx";--> statement-breakpoint
DROP INDEX "exercises_workspace_assigned_idx";--> statement-breakpoint
ALTER TABLE "exercise_status_counts" ADD CONSTRAINT "exercise_status_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercises_title_trgm_idx" ON "exercises" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exercises_slide_text_trgm_idx" ON "exercises" USING gin (lower("slide_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exercises_workspace_status_idx" ON "exercises" USING btree ("workspace_id","status_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "exercises_workspace_author_idx" ON "exercises" USING btree ("workspace_id","author_id","assigned_id","status_id");--> statement-breakpoint
CREATE INDEX "exercises_workspace_assigned_idx" ON "exercises" USING btree ("workspace_id","assigned_id","status_id");--> statement-breakpoint
-- exercise_status_counts is kept by these triggers, in the transaction of every write of exercises
-- (cascades included). Inserts and deletes add up per statement (a bulk delete is one update);
-- a status change takes its two rows in (workspace, status) order, so that two single changes
-- cannot deadlock on them. A delete only updates: under a project's cascade delete its rows may be
-- gone already, and the cascade removes them anyway.
CREATE FUNCTION "exercise_status_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "exercise_status_counts" AS c ("workspace_id", "status_id", "count")
  SELECT "workspace_id", "status_id", count(*)::int FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("workspace_id", "status_id") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "exercise_status_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "exercise_status_counts" AS c SET "count" = c."count" - d.n
  FROM (SELECT "workspace_id", "status_id", count(*)::int AS n FROM old_rows GROUP BY 1, 2) AS d
  WHERE c."workspace_id" = d."workspace_id" AND c."status_id" = d."status_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "exercise_status_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."workspace_id", OLD."status_id") < (NEW."workspace_id", NEW."status_id") THEN
    UPDATE "exercise_status_counts" SET "count" = "count" - 1
    WHERE "workspace_id" = OLD."workspace_id" AND "status_id" = OLD."status_id";
  END IF;
  INSERT INTO "exercise_status_counts" AS c ("workspace_id", "status_id", "count")
  VALUES (NEW."workspace_id", NEW."status_id", 1)
  ON CONFLICT ("workspace_id", "status_id") DO UPDATE SET "count" = c."count" + 1;
  IF (OLD."workspace_id", OLD."status_id") > (NEW."workspace_id", NEW."status_id") THEN
    UPDATE "exercise_status_counts" SET "count" = "count" - 1
    WHERE "workspace_id" = OLD."workspace_id" AND "status_id" = OLD."status_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "exercise_status_counts_insert" AFTER INSERT ON "exercises"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "exercise_status_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "exercise_status_counts_delete" AFTER DELETE ON "exercises"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "exercise_status_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "exercise_status_counts_update" AFTER UPDATE OF "workspace_id", "status_id" ON "exercises"
  FOR EACH ROW
  WHEN (OLD."workspace_id" <> NEW."workspace_id" OR OLD."status_id" <> NEW."status_id")
  EXECUTE FUNCTION "exercise_status_counts_update"();--> statement-breakpoint
-- The counts of the exercises already there. The triggers above lock out writes of exercises until
-- this migration commits, so none is missed or counted twice.
INSERT INTO "exercise_status_counts" ("workspace_id", "status_id", "count")
SELECT "workspace_id", "status_id", count(*)::int FROM "exercises" GROUP BY 1, 2;
