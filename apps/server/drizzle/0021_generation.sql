CREATE TABLE "generated_checks" (
	"generated_id" integer PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"overflow_slide" integer,
	"overflow_text" text,
	"lines_needed" integer,
	"lines_fit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_run_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generation_run_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"outcome" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "generation_run_items_outcome_check" CHECK ("generation_run_items"."outcome" in ('made', 'kept', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "generation_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"kind" text NOT NULL,
	"theme_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "generation_runs_status_check" CHECK ("generation_runs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "generation_runs_kind_check" CHECK ("generation_runs"."kind" in ('generate', 'refresh', 'only_new', 'by_theme', 'by_workspace', 'refresh_for_reports'))
);
--> statement-breakpoint
ALTER TABLE "generated_checks" ADD CONSTRAINT "generated_checks_generated_id_exercise_generated_id_fk" FOREIGN KEY ("generated_id") REFERENCES "public"."exercise_generated"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_checks" ADD CONSTRAINT "generated_checks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_run_items" ADD CONSTRAINT "generation_run_items_run_id_generation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."generation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_run_items" ADD CONSTRAINT "generation_run_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_run_items" ADD CONSTRAINT "generation_run_items_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_run_items" ADD CONSTRAINT "generation_run_items_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_checks_overflow_idx" ON "generated_checks" USING btree ("workspace_id") WHERE "generated_checks"."overflow_slide" is not null;--> statement-breakpoint
CREATE INDEX "generation_run_items_pending_idx" ON "generation_run_items" USING btree ("run_id","id") WHERE "generation_run_items"."outcome" is null;--> statement-breakpoint
CREATE INDEX "generation_run_items_pair_idx" ON "generation_run_items" USING btree ("workspace_id","theme_id","exercise_id","id");--> statement-breakpoint
CREATE INDEX "generation_runs_workspace_idx" ON "generation_runs" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "generation_runs_open_idx" ON "generation_runs" USING btree ("heartbeat_at") WHERE "generation_runs"."status" in ('queued', 'running');