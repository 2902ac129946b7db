CREATE TABLE "exercise_generated" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_generated_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"replaced_count" integer NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_latest" (
	"workspace_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_latest_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "exercise_files" DROP CONSTRAINT "exercise_files_kind_check";--> statement-breakpoint
DROP INDEX "exercise_files_exercise_idx";--> statement-breakpoint
ALTER TABLE "exercise_files" ADD COLUMN "media_path" text;--> statement-breakpoint
ALTER TABLE "exercise_files" ADD COLUMN "slides" integer[];--> statement-breakpoint
ALTER TABLE "exercise_files" ADD COLUMN "asset_type" text;--> statement-breakpoint
ALTER TABLE "exercise_generated" ADD CONSTRAINT "exercise_generated_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_generated" ADD CONSTRAINT "exercise_generated_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_generated" ADD CONSTRAINT "exercise_generated_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_generated" ADD CONSTRAINT "exercise_generated_file_id_exercise_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."exercise_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_generated" ADD CONSTRAINT "exercise_generated_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_latest" ADD CONSTRAINT "exercise_latest_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_latest" ADD CONSTRAINT "exercise_latest_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_latest" ADD CONSTRAINT "exercise_latest_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_generated_exercise_theme_unique" ON "exercise_generated" USING btree ("exercise_id","theme_id");--> statement-breakpoint
CREATE INDEX "exercise_generated_workspace_theme_idx" ON "exercise_generated" USING btree ("workspace_id","theme_id");--> statement-breakpoint
CREATE INDEX "exercise_files_exercise_idx" ON "exercise_files" USING btree ("exercise_id","kind");--> statement-breakpoint
ALTER TABLE "exercise_files" ADD CONSTRAINT "exercise_files_asset_type_check" CHECK ("exercise_files"."asset_type" in ('background', 'character', 'prop', 'sound'));--> statement-breakpoint
ALTER TABLE "exercise_files" ADD CONSTRAINT "exercise_files_kind_check" CHECK ("exercise_files"."kind" in ('presentation', 'slide', 'image', 'audio', 'generated'));