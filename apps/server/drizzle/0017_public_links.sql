CREATE TABLE "public_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"token" text NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_by" integer,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "protocols_public_token_unique";--> statement-breakpoint
DROP INDEX "lessons_player_token_unique";--> statement-breakpoint
DROP INDEX "diagnoses_public_token_unique";--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_token_unique" ON "public_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_live_unique" ON "public_links" USING btree ("kind","subject_id") WHERE "public_links"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "public_links_subject_idx" ON "public_links" USING btree ("kind","subject_id","issued_at");--> statement-breakpoint
-- Every link already sent keeps opening (decision 029): the tokens move from the three areas'
-- columns into public_links as they are, before the columns go. Who made a link was not kept: the
-- subject's teacher (or the diagnosis' filler) is the one who could; when, the closest date kept.
INSERT INTO "public_links" ("workspace_id", "kind", "subject_id", "token", "issued_by", "issued_at")
SELECT "workspace_id", 'plan', "id", "public_token", "teacher_id", coalesce("sent_at", "updated_at")
FROM "protocols" WHERE "public_token" IS NOT NULL;--> statement-breakpoint
INSERT INTO "public_links" ("workspace_id", "kind", "subject_id", "token", "issued_by", "issued_at")
SELECT "workspace_id", 'lesson', "id", "player_token", "teacher_id", coalesce("session_started_at", "updated_at")
FROM "lessons" WHERE "player_token" IS NOT NULL;--> statement-breakpoint
INSERT INTO "public_links" ("workspace_id", "kind", "subject_id", "token", "issued_by", "issued_at", "withdrawn_at")
SELECT "workspace_id", 'diagnosis', "id", "public_token", "filled_by", coalesce("sent_at", "updated_at"), "link_revoked_at"
FROM "diagnoses" WHERE "public_token" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "protocols" DROP COLUMN "public_token";--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "player_token";--> statement-breakpoint
ALTER TABLE "diagnoses" DROP COLUMN "public_token";--> statement-breakpoint
ALTER TABLE "diagnoses" DROP COLUMN "link_revoked_at";